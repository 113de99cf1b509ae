"""Long files are computed in pieces cut on a fixed time grid; the pieces merge exactly as one pass would."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

import pytest
from library_dump import assert_same_library

from vidmem import Library
from vidmem.config import Settings
from vidmem.ingest import pipeline
from vidmem.ingest.pipeline import Computed, ComputeStage, InlineExecutor, StageTask, plan_pieces
from vidmem.ingest.stages import vision_groups
from vidmem.media import iter_frames, probe


def test_a_range_of_frames_is_the_same_slice_of_a_whole_pass(clip_factory) -> None:
    # variable frame rate with a gap: the first frame at/after each target, whichever way the file is entered
    times = [i * 0.13 for i in range(60)] + [9.0 + i * 0.2 for i in range(40)]
    clip = clip_factory("vfr.mp4", fps=10, audio=False, frame_times=times)
    whole = [(f.t, f.rgb.sum()) for f in iter_frames(clip, 2.0)]
    cut = [(f.t, f.rgb.sum()) for a, b in ((0.0, 3.0), (3.0, 9.5), (9.5, math.inf))
           for f in iter_frames(clip, 2.0, start_s=a, end_s=b)]
    assert len(whole) > 10
    assert cut == whole


def test_pieces_follow_the_grid_and_whole_files_stay_whole() -> None:
    record = _video(duration=125.0)
    pieces = plan_pieces(record, Settings(), piece_s=60.0)
    assert [(p.start_s, p.end_s) for p in pieces] == [(0.0, 60.0), (60.0, 120.0), (120.0, math.inf)]
    assert plan_pieces(record, Settings(), piece_s=600.0)[0].whole
    # a grid that does not fall on sampled frames (1 / 0.33 s apart) would not merge exactly: no split
    assert plan_pieces(record, Settings(frame_fps=0.33), piece_s=60.0)[0].whole
    assert len(plan_pieces(record, Settings(frame_fps=0.7), piece_s=60.0)) == 3  # 42 frames a piece


class CountingExecutor(InlineExecutor):
    def __init__(self, resources: dict) -> None:
        super().__init__(resources)
        self.calls: Counter[str] = Counter()

    def submit(self, stage: ComputeStage, task: StageTask,
               report: Callable[[float], None] | None = None) -> Future[Computed]:
        self.calls[task.stage] += 1
        return super().submit(stage, task, report)


def test_a_file_in_pieces_gives_the_rows_of_one_piece(
    clip_with_speech_and_faces: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a short grid, so a short file is cut: runs restart every 10 s, pieces are 20 s. The stages that
    # split (transcribe and speakers run whole files in every case), and the people and places they make.
    monkeypatch.setattr(vision_groups, "MAX_RUN_S", 10.0)
    settings = Settings(stages=("frames", "segments", "vision"))
    duration = probe(clip_with_speech_and_faces).duration
    assert duration > 45
    with Library.open(tmp_path / "one", settings) as library:
        assert library.ingest([clip_with_speech_and_faces]).ok
    monkeypatch.setattr(pipeline, "PIECE_S", 20.0)
    with Library.open(tmp_path / "pieces", settings) as library:
        executor = CountingExecutor({})
        assert library.ingest([clip_with_speech_and_faces], executor=executor).ok
        assert library.catalog.table_counts()["places"] >= 1
    assert executor.calls["frames"] == executor.calls["vision"] == math.ceil(duration / 20.0) >= 3
    assert_same_library(tmp_path / "pieces", tmp_path / "one")


@pytest.fixture(scope="module")
def clip_with_speech_and_faces(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The longest file of a generated day: speech, faces, held objects and signs, about a minute."""
    from vidmem.devdata import make_corpus

    out = tmp_path_factory.mktemp("pieces") / "corpus"
    make_corpus(out, days=1, minutes_per_day=2.0, seed=5)
    return max((out / "videos").glob("*.mp4"), key=lambda p: probe(p).duration)


def _video(duration: float):  # type: ignore[no-untyped-def]
    from vidmem.store import VideoRecord

    return VideoRecord(1, "0" * 64, "x.mp4", b"x.mp4", "x.mp4", 1, duration, True, True, 64, 48, 5.0, 0.0,
                       "option", "ingesting", None)
