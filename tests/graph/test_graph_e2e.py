"""The graph the real ingest builds (ASR, diarisation, speaker naming, faces, then the graph stage) on
generated footage with known dialogue, scored against the truth. Names go through entity resolution:
an edge counts for a person when that person's name is among its entity group's names.

Thresholds are set under the measured figures (see docs/ARCHITECTURE.md) so that a regression fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vidmem.devdata import Truth
from vidmem.library import Library
from vidmem.retrieval.graph import entity_graph_search
from vidmem.store.graph import Edge, GraphStore, norm_name

SLACK_S = 2.0
FACT_SLOTS = ("restaurant", "city", "item", "gift", "spot")
pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)
TALKS_RECALL, TALKS_PRECISION = 0.75, 0.7  # measured 0.88 / 0.84 (seed 3, 2 days × 2 min)
FACTS_RECALL = 0.7  # measured 0.81
CO_PRESENT_RECALL = 0.8  # measured 1.00


def _aliases(store: GraphStore) -> dict[int, set[str]]:
    groups: dict[int, set[str]] = {}
    for e in store.entities():
        groups.setdefault(e.group, set()).add(e.norm)
    return groups


def _near(edge: Edge, t0: float, t1: float) -> bool:
    return edge.t_start - SLACK_S <= t1 and t0 <= edge.t_end + SLACK_S


@pytest.fixture(scope="module")
def graph(generated_library: Path, generated_corpus: Path) -> tuple[Truth, list[Edge], dict[int, set[str]], Path]:
    truth = Truth.load(generated_corpus / "truth.json")
    with Library.open(generated_library) as library:
        store = GraphStore(library.catalog)
        return truth, store.edges(), _aliases(store), generated_library


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    'faces; measured talks_to recall 0.36-0.54, precision 0.57-0.74 (merged speaker clusters put names on '
    'the wrong voices)'
))
def test_talks_to_between_named_people(graph: tuple[Truth, list[Edge], dict[int, set[str]], Path]) -> None:
    truth, edges, aliases, _ = graph
    names = {p.id: norm_name(p.name) for p in truth.people}
    talks = [e for e in edges if e.relationship == "talks_to"]
    addressed = [u for u in truth.utterances if u.addressee]

    def match(e: Edge, u) -> bool:  # type: ignore[no-untyped-def]
        return (names[u.value] in aliases[e.source_canonical] and names[u.addressee] in aliases[e.target_canonical]
                and _near(e, u.t0, u.t1))

    recall = sum(any(match(e, u) for e in talks) for u in addressed) / len(addressed)
    precision = sum(any(match(e, u) for u in addressed) for e in talks) / max(len(talks), 1)
    print(f"\ne2e talks_to: {len(addressed)} addressed lines, {len(talks)} edges, recall {recall:.2f}, "
          f"precision {precision:.2f}")
    assert recall >= TALKS_RECALL and precision >= TALKS_PRECISION


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    'faces; measured planted-fact recall 0.62-0.71'
))
def test_mentions_of_planted_facts(graph: tuple[Truth, list[Edge], dict[int, set[str]], Path]) -> None:
    truth, edges, _, _ = graph
    planted = [(u, norm_name(v)) for u in truth.utterances for slot, v in u.facts if slot in FACT_SLOTS]
    said = [e for e in edges if e.relationship in ("mentions", "uses", "located_at")]
    found = [(u, v) for u, v in planted
             if any(_near(e, u.t0, u.t1) and (v in norm_name(e.target) or v in norm_name(e.source)) for e in said)]
    recall = len(found) / len(planted)
    print(f"\ne2e planted facts: {len(planted)}, found {len(found)}, recall {recall:.2f}")
    assert recall >= FACTS_RECALL


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    'faces; measured co_present recall 0.11-0.24'
))
def test_co_present_with_people_on_screen(graph: tuple[Truth, list[Edge], dict[int, set[str]], Path]) -> None:
    truth, edges, aliases, _ = graph
    names = {p.id: norm_name(p.name) for p in truth.people}
    seen = truth.of("person")
    co = [e for e in edges if e.relationship == "co_present"]
    found = [s for s in seen if any(_near(e, s.t0, s.t1) and (names[s.value] in aliases[e.source_canonical]
                                                              or names[s.value] in aliases[e.target_canonical])
                                    for e in co)]
    recall = len(found) / len(seen)
    print(f"\ne2e co_present: {len(seen)} on-screen spans, {len(co)} edges, recall {recall:.2f}")
    assert recall >= CO_PRESENT_RECALL


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    'faces; measured: the conversation is found only at level 5 (each entity alone)'
))
def test_search_finds_a_conversation(graph: tuple[Truth, list[Edge], dict[int, set[str]], Path]) -> None:
    truth, _, _, root = graph
    u = next(u for u in truth.utterances if u.addressee and u.value != "me")
    names = {p.id: p.name for p in truth.people}
    with Library.open(root) as library:
        result = entity_graph_search(library, [names[u.value], names[u.addressee]], "talks_to", (u.t0, u.t1))
    print(f"\ne2e search {names[u.value]} → {names[u.addressee]}: level {result.level} ({result.level_name})")
    assert 1 <= result.level <= 4 and result.hits
