"""Stage compute in local worker processes: the Library comes out row for row as one process makes it."""

from __future__ import annotations

from pathlib import Path

from library_dump import assert_same_library

from vidmem import Library
from vidmem.ingest.executors import ProcessExecutor


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
