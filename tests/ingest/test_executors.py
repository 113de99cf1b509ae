"""Stage compute in worker processes or on a Ray cluster: the Library comes out row for row as a single
process makes it, a worker killed mid-task is retried, and a killed driver's rerun adds no duplicates."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from library_dump import assert_same_library

from vidmem import Library
from vidmem.ingest.executors import ProcessExecutor
from vidmem.ingest.executors_ray import RayExecutor

# one generated day of a minute: a few files with speech, faces, held objects and signs
CORPUS = {"days": 1, "minutes_per_day": 1.0, "seed": 3}
OBJECT_STORE_BYTES = 100 * 1024**2  # the machine is shared: keep Ray's object store small


@pytest.fixture(scope="module")
def corpus_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    from vidmem.devdata import make_corpus

    out = tmp_path_factory.mktemp("executors") / "corpus"
    make_corpus(out, **CORPUS)
    files = sorted((out / "videos").glob("*.mp4"))
    assert len(files) >= 2
    return files


@pytest.fixture(scope="module")
def reference(corpus_files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus ingested the plain way: every stage in this process."""
    root = tmp_path_factory.mktemp("reference") / "library"
    with Library.open(root) as library:
        report = library.ingest(corpus_files)
    assert report.ok, report.failed
    return root


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    """A local Ray cluster of 2 CPUs for this module, stopped afterwards."""
    import ray

    context = ray.init(num_cpus=2, object_store_memory=OBJECT_STORE_BYTES, include_dashboard=False,
                       log_to_driver=False)
    try:
        yield context.address_info["gcs_address"]
    finally:
        ray.shutdown()


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


def test_ray_gives_the_single_process_library_when_a_worker_dies_mid_task(
    corpus_files: list[Path], reference: Path, ray_address: str, tmp_path: Path
) -> None:
    executor = RayExecutor(workers=2)  # joins the module's cluster
    pids = executor.worker_pids()
    killed: list[int] = []
    finished = threading.Event()

    def kill_a_busy_worker() -> None:
        time.sleep(3.0)  # past model loading, into the first files' compute
        while not finished.is_set() and not killed:
            busy = [pid for pid, n in zip(pids, executor.in_flight(), strict=True) if n > 0]
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                killed.append(busy[0])
            time.sleep(0.05)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        with Library.open(tmp_path / "library") as library:
            report = library.ingest(corpus_files, executor=executor)
    finally:
        finished.set()
        killer.join()
        executor.close()
    assert killed, "the ingest finished before a worker could be killed"
    assert report.ok, report.failed
    assert_same_library(tmp_path / "library", reference)


def test_a_killed_driver_reruns_to_the_same_library_without_duplicates(
    corpus_files: list[Path], reference: Path, ray_address: str, tmp_path: Path
) -> None:
    root = tmp_path / "library"
    command = [sys.executable, "-m", "vidmem.cli.main", "ingest", *map(str, corpus_files), "--library", str(root),
               "--ray", ray_address, "--json"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    driver = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        # kill it once some stages of some file are saved, before the batch is done
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and driver.poll() is None and _saved_stages(root) < 3:
            time.sleep(0.05)
        assert driver.poll() is None, "the driver finished before it could be killed"
        driver.send_signal(signal.SIGKILL)
    finally:
        driver.wait()
    assert _query(root, "SELECT count(*) FROM videos WHERE status = 'done'") < len(corpus_files)
    rerun = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert_same_library(root, reference)


def _saved_stages(root: Path) -> int:
    """Stage checkpoints other than registration."""
    return _query(root, "SELECT count(*) FROM jobs WHERE status = 'done' AND stage != 'probe'")


def _query(root: Path, sql: str) -> int:
    """One count from another process's Library (0 while it does not exist yet)."""
    path = root / "catalog.sqlite"
    if not path.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.1)
        try:
            return conn.execute(sql).fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0
