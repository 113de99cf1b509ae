"""One small Protocol per model capability. Adapters live in sibling modules."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class TextEmbedder(Protocol):
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """L2-normalised float32 vectors, one row per text."""
        ...


@runtime_checkable
class ImageEmbedder(Protocol):
    dim: int

    def embed_images(self, images: Sequence[np.ndarray]) -> np.ndarray: ...

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class Word:
    t0: float
    t1: float
    text: str
    probability: float


@dataclass(frozen=True)
class TranscriptSegment:
    t0: float  # offsets in the audio given to the transcriber, seconds
    t1: float
    text: str
    words: list[Word] = field(default_factory=list)
    language: str | None = None


@runtime_checkable
class Transcriber(Protocol):
    def transcribe(self, audio: np.ndarray, sample_rate: int = 16_000) -> Iterator[TranscriptSegment]: ...
