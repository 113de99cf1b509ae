"""The stage pipeline: per-(video, stage) checkpoints in `jobs`, resumable after any interruption.

A stage computes its output first (`run`, which may also write LanceDB rows and thumbnail files,
both keyed so that a rerun overwrites them), then `save` writes its SQLite rows; `save` and the job's
checkpoint commit in one transaction. A process killed at any moment therefore leaves each stage
either fully recorded or not recorded at all, and the next run redoes exactly the missing stages.

Adding a stage: write a class with `name`, `applies`, `run` and `save` (see stages/), and put it in
`stages.STAGES` after the stages it reads from.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from vidmem.config import Settings
from vidmem.ingest.discovery import Candidate, content_hash, discover
from vidmem.media import MediaError, probe
from vidmem.store import Catalog, NewVideo, Thumbnails, VectorStore, VideoRecord
from vidmem.timeline import StartSource, resolve_start


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


class Stage(Protocol):
    name: str

    def applies(self, video: VideoRecord) -> bool:
        """False when the stage has nothing to do for this file (e.g. frames for audio-only)."""
        ...

    def run(self, ctx: StageContext) -> Any: ...

    def save(self, ctx: StageContext, output: Any) -> str | None:
        """Write SQLite rows (inside the runner's transaction); returns a short detail for `status`."""
        ...


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


class Pipeline:
    def __init__(
        self,
        catalog: Catalog,
        vectors: VectorStore,
        thumbnails: Thumbnails,
        settings: Settings,
        stages: list[Stage],
    ) -> None:
        self.catalog = catalog
        self.vectors = vectors
        self.thumbnails = thumbnails
        self.settings = settings
        self.stages = stages
        self.resources: dict[str, Any] = {}

    @property
    def stage_names(self) -> list[str]:
        return [PROBE_STAGE, *(stage.name for stage in self.stages)]

    def ingest(self, paths: list[Path], start: str | None = None, progress: Progress | None = None) -> IngestReport:
        progress = progress or SilentProgress()
        if self.settings.stages is not None:
            unknown = set(self.settings.stages) - set(self.stage_names)
            if unknown:
                raise ValueError(f"unknown stage(s) {', '.join(sorted(unknown))}; known: {', '.join(self.stage_names)}")
        report = IngestReport()
        candidates = discover(paths)
        previous_end: float | None = None
        for index, candidate in enumerate(candidates):
            shown = os.fsencode(candidate.path).decode("utf-8", "backslashreplace")
            progress.file_started(index, len(candidates), shown)
            outcome, video = self._ingest_one(candidate, shown, start if index == 0 else None, previous_end,
                                              chain=start is not None, progress=progress)
            if video is not None:
                previous_end = video.end_at
            report.files.append(outcome)
            progress.file_finished(outcome)
        return report

    def _ingest_one(
        self,
        candidate: Candidate,
        shown: str,
        start: str | None,
        previous_end: float | None,
        *,
        chain: bool,
        progress: Progress,
    ) -> tuple[FileOutcome, VideoRecord | None]:
        if candidate.error:
            return FileOutcome(shown, "failed", message=candidate.error), None
        try:
            video, warnings = self._register(candidate.path, start, previous_end, chain=chain, progress=progress)
        except (MediaError, OSError) as exc:
            return FileOutcome(shown, "failed", message=_message(exc)), None
        pending = [s for s in self.stages if not self._finished(video.id, s.name)]
        if not pending and video.status == "done":
            return FileOutcome(shown, "already", video.id, f"already in the Library as video {video.id}"), video
        if self.settings.stages is not None:
            pending = [s for s in pending if s.name in self.settings.stages]
        for stage in pending:
            progress.stage_started(stage.name)
            error = self._run_stage(stage, video, progress)
            if error:
                with self.catalog.transaction():
                    self.catalog.set_job(video.id, stage.name, "failed", error)
                    self.catalog.set_video_status(video.id, "failed", f"{stage.name}: {error}")
                return FileOutcome(shown, "failed", video.id, f"{stage.name}: {error}", warnings), video
        complete = all(self._finished(video.id, s.name) for s in self.stages)
        with self.catalog.transaction():
            self.catalog.set_video_status(video.id, "done" if complete else "ingesting")
        if not pending and not complete:
            return FileOutcome(shown, "already", video.id, "the selected stages are already done"), video
        return FileOutcome(shown, "ingested", video.id, None, warnings), video

    def _finished(self, video_id: int, stage: str) -> bool:
        job = self.catalog.job(video_id, stage)
        return job is not None and job.status in ("done", "skipped")

    def _register(
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
                tz=self.settings.timezone,
                modified_start=os.path.getmtime(raw) - (info.duration or 0.0),
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

    def _run_stage(self, stage: Stage, video: VideoRecord, progress: Progress) -> str | None:
        if not stage.applies(video):
            with self.catalog.transaction():
                self.catalog.set_job(video.id, stage.name, "skipped", "not applicable")
            return None
        ctx = StageContext(video, self.catalog, self.vectors, self.thumbnails, self.settings, self.resources,
                           progress.stage_progress)
        started = time.perf_counter()
        try:
            output = stage.run(ctx)
            with self.catalog.transaction():
                detail = stage.save(ctx, output)
                self.catalog.set_job(video.id, stage.name, "done", detail, time.perf_counter() - started)
        except (MediaError, OSError, ValueError, RuntimeError) as exc:
            return _message(exc)
        return None


def _text(name: bytes) -> str:
    return name.decode("utf-8", "backslashreplace")


def _message(exc: BaseException) -> str:
    if isinstance(exc, MediaError):
        return str(exc)
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return f"{type(exc).__name__}: {exc}"
