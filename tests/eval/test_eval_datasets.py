"""Loaders for Video-MME (parquet and JSON), LVBench and the vidmem corpus format, on files written here."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from vidmem.eval.datasets import DatasetError, load_dataset

VIDEOMME_ROWS = [
    {"video_id": "001", "duration": "short", "domain": "Knowledge", "sub_category": "Humanity & History",
     "url": "https://www.youtube.com/watch?v=fFjv93ACGo8", "videoID": "fFjv93ACGo8", "question_id": "001-1",
     "task_type": "Counting Problem", "question": "When demonstrating the Germany modern Christmas tree is "
     "initially decorated with apples, candles and berries, which kind of the decoration has the largest number?",
     "options": ["A. Apples.", "B. Candles.", "C. Berries.", "D. The three kinds are of the same number."],
     "answer": "C"},
    {"video_id": "002", "duration": "long", "domain": "Sports", "sub_category": "Football",
     "url": "u", "videoID": "abc_XYZ-12", "question_id": "002-3", "task_type": "Temporal Reasoning",
     "question": "What happens first?", "options": ["A. x", "B. y", "C. z", "D. w"], "answer": "A"},
]


def _videos(folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_bytes(b"\x00")
    return folder


def test_videomme_json_and_parquet_give_the_same_questions(tmp_path: Path) -> None:
    videos = _videos(tmp_path / "videos", "fFjv93ACGo8.mp4", "abc_XYZ-12.mkv")
    as_json = tmp_path / "videomme.json"
    as_json.write_text(json.dumps(VIDEOMME_ROWS))
    as_parquet = tmp_path / "test-00000-of-00001.parquet"
    pq.write_table(pa.Table.from_pylist(VIDEOMME_ROWS), as_parquet)
    a = load_dataset(f"videomme:{as_json}:{videos}")
    b = load_dataset(f"videomme:{as_parquet}:{videos}")
    assert a.questions == b.questions
    q = a.questions[0]
    assert (q.qid, q.answer, q.category, q.duration, q.video) == (
        "001-1", "C", "Counting Problem", "short", "fFjv93ACGo8")
    assert q.options == ("Apples.", "Candles.", "Berries.", "The three kinds are of the same number.")
    assert q.option_lines()[2] == "C. Berries."
    assert [v.path.name for v in a.videos] == ["fFjv93ACGo8.mp4", "abc_XYZ-12.mkv"]


def test_videomme_missing_video_is_a_clear_error(tmp_path: Path) -> None:
    videos = _videos(tmp_path / "videos", "fFjv93ACGo8.mp4")
    path = tmp_path / "v.json"
    path.write_text(json.dumps(VIDEOMME_ROWS))
    with pytest.raises(DatasetError, match="abc_XYZ-12"):
        load_dataset(f"videomme:{path}:{videos}")
    assert len(load_dataset(f"videomme:{path}:{videos}", require_videos=False).questions) == 2


def test_lvbench_inline_options_and_time_references(tmp_path: Path) -> None:
    data = [{"key": "Cm73ma6Ibcs", "type": "cartoon", "qa": [
        {"uid": 1007, "question": "What year appears in the opening caption of the video?\n(A) 1636\n(B) 1366\n"
         "(C) 1363\n(D) 1633", "answer": "D", "question_type": ["key information retrieval"],
         "time_reference": "00:15-00:19"},
        {"uid": 1008, "question": "Who enters after (the) dog barks? (A) a man (B) a woman (C) a child (D) nobody",
         "answer": "(B)", "question_type": ["entity recognition", "reasoning"], "time_reference": "01:02:03-1:02:10"},
    ]}]
    path = tmp_path / "video_info.meta.jsonl"
    path.write_text(json.dumps(data))
    ds = load_dataset(f"lvbench:{path}:{_videos(tmp_path / 'v', 'Cm73ma6Ibcs.mp4')}")
    first, second = ds.questions
    assert first.question == "What year appears in the opening caption of the video?"
    assert first.options == ("1636", "1366", "1363", "1633")
    assert first.answer == "D"
    assert (first.time_refs[0].t0, first.time_refs[0].t1, first.time_refs[0].video) == (15.0, 19.0, "Cm73ma6Ibcs")
    assert second.options == ("a man", "a woman", "a child", "nobody")
    assert second.answer == "B"
    assert second.category == "entity recognition,reasoning"
    assert (second.time_refs[0].t0, second.time_refs[0].t1) == (3723.0, 3730.0)


def test_corpus_format(tmp_path: Path) -> None:
    (tmp_path / "videos").mkdir()
    (tmp_path / "videos" / "20261102_081500.mp4").write_bytes(b"\x00")
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"videos": [{"file": "videos/20261102_081500.mp4", "start_at": "2026-11-02T08:15:00+00:00"}]}))
    rows = [
        {"qid": "said-1", "question": "What did Bob say he would buy?", "options": ["A. bread", "B. tickets",
         "C. a lamp", "D. milk"], "answer": "B", "category": "what_said",
         "time_reference": [["2026-11-02T08:16:00+00:00", "2026-11-02T08:16:04+00:00"]]},
        {"qid": "count-1", "question": "How many times?", "options": ["A. 1", "B. 2", "C. 3", "D. 4"],
         "answer": "C", "category": "count", "time_reference": []},
    ]
    (tmp_path / "questions.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    ds = load_dataset(f"corpus:{tmp_path}")
    assert ds.kind == "corpus"
    assert ds.videos[0].start_at == "2026-11-02T08:15:00+00:00"
    q = ds.questions[0]
    expected = datetime(2026, 11, 2, 8, 16, tzinfo=UTC).timestamp()
    assert (q.time_refs[0].t0, q.time_refs[0].t1 - q.time_refs[0].t0, q.time_refs[0].video) == (expected, 4.0, None)
    assert q.video is None and q.options[1] == "tickets" and q.category == "what_said"
    assert ds.questions[1].time_refs == ()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"qid": "x", "question": "q", "options": ["A. a", "B. b"], "answer": "E"}', "only 2 options"),
        ('{"qid": "x", "question": "q", "options": ["A. a", "C. b"], "answer": "A"}', "lettered 'C'"),
        ('{"qid": "x", "options": ["A. a", "B. b"], "answer": "A"}', "question"),
        ("not json", "not JSON"),
    ],
)
def test_bad_corpus_lines_name_the_line(tmp_path: Path, line: str, message: str) -> None:
    (tmp_path / "manifest.json").write_text('{"videos": []}')
    (tmp_path / "questions.jsonl").write_text(line + "\n")
    with pytest.raises(DatasetError, match=message) as info:
        load_dataset(f"corpus:{tmp_path}")
    assert "line 1" in str(info.value)


def test_unknown_kind(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="unknown dataset kind"):
        load_dataset(f"nosuchbench:{tmp_path}")


def test_plans_put_offsets_on_the_absolute_timeline(tmp_path: Path) -> None:
    from vidmem.eval.datasets import Dataset, Question, TimeRef, VideoSource
    from vidmem.eval.harness import plan_questions
    from vidmem.library import Library
    from vidmem.store import NewVideo

    with Library.open(tmp_path / "lib") as lib:
        ids = []
        for n, (start, duration) in enumerate([(1000.0, 90.0), (50_000.0, 2400.0)]):
            with lib.catalog.transaction():
                ids.append(lib.catalog.insert_video(NewVideo(
                    sha256=str(n) * 64, path_bytes=f"/v{n}.mp4".encode(), name=f"v{n}.mp4", size=1,
                    duration=duration, has_video=True, has_audio=False, width=1, height=1, fps=1.0,
                    start_at=start, start_source="option")))
        opts = ("a", "b")
        dataset = Dataset("d", "lvbench", [
            Question("1", "q", opts, "A", video="short", time_refs=(TimeRef(15.0, 19.0, "short"),)),
            Question("2", "q", opts, "B", video="long", duration="long", time_refs=(TimeRef(60.0, 70.0, "long"),)),
            Question("3", "q", opts, "B", video="missing"),
        ], [VideoSource("short", tmp_path / "s.mp4"), VideoSource("long", tmp_path / "l.mp4")])
        plans = plan_questions(lib, dataset, {"short": ids[0], "long": ids[1]})
    assert [p.question.qid for p in plans] == ["1", "2"]  # a question whose video is not in the Library is left out
    assert plans[0].scope.video_ids == (ids[0],) and plans[0].time_refs == [(1015.0, 1019.0)]
    assert plans[1].time_refs == [(50_060.0, 50_070.0)]
    assert [p.duration for p in plans] == ["short", "long"]  # bucket from the video's length when not given
