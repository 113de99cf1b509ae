"""Which videos a fetch selects: duration bucket, an id list, a limit, in annotation order."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from benchfixture import CUT, GONE, GOOD, ROWS, SLOW

from vidmem.data.benchmarks import BENCHMARKS, SelectionError, read_ids, select_videos


@pytest.fixture
def videomme(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "test-00000-of-00001.parquet"
    pq.write_table(pa.Table.from_pylist(ROWS), path)
    return BENCHMARKS["videomme"].load([path])


def test_selection_by_subset_ids_and_limit(videomme, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert select_videos(videomme) == [GOOD, SLOW, GONE, CUT]  # each video once, in order
    assert select_videos(videomme, subset="short") == [GOOD, GONE]
    assert select_videos(videomme, subset="short", limit=1) == [GOOD]
    ids = tmp_path / "ids.txt"
    ids.write_text(f"{CUT}  # the long one\n\n{SLOW}\n")
    assert select_videos(videomme, ids=read_ids(ids)) == [SLOW, CUT]


def test_selection_errors_name_the_problem(videomme) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SelectionError, match="not in videomme: nosuchvideo"):
        select_videos(videomme, ids=["nosuchvideo", GOOD])
    with pytest.raises(SelectionError, match="no 'medium' subset"):
        select_videos(_only(videomme, "short"), subset="medium")


def _only(dataset, bucket: str):  # type: ignore[no-untyped-def]
    dataset.questions = [q for q in dataset.questions if q.duration == bucket]
    return dataset


def test_egoschema_and_lvbench_rows_load(tmp_path: Path) -> None:
    ego = tmp_path / "test-00000-of-00001.parquet"
    pq.write_table(pa.Table.from_pylist([{"question_idx": "q-1", "question": "What is c doing?",
                                          "video_idx": "0074f737-11cb-497d-8d07-77c3a8127391",
                                          "option": ["a", "b", "c", "d", "e"], "answer": "3"}]), ego)
    q = BENCHMARKS["egoschema"].load([ego]).questions[0]
    assert (q.answer, q.options[3], q.video) == ("D", "d", "0074f737-11cb-497d-8d07-77c3a8127391")
    lv = tmp_path / "video_info.meta.jsonl"
    lv.write_text('{"key": "Cm73ma6Ibcs", "qa": [{"uid": 1, "question": "Q?\\n(A) x\\n(B) y", "answer": "B", '
                  '"question_type": ["reasoning"], "time_reference": "00:15-00:19"}]}\n'
                  '{"key": "zZ9-8yY7xX6", "qa": []}\n')
    assert select_videos(BENCHMARKS["lvbench"].load([lv])) == ["Cm73ma6Ibcs"]
