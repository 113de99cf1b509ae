"""`vidmem data fetch`: annotations, then the selected videos, into one folder `vidmem eval` reads.

DIR/fetch.json            what was selected and got (manifest.py), rewritten atomically after each video
DIR/annotations/<file>    the Hub's annotation files, as the Hub names them
DIR/videos/<id>.<ext>     finished videos only
DIR/.partial/             downloads in progress (resumed by the next run; removed when nothing is left)
"""

from __future__ import annotations

import glob
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path

from vidmem.data import hub, videos
from vidmem.data.benchmarks import BENCHMARKS, YOUTUBE, Benchmark, select_videos
from vidmem.data.errors import FetchError, Unreachable
from vidmem.data.manifest import MISSING, PRESENT, Manifest, VideoEntry, describe, intact
from vidmem.eval.datasets import FETCHED_VIDEOS

ANNOTATIONS = "annotations"
PARTIAL = ".partial"
DEFAULT_JOBS = 2  # concurrent downloads: polite to the host, enough to keep a home line busy


@dataclass
class Plan:
    """What a fetch would do: annotation files to download and videos to get (the rest are already here)."""

    benchmark: str
    annotations: list[str] = field(default_factory=list)
    selected: list[str] = field(default_factory=list)
    to_fetch: list[str] = field(default_factory=list)


@dataclass
class Report:
    folder: Path
    plan: Plan
    fetched: list[str] = field(default_factory=list)
    present: list[str] = field(default_factory=list)
    missing: dict[str, VideoEntry] = field(default_factory=dict)


Progress = Callable[[str, str], None]  # (video id, what happened)


def fetch(
    name: str,
    out: Path,
    *,
    subset: str | None = None,
    limit: int | None = None,
    ids: Iterable[str] | None = None,
    dry_run: bool = False,
    jobs: int = DEFAULT_JOBS,
    source: videos.VideoSource | None = None,
    retry_missing: bool = False,
    revision: str = hub.DEFAULT_REVISION,
    progress: Progress | None = None,
) -> Report:
    """Fetch (or with `dry_run`, plan) one benchmark into `out`. Raises Unreachable / FetchError with one line."""
    bench = BENCHMARKS[name]
    out = Path(out)
    source = source or videos.VideoSource(videos.url_template(YOUTUBE))
    created = not out.exists()
    manifest = Manifest.load(out) if out.is_dir() else None
    if manifest is not None and manifest.benchmark != name:
        raise FetchError(f"{out} holds a {manifest.benchmark} fetch; choose another folder for {name}")
    manifest = manifest or Manifest(name, bench.repo)
    plan = Plan(name)
    try:
        with tempfile.TemporaryDirectory(prefix="vidmem-fetch-") as scratch:
            files = _annotations(bench, out, manifest, plan, revision, Path(scratch) if dry_run else None)
            plan.selected = select_videos(bench.load(files), subset=subset, ids=ids, limit=limit)
            _adopt(out, manifest, plan.selected)
            plan.to_fetch = [k for k in plan.selected if _wanted(manifest.videos.get(k), retry_missing)]
    except BaseException:
        if created and not dry_run:  # nothing was finished: leave nothing behind
            shutil.rmtree(out, ignore_errors=True)
        raise
    report = Report(out, plan)
    if dry_run:
        return _summarise(report, manifest)
    manifest.save(out)
    try:
        if bench.on_youtube:
            _download_all(out, manifest, plan.to_fetch, source, jobs, report, progress)
        else:
            for key in plan.to_fetch:
                manifest.videos[key] = VideoEntry(MISSING, "not-on-youtube", bench.not_on_youtube)
            manifest.save(out)
    finally:
        _tidy(out / PARTIAL)
    return _summarise(report, manifest)


def _tidy(partial: Path) -> None:
    """Drop the Hub client's bookkeeping (the files were moved out) and the folder once no partial file is left;
    a partial video stays for the next run to resume."""
    shutil.rmtree(partial / "hub", ignore_errors=True)
    if partial.is_dir() and not any(p.is_file() for p in partial.rglob("*")):
        shutil.rmtree(partial, ignore_errors=True)


def _wanted(entry: VideoEntry | None, retry_missing: bool) -> bool:
    """Not yet tried, or missing for a reason that may pass (a re-run does not knock on a removed video)."""
    if entry is None:
        return True
    if entry.status == PRESENT:
        return False
    return retry_missing or entry.reason in videos.TRANSIENT


def _annotations(bench: Benchmark, out: Path, manifest: Manifest, plan: Plan, revision: str,
                 scratch: Path | None) -> list[Path]:
    """The annotation files, from the Hub unless the manifest's copies are intact (and at the asked revision,
    when one is pinned). With `scratch` (a dry run) they are downloaded there, never into `out`."""
    have = {entry.path: entry for entry in manifest.annotations}
    paths = []
    for filename in bench.files:
        relative = f"{ANNOTATIONS}/{filename}"
        entry = have.get(relative)
        if intact(out, entry) and revision in (hub.DEFAULT_REVISION, entry.commit):  # type: ignore[union-attr]
            paths.append(out / relative)
            continue
        plan.annotations.append(filename)
        root = scratch if scratch is not None else out
        dest = root / relative
        commit = hub.download(bench.repo, filename, root / PARTIAL / "hub", dest, revision)
        if scratch is None:
            entry = replace(describe(out, dest), commit=commit)
            manifest.annotations = [e for e in manifest.annotations if e.path != relative] + [entry]
        paths.append(dest)
    return paths


def _adopt(out: Path, manifest: Manifest, keys: list[str]) -> None:
    """Trust a recorded video only if intact; record a file the user put in DIR/videos/ themselves."""
    folder = out / FETCHED_VIDEOS
    for key in keys:
        entry = manifest.videos.get(key)
        if entry is not None and entry.status == PRESENT and intact(out, entry.file):
            continue
        placed = sorted(p for p in folder.glob(f"{glob.escape(key)}.*") if _is_video(p)) if folder.is_dir() else []
        if placed:
            manifest.videos[key] = VideoEntry(PRESENT, file=describe(out, placed[0]))
        elif entry is not None and entry.status == PRESENT:  # recorded but gone or changed: fetch again
            del manifest.videos[key]


def _is_video(path: Path) -> bool:
    from vidmem.ingest.discovery import VIDEO_EXTENSIONS  # here: the ingest package is heavy to import

    return path.is_file() and path.suffix.lower() in VIDEO_EXTENSIONS


def _download_all(out: Path, manifest: Manifest, keys: list[str], source: videos.VideoSource, jobs: int,
                  report: Report, progress: Progress | None) -> None:
    lock = threading.Lock()
    stop = threading.Event()

    def one(key: str) -> None:
        if stop.is_set():
            return
        outcome = videos.download(source, key, out / PARTIAL / "videos", out / FETCHED_VIDEOS)
        with lock:
            if outcome.path is not None:
                manifest.videos[key] = VideoEntry(PRESENT, file=describe(out, outcome.path))
                report.fetched.append(key)
            else:
                manifest.videos[key] = VideoEntry(MISSING, outcome.reason, outcome.detail)
            manifest.save(out)
        if progress:
            progress(key, "fetched" if outcome.path is not None else f"missing ({outcome.reason})")

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(one, key) for key in keys]
        finished, _ = wait(futures, return_when=FIRST_EXCEPTION)
        failed = next((f.exception() for f in finished if f.exception() is not None), None)
        if failed is not None:
            stop.set()
            for future in futures:
                future.cancel()
    if failed is not None:
        raise failed if isinstance(failed, Unreachable | FetchError) else FetchError(str(failed))


def _summarise(report: Report, manifest: Manifest) -> Report:
    for key in report.plan.selected:
        entry = manifest.videos.get(key)
        if entry is not None and entry.status == PRESENT:
            report.present.append(key)
        elif entry is not None:
            report.missing[key] = entry
    return report
