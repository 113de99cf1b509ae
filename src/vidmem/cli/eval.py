"""vidmem eval run / report: the context ladder side by side on a dataset."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from vidmem.cli.common import console, errors
from vidmem.config import Settings
from vidmem.levels import LEVEL_NAMES

eval_app = typer.Typer(no_args_is_help=True, help="Evaluate the context ladder (L1–L5), the agent and baselines.")


@eval_app.command("run")
def run(
    dataset: Annotated[str, typer.Option(help="corpus:PATH | videomme:ANNOTATIONS:VIDEOS | lvbench:JSON:VIDEOS")],
    out: Annotated[Path, typer.Option(help="Run folder: results.jsonl, run.json, the report. Reruns resume.")],
    levels: Annotated[str, typer.Option(help=f"Comma-separated: {','.join(LEVEL_NAMES)}")] = "L1,L2,L3,L4,L5,blind",
    profile: Annotated[str, typer.Option(help="Model profile: lite | full")] = "lite",
    library: Annotated[Path | None, typer.Option("--library", "-L",
                                                 help="Library to ingest into (default: OUT/library).")] = None,
    chat: Annotated[str | None,
                    typer.Option(help="Answering model: openai[:MODEL] | llamacpp[:0.5b|1.5b|PATH]")] = None,
    votes: Annotated[int, typer.Option(min=1, help="Self-consistency: the majority of N answers sampled at "
                                                   "temperature > 0 (1: one greedy answer); agreement is reported. "
                                                   "The agent answers once.")] = 1,
    price: Annotated[float | None, typer.Option(
        help="USD per compute-second (default: one second of an L4 GPU, the study's price).")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N questions.")] = None,
    per_category: Annotated[int | None, typer.Option(
        min=1, help="Only the first N questions of each category (task type).")] = None,
    transcripts: Annotated[bool, typer.Option(help="Put what was said into L1–L5 descriptions.")] = True,
    vision: Annotated[bool, typer.Option(help="Send frames as images (vision-capable chat models).")] = False,
    cache: Annotated[bool, typer.Option(help="Answer repeated prompts from the chat cache (latency reads 0).")] = False,
    max_tokens: Annotated[int, typer.Option(min=1, help="Bound on each answer's tokens.")] = 48,
    seed: Annotated[int, typer.Option(help="Seed of the random baseline.")] = 0,
) -> None:
    """Run the chosen levels over a dataset with one answering model; resumable; ends by writing the report."""
    from vidmem.eval.datasets import DatasetError, load_dataset
    from vidmem.eval.harness import MODEL_FREE_LEVELS, evaluate
    from vidmem.eval.metrics import DEFAULT_PRICE_PER_S
    from vidmem.library import Library

    names = [n.strip() for n in levels.split(",") if n.strip()]
    bad = [n for n in names if n not in LEVEL_NAMES]
    if bad:
        errors.print(f"[red]unknown level(s):[/] {', '.join(bad)} (choose from {', '.join(LEVEL_NAMES)})")
        raise typer.Exit(2)
    try:
        data = load_dataset(dataset)
    except DatasetError as exc:
        errors.print(f"[red]error:[/] {exc}", highlight=False)
        raise typer.Exit(2) from None
    root = library or out / "library"
    settings = Settings.load(root)
    settings = replace(settings, profile=profile,
                       adapters={**settings.adapters, **({"chat": chat} if chat else {})})
    model = None
    if set(names) - MODEL_FREE_LEVELS:
        from vidmem.models.chat import load_chat_model

        try:
            model = load_chat_model(settings, cache=cache)
        except Exception as exc:  # missing weights or server: say which, do not start the run
            errors.print(f"[red]cannot load the answering model:[/] {exc}", highlight=False)
            raise typer.Exit(2) from None
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn()]
    with Library.open(root, settings) as lib, Progress(*columns, console=console) as bar:
        task = bar.add_task("ingest", total=None)
        bar.update(task, description=f"ingesting {len(data.videos)} video(s)")

        def progress(done: int, total: int, label: str) -> None:
            bar.update(task, completed=done, total=total, description=f"answering {label}")

        try:
            evaluate(lib, data, names, out, chat=model, dataset_spec=dataset, votes=votes,
                     price_per_s=DEFAULT_PRICE_PER_S if price is None else price, transcripts=transcripts,
                     vision=vision, max_tokens=max_tokens, seed=seed,
                     limit=limit, per_category=per_category,
                     progress=progress)
        except ValueError as exc:
            errors.print(f"[red]error:[/] {exc}", highlight=False)
            raise typer.Exit(2) from None
    _print_summary(out)


@eval_app.command("report")
def report(run_dir: Annotated[Path, typer.Argument(help="A folder written by `vidmem eval run`.")]) -> None:
    """Write report.md, report.html, summary.json and PNG plots from the run's results.jsonl."""
    try:
        _print_summary(run_dir)
    except FileNotFoundError as exc:
        errors.print(f"[red]error:[/] {exc}", highlight=False)
        raise typer.Exit(2) from None


def _print_summary(run_dir: Path) -> None:
    from vidmem.eval.report import write_report

    files = write_report(run_dir)
    summary = json.loads(files["summary"].read_text())
    table = Table("level", "n", "accuracy [95% CI]", "unparseable", "errors", "s/question", "cost/question")
    for name, s in summary["levels"].items():
        acc = s["accuracy"]
        shown = f"{100 * acc['value']:.1f}% [{100 * acc['low']:.1f}, {100 * acc['high']:.1f}]"
        table.add_row(name, str(acc["n"]), shown, str(s["unparseable"]), str(s["errors"]),
                      f"{s['latency_s']['total']:.2f}", f"${s['cost_per_question_usd']:.6f}")
    console.print(table)
    console.print(f"report: {files['markdown']}  {files['html']}")
