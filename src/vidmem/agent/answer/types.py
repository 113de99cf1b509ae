"""What an answer is: the `Answer` the API returns, its `Citation`s, the numbered `Evidence` an answerer
reads and the `Decision` it makes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from vidmem.agent.state import TraceEvent
from vidmem.retrieval.types import Hit


@dataclass(frozen=True)
class Citation:
    video: str  # file name
    video_id: int
    time: float  # absolute, seconds since epoch
    offset_s: float  # into the file
    modality: str
    snippet: str
    label: str  # "day 2 14:03:12 (file.mp4 @ 00:03:12)"
    t1: float | None = None


@dataclass
class Answer:
    text: str
    choice: str | None
    confidence: float
    citations: list[Citation]
    trace: list[TraceEvent] = field(default_factory=list)
    abstained: bool = False
    justification: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=lambda: {"in": 0, "out": 0})  # the answering model's

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["trace"] = [asdict(e) for e in self.trace]
        return out


@dataclass(frozen=True)
class Evidence:
    number: int
    hit: Hit
    relevance: float
    subtask: int
    tool: str


@dataclass
class Decision:
    text: str
    choice: str | None
    confidence: float
    cited: list[Evidence]
    justification: str
    abstained: bool = False
    # multiple choice: each option's support and the evidence behind it (the evidence check)
    option_scores: list[float] = field(default_factory=list)
    option_support: list[list[Evidence]] = field(default_factory=list)
    tokens_in: int = 0  # the model's tokens, when a model decided
    tokens_out: int = 0
    decided_by: str = "scorer"  # "scorer" (the evidence scorer, no model call) or "model"
    scorer_choice: str | None = None  # where the model decided: the option the evidence scorer picked
