"""The planning agent: `build_agent(library).ask(question, options)` → Answer with citations."""

from __future__ import annotations

import os
import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np

from vidmem.agent.answer import Answer, Citation, EvidenceAnswerer, LLMAnswerer, minilm_similarity, parse_choice
from vidmem.agent.answer.look import FrameLook, Recording
from vidmem.agent.answer.same_thing import SameThing
from vidmem.agent.config import DEFAULT
from vidmem.agent.graph import Agent
from vidmem.agent.planner_llm import LLMPlanner
from vidmem.agent.planner_rules import RulePlanner
from vidmem.agent.query import Query, QueryReader, Timeline, Vocabulary
from vidmem.agent.slots import llm_slot_filler
from vidmem.agent.speakers import SpeakerDirectory
from vidmem.agent.tools import ToolRegistry, default_registry
from vidmem.models.protocols import ChatModel
from vidmem.retrieval.places import heard_place_names
from vidmem.retrieval.types import Hit

Choice = Literal["auto", "rules", "llm"]


# Who answers when nobody says: the evidence scorer. On the same 64 dev questions (seeds 5 and 7, dev
# phrasings) the chat answerer (1.5B) was right on 45 and the scorer alone on 44 (the model decided 11: right
# on 4, the scorer on 3 of those); the 0.5B on 44; with the scorer as it is at the end of that session 50
# against 52 (the model decided 13: right on 4, the scorer on 6); held-out, 37 against 36 of 72. The model
# costs its load and 15-45 s a call on 2 shared cores, so it answers only when asked for (`--answerer llm`).
DEFAULT_ANSWERER = "rules"


def pick_kind(value: str | None, env: str, auto: str) -> str:
    """rules | llm from an explicit choice, else the environment variable `env`, else `auto`'s value; an
    explicit "auto" (the CLI's default) still lets the environment choose."""
    choice = (value if value and value != "auto" else None) or os.environ.get(env) or "auto"
    if choice not in {"auto", "rules", "llm"}:
        raise ValueError(f"{env} must be auto, rules or llm, not {choice!r}")
    return auto if choice == "auto" else choice


def vocabulary(library: Any) -> Vocabulary:
    """Names the Library knows: speakers (given or inferred, and names they were called), faces, places."""
    people: list[str] = []
    places: list[str] = []
    try:
        from vidmem.store.speech import SpeechStore

        for s in SpeechStore(library.catalog).speakers():
            people += [s.name or ""] + [str(e.get("name", "")) for e in s.name_evidence or []]
    except Exception:  # a Library without speech tables knows no voices
        pass
    try:
        from vidmem.store.vision import VisionStore

        store = VisionStore(library.catalog)
        people += [p.name or "" for p in store.people()]
        places += [n or "" for p in store.places() for n in (p.name, p.inferred_name)]
        places += [m.phrase for m in heard_place_names(library)]
    except Exception:  # nor faces and places without vision tables
        pass
    return Vocabulary.of(people, places)


def _sure_labels(library: Any) -> list[str]:
    """What the Library's image labeller names surely (none for a Library without vision tables)."""
    try:
        from vidmem.store.vision import VisionStore

        return VisionStore(library.catalog).sure_labels(DEFAULT.label_sure)
    except Exception:  # a Library without vision tables names nothing
        return []


def _common_labels(library: Any) -> list[str]:
    """What the Library's frames show nearly all the time (none for a Library without vision tables)."""
    try:
        from vidmem.store.vision import VisionStore

        return VisionStore(library.catalog).common_labels(DEFAULT.label_sure, DEFAULT.open_common_share)
    except Exception:  # a Library without vision tables names nothing
        return []


def _place_names(library: Any) -> dict[int, str]:
    """The Library's places that go by a name (place id → the user's or the inferred name)."""
    try:
        from vidmem.store.vision import VisionStore

        return {p.id: p.answer_name for p in VisionStore(library.catalog).places() if p.answer_name}
    except Exception:  # a Library without vision tables has no places
        return {}


def _embed_texts(texts: Sequence[str]) -> np.ndarray:
    from vidmem.models.minilm_numpy import query_text_embedder

    return np.asarray(query_text_embedder().embed(list(texts)), dtype=np.float32)


def _frame_look(records: Sequence[Any]) -> FrameLook:
    """A second look at given seconds of the Library's videos (`records`), decoded again from their files
    (nothing is loaded until a question needs it)."""
    from vidmem.models.text_embedding import minilm_id

    videos = {v.id: Recording(v.fs_path, v.start_at, v.duration, v.sha256) for v in records if v.has_video}
    return FrameLook(videos, _embed_texts, embedder_id=minilm_id())


def _key_near_views(library: Any) -> Callable[[float | None, float | None], list[tuple[int, float, float, np.ndarray]]]:
    """[t0, t1] → the key frames whose near views ingest kept (none for a Library without vision tables)."""
    from vidmem.store.vision import VisionStore

    def read(t0: float | None, t1: float | None) -> list[tuple[int, float, float, np.ndarray]]:
        try:
            return VisionStore(library.catalog).key_near_views(t0, t1)
        except sqlite3.OperationalError:
            return []

    def kept(t0: float | None, t1: float | None) -> list[tuple[int, float, float, np.ndarray]]:
        return library.catalog.memo(("key_near_views", t0, t1), lambda: read(t0, t1))
    return kept


def _named_in_view(library: Any) -> Callable[[str], list[tuple[int, float, float]]]:
    """A thing → the lines of the Library that point at it ("I found this coin"), as (video, t0, t1), surest
    match first (none for a Library without transcripts). A thing no line names as said may have been misheard
    ("I found this all" for a ball): then the lines pointing at a word that sounds like it (`pointed_at`)."""
    from vidmem.agent.answer.open_seen import pointed_at
    from vidmem.store.speech import SpeechStore

    def lines(words: str, limit: int) -> list[tuple[int, float, float, str]]:
        try:
            found = SpeechStore(library.catalog).search_text(words, limit=limit) if words else []
        except Exception:  # a Library without transcripts names nothing
            return []
        return [(m.utterance.video_id, m.utterance.t0, m.utterance.t1, m.utterance.text) for m in found]

    def search(thing: str) -> list[tuple[int, float, float]]:
        head = thing.split()[-1] if thing.split() else ""
        said = [(v, t0, t1) for v, t0, t1, text in lines(head, DEFAULT.same_thing_search)
                if pointed_at([text], [thing], misheard=False)[0]]
        if said or not head:
            return said
        return [(v, t0, t1) for v, t0, t1, text in sorted(_pointing_lines(library), key=lambda r: r[1])
                if pointed_at([text], [thing])[0]]

    def named(thing: str) -> list[tuple[int, float, float]]:  # asked several times a question: read once
        return library.catalog.memo(("named_in_view", thing), lambda: search(thing))
    return named


_WHOSE = {"my", "your", "his", "her", "our", "their", "its"}  # "that your lantern": the thing is "lantern"


def _pointing_lines(library: Any) -> list[tuple[int, float, float, str]]:
    """The Library's lines with a demonstrative ("I found this coin"), at most `misheard_lines` of them, read
    once until the Library changes (none for a Library without transcripts)."""
    from vidmem.agent.answer.open_seen import DEMONSTRATIVES
    from vidmem.store.speech import SpeechStore

    def read() -> list[tuple[int, float, float, str]]:
        try:
            found = SpeechStore(library.catalog).search_text(" ".join(sorted(DEMONSTRATIVES)),
                                                             limit=DEFAULT.misheard_lines)
        except Exception:  # a Library without transcripts names nothing
            return []
        return [(m.utterance.video_id, m.utterance.t0, m.utterance.t1, m.utterance.text) for m in found]
    return list(library.catalog.memo(("pointing_lines",), read))


def _pointed_things(library: Any) -> Callable[[], list[str]]:
    """Every thing a line of the Library points at, as said ("this coffee cup" → "coffee cup"), one spelling
    per head noun (its most said: "coins" and "coin" are one thing), read once when first asked for."""
    from vidmem.agent.answer.open_seen import pointed_nouns, stem
    from vidmem.agent.query.reader import parse

    def read() -> list[str]:
        said = Counter(" ".join(w for w in noun.lower().split() if w not in _WHOSE)
                       for noun, _ in pointed_nouns([r[3] for r in _pointing_lines(library)], parse))
        by_head: dict[str, str] = {}
        for noun, _ in said.most_common():
            if noun:
                by_head.setdefault(stem(noun.split()[-1]), noun)
        return sorted(by_head.values())
    return lambda: list(library.catalog.memo(("pointed_things",), read))


def query_reader(library: Any, chat: ChatModel | None = None, now: float | None = None) -> QueryReader:
    """The question reader over `library`'s timeline and names; the chat model reads what the rules can't."""
    from vidmem.agent.query.intent import shared_intent_reader
    from vidmem.agent.query.llm import llm_query_fallback

    clock = library.clock()

    def recorded_days() -> tuple[int, ...]:  # a week of files: ~0.1 s a question if read anew each time
        return Timeline.of(clock, [(v.start_at, v.end_at) for v in library.catalog.videos()]).days

    timeline = Timeline(clock, library.catalog.memo(("recorded_days", clock), recorded_days), now)
    return QueryReader(timeline, vocabulary=vocabulary(library), intents=shared_intent_reader(),
                       fallback=llm_query_fallback(chat) if chat is not None else None)


def build_agent(library: Any, *, planner: str | None = None, answerer: str | None = None,
                chat: ChatModel | None = None, registry: ToolRegistry | None = None,
                videos: Sequence[int] | None = None, now: float | None = None) -> Agent:
    """An agent over `library`'s tools. Answers: `rules` (the default, `DEFAULT_ANSWERER`) from the evidence
    scorer alone, without a model; `llm`: the chat model decides where the scorer is unsure. Plans: the chat
    model in `full`, rules in `lite` (the small model plans poorly). VIDMEM_AGENT_PLANNER /
    VIDMEM_AGENT_ANSWERER set the same choices; `auto` defers to them. `videos` bounds every
    tool call to those videos (a question about one video of a benchmark)."""
    registry = registry or default_registry(library)
    if not registry.names():
        raise RuntimeError("no retrieval tools are installed (vidmem.retrieval.audio/visual/graph)")
    profile = library.settings.profile
    plan_kind = pick_kind(planner, "VIDMEM_AGENT_PLANNER", "llm" if profile == "full" else "rules")
    answer_kind = pick_kind(answerer, "VIDMEM_AGENT_ANSWERER", DEFAULT_ANSWERER)
    if chat is None and "llm" in {plan_kind, answer_kind}:
        from vidmem.models.chat import load_chat_model

        chat = load_chat_model(library.settings)
    # the small model fills search words only where the rules found none
    rule_planner = RulePlanner(registry.names(), slot_filler=llm_slot_filler(chat) if chat is not None else None)
    the_planner = LLMPlanner(chat, registry, fallback=rule_planner) if plan_kind == "llm" and chat else rule_planner
    images = None
    if chat is not None and getattr(chat, "vision", False):
        def images(hit: Hit) -> bytes | None:
            path = library.root / hit.thumbnail if hit.thumbnail else None
            return path.read_bytes() if path is not None and path.is_file() else None
    records = library.catalog.videos()
    look = _frame_look(records)
    rules = EvidenceAnswerer(minilm_similarity, library.clock(), SpeakerDirectory.from_library(library),
                             labels=_sure_labels(library), look=look, common=_common_labels(library),
                             same=SameThing(look.near_views, _named_in_view(library),
                                            key_views=_key_near_views(library), things=_pointed_things(library)),
                             place_names=_place_names(library))
    the_answerer = LLMAnswerer(chat, images=images, fallback=rules) if answer_kind == "llm" and chat else rules
    names = {v.id: v.name for v in records}
    if videos is not None and (unknown := sorted(set(videos) - set(names))):
        raise ValueError(f"no video {', '.join(map(str, unknown))} in this Library")
    return Agent(registry, clock=library.clock(), video_names=names, planner=the_planner, answerer=the_answerer,
                 reader=query_reader(library, chat, now), videos=videos,
                 video_spans={v.id: (v.start_at, v.end_at) for v in records})


__all__ = ["DEFAULT_ANSWERER", "Agent", "Answer", "Choice", "Citation", "Query", "build_agent", "parse_choice",
           "pick_kind", "query_reader"]
