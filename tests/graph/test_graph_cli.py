"""`vidmem graph …` on a small Library built through the store."""

from __future__ import annotations

import json
from pathlib import Path

from test_graph_store import T0, edge, new_catalog
from typer.testing import CliRunner

from vidmem.cli.main import app
from vidmem.store.graph import GraphStore


def make_library(tmp_path: Path) -> Path:
    catalog = new_catalog(tmp_path)
    with catalog.transaction():
        GraphStore(catalog).replace_video_edges(1, [
            edge("Carol", "talks_to", "Alice", 10, text="Alice, see you at noon."),
            edge("Caro", "mentions", "passport", 50, tt="object"),
        ])
    catalog.close()
    return tmp_path


def run(*args: str) -> dict:
    result = CliRunner().invoke(app, [*args, "--json"] if args[1] not in ("merge", "split") else list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output) if args[1] not in ("merge", "split") else {"out": result.output}


def test_graph_cli_round_trip(tmp_path: Path) -> None:
    lib = str(make_library(tmp_path))
    names = {e["name"]: e for e in run("graph", "entities", "-L", lib)["entities"]}
    assert set(names) == {"Carol", "Caro", "Alice", "passport"} and names["Alice"]["edges"] == 1
    assert run("graph", "edges", "-L", lib)["edges"][0]["t_start"] == T0 + 10
    run("graph", "merge", "Carol", "Caro", "-L", lib)
    shown = run("graph", "show", "Caro", "-L", lib)
    assert shown["name"] == "Carol" and shown["aliases"] == ["Caro"] and len(shown["edges"]) == 2
    assert shown["merges"][0]["method"] == "user"
    found = run("graph", "search", "Carol", "passport", "-L", lib)
    assert found["level"] == 1 and len(found["hits"]) == 1
    run("graph", "split", "Caro", "-L", lib)
    assert run("graph", "show", "Carol", "-L", lib)["aliases"] == []
    rows = run("graph", "sql", "SELECT COUNT(*) FROM edges", "-L", lib)
    assert rows["rows"] == [[2]]
    refused = CliRunner().invoke(app, ["graph", "sql", "DELETE FROM edges", "-L", lib])
    assert refused.exit_code == 2
    unknown = CliRunner().invoke(app, ["graph", "show", "Nobody", "-L", lib])
    assert unknown.exit_code == 2 and "no entity" in unknown.output
