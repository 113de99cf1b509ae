"""What every retrieval tool returns, so the agent, the levels and the CLI handle hits alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Modality = Literal["visual", "audio", "graph", "segment", "ocr", "place"]


@dataclass(frozen=True)
class Hit:
    modality: Modality
    video_id: int
    t0: float  # absolute start, seconds since epoch
    t1: float  # absolute end (== t0 for a single frame)
    score: float  # higher is better; comparable only within one tool's result
    text: str  # what a person reads as the evidence: utterance, frame description, edge sentence
    offset_s: float = 0.0  # t0 as an offset into the video file, for "file.mp4 @ 00:03:12" citations
    source_id: int | None = None  # row id in its table (utterances.id, frames.id, edges.id …)
    speaker: str | None = None
    thumbnail: str | None = None  # Library-relative path of an evidence frame
    extra: dict[str, Any] = field(default_factory=dict)
