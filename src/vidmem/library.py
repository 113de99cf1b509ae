"""The Python API: `Library.open(path)`, `library.ingest(paths)`, `library.summary()`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vidmem.config import Settings
from vidmem.store import Catalog, Thumbnails, VectorStore, VideoRecord, writer_lock
from vidmem.timeline import Clock

if TYPE_CHECKING:
    from vidmem.agent import Answer
    from vidmem.ingest import IngestReport, Pipeline, Progress
    from vidmem.ingest.pipeline import Executor


@dataclass(frozen=True)
class StageState:
    stage: str
    status: str  # done | failed | skipped | pending
    detail: str | None


@dataclass(frozen=True)
class VideoStatus:
    video: VideoRecord
    stages: list[StageState]


@dataclass(frozen=True)
class Summary:
    videos: int
    failed: int
    duration_s: float
    frames: int
    segments: int
    first_at: float | None
    last_at: float | None
    days: int
    vector_tables: dict[str, int]
    catalog_tables: dict[str, int]


class ReadOnlyLibrary(RuntimeError):
    pass


class Library:
    """One folder: catalog.sqlite, vectors/ (LanceDB), frames/ (thumbnails), vidmem.toml (optional).

    `read_only=True` is how readers (ask, search, serve) open it: nothing is created, migrated or written
    (SQLite `mode=ro`); a missing Library raises `LibraryNotFound`, an older schema `LibraryOutdated`."""

    def __init__(self, root: Path, settings: Settings | None = None, *, read_only: bool = False) -> None:
        self.root = Path(root)
        self.read_only = read_only
        if not read_only:
            self.root.mkdir(parents=True, exist_ok=True)
        self.settings = settings or Settings.load(self.root)
        self.catalog = Catalog(self.root / "catalog.sqlite", read_only=read_only)
        self.vectors = VectorStore(self.root / "vectors", read_only=read_only)
        self.thumbnails = Thumbnails(self.root / "frames", self.settings.thumbnail_px, read_only=read_only)

    @classmethod
    def open(cls, root: Path | str, settings: Settings | None = None, *, read_only: bool = False) -> Library:
        return cls(Path(root), settings, read_only=read_only)

    def close(self) -> None:
        self.catalog.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def pipeline(self) -> Pipeline:
        # the ingest stages import their model libraries: loaded only by what ingests or reports stages
        from vidmem.ingest import Pipeline, default_stages

        return Pipeline(self.catalog, self.vectors, self.thumbnails, self.settings, default_stages(self.settings))

    @contextmanager
    def writing(self, wait_s: float = 0.0) -> Iterator[None]:
        if self.read_only:
            raise ReadOnlyLibrary(f"the Library at {self.root} was opened read-only")
        with writer_lock(self.root, wait_s):
            yield

    def ingest(
        self,
        paths: list[Path | str],
        *,
        start: str | None = None,
        progress: Progress | None = None,
        wait_s: float = 0.0,
        executor: Executor | None = None,
        redo: Sequence[str] = (),
    ) -> IngestReport:
        """`executor`: where stage compute runs (default: this process); see vidmem.ingest.executors.
        `redo`: stages (and the stages after them) to run again for files the Library already holds."""
        with self.writing(wait_s):
            report = self.pipeline().ingest([Path(p) for p in paths], start=start, progress=progress,
                                            executor=executor, redo=redo)
            if any(f.status == "ingested" for f in report.files):
                for name in self.vectors.table_names():
                    self.vectors.optimize(name)  # per-video writes leave many small fragments
            return report

    def clock(self) -> Clock:
        origin = self.catalog.timeline_origin()
        return Clock(origin if origin is not None else 0.0, self.settings.timezone)

    def ask(self, question: str, options: list[str] | None = None, *, videos: Sequence[int] | None = None,
            **kwargs: Any) -> Answer:
        """Plan, search and answer with citations; `videos` (ids) keeps every search inside those videos.
        kwargs: planner / answerer ("auto" | "rules" | "llm"), chat (a ChatModel), observer (called with each
        step as it happens)."""
        from vidmem.agent import build_agent

        observer = kwargs.pop("observer", None)
        return build_agent(self, videos=videos, **kwargs).ask(question, options, observer=observer)

    def status(self) -> list[VideoStatus]:
        names = self.pipeline().stage_names
        out = []
        for video in self.catalog.videos():
            jobs = {job.stage: job for job in self.catalog.jobs(video.id)}
            states = []
            for name in names:
                job = jobs.get(name)
                states.append(StageState(name, job.status if job else "pending", job.detail if job else None))
            out.append(VideoStatus(video, states))
        return out

    def summary(self) -> Summary:
        videos = self.catalog.videos()
        counts = self.catalog.counts()
        clock = self.clock()
        first = min((v.start_at for v in videos), default=None)
        last = max((v.end_at for v in videos), default=None)
        days = clock.day(last) if last is not None else 0
        tables = {name: self.vectors.count(name) for name in self.vectors.table_names()}
        return Summary(
            videos=len(videos),
            failed=sum(1 for v in videos if v.status == "failed"),
            duration_s=self.catalog.total_duration(),
            frames=counts["frames"],
            segments=counts["segments"],
            first_at=first,
            last_at=last,
            days=days,
            vector_tables=tables,
            catalog_tables=self.catalog.table_counts(),
        )


__all__ = ["Library", "ReadOnlyLibrary", "Summary", "VideoStatus"]
