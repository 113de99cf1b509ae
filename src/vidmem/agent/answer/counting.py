"""Counting from evidence: how many moments, conversations or visits the found hits make up.

A conversation is a stretch of talk: lines closer than `conversation_gap_s` belong together, and one counts
when the asked person's voice is heard in it, or a line in it calls them by name ("Look Nadia, …": whoever is
called on is there and answers, though voices alike may put the answer under another's voice). Talk in the
wearer's voice alone that calls nobody ("Made it to the harbour.") is the wearer remarking, not a
conversation. A visit is a
stay at one place: the place's visits when the Library knows the place by name (`place_search`), else the
frames that show it, closer than `visit_gap_s`. A moment is one sighting or mention (`event_gap_s`).

A count of 0 is an observation only when the Library could have recognised what was asked: a person some
voice or line is known by, a place some line or sign named, a thing the image labeller has a class like.
When it could not (a name no voice answers to, a place never named, a thing no label resembles), finding
none says what the recognisers miss, not what the day held, and the question presumes at least one: the
count is then `unrecognised_count`, never sure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vidmem.agent.answer.evidence import Similarity, events, strong
from vidmem.agent.answer.types import Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.query.types import Query
from vidmem.agent.state import Plan
from vidmem.retrieval.types import Hit

VoiceWeight = Callable[[Hit, str], float]  # how likely a line's voice is the named person's ("me": the wearer)
Called = Callable[[Hit, str], bool]  # whether a line calls the named person by name
Calls = Callable[[Hit], bool]  # whether a line calls anyone by name
Known = Callable[[str, str], bool]  # (kind "person" | "thing", name): could this Library recognise it at all?


def count(query: Query, plan: Plan, evidence: Sequence[Evidence], voice: VoiceWeight,
          config: AgentConfig = DEFAULT, similarity: Similarity | None = None,
          known: Known | None = None, called: Called | None = None,
          calls: Calls | None = None) -> tuple[int, list[Evidence], str]:
    """The count, the evidence it rests on, and what was counted (for the justification); `known`: whether the
    Library could recognise the asked person or thing (without it, every 0 stands); `called`: whether a line
    calls someone by name (a conversation they are called on in counts as theirs); `calls`: whether a line
    calls anyone by name (without it, the wearer's voice alone makes a conversation)."""
    n, found, unit = _count(query, plan, evidence, voice, config, similarity, called, calls)
    if n == 0 and evidence and known is not None and _unrecognisable(query, plan, known):
        return config.unrecognised_count, [], f"{unit}: none recognised surely, at least one presumed"
    return n, found, unit


def conversations(lines: Sequence[Hit], wearers: Callable[[Hit], bool],
                  config: AgentConfig = DEFAULT) -> list[list[Hit]]:
    """Lines grouped into conversations: talk broken by `conversation_gap_s` of silence ends one, and so does a
    pause of `conversation_turn_gap_s` after which the wearer talks with other voices than before (one
    friend, then another met a few seconds later: two conversations). A stretch of talk in no voice but the
    wearer's (or none known) goes with the talk around it."""
    bursts = events(lines, config.conversation_turn_gap_s)
    talks: list[list[Hit]] = []
    partners: list[set[object]] = []
    for burst in bursts:
        voices = {h.extra.get("speaker_id") for h in burst if not wearers(h)} - {None}
        last = talks[-1][-1] if talks else None
        near = last is not None and last.video_id == burst[0].video_id and \
            burst[0].t0 - max(h.t1 for h in talks[-1]) <= config.conversation_gap_s
        if near and (not voices or not partners[-1] or voices & partners[-1]):
            talks[-1] += burst
            partners[-1] |= voices
        else:
            talks.append(list(burst))
            partners.append(set(voices))
    return talks


def _unrecognisable(query: Query, plan: Plan, known: Known) -> bool:
    """Whether what the count is of is something this Library has no way to recognise: the named person of a
    conversation count, the place of a visit count, or the things of a sighting count (a thing seen, not words
    said or read)."""
    asked = [w for sub in plan.subtasks for w in sub.about if w and w != "me"]
    if query.unit == "conversation":
        return bool(asked) and not any(known("person", who) for who in asked)
    if query.unit == "visit":
        # a place nothing the Library heard or read is called like (`Query.known_places`, from its vocabulary)
        return bool(query.places) and not query.known_places
    if query.unit == "moment" and not asked and not query.wants("speech") and not query.wants("ocr"):
        things = list(query.objects)
        return bool(things) and not any(known("thing", t) for t in things)
    return False


def _count(query: Query, plan: Plan, evidence: Sequence[Evidence], voice: VoiceWeight,
           config: AgentConfig, similarity: Similarity | None,
           called: Called | None = None, calls: Calls | None = None) -> tuple[int, list[Evidence], str]:
    asked = [w for sub in plan.subtasks for w in sub.about if w]
    if query.unit == "conversation":
        lines = [e for e in evidence if e.hit.modality == "audio"]
        by_hit = {id(e.hit): e for e in lines}

        def wearers(h: Hit) -> bool:
            return voice(h, "me") >= config.voice_min

        talks = conversations([e.hit for e in lines], wearers, config)
        if calls is not None:
            talks = [t for t in talks if not all(wearers(h) and not calls(h) for h in t)]

        def theirs(h: Hit, who: str) -> bool:
            return voice(h, who) >= config.voice_min or (called is not None and who != "me" and called(h, who))

        if asked:
            talks = [t for t in talks if any(theirs(h, who) for h in t for who in asked)]
        found = [by_hit[id(t[0])] for t in talks]
        return len(talks), found, "conversation(s)"
    if query.unit == "person":
        # one per voice heard other than the wearer's (voices that sound alike may be one cluster: a floor)
        others = sorted((e for e in evidence if e.hit.modality == "audio" and e.hit.extra.get("speaker_id") is not None
                         and voice(e.hit, "me") < config.voice_min), key=lambda e: e.hit.t0)
        first: dict[object, Evidence] = {}
        for e in others:
            first.setdefault(e.hit.extra["speaker_id"], e)
        return len(first), list(first.values()), "voice(s) besides mine"
    if query.unit == "place":
        # one per place by the name it goes by (two clusters of one place named alike count once); a one-frame
        # glimpse as a file starts is no place
        stays = sorted((e for e in evidence if e.hit.modality == "place" and e.hit.t1 - e.hit.t0 >= config.glimpse_s),
                       key=lambda e: e.hit.t0)
        places: dict[object, Evidence] = {}
        for e in stays:
            places.setdefault(e.hit.extra.get("place") or e.hit.extra.get("place_id"), e)
        return len(places), list(places.values()), "place(s)"
    if query.unit == "visit":
        # visits matched by the place's name, not those matched only through a weak name (`strong`)
        stays = [e for e in strong(plan, evidence, config) if e.tool == "place_search"]
        if stays:
            groups = events([e.hit for e in stays], config.visit_gap_s)
            by_hit = {id(e.hit): e for e in stays}
            return len(groups), [by_hit[id(g[0])] for g in groups], "visit(s)"
        frames = strong(plan, evidence, config, similarity=similarity)
        by_hit = {id(e.hit): e for e in frames}
        groups = events([e.hit for e in frames], config.visit_gap_s)
        return len(groups), [by_hit[id(g[0])] for g in groups], "visit(s)"
    # a sighting is the thing in view, not its name read on a sign (unless the question is about text)
    found = strong(plan, evidence, config, read_text=query.wants("ocr"), similarity=similarity)
    named = [w for w in asked if w != "me"]
    if named and any(e.hit.modality == "audio" for e in found):
        # "how many times did X mention …": only X's lines (by voice) count
        found = [e for e in found if e.hit.modality != "audio" or
                 any(voice(e.hit, who) >= config.voice_min for who in named)]
    by_hit = {id(e.hit): e for e in found}
    groups = events([e.hit for e in found], config.event_gap_s)
    return len(groups), [by_hit[id(g[0])] for g in groups], "distinct moment(s)"
