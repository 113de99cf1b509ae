"""The one reading of a question: a typed `Query`, built once and read by the planner, the answerers and
the trace. Nothing downstream re-reads the question's text.

The same schema is what the chat model fills (grammar-constrained JSON) when the rules are unsure.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from vidmem.agent.query.counting import CountUnit
from vidmem.agent.state import Intent

# what kind of evidence a question points at
Modality = Literal["speech", "ocr", "visual", "near_camera", "faces", "voices", "graph", "places"]
Relation = Literal["before", "after", "while", "around"]
Ordinal = Literal["first", "last"]
TimeSource = Literal["day_number", "weekday", "date", "today", "yesterday", "part_of_day", "clock", "between",
                     "relative"]


class TimeSpan(BaseModel):
    """A time constraint resolved on the Library's timeline: absolute [start, end) ranges (seconds since
    the epoch; several when a clock time is given without a day: that time on each recorded day), the
    words it came from and how they were read."""

    model_config = ConfigDict(extra="forbid")

    ranges: list[tuple[float, float]] = Field(min_length=1)
    text: str
    sources: list[TimeSource] = Field(default_factory=list)
    days: list[int] = Field(default_factory=list)  # the Library's day numbers the ranges fall on
    day_ranges: list[tuple[float, float]] = Field(default_factory=list)  # those whole days

    @property
    def hull(self) -> tuple[float, float]:
        return min(r[0] for r in self.ranges), max(r[1] for r in self.ranges)

    def contains(self, t0: float, t1: float, slack: float = 0.0) -> bool:
        return any(t1 >= a - slack and t0 <= b + slack for a, b in self.ranges)


class PersonRef(BaseModel):
    """A person the question names: a name as said ("priya"), the wearer ("I", "me", "my"), or a
    description ("the person who gave me the keys")."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    wearer: bool = False
    description: str | None = None
    role: Literal["speaker", "addressee", "present", "subject", "other"] = "other"


class Anchor(BaseModel):
    """The moment that locates the asked thing in time: "… right before I left the orchard"."""

    model_config = ConfigDict(extra="forbid")

    relation: Relation
    text: str
    kind: Literal["speech", "place", "visual", "text", "none"] = "none"
    terms: list[str] = Field(default_factory=list)
    people: list[PersonRef] = Field(default_factory=list)
    places: list[str] = Field(default_factory=list)
    quoted: str | None = None
    pick: Literal["best", "first", "last"] = "best"
    ends: bool = False  # the anchor is an ending ("left", "finished"): windows hang on its end
    visit: bool = False  # "the place where …": the window is the whole visit there, not the moment


class Query(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str  # the question as asked (shown in the trace and to a chat model; never parsed again)
    intent: Intent = "other"
    intent_source: Literal["rules", "examples", "llm"] = "rules"
    intent_confidence: float = 0.0
    target: str = ""  # the clause asked about (the anchor's clause removed)
    terms: list[str] = Field(default_factory=list)  # content words of the target clause
    modalities: list[Modality] = Field(default_factory=list)
    people: list[PersonRef] = Field(default_factory=list)
    places: list[str] = Field(default_factory=list)
    objects: list[str] = Field(default_factory=list)
    known_places: list[str] = Field(default_factory=list)  # the places asked about that the Library knows by name
    quoted: str | None = None
    speaker: PersonRef | None = None  # whose words the target is about ("what did Priya say")
    time: TimeSpan | None = None
    anchor: Anchor | None = None
    ordinal: Ordinal | None = None  # "the first time", "the last time", "which came first"
    next: bool = False  # "where did I go next", "the next time"
    usually: bool = False  # "where do I usually …": the most frequent answer
    how_long: bool = False  # "how long was I at the gym": the time spent there, from its visits
    summary: bool = False  # "what happened at the market", "what did I do yesterday": a digest of the moments
    counting: bool = False  # "how many", "how often"
    unit: CountUnit = "moment"  # what a count counts: moments, conversations or visits to a place
    excludes_wearer: bool = False  # "who other than me"
    listed: list[str] = Field(default_factory=list)  # "which of these …: cat, coins, motorcycle"
    both: list[str] = Field(default_factory=list)  # "at both the orchard and the chapel"
    options: list[str] = Field(default_factory=list)  # option bodies, letters removed
    said_verb: str | None = None  # the speech verb of the asked clause ("ask": the answer is a question)
    asked_for: str | None = None  # what the question word asks for: "where", "when", or its noun ("day", "city")
    said_to: list[str] = Field(default_factory=list)  # whom the words were said to ("what did I ask Chen"), by name
    said_what: str | None = None  # what was said, as the question words it ("who said [the apple is Nia's]")
    # the reading to try when this one's evidence is nothing: "where did I leave my keys" asks what was said
    # ("you left your keys at the bank"), else where they were last seen
    otherwise: Query | None = None

    def wants(self, modality: Modality) -> bool:
        return modality in self.modalities

    @property
    def wearer_asked(self) -> bool:
        return any(p.wearer for p in self.people)
