"""What every rung of the context ladder returns, so the evaluation runner treats all levels alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


class Asked(Protocol):
    """The part of an evaluation question a level may read (never the answer)."""

    @property
    def qid(self) -> str: ...

    @property
    def question(self) -> str: ...

    @property
    def options(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Scope:
    """The Library videos a question is about: one video (Video-MME, LVBench) or all of them (a corpus)."""

    video_ids: tuple[int, ...]

    @property
    def single_video(self) -> bool:
        return len(self.video_ids) == 1


@dataclass(frozen=True)
class ContextItem:
    id: str  # stable within a Library: "frame:12", "chunk:3:120.0-150.0", "event:3:7"
    video_id: int
    t0: float  # absolute seconds
    t1: float
    score: float
    text: str
    thumbnails: tuple[str, ...] = ()  # Library-relative frame thumbnails chosen for this item


@dataclass
class Context:
    text: str  # the context block the answering model reads ("" for the blind baseline)
    items: list[ContextItem] = field(default_factory=list)
    retrieval_s: float = 0.0  # seconds spent ranking (the rest of build time is context building)
    setup_s: float = 0.0  # one-off, query-independent work done during this call (chunking, events, graph)
    model_s: float = 0.0  # seconds spent in model calls while building (L5's navigator)
    tokens_in: int = 0  # tokens of those calls
    tokens_out: int = 0
    reply: str | None = None  # set by a level that answers by itself (agent, random): no answering call
    trace: list[str] = field(default_factory=list)

    @property
    def images(self) -> list[str]:
        """Frame thumbnails in context order, each once: what a vision model is shown."""
        return list(dict.fromkeys(t for item in self.items for t in item.thumbnails))

    @property
    def spans(self) -> list[tuple[float, float]]:
        return [(item.t0, item.t1) for item in self.items]


@runtime_checkable
class Level(Protocol):
    name: str

    def build(self, question: Asked, scope: Scope) -> Context: ...


def budget_split(total: int, scores: Sequence[float]) -> list[int]:
    """Split a frame budget over items in proportion to their (non-negative) scores, largest remainder first."""
    if not scores:
        return []
    weights = [max(s, 0.0) for s in scores]
    if sum(weights) <= 0:
        weights = [1.0] * len(scores)
    raw = [total * w / sum(weights) for w in weights]
    shares = [int(r) for r in raw]
    for i in sorted(range(len(raw)), key=lambda i: raw[i] - shares[i], reverse=True)[: total - sum(shares)]:
        shares[i] += 1
    return shares
