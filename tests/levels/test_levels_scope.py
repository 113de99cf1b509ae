"""The agent rung keeps a one-video question inside its video: two videos recorded at the same time say and
show the same words, and with the scope set every citation comes from the scoped video."""

from __future__ import annotations

from pathlib import Path

import pytest

from frame_helpers import add_described_video
from vidmem.agent.graph import clip
from vidmem.agent.tools import default_registry
from vidmem.levels import Scope, make_level
from vidmem.library import Library
from vidmem.retrieval.audio import audio_search
from vidmem.retrieval.graph import entity_graph_search
from vidmem.retrieval.visual import visual_search
from vidmem.store.graph import EdgeRow, GraphStore
from vidmem.store.speech import SpeechStore, UtteranceRow

START = 1_790_000_000.0  # both videos start here: a time window alone cannot tell them apart
SAID = "The blue kettle is on the top shelf next to the red teapot."
SEEN = "indoors; kitchen, kettle, teapot, shelf"


class Question:
    qid = "q1"
    question = "Where is the blue kettle?"
    options = ("on the top shelf", "in the sink", "on the stove", "in the garden")


def _video(lib: Library, n: int) -> int:
    descriptions = [SEEN if 20 <= i < 30 else "outdoors; street, car" for i in range(60)]
    video_id = add_described_video(lib, n, descriptions, START)
    SpeechStore(lib.catalog).replace_utterances(video_id, [
        UtteranceRow(0, START + 21.0 + n, START + 25.0 + n, SAID),
        UtteranceRow(1, START + 40.0, START + 43.0, "Let's go for a walk."),
    ])
    GraphStore(lib.catalog).replace_video_edges(video_id, [
        EdgeRow("blue kettle", "object", "top shelf", "location", "located_at", START + 21.0, START + 25.0, SAID)])
    return video_id


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root: Path = tmp_path_factory.mktemp("scope")
    lib = Library.open(root)
    with lib.catalog.transaction():
        _video(lib, 1)
        _video(lib, 2)
    return lib


def test_tools_take_a_video_filter(library: Library) -> None:
    first, second = (v.id for v in library.catalog.videos())
    for videos in (None, [first], [second]):
        # the retrieval functions filter in their queries (k=2: one moment per video unfiltered) …
        found = [visual_search(library, "kettle on a shelf", k=2, videos=videos),
                 audio_search(library, "blue kettle", k=2, videos=videos),
                 entity_graph_search(library, ["blue kettle"], videos=videos).hits]
        for hits in found:
            assert {h.video_id for h in hits} == set(videos or (first, second))
    # … and the registry passes the scope on (and drops any hit from elsewhere)
    registry = default_registry(library)
    for tool, args in (("visual_search", {"query": "kettle on a shelf"}), ("audio_search", {"query": "blue kettle"}),
                       ("entity_graph_search", {"entities": ["blue kettle"]})):
        assert {h.video_id for h in registry.call(tool, args).hits} == {first, second}, tool
        scoped = registry.call(tool, args, videos=[second]).hits
        assert scoped and {h.video_id for h in scoped} == {second}, tool
    assert registry.call("audio_search", {"query": "blue kettle"}, videos=[]).hits == []


def test_scoped_ask_cites_only_the_scoped_video(library: Library) -> None:
    first, second = (v.id for v in library.catalog.videos())
    options = [f"{letter}. {text}" for letter, text in zip("ABCD", Question.options, strict=False)]
    unscoped = library.ask(Question.question, options, planner="rules", answerer="rules")
    assert {c.video_id for c in unscoped.citations} == {first, second}  # unscoped, both videos answer
    for video_id in (first, second):
        answer = library.ask(Question.question, options, planner="rules", answerer="rules", videos=[video_id])
        assert answer.choice == "A"
        assert answer.citations and {c.video_id for c in answer.citations} == {video_id}
    with pytest.raises(ValueError, match="no video 999"):
        library.ask(Question.question, options, planner="rules", answerer="rules", videos=[999])


def test_agent_level_passes_a_single_video_scope(library: Library) -> None:
    first, second = (v.id for v in library.catalog.videos())
    level = make_level("agent", None, library=library)
    level.agent_options.update(planner="rules", answerer="rules")  # type: ignore[attr-defined]
    context = level.build(Question(), Scope((second,)))
    assert context.items and {item.video_id for item in context.items} == {second}
    assert context.reply == "Answer: A"
    both = level.build(Question(), Scope((first, second)))  # a corpus question: the whole Library
    assert {item.video_id for item in both.items} == {first, second}


def test_clip_keeps_windows_inside_the_scope() -> None:
    scope = (100.0, 200.0)
    assert clip((150.0, 250.0), scope) == (150.0, 200.0)
    assert clip(None, scope) == scope  # no window: the whole scope
    assert clip((300.0, 400.0), scope) == scope  # a window outside the scope falls back to the scope
    assert clip((300.0, 400.0), None) == (300.0, 400.0)
