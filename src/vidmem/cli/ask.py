"""vidmem ask: plan, search, answer with cited times; steps print as they happen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, JsonOption, LibraryOption, console, errors, print_json

if TYPE_CHECKING:
    from vidmem.agent.state import TraceEvent


def ask(
    question: Annotated[str, typer.Argument(help="The question, in plain words.")],
    options: Annotated[
        list[str] | None,
        typer.Option("--options", "-o", help='A multiple-choice option ("A. …"); repeat for each option.'),
    ] = None,
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    as_json: JsonOption = False,
    trace: Annotated[bool, typer.Option("--trace", help="Also print every step's details (and in --json).")] = False,
    planner: Annotated[str, typer.Option(help="auto | rules | llm")] = "auto",
    answerer: Annotated[str, typer.Option(help=(
        "rules (auto's choice): the evidence scorer answers, no model, under a second once loaded | llm: the "
        "packaged chat model decides where the scorer is unsure (15-45 s a call on 2 cores, no more accurate "
        "on our dev questions) | auto: VIDMEM_AGENT_ANSWERER, else rules"))] = "auto",
    now: Annotated[str | None, typer.Option(
        help='The present, for "today" / "yesterday" (ISO date/time; default: the last recorded day).')] = None,
) -> None:
    """Ask a question about the Library's footage; the answer cites day, clock time and file offset."""
    if not (library / "catalog.sqlite").is_file():
        errors.print(f"[red]no Library at {library}[/red] (ingest footage first: vidmem ingest PATH -L {library})")
        raise typer.Exit(2)

    def show(event: TraceEvent) -> None:
        if as_json:
            return
        if event.step == "understand":
            console.print(f"[bold]understood[/bold] {event.detail}", highlight=False, soft_wrap=True)
        elif event.step in {"plan", "replan"}:
            console.print(f"[bold]{event.step}[/bold] ({event.data.get('source')}, {event.data.get('intent')})",
                          highlight=False)
            for i, sub in enumerate(event.data.get("subtasks", [])):
                ref = f"  ← {sub['relation']} step {sub['ref']}" if sub.get("ref") is not None else ""
                console.print(f"  {i}. {sub['tool']} {sub['args']}{ref}", highlight=False, soft_wrap=True,
                              markup=False)
            for why in event.data.get("rejected", []) if trace else []:
                console.print(f"  rejected plan: {why}", style="yellow", highlight=False, soft_wrap=True, markup=False)
        elif event.step == "tool":
            console.print(event.detail, style="cyan", highlight=False, soft_wrap=True, markup=False)
        elif trace and event.step in {"route", "analyze", "grade"}:
            console.print(f"{event.step}: {event.detail}", style="dim", highlight=False, soft_wrap=True, markup=False)

    from vidmem.library import Library
    from vidmem.timeline import parse_iso

    try:
        with Library.open(library, read_only=True) as lib:  # asking never writes the Library
            present = parse_iso(now, lib.settings.timezone) if now else None
            answer = lib.ask(question, options or None, observer=show, planner=planner, answerer=answerer,
                             now=present)
    except (ValueError, RuntimeError) as exc:
        errors.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    if as_json:
        out = answer.to_dict()
        if not trace:
            out.pop("trace")
        print_json(out)
        return
    console.print(f"\n{answer.text}  (confidence {answer.confidence:.2f})", style="bold", highlight=False,
                  markup=False)
    if answer.justification:
        console.print(answer.justification, highlight=False, soft_wrap=True, markup=False)
    for c in answer.citations:
        console.print(f"  • {c.label} [{c.modality}] {c.snippet[:100]}", highlight=False, soft_wrap=True,
                      markup=False)
    t = answer.timings
    console.print(f"[dim]plan {t.get('plan', 0):.2f}s · tools {t.get('tools', 0):.2f}s · answer "
                  f"{t.get('answer', 0):.2f}s[/dim]", highlight=False)
