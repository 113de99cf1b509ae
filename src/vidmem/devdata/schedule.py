"""Lays out days: recording files, scenes at places, dialogues, objects, faces and signs on one timeline.

The layout needs each utterance's length, so it asks the speech cache (which synthesizes once and keeps
the audio for muxing). Everything random comes from one `random.Random(seed)`, so a seed fixes the truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from vidmem.devdata.script import Cast, Line, Slots, arrival_line, wording, write_dialogue
from vidmem.devdata.speech import RATE, SpeechCache
from vidmem.devdata.truth import ME, Span, Truth, Video, ms
from vidmem.devdata.world import World, draw_world

WIDTH, HEIGHT = 640, 360
FACE_HEIGHT = 220  # a face this size is found by dlib's detector without upsampling
OBJECT_BOX = 170
DAY_START, DAY_HOURS = time(8, 0), 12
MAX_MINUTES_PER_DAY = 600
ARRIVAL_SAID = 0.75  # share of arrivals at a new place where the wearer says where they are
OBJECT_SHARE = 0.6  # share of scenes with a held object
SIGN_SHARE = 0.65  # share of scenes (over 8 s) with a sign in view
SIGN_DURING_TALK = 0.6  # share of signs that come into view while people talk (so "while X said …" works)


@dataclass(frozen=True)
class Overlay:
    kind: str  # person | object | sign
    key: str  # face photo source / object name / sign text
    t0: float  # offsets in the file
    t1: float
    x: int
    y: int


@dataclass(frozen=True)
class SceneView:
    place: str
    t0: float
    t1: float
    pan_from: tuple[int, int]
    pan_to: tuple[int, int]


@dataclass
class VideoPlan:
    file: str
    start_at: float
    day: int
    duration: float = 0.0
    scenes: list[SceneView] = field(default_factory=list)
    looks: dict[str, str] = field(default_factory=dict)  # place name → background picture source
    overlays: list[Overlay] = field(default_factory=list)
    speech: list[tuple[float, str, str]] = field(default_factory=list)  # (offset, voice, text)
    noise_seed: int = 0


def files_per_day(minutes: float) -> int:
    return max(2, min(10, round(minutes / 2.5)))


class Scheduler:
    def __init__(self, seed: int, speech: SpeechCache, start_date: date | None = None,
                 world: World | None = None) -> None:
        self.world = world or draw_world(seed, start_date)
        self.rng = random.Random(seed)
        self.slots = Slots(random.Random(seed + 1), {**self.world.facts, "signs": self.world.signs})
        self.speech = speech
        self.wording = wording(self.world.wording)
        self.start_date = self.world.start_date
        self.people = {p.id: p for p in self.world.people}
        self.names = {p.id: p.name for p in self.world.people}
        self.scene_id = 0
        self.dialogue_id = 0

    def plan(self, days: int, minutes_per_day: float) -> tuple[Truth, list[VideoPlan]]:
        if days < 1 or minutes_per_day <= 0:
            raise ValueError("days must be ≥ 1 and minutes per day > 0")
        if minutes_per_day > MAX_MINUTES_PER_DAY:
            raise ValueError(f"at most {MAX_MINUTES_PER_DAY} minutes per day")
        truth = Truth(
            seed=0, days=days, minutes_per_day=minutes_per_day, people=list(self.world.people),
            places=list(self.world.places), objects=list(self.world.objects), signs=list(self.world.signs),
            looks=dict(self.world.looks), facts={k: list(v) for k, v in self.world.facts.items()},
        )
        plans: list[VideoPlan] = []
        for day in range(1, days + 1):
            n = files_per_day(minutes_per_day)
            target = minutes_per_day * 60 / n
            slot = DAY_HOURS * 3600 / n
            midnight = datetime.combine(self.start_date + timedelta(days=day - 1), DAY_START, UTC).timestamp()
            for i in range(n):
                latest = max(0, int((slot - target - 120) / 60))
                start = midnight + i * slot + 60 * self.rng.randint(0, latest)
                start = float(int(start // 60) * 60)
                name = datetime.fromtimestamp(start, UTC).strftime("%Y%m%d_%H%M%S") + ".mp4"
                plan = VideoPlan(file=f"videos/{name}", start_at=start, day=day, noise_seed=self.rng.randrange(2**31),
                                 looks=dict(self.world.looks))
                self._fill(plan, target, truth)
                plans.append(plan)
                truth.videos.append(Video(plan.file, plan.start_at, plan.duration, day))
        truth.sort()
        return truth, plans

    def _fill(self, plan: VideoPlan, target: float, truth: Truth) -> None:
        t = 0.0
        previous: str | None = None
        while t < target - 6 or not plan.scenes:
            remaining = target - t
            length = min(remaining, self.rng.uniform(15, 40)) if remaining > 20 else max(remaining, 8.0)
            # decks, not free draws: even a short corpus shows every place, object and person
            place = previous if previous and self.rng.random() < 0.2 else self.slots.deal(
                "places", avoid=(previous,) if previous else (), values=self.world.places)
            end = self._scene(plan, truth, place, t, length, arriving=place != previous)
            previous, t = place, end
        plan.duration = ms(t)

    def _scene(self, plan: VideoPlan, truth: Truth, place: str, t0: float, length: float, arriving: bool) -> float:
        rng = self.rng
        scene = self.scene_id
        self.scene_id += 1
        others = tuple(p.id for p in self.world.people if p.id != ME)
        talk = rng.random() < 0.85
        speakers: list[str] = []
        if talk:
            shape = rng.random()
            first = self.slots.deal("people", values=others)
            if shape < 0.55:
                speakers = [ME, first]
                rng.shuffle(speakers)
            else:
                second = self.slots.deal("people", avoid=(first,), values=others)
                speakers = [ME, first, second] if shape < 0.8 else [first, second]
        thing = self.slots.deal("objects", values=self.world.objects) if rng.random() < OBJECT_SHARE else None
        lines: list[Line] = []
        topics: list[str] = []
        if arriving and rng.random() < ARRIVAL_SAID:
            lines.append(arrival_line(place, rng, self.wording))
            topics.append("arrival")
        if talk:
            absent = tuple(p for p in self.names if p not in speakers)
            written = write_dialogue(Cast(tuple(speakers), self.names, absent, thing, place), self.slots, rng,
                                     self.wording)
            lines += written.lines
            topics += [line.topic or written.topic for line in written.lines]
        # lay out the lines
        cursor = t0 + rng.uniform(1.0, 3.0)
        said: list[Span] = []
        dialogue = -1
        if talk:
            dialogue = self.dialogue_id
            self.dialogue_id += 1
        self.speech.prefetch([(self.people[line.speaker].voice, line.text) for line in lines])
        for line, topic in zip(lines, topics, strict=True):
            voice = self.people[line.speaker].voice
            seconds = len(self.speech.get(voice, line.text)) / RATE
            u0, u1 = ms(cursor), ms(cursor + seconds)
            plan.speech.append((u0, voice, line.text))
            # an arrival line is not part of the conversation that follows
            said.append(Span("utterance", plan.file, scene, plan.day, u0, u1, line.speaker, line.text,
                             line.addressee, -1 if topic == "arrival" else dialogue, topic,
                             tuple(line.facts.items())))
            cursor = u1 + rng.uniform(0.4, 1.0)
        t1 = ms(max(t0 + length, cursor + rng.uniform(1.5, 3.5)))
        start = plan.start_at

        def absolute(kind: str, a: float, b: float, value: str) -> None:
            truth.spans.append(Span(kind, plan.file, scene, plan.day, ms(start + a), ms(start + b), value))

        margin = (WIDTH // 10, HEIGHT // 10)
        plan.scenes.append(SceneView(place, ms(t0), t1, (rng.randint(0, margin[0]), rng.randint(0, margin[1])),
                                     (rng.randint(0, margin[0]), rng.randint(0, margin[1]))))
        absolute("scene", t0, t1, place)
        for span in said:
            truth.spans.append(Span(span.kind, span.video, span.scene, span.day, ms(start + span.t0),
                                    ms(start + span.t1), span.value, span.text, span.addressee, span.dialogue,
                                    span.topic, span.facts))
        # faces: each non-wearer speaker is in view while speaking, on their own side of the frame
        sides = [p for p in dict.fromkeys(s.value for s in said) if p != ME]
        for person in sides:
            x = 12 if sides.index(person) % 2 == 0 else WIDTH - 12 - FACE_HEIGHT
            spans = [(max(t0, s.t0 - 0.5), min(t1, s.t1 + 0.3)) for s in said if s.value == person]
            for a, b in _merge(spans, gap=0.5):
                plan.overlays.append(Overlay("person", self.people[person].face or "", ms(a), ms(b), x, 110))
                absolute("person", a, b, person)
        if thing is not None:
            a = t0 + rng.uniform(0.3, 1.0)
            last = said[min(len(said) - 1, rng.randint(1, 5))].t1 + 0.5 if said else t0 + length * 0.6
            b = min(t1, max(last, a + 4.0))
            x, y = (WIDTH - OBJECT_BOX) // 2, HEIGHT - OBJECT_BOX - 8
            plan.overlays.append(Overlay("object", self.world.looks[thing], ms(a), ms(b), x, y))
            absolute("object", a, b, thing)
        if rng.random() < SIGN_SHARE and t1 - t0 > 8:
            text = self.slots.deal("signs")
            latest = t1 - 6.0
            if said and rng.random() < SIGN_DURING_TALK:
                latest = min(latest, said[-1].t1 - 1.0)
            a = rng.uniform(t0 + 0.5, max(t0 + 0.5, latest))
            b = min(t1 - 0.2, a + rng.uniform(4.0, 10.0))
            plan.overlays.append(Overlay("sign", text, ms(a), ms(b), 0, 8))
            absolute("sign", a, b, text)
        return t1


def _merge(spans: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if merged and a - merged[-1][1] <= gap:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged
