"""Options and output helpers every command shares."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from vidmem.config import DEFAULT_LIBRARY

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


def print_json(value: Any) -> None:
    # plain print: Rich would wrap long lines and break the JSON for scripts
    print(json.dumps(value, indent=2, ensure_ascii=False, default=str))
