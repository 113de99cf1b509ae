"""vidmem mcp: the Library's tools for an MCP client (Claude Desktop, an agent framework) over stdio."""

from __future__ import annotations

import threading
from typing import Annotated

import typer

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, LibraryOption, errors


def mcp(
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    planner: Annotated[str, typer.Option(help="auto | rules | llm (for the ask tool)")] = "auto",
    answerer: Annotated[str, typer.Option(help="auto | rules | llm (for the ask tool)")] = "auto",
) -> None:
    """Serve the MCP tools audio_search, visual_search, entity_graph_search, ask and timeline over stdio."""
    from vidmem.server.config import ServeConfig
    from vidmem.server.mcp_tools import build_mcp
    from vidmem.server.state import ServerState
    from vidmem.store import LibraryNotFound, LibraryOutdated

    try:
        state = ServerState(ServeConfig(library=library, planner=planner, answerer=answerer).checked())
    except (LibraryNotFound, LibraryOutdated) as exc:
        errors.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    threading.Thread(target=state.resident.warm, name="vidmem-warm", daemon=True).start()
    try:
        build_mcp(state).run("stdio")
    finally:
        state.close()
