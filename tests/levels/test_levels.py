"""The context ladder over a Library whose frames and utterances are written through the store API, so every
scene boundary is known; embeddings are the real MiniLM the lite profile uses."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from eval_helpers import SCENES, START
from vidmem.levels import LevelEnv, Scope, make_level
from vidmem.levels.base import budget_split
from vidmem.levels.events import description_entities, events_for
from vidmem.levels.l4 import tri_view
from vidmem.levels.l5 import parse_action
from vidmem.library import Library
from vidmem.models.protocols import ChatMessage, ChatResult, ChatUsage
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.store import FrameRow, NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow


class Question:
    def __init__(self, text: str, options: Sequence[str] = ("a", "b", "c", "d")) -> None:
        self.qid, self.question, self.options = "q1", text, tuple(options)


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root: Path = tmp_path_factory.mktemp("levels")
    lib = Library.open(root)
    with lib.catalog.transaction():
        video_id = lib.catalog.insert_video(NewVideo(
            sha256="0" * 64, path_bytes=b"/x/day1.mp4", name="day1.mp4", size=1, duration=120.0, has_video=True,
            has_audio=True, width=160, height=120, fps=1.0, start_at=START, start_source="option"))
        lib.catalog.replace_frames(video_id, [
            FrameRow(i, START + i, float(i), f"frames/{video_id}/{i}.jpg", SCENES[i // 20]) for i in range(120)])
        SpeechStore(lib.catalog).replace_utterances(video_id, [
            UtteranceRow(0, START + 42.0, START + 45.0, "Let's rent bikes tomorrow morning."),
            UtteranceRow(1, START + 105.0, START + 108.0, "Our train leaves from platform four at noon."),
        ])
    return lib


@pytest.fixture(scope="module")
def env(library: Library) -> LevelEnv:
    return LevelEnv(library, shared_text_embedder())


def _scene(t0: float, t1: float | None = None) -> int:
    """The scene holding a span's middle."""
    middle = t0 if t1 is None else (t0 + t1) / 2
    return int((middle - START) // 20)


def test_l1_ranks_the_right_scene_first(env: LevelEnv, library: Library) -> None:
    scope = Scope((library.catalog.videos()[0].id,))
    context = make_level("L1", env).build(Question("Which platform number was written on the sign?"), scope)
    assert len(context.items) == 10
    best = max(context.items, key=lambda item: item.score)
    assert _scene(best.t0, best.t1) == 5
    assert all(item.t1 - item.t0 == pytest.approx(3.0) for item in context.items)
    assert context.setup_s > 0  # the first question built the index
    again = make_level("L1", env).build(Question("Where was the coffee mug?"), scope)
    assert again.setup_s == 0.0  # built once per scope, then reused
    top = max(again.items, key=lambda i: i.score)
    assert _scene(top.t0, top.t1) == 0
    assert "Our train leaves from platform four" in context.text  # what was said in the chunk is in its text
    assert context.trace == ["L1 ranked by frame-description embeddings (no frames_clip table: lite profile)"]


def test_l2_merges_within_scenes_up_to_the_cap(env: LevelEnv, library: Library) -> None:
    scope = Scope((library.catalog.videos()[0].id,))
    context = make_level("L2", env).build(Question("Who wanted to rent bikes?"), scope)
    assert len(context.items) == 6  # six 20-s scenes, each merged from four identical 5-s chunks
    assert sorted(round(item.t1 - item.t0) for item in context.items) == [20] * 6
    assert {_scene(item.t0) for item in context.items} == set(range(6))
    assert sum(len(item.thumbnails) for item in context.items) == 25  # the 25-frame budget, all used
    assert _scene(max(context.items, key=lambda i: i.score).t0) == 1  # "rent bikes" was said on the street


def test_events_graph_and_l3_format(env: LevelEnv, library: Library) -> None:
    scope = Scope((library.catalog.videos()[0].id,))
    graph, _, _ = events_for(env, scope)
    assert [(round(e.t0 - START), round(e.t1 - START)) for e in graph.events] == [(i * 20, i * 20 + 20)
                                                                                   for i in range(6)]
    assert graph.next == {i: i + 1 for i in range(5)} and graph.previous == {i + 1: i for i in range(5)}
    names = {graph.entity_names[e] for e in graph.events[5].entities}
    assert {"train station", "PLATFORM 4"} <= names
    context = make_level("L3", env).build(Question("What did the sign at the train station say?"), scope)
    lines = context.text.splitlines()
    assert lines[0] == "Events in chronological order:"
    assert lines[1].startswith("Event 1 (0.0s - 20.0s): indoors; kitchen")
    assert lines[6].startswith("Event 6 (100.0s - 120.0s): indoors; train station")
    assert sum(len(i.thumbnails) for i in context.items) == 30  # 30-frame budget over six 20-frame events
    assert context.trace == ["entities from descriptions"]  # this Library has no scene-graph rows
    assert _scene(max(context.items, key=lambda i: i.score).t0) == 5


def test_l4_top5_by_rank_fusion(env: LevelEnv, library: Library) -> None:
    scope = Scope((library.catalog.videos()[0].id,))
    context = make_level("L4", env).build(Question("What was on the office laptop screen?"), scope)
    assert len(context.items) == 5
    best = max(context.items, key=lambda i: i.score)
    assert _scene(best.t0) == 3
    assert best.score == pytest.approx(3 / 31)  # ranked first by all three views: 3 × 1/(30 + 1)


def test_budget_split() -> None:
    assert budget_split(25, [0.5, 0.3, 0.2]) == [13, 7, 5]  # 12.5/7.5/5: the larger remainder goes first
    assert sum(budget_split(30, list(np.random.default_rng(0).random(7)))) == 30


def test_description_entities() -> None:
    assert description_entities("outdoors; seashore, sandbar; 1 face: Person 2; text: 'PLATFORM 4'") == [
        "seashore", "sandbar", "Person 2", "PLATFORM 4"]


class Navigator:
    """A scripted navigator (test double): replies in order, recording what it was shown."""

    name = "scripted"

    def __init__(self, replies: list[str]) -> None:
        self.replies = replies
        self.prompts: list[str] = []

    def chat(self, messages: Sequence[ChatMessage], *, schema=None, max_tokens: int = 512,  # type: ignore[no-untyped-def]
             temperature: float = 0.0) -> ChatResult:
        self.prompts.append(messages[-1].text)
        return ChatResult(self.replies[len(self.prompts) - 1], ChatUsage(self.name, 100, 2, 0.0))


def test_l5_walks_jumps_and_stops(library: Library) -> None:
    scope = Scope((library.catalog.videos()[0].id,))
    question = Question("Which platform does the train leave from?")
    navigator = Navigator(["NEXT", "I would JUMP 3", "PREVIOUS please", "ANSWER"])
    env = LevelEnv(library, shared_text_embedder(), chat=navigator)
    context = make_level("L5", env).build(question, scope)
    graph, _, _ = events_for(env, scope)
    top = [n for n, _ in tri_view(graph, env.embed_query(question.question))[:5]]
    assert top[0] == 5  # L4's best event: the train station
    assert "Current event (100.0s - 120.0s)" in navigator.prompts[0]
    assert len(navigator.prompts) == 4 and context.tokens_in == 400
    assert "next: impossible here" in navigator.prompts[1]  # the last event has no NEXT
    visited = [int(i.id.rsplit(":", 1)[1]) for i in context.items]
    assert visited == sorted({5, top[2], top[2] - 1})
    assert sum(len(i.thumbnails) for i in context.items) == 25

    looping = Navigator(["PREVIOUS"] * 9)
    env2 = LevelEnv(library, shared_text_embedder(), chat=looping)
    context2 = make_level("L5", env2).build(question, scope)
    assert len(looping.prompts) == 5  # at most 5 hops
    assert [int(i.id.rsplit(":", 1)[1]) for i in context2.items] == [0, 1, 2, 3, 4, 5]

    # a jump to the candidate it stands on (it starts at candidate 1) is staying: the walk ends there
    staying = Navigator(["JUMP 1"] * 9)
    env3 = LevelEnv(library, shared_text_embedder(), chat=staying)
    context3 = make_level("L5", env3).build(question, scope)
    assert len(staying.prompts) == 1 and [int(i.id.rsplit(":", 1)[1]) for i in context3.items] == [5]


def test_parse_action() -> None:
    assert parse_action("JUMP 2") == ("JUMP", 2)
    assert parse_action("I'd go back") == ("PREVIOUS", None)
    assert parse_action("next event please") == ("NEXT", None)
    assert parse_action("hmm") == ("ANSWER", None)
    assert parse_action("jump to candidate 4") == ("JUMP", 4)
