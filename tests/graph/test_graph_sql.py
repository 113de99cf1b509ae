"""The read-only SQL sandbox: hostile statements are refused or stopped, and the catalog never changes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_graph_store import edge, new_catalog

from vidmem.retrieval.graph import run_graph_sql
from vidmem.store import Catalog
from vidmem.store.graph import GraphStore, SqlRefused


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    catalog = new_catalog(tmp_path)
    with catalog.transaction():
        GraphStore(catalog).replace_video_edges(1, [edge("Alice", "talks_to", "Carol", 100),
                                                    edge("Alice", "uses", "red laptop", 200, tt="object")])
    (tmp_path / "other.db").write_bytes(b"")
    return catalog


def snapshot(catalog: Catalog) -> list[str]:
    return list(catalog.conn.iterdump())


HOSTILE = [
    "INSERT INTO entities (name, type, norm, created_at) VALUES ('x', 'person', 'x', 0)",
    "DROP TABLE edges",
    "DELETE FROM edges",
    "UPDATE entities SET name = 'Mallory'",
    "ATTACH DATABASE '{other}' AS other",
    "PRAGMA writable_schema = ON",
    "PRAGMA query_only = OFF",
    "SELECT 1; DROP TABLE edges",
    "SELECT * FROM edges; DELETE FROM edges;",
    "WITH doomed AS (SELECT id FROM edges) DELETE FROM edges WHERE id IN (SELECT id FROM doomed)",
    "CREATE TABLE evil (x)",
    "SELECT load_extension('/tmp/evil.so')",
    "VACUUM INTO '{other}'",
    "   ",
]


@pytest.mark.parametrize("statement", HOSTILE)
def test_hostile_statement_is_refused(catalog: Catalog, tmp_path: Path, statement: str) -> None:
    before = snapshot(catalog)
    with pytest.raises(SqlRefused):
        run_graph_sql(catalog, statement.format(other=tmp_path / "other.db"))
    assert snapshot(catalog) == before
    assert (tmp_path / "other.db").read_bytes() == b""


def test_endless_recursive_cte_is_stopped_by_the_time_limit(catalog: Catalog) -> None:
    before = snapshot(catalog)
    started = time.perf_counter()
    with pytest.raises(SqlRefused, match="ran past its"):
        run_graph_sql(catalog, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
                      time_limit_s=0.5)
    assert time.perf_counter() - started < 3.0
    assert snapshot(catalog) == before


def test_endless_rows_are_cut_at_the_row_limit(catalog: Catalog) -> None:
    result = run_graph_sql(catalog, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c",
                           max_rows=25)
    assert result.truncated and [r[0] for r in result.rows] == list(range(1, 26))


def test_a_plain_select_works(catalog: Catalog) -> None:
    result = run_graph_sql(catalog, "SELECT relationship, COUNT(*) AS n FROM edges GROUP BY relationship "
                                    "ORDER BY relationship; -- a trailing comment ; with a semicolon")
    assert result.columns == ["relationship", "n"]
    assert result.rows == [("talks_to", 1), ("uses", 1)] and not result.truncated
    joined = run_graph_sql(catalog, "SELECT s.name FROM edges g JOIN entities s ON s.id = g.source_entity "
                                    "WHERE g.target = 'Carol'")
    assert joined.rows == [("Alice",)]
