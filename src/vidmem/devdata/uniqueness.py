"""Checks that each question has exactly one true option given the truth.

A question carries a `spec`: a small query over the truth (kind + parameters). This module evaluates
the query for every option on its own, independently of how the generator chose the answer, and
raises when zero or several options hold, or when the one that holds is not the keyed answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

from vidmem.devdata.phrasings import PARTS, read_when
from vidmem.devdata.truth import Span, Truth

FIRST_MARGIN_S = 10.0  # "what came first" needs a clear winner
WHEN_TOLERANCE_S = 300.0  # "at about HH:MM" means within five minutes
SAME_VIEW_GAP_S = 1.0  # in-view spans closer than this are one sighting


class AmbiguousQuestion(ValueError):
    """A generated question whose answer is not unique (or not the keyed one) given the truth."""


@dataclass(frozen=True)
class Question:
    qid: str
    question: str
    options: tuple[str, ...]  # raw values, e.g. person ids, places, counts as text
    answer: int  # index into options
    category: str
    spec: dict[str, Any]
    time_reference: tuple[tuple[float, float], ...] = field(default=())
    phrasing: str = ""  # phrasings.Phrasing id, e.g. "speaker_of/3"
    split: str = "dev"  # dev | heldout (phrasings.split_of)


@lru_cache(maxsize=65536)
def normalize(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9%' ]+", " ", text.lower()).split())


_INDEX: dict[int, tuple[int, dict[tuple[str, int], Span]]] = {}


def _scenes_by_key(truth: Truth) -> dict[tuple[str, int], Span]:
    """(video, scene) -> scene span, rebuilt when the truth's spans change."""
    cached = _INDEX.get(id(truth))
    if cached is None or cached[0] != len(truth.spans):
        cached = (len(truth.spans), {(s.video, s.scene): s for s in truth.spans if s.kind == "scene"})
        _INDEX.clear()
        _INDEX[id(truth)] = cached
    return cached[1]


def contains_phrase(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z0-9]){re.escape(normalize(phrase))}(?![a-z0-9])", normalize(text)) is not None


def overlaps(a: Span, b: Span) -> bool:
    return a.t0 < b.t1 and b.t0 < a.t1


def day_dates(truth: Truth) -> dict[int, date]:
    """Recorded day number → its calendar date (UTC)."""
    dates: dict[int, date] = {}
    for video in sorted(truth.videos, key=lambda v: v.start_at):
        dates.setdefault(video.day, datetime.fromtimestamp(video.start_at, UTC).date())
    return dates


def in_scope(spec: dict[str, Any], span: Span, truth: Truth | None = None) -> bool:
    """Whether a span lies in the day (and part of day) a question names, and at the place it names ("when
    I was at the bakery"); nothing named: any time, anywhere."""
    if spec.get("day") is not None and span.day != spec["day"]:
        return False
    if spec.get("at") and (truth is None or scene_of(truth, span).value != spec["at"]):
        return False
    part = spec.get("part")
    if part:
        start, end = PARTS[part]
        return start <= datetime.fromtimestamp(span.t0, UTC).hour < end
    return True


def check_when(truth: Truth, spec: dict[str, Any]) -> None:
    """The question's time words must name exactly the day (and part) its check uses."""
    words = spec.get("when")
    if not words:
        if spec.get("part"):
            raise AmbiguousQuestion(f"a part of day {spec['part']!r} without time words")
        return
    try:
        day, part = read_when(words, day_dates(truth))
    except ValueError as exc:
        raise AmbiguousQuestion(str(exc)) from None
    if (day, part) != (spec.get("day"), spec.get("part")):
        raise AmbiguousQuestion(f"{words!r} names day {day} {part or ''}, the check uses day {spec.get('day')} "
                                f"{spec.get('part') or ''}")


def quoted(truth: Truth, quote: str, spec: dict[str, Any] | None = None) -> list[Span]:
    """Lines that contain the quote (within the question's day / part of day, when it names one)."""
    return [u for u in truth.utterances
            if normalize(quote) in normalize(u.text) and (spec is None or in_scope(spec, u, truth))]


def sightings(truth: Truth, kind: str, value: str, day: int | None = None) -> list[tuple[float, float]]:
    """Separate times something was in view (spans closer than SAME_VIEW_GAP_S merged)."""
    spans = sorted((s.t0, s.t1) for s in truth.of(kind) if s.value == value and (day is None or s.day == day))
    merged: list[tuple[float, float]] = []
    for a, b in spans:
        if merged and a - merged[-1][1] < SAME_VIEW_GAP_S:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def visits(truth: Truth, place: str, day: int | None = None) -> list[tuple[float, float]]:
    """Stays at a place: consecutive scenes there in one recording are one visit."""
    runs: list[tuple[float, float]] = []
    previous: Span | None = None
    for scene in sorted(truth.scenes, key=lambda s: s.t0):
        here = scene.value == place and (day is None or scene.day == day)
        if here and previous is not None and previous.value == place and previous.video == scene.video \
                and abs(previous.t1 - scene.t0) < 1e-3 and runs:
            runs[-1] = (runs[-1][0], scene.t1)
        elif here:
            runs.append((scene.t0, scene.t1))
        previous = scene
    return runs


def scene_of(truth: Truth, span: Span) -> Span:
    return _scenes_by_key(truth)[(span.video, span.scene)]


def next_place(truth: Truth, scene: Span) -> str | None:
    """The next place visited the same day after this scene's place (a different place)."""
    later = sorted((s for s in truth.scenes if s.day == scene.day and s.t0 >= scene.t1 - 1e-3), key=lambda s: s.t0)
    return next((s.value for s in later if s.value != scene.value), None)


def clock_seconds(day_start: float, hhmm: str) -> float:
    hours, minutes = hhmm.split(":")
    return day_start + int(hours) * 3600 + int(minutes) * 60


def day_midnight(truth: Truth, day: int) -> float:
    first = min(v.start_at for v in truth.videos if v.day == day)
    moment = datetime.fromtimestamp(first, UTC)
    return datetime(moment.year, moment.month, moment.day, tzinfo=UTC).timestamp()


def first_time(truth: Truth, what: str, value: str, day: int) -> float | None:
    if what == "place":
        times = [s.t0 for s in truth.scenes if s.value == value and s.day == day]
    elif what == "speaker":
        times = [u.t0 for u in truth.utterances if u.value == value and u.day == day]
    elif what == "mention":
        times = [u.t0 for u in truth.utterances if u.day == day and contains_phrase(u.text, value)]
    else:
        times = [s.t0 for s in truth.of(what) if s.value == value and s.day == day]
    return min(times) if times else None


def _holds_first(truth: Truth, spec: dict[str, Any], option: str) -> bool:
    firsts = {o: first_time(truth, spec["what"], o, spec["day"]) for o in spec["among"]}
    mine = firsts.get(option)
    if mine is None:
        return False
    others = [t for o, t in firsts.items() if o != option and t is not None]
    return all(mine + FIRST_MARGIN_S <= t for t in others)


def _spoke_in_scenes(truth: Truth, person: str, scenes: list[Span]) -> bool:
    keys = {(s.video, s.scene) for s in scenes}
    return any(u.value == person and (u.video, u.scene) in keys for u in truth.utterances)


def _places_with(truth: Truth, kind: str, value: str, day: int) -> set[str]:
    return {scene_of(truth, s).value for s in truth.of(kind) if s.value == value and s.day == day}


def _first_meeting_scene(truth: Truth, person: str, day: int) -> Span | None:
    said = sorted((u for u in truth.utterances if u.value == person and u.day == day), key=lambda u: u.t0)
    return scene_of(truth, said[0]) if said else None


def _usual_place(truth: Truth, person: str) -> str | None:
    """The place where `person` spoke in most scenes, if it leads every other place and counts ≥ 2."""
    scenes: dict[str, set[tuple[str, int]]] = {}
    for u in truth.utterances:
        if u.value == person:
            scenes.setdefault(scene_of(truth, u).value, set()).add((u.video, u.scene))
    ranked = sorted(((len(v), place) for place, v in scenes.items()), reverse=True)
    if not ranked or ranked[0][0] < 2 or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
        return None
    return ranked[0][1]


HOLDS: dict[str, Callable[[Truth, dict[str, Any], str], bool]] = {
    # what_said: the speaker said the option within the window (around a clock time) or the day named
    "said": lambda t, s, o: any(
        u.value == s["speaker"] and s.get("t0", u.t0) <= u.t0 <= s.get("t1", u.t0) and in_scope(s, u, t)
        and contains_phrase(u.text, o) for u in t.utterances
    ),
    # who_said: the option is the speaker of a line containing the quote
    "speaker_of": lambda t, s, o: any(u.value == o for u in quoted(t, s["quote"], s)),
    # in view while said: the object was in view during a line containing the quote
    "object_during": lambda t, s, o: any(
        ob.value == o and overlaps(ob, u) for u in quoted(t, s["quote"], s) for ob in t.of("object")
    ),
    "sign_during": lambda t, s, o: any(
        sg.value == o and overlaps(sg, u) for u in quoted(t, s["quote"], s) for sg in t.of("sign")
    ),
    # where: the scene of a line containing the quote was at the option place
    "place_during": lambda t, s, o: any(scene_of(t, u).value == o for u in quoted(t, s["quote"], s)),
    # usually: the option is the one place where the person spoke in the most scenes (at least two)
    "usual_place": lambda t, s, o: _usual_place(t, s["person"]) == o,
    # when: the first visit to the place that day began within tolerance of the option clock time
    "first_visit_at": lambda t, s, o: bool(visits(t, s["place"], s["day"])) and abs(
        visits(t, s["place"], s["day"])[0][0] - clock_seconds(day_midnight(t, s["day"]), o)
    ) <= WHEN_TOLERANCE_S,
    # what came first among the listed options
    "first": _holds_first,
    # how many times
    "count_sightings": lambda t, s, o: len(sightings(t, "object", s["object"], s.get("day"))) == int(o),
    "count_visits": lambda t, s, o: len(visits(t, s["place"], s.get("day"))) == int(o),
    "count_conversations": lambda t, s, o: len(
        {u.dialogue for u in t.utterances if u.value == s["person"] and u.day == s["day"] and u.dialogue >= 0}
    ) == int(o),
    # multi-hop: object → place(s) that day → who spoke there that day
    "spoke_where_object": lambda t, s, o: _spoke_in_scenes(
        t, o, [sc for sc in t.scenes
               if sc.day == s["day"] and sc.value in _places_with(t, "object", s["object"], s["day"])]
    ),
    # multi-hop: person → first scene they spoke in that day → object in view in that scene
    "object_at_first_meeting": lambda t, s, o: (scene := _first_meeting_scene(t, s["person"], s["day"])) is not None
    and any(ob.value == o and ob.video == scene.video and ob.scene == scene.scene for ob in t.of("object")),
    # multi-hop: who spoke at both places (any day)
    "spoke_at_both": lambda t, s, o: all(
        _spoke_in_scenes(t, o, [sc for sc in t.scenes if sc.value == place]) for place in s["places"]
    ),
    # multi-hop: sign text → its place → the next place I went to that day
    "place_after_sign": lambda t, s, o: any(
        next_place(t, scene_of(t, sg)) == o for sg in t.of("sign") if sg.value == s["text"] and sg.day == s["day"]
    ),
    # multi-hop: place + time → who (other than me) spoke there then
    "spoke_at_place_near": lambda t, s, o: o != "me" and any(
        u.value == o and scene_of(t, u).value == s["place"] and abs(scene_of(t, u).t0 - s["t"]) <= WHEN_TOLERANCE_S
        for u in t.utterances if u.day == s["day"]
    ),
    # multi-hop: place → my last visit there that day → object in view during it
    "object_last_visit": lambda t, s, o: bool(stays := visits(t, s["place"], s["day"])) and any(
        ob.value == o and ob.t0 < stays[-1][1] and stays[-1][0] < ob.t1 for ob in t.of("object")
    ),
    # on-screen text: a sign with this text was in view at the place that day
    "sign_at": lambda t, s, o: any(
        sg.value == o and in_scope(s, sg) and scene_of(t, sg).value == s["place"] for sg in t.of("sign")
    ),
}


def option_truths(truth: Truth, question: Question) -> list[bool]:
    kind = question.spec["kind"]
    if kind not in HOLDS:
        raise AmbiguousQuestion(f"{question.qid}: unknown check {kind!r}")
    return [bool(HOLDS[kind](truth, question.spec, option)) for option in question.options]


def check(truth: Truth, question: Question) -> None:
    """Raise AmbiguousQuestion unless exactly the keyed option holds."""
    if len(set(question.options)) != len(question.options):
        raise AmbiguousQuestion(f"{question.qid}: repeated options {question.options}")
    check_when(truth, question.spec)
    holds = option_truths(truth, question)
    right = [i for i, h in enumerate(holds) if h]
    if right != [question.answer]:
        shown = [question.options[i] for i in right]
        raise AmbiguousQuestion(
            f"{question.qid} ({question.category}): {question.question!r} has true options {shown}, "
            f"keyed {question.options[question.answer]!r}"
        )


def check_all(truth: Truth, questions: list[Question]) -> None:
    problems = []
    for question in questions:
        try:
            check(truth, question)
        except AmbiguousQuestion as exc:
            problems.append(str(exc))
    if problems:
        raise AmbiguousQuestion(f"{len(problems)} question(s) without a unique answer:\n" + "\n".join(problems))
