"""A Library's full content (catalog rows, LanceDB rows, thumbnails) in a form two Libraries can be compared by."""

from __future__ import annotations

import hashlib
import math
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np

# When a row was written and how long a stage took differ between any two runs.
VOLATILE_COLUMNS = {"added_at", "updated_at", "created_at", "undone_at", "seconds"}
# Checkpoints are written as work happens: with workers, a later file is registered (its `probe` job)
# before an earlier file's last stage is saved. Compared by key instead of by insertion order.
KEYED_ORDER = {"jobs": "video_id, stage"}
FLOAT_TOLERANCE = 1e-4  # float noise: a model run in another process, batch or thread count


def catalog_rows(root: Path) -> dict[str, list[tuple]]:
    """Every ordinary table's rows in rowid order, without the volatile columns (FTS shadow tables are derived)."""
    conn = sqlite3.connect(root / "catalog.sqlite")
    try:
        tables = [name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
            "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' ORDER BY name")]
        out = {}
        for table in tables:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")
                       if row[1] not in VOLATILE_COLUMNS]
            order = KEYED_ORDER.get(table) or ("rowid" if _has_rowid(conn, table) else ", ".join(columns))
            query = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}"
            out[table] = [tuple(row) for row in conn.execute(query)]
        return out
    finally:
        conn.close()


def _has_rowid(conn: sqlite3.Connection, table: str) -> bool:
    try:
        conn.execute(f"SELECT rowid FROM {table} LIMIT 1")
        return True
    except sqlite3.OperationalError:
        return False


def vector_rows(root: Path) -> dict[str, list[dict[str, Any]]]:
    import lancedb

    db = lancedb.connect(str(root / "vectors"))
    out = {}
    for name in _table_names(db):
        rows = db.open_table(name).to_arrow().to_pylist()
        out[name] = sorted(rows, key=lambda r: (r.get("video_id", 0), r.get("key", ""), r.get("idx", 0)))
    return out


def _table_names(db: Any) -> list[str]:
    listed = db.list_tables() if hasattr(db, "list_tables") else db.table_names()
    names = getattr(listed, "tables", listed)
    return sorted(names)


def thumbnails(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((root / "frames").rglob("*.jpg"))}


def library_differences(got: Path, want: Path) -> list[str]:
    """Where two Libraries differ (beyond float noise): one line per differing table, row or file."""
    out: list[str] = []
    got_rows, want_rows = catalog_rows(got), catalog_rows(want)
    if got_rows.keys() != want_rows.keys():
        out.append(f"catalog tables {sorted(got_rows)} != {sorted(want_rows)}")
    for table in sorted(want_rows.keys() & got_rows.keys()):
        got_n, want_n = len(got_rows[table]), len(want_rows[table])
        if got_n != want_n:
            out.append(f"{table}: {got_n} rows, want {want_n}")
            continue
        bad = [i for i, (a, b) in enumerate(zip(got_rows[table], want_rows[table], strict=True)) if not _same(a, b)]
        if bad:
            out.append(f"{table} row {bad[0]} (of {len(bad)} differing): {got_rows[table][bad[0]]!r} != "
                       f"{want_rows[table][bad[0]]!r}")
    got_vectors, want_vectors = vector_rows(got), vector_rows(want)
    if got_vectors.keys() != want_vectors.keys():
        out.append(f"vector tables {sorted(got_vectors)} != {sorted(want_vectors)}")
    for table in sorted(want_vectors.keys() & got_vectors.keys()):
        if len(got_vectors[table]) != len(want_vectors[table]):
            out.append(f"vectors/{table}: {len(got_vectors[table])} rows, want {len(want_vectors[table])}")
            continue
        for a, b in zip(got_vectors[table], want_vectors[table], strict=True):
            bad_columns = [c for c in b if c not in a or not _same(a[c], b[c])]
            if bad_columns:
                c = bad_columns[0]
                out.append(f"vectors/{table} {b.get('key')} {c}: {a.get(c)!r} != {b[c]!r}")
                break
    got_thumbs, want_thumbs = thumbnails(got), thumbnails(want)
    if got_thumbs != want_thumbs:
        out.append(f"thumbnails: {len(set(got_thumbs.items()) ^ set(want_thumbs.items()))} differ")
    return out


def assert_same_library(got: Path, want: Path) -> None:
    """Row for row the same, allowing float noise only (embeddings stored as blobs included)."""
    differences = library_differences(got, want)
    assert not differences, "\n".join(differences)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        if len(a) != len(b):
            return False
        if a and all(isinstance(x, (int, float)) for x in (*a, *b)):
            return bool(np.allclose(np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64),
                                    atol=FLOAT_TOLERANCE, rtol=0))
        return all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) or isinstance(b, float):
        if a is None or b is None:
            return a is b
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=FLOAT_TOLERANCE)
    if isinstance(a, bytes) and isinstance(b, bytes) and a != b:
        if len(a) != len(b) or len(a) % 4:
            return False
        return bool(np.allclose(np.frombuffer(a, np.float32), np.frombuffer(b, np.float32), atol=FLOAT_TOLERANCE))
    return a == b
