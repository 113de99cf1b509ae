"""Multiple-choice questions generated from the truth, in the corpus JSONL format the evaluation reads.

Each generator proposes questions with their check (`spec`); only those the uniqueness checker accepts
are kept, and the final set is checked once more as a whole (a failure there raises).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from math import ceil
from typing import Any

from vidmem.devdata.script import POOLS, SIGNS
from vidmem.devdata.truth import ME, Span, Truth, iso
from vidmem.devdata.uniqueness import (
    AmbiguousQuestion,
    Question,
    check,
    check_all,
    first_time,
    next_place,
    option_truths,
    scene_of,
    sightings,
    visits,
)

CATEGORIES = (
    "what_said", "who_said", "in_view_while_said", "where_when", "what_came_first", "how_many",
    "multi_hop", "onscreen_text",
)
LETTERS = "ABCD"

# slot → (topic → question tail); {S} is the speaker ("I" for the wearer), {X} a companion fact
SLOT_QUESTIONS: dict[str, dict[str, str]] = {
    "platform": {"train": "which platform did {S} say the train leaves from?"},
    "time": {"train": "at what time did {S} say the train leaves?",
             "dinner": "at what time did {S} say there was a table for dinner?",
             "trip": "at what time did {S} say we leave for {X}?"},
    "restaurant": {"dinner": "which restaurant did {S} suggest for dinner?"},
    "weekday": {"meeting": "on which day did {S} say the meeting is?",
                "trip": "on which day did {S} say we go to {X}?"},
    "spot": {"meeting": "where did {S} say the meeting is?",
             "lost": "where did {S} say the {X} was left?",
             "object": "near which place did {S} say the {X} was found?"},
    "item": {"meeting": "what did {S} say they would bring to the meeting?",
             "lost": "what did {S} ask about, having lost it?"},
    "gift": {"shopping": "what did {S} ask about buying?"},
    "price": {"shopping": "how many dollars did {S} say the {X} cost?"},
    "city": {"trip": "which city did {S} say we are going to?"},
}
COMPANION = {"trip": "city", "lost": "item", "shopping": "gift"}


def clock(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%H:%M")


class Generator:
    def __init__(self, truth: Truth, rng: random.Random) -> None:
        self.truth = truth
        self.rng = rng
        self.cast = [p.id for p in truth.people]
        self.days = sorted({v.day for v in truth.videos})

    # -- helpers -------------------------------------------------------------------------------------
    def who(self, pid: str) -> str:
        return "I" if pid == ME else pid

    def make(self, category: str, text: str, answer: str, pool: list[str], spec: dict[str, Any],
             refs: list[tuple[float, float]]) -> Question | None:
        """Answer + three options from `pool` that do not hold (checked), shuffled."""
        probe = Question("probe", text, tuple(dict.fromkeys([answer, *pool])), 0, category, spec)
        holds = option_truths(self.truth, probe)
        if not holds[0]:
            return None
        wrong = [o for o, h in zip(probe.options[1:], holds[1:], strict=True) if not h]
        if len(wrong) < 3:
            return None
        options = [answer, *self.rng.sample(wrong, 3)]
        self.rng.shuffle(options)
        return Question("", text, tuple(options), options.index(answer), category, spec, tuple(refs))

    def quotable(self) -> list[Span]:
        """Lines that state a fact: distinctive enough to quote."""
        return [u for u in self.truth.utterances if u.facts]

    # -- categories ----------------------------------------------------------------------------------
    def what_said(self) -> Iterator[Question | None]:
        for u in self.quotable():
            facts = dict(u.facts)
            dialogue_facts = {k: v for x in self.truth.utterances if x.dialogue == u.dialogue for k, v in x.facts}
            for slot, value in facts.items():
                tail = SLOT_QUESTIONS.get(slot, {}).get(u.topic)
                if tail is None:
                    continue
                companion = dialogue_facts.get(COMPANION.get(u.topic, ""), "")
                if u.topic == "object":
                    companion = next((o.value for o in self.truth.of("object")
                                      if o.video == u.video and o.scene == u.scene), "")
                if "{X}" in tail and not companion:
                    continue
                text = f"On day {u.day}, around {clock(u.t0)}, " + tail.format(S=self.who(u.value), X=companion)
                spec = {"kind": "said", "speaker": u.value, "t0": u.t0 - 60, "t1": u.t0 + 60}
                yield self.make("what_said", text, value, list(POOLS[slot]), spec, [(u.t0, u.t1)])

    def who_said(self) -> Iterator[Question | None]:
        for u in self.quotable():
            text = f'On day {u.day}, who said: "{u.text}"?'
            yield self.make("who_said", text, u.value, list(self.cast), {"kind": "speaker_of", "quote": u.text},
                            [(u.t0, u.t1)])

    def in_view_while_said(self) -> Iterator[Question | None]:
        for u in self.truth.utterances:
            for ob in self.truth.of("object"):
                if ob.video == u.video and ob.t0 < u.t1 and u.t0 < ob.t1:
                    text = f'On day {u.day}, what object was in view when {self.who(u.value)} said "{u.text}"?'
                    yield self.make("in_view_while_said", text, ob.value, list(self.truth.objects),
                                    {"kind": "object_during", "quote": u.text}, [(max(u.t0, ob.t0), min(u.t1, ob.t1))])

    def where_when(self) -> Iterator[Question | None]:
        for u in self.quotable():
            scene = scene_of(self.truth, u)
            text = f'Where was I when {self.who(u.value)} said "{u.text}"?'
            yield self.make("where_when", text, scene.value, list(self.truth.places),
                            {"kind": "place_during", "quote": u.text}, [(u.t0, u.t1)])
        for day in self.days:
            for place in self.truth.places:
                stays = visits(self.truth, place, day)
                if not stays:
                    continue
                answer = clock(stays[0][0])
                # any minute, like the answer, so the right option does not stand out by its format
                pool = [f"{h:02d}:{m:02d}" for h in range(8, 21) for m in range(60)]
                pool = self.rng.sample([c for c in pool if abs(_minutes(c) - _minutes(answer)) >= 40], 8)
                text = f"At about what time did I first arrive at the {place} on day {day}?"
                spec = {"kind": "first_visit_at", "place": place, "day": day}
                yield self.make("where_when", text, answer, pool, spec, [stays[0]])

    def what_came_first(self) -> Iterator[Question | None]:
        for day in self.days:
            for what, pool, phrase in (
                ("object", list(self.truth.objects), "which of these did I see first"),
                ("place", list(self.truth.places), "which of these places did I go to first"),
                ("speaker", list(self.cast), "who spoke first"),
                ("mention", sorted({v for u in self.truth.utterances if u.day == day for k, v in u.facts
                                    if k != "owner"}), "which of these was mentioned first"),
            ):
                if len(pool) < 4:
                    continue
                for _ in range(8):
                    among = self.rng.sample(pool, 4)
                    firsts = {o: first_time(self.truth, what, o, day) for o in among}
                    seen = {o: t for o, t in firsts.items() if t is not None}
                    if len(seen) < 2:
                        continue
                    answer = min(seen, key=lambda o: seen[o])
                    shown = ", ".join(o for o in among)  # "me" for the wearer, as in the options
                    text = f"On day {day}, {phrase}: {shown}?"
                    spec = {"kind": "first", "what": what, "day": day, "among": among}
                    question = self.make("what_came_first", text, answer, [o for o in among if o != answer], spec,
                                         [(t, t + 1.0) for t in sorted(seen.values())])
                    if question is not None:  # keep the listed order in the text consistent with the options
                        yield question

    def how_many(self) -> Iterator[Question | None]:
        for day in self.days:
            for thing in self.truth.objects:
                seen = sightings(self.truth, "object", thing, day)
                verb = "were" if thing.endswith("s") else "was"
                text = f"How many separate times {verb} the {thing} in view on day {day}?"
                yield self.make("how_many", text, str(len(seen)), [str(n) for n in range(0, len(seen) + 5)],
                                {"kind": "count_sightings", "object": thing, "day": day}, seen)
            for person in self.cast:
                talks = sorted({u.dialogue for u in self.truth.utterances if u.value == person and u.day == day})
                if not talks:
                    continue
                refs = [(u.t0, u.t1) for u in self.truth.utterances if u.value == person and u.day == day]
                text = f"On day {day}, in how many separate conversations did {self.who(person)} speak?"
                yield self.make("how_many", text, str(len(talks)), [str(n) for n in range(0, len(talks) + 5)],
                                {"kind": "count_conversations", "person": person, "day": day}, refs[:8])
            for place in self.truth.places:
                stays = visits(self.truth, place, day)
                if not stays and self.rng.random() > 0.2:
                    continue
                text = f"How many separate times was I at the {place} on day {day}?"
                yield self.make("how_many", text, str(len(stays)), [str(n) for n in range(0, len(stays) + 5)],
                                {"kind": "count_visits", "place": place, "day": day}, stays)

    def multi_hop(self) -> Iterator[Question | None]:
        truth = self.truth
        for day in self.days:
            for thing in truth.objects:
                places = {scene_of(truth, o).value for o in truth.of("object") if o.value == thing and o.day == day}
                if not places:
                    continue
                there = [s for s in truth.scenes if s.day == day and s.value in places]
                keys = {(s.video, s.scene) for s in there}
                speakers = sorted({u.value for u in truth.utterances if (u.video, u.scene) in keys})
                for person in speakers:
                    text = f"On day {day}, who spoke at the place where I saw the {thing}?"
                    refs = [(u.t0, u.t1) for u in truth.utterances if u.value == person and (u.video, u.scene) in keys]
                    yield self.make("multi_hop", text, person, list(self.cast),
                                    {"kind": "spoke_where_object", "object": thing, "day": day}, refs)
            for person in self.cast:
                if person == ME:
                    continue
                said = sorted((u for u in truth.utterances if u.value == person and u.day == day), key=lambda u: u.t0)
                if not said:
                    continue
                scene = scene_of(truth, said[0])
                for ob in truth.of("object"):
                    if ob.video == scene.video and ob.scene == scene.scene:
                        text = f"On day {day}, what object was in view in the scene where I first heard {person} speak?"
                        yield self.make("multi_hop", text, ob.value, list(truth.objects),
                                        {"kind": "object_at_first_meeting", "person": person, "day": day},
                                        [(said[0].t0, said[0].t1), (ob.t0, ob.t1)])
        yield from self._multi_hop_over_time()
        places = sorted({s.value for s in truth.scenes})
        for _ in range(3 * len(places)):
            if len(places) < 2:
                break
            pair = sorted(self.rng.sample(places, 2))
            both = [p for p in self.cast if all(
                any(u.value == p and scene_of(truth, u).value == place for u in truth.utterances) for place in pair)]
            for person in both:
                text = f"Who spoke both at the {pair[0]} and at the {pair[1]}?"
                refs = [(u.t0, u.t1) for u in truth.utterances
                        if u.value == person and scene_of(truth, u).value in pair]
                yield self.make("multi_hop", text, person, list(self.cast), {"kind": "spoke_at_both", "places": pair},
                                refs[:6])

    def _multi_hop_over_time(self) -> Iterator[Question | None]:
        """Hops along the day: sign → place → next place; place + time → speaker; place → last visit → object."""
        truth = self.truth
        others = [p for p in self.cast if p != ME]
        for sign in truth.of("sign"):
            scene = scene_of(truth, sign)
            after = next_place(truth, scene)
            if after is not None:
                text = f'On day {sign.day}, where did I go next after the place where I saw the sign "{sign.value}"?'
                yield self.make("multi_hop", text, after, list(truth.places),
                                {"kind": "place_after_sign", "text": sign.value, "day": sign.day}, [(sign.t0, sign.t1)])
        for scene in truth.scenes:
            keys = (scene.video, scene.scene)
            speakers = sorted({u.value for u in truth.utterances if (u.video, u.scene) == keys and u.value != ME})
            for person in speakers:
                text = f"On day {scene.day}, who other than me spoke at the {scene.value} around {clock(scene.t0)}?"
                spec = {"kind": "spoke_at_place_near", "place": scene.value, "day": scene.day, "t": scene.t0}
                yield self.make("multi_hop", text, person, others, spec, [(scene.t0, scene.t1)])
        for day in self.days:
            for place in truth.places:
                stays = visits(truth, place, day)
                if not stays:
                    continue
                for ob in truth.of("object"):
                    if ob.t0 < stays[-1][1] and stays[-1][0] < ob.t1:
                        text = f"On day {day}, what object was in view the last time I was at the {place}?"
                        yield self.make("multi_hop", text, ob.value, list(truth.objects),
                                        {"kind": "object_last_visit", "place": place, "day": day}, [(ob.t0, ob.t1)])

    def onscreen_text(self) -> Iterator[Question | None]:
        truth = self.truth
        for sign in truth.of("sign"):
            place = scene_of(truth, sign).value
            text = f"On day {sign.day}, what did the sign I saw at the {place} say?"
            yield self.make("onscreen_text", text, sign.value, list(SIGNS),
                            {"kind": "sign_at", "place": place, "day": sign.day}, [(sign.t0, sign.t1)])
            for u in truth.utterances:
                if u.video == sign.video and u.t0 < sign.t1 and sign.t0 < u.t1:
                    text = f'What did the sign in view say while {self.who(u.value)} said "{u.text}"?'
                    refs = [(max(u.t0, sign.t0), min(u.t1, sign.t1))]
                    yield self.make("onscreen_text", text, sign.value, list(SIGNS),
                                    {"kind": "sign_during", "quote": u.text}, refs)


def _minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def signature(question: Question) -> str:
    """Questions asking the same thing (same check, options listed in another order) are one question."""
    spec = {k: sorted(v) if isinstance(v, list) else v for k, v in question.spec.items()}
    return json.dumps([question.question if question.spec["kind"] != "first" else "", spec], sort_keys=True)


def generate(truth: Truth, seed: int, per_day: int | None = None) -> tuple[list[Question], dict[str, int]]:
    """Questions per category (up to `per_day` × days each); returns them and how many were rejected."""
    rng = random.Random(seed + 2)
    generator = Generator(truth, rng)
    budget = (per_day or max(2, ceil(truth.minutes_per_day / 2))) * truth.days
    kept: list[Question] = []
    rejected: dict[str, int] = {}
    for category in CATEGORIES:
        method: Callable[[], Iterator[Question | None]] = getattr(generator, category)
        candidates = list(method())
        rng.shuffle(candidates)
        seen: set[str] = set()
        count = 0
        for question in candidates:
            if question is None:
                rejected[category] = rejected.get(category, 0) + 1
                continue
            if signature(question) in seen or count >= budget:
                continue
            try:
                check(truth, question)
            except AmbiguousQuestion:
                rejected[category] = rejected.get(category, 0) + 1
                continue
            seen.add(signature(question))
            count += 1
            kept.append(Question(f"{category}-{count:03d}", question.question, question.options, question.answer,
                                 category, question.spec, question.time_reference))
    check_all(truth, kept)
    return kept, rejected


def display(truth: Truth, question: Question, option: str) -> str:
    if question.spec["kind"] in {"speaker_of", "spoke_where_object", "spoke_at_both"} or (
        question.spec["kind"] == "first" and question.spec["what"] == "speaker"
    ):
        return "me (the camera wearer)" if option == ME else option
    return option


def to_record(truth: Truth, question: Question) -> dict[str, Any]:
    return {
        "qid": question.qid,
        "question": question.question,
        "options": [f"{LETTERS[i]}. {display(truth, question, o)}" for i, o in enumerate(question.options)],
        "answer": LETTERS[question.answer],
        "category": question.category,
        "time_reference": [[iso(a), iso(b)] for a, b in question.time_reference],
        # how to re-check the answer from truth.json: the query and the raw option values
        "check": question.spec,
        "values": list(question.options),
    }
