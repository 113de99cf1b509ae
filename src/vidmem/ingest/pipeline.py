"""The stage pipeline: per-(video, stage) checkpoints in `jobs`, resumable after any interruption.

A stage's work has two halves. The heavy half (decoding, models) needs only the file: a *compute
stage* has `compute(ctx: ComputeContext)`, which reads the file and returns a picklable part without
touching the Library, so it can run in a worker process or on another machine (see `executors`).
The driver then calls `finish(ctx, parts)` (merges the parts and does what depends on the Library:
matching faces to known people, writing LanceDB rows and thumbnails) and `save(ctx, output)` (SQLite
writes). A *driver stage* (cheap, Library-wide) has just `run(ctx)` and `save`. The driver is the only
process that writes the Library, and it commits files and stages in the order a single process would,
so a Library comes out the same whatever executor computed the parts.

`save` and the job's checkpoint commit in one transaction. A process killed at any moment therefore
leaves each stage either fully recorded or not recorded at all, and the next run redoes exactly the
missing stages (LanceDB rows and thumbnails are keyed by video, so a redo overwrites them).

A compute stage with `splits = True` is computed in pieces of `PIECE_S` seconds of the file (every run,
whatever the executor), so a long file spreads over workers; its `finish` gets the parts in file order.

Adding a stage: write a class with `name`, `applies`, `save` and either `run` or `compute` + `finish`
(see stages/), and put it in `stages.STAGES` after the stages it reads from.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from vidmem.config import Settings
from vidmem.ingest.discovery import Candidate, content_hash, discover
from vidmem.media import MediaError, probe
from vidmem.store import Catalog, NewVideo, Thumbnails, VectorStore, VideoRecord
from vidmem.timeline import StartSource, resolve_start

# Length of the pieces a splittable stage computes a file in: a multiple of every stage's own reset
# period (vision restarts its near-duplicate run every 60 s), so pieces merge exactly as one would.
PIECE_S = 1800.0
# Errors that fail one stage of one file (recorded; the next file goes on); anything else stops the run.
STAGE_ERRORS = (MediaError, OSError, ValueError, RuntimeError)


@dataclass
class StageContext:
    video: VideoRecord
    catalog: Catalog
    vectors: VectorStore
    thumbnails: Thumbnails
    settings: Settings
    resources: dict[str, Any]  # shared across files in one run, e.g. loaded models
    report: Callable[[float], None] = lambda fraction: None  # progress within the stage, 0..1

    def resource(self, key: str, factory: Callable[[], Any]) -> Any:
        """A value (a loaded model, say) built once per ingest run and shared by all files."""
        if key not in self.resources:
            self.resources[key] = factory()
        return self.resources[key]


@dataclass(frozen=True)
class Piece:
    """[start_s, end_s) of the file (offsets in seconds); the whole file is Piece(0, 0.0, inf)."""

    index: int
    start_s: float
    end_s: float

    @property
    def whole(self) -> bool:
        return self.start_s <= 0 and math.isinf(self.end_s)


WHOLE = Piece(0, 0.0, math.inf)


@dataclass(frozen=True)
class StageTask:
    """Everything one compute call needs, picklable: it may run in another process or machine."""

    stage: str
    video: VideoRecord
    settings: Settings
    piece: Piece = WHOLE
    inputs: Any = None  # from earlier stages of the same file (see ComputeStage.inputs)


@dataclass
class ComputeContext:
    """What `compute` sees: the file, the settings, its piece, and a per-process model cache."""

    video: VideoRecord
    settings: Settings
    piece: Piece
    inputs: Any
    resources: dict[str, Any]
    report: Callable[[float], None] = lambda fraction: None

    @classmethod
    def of(cls, task: StageTask, resources: dict[str, Any],
           report: Callable[[float], None] | None = None) -> ComputeContext:
        return cls(task.video, task.settings, task.piece, task.inputs, resources, report or (lambda f: None))

    def resource(self, key: str, factory: Callable[[], Any]) -> Any:
        """A value (a loaded model) built once per process and shared by every file it computes."""
        if key not in self.resources:
            self.resources[key] = factory()
        return self.resources[key]


@dataclass
class Computed:
    """A compute call's result and the seconds it took where it ran."""

    part: Any
    seconds: float


def compute_task(stage: ComputeStage, task: StageTask, resources: dict[str, Any],
                 report: Callable[[float], None] | None = None) -> Computed:
    started = time.perf_counter()
    part = stage.compute(ComputeContext.of(task, resources, report))
    return Computed(part, time.perf_counter() - started)


class Stage(Protocol):
    """A driver stage: runs in the writer process and may read the whole Library."""

    name: str

    def applies(self, video: VideoRecord) -> bool:
        """False when the stage has nothing to do for this file (e.g. frames for audio-only)."""
        ...

    def run(self, ctx: StageContext) -> Any: ...

    def save(self, ctx: StageContext, output: Any) -> str | None:
        """Write SQLite rows (inside the runner's transaction); returns a short detail for `status`."""
        ...


class ComputeStage(Protocol):
    """A stage whose heavy work reads only the file: `compute` may run in any process."""

    name: str
    splits: bool  # computed in pieces of PIECE_S (its compute must give the same rows cut anywhere on that grid)
    needs: tuple[str, ...]  # earlier stages whose computed parts `inputs` reads when they run in the same batch

    def applies(self, video: VideoRecord) -> bool: ...

    def inputs(self, catalog: Catalog, video: VideoRecord, computed: dict[str, list[Any]]) -> Any:
        """Driver side: what compute needs from earlier stages (their parts from this run, else the Library)."""
        ...

    def compute(self, ctx: ComputeContext) -> Any:
        """The file's (or piece's) heavy work; returns a picklable part; never writes the Library."""
        ...

    def finish(self, ctx: StageContext, parts: list[Any]) -> Any:
        """Driver side: merge the parts in file order and do what needs the Library; the output goes to save."""
        ...

    def save(self, ctx: StageContext, output: Any) -> str | None: ...


AnyStage = Stage | ComputeStage


def is_compute(stage: AnyStage) -> bool:
    return hasattr(stage, "compute")


def plan_pieces(video: VideoRecord, settings: Settings, piece_s: float = PIECE_S) -> list[Piece]:
    """The file cut on a fixed grid of `piece_s` offsets (whole when short, or when the grid is off-step)."""
    step = 1.0 / settings.frame_fps
    if video.duration <= piece_s or abs(piece_s / step - round(piece_s / step)) > 1e-6:
        return [WHOLE]
    count = math.ceil(video.duration / piece_s)
    return [Piece(i, i * piece_s, (i + 1) * piece_s if i + 1 < count else math.inf) for i in range(count)]


class Executor(Protocol):
    """Where compute runs. `slots`: tasks it takes ahead of the one the driver waits for (0: on demand)."""

    slots: int

    def submit(self, stage: ComputeStage, task: StageTask,
               report: Callable[[float], None] | None = None) -> Future[Computed]: ...

    def close(self) -> None: ...


class InlineExecutor:
    """Computes in the driver process when the driver needs the part: one core, models shared with the run."""

    slots = 0

    def __init__(self, resources: dict[str, Any]) -> None:
        self.resources = resources

    def submit(self, stage: ComputeStage, task: StageTask,
               report: Callable[[float], None] | None = None) -> Future[Computed]:
        future: Future[Computed] = Future()
        try:
            future.set_result(compute_task(stage, task, self.resources, report))
        except Exception as exc:
            future.set_exception(exc)
        return future

    def close(self) -> None: ...


_STAGE_LOCKS: dict[str, threading.Lock] = {}
PROGRESS_S = 0.5  # how often the driver shows the progress of a part computed elsewhere while it waits
# glibc gives each thread its own heap ("arena", up to 8 per core) and returns little of them: a 1-hour file
# computed on stage threads peaked at 1.86 GiB of RSS with the default, 1.55 GiB with 2 arenas (and ran faster)
MALLOC_ARENAS = 2
_M_ARENA_MAX = -8  # mallopt's parameter number (malloc.h)


def _few_malloc_arenas() -> None:
    """Cap glibc's malloc arenas for the threads started from now on (nothing elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(_M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError):  # another C library (musl): its allocator has no such setting
        pass


class StageThreads:
    """Computes in the driver process on one thread per compute stage, with the run's models: a file's
    transcription and its vision (or the next file's) run at once on two cores, without the second copy
    of every model that a worker process loads. A stage's tasks run one after another on its own thread,
    so no model is called from two threads at once; the heavy calls (CTranslate2, onnxruntime, torch,
    dlib, OpenCV) release the GIL. The threads are daemons: an interrupted run does not wait for them."""

    slots = 4  # tasks taken ahead of the one the driver waits for: enough to keep every stage's thread fed

    def __init__(self, resources: dict[str, Any]) -> None:
        self.resources = resources
        self._lanes: dict[str, queue.SimpleQueue] = {}
        _few_malloc_arenas()

    def submit(self, stage: ComputeStage, task: StageTask,
               report: Callable[[float], None] | None = None) -> Future[Computed]:
        future: Future[Computed] = Future()
        lane = self._lanes.get(stage.name)
        if lane is None:
            lane = self._lanes[stage.name] = queue.SimpleQueue()
            threading.Thread(target=self._work, args=(lane,), name=f"vidmem-{stage.name}", daemon=True).start()
        lane.put((future, stage, task, report))
        return future

    def _work(self, lane: queue.SimpleQueue) -> None:
        while (job := lane.get()) is not None:
            future, stage, task, report = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                # an earlier, interrupted run's thread may still be computing this stage with the same models
                with _STAGE_LOCKS.setdefault(stage.name, threading.Lock()):
                    future.set_result(compute_task(stage, task, self.resources, report))
            except BaseException as exc:  # handed to the driver, which reports the file and goes on
                future.set_exception(exc)

    def close(self) -> None:
        for lane in self._lanes.values():
            lane.put(None)
        self._lanes.clear()


def default_executor(resources: dict[str, Any]) -> Executor:
    """Stage threads where there is a second core to run them on, else compute on demand."""
    return StageThreads(resources) if (os.cpu_count() or 1) > 1 else InlineExecutor(resources)


class Progress(Protocol):
    def file_started(self, index: int, total: int, path: str) -> None: ...

    def stage_started(self, stage: str, fraction: float = 0.0) -> None: ...

    def stage_progress(self, fraction: float) -> None: ...

    def file_finished(self, outcome: FileOutcome) -> None: ...


class SilentProgress:
    def file_started(self, index: int, total: int, path: str) -> None: ...

    def stage_started(self, stage: str, fraction: float = 0.0) -> None: ...

    def stage_progress(self, fraction: float) -> None: ...

    def file_finished(self, outcome: FileOutcome) -> None: ...


@dataclass
class FileOutcome:
    path: str
    status: str  # "ingested" | "already" | "failed"
    video_id: int | None = None
    message: str | None = None
    warnings: list[str] = field(default_factory=list)


@dataclass
class IngestReport:
    files: list[FileOutcome] = field(default_factory=list)

    @property
    def failed(self) -> list[FileOutcome]:
        return [f for f in self.files if f.status == "failed"]

    @property
    def ok(self) -> bool:
        return not self.failed


PROBE_STAGE = "probe"


@dataclass(eq=False)  # identity: tasks live in sets and lists
class _Task:
    """One compute call of the batch: queued, then submitted (future), then taken by the driver."""

    file: _File
    stage: ComputeStage
    piece: Piece
    needs: list[_Task]
    future: Future[Computed] | None = None
    share: float = 0.0  # of the task computed so far, as its compute reports it (from any thread)


@dataclass(eq=False)
class _File:
    """A registered file of the batch and what is left to do for it."""

    shown: str
    video: VideoRecord | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    stages: list[AnyStage] = field(default_factory=list)  # to run now, in order
    outcome: FileOutcome | None = None  # known without running anything (failed to register, already done)
    tasks: dict[str, list[_Task]] = field(default_factory=dict)


class Pipeline:
    def __init__(
        self,
        catalog: Catalog,
        vectors: VectorStore,
        thumbnails: Thumbnails,
        settings: Settings,
        stages: list[AnyStage],
        piece_s: float | None = None,
    ) -> None:
        self.catalog = catalog
        self.vectors = vectors
        self.thumbnails = thumbnails
        self.settings = settings
        self.stages = stages
        self.piece_s = PIECE_S if piece_s is None else piece_s
        self.resources: dict[str, Any] = {}

    @property
    def stage_names(self) -> list[str]:
        return [PROBE_STAGE, *(stage.name for stage in self.stages)]

    def ingest(self, paths: list[Path], start: str | None = None, progress: Progress | None = None,
               executor: Executor | None = None, redo: Sequence[str] = ()) -> IngestReport:
        """Ingest files in order. With an executor that has slots, later files' compute runs while the
        driver saves earlier ones; the Library gets the same rows in the same order either way.
        `redo`: stages to run again for files already in the Library (see `forget`)."""
        progress = progress or SilentProgress()
        for names in (self.settings.stages, redo):
            unknown = set(names or ()) - set(self.stage_names)
            if unknown:
                raise ValueError(f"unknown stage(s) {', '.join(sorted(unknown))}; known: {', '.join(self.stage_names)}")
        if redo:
            self.forget(paths, redo)
        report = IngestReport()
        own = executor is None
        batch = _Batch(self, discover(paths), start, executor or default_executor(self.resources))
        try:
            for index in range(len(batch.candidates)):
                progress.file_started(index, len(batch.candidates), batch.shown(index))
                outcome = self._commit_file(batch, batch.file(index, progress), progress)
                report.files.append(outcome)
                progress.file_finished(outcome)
        finally:
            batch.abandon()  # after an error: parts still being computed are not waited for
            if own:
                batch.executor.close()
        return report

    def forget(self, paths: list[Path], stages: Sequence[str]) -> list[int]:
        """Forget, for the files among `paths` that the Library holds (found by content), the checkpoints of
        `stages` and of every stage after the first of them (later stages read what earlier ones wrote),
        so the next ingest redoes them in order. A stage that keeps state across files (`forget_video`:
        speakers) first removes this file's share of it, for all the files before any is redone, so the
        redo gives what a fresh ingest of those files would. Returns the video ids; one transaction."""
        if PROBE_STAGE in stages:
            raise ValueError("the probe stage is not redone: it is the file's registration")
        first = min(i for i, stage in enumerate(self.stages) if stage.name in stages)
        again = self.stages[first:]
        videos = [v for c in discover(paths) if c.error is None
                  and (v := self.catalog.video_by_sha(content_hash(c.path))) is not None]
        with self.catalog.transaction():
            for video in videos:
                for stage in reversed(again):
                    forget_video = getattr(stage, "forget_video", None)
                    if forget_video is not None:
                        forget_video(self.catalog, video)
                    self.catalog.delete_job(video.id, stage.name)
                self.catalog.set_video_status(video.id, "ingesting")
        return [v.id for v in videos]

    def _commit_file(self, batch: _Batch, file: _File, progress: Progress) -> FileOutcome:
        if file.outcome is not None:
            return file.outcome
        video = file.video
        assert video is not None
        for stage in file.stages:
            progress.stage_started(stage.name)
            error = self._commit_stage(batch, file, stage, video, progress)
            if error:
                batch.drop(file)
                with self.catalog.transaction():
                    self.catalog.set_job(video.id, stage.name, "failed", error)
                    self.catalog.set_video_status(video.id, "failed", f"{stage.name}: {error}")
                return FileOutcome(file.shown, "failed", video.id, f"{stage.name}: {error}", file.warnings)
        complete = all(self._finished(video.id, s.name) for s in self.stages)
        with self.catalog.transaction():
            self.catalog.set_video_status(video.id, "done" if complete else "ingesting")
        if not file.stages and not complete:
            return FileOutcome(file.shown, "already", video.id, "the selected stages are already done")
        return FileOutcome(file.shown, "ingested", video.id, None, file.warnings)

    def _finished(self, video_id: int, stage: str) -> bool:
        job = self.catalog.job(video_id, stage)
        return job is not None and job.status in ("done", "skipped")

    def _commit_stage(self, batch: _Batch, file: _File, stage: AnyStage, video: VideoRecord,
                      progress: Progress) -> str | None:
        if not stage.applies(video):
            with self.catalog.transaction():
                self.catalog.set_job(video.id, stage.name, "skipped", "not applicable")
            return None
        ctx = StageContext(video, self.catalog, self.vectors, self.thumbnails, self.settings, self.resources,
                           progress.stage_progress)
        started = time.perf_counter()
        try:
            if is_compute(stage):
                computed = batch.results(file, stage.name, progress.stage_progress)
                elsewhere = sum(c.seconds for c in computed)
                started = time.perf_counter()
                output = stage.finish(ctx, [c.part for c in computed])  # type: ignore[union-attr]
            else:
                elsewhere = 0.0
                output = stage.run(ctx)  # type: ignore[union-attr]
            with self.catalog.transaction():
                detail = stage.save(ctx, output)
                self.catalog.set_job(video.id, stage.name, "done", detail,
                                     elsewhere + time.perf_counter() - started)
        except BrokenExecutor:
            raise  # a worker process died: stop the run (nothing half-saved); a rerun redoes the rest
        except STAGE_ERRORS as exc:
            return _message(exc)
        return None

    def register(
        self, path: Path, start: str | None, previous_end: float | None, *, chain: bool, progress: Progress
    ) -> tuple[VideoRecord, list[str]]:
        """Hash and probe a file and record it (the `probe` stage), or find it by content hash."""
        progress.stage_started(PROBE_STAGE)
        started = time.perf_counter()
        raw = os.fsencode(path)
        if os.path.getsize(raw) == 0:
            raise MediaError("empty file (0 bytes)")
        sha = content_hash(path)
        name = os.path.basename(raw)
        known = self.catalog.video_by_sha(sha)
        if known is not None:
            if known.path_bytes != os.fsencode(os.path.abspath(raw)):
                with self.catalog.transaction():
                    self.catalog.update_video_path(known.id, os.fsencode(os.path.abspath(raw)), _text(name))
                known = self.catalog.video(known.id)
            return known, []
        info = probe(path)
        if chain and start is None:
            start_instant = resolve_start(option=None, container_creation=None, filename="",
                                          previous_end=previous_end, tz=self.settings.timezone)
        else:
            start_instant = resolve_start(
                option=start,
                container_creation=info.creation_time,
                filename=_text(name),
                previous_end=previous_end,
                modified=os.stat(raw).st_mtime,
                duration=info.duration,
                tz=self.settings.timezone,
            )
        source = StartSource.OPTION if chain else start_instant.source
        new = NewVideo(
            sha256=sha, path_bytes=os.fsencode(os.path.abspath(raw)), name=_text(name),
            size=os.path.getsize(raw), duration=info.duration, has_video=info.has_video,
            has_audio=info.has_audio, width=info.width, height=info.height, fps=info.fps,
            start_at=start_instant.at, start_source=str(source),
        )
        with self.catalog.transaction():
            video_id = self.catalog.insert_video(new)
            streams = "+".join(k for k, v in (("video", info.has_video), ("audio", info.has_audio)) if v)
            self.catalog.set_job(video_id, PROBE_STAGE, "done", f"{info.duration:.1f} s, {streams}",
                                 time.perf_counter() - started)
        warnings = [start_instant.warning] if start_instant.warning else []
        return self.catalog.video(video_id), warnings


class _Batch:
    """Registers the batch's files in order and keeps the executor fed with their compute tasks.

    Files are registered (hashed, probed, recorded) ahead of the one being saved only as far as the
    executor has free slots, so memory holds a bounded number of finished parts. The executor belongs
    to the caller, who closes it.
    """

    def __init__(self, pipeline: Pipeline, candidates: list[Candidate], start: str | None,
                 executor: Executor) -> None:
        self.pipeline = pipeline
        self.candidates = candidates
        self.start = start
        self.executor = executor
        self.files: list[_File] = []
        self.previous_end: float | None = None
        self.queue: list[_Task] = []  # not yet submitted, in commit order
        self.running: set[_Task] = set()  # submitted, not yet taken by the driver

    def shown(self, index: int) -> str:
        return os.fsencode(self.candidates[index].path).decode("utf-8", "backslashreplace")

    def file(self, index: int, progress: Progress) -> _File:
        while len(self.files) <= index:
            self._register_next(progress if len(self.files) == index else SilentProgress())
        return self.files[index]

    def _register_next(self, progress: Progress) -> None:
        index = len(self.files)
        candidate = self.candidates[index]
        file = _File(self.shown(index))
        self.files.append(file)
        if candidate.error:
            file.outcome = FileOutcome(file.shown, "failed", message=candidate.error)
            return
        pipeline = self.pipeline
        try:
            video, file.warnings = pipeline.register(
                candidate.path, self.start if index == 0 else None, self.previous_end,
                chain=self.start is not None, progress=progress)
        except (MediaError, OSError) as exc:
            file.outcome = FileOutcome(file.shown, "failed", message=_message(exc))
            return
        file.video = video
        self.previous_end = video.end_at
        pending = [s for s in pipeline.stages if not pipeline._finished(video.id, s.name)]
        if not pending and video.status == "done":
            file.outcome = FileOutcome(file.shown, "already", video.id, f"already in the Library as video {video.id}")
            return
        if pipeline.settings.stages is not None:
            pending = [s for s in pending if s.name in pipeline.settings.stages]
        file.stages = pending
        for stage in pending:
            if not is_compute(stage) or not stage.applies(video):
                continue
            compute: ComputeStage = stage  # type: ignore[assignment]
            needs = [t for name in compute.needs for t in file.tasks.get(name, [])]
            pieces = plan_pieces(video, pipeline.settings, pipeline.piece_s) if compute.splits else [WHOLE]
            file.tasks[stage.name] = [_Task(file, compute, piece, needs) for piece in pieces]
            self.queue.extend(file.tasks[stage.name])

    def _submit(self, task: _Task, report: Callable[[float], None] | None = None) -> None:
        video = task.file.video
        assert video is not None
        computed = {name: [t.future.result().part for t in tasks]  # type: ignore[union-attr]
                    for name, tasks in task.file.tasks.items() if name in task.stage.needs}
        inputs = task.stage.inputs(self.pipeline.catalog, video, computed)
        spec = StageTask(task.stage.name, video, self.pipeline.settings, task.piece, inputs)
        self.queue.remove(task)

        def note(share: float) -> None:
            task.share = share
            if report is not None and not self.executor.slots:  # computed here and now, in the driver's thread
                report(share)

        task.future = self.executor.submit(task.stage, spec, note)
        self.running.add(task)

    def _ready(self, task: _Task) -> bool:
        return all(n.future is not None and n.future.done() and n.future.exception() is None for n in task.needs)

    def _fill(self) -> None:
        """Submit queued tasks in order (those whose inputs are ready) while the executor has slots,
        registering further files when the queue runs dry."""
        while len(self.running) < self.executor.slots:
            ready = [t for t in self.queue if self._ready(t)]
            # a stage nothing is computing for yet goes first: a long file's transcription then starts beside
            # its frames and vision instead of after them (commit order is kept by the driver either way)
            busy = {t.stage.name for t in self.running if t.future is not None and not t.future.done()}
            task = next((t for t in ready if t.stage.name not in busy), ready[0] if ready else None)
            if task is None:
                if len(self.files) >= len(self.candidates):
                    return
                self._register_next(SilentProgress())
                continue
            self._submit(task)

    def results(self, file: _File, stage: str, report: Callable[[float], None]) -> list[Computed]:
        """The parts of one stage of one file, in file order; computes or waits for them as needed."""
        tasks = file.tasks.get(stage, [])
        out = []
        for i, task in enumerate(tasks):
            self._fill()
            if task.future is None:
                for need in task.needs:  # an input still in flight elsewhere
                    self._wait(need)
                n = len(tasks)
                self._submit(task, lambda f, i=i, n=n: report((i + f) / n))
            self._wait(task, lambda i=i, task=task: report((i + task.share) / len(tasks)))
            self.running.discard(task)
            assert task.future is not None
            out.append(task.future.result())  # raises the compute's own error
            report((i + 1) / len(tasks))
        return out

    def _wait(self, task: _Task, tick: Callable[[], None] | None = None) -> None:
        """Until `task` is computed, submitting more as slots free; `tick` (the progress shown) every
        `PROGRESS_S` meanwhile, from this thread: a compute on a thread or worker only notes its share."""
        assert task.future is not None
        while not task.future.done():
            # parts done but not yet taken stay in `running`: waiting on them would return at once, a busy loop
            pending = [t.future for t in self.running if t.future is not None and not t.future.done()]
            wait(pending or [task.future], timeout=PROGRESS_S if tick else None, return_when=FIRST_COMPLETED)
            self._fill()
            if tick is not None:
                tick()

    def drop(self, file: _File) -> None:
        """A stage of `file` failed: its other tasks are not needed."""
        for tasks in file.tasks.values():
            for task in tasks:
                if task in self.queue:
                    self.queue.remove(task)
                if task.future is not None:
                    task.future.cancel()
                    self.running.discard(task)

    def abandon(self) -> None:
        for task in list(self.running):
            if task.future is not None:
                task.future.cancel()
        self.running.clear()
        self.queue.clear()


def _text(name: bytes) -> str:
    return name.decode("utf-8", "backslashreplace")


def _message(exc: BaseException) -> str:
    if isinstance(exc, MediaError):
        return str(exc)
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return f"{type(exc).__name__}: {exc}"
