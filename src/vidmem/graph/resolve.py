"""Entity resolution: one entity per real thing. Each merge keeps its evidence and can be undone (split).

Evidence, strongest first:
- identity: the same voice or face (Speaker 3 = Person 2 = "Carol" when they share an identity key);
- string: a first name and the one full name it starts ("Carol" → "Carol Smith"), or near-identical
  spellings (rapidfuzz ratio ≥ 90: "Caroline"/"Carolyne");
- embedding: names of objects/places whose text embeddings are very close (cosine ≥ 0.9), when an embedder is given.
A pair a person split apart is never merged again automatically.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
from rapidfuzz import fuzz

from vidmem.graph.evidence import WEARER
from vidmem.models.protocols import TextEmbedder
from vidmem.store.graph import Entity, GraphStore, norm_name

PLACEHOLDER = re.compile(r"^(speaker|person|unknown speaker)( \d+)?$")
STRING_THRESHOLD = 90.0
EMBED_THRESHOLD = 0.9


def is_placeholder(entity: Entity) -> bool:
    return bool(PLACEHOLDER.match(entity.norm)) or entity.norm == WEARER


def resolve(store: GraphStore, *, embedder: TextEmbedder | None = None) -> list[int]:
    """Merge what the evidence says is one entity; returns the new merge ids."""
    made: list[int] = []
    made += _by_identity(store)
    made += _by_string(store)
    if embedder is not None:
        made += _by_embedding(store, embedder)
    return made


def _kept_first(store: GraphStore, entities: Sequence[Entity]) -> list[Entity]:
    counts = store.edge_counts()
    return sorted(entities, key=lambda e: (is_placeholder(e), -counts.get(e.group, 0), e.id))


def _merge(store: GraphStore, kept: Entity, other: Entity, method: str, score: float, evidence: dict,
           splits: set[frozenset[int]]) -> int | None:
    if frozenset((store.canonical(kept.id), store.canonical(other.id))) in splits or \
            frozenset((kept.id, other.id)) in splits:
        return None
    return store.merge(kept.id, other.id, method=method, score=score, evidence=evidence)


def _by_identity(store: GraphStore) -> list[int]:
    splits = store.split_pairs()
    by_identity: dict[str, list[Entity]] = {}
    for entity in store.entities():
        for identity in entity.identities:
            by_identity.setdefault(identity, []).append(entity)
    made = []
    for identity, entities in sorted(by_identity.items()):
        if len({store.canonical(e.id) for e in entities}) < 2:
            continue
        ordered = _kept_first(store, entities)
        kept = ordered[0]
        for other in ordered[1:]:
            if not is_placeholder(other) and norm_name(other.name) != norm_name(kept.name):
                continue  # two different names on one voice/face: a naming conflict, not for us to settle
            evidence = {"identity": identity, "names": [kept.name, other.name]}
            merge_id = _merge(store, kept, other, "identity", 1.0, evidence, splits)
            if merge_id:
                made.append(merge_id)
    return made


def _canonical_named(store: GraphStore) -> list[Entity]:
    return [e for e in store.entities() if e.canonical_id is None and not is_placeholder(e)]


def _by_string(store: GraphStore) -> list[int]:
    splits = store.split_pairs()
    made = []
    entities = _canonical_named(store)
    persons = [e for e in entities if e.type == "person"]
    # a lone first name joins the one full name starting with it (two Carols: no merge, ambiguous)
    for short in [e for e in persons if " " not in e.norm]:
        full = [e for e in persons if " " in e.norm and e.norm.split(" ", 1)[0] == short.norm]
        if len(full) == 1:
            merge_id = _merge(store, full[0], short, "string", 95.0,
                              {"rule": "first name of the only full name", "names": [full[0].name, short.name]}, splits)
            if merge_id:
                made.append(merge_id)
    entities = _canonical_named(store)
    for i, a in enumerate(entities):
        for b in entities[i + 1 :]:
            if a.type != b.type or min(len(a.norm), len(b.norm)) < 5:
                continue
            score = fuzz.ratio(a.norm, b.norm)
            if score >= STRING_THRESHOLD and store.canonical(a.id) != store.canonical(b.id):
                kept, other = _kept_first(store, [a, b])
                merge_id = _merge(store, kept, other, "string", float(score),
                                  {"rule": "near-identical spelling", "names": [kept.name, other.name]}, splits)
                if merge_id:
                    made.append(merge_id)
    return made


def _by_embedding(store: GraphStore, embedder: TextEmbedder) -> list[int]:
    splits = store.split_pairs()
    entities = [e for e in _canonical_named(store) if e.type != "person"]
    if len(entities) < 2:
        return []
    vectors = np.asarray(embedder.embed([e.norm for e in entities]), dtype=np.float32)
    sims = vectors @ vectors.T
    made = []
    for i, a in enumerate(entities):
        for j in range(i + 1, len(entities)):
            b = entities[j]
            if a.type == b.type and sims[i, j] >= EMBED_THRESHOLD and store.canonical(a.id) != store.canonical(b.id):
                kept, other = _kept_first(store, [a, b])
                merge_id = _merge(store, kept, other, "embedding", float(sims[i, j]),
                                  {"rule": "text embedding cosine", "names": [kept.name, other.name]}, splits)
                if merge_id:
                    made.append(merge_id)
    return made


def merge_by_name(store: GraphStore, a: str, b: str) -> int:
    """A person's merge: b's group joins a's. Raises KeyError for an unknown or ambiguous name."""
    kept, other = entity_for_name(store, a), entity_for_name(store, b)
    merge_id = store.merge(kept.id, other.id, method="user", score=None,
                           evidence={"rule": "merged by a person", "names": [kept.name, other.name]})
    if merge_id is None:
        raise ValueError(f"{a!r} and {b!r} are already one entity")
    return merge_id


def split_by_name(store: GraphStore, name: str) -> list[int]:
    """Undo every active merge that put `name`'s entity into another group (or others into it)."""
    entity = entity_for_name(store, name)
    undone = []
    active = list(reversed(store.merges(active_only=True)))
    direct = [m for m in active if entity.id in (m.merged_id, m.kept_id)]
    for merge in direct or [m for m in active if entity.id in m.moved]:
        store.undo_merge(merge.id)
        undone.append(merge.id)
    if not undone:
        raise ValueError(f"{name!r} is not merged with anything")
    return undone


def entity_for_name(store: GraphStore, name: str) -> Entity:
    found = store.entities_named(name)
    if not found:
        raise KeyError(f"no entity named {name!r}")
    if len(found) > 1:
        kinds = ", ".join(f"{e.name} ({e.type}, id {e.id})" for e in found)
        raise KeyError(f"{name!r} names several entities: {kinds}; use the id")
    return found[0]


ADDRESS_MIN_VOTES = 1
ADDRESS_MIN_SHARE = 0.6


def name_voices(store: GraphStore, hints: Sequence[tuple[str, str]]) -> list[int]:
    """An unnamed voice ("Speaker 3") that others keep calling by one name joins that name's entity.

    Needs ≥ ADDRESS_MIN_VOTES calls and that name in ≥ ADDRESS_MIN_SHARE of them; evidence = the votes."""
    votes: dict[str, dict[str, int]] = {}
    for identity, name in hints:
        tally = votes.setdefault(identity, {})
        tally[norm_name(name)] = tally.get(norm_name(name), 0) + 1
    splits = store.split_pairs()
    made = []
    for identity, tally in sorted(votes.items()):
        name, count = max(tally.items(), key=lambda kv: (kv[1], kv[0]))
        share = count / sum(tally.values())
        if count < ADDRESS_MIN_VOTES or share < ADDRESS_MIN_SHARE:
            continue
        placeholders = [e for e in store.entities_by_ids(store.entities_with_identity(identity))
                        if is_placeholder(e) and e.type == "person"]
        named = [e for e in store.entities_named(name) if e.type == "person"]
        if not placeholders or not named:
            continue
        for other in placeholders:
            merge_id = _merge(store, named[0], other, "address", share,
                              {"rule": "addressed by this name", "identity": identity, "votes": tally}, splits)
            if merge_id:
                made.append(merge_id)
    return made
