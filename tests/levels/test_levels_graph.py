"""L3/L4 events take their entities from the Library's scene graph (edges overlapping each event), and fall
back to parsing frame descriptions only for a video without graph rows."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from eval_helpers import SCENES, START
from vidmem.levels import LevelEnv, Scope, make_level
from vidmem.levels.events import CO_OCCUR_MIN, LINK_THRESHOLD, events_for
from vidmem.library import Library
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.store import FrameRow, NewVideo
from vidmem.store.graph import EdgeRow, GraphStore


def edge(source: str, s_type: str, target: str, t_type: str, relationship: str, t0: float, t1: float) -> EdgeRow:
    return EdgeRow(source, s_type, target, t_type, relationship, START + t0, START + t1)


EDGES = [
    edge("me", "person", "Alice", "person", "talks_to", 2, 8),  # the wearer never becomes an event entity
    edge("Alice", "person", "espresso maker", "object", "uses", 10, 12),
    *[edge("Alice", "person", "Bob", "person", "co_present", t, t + 2) for t in (5, 45, 85)],  # events 0, 2, 4
    *[edge("Alice", "person", "dog", "object", "interacts_with", t, t + 2) for t in (25, 65)],  # events 1, 3
    edge("Bob", "person", "train station", "location", "located_at", 100, 119),
    edge("Carol", "person", "bicycle", "object", "uses", 30, 31),
    edge("Alice", "person", "bicycles", "object", "uses", 33, 34),  # linked to "bicycle" by embedding
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root: Path = tmp_path_factory.mktemp("levels_graph")
    lib = Library.open(root)
    with lib.catalog.transaction():
        for n, frames in ((1, 120), (2, 20)):
            video_id = lib.catalog.insert_video(NewVideo(
                sha256=str(n) * 64, path_bytes=f"/x/day{n}.mp4".encode(), name=f"day{n}.mp4", size=1,
                duration=float(frames), has_video=True, has_audio=False, width=160, height=120, fps=1.0,
                start_at=START + (n - 1) * 1000, start_source="option"))
            scenes = SCENES if n == 1 else ["outdoors; seashore, sandbar; text: 'EXIT'"]
            lib.catalog.replace_frames(video_id, [
                FrameRow(i, START + (n - 1) * 1000 + i, float(i), f"frames/{video_id}/{i}.jpg", scenes[i // 20])
                for i in range(frames)])
            if n == 1:  # the second video has no graph rows
                GraphStore(lib.catalog).replace_video_edges(video_id, EDGES)
    return lib


def test_event_entities_come_from_the_graph(library: Library) -> None:
    env = LevelEnv(library, shared_text_embedder())
    first, second = (v.id for v in library.catalog.videos())
    graph, _, _ = events_for(env, Scope((first,)))
    assert graph.entity_source == "scene graph"
    names = [{graph.entity_names[e] for e in event.entities} for event in graph.events]
    assert len(names) == 6
    assert names[0] == {"Alice", "espresso maker", "Bob"}  # not "me", not the description's kitchen
    assert names[5] == {"Bob", "train station"}  # not the description's "PLATFORM 4"
    assert names[4] == {"Alice", "Bob"} and names[3] == {"Alice", "dog"}

    # linking at cosine ≥ 0.85: "bicycles" joins "bicycle" exactly when MiniLM says they are that close
    a, b = shared_text_embedder().embed(["bicycle", "bicycles"])
    cosine = float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))
    linked = cosine >= LINK_THRESHOLD
    assert ("bicycles" not in names[1]) == linked and "bicycle" in names[1]

    # APPEARS_IN and CO_OCCURS (≥ 3 shared events): Alice–Bob share events 0, 2, 4; Alice–dog only 1, 3
    by_name = {name: i for i, name in enumerate(graph.entity_names)}
    alice, bob, dog = by_name["Alice"], by_name["Bob"], by_name["dog"]
    assert graph.appears_in[alice] == [0, 1, 2, 3, 4] and graph.appears_in[bob] == [0, 2, 4, 5]
    assert (bob, 3) in graph.co_occurs[alice] and (alice, 3) in graph.co_occurs[bob]
    assert all(count >= CO_OCCUR_MIN for partners in graph.co_occurs.values() for _, count in partners)
    assert dog not in {other for other, _ in graph.co_occurs.get(alice, [])}

    # the trace says where the entities came from; a video without graph rows falls back to descriptions
    context = make_level("L3", env).build(Q(), Scope((first,)))
    assert context.trace == ["entities from scene graph"]
    mixed, _, _ = events_for(env, Scope((first, second)))
    assert mixed.entity_source == "scene graph and descriptions"
    assert {mixed.entity_names[e] for e in mixed.events[-1].entities} == {"seashore", "sandbar", "EXIT"}
    assert make_level("L4", env).build(Q(), Scope((second,))).trace == ["entities from descriptions"]


class Q:
    qid, question, options = "q", "Who was at the train station?", ("Alice", "Bob", "Carol", "Dan")
