"""vidmem graph entities|edges|show NAME|merge A B|split NAME|search|sql."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, JsonOption, LibraryOption, console, errors, print_json
from vidmem.cli.common import open_library as _open

if TYPE_CHECKING:
    from vidmem.library import Library
    from vidmem.store.graph import Edge, GraphStore

graph_app = typer.Typer(no_args_is_help=True, help="The entity scene graph: entities, edges, merges, search.")


def _graph(lib: Library) -> GraphStore:
    from vidmem.store.graph import GraphStore

    return GraphStore(lib.catalog)


def _edge_row(lib: Library, e: Edge) -> dict:
    clock = lib.clock()
    return {"id": e.id, "source": e.source, "relationship": e.relationship, "target": e.target,
            "source_type": e.source_type, "target_type": e.target_type, "day": clock.day(e.t_start),
            "from": clock.clock(e.t_start), "to": clock.clock(e.t_end), "t_start": e.t_start, "t_end": e.t_end,
            "video_id": e.video_id, "confidence": round(e.confidence, 3), "method": e.method,
            "supporting_text": e.supporting_text}


def _print_edges(rows: list[dict]) -> None:
    if not rows:
        console.print("no edges")
        return
    table = Table("when", "source", "relationship", "target", "conf", "evidence")
    for r in rows:
        table.add_row(f"day {r['day']}, {r['from']}–{r['to']}", r["source"], r["relationship"], r["target"],
                      f"{r['confidence']:.2f}", r["supporting_text"][:80])
    console.print(table)


@graph_app.command("entities")
def entities(library: LibraryOption = DEFAULT_LIBRARY_PATH,
             type_: Annotated[str | None, typer.Option("--type", help="person, object or location")] = None,
             json_out: JsonOption = False) -> None:
    """Canonical entities with their aliases (merged names), identities and edge counts."""
    from vidmem.server.queries import entities as entity_rows  # the API's rows: one shape for both

    with _open(library, read_only=True) as lib:
        rows = [e.model_dump() for e in entity_rows(lib, type_, limit=None)]
    if json_out:
        print_json({"entities": rows})
        return
    table = Table("id", "name", "type", "aliases", "identities", "edges")
    for r in rows:
        table.add_row(str(r["id"]), r["name"], r["type"], ", ".join(r["aliases"]), ", ".join(r["identities"]),
                      str(r["edges"]))
    console.print(table)


@graph_app.command("edges")
def edges(library: LibraryOption = DEFAULT_LIBRARY_PATH,
          relationship: Annotated[str | None, typer.Option(help="Only this relationship.")] = None,
          limit: Annotated[int, typer.Option(help="At most this many edges.")] = 100,
          json_out: JsonOption = False) -> None:
    """Edges in time order."""
    with _open(library, read_only=True) as lib:
        found = [e for e in _graph(lib).edges() if relationship in (None, e.relationship)][:limit]
        rows = [_edge_row(lib, e) for e in found]
    if json_out:
        print_json({"edges": rows})
    else:
        _print_edges(rows)


@graph_app.command("show")
def show(name: Annotated[str, typer.Argument(help="An entity name (any alias).")],
         library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """One entity: its aliases, merges and edges."""
    from vidmem.graph.resolve import entity_for_name

    with _open(library, read_only=True) as lib:
        store = _graph(lib)
        try:
            entity = entity_for_name(store, name)
        except KeyError as exc:
            errors.print(f"[red]{exc.args[0]}")
            raise typer.Exit(2) from exc
        group = store.canonical(entity.id)
        members = store.entities_by_ids(store.group_members(group))
        merges = [m for m in store.merges(active_only=True) if m.kept_id == group or group in m.moved]
        rows = [_edge_row(lib, e) for e in store.find_edges(groups=[{group}], limit=500)]
        info = {"id": group, "name": next(m.name for m in members if m.id == group), "type": entity.type,
                "aliases": [m.name for m in members if m.id != group],
                "merges": [{"id": m.id, "method": m.method, "score": m.score, "evidence": m.evidence} for m in merges],
                "edges": rows}
    if json_out:
        print_json(info)
        return
    console.print(f"[bold]{info['name']}[/] ({info['type']}, id {group})  aliases: {', '.join(info['aliases']) or '—'}")
    for m in info["merges"]:
        console.print(f"  merge {m['id']} by {m['method']}: {m['evidence']}")
    _print_edges(rows)


@graph_app.command("merge")
def merge(a: Annotated[str, typer.Argument(help="The entity to keep.")],
          b: Annotated[str, typer.Argument(help="The entity that joins it.")],
          library: LibraryOption = DEFAULT_LIBRARY_PATH) -> None:
    """Say that two names are one entity (undo with `vidmem graph split B`)."""
    from vidmem.graph.resolve import merge_by_name

    with _open(library) as lib, lib.writing(), lib.catalog.transaction():
        try:
            merge_id = merge_by_name(_graph(lib), a, b)
        except (KeyError, ValueError) as exc:
            errors.print(f"[red]{exc.args[0]}")
            raise typer.Exit(2) from exc
    console.print(f"merged {b!r} into {a!r} (merge {merge_id})")


@graph_app.command("split")
def split(name: Annotated[str, typer.Argument(help="An entity to separate again from what it was merged with.")],
          library: LibraryOption = DEFAULT_LIBRARY_PATH) -> None:
    """Undo the merges of one entity; automatic resolution will not merge them again."""
    from vidmem.graph.resolve import split_by_name

    with _open(library) as lib, lib.writing(), lib.catalog.transaction():
        try:
            undone = split_by_name(_graph(lib), name)
        except (KeyError, ValueError) as exc:
            errors.print(f"[red]{exc.args[0]}")
            raise typer.Exit(2) from exc
    console.print(f"undid merge(s) {', '.join(map(str, undone))}")


@graph_app.command("search")
def search(names: Annotated[list[str], typer.Argument(help="One or more entity names.")],
           library: LibraryOption = DEFAULT_LIBRARY_PATH,
           relationship: Annotated[str | None, typer.Option(help="talks_to, mentions, uses, …")] = None,
           day: Annotated[int | None, typer.Option(help="Only this day of the timeline.")] = None,
           json_out: JsonOption = False) -> None:
    """entity_graph_search: strict to relaxed; says which level matched."""
    from vidmem.retrieval.graph import entity_graph_search

    with _open(library, read_only=True) as lib:
        time_range = lib.clock().day_range(day) if day is not None else None
        result = entity_graph_search(lib, names, relationship, time_range)
        rows = [{"score": round(h.score, 3), "text": h.text, "t0": h.t0, "t1": h.t1, "video_id": h.video_id,
                 "when": lib.clock().label(h.t0), "edge_id": h.source_id} for h in result.hits]
    if json_out:
        print_json({"level": result.level, "level_name": result.level_name, "matched_names": result.matched_names,
                    "hits": rows})
        return
    console.print(f"level {result.level}: {result.level_name}")
    for r in rows:
        console.print(f"  {r['when']}  {r['text'][:120]}  ({r['score']:.2f})")


@graph_app.command("sql")
def sql(statement: Annotated[str, typer.Argument(help="One SELECT statement (run read-only).")],
        library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """Run one SELECT on a read-only connection with row and time limits."""
    from vidmem.retrieval.graph import run_graph_sql
    from vidmem.store.graph import SqlRefused

    with _open(library, read_only=True) as lib:
        try:
            result = run_graph_sql(lib, statement)
        except SqlRefused as exc:
            errors.print(f"[red]{exc}")
            raise typer.Exit(2) from exc
    if json_out:
        print_json({"columns": result.columns, "rows": result.rows, "truncated": result.truncated})
        return
    table = Table(*result.columns)
    for row in result.rows:
        table.add_row(*(str(v) for v in row))
    console.print(table)
    if result.truncated:
        console.print(f"(first {len(result.rows)} rows)")


@graph_app.command("ask-sql")
def ask_sql(question: Annotated[str, typer.Argument(help="A question the chat model turns into one SELECT.")],
            library: LibraryOption = DEFAULT_LIBRARY_PATH,
            no_cache: Annotated[bool, typer.Option("--no-cache", help="Ask the model again; skip the cache.")] = False,
            json_out: JsonOption = False) -> None:
    """The chat model writes SQL for the question; it runs read-only with row and time limits."""
    from vidmem.models.chat import load_chat_model
    from vidmem.retrieval.graph import graph_sql_search
    from vidmem.store.graph import SqlRefused

    with _open(library) as lib:
        try:
            chat = load_chat_model(lib.settings, cache=not no_cache)
        except Exception as exc:  # configuration or weights problems are reported, not raised
            errors.print(f"[red]no chat model: {exc}")
            raise typer.Exit(2) from exc
        try:
            found = graph_sql_search(lib, question, chat)
        except (SqlRefused, RuntimeError) as exc:
            errors.print(f"[red]{exc}")
            raise typer.Exit(2) from exc
    if json_out:
        print_json({"sql": found.sql, "columns": found.result.columns, "rows": found.result.rows,
                    "truncated": found.result.truncated})
        return
    console.print(f"[dim]{found.sql}")
    table = Table(*found.result.columns)
    for row in found.result.rows:
        table.add_row(*(str(v) for v in row))
    console.print(table)
