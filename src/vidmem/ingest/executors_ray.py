"""Stage compute on a Ray cluster: one actor per worker CPU, each loading its models once.

The driver (the `vidmem ingest` process) stays the only writer: actors get `StageTask`s and return
parts, the driver finishes and saves them in order with the usual per-(video, stage) checkpoint. An
actor whose process dies is restarted and its task retried (`MAX_TASK_RETRIES`); a driver that dies
loses only parts not yet saved, which the next run computes again.

Workers read the video files by the path the driver registered, so on a cluster of several machines
the files must be on storage every node mounts at the same path, and vidmem (same version) must be
installed on every node.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from vidmem.ingest.executors import init_worker, worker_compute
from vidmem.ingest.pipeline import Computed, ComputeStage, StageTask

RAY_INSTALL = "pip install 'vidmem[ray]'"
MAX_TASK_RETRIES = 3  # a task whose worker died is run again this many times on the restarted actor
# A cluster this process starts itself (no address): a small object store, parts are kept only until saved.
LOCAL_OBJECT_STORE_BYTES = 512 * 1024**2


class StageWorker:
    """The actor: a process with its own model cache."""

    def __init__(self, threads: int) -> None:
        init_worker(threads)

    def compute(self, stage: ComputeStage, task: StageTask) -> Computed:
        return worker_compute(stage, task)

    def pid(self) -> int:
        return os.getpid()


class RayExecutor:
    """`address`: None starts a local cluster on this machine (stopped again by `close`); "auto" or
    "HOST:PORT" joins a running one (`ray start --head`). `workers` defaults to the cluster's CPUs."""

    def __init__(self, address: str | None = None, *, workers: int | None = None, threads: int = 1,
                 init: dict[str, Any] | None = None) -> None:
        try:
            import ray
        except ImportError as exc:
            raise RuntimeError(f"--ray needs Ray, which is not installed: {RAY_INSTALL}") from exc
        self._ray = ray
        self._owns = not ray.is_initialized()
        if self._owns:
            options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING,
                                       "log_to_driver": False}
            if address is None:
                options["object_store_memory"] = LOCAL_OBJECT_STORE_BYTES
            ray.init(address=address, **{**options, **(init or {})})
        count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=MAX_TASK_RETRIES)(StageWorker)
        self.actors = [actor.remote(threads) for _ in range(count)]
        self.slots = 2 * count  # one running and one waiting per actor keeps each busy
        self._load = [0] * count
        self._lock = threading.Lock()

    def submit(self, stage: ComputeStage, task: StageTask,
               report: Callable[[float], None] | None = None) -> Future[Computed]:
        with self._lock:
            chosen = min(range(len(self.actors)), key=self._load.__getitem__)
            self._load[chosen] += 1
        ref = self.actors[chosen].compute.remote(stage, task)
        out: Future[Computed] = Future()

        def done(result: Future[Any]) -> None:
            with self._lock:
                self._load[chosen] -= 1
            error = result.exception()
            if error is None:
                out.set_result(result.result())
            else:  # the stage's own error (MediaError, ValueError …) rather than Ray's wrapper
                cause = getattr(error, "cause", None)
                out.set_exception(cause if isinstance(cause, Exception) else error)

        ref.future().add_done_callback(done)
        return out

    def in_flight(self) -> list[int]:
        """Tasks submitted to each actor and not yet returned."""
        with self._lock:
            return list(self._load)

    def worker_pids(self) -> list[int]:
        return self._ray.get([a.pid.remote() for a in self.actors])

    def close(self) -> None:
        for a in self.actors:
            self._ray.kill(a)
        if self._owns:
            self._ray.shutdown()
