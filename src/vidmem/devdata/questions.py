"""Multiple-choice questions generated from the truth, in the corpus JSONL format the evaluation reads.

Each category's generator proposes drafts: what is asked (the check `spec`), the right answer, a pool of
distractors from the same world, and the values a phrasing needs. A draft becomes a question once a
phrasing of the wanted split (phrasings.py) and a time expression are chosen; only questions the
uniqueness checker accepts are kept, and the final set is checked once more as a whole (a failure raises).
Each split gets its own budget per category; the held-out split prefers drafts the dev split did not use.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from math import ceil
from typing import Any

from vidmem.devdata.phrasings import (
    BANKS,
    SPLITS,
    Phrasing,
    forms_for,
    part_of_hour,
    phrasings,
    placeholders,
    render,
    say_when,
)
from vidmem.devdata.truth import ME, Span, Truth, iso
from vidmem.devdata.uniqueness import (
    AmbiguousQuestion,
    Question,
    check,
    check_all,
    day_dates,
    first_time,
    next_place,
    option_truths,
    scene_of,
    sightings,
    visits,
)
from vidmem.devdata.world import is_heldout_seed

CATEGORIES = (
    "what_said", "who_said", "in_view_while_said", "where_when", "what_came_first", "how_many",
    "multi_hop", "onscreen_text",
)
LETTERS = "ABCD"
PART_SHARE = 0.3  # share of timed questions that also name the part of the day ("this morning")
OPTIONAL_WHEN_SHARE = 0.5  # share of questions that could leave the day out but name it

# what_said: (slot, topic) → (wh-word, the rest after "did S say", a noun phrase for it); {X} a companion fact
ASKS: dict[tuple[str, str], tuple[str, str, str]] = {
    ("platform", "train"): ("which platform", "the train leaves from", "the platform for the train"),
    ("time", "train"): ("what time", "the train leaves", "the time the train leaves"),
    ("time", "dinner"): ("what time", "there was a table for dinner", "the time of the dinner table"),
    ("time", "trip"): ("what time", "we leave for {X}", "the time we leave for {X}"),
    ("restaurant", "dinner"): ("which restaurant", "we should have dinner at", "a restaurant for dinner"),
    ("weekday", "meeting"): ("which day", "the meeting is", "the day of the meeting"),
    ("weekday", "trip"): ("which day", "we go to {X}", "the day we go to {X}"),
    ("spot", "meeting"): ("where", "the meeting is", "where the meeting is"),
    ("spot", "lost"): ("where", "the {X} {be} left", "where the {X} {be} left"),
    ("spot", "object"): ("near which place", "the {X} {be} found", "where the {X} {be} found"),
    ("item", "meeting"): ("what", "they would bring to the meeting", "something to bring to the meeting"),
    ("item", "lost"): ("what", "was missing", "something that went missing"),
    ("gift", "shopping"): ("what", "someone had bought", "something that was bought"),
    ("price", "shopping"): ("how many dollars", "the {X} cost", "the price of the {X}"),
    ("city", "trip"): ("which city", "we are going to", "a city we are going to"),
}
COMPANION = {"trip": "city", "lost": "item", "shopping": "gift"}
NOT_QUOTABLE = {"arrival"}  # repeated arrival lines name no single moment
UNMENTIONED = {"owner", "arrived"}  # facts that are not things talked about


def clock(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%H:%M")


def clock12(t: float) -> str:
    moment = datetime.fromtimestamp(t, UTC)
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'am' if moment.hour < 12 else 'pm'}"


def be(thing: str) -> str:
    """"were" for the plural things of the pools (keys, coins, sunglasses …), else "was"."""
    return "were" if thing.endswith("s") and not thing.endswith("ss") else "was"


def listing(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)


@dataclass
class Draft:
    """One thing to ask, before it is worded."""

    category: str
    bank: str
    slots: dict[str, str]
    answer: str
    pool: list[str]
    spec: dict[str, Any]
    refs: list[tuple[float, float]]
    day: int | None = None  # the day it is about
    when: str = "none"  # required | optional | none: whether the wording names the day
    part_at: float | None = None  # a moment whose part of the day the wording may name ("this morning")
    about_me: bool = False  # the person asked about is the wearer (no {N} phrasing)
    clock_window: tuple[float, float] | None = None  # what_said: the window a clock time in the wording names
    place: str | None = None  # where it happened: a wording with {P} ("when I was at the bakery") narrows to it
    extra: dict[str, Any] = field(default_factory=dict)


class Generator:
    def __init__(self, truth: Truth, rng: random.Random, banks: Mapping[str, Sequence[str]] | None = None) -> None:
        self.truth = truth
        self.rng = rng
        self.banks = banks  # the phrasing banks the questions are worded from (None: ours)
        self.cast = [p.id for p in truth.people]
        self.days = sorted({v.day for v in truth.videos})
        self.dates = day_dates(truth)
        self.sign_pool = list(truth.signs) or sorted({s.value for s in truth.of("sign")})

    def who(self, pid: str) -> str:
        return "I" if pid == ME else pid

    def quotable(self) -> list[Span]:
        """Lines that state a fact: distinctive enough to quote."""
        return [u for u in self.truth.utterances if u.facts and u.topic not in NOT_QUOTABLE]

    def speaker_slots(self, pid: str) -> dict[str, str]:
        return {"S": self.who(pid), "N": pid}

    # -- categories ----------------------------------------------------------------------------------
    def what_said(self) -> Iterator[Draft]:
        for u in self.quotable():
            dialogue_facts = {k: v for x in self.truth.utterances if x.dialogue == u.dialogue for k, v in x.facts}
            for slot, value in u.facts:
                ask = ASKS.get((slot, u.topic))
                if ask is None:
                    continue
                companion = dialogue_facts.get(COMPANION.get(u.topic, ""), "")
                if u.topic == "object":
                    companion = next((o.value for o in self.truth.of("object")
                                      if o.video == u.video and o.scene == u.scene), "")
                if any("{X}" in part for part in ask) and not companion:
                    continue
                wh, rest, about = (part.replace("{X}", companion).replace("{be}", be(companion)) for part in ask)
                pool = list(self.truth.facts.get(slot, ())) or sorted({v for x in self.truth.utterances
                                                                         for k, v in x.facts if k == slot})
                place = scene_of(self.truth, u).value
                slots = {**self.speaker_slots(u.value), "wh": wh, "rest": rest, "about": about,
                         "C": clock(u.t0), "C12": clock12(u.t0), "P": place}
                yield Draft("what_said", "said", slots, value, pool, {"kind": "said", "speaker": u.value},
                            [(u.t0, u.t1)], u.day, "optional", u.t0, u.value == ME, (u.t0 - 60, u.t0 + 60), place)

    def who_said(self) -> Iterator[Draft]:
        for u in self.quotable():
            place = scene_of(self.truth, u).value
            yield Draft("who_said", "speaker_of", {"Q": u.text, "P": place}, u.value, list(self.cast),
                        {"kind": "speaker_of", "quote": u.text}, [(u.t0, u.t1)], u.day, "optional", u.t0,
                        place=place)

    def in_view_while_said(self) -> Iterator[Draft]:
        for u in self.truth.utterances:
            if u.topic in NOT_QUOTABLE:
                continue
            for ob in self.truth.of("object"):
                if ob.video == u.video and ob.t0 < u.t1 and u.t0 < ob.t1:
                    yield Draft("in_view_while_said", "object_during", {**self.speaker_slots(u.value), "Q": u.text},
                                ob.value, list(self.truth.objects), {"kind": "object_during", "quote": u.text},
                                [(max(u.t0, ob.t0), min(u.t1, ob.t1))], u.day, "optional", u.t0, u.value == ME)

    def where_when(self) -> Iterator[Draft]:
        for u in self.quotable():
            scene = scene_of(self.truth, u)
            yield Draft("where_when", "place_during", {**self.speaker_slots(u.value), "Q": u.text}, scene.value,
                        list(self.truth.places), {"kind": "place_during", "quote": u.text}, [(u.t0, u.t1)],
                        u.day, "optional", u.t0, u.value == ME)
        for day in self.days:
            for place in self.truth.places:
                stays = visits(self.truth, place, day)
                if not stays:
                    continue
                answer = clock(stays[0][0])
                # any minute, like the answer, so the right option does not stand out by its format
                pool = [f"{h:02d}:{m:02d}" for h in range(8, 21) for m in range(60)]
                pool = self.rng.sample([c for c in pool if abs(_minutes(c) - _minutes(answer)) >= 40], 8)
                yield Draft("where_when", "first_visit_at", {"P": place}, answer, pool,
                            {"kind": "first_visit_at", "place": place, "day": day}, [stays[0]], day, "required")
        for person in self.cast:
            if person == ME:
                continue
            spoke = [u for u in self.truth.utterances if u.value == person]
            # in order, not a set's hash order: a seed fixes its questions in any process
            places = sorted({scene_of(self.truth, u).value for u in spoke})
            for place in places:
                refs = [(u.t0, u.t1) for u in spoke if scene_of(self.truth, u).value == place]
                yield Draft("where_when", "usual_place", self.speaker_slots(person), place, list(self.truth.places),
                            {"kind": "usual_place", "person": person}, refs[:6])

    def what_came_first(self) -> Iterator[Draft]:
        for day in self.days:
            for what, pool in (
                ("object", list(self.truth.objects)),
                ("place", list(self.truth.places)),
                ("speaker", list(self.cast)),
                ("mention", sorted({v for u in self.truth.utterances if u.day == day for k, v in u.facts
                                    if k not in UNMENTIONED})),
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
                    spec = {"kind": "first", "what": what, "day": day, "among": among}
                    # "me" for the wearer, as in the options
                    yield Draft("what_came_first", f"first_{what}", {"L": listing(among)}, answer,
                                [o for o in among if o != answer], spec,
                                [(t, t + 1.0) for t in sorted(seen.values())], day, "required")

    def how_many(self) -> Iterator[Draft]:
        for day in self.days:
            for thing in self.truth.objects:
                seen = sightings(self.truth, "object", thing, day)
                yield Draft("how_many", "count_sightings", {"O": thing, "be": be(thing)}, str(len(seen)),
                            [str(n) for n in range(0, len(seen) + 5)],
                            {"kind": "count_sightings", "object": thing, "day": day}, seen, day, "required")
            for person in self.cast:
                talks = sorted({u.dialogue for u in self.truth.utterances
                                if u.value == person and u.day == day and u.dialogue >= 0})
                if not talks:
                    continue
                refs = [(u.t0, u.t1) for u in self.truth.utterances
                        if u.value == person and u.day == day and u.dialogue >= 0]
                yield Draft("how_many", "count_conversations", self.speaker_slots(person), str(len(talks)),
                            [str(n) for n in range(0, len(talks) + 5)],
                            {"kind": "count_conversations", "person": person, "day": day}, refs[:8], day, "required",
                            about_me=person == ME)
            for place in self.truth.places:
                stays = visits(self.truth, place, day)
                if not stays and self.rng.random() > 0.2:
                    continue
                yield Draft("how_many", "count_visits", {"P": place}, str(len(stays)),
                            [str(n) for n in range(0, len(stays) + 5)],
                            {"kind": "count_visits", "place": place, "day": day}, stays, day, "required")

    def multi_hop(self) -> Iterator[Draft]:
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
                    refs = [(u.t0, u.t1) for u in truth.utterances if u.value == person and (u.video, u.scene) in keys]
                    yield Draft("multi_hop", "spoke_where_object", {"O": thing, "be": be(thing)}, person,
                                list(self.cast), {"kind": "spoke_where_object", "object": thing, "day": day}, refs,
                                day, "required")
            for person in self.cast:
                if person == ME:
                    continue
                said = sorted((u for u in truth.utterances if u.value == person and u.day == day), key=lambda u: u.t0)
                if not said:
                    continue
                scene = scene_of(truth, said[0])
                for ob in truth.of("object"):
                    if ob.video == scene.video and ob.scene == scene.scene:
                        yield Draft("multi_hop", "object_at_first_meeting", self.speaker_slots(person), ob.value,
                                    list(truth.objects), {"kind": "object_at_first_meeting", "person": person,
                                                          "day": day},
                                    [(said[0].t0, said[0].t1), (ob.t0, ob.t1)], day, "required")
        yield from self._multi_hop_over_time()
        places = sorted({s.value for s in truth.scenes})
        for _ in range(3 * len(places)):
            if len(places) < 2:
                break
            pair = sorted(self.rng.sample(places, 2))
            both = [p for p in self.cast if all(
                any(u.value == p and scene_of(truth, u).value == place for u in truth.utterances) for place in pair)]
            for person in both:
                refs = [(u.t0, u.t1) for u in truth.utterances
                        if u.value == person and scene_of(truth, u).value in pair]
                yield Draft("multi_hop", "spoke_at_both", {"P1": pair[0], "P2": pair[1]}, person, list(self.cast),
                            {"kind": "spoke_at_both", "places": pair}, refs[:6])

    def _multi_hop_over_time(self) -> Iterator[Draft]:
        """Hops along the day: sign → place → next place; place + time → speaker; place → last visit → object."""
        truth = self.truth
        others = [p for p in self.cast if p != ME]
        for sign in truth.of("sign"):
            after = next_place(truth, scene_of(truth, sign))
            if after is not None:
                yield Draft("multi_hop", "place_after_sign", {"T": sign.value}, after, list(truth.places),
                            {"kind": "place_after_sign", "text": sign.value, "day": sign.day}, [(sign.t0, sign.t1)],
                            sign.day, "required")
        for scene in truth.scenes:
            keys = (scene.video, scene.scene)
            speakers = sorted({u.value for u in truth.utterances if (u.video, u.scene) == keys and u.value != ME})
            for person in speakers:
                spec = {"kind": "spoke_at_place_near", "place": scene.value, "day": scene.day, "t": scene.t0}
                yield Draft("multi_hop", "spoke_at_place_near",
                            {"P": scene.value, "C": clock(scene.t0), "C12": clock12(scene.t0)}, person, others, spec,
                            [(scene.t0, scene.t1)], scene.day, "required")
        for day in self.days:
            for place in truth.places:
                stays = visits(truth, place, day)
                if not stays:
                    continue
                for ob in truth.of("object"):
                    if ob.t0 < stays[-1][1] and stays[-1][0] < ob.t1:
                        yield Draft("multi_hop", "object_last_visit", {"P": place}, ob.value, list(truth.objects),
                                    {"kind": "object_last_visit", "place": place, "day": day}, [(ob.t0, ob.t1)],
                                    day, "required")

    def onscreen_text(self) -> Iterator[Draft]:
        truth = self.truth
        for sign in truth.of("sign"):
            place = scene_of(truth, sign).value
            yield Draft("onscreen_text", "sign_at", {"P": place}, sign.value, list(self.sign_pool),
                        {"kind": "sign_at", "place": place, "day": sign.day}, [(sign.t0, sign.t1)], sign.day,
                        "required", sign.t0)
            for u in truth.utterances:
                if u.video == sign.video and u.t0 < sign.t1 and sign.t0 < u.t1 and u.topic not in NOT_QUOTABLE:
                    yield Draft("onscreen_text", "sign_during", {**self.speaker_slots(u.value), "Q": u.text},
                                sign.value, list(self.sign_pool), {"kind": "sign_during", "quote": u.text},
                                [(max(u.t0, sign.t0), min(u.t1, sign.t1))], u.day, "optional", u.t0, u.value == ME)

    # -- wording -------------------------------------------------------------------------------------
    def usable(self, draft: Draft, phrasing: Phrasing) -> bool:
        names = placeholders(phrasing.text)
        if draft.about_me and "N" in names:
            return False
        return names - {"when", "When"} <= set(draft.slots)

    def word(self, draft: Draft, split: str) -> Question | None:
        """The draft worded by a phrasing of `split`, with a time expression, as a checked question."""
        choices = [p for p in phrasings(draft.bank, split, self.banks) if self.usable(draft, p)]
        if not choices:
            return None
        phrasing = self.rng.choice(choices)
        spec = dict(draft.spec)
        names = placeholders(phrasing.text)
        words = ""
        # a clock time without its day would fit every day of the corpus
        timed = draft.when == "required" or bool(names & {"C", "C12"}) or (
            draft.when == "optional" and self.rng.random() < OPTIONAL_WHEN_SHARE)
        if bool(names & {"C", "C12"}) and not names & {"when", "When"}:
            return None
        if draft.day is not None and timed and names & {"when", "When"}:
            form = self.rng.choice(forms_for(draft.day, self.dates))
            part = None
            if draft.part_at is not None and self.rng.random() < PART_SHARE:
                part = part_of_hour(datetime.fromtimestamp(draft.part_at, UTC).hour)
            words = say_when(form, draft.day, self.dates, part)
            spec.update(day=draft.day, when=words)
            if part:
                spec["part"] = part
        elif draft.when != "required":
            spec.pop("day", None)
        elif draft.when == "required" and not names & {"when", "When"}:
            return None
        if draft.clock_window is not None and names & {"C", "C12"}:
            spec["t0"], spec["t1"] = draft.clock_window
        if draft.place is not None and "P" in names:
            spec["at"] = draft.place
        text = render(phrasing, draft.slots, words)
        question = self.make(draft.category, text, draft.answer, draft.pool, spec, draft.refs)
        return replace(question, phrasing=phrasing.id, split=split) if question else None

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


def _minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def signature(question: Question) -> str:
    """Questions asking the same thing (same check, however worded, options in any order) are one question."""
    spec = {k: sorted(v) if isinstance(v, list) else v for k, v in question.spec.items() if k != "when"}
    return json.dumps(spec, sort_keys=True)


def default_per_kind(truth: Truth) -> int:
    return max(2, ceil(truth.minutes_per_day / 2)) * truth.days


def generate(truth: Truth, seed: int, per_kind: int | None = None,
             banks: Mapping[str, Sequence[str]] | None = None) -> tuple[list[Question], dict[str, int]]:
    """Up to `per_kind` questions per category and split; returns them and how many drafts were rejected.
    `banks` words them from other phrasing banks than ours (another author's, to measure robustness to wording);
    a kind missing from `banks` keeps our phrasings."""
    rng = random.Random(seed + 2)
    generator = Generator(truth, rng, {**BANKS, **banks} if banks else None)
    budget = per_kind or default_per_kind(truth)
    kept: list[Question] = []
    rejected: dict[str, int] = {}
    for category in CATEGORIES:
        method: Callable[[], Iterator[Draft]] = getattr(generator, category)
        drafts = list(method())
        rng.shuffle(drafts)
        used: set[int] = set()
        for split in SPLITS:
            order = sorted(range(len(drafts)), key=lambda i: i in used)  # stable: unused drafts first
            seen: set[str] = set()
            count = 0
            for i in order:
                if count >= budget:
                    break
                question = generator.word(drafts[i], split)
                if question is None or signature(question) in seen:
                    rejected[category] = rejected.get(category, 0) + (question is None)
                    continue
                try:
                    check(truth, question)
                except AmbiguousQuestion:
                    rejected[category] = rejected.get(category, 0) + 1
                    continue
                seen.add(signature(question))
                used.add(i)
                count += 1
                qid = f"{category}-{count:03d}" if split == "dev" else f"{category}-h{count:03d}"
                kept.append(replace(question, qid=qid))
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
        "answer_text": display(truth, question, question.options[question.answer]),
        "category": question.category,
        "kind": question.spec["kind"],
        "phrasing": question.phrasing,
        "split": question.split,
        "world": "heldout" if is_heldout_seed(truth.seed) else "dev",
        "when": question.spec.get("when"),
        "time_reference": [[iso(a), iso(b)] for a, b in question.time_reference],
        # how to re-check the answer from truth.json: the query and the raw option values
        "check": question.spec,
        "values": list(question.options),
    }
