"""vidmem serve: the HTTP API, the web page, the OpenAI-compatible endpoint and MCP, in one process."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, LibraryOption, console, errors


def serve(
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    host: Annotated[str, typer.Option(help="Address to listen on; any but loopback needs --token.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    token: Annotated[str | None, typer.Option(envvar="VIDMEM_TOKEN", show_default=False,
                                              help="Every request must carry it (Authorization: Bearer TOKEN; "
                                                   "a browser opens /?token=TOKEN once).")] = None,
    allow: Annotated[list[Path] | None, typer.Option(
        "--allow", help="A folder whose files may be ingested over HTTP; repeat for several (none: no ingest).")
    ] = None,
    planner: Annotated[str, typer.Option(help="auto | rules | llm")] = "auto",
    answerer: Annotated[str, typer.Option(help="auto | rules | llm (rules: no chat model, well under a second)")]
    = "auto",
) -> None:
    """Serve the Library: web page at /, API docs at /docs, OpenAI-compatible /v1, MCP at /mcp."""
    from vidmem.server.app import run
    from vidmem.server.config import ConfigError, ServeConfig
    from vidmem.store import LibraryNotFound, LibraryOutdated

    config = ServeConfig(library=library, host=host, port=port, token=token, allow=tuple(allow or ()),
                         planner=planner, answerer=answerer)
    try:
        config = config.checked()
        shown = f"[{host}]" if ":" in host else host
        console.print(f"vidmem serving {config.library} at http://{shown}:{port}/  (API docs: /docs, MCP: /mcp, "
                      f"OpenAI-compatible: /v1)", highlight=False)
        run(config)
    except (ConfigError, LibraryNotFound, LibraryOutdated) as exc:
        errors.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
