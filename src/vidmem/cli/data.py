"""vidmem data fetch: a benchmark's annotations and videos into a folder `vidmem eval run` reads."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from vidmem.cli.common import JsonOption, console, errors, print_json

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Fetch the benchmarks people know.")

EXIT_BAD_INPUT = 2
EXIT_UNREACHABLE = 3


class BenchmarkName(StrEnum):
    videomme = "videomme"
    lvbench = "lvbench"
    egoschema = "egoschema"


class Subset(StrEnum):
    short = "short"
    medium = "medium"
    long = "long"


@app.command()
def fetch(
    benchmark: Annotated[BenchmarkName, typer.Argument(help="Which benchmark.")],
    out: Annotated[Path, typer.Option(help="Folder for fetch.json, annotations/ and videos/; reruns resume.")],
    subset: Annotated[Subset | None, typer.Option(help="Only videos of this duration bucket.")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N selected videos.")] = None,
    ids: Annotated[Path | None, typer.Option(help="A file of video ids, one per line: only these.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print what would be fetched; write nothing.")] = False,
    jobs: Annotated[int, typer.Option(min=1, max=8, help="Concurrent video downloads.")] = 2,
    retries: Annotated[int, typer.Option(min=0, max=10, help="Retries (with backoff) of a throttled or cut-off "
                                                             "download.")] = 3,
    backoff: Annotated[float, typer.Option(min=0, help="Seconds before the first retry; doubles each time.")] = 2.0,
    retry_missing: Annotated[bool, typer.Option(
        "--retry-missing", help="Try again videos recorded as private, removed or unavailable.")] = False,
    revision: Annotated[str, typer.Option(help="Hub revision (branch, tag or commit) of the annotations; the "
                                               "commit used is recorded in fetch.json.")] = "main",
    video_url: Annotated[str | None, typer.Option(
        envvar="VIDMEM_VIDEO_URL", help="URL template of a video, {id} for its id (default: YouTube).",
        show_default=False)] = None,
    video_format: Annotated[str | None, typer.Option("--format", help="yt-dlp format selector.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Fetch a benchmark (annotations from the Hugging Face Hub, videos through yt-dlp) for `vidmem eval run
    --dataset BENCHMARK:OUT`. HF_ENDPOINT and HF_TOKEN are honoured. Missing videos are listed with why."""
    from vidmem.data import videos
    from vidmem.data.benchmarks import YOUTUBE, SelectionError, read_ids
    from vidmem.data.errors import FetchError, Unreachable
    from vidmem.data.fetch import fetch as run_fetch
    from vidmem.eval.datasets import DatasetError

    source = videos.VideoSource(video_url or YOUTUBE, video_format or videos.DEFAULT_FORMAT, retries,
                                 backoff)

    def progress(key: str, what: str) -> None:
        if not as_json:
            console.print(f"  {key}: {what}", highlight=False)

    try:
        wanted = read_ids(ids) if ids is not None else None
        report = run_fetch(benchmark.value, out, subset=subset.value if subset else None, limit=limit, ids=wanted,
                           dry_run=dry_run, jobs=jobs, source=source, retry_missing=retry_missing,
                           revision=revision, progress=progress)
    except Unreachable as exc:
        errors.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_UNREACHABLE) from None
    except (FetchError, SelectionError, DatasetError) as exc:
        errors.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    plan = report.plan
    missing = {k: {"reason": e.reason, "detail": e.detail} for k, e in report.missing.items()}
    if as_json:
        print_json({"benchmark": plan.benchmark, "folder": str(out), "dry_run": dry_run,
                    "annotations_to_fetch": plan.annotations, "selected": len(plan.selected),
                    "to_fetch": plan.to_fetch, "fetched": report.fetched, "present": report.present,
                    "missing": missing})
        return
    if dry_run:
        for name in plan.annotations:
            console.print(f"would fetch annotations {name}", highlight=False)
        for key in plan.to_fetch:
            console.print(f"would fetch video {key}", highlight=False)
        console.print(f"{len(plan.selected)} video(s) selected, {len(plan.to_fetch)} to fetch, "
                      f"{len(plan.selected) - len(plan.to_fetch)} already here", highlight=False)
        return
    console.print(f"{plan.benchmark}: {len(report.present)} of {len(plan.selected)} video(s) present "
                  f"({len(report.fetched)} fetched now), {len(missing)} missing", highlight=False)
    for key, why in missing.items():
        console.print(f"  missing {key}: {why['reason']} — {why['detail']}", highlight=False)
    console.print(f"run it: vidmem eval run --dataset {plan.benchmark}:{out} --out RUN", highlight=False)
