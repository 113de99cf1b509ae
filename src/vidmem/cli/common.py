"""Options and output helpers every command shares."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from vidmem.config import DEFAULT_LIBRARY

if TYPE_CHECKING:
    from vidmem.library import Library

console = Console()
errors = Console(stderr=True)

LibraryOption = Annotated[
    Path,
    typer.Option(
        "--library",
        "-L",
        envvar="VIDMEM_LIBRARY",
        help="The Library folder (default: $VIDMEM_LIBRARY, else ./vidmem-library).",
        show_default=False,
    ),
]
DEFAULT_LIBRARY_PATH = Path(DEFAULT_LIBRARY)

JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def open_library(library: Path, *, read_only: bool = False) -> Library:
    """An existing Library, or exit 2 saying there is none (commands that read must not create one).
    `read_only`: for commands that only read (search, lists): nothing is migrated or written."""
    if not (library / "catalog.sqlite").is_file():
        errors.print(f"[red]no Library at {library}[/] (ingest something first, or pass --library)")
        raise typer.Exit(2)
    # imported here, as every heavy module is: `vidmem --help` must not load the stores
    from vidmem.library import Library
    from vidmem.store import LibraryOutdated

    try:
        return Library.open(library, read_only=read_only)
    except LibraryOutdated as exc:
        errors.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from exc


def print_json(value: Any) -> None:
    # plain print: Rich would wrap long lines and break the JSON for scripts
    print(json.dumps(value, indent=2, ensure_ascii=False, default=str))
