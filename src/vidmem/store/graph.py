"""Entities, identities, reversible merges and edges of the scene graph. Every SQL string of the graph.

Canonical entities: `canonical_id` is NULL for a canonical entity and otherwise always points straight
at one (merges keep the chains one step long), so COALESCE(canonical_id, id) is an entity's group.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vidmem.store.catalog import Catalog

_ARTICLE = re.compile(r"^(the|a|an|my|his|her|their|our|your)\s+")
_SPACE = re.compile(r"\s+")


def norm_name(name: str) -> str:
    """The matching key of a name: case-folded, spaces collapsed, a leading article or possessive dropped."""
    text = _SPACE.sub(" ", name.strip().casefold()).strip(" .,;:!?\"'")
    return _ARTICLE.sub("", text) or text


@dataclass(frozen=True)
class EdgeRow:
    source: str
    source_type: str
    target: str
    target_type: str
    relationship: str
    t_start: float
    t_end: float
    supporting_text: str = ""
    segment_id: int | None = None
    confidence: float = 1.0
    method: str = "rules"
    # voice/face identities behind the names ("speaker:3"), linked to the entities when saved
    source_identity: str | None = None
    target_identity: str | None = None


@dataclass(frozen=True)
class Edge:
    id: int
    source: str
    source_type: str
    target: str
    target_type: str
    relationship: str
    t_start: float
    t_end: float
    supporting_text: str
    video_id: int
    segment_id: int | None
    confidence: float
    source_entity: int
    target_entity: int
    method: str
    source_canonical: int
    target_canonical: int


@dataclass(frozen=True)
class Entity:
    id: int
    name: str
    type: str
    norm: str
    canonical_id: int | None
    identities: tuple[str, ...] = ()

    @property
    def group(self) -> int:
        return self.canonical_id if self.canonical_id is not None else self.id


@dataclass(frozen=True)
class EntitySpan:
    video_id: int
    entity_id: int  # canonical
    name: str  # the canonical entity's name
    type: str
    norm: str
    t_start: float
    t_end: float


@dataclass(frozen=True)
class Merge:
    id: int
    kept_id: int
    merged_id: int
    moved: list[int]
    method: str
    score: float | None
    evidence: dict
    created_at: float
    undone_at: float | None


_EDGE_COLUMNS = (
    "g.id, g.source, g.source_type, g.target, g.target_type, g.relationship, g.t_start, g.t_end, "
    "g.supporting_text, g.video_id, g.segment_id, g.confidence, g.source_entity, g.target_entity, g.method, "
    "COALESCE(s.canonical_id, s.id), COALESCE(t.canonical_id, t.id)"
)
# a group with at most this many edges is read through the entity indexes (then sorted), a larger one by
# scanning edges in time order up to the limit (bench/week.py: a week holds 270k edges, the wearer's 70k)
INDEXED_GROUP_EDGES = 5_000
_EDGE_FROM = "edges g JOIN entities s ON s.id = g.source_entity JOIN entities t ON t.id = g.target_entity"


class GraphStore:
    """Wraps `Catalog.conn`; write methods run inside the caller's transaction."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.conn = catalog.conn

    # --- entities ------------------------------------------------------------------------------

    def upsert_entity(self, name: str, type_: str) -> int:
        key = norm_name(name)
        if not key:
            raise ValueError("an entity needs a non-empty name")
        row = self.conn.execute("SELECT id FROM entities WHERE norm = ? AND type = ?", (key, type_)).fetchone()
        if row:
            return int(row[0])
        cursor = self.conn.execute(
            "INSERT INTO entities (name, type, norm, created_at) VALUES (?, ?, ?, ?)",
            (name.strip(), type_, key, time.time()),
        )
        return int(cursor.lastrowid or 0)

    def add_identity(self, entity_id: int, identity: str) -> None:
        self.conn.execute(
            "INSERT OR IGNORE INTO entity_identities (entity_id, identity) VALUES (?, ?)", (entity_id, identity)
        )

    def entities(self) -> list[Entity]:
        identities: dict[int, list[str]] = {}
        for entity_id, identity in self.conn.execute(
            "SELECT entity_id, identity FROM entity_identities ORDER BY identity"
        ):
            identities.setdefault(entity_id, []).append(identity)
        rows = self.conn.execute("SELECT id, name, type, norm, canonical_id FROM entities ORDER BY id").fetchall()
        return [Entity(*row, identities=tuple(identities.get(row[0], ()))) for row in rows]

    def entity(self, entity_id: int) -> Entity:
        for entity in self.entities_by_ids([entity_id]):
            return entity
        raise KeyError(f"no entity {entity_id}")

    def entities_by_ids(self, ids: Iterable[int]) -> list[Entity]:
        wanted = set(ids)
        return [e for e in self.entities() if e.id in wanted]

    def entities_named(self, name: str) -> list[Entity]:
        """Entities whose matching key equals that of `name` (any type)."""
        rows = self.conn.execute(
            "SELECT id, name, type, norm, canonical_id FROM entities WHERE norm = ? ORDER BY id", (norm_name(name),)
        ).fetchall()
        return [Entity(*row) for row in rows]

    def group_members(self, canonical_id: int) -> list[int]:
        rows = self.conn.execute(
            "SELECT id FROM entities WHERE id = ? OR canonical_id = ? ORDER BY id", (canonical_id, canonical_id)
        ).fetchall()
        return [int(r[0]) for r in rows]

    def canonical(self, entity_id: int) -> int:
        row = self.conn.execute("SELECT COALESCE(canonical_id, id) FROM entities WHERE id = ?", (entity_id,)).fetchone()
        if row is None:
            raise KeyError(f"no entity {entity_id}")
        return int(row[0])

    def edge_counts(self) -> dict[int, int]:
        """Edges touching each canonical entity."""
        rows = self.conn.execute(
            "SELECT grp, COUNT(*) FROM ("
            " SELECT COALESCE(s.canonical_id, s.id) AS grp FROM edges g JOIN entities s ON s.id = g.source_entity"
            " UNION ALL"
            " SELECT COALESCE(t.canonical_id, t.id) FROM edges g JOIN entities t ON t.id = g.target_entity"
            ") GROUP BY grp"
        ).fetchall()
        return {int(k): int(v) for k, v in rows}

    # --- merges --------------------------------------------------------------------------------

    def merge(self, kept_id: int, merged_id: int, *, method: str, score: float | None, evidence: dict) -> int | None:
        """Put `merged_id`'s whole group under `kept_id`'s canonical entity; None when already one group."""
        keep, drop = self.canonical(kept_id), self.canonical(merged_id)
        if keep == drop:
            return None
        moved = self.group_members(drop)
        self.conn.execute(
            f"UPDATE entities SET canonical_id = ? WHERE id IN ({', '.join('?' * len(moved))})", (keep, *moved)
        )
        cursor = self.conn.execute(
            "INSERT INTO entity_merges (kept_id, merged_id, moved, method, score, evidence, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (keep, drop, json.dumps(moved), method, score, json.dumps(evidence, ensure_ascii=False), time.time()),
        )
        return int(cursor.lastrowid or 0)

    def undo_merge(self, merge_id: int) -> Merge:
        """Give the merged entities back their own group (the merge row stays, marked undone)."""
        merge = self.merge_record(merge_id)
        if merge.undone_at is not None:
            raise ValueError(f"merge {merge_id} is already undone")
        others = [i for i in merge.moved if i != merge.merged_id]
        self.conn.execute("UPDATE entities SET canonical_id = NULL WHERE id = ?", (merge.merged_id,))
        if others:
            self.conn.execute(
                f"UPDATE entities SET canonical_id = ? WHERE id IN ({', '.join('?' * len(others))})",
                (merge.merged_id, *others),
            )
        self.conn.execute("UPDATE entity_merges SET undone_at = ? WHERE id = ?", (time.time(), merge_id))
        return self.merge_record(merge_id)

    def merge_record(self, merge_id: int) -> Merge:
        row = self.conn.execute(
            "SELECT id, kept_id, merged_id, moved, method, score, evidence, created_at, undone_at "
            "FROM entity_merges WHERE id = ?", (merge_id,)
        ).fetchone()
        if row is None:
            raise KeyError(f"no merge {merge_id}")
        return _merge(row)

    def merges(self, *, active_only: bool = False) -> list[Merge]:
        sql = "SELECT id, kept_id, merged_id, moved, method, score, evidence, created_at, undone_at FROM entity_merges"
        if active_only:
            sql += " WHERE undone_at IS NULL"
        return [_merge(row) for row in self.conn.execute(sql + " ORDER BY id").fetchall()]

    def split_pairs(self) -> set[frozenset[int]]:
        """Entity pairs a person separated: automatic resolution never joins them again."""
        out: set[frozenset[int]] = set()
        for merge in self.merges():
            if merge.undone_at is not None:
                for a in merge.moved:
                    out.add(frozenset((merge.kept_id, a)))
        return out

    # --- edges ---------------------------------------------------------------------------------

    def replace_video_edges(self, video_id: int, rows: Sequence[EdgeRow]) -> int:
        """Delete-then-insert one video's edges; entities are created (or found) by name and type."""
        self.conn.execute("DELETE FROM edges WHERE video_id = ?", (video_id,))
        for row in rows:
            source = self.upsert_entity(row.source, row.source_type)
            target = self.upsert_entity(row.target, row.target_type)
            if row.source_identity:
                self.add_identity(source, row.source_identity)
            if row.target_identity:
                self.add_identity(target, row.target_identity)
            self.conn.execute(
                "INSERT INTO edges (source, source_type, target, target_type, relationship, t_start, t_end, "
                "supporting_text, video_id, segment_id, confidence, source_entity, target_entity, method) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.source, row.source_type, row.target, row.target_type, row.relationship, row.t_start,
                 row.t_end, row.supporting_text, video_id, row.segment_id, row.confidence, source, target,
                 row.method),
            )
        return len(rows)

    def find_edges(
        self,
        *,
        groups: Sequence[set[int]] = (),
        any_of: set[int] | None = None,
        relationship: str | None = None,
        t0: float | None = None,
        t1: float | None = None,
        limit: int = 200,
        video_ids: Sequence[int] | None = None,
    ) -> list[Edge]:
        """Edges linking every group in `groups` (two groups: either direction), or touching `any_of`,
        with an optional relationship, overlapping [t0, t1], in `video_ids` when given. Parameterised only."""
        where: list[str] = []
        params: list[object] = []

        def members(ids: set[int]) -> str:
            params.extend(sorted(ids))
            return f"({', '.join('?' * len(ids))})"

        def is_in(column: str, ids: set[int]) -> str:
            return column.format(members(ids)) if "{}" in column else f"{column} IN {members(ids)}"

        src, tgt = "COALESCE(s.canonical_id, s.id)", "COALESCE(t.canonical_id, t.id)"
        if groups and min(self._edges_touching(g) for g in groups) <= INDEXED_GROUP_EDGES:
            # a rare group: read its edges through the entity indexes. A frequent one keeps the scan in time
            # order, which stops at `limit` (and at the wearer's thousands of edges a week, soon)
            grp = "(SELECT id FROM entities WHERE COALESCE(canonical_id, id) IN {})"
            src, tgt = f"g.source_entity IN {grp}", f"g.target_entity IN {grp}"
        if len(groups) == 1:
            a = groups[0]
            where.append(f"({is_in(src, a)} OR {is_in(tgt, a)})")
        elif len(groups) >= 2:
            a, b = groups[0], groups[1]
            where.append(f"(({is_in(src, a)} AND {is_in(tgt, b)}) OR ({is_in(src, b)} AND {is_in(tgt, a)}))")
        if any_of is not None:
            where.append(f"({is_in(src, any_of)} OR {is_in(tgt, any_of)})")
        if relationship is not None:
            where.append("g.relationship = ?")
            params.append(relationship)
        if t0 is not None:
            # the longest edge bounds how early an overlapping one starts: a range on edges_time, not a scan
            # from the first day
            where.append("g.t_end >= ? AND g.t_start >= ?")
            params.extend([t0, t0 - self._longest_edge()])
        if t1 is not None:
            where.append("g.t_start <= ?")
            params.append(t1)
        if video_ids is not None:
            where.append(f"g.video_id IN ({', '.join('?' * len(video_ids))})" if video_ids else "0")
            params.extend(int(v) for v in video_ids)
        sql = f"SELECT {_EDGE_COLUMNS} FROM {_EDGE_FROM}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY g.t_start, g.id LIMIT ?"
        params.append(int(limit))
        return [Edge(*row) for row in self.conn.execute(sql, params).fetchall()]

    def _longest_edge(self) -> float:
        return float(self.catalog.memo("longest_edge", lambda: self.conn.execute(
            "SELECT COALESCE(MAX(t_end - t_start), 0) FROM edges").fetchone()[0]))

    def _edges_touching(self, group: set[int]) -> int:
        """Edges with an end in `group` (canonical ids), counted through the entity indexes up to
        INDEXED_GROUP_EDGES + 1 (enough to choose a plan)."""
        if not group:
            return 0
        cap = INDEXED_GROUP_EDGES + 1
        marks = ", ".join("?" * len(group))
        ids = sorted(group)
        members = f"(SELECT id FROM entities WHERE COALESCE(canonical_id, id) IN ({marks}))"
        row = self.conn.execute(
            f"SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM edges WHERE source_entity IN {members} LIMIT ?)) + "
            f"(SELECT COUNT(*) FROM (SELECT 1 FROM edges WHERE target_entity IN {members} LIMIT ?))",
            (*ids, cap, *ids, cap)).fetchone()
        return int(row[0])

    def edges(self, video_id: int | None = None) -> list[Edge]:
        if video_id is None:
            rows = self.conn.execute(f"SELECT {_EDGE_COLUMNS} FROM {_EDGE_FROM} ORDER BY g.t_start, g.id")
        else:
            rows = self.conn.execute(
                f"SELECT {_EDGE_COLUMNS} FROM {_EDGE_FROM} WHERE g.video_id = ? ORDER BY g.t_start, g.id", (video_id,)
            )
        return [Edge(*row) for row in rows.fetchall()]

    def entity_spans(self, video_ids: Sequence[int]) -> list[EntitySpan]:
        """Every edge endpoint in these videos as (video, canonical entity with its name and type, edge span),
        in time order: when each entity is present or talked about."""
        if not video_ids:
            return []
        marks = ", ".join("?" * len(video_ids))
        ends = [
            f"SELECT g.video_id, c.id, c.name, c.type, c.norm, g.t_start, g.t_end FROM edges g "
            f"JOIN entities e ON e.id = g.{end} JOIN entities c ON c.id = COALESCE(e.canonical_id, e.id) "
            f"WHERE g.video_id IN ({marks})"
            for end in ("source_entity", "target_entity")
        ]
        sql = " UNION ALL ".join(ends) + " ORDER BY 1, 6, 2"
        params = [int(v) for v in video_ids] * 2
        return [EntitySpan(*row) for row in self.conn.execute(sql, params).fetchall()]

    def count_edges(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM edges").fetchone()[0])

    def replace_voice_hints(self, video_id: int, hints: Sequence[tuple[str, str]]) -> None:
        self.conn.execute("DELETE FROM voice_name_hints WHERE video_id = ?", (video_id,))
        self.conn.executemany("INSERT INTO voice_name_hints (video_id, identity, name) VALUES (?, ?, ?)",
                              [(video_id, identity, name) for identity, name in hints])

    def voice_hints(self) -> list[tuple[str, str]]:
        """(voice identity, name) over the whole Library."""
        return [(str(a), str(b)) for a, b in self.conn.execute(
            "SELECT identity, name FROM voice_name_hints ORDER BY video_id, rowid").fetchall()]

    def has_table(self, name: str) -> bool:
        row = self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
        return row is not None

    def frame_labels(self, video_id: int, min_score: float) -> dict[int, list[str]]:
        """Frame idx → recognised object names (vision table), best first."""
        if not self.has_table("frame_labels"):
            return {}
        out: dict[int, list[str]] = {}
        for idx, name in self.conn.execute(
            "SELECT idx, name FROM frame_labels WHERE video_id = ? AND score >= ? ORDER BY idx, rank",
            (video_id, min_score),
        ):
            out.setdefault(int(idx), []).append(str(name))
        return out

    def entities_with_identity(self, identity: str) -> list[int]:
        rows = self.conn.execute("SELECT entity_id FROM entity_identities WHERE identity = ?", (identity,)).fetchall()
        return [int(r[0]) for r in rows]

    def segment_ids(self, video_id: int) -> dict[int, int]:
        """idx → segments.id for one video."""
        return dict(self.conn.execute("SELECT idx, id FROM segments WHERE video_id = ?", (video_id,)).fetchall())


def _merge(row: tuple) -> Merge:
    return Merge(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], json.loads(row[6]), row[7], row[8])


# --- the read-only SQL sandbox ------------------------------------------------------------------------


class SqlRefused(ValueError):
    """The statement is not one read-only SELECT, or it ran past its time limit."""


@dataclass(frozen=True)
class SqlResult:
    columns: list[str]
    rows: list[tuple]
    truncated: bool  # more rows existed than the row limit
    elapsed_s: float = 0.0
    notes: list[str] = field(default_factory=list)


_ALLOWED_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
_DENIED_FUNCTIONS = {"load_extension", "readfile", "writefile", "fts3_tokenizer"}


def _authorizer(action: int, arg1: str | None, arg2: str | None, db: str | None, trigger: str | None) -> int:
    if action not in _ALLOWED_ACTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _DENIED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def run_readonly_select(db_path: Path, sql: str, *, max_rows: int = 200, time_limit_s: float = 2.0) -> SqlResult:
    """Run one untrusted SELECT (e.g. written by an LLM) so that it can neither write nor run forever.

    Layers: the file is opened `mode=ro`; `PRAGMA query_only`; one statement only; it must start with
    SELECT or WITH; an authorizer that allows nothing but reading (no writes, ATTACH, PRAGMA, DDL);
    a progress handler that stops it after `time_limit_s`; at most `max_rows` rows are fetched.
    """
    text = sql.strip().rstrip(";").strip()
    if not text:
        raise SqlRefused("empty statement")
    first = text.split(None, 1)[0].upper()
    if first not in ("SELECT", "WITH"):
        raise SqlRefused(f"only a SELECT statement may run here, not {first}")
    if not sqlite3.complete_statement(text + ";") or _more_than_one(text):
        raise SqlRefused("exactly one statement may run here")
    conn = sqlite3.connect(f"file:{Path(db_path)}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA query_only = ON")
        conn.set_authorizer(_authorizer)
        deadline = time.monotonic() + time_limit_s
        conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 1000)
        started = time.monotonic()
        try:
            cursor = conn.execute(text)
            rows = cursor.fetchmany(max_rows + 1)
        except sqlite3.DatabaseError as exc:
            if "interrupted" in str(exc):
                raise SqlRefused(f"stopped: the query ran past its {time_limit_s:g} s limit") from exc
            raise SqlRefused(f"refused: {exc}") from exc
        except sqlite3.ProgrammingError as exc:
            raise SqlRefused(f"refused: {exc}") from exc
        columns = [d[0] for d in cursor.description or []]
        return SqlResult(columns, [tuple(r) for r in rows[:max_rows]], len(rows) > max_rows,
                         time.monotonic() - started)
    finally:
        conn.close()


_COMMENTS = re.compile(r"--[^\n]*|/\*.*?(\*/|$)", re.DOTALL)


def _more_than_one(text: str) -> bool:
    """True when anything but comments follows the first complete statement (a semicolon outside quotes)."""
    buffer = ""
    for i, ch in enumerate(text):
        buffer += ch
        if ch == ";" and sqlite3.complete_statement(buffer):
            return bool(_COMMENTS.sub("", text[i + 1 :]).strip())
    return False
