"""Where stage compute runs: in the driver (`InlineExecutor`, in pipeline.py), in local worker processes
(`ProcessExecutor`), or on a Ray cluster (`executors_ray.RayExecutor`).

Every executor runs the same `compute_task` on the same `StageTask`s; only the driver writes the
Library, in the order a single process would, so the Library does not depend on the executor.
A worker process loads each model once (its own resource cache) and keeps it for every file it gets.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from vidmem.ingest.pipeline import Computed, ComputeStage, StageTask, compute_task

# Thread-pool sizes of the numeric libraries; set before they load in a worker, so N workers on N cores
# do not each start N threads that fight for the cores.
THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")

_worker_resources: dict[str, Any] = {}  # one per worker process: models loaded once, reused for every task


def threads_per_worker(workers: int) -> int:
    return max(1, (os.cpu_count() or 1) // max(workers, 1))


def init_worker(threads: int) -> None:
    """Run first in every worker process, before any model library is imported."""
    for name in THREAD_VARIABLES:
        os.environ[name] = str(threads)
    try:
        import torch

        torch.set_num_threads(threads)
    except ImportError:  # the lite models need torch; a worker without it fails at its first task instead
        pass


def worker_compute(stage: ComputeStage, task: StageTask) -> Computed:
    """A task, computed in this worker process with its cached models."""
    return compute_task(stage, task, _worker_resources)


class ProcessExecutor:
    """N local worker processes (spawned, so no model state is forked); the caller stays the only writer."""

    def __init__(self, workers: int, threads: int | None = None) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.workers = workers
        self.slots = 2 * workers  # one running and one waiting per worker keeps each busy
        self._pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=init_worker, initargs=(threads or threads_per_worker(workers),),
        )

    def submit(self, stage: ComputeStage, task: StageTask,
               report: Callable[[float], None] | None = None) -> Future[Computed]:
        return self._pool.submit(worker_compute, stage, task)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
