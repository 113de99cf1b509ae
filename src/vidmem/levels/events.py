"""Events and their graph, shared by L3, L4 and L5.

Events: 5-s base chunks merged while adjacent descriptions' MiniLM cosine > 0.75. Entities per event:
the Library's scene graph (the `graph` ingest stage) — the canonical names of the people, objects and
places whose edges overlap the event's span in its video, the camera wearer left out (present in nearly
every edge, it would tie every event to every other). A video without graph rows falls back to the names
in its frame descriptions (labels, people, on-screen text, places) and its speakers; the levels' traces
say which source was used. Names are linked across the scope when their MiniLM embeddings have cosine
≥ 0.85. Graph: NEXT (time order within a file; PREVIOUS is its reverse), APPEARS_IN (entity → event),
CO_OCCURS (entity pairs sharing ≥ 3 events, the 15 most frequent partners kept per entity).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from vidmem.graph.evidence import WEARER
from vidmem.levels.base import Scope
from vidmem.levels.chunks import Chunk, chunk_text, fixed_chunks, mean_vector, merge_adjacent
from vidmem.levels.index import FrameTable, LevelEnv, evenly, normalise
from vidmem.store.graph import EntitySpan, GraphStore

EVENT_THRESHOLD = 0.75
LINK_THRESHOLD = 0.85
CO_OCCUR_MIN = 3
CO_OCCUR_TOP = 15

_GENERIC = frozenset({"indoors", "outdoors", "nothing recognised", "no face", "no faces", "unknown", ""})
_COUNT = re.compile(r"^\d+\s+\w+\s*:\s*")  # "2 faces: Person 1, Person 3" → the names
_QUOTED = re.compile(r"['\"“‘](.+?)['\"”’]")


def description_entities(description: str) -> list[str]:
    """Names in a frame description such as "outdoors; seashore, sandbar; 1 face: Person 2; text: 'EXIT'"."""
    names: list[str] = []
    for part in description.split(";"):
        part = part.strip()
        if part.lower().startswith(("text:", "sign:")):
            names += [q.strip() for q in _QUOTED.findall(part)]
            continue
        part = _COUNT.sub("", part)
        if ":" in part:
            part = part.split(":", 1)[1]
        for name in part.split(","):
            name = name.strip(" .")
            if name.lower() not in _GENERIC and len(name.split()) <= 5:
                names.append(name)
    return list(dict.fromkeys(names))


@dataclass
class Event:
    n: int  # position in the scope's time order
    chunk: Chunk
    description: str  # what was seen and said
    entities: list[int] = field(default_factory=list)  # canonical entity ids

    @property
    def video_id(self) -> int:
        return self.chunk.video_id

    @property
    def t0(self) -> float:
        return self.chunk.t0

    @property
    def t1(self) -> float:
        return self.chunk.t1


@dataclass
class EventGraph:
    events: list[Event]
    entity_names: list[str]  # canonical names by entity id
    next: dict[int, int]  # event → following event in the same file
    previous: dict[int, int]
    appears_in: dict[int, list[int]]  # entity → events
    co_occurs: dict[int, list[tuple[int, int]]]  # entity → [(other entity, shared events)]
    description_vectors: np.ndarray  # MiniLM of each event's description
    entity_vectors: np.ndarray  # MiniLM of each event's entity names joined
    visual10: np.ndarray  # mean of 10 evenly sampled frame vectors (L3's visual view)
    visual5: np.ndarray  # normalised mean of 5 (L4's visual view)
    entity_source: str = "descriptions"  # "scene graph", "descriptions" or both (videos without graph rows)

    @property
    def note(self) -> str:
        return f"entities from {self.entity_source}"


def build_events(env: LevelEnv, table: FrameTable, scope: Scope) -> EventGraph:
    base = fixed_chunks(table, 5.0)
    chunks = merge_adjacent(env, table, base, EVENT_THRESHOLD, None)
    events = [Event(i, c, chunk_text(env, c)) for i, c in enumerate(chunks)]

    # entities: raw names per event (scene graph, else descriptions), then linked by embedding similarity
    spans = graph_spans(env, scope)
    raw: list[list[str]] = []
    sources: set[str] = set()
    for event in events:
        names: list[str] = []
        if event.video_id in spans:
            sources.add("scene graph")
            names += [s.name for s in spans[event.video_id] if s.t_end >= event.t0 and s.t_start < event.t1]
        else:
            sources.add("descriptions")
            for row in event.chunk.rows:
                names += description_entities(table.descriptions[row])
            names += [s.speaker for s in env.said(event.video_id) if s.t1 > event.t0 and s.t0 < event.t1]
        raw.append(list(dict.fromkeys(n for n in names if n != "someone")))
    distinct = list(dict.fromkeys(n for names in raw for n in names))
    canonical_of, canonical_names = link_entities(env, distinct)
    for event, names in zip(events, raw, strict=True):
        event.entities = list(dict.fromkeys(canonical_of[n] for n in names))

    next_, previous = {}, {}
    for a, b in itertools.pairwise(events):
        if a.video_id == b.video_id:
            next_[a.n], previous[b.n] = b.n, a.n
    appears_in: dict[int, list[int]] = {}
    pairs: Counter[tuple[int, int]] = Counter()
    for event in events:
        for entity in event.entities:
            appears_in.setdefault(entity, []).append(event.n)
        for i, a in enumerate(event.entities):
            for b in event.entities[i + 1 :]:
                pairs[(min(a, b), max(a, b))] += 1
    co_occurs: dict[int, list[tuple[int, int]]] = {}
    for (a, b), count in pairs.most_common():
        if count < CO_OCCUR_MIN:
            break
        for x, y in ((a, b), (b, a)):
            if len(co_occurs.setdefault(x, [])) < CO_OCCUR_TOP:
                co_occurs[x].append((y, count))

    entity_text = [", ".join(canonical_names[e] for e in ev.entities) or ev.chunk.visual for ev in events]
    rows = [ev.chunk.rows for ev in events]
    visual10 = np.stack([table.vectors[evenly(r, 10)].mean(axis=0) for r in rows]) if rows else np.zeros((0, 1))
    visual5 = np.stack([mean_vector(table, r, 5) for r in rows]) if rows else np.zeros((0, 1))
    return EventGraph(
        events, canonical_names, next_, previous, appears_in, co_occurs,
        env.embed_texts([e.description for e in events]), env.embed_texts(entity_text), visual10, visual5,
        " and ".join(sorted(sources, reverse=True)) or "descriptions",
    )


def graph_spans(env: LevelEnv, scope: Scope) -> dict[int, list[EntitySpan]]:
    """Each scoped video that has scene-graph rows → its entities' edge spans (the wearer left out)."""
    out: dict[int, list[EntitySpan]] = {}
    store = GraphStore(env.library.catalog)
    for span in store.entity_spans(scope.video_ids):
        out.setdefault(span.video_id, [])  # a video whose only edges involve the wearer still has a graph
        if span.norm != WEARER:
            out[span.video_id].append(span)
    return out


def link_entities(env: LevelEnv, names: list[str]) -> tuple[dict[str, int], list[str]]:
    """Greedy linking: a name joins the first canonical entity whose embedding is ≥ 0.85 similar."""
    if not names:
        return {}, []
    vectors = normalise(env.embed_texts(names))
    canonical: list[int] = []  # row of each canonical entity's first name
    out: dict[str, int] = {}
    for i, name in enumerate(names):
        if canonical:
            similarity = vectors[canonical] @ vectors[i]
            best = int(np.argmax(similarity))
            if similarity[best] >= LINK_THRESHOLD:
                out[name] = best
                continue
        canonical.append(i)
        out[name] = len(canonical) - 1
    return out, [names[i] for i in canonical]


def events_for(env: LevelEnv, scope: Scope) -> tuple[EventGraph, FrameTable, float]:
    """The scope's event graph, built once; returns the seconds spent building now (0 when cached)."""
    table, frames_s = env.frames(scope)
    graph, events_s = env.cached(("events", scope.video_ids), lambda: build_events(env, table, scope))
    return graph, table, frames_s + events_s


def render_events(env: LevelEnv, scope: Scope, graph: EventGraph, chosen: list[int]) -> str:
    """L3's context format: chosen events in time order, numbered from 1."""
    lines = ["Events in chronological order:"]
    for number, n in enumerate(sorted(chosen), start=1):
        event = graph.events[n]
        label = env.span_label(scope, event.video_id, event.t0, event.t1)
        lines.append(f"Event {number} ({label}): {event.description}")
    return "\n".join(lines)
