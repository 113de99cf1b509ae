"""vidmem devdata make: generated first-person footage with exact truth and questions."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from vidmem.cli.common import JsonOption, console, errors, print_json

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Generated test footage with ground truth.")


@app.command()
def make(
    out: Annotated[Path, typer.Argument(help="Folder to write videos/, manifest.json, truth.json, questions.jsonl.")],
    days: Annotated[int, typer.Option(min=1, help="Days of footage.")] = 1,
    minutes_per_day: Annotated[float, typer.Option(min=0.5, max=600, help="Minutes of recording per day.")] = 10.0,
    seed: Annotated[int, typer.Option(
        help="Same seed, same corpus: < 1000 dev, ≥ 1000 held-out, ≥ 2000 another author's world.")] = 0,
    fps: Annotated[int, typer.Option(min=1, max=30, help="Encoded frame rate.")] = 5,
    workers: Annotated[int | None, typer.Option(min=1, help="Processes encoding video (default: CPUs, ≤4).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a corpus already in OUT.")] = False,
    motion: Annotated[str, typer.Option(
        help="Camera motion: steady (slow pans) or continuous (head-mounted: every frame differs).")] = "steady",
    questions_per_kind: Annotated[int | None, typer.Option(
        min=1, help="Questions per category and phrasing split (default grows with the footage).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Make N days of footage: real photos, real voices, truth.json and checked questions.jsonl."""
    from vidmem.devdata import make_corpus
    from vidmem.devdata.photos import MissingAsset
    from vidmem.devdata.speech import VoiceUnavailable
    from vidmem.devdata.uniqueness import AmbiguousQuestion

    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=errors if as_json else console, transient=as_json,
    ) as progress:
        tasks: dict[str, int] = {}
        labels = {"plan": "plan + speech", "video": "encode videos"}

        def report(phase: str, done: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = progress.add_task(labels.get(phase, phase), total=total)
            progress.update(tasks[phase], completed=done, total=total)

        try:
            info = make_corpus(out, days=days, minutes_per_day=minutes_per_day, seed=seed, fps=fps,
                               workers=workers, overwrite=force, progress=report, motion=motion,
                               questions_per_kind=questions_per_kind)
        except (FileExistsError, VoiceUnavailable, MissingAsset, AmbiguousQuestion, ValueError) as exc:
            errors.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
            raise typer.Exit(1) from exc
    if as_json:
        print_json(info.to_json())
        return
    total = sum(info.questions.values())
    splits = ", ".join(f"{split} {sum(counts.values())}" for split, counts in info.questions_by_split.items())
    world = "held-out" if info.world.get("heldout_seed") else "dev"
    if info.world.get("wording") == "other":
        world = "held-out other author's"
    console.print(
        f"[green]✓[/green] {out}: {world} world from {info.world.get('weekday')} {info.world.get('start_date')}, "
        f"{len(info.videos)} videos, {info.duration_s / 60:.1f} min, "
        f"{info.utterances} utterances by {', '.join(info.speakers)}; {total} questions ({splits}; "
        f"{', '.join(f'{k} {v}' for k, v in info.questions.items())}) in {info.seconds['total']:.1f} s",
        highlight=False,
    )
