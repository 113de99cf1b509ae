"""What one server process holds: read-only Library handles, the loaded models, the ingest queue."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from vidmem.ingest.pipeline import FileOutcome
from vidmem.library import Library
from vidmem.server import schemas
from vidmem.server.config import READERS, ServeConfig


class Readers:
    """Up to `size` read-only Library handles, each used by one request thread at a time. Opening one
    creates, migrates and writes nothing, and sees what an ingest commits as it commits it."""

    def __init__(self, root: Path, size: int = READERS) -> None:
        self.root = root
        self._idle: queue.LifoQueue[Library] = queue.LifoQueue()
        self._slots = threading.Semaphore(size)
        self._all: list[Library] = []
        self._lock = threading.Lock()
        self.put(self._open())  # fail at start, with the reason, when the Library cannot be read

    def _open(self) -> Library:
        library = Library.open(self.root, read_only=True)
        with self._lock:
            self._all.append(library)
        return library

    def put(self, library: Library) -> None:
        self._idle.put(library)

    @contextmanager
    def reader(self) -> Iterator[Library]:
        with self._slots:
            try:
                library = self._idle.get_nowait()
            except queue.Empty:
                library = self._open()
            try:
                yield library
            finally:
                self._idle.put(library)

    def close(self) -> None:
        with self._lock:
            for library in self._all:
                library.close()
            self._all.clear()


class _Serialized:
    """A chat model one thread at a time (llama.cpp's context is not thread-safe)."""

    def __init__(self, model: Any) -> None:
        self._model = model
        self._lock = threading.Lock()

    def chat(self, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return self._model.chat(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)


class Resident:
    """The models this process keeps loaded between asks (spaCy, MiniLM, the chat model when the answerer
    or planner needs it), so an ask pays only for planning, search and answering."""

    def __init__(self, config: ServeConfig, settings: Any) -> None:
        self.planner = config.planner
        self.answerer = config.answerer
        self.settings = settings
        from vidmem.agent import DEFAULT_ANSWERER, pick_kind

        plan = pick_kind(config.planner, "VIDMEM_AGENT_PLANNER", "llm" if settings.profile == "full" else "rules")
        answer = pick_kind(config.answerer, "VIDMEM_AGENT_ANSWERER", DEFAULT_ANSWERER)
        self.needs_chat = "llm" in {plan, answer}
        self._chat: Any = None
        self._load_lock = threading.Lock()
        self.ask_lock = threading.Lock()  # one agent run at a time: they share these models and the CPU
        self.warm_s: float | None = None

    def chat(self) -> Any:
        if not self.needs_chat:
            return None
        with self._load_lock:
            if self._chat is None:
                from vidmem.models.chat import load_chat_model

                self._chat = _Serialized(load_chat_model(self.settings))
            return self._chat

    def warm(self) -> None:
        started = time.perf_counter()
        from vidmem.models.language import shared_nlp as nlp
        from vidmem.models.text_embedding import shared_text_embedder

        nlp()
        shared_text_embedder()
        self.chat()
        self.warm_s = time.perf_counter() - started

    def ask(self, library: Library, question: str, options: list[str] | None, videos: list[int] | None,
            observer: Callable[[Any], None] | None = None) -> Any:
        with self.ask_lock:
            return library.ask(question, options, videos=videos, planner=self.planner, answerer=self.answerer,
                               chat=self.chat(), observer=observer)


class IngestQueue:
    """One writer: jobs run one after another on a worker thread (a second ingest queues behind the first),
    each holding the Library's writer lock, waiting for one held by another process."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._jobs: dict[int, schemas.IngestJob] = {}
        self._todo: queue.Queue[tuple[int, list[Path], str | None]] = queue.Queue()
        self._lock = threading.Lock()
        self._next = 1
        self._worker: threading.Thread | None = None

    def submit(self, paths: list[Path], start: str | None) -> schemas.IngestJob:
        with self._lock:
            job = schemas.IngestJob(id=self._next, state="queued", paths=[str(p) for p in paths])
            self._jobs[job.id] = job
            self._next += 1
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="vidmem-ingest", daemon=True)
                self._worker.start()
        self._todo.put((job.id, paths, start))
        return job.model_copy()

    def jobs(self) -> list[schemas.IngestJob]:
        with self._lock:
            return [j.model_copy(deep=True) for j in self._jobs.values()]

    def job(self, job_id: int) -> schemas.IngestJob:
        with self._lock:
            return self._jobs[job_id].model_copy(deep=True)

    def _update(self, job_id: int, **changes: Any) -> None:
        with self._lock:
            job = self._jobs[job_id]
            for key, value in changes.items():
                setattr(job, key, value)

    def _run(self) -> None:
        while True:
            job_id, paths, start = self._todo.get()
            self._update(job_id, state="running")
            # the stages' models run in a worker process: they never share this process's resident models
            # with a concurrent ask, and a crash there cannot take the server down; this thread only writes
            from vidmem.ingest.executors import ProcessExecutor

            executor = ProcessExecutor(1)
            try:
                with Library.open(self.root) as library:
                    library.ingest(paths, start=start, progress=_JobProgress(self, job_id), wait_s=24 * 3600,
                                   executor=executor)
                self._update(job_id, state="done", stage=None, fraction=1.0)
            except Exception as exc:  # the job reports it; the server goes on
                self._update(job_id, state="failed", error=f"{type(exc).__name__}: {exc}")
            finally:
                executor.close()


class _JobProgress:
    def __init__(self, jobs: IngestQueue, job_id: int) -> None:
        self.jobs = jobs
        self.job_id = job_id

    def file_started(self, index: int, total: int, path: str) -> None:
        self.jobs._update(self.job_id, file=path, file_index=index, files_total=total, stage=None, fraction=0.0)

    def stage_started(self, stage: str, fraction: float = 0.0) -> None:
        self.jobs._update(self.job_id, stage=stage, fraction=fraction)

    def stage_progress(self, fraction: float) -> None:
        self.jobs._update(self.job_id, fraction=fraction)

    def file_finished(self, outcome: FileOutcome) -> None:
        done = self.jobs.job(self.job_id).files
        self.jobs._update(self.job_id, files=[*done, schemas.IngestFile(
            path=outcome.path, status=outcome.status, video_id=outcome.video_id, message=outcome.message)])


class ServerState:
    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.readers = Readers(config.library)
        with self.readers.reader() as library:
            settings = library.settings
        self.settings = settings
        self.resident = Resident(config, settings)
        self.ingests = IngestQueue(config.library)

    def close(self) -> None:
        self.readers.close()
