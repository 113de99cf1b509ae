"""The graph store, resolution, interval merging and the relaxation cascade, on small Libraries built
directly through the store APIs (no media, no models)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vidmem.graph.intervals import merge_intervals
from vidmem.graph.resolve import merge_by_name, resolve, split_by_name
from vidmem.retrieval.graph import LEVELS, entity_graph_search
from vidmem.store import Catalog, NewVideo, SegmentRow
from vidmem.store.graph import EdgeRow, GraphStore, norm_name

T0 = 1_780_000_000.0  # the video's absolute start


def new_catalog(tmp_path: Path, name: str = "catalog.sqlite") -> Catalog:
    catalog = Catalog(tmp_path / name)
    with catalog.transaction():
        vid = catalog.insert_video(NewVideo(f"sha-{name}", b"/v.mp4", "v.mp4", 1, 600.0, True, True, 320, 240, 30.0,
                                            T0, "option"))
        catalog.replace_segments(vid, [SegmentRow(i, T0 + 30 * i, T0 + 30 * (i + 1)) for i in range(20)])
    return catalog


def edge(source: str, rel: str, target: str, t: float, *, seg: int | None = None, st: str = "person",
         tt: str = "person", text: str = "", conf: float = 1.0, si: str | None = None,
         ti: str | None = None) -> EdgeRow:
    return EdgeRow(source, st, target, tt, rel, T0 + t, T0 + t + 5, text, seg, conf, source_identity=si,
                   target_identity=ti)


@pytest.fixture
def graph(tmp_path: Path) -> tuple[Catalog, GraphStore]:
    catalog = new_catalog(tmp_path)
    store = GraphStore(catalog)
    with catalog.transaction():
        store.replace_video_edges(1, [
            edge("Alice", "talks_to", "Carol", 100, text="Carol, can you pass me the stapler?"),
            edge("Alice", "uses", "red laptop", 200, tt="object"),
            edge("Zed", "located_at", "kitchen", 400, tt="location"),
            edge("me", "co_present", "Zed", 410),
        ])
    return catalog, store


def window(a: float, b: float) -> tuple[float, float]:
    return T0 + a, T0 + b


def test_norm_name() -> None:
    assert norm_name("  The  Blue Drawer. ") == "blue drawer"
    assert norm_name("Carol") == norm_name("carol") == "carol"


def test_level_1_exact(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    result = entity_graph_search(catalog, ["alice", "Carol"], "talks_to", window(90, 110))
    assert (result.level, result.level_name) == (1, LEVELS[1])
    assert [h.text for h in result.hits] == ["Alice talks_to Carol: Carol, can you pass me the stapler?"]
    hit = result.hits[0]
    assert hit.modality == "graph" and hit.t0 == T0 + 100 and hit.offset_s == pytest.approx(100.0)


def test_level_2_time_widened(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    # [110, 150] misses the edge at 100–105; twice as wide ([90, 170]) holds it
    result = entity_graph_search(catalog, ["Alice", "Carol"], "talks_to", window(110, 150))
    assert result.level == 2 and len(result.hits) == 1
    assert result.time_range == window(90, 170)
    # far away in time: not even level 2
    assert entity_graph_search(catalog, ["Alice", "Carol"], "talks_to", window(300, 310)).level != 2


def test_level_3_fuzzy_names(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    result = entity_graph_search(catalog, ["Alise", "Carrol"], "talks_to")
    assert result.level == 3
    assert result.matched_names["Carrol"] == ["Carol"]
    assert entity_graph_search(catalog, ["Alice", "laptop"], "uses").level == 3  # substring


def test_level_4_relationship_dropped(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    result = entity_graph_search(catalog, ["Alice", "Carol"], "mentions")
    assert result.level == 4
    assert {h.extra["relationship"] for h in result.hits} == {"talks_to"}


def test_level_5_each_entity_alone(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    result = entity_graph_search(catalog, ["Carol", "kitchen"], "talks_to")
    assert result.level == 5
    assert {h.extra["relationship"] for h in result.hits} == {"talks_to", "located_at"}


def test_no_match_and_bad_input(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    assert entity_graph_search(catalog, ["Quentin"]).level == 0
    with pytest.raises(ValueError):
        entity_graph_search(catalog, ["  "])


def test_wearer_words_find_me(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, _ = graph
    assert entity_graph_search(catalog, ["I", "Zed"], "co_present").level == 1


def test_identity_merge_search_and_split(tmp_path: Path) -> None:
    catalog = new_catalog(tmp_path)
    store = GraphStore(catalog)
    with catalog.transaction():
        store.replace_video_edges(1, [
            edge("Speaker 3", "talks_to", "Alice", 10, si="speaker:3"),
            edge("Carol", "mentions", "passport", 50, tt="object", si="speaker:3"),
            edge("me", "co_present", "Person 2", 60, ti="face:2"),
        ])
        store.add_identity(store.entities_named("Person 2")[0].id, "speaker:3")  # face linked to the voice
        merges = resolve(store)
    assert len(merges) == 2
    groups = {e.name: e.group for e in store.entities()}
    assert groups["Speaker 3"] == groups["Carol"] == groups["Person 2"] == store.entities_named("Carol")[0].id
    evidence = store.merge_record(merges[0]).evidence
    assert evidence["identity"] == "speaker:3"
    # the name resolves through the merge: Carol's talks_to edge was recorded under "Speaker 3"
    assert entity_graph_search(catalog, ["Carol", "Alice"], "talks_to").level == 1
    with catalog.transaction():
        undone = split_by_name(store, "Speaker 3")
    assert undone and store.canonical(store.entities_named("Speaker 3")[0].id) != groups["Carol"]
    assert entity_graph_search(catalog, ["Carol", "Alice"], "talks_to").level != 1
    with catalog.transaction():
        assert resolve(store) == []  # a split pair is not merged again
    with catalog.transaction():
        merge_by_name(store, "Carol", "Speaker 3")
    assert entity_graph_search(catalog, ["Carol", "Alice"], "talks_to").level == 1


def test_string_resolution(tmp_path: Path) -> None:
    catalog = new_catalog(tmp_path)
    store = GraphStore(catalog)
    with catalog.transaction():
        store.replace_video_edges(1, [
            edge("Carol Smith", "talks_to", "Alice", 10),
            edge("Carol", "mentions", "Dave", 20),
            edge("Dave", "talks_to", "Caroline", 30),
            edge("Daniel", "talks_to", "Dan", 40),  # unrelated names stay apart
            edge("Bob", "talks_to", "Rob", 50),
        ])
        resolve(store)
    group = {e.name: e.group for e in store.entities()}
    assert group["Carol"] == group["Carol Smith"]
    assert group["Caroline"] != group["Carol"]
    assert len({group["Daniel"], group["Dan"], group["Bob"], group["Rob"]}) == 4


def test_replace_video_edges_is_idempotent(graph: tuple[Catalog, GraphStore]) -> None:
    catalog, store = graph
    before = store.count_edges()
    rows = [edge("Alice", "talks_to", "Carol", 100)]
    with catalog.transaction():
        store.replace_video_edges(1, rows)
        store.replace_video_edges(1, rows)
    assert store.count_edges() == 1 and before == 4


def test_interval_merging_joins_consecutive_segments_only() -> None:
    seg_idx = {100 + i: i for i in range(10)}
    rows = [edge("Alice", "talks_to", "Carol", t, seg=100 + int(t // 30), text=f"line {t}") for t in (5, 40, 70, 200)]
    rows.append(edge("Alice", "mentions", "Carol", 45, seg=101))
    merged = merge_intervals(rows, seg_idx)
    talks = sorted((e.t_start - T0, e.t_end - T0) for e in merged if e.relationship == "talks_to")
    assert talks == [(5, 75), (200, 205)]
    first = next(e for e in merged if e.relationship == "talks_to" and e.t_start == T0 + 5)
    assert first.supporting_text == "line 5 | line 40 | line 70"
    assert sum(e.relationship == "mentions" for e in merged) == 1


def test_identity_conflict_between_two_names_is_left_alone(tmp_path: Path) -> None:
    catalog = new_catalog(tmp_path)
    store = GraphStore(catalog)
    with catalog.transaction():
        store.replace_video_edges(1, [
            edge("Carol", "talks_to", "Alice", 10, si="speaker:3"),
            edge("Dave", "talks_to", "Alice", 20, si="speaker:3"),  # a wrong name on the same voice
            edge("Speaker 3", "mentions", "Alice", 30, si="speaker:3"),
        ])
        resolve(store)
    group = {e.name: e.group for e in store.entities()}
    assert group["Carol"] != group["Dave"]
    assert group["Speaker 3"] in (group["Carol"], group["Dave"])


def test_unnamed_voice_takes_the_name_it_is_called(tmp_path: Path) -> None:
    from vidmem.graph.resolve import name_voices

    catalog = new_catalog(tmp_path)
    store = GraphStore(catalog)
    with catalog.transaction():
        store.replace_video_edges(1, [
            edge("Alice", "talks_to", "Carol", 10, si="speaker:1"),
            edge("Speaker 3", "talks_to", "Alice", 15, si="speaker:3"),
            edge("Speaker 4", "talks_to", "Alice", 25, si="speaker:4"),
        ])
        store.replace_voice_hints(1, [("speaker:3", "Carol"), ("speaker:3", "carol"), ("speaker:4", "Carol"),
                                      ("speaker:4", "Bob")])
        made = name_voices(store, store.voice_hints())
    group = {e.name: e.group for e in store.entities()}
    assert len(made) == 1 and group["Speaker 3"] == group["Carol"]
    assert group["Speaker 4"] != group["Carol"]  # called Carol once and Bob once: not settled
    assert store.merge_record(made[0]).evidence["votes"] == {"carol": 2}
