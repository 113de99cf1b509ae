"""Stage compute on threads of this process (the default) or in local worker processes: the Library comes out
row for row as one process computing one stage at a time makes it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from library_dump import assert_same_library

from vidmem import Library
from vidmem.config import Settings
from vidmem.ingest.executors import ProcessExecutor
from vidmem.ingest.pipeline import ComputeContext, StageTask, StageThreads


def test_two_worker_processes_give_the_single_process_library(
    corpus_files: list[Path], reference: Path, tmp_path: Path
) -> None:
    executor = ProcessExecutor(2)
    try:
        with Library.open(tmp_path / "library") as library:
            report = library.ingest(corpus_files, executor=executor)
    finally:
        executor.close()
    assert report.ok, report.failed
    assert_same_library(tmp_path / "library", reference)


def test_stage_threads_give_the_one_at_a_time_library(
    corpus_files: list[Path], reference: Path, tmp_path: Path
) -> None:
    with Library.open(tmp_path / "library") as library:
        report = library.ingest(corpus_files, executor=StageThreads({}))
    assert report.ok, report.failed
    assert_same_library(tmp_path / "library", reference)


class _Stage:
    """A compute stage that records which thread ran it, fails on request, and is slow enough to overlap."""

    splits = False
    needs: tuple[str, ...] = ()

    def __init__(self, name: str, seen: list[tuple[str, str]]) -> None:
        self.name, self.seen = name, seen

    def compute(self, ctx: ComputeContext) -> str:
        self.seen.append((self.name, threading.current_thread().name))
        time.sleep(0.05)
        if ctx.inputs == "fail":
            raise RuntimeError("bad frame")
        return f"{self.name}:{ctx.inputs}"


def test_stage_threads_run_stages_side_by_side_and_hand_back_errors() -> None:
    seen: list[tuple[str, str]] = []
    vision, speech = _Stage("vision", seen), _Stage("transcribe", seen)
    executor = StageThreads({})
    try:
        futures = [executor.submit(stage, StageTask(stage.name, None, Settings(), inputs=inputs))  # type: ignore[arg-type]
                   for stage, inputs in ((vision, "fail"), (vision, 2), (speech, 1))]
        with pytest.raises(RuntimeError, match="bad frame"):
            futures[0].result(timeout=10)
        assert [f.result(timeout=10).part for f in futures[1:]] == ["vision:2", "transcribe:1"]
    finally:
        executor.close()
    threads = {stage: {t for s, t in seen if s == stage} for stage, _ in seen}
    assert len(threads["vision"]) == 1 and threads["vision"] != threads["transcribe"]


class _Shown:
    """A Progress that records the stage shares shown, and from which thread."""

    def __init__(self) -> None:
        self.shares: list[tuple[str, float, str]] = []
        self.stage = ""

    def file_started(self, index: int, total: int, path: str) -> None: ...

    def stage_started(self, stage: str, fraction: float = 0.0) -> None:
        self.stage = stage

    def stage_progress(self, fraction: float) -> None:
        self.shares.append((self.stage, fraction, threading.current_thread().name))

    def file_finished(self, outcome: object) -> None: ...


def test_progress_inside_a_stage_computed_on_its_thread_is_shown_from_the_calling_thread(
    corpus_files: list[Path], tmp_path: Path
) -> None:
    shown = _Shown()
    with Library.open(tmp_path / "library") as library:
        assert library.ingest(corpus_files[:1], progress=shown, executor=StageThreads({})).ok  # type: ignore[arg-type]
    assert {thread for *_, thread in shown.shares} == {threading.current_thread().name}
    partway = [(stage, share) for stage, share, _ in shown.shares if 0 < share < 1]
    assert partway, shown.shares  # a part computing elsewhere still moves the bar
