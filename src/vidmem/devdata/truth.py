"""The ground truth of a generated corpus: every scene, utterance, object, face and sign with absolute times.

Times are seconds since the epoch rounded to milliseconds (so a JSON round trip is exact); the JSON file
writes them as ISO-8601 instants and also as offsets into the recording file.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ME = "me"


def ms(t: float) -> float:
    return round(t, 3)


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="milliseconds")


def parse_iso(text: str) -> float:
    return ms(datetime.fromisoformat(text).timestamp())


@dataclass(frozen=True)
class Person:
    id: str  # "me" for the camera wearer
    name: str  # what others call them
    voice: str  # engine:voice
    face: str | None  # photo source; None for the wearer (never in view)


@dataclass(frozen=True)
class Video:
    file: str  # relative to the corpus folder
    start_at: float
    duration: float
    day: int


@dataclass(frozen=True)
class Span:
    """Something true over [t0, t1) of one recording."""

    kind: str  # scene | utterance | object | person | sign
    video: str
    scene: int
    day: int
    t0: float
    t1: float
    value: str  # place / speaker / object / person / sign text
    text: str = ""  # utterance text
    addressee: str = ""
    dialogue: int = -1
    topic: str = ""
    facts: tuple[tuple[str, str], ...] = ()  # (slot, value) an utterance states, e.g. ("platform", "four")


def span_order(s: Span) -> tuple[float, str, str, str]:
    return (s.t0, s.kind, s.value, s.text)


@dataclass
class Truth:
    seed: int
    days: int
    minutes_per_day: float
    people: list[Person]
    places: list[str]
    objects: list[str]
    videos: list[Video] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)
    signs: list[str] = field(default_factory=list)  # the world's sign texts (not all need be shown)
    looks: dict[str, str] = field(default_factory=dict)  # place / object name → picture source
    facts: dict[str, list[str]] = field(default_factory=dict)  # fact slot → the world's values
    motion: str = "steady"  # steady | continuous (camera motion of the recordings)

    def sort(self) -> None:
        self.spans.sort(key=span_order)

    def of(self, kind: str) -> list[Span]:
        return [s for s in self.spans if s.kind == kind]

    @property
    def scenes(self) -> list[Span]:
        return self.of("scene")

    @property
    def utterances(self) -> list[Span]:
        return self.of("utterance")

    def person(self, pid: str) -> Person:
        return next(p for p in self.people if p.id == pid)

    @property
    def last_day(self) -> int:
        """The last recorded day: "today" in a question, "yesterday" the day before it."""
        return max(v.day for v in self.videos)

    def video_start(self, file: str) -> float:
        return next(v.start_at for v in self.videos if v.file == file)

    def to_json(self) -> dict[str, Any]:
        def span_json(s: Span) -> dict[str, Any]:
            start = self.video_start(s.video)
            item: dict[str, Any] = {
                "video": s.video, "scene": s.scene, "day": s.day,
                "t0": iso(s.t0), "t1": iso(s.t1),
                "offset": [ms(s.t0 - start), ms(s.t1 - start)],
            }
            if s.kind == "scene":
                item["place"] = s.value
            elif s.kind == "utterance":
                item.update(speaker=s.value, addressee=s.addressee, text=s.text, dialogue=s.dialogue, topic=s.topic,
                            facts=dict(s.facts))
            elif s.kind == "object":
                item["object"] = s.value
            elif s.kind == "person":
                item["person"] = s.value
            elif s.kind == "sign":
                item["text"] = s.value
            return item

        return {
            "seed": self.seed,
            "days": self.days,
            "minutes_per_day": self.minutes_per_day,
            "timezone": "UTC",
            "people": [asdict(p) for p in self.people],
            "places": self.places,
            "objects": self.objects,
            "signs_pool": self.signs,
            "looks": self.looks,
            "facts_pool": self.facts,
            "motion": self.motion,
            "videos": [
                {"file": v.file, "start_at": iso(v.start_at), "end_at": iso(v.start_at + v.duration),
                 "duration": v.duration, "day": v.day}
                for v in self.videos
            ],
            "scenes": [span_json(s) for s in self.of("scene")],
            "utterances": [span_json(s) for s in self.of("utterance")],
            "objects_in_view": [span_json(s) for s in self.of("object")],
            "people_in_view": [span_json(s) for s in self.of("person")],
            "signs": [span_json(s) for s in self.of("sign")],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Truth:
        truth = cls(
            seed=data["seed"], days=data["days"], minutes_per_day=data["minutes_per_day"],
            people=[Person(**p) for p in data["people"]], places=list(data["places"]), objects=list(data["objects"]),
            videos=[Video(v["file"], parse_iso(v["start_at"]), v["duration"], v["day"]) for v in data["videos"]],
            signs=list(data.get("signs_pool", [])), looks=dict(data.get("looks", {})),
            facts={k: list(v) for k, v in data.get("facts_pool", {}).items()}, motion=data.get("motion", "steady"),
        )
        keys = {"scenes": ("scene", "place"), "utterances": ("utterance", "speaker"),
                "objects_in_view": ("object", "object"), "people_in_view": ("person", "person"),
                "signs": ("sign", "text")}
        for section, (kind, value_key) in keys.items():
            for item in data[section]:
                truth.spans.append(Span(
                    kind=kind, video=item["video"], scene=item["scene"], day=item["day"],
                    t0=parse_iso(item["t0"]), t1=parse_iso(item["t1"]), value=item[value_key],
                    text=item.get("text", "") if kind == "utterance" else "",
                    addressee=item.get("addressee", ""), dialogue=item.get("dialogue", -1),
                    topic=item.get("topic", ""), facts=tuple(item.get("facts", {}).items()),
                ))
        truth.sort()
        return truth

    @classmethod
    def load(cls, path: Path) -> Truth:
        return cls.from_json(json.loads(Path(path).read_text()))
