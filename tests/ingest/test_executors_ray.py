"""Stage compute on a local Ray cluster (2 CPUs, started by the test session): the Library comes out row for
row as one process makes it, also when a worker is killed mid-task or the driver is killed and run again."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from library_dump import assert_same_library

from vidmem import Library
from vidmem.ingest.executors_ray import RayExecutor

pytestmark = pytest.mark.slow  # each test ingests the executor corpus on a 2-CPU Ray cluster
TASK_WAIT_S = 300.0


def test_ray_workers_give_the_single_process_library(
    ray_address: str, corpus_files: list[Path], reference: Path, tmp_path: Path
) -> None:
    executor = RayExecutor(ray_address, workers=2)
    try:
        with Library.open(tmp_path / "library") as library:
            report = library.ingest(corpus_files, executor=executor)
    finally:
        executor.close()
    assert report.ok, report.failed
    assert_same_library(tmp_path / "library", reference)


def test_a_worker_killed_mid_task_is_restarted_and_its_task_retried(
    ray_address: str, corpus_files: list[Path], reference: Path, tmp_path: Path
) -> None:
    executor = RayExecutor(ray_address, workers=2)
    killed: list[int] = []
    try:
        pids = executor.worker_pids()

        def kill_a_busy_worker() -> None:
            deadline = time.monotonic() + TASK_WAIT_S
            while time.monotonic() < deadline:
                busy = [i for i, n in enumerate(executor.in_flight()) if n]
                if busy:
                    time.sleep(1.0)  # into the task: the worker has started computing
                    os.kill(pids[busy[0]], signal.SIGKILL)
                    killed.append(pids[busy[0]])
                    return
                time.sleep(0.05)

        killer = threading.Thread(target=kill_a_busy_worker)
        killer.start()
        with Library.open(tmp_path / "library") as library:
            report = library.ingest(corpus_files, executor=executor)
        killer.join()
        assert killed, "no task was in flight to interrupt"
        assert killed[0] not in executor.worker_pids()  # the actor runs again in a new process
    finally:
        executor.close()
    assert report.ok, report.failed
    assert_same_library(tmp_path / "library", reference)


def _jobs_done(library: Path) -> int:
    catalog = library / "catalog.sqlite"
    if not catalog.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=1)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM jobs WHERE status = 'done'").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def test_a_driver_killed_mid_run_and_run_again_finishes_without_duplicates(
    ray_address: str, corpus_files: list[Path], reference: Path, tmp_path: Path
) -> None:
    library = tmp_path / "library"
    cmd = [sys.executable, "-m", "vidmem.cli.main", "ingest", *map(str, corpus_files), "--library", str(library),
           "--ray-address", ray_address, "--workers", "2"]
    driver = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + TASK_WAIT_S
    while driver.poll() is None and _jobs_done(library) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert driver.poll() is None, "the ingest finished before it could be interrupted"
    driver.send_signal(signal.SIGKILL)
    driver.wait(timeout=30)
    partial = _jobs_done(library)
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert again.returncode == 0, again.stderr[-2000:]
    assert _jobs_done(library) > partial
    assert_same_library(library, reference)
