"""entity_graph_search: edges between named entities, relaxed step by step until something matches.

The cascade (EGAgent): 1 exact names, relationship and time → 2 time window widened ×2 → 3 substring/fuzzy
names → 4 relationship dropped → 5 each entity alone. The result says which level matched. Parameterised
SQL only; the optional `sql` mode runs LLM-written SQL in the read-only sandbox of vidmem.store.graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from pydantic import BaseModel, Field
from rapidfuzz import fuzz

from vidmem.graph.evidence import WEARER
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.retrieval.types import Hit
from vidmem.retrieval.wearer import WEARER_WORDS
from vidmem.store import Catalog
from vidmem.store.graph import Edge, GraphStore, SqlResult, norm_name, run_readonly_select

LEVELS = {1: "exact", 2: "time widened x2", 3: "fuzzy names", 4: "relationship dropped", 5: "each entity alone"}
FUZZY_MIN = 80.0  # rapidfuzz WRatio for a name to count as the same at level 3 ("Priyah" ~ "Priya")
MIN_WIDEN_S = 30.0  # a point in time widens to at least ±30 s


@dataclass(frozen=True)
class GraphSearchResult:
    hits: list[Hit]
    level: int  # 1..5; 0 when no level matched
    level_name: str
    matched_names: dict[str, list[str]] = field(default_factory=dict)  # query name → entity names used
    time_range: tuple[float, float] | None = None  # the window of the matching level


def _catalog(library: Any) -> Catalog:
    return library.catalog if hasattr(library, "catalog") else library


def widen(time_range: tuple[float, float]) -> tuple[float, float]:
    """Twice as long, same centre (a point widens to ±MIN_WIDEN_S)."""
    t0, t1 = time_range
    centre, half = (t0 + t1) / 2, max((t1 - t0), MIN_WIDEN_S)
    return centre - half, centre + half


def _query_norm(name: str) -> str:
    key = norm_name(name)
    return WEARER if key in WEARER_WORDS else key


def _exact_groups(store: GraphStore, name: str) -> set[int]:
    return {store.canonical(e.id) for e in store.entities_named(_query_norm(name))}


def _fuzzy_groups(store: GraphStore, name: str) -> set[int]:
    key = _query_norm(name)
    groups = set()
    for entity in store.entities():
        other = entity.norm
        substring = len(key) >= 3 and len(other) >= 3 and (key in other or other in key)
        if substring or fuzz.WRatio(key, other) >= FUZZY_MIN:
            groups.add(entity.group)
    return groups


def entity_graph_search(
    library: Any,
    entities: Sequence[str],
    relationship: str | None = None,
    time_range: tuple[float, float] | None = None,
    *,
    limit: int = 50,
    videos: Sequence[int] | None = None,
) -> GraphSearchResult:
    """Edges among `entities` (names as people say them; "me" is the wearer), strict to relaxed; `videos`
    keeps every level inside those videos."""
    names = [n for n in entities if n and n.strip()]
    if not names:
        raise ValueError("entity_graph_search needs at least one entity name")
    catalog = _catalog(library)
    store = GraphStore(catalog)
    exact = [_exact_groups(store, n) for n in names]
    fuzzy: list[set[int]] | None = None
    wide = widen(time_range) if time_range else None

    def fuzzy_groups() -> list[set[int]]:
        nonlocal fuzzy
        if fuzzy is None:
            fuzzy = [_fuzzy_groups(store, n) for n in names]
        return fuzzy

    plans: list[tuple[int, Any, str | None, tuple[float, float] | None, bool]] = [
        (1, lambda: exact, relationship, time_range, False),
    ]
    if time_range:
        plans.append((2, lambda: exact, relationship, wide, False))
    plans.append((3, fuzzy_groups, relationship, wide, False))
    if relationship is not None:
        plans.append((4, fuzzy_groups, None, wide, False))
    if len(names) > 1:
        plans.append((5, fuzzy_groups, None, wide, True))
    for level, groups_of, rel, window, alone in plans:
        groups = groups_of()
        edges = _search(store, groups, rel, window, alone, limit, videos)
        if edges:
            return GraphSearchResult(_hits(catalog, edges, level, limit), level, LEVELS[level],
                                     _names(store, names, groups), window)
    return GraphSearchResult([], 0, "no match", {}, wide or time_range)


def _search(store: GraphStore, groups: list[set[int]], rel: str | None, window: tuple[float, float] | None,
            alone: bool, limit: int, videos: Sequence[int] | None = None) -> list[Edge]:
    t0, t1 = window if window else (None, None)
    if any(not g for g in groups) and not alone:
        return []
    found: dict[int, Edge] = {}
    if alone:
        for g in groups:
            if g:
                for e in store.find_edges(groups=[g], relationship=rel, t0=t0, t1=t1, limit=limit,
                                          video_ids=videos):
                    found[e.id] = e
    elif len(groups) == 1:
        for e in store.find_edges(groups=groups, relationship=rel, t0=t0, t1=t1, limit=limit,
                                  video_ids=videos):
            found[e.id] = e
    else:
        for a, b in combinations(groups, 2):
            for e in store.find_edges(groups=[a, b], relationship=rel, t0=t0, t1=t1, limit=limit,
                                      video_ids=videos):
                found[e.id] = e
    return sorted(found.values(), key=lambda e: (-e.confidence, e.t_start))


def _names(store: GraphStore, names: Sequence[str], groups: list[set[int]]) -> dict[str, list[str]]:
    by_group: dict[int, list[str]] = {}
    for e in store.entities():
        by_group.setdefault(e.group, []).append(e.name)
    return {n: sorted({x for g in gs for x in by_group.get(g, [])}) for n, gs in zip(names, groups, strict=True)}


def _hits(catalog: Catalog, edges: Sequence[Edge], level: int, limit: int) -> list[Hit]:
    starts: dict[int, float] = {}
    out = []
    for e in edges[:limit]:
        if e.video_id not in starts:
            starts[e.video_id] = catalog.video(e.video_id).start_at
        text = f"{e.source} {e.relationship} {e.target}"
        if e.supporting_text:
            text += f": {e.supporting_text}"
        out.append(Hit(
            modality="graph", video_id=e.video_id, t0=e.t_start, t1=e.t_end,
            score=e.confidence * (1.0 - 0.15 * (level - 1)), text=text,
            offset_s=e.t_start - starts[e.video_id], source_id=e.id,
            extra={"level": level, "relationship": e.relationship, "source": e.source, "target": e.target,
                   "source_type": e.source_type, "target_type": e.target_type},
        ))
    return out


# --- sql mode ---------------------------------------------------------------------------------------

SCHEMA_FOR_LLM = """SQLite tables (times are seconds since the epoch, UTC):
entities(id, name, type, norm, canonical_id)  -- type: person|object|location; norm: lower-case name;
    canonical_id: NULL for a canonical entity, else the entity it was merged into
edges(id, source, source_type, target, target_type, relationship, t_start, t_end, supporting_text, video_id,
    segment_id, confidence, source_entity, target_entity)  -- relationship: talks_to|mentions|interacts_with|
    uses|located_at|co_present; source_entity/target_entity reference entities(id)
videos(id, name, start_at, duration)
The camera wearer is the entity named 'me'."""


class SqlQuery(BaseModel):
    sql: str = Field(max_length=2000, description="one SQLite SELECT statement")


@dataclass(frozen=True)
class SqlSearch:
    sql: str
    result: SqlResult


def graph_sql_search(library: Any, question: str, chat: ChatModel, *, max_rows: int = 100,
                     time_limit_s: float = 2.0) -> SqlSearch:
    """Let the chat model write one SELECT for `question`, and run it read-only (SqlRefused when refused)."""
    reply = chat.chat(
        [ChatMessage("system", "Write one SQLite SELECT statement that answers the question.\n" + SCHEMA_FOR_LLM),
         ChatMessage("user", question)],
        schema=SqlQuery, max_tokens=300,
    )
    sql = reply.data.sql
    return SqlSearch(sql, run_graph_sql(library, sql, max_rows=max_rows, time_limit_s=time_limit_s))


def run_graph_sql(library: Any, sql: str, *, max_rows: int = 100, time_limit_s: float = 2.0) -> SqlResult:
    return run_readonly_select(_catalog(library).path, sql, max_rows=max_rows, time_limit_s=time_limit_s)
