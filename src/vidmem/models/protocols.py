"""One small Protocol per model capability. Adapters live in sibling modules."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel


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
    def transcribe(
        self, audio: np.ndarray, sample_rate: int = 16_000, *, language: str | None = None
    ) -> Iterator[TranscriptSegment]:
        """Speech segments with word times (offsets in `audio`); `language` None means detect it."""
        ...


# --- chat ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChatMessage:
    role: str  # "system" | "user" | "assistant"
    text: str
    images: tuple[bytes, ...] = ()  # encoded JPEG/PNG; only vision-capable backends accept them


@dataclass(frozen=True)
class ChatUsage:
    model: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    cost_usd: float = 0.0
    cached: bool = False  # served from the response cache: no tokens were spent on this call
    attempts: int = 1  # > 1 when the reply failed validation and the model was asked again


@dataclass(frozen=True)
class ChatResult:
    text: str
    usage: ChatUsage
    data: Any = None  # the validated pydantic object when a schema was given


@runtime_checkable
class ChatModel(Protocol):
    name: str

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: type[BaseModel] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> ChatResult:
        """Text out, or with `schema` a JSON object validated against it (ChatError when it never validates)."""
        ...


# --- voices ----------------------------------------------------------------------------------


@runtime_checkable
class VoiceEmbedder(Protocol):
    dim: int

    def embed(self, clips: Sequence[np.ndarray], sample_rate: int = 16_000) -> np.ndarray:
        """One L2-normalised float32 voice vector per mono clip; close vectors mean the same voice."""
        ...


# --- vision ----------------------------------------------------------------------------------


@runtime_checkable
class ImageLabeler(Protocol):
    def analyze(self, images: Sequence[np.ndarray]) -> list[Any]:
        """Per RGB image: labels (best first) and an L2-normalised feature vector (imagenet.ImageAnalysis)."""
        ...


@runtime_checkable
class FaceEmbedder(Protocol):
    def detect(self, images: Sequence[np.ndarray]) -> list[list[Any]]:
        """Per RGB image: the faces found, each with a box and an identity embedding (faces.Face)."""
        ...


@runtime_checkable
class PersonDetector(Protocol):
    def detect(self, images: Sequence[np.ndarray]) -> list[list[Any]]:
        """Per RGB image: the people (whole bodies) found, each with a box and a score (people.Body)."""
        ...


@runtime_checkable
class TextReader(Protocol):
    def read(self, rgb: np.ndarray) -> list[Any]:
        """On-screen text of one RGB frame in reading order (ocr.TextBox)."""
        ...


@runtime_checkable
class FrameCaptioner(Protocol):
    def caption(self, frames: Sequence[np.ndarray], prompt: str = ...) -> Any:
        """A caption in words for frames of one stretch of video (vlm_captioner.Caption)."""
        ...
