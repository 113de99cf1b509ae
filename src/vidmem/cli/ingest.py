"""vidmem ingest / status / summary."""

from __future__ import annotations

import sys
from concurrent.futures import BrokenExecutor
from dataclasses import asdict, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, JsonOption, LibraryOption, console, errors, print_json
from vidmem.config import Settings
from vidmem.timeline import format_offset, iso

if TYPE_CHECKING:
    from vidmem.ingest import FileOutcome
    from vidmem.ingest.pipeline import Executor


class RichProgress:
    """Two bars: files in the batch, and the current stage of the current file."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.files = progress.add_task("files", total=None)
        self.stage = progress.add_task("", total=1.0)

    def file_started(self, index: int, total: int, path: str) -> None:
        self.progress.update(self.files, total=total, completed=index, description=f"[bold]{Path(path).name}")

    def stage_started(self, stage: str, fraction: float = 0.0) -> None:
        self.progress.update(self.stage, description=f"  {stage}", completed=fraction)

    def stage_progress(self, fraction: float) -> None:
        self.progress.update(self.stage, completed=fraction)

    def file_finished(self, outcome: FileOutcome) -> None:
        self.progress.advance(self.files)
        if outcome.status == "failed":
            return  # reported once, on stderr, after the bars
        mark = {"already": "[dim]=", "ingested": "[green]✓"}[outcome.status]
        note = f": {outcome.message}" if outcome.message and outcome.status == "already" else ""
        self.progress.console.print(f"{mark} {outcome.path}{note}", highlight=False, soft_wrap=True)
        for warning in outcome.warnings:
            self.progress.console.print(f"[yellow]! {outcome.path}: {warning}", highlight=False, soft_wrap=True)


def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Video files and folders (searched recursively).")],
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    start: Annotated[
        str | None,
        typer.Option(help="ISO-8601 start of the first file; later files in the batch follow back to back."),
    ] = None,
    wait: Annotated[float, typer.Option(help="Seconds to wait for another writer to finish.")] = 0.0,
    stages: Annotated[
        str | None, typer.Option(help="Comma-separated stages to run now (default: all); the rest stay pending.")
    ] = None,
    redo: Annotated[
        str | None,
        typer.Option(help="Comma-separated stages to run again for files already in the Library, with every "
                          "stage after them (e.g. speakers, after upgrading vidmem); what they wrote is replaced."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes that compute stages while this process saves "
                                 "(default 1: all in this process, one thread per stage, so transcription and "
                                 "vision share the cores; with --ray: the cluster's CPUs)."),
    ] = None,
    ray: Annotated[
        bool,
        typer.Option("--ray", help="Compute stages on a Ray cluster: the one at --ray-address (or $RAY_ADDRESS), "
                                   "else a local one on this machine. This process stays the only writer."),
    ] = False,
    ray_address: Annotated[
        str | None,
        typer.Option(help="HOST:PORT of a running Ray cluster (`ray start --head`), or 'auto'; implies --ray."),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Add recordings to the Library; resumes where an interrupted run stopped."""
    from vidmem.library import Library
    from vidmem.store import LibraryBusy

    settings = Settings.load(library)
    if stages:
        settings = replace(settings, stages=tuple(s.strip() for s in stages.split(",") if s.strip()))
    again = tuple(s.strip() for s in redo.split(",") if s.strip()) if redo else ()
    lib = Library.open(library, settings)
    executor = None
    try:
        executor = _executor(workers, ray_address or ("local" if ray else None))
        if json_out:
            report = lib.ingest(paths, start=start, wait_s=wait, executor=executor, redo=again)
        else:
            columns = [TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
                       TimeElapsedColumn()]
            with Progress(*columns, console=console, transient=True) as bar:
                report = lib.ingest(paths, start=start, wait_s=wait, progress=RichProgress(bar), executor=executor,
                                    redo=again)
            for outcome in report.files:
                _print_outcome(outcome)
    except (LibraryBusy, ValueError, ExecutorUnavailable) as exc:
        errors.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(3 if isinstance(exc, LibraryBusy) else 2) from None
    except BrokenExecutor:
        errors.print("error: a worker process died (out of memory?); what was saved is kept: run the same "
                     "command again to finish", markup=False, highlight=False)
        raise typer.Exit(1) from None
    finally:
        if executor is not None:
            executor.close()
        lib.close()
    if json_out:
        print_json([asdict(f) for f in report.files])
    else:
        done = sum(f.status == "ingested" for f in report.files)
        same = sum(f.status == "already" for f in report.files)
        console.print(f"{done} ingested, {same} already in the Library, {len(report.failed)} failed")
    if not report.ok:
        raise typer.Exit(1)


class ExecutorUnavailable(Exception):
    pass


def _executor(workers: int | None, ray: str | None) -> Executor | None:
    """None (compute in this process), local worker processes, or a Ray cluster ("local": Ray's own choice,
    $RAY_ADDRESS if set, else a cluster started here)."""
    if ray is not None:
        from vidmem.ingest.executors_ray import RayExecutor

        try:
            return RayExecutor(None if ray == "local" else ray, workers=workers)
        except (RuntimeError, ConnectionError, ValueError) as exc:
            raise ExecutorUnavailable(f"cannot use Ray at {ray}: {exc}") from exc
    if workers is not None and workers > 1:
        from vidmem.ingest.executors import ProcessExecutor

        return ProcessExecutor(workers)
    return None


def _print_outcome(outcome: FileOutcome) -> None:
    if outcome.status == "failed":
        print(f"error: {outcome.path}: {outcome.message}", file=sys.stderr)


def status(library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """Per-file, per-stage state of the Library."""
    from vidmem.library import Library

    with Library.open(library) as lib:
        states = lib.status()
        clock = lib.clock()
        if json_out:
            print_json(
                [
                    {"video_id": s.video.id, "path": s.video.path, "status": s.video.status,
                     "error": s.video.error, "start_at": iso(s.video.start_at, lib.settings.timezone),
                     "start_source": s.video.start_source, "duration_s": s.video.duration,
                     "stages": {st.stage: {"status": st.status, "detail": st.detail} for st in s.stages}}
                    for s in states
                ]
            )
            return
        if not states:
            console.print(f"The Library at {library} is empty.")
            return
        stage_names = [st.stage for st in states[0].stages]
        table = Table("id", "file", "start", "length", *stage_names, "status")
        marks = {"done": "[green]✓", "skipped": "[dim]–", "failed": "[red]✗", "pending": "[yellow]…"}
        for s in states:
            table.add_row(
                str(s.video.id), s.video.name, clock.label(s.video.start_at), format_offset(s.video.duration),
                *(marks[st.status] for st in s.stages), s.video.status,
            )
        console.print(table)
        for s in states:
            if s.video.error:
                console.print(f"[red]video {s.video.id} ({s.video.name}): {s.video.error}", highlight=False)


def summary(library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """What the Library holds: files, hours, frames, segments and the timeline they span."""
    from vidmem.library import Library

    with Library.open(library) as lib:
        info = lib.summary()
        tz = lib.settings.timezone
        if json_out:
            print_json(asdict(info))
            return
        clock = lib.clock()
        console.soft_wrap = True
        console.print(f"[bold]Library[/] {lib.root}")
        console.print(f"  recordings: {info.videos} ({info.failed} failed), {format_offset(info.duration_s)} in all")
        console.print(f"  frames: {info.frames}   segments: {info.segments}")
        if info.first_at is not None and info.last_at is not None:
            console.print(f"  timeline: {iso(info.first_at, tz)} → {iso(info.last_at, tz)} ({info.days} day(s))")
        shown = {"videos", "frames", "segments", "jobs"}
        others = [f"{name}: {count}" for name, count in info.catalog_tables.items() if name not in shown and count]
        if others:
            console.print("  " + "   ".join(others))
        for name, count in info.vector_tables.items():
            console.print(f"  vectors/{name}: {count} rows")
        for video in lib.catalog.videos():
            console.print(
                f"  [{video.id}] {clock.label(video.start_at)} – {clock.clock(video.end_at)}  {video.name} "
                f"({format_offset(video.duration)}, start from {video.start_source})",
                highlight=False,
            )
