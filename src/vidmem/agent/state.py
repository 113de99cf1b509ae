"""The agent's typed state: plans, working memory, trace, and the state the agent's flow carries."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from vidmem.retrieval.types import Hit

ToolName = Literal["visual_search", "audio_search", "text_search", "entity_graph_search", "place_search"]
TOOL_NAMES: tuple[str, ...] = ("visual_search", "audio_search", "text_search", "entity_graph_search", "place_search")
# How a subtask's time window follows from an earlier subtask's evidence.
Relation = Literal["before", "after", "during", "around"]
Intent = Literal["who", "what", "where", "when", "how_many", "order", "text", "yes_no", "other"]
# the query that lists everything said in a window (transcript search lists every line, in time order)
ANY_WORDS = "*"
MAX_SUBTASKS = 5

_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$")


def clock_seconds(text: str) -> int:
    """'14:03' or '14:03:12' as seconds after local midnight; ValueError for anything else."""
    match = _CLOCK.match(text.strip())
    if not match:
        raise ValueError(f"not a clock time (HH:MM or HH:MM:SS): {text!r}")
    return int(match[1]) * 3600 + int(match[2]) * 60 + int(match[3] or 0)


class Subtask(BaseModel):
    """One validated tool call. Time filters are in human terms; `route` turns them into absolute ranges."""

    model_config = ConfigDict(extra="forbid")

    goal: str = Field(min_length=1, max_length=300)
    tool: ToolName
    args: dict[str, Any] = Field(default_factory=dict)
    day: int | None = Field(default=None, ge=1, le=3660)
    clock: tuple[str, str] | None = None  # local [start, end] on `day` (or on every day when day is None)
    # absolute [start, end) ranges from the question's time words (resolved on the timeline); several when
    # a clock time was given without a day. Intersected with day / clock / anchor windows.
    spans: list[tuple[float, float]] | None = None
    ref: int | None = Field(default=None, ge=0)  # an earlier subtask whose evidence times anchor this one
    relation: Relation = "around"
    window_s: float = Field(default=300.0, gt=0, le=86_400)
    # which edge of the anchor event the window hangs on; None: before → its start, after → its end
    edge: Literal["start", "end"] | None = None
    # which of its hits count: all of them, or only the best / earliest / latest (an anchor always uses
    # one moment: the best unless first / last is asked); "each": a step hanging on this one searches during
    # each of its surest hits ("who spoke at both the pier and the gym": every visit of each, not one)
    pick: Literal["all", "best", "first", "last", "each"] = "all"
    about: list[str] = Field(default_factory=list, max_length=6)  # people the evidence should involve (soft)

    @field_validator("clock")
    @classmethod
    def _clock_valid(cls, value: tuple[str, str] | None) -> tuple[str, str] | None:
        if value is not None and clock_seconds(value[0]) > clock_seconds(value[1]):
            raise ValueError(f"clock range ends before it starts: {value[0]}–{value[1]}")
        return value


class Plan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    intent: Intent = "other"
    subtasks: list[Subtask] = Field(min_length=1, max_length=MAX_SUBTASKS)
    source: str = "rules"  # rules | llm | rules-fallback | replan

    @model_validator(mode="after")
    def _refs_point_back(self) -> Plan:
        for i, sub in enumerate(self.subtasks):
            if sub.ref is not None and sub.ref >= i:
                raise ValueError(f"subtask {i} refers to subtask {sub.ref}, which is not earlier")
        return self


@dataclass
class MemoryEntry:
    """What the analyzer let through for one subtask: `{subtask, tool, evidence, times, sources}`."""

    subtask: int
    tool: str
    evidence: list[Hit]
    times: list[tuple[float, float]]
    sources: list[str]
    relevance: list[float] = field(default_factory=list)  # per hit, the analyzer's score in [0, 1]
    # every hit is a moment the question may mean (the same line said more than once): a step hanging on this
    # one searches during each of them, however they score
    every: bool = False


@dataclass
class TraceEvent:
    step: str  # plan | route | tool | analyze | grade | replan | answer
    detail: str
    data: dict[str, Any] = field(default_factory=dict)
    elapsed_s: float = 0.0


class AgentState(TypedDict, total=False):
    question: str
    options: list[str]
    query: Any  # vidmem.agent.query.Query: the one reading of the question
    plan: Plan
    cursor: int  # index of the next subtask to run
    call: dict[str, Any]  # the resolved call of the current subtask
    results: list[Hit]  # the current tool's raw hits
    results_meta: dict[str, Any]
    memory: list[MemoryEntry]
    replans: int
    timings: dict[str, float]  # plan / tools / answer seconds
    trace: list[TraceEvent]
    answer: Any  # vidmem.agent.answer.Answer
