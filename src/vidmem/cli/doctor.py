"""vidmem doctor: which adapter each capability uses under the profile, and whether its weights are here."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, JsonOption, LibraryOption, console, print_json


def doctor(
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    profile: Annotated[str | None, typer.Option(help="Check this profile instead of the configured one.")] = None,
    json_out: JsonOption = False,
) -> None:
    """List each model capability, the adapter the profile picks, and whether its weights are present."""
    from vidmem.config import Settings
    from vidmem.models.profiles import chosen

    settings = Settings.load(library if library.exists() else None)
    if profile:
        from dataclasses import replace

        settings = replace(settings, profile=profile)
    rows = []
    for capability, spec, override in chosen(settings):
        state = spec.check() if spec else None
        rows.append(
            {
                "capability": capability,
                "adapter": override or (spec.name if spec else None),
                "description": spec.description if spec else "no adapter for this profile",
                "ready": bool(state and state.present) if not override else None,
                "detail": (state.detail if state else "") if not override else f"overridden: {override}",
            }
        )
    if json_out:
        print_json({"profile": settings.profile, "capabilities": rows})
    else:
        table = Table("capability", "adapter", "ready", "detail", title=f"profile: {settings.profile}")
        for row in rows:
            ready = {True: "[green]yes", False: "[red]no", None: "[yellow]?"}[row["ready"]]
            table.add_row(row["capability"], str(row["adapter"]), ready, f"{row['description']} — {row['detail']}")
        console.print(table)
    if any(row["ready"] is False for row in rows):
        raise typer.Exit(1)
