"""Frame captions from any OpenAI-compatible vision endpoint (vLLM / SGLang / Ollama serving
Qwen2.5-VL, or OpenAI): the `full` profile's segment captioner. Frames go as JPEG data URLs.

Configured by VIDMEM_VLM_BASE_URL, VIDMEM_VLM_MODEL and (optionally) VIDMEM_VLM_API_KEY.
"""

from __future__ import annotations

import base64
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image

DEFAULT_PROMPT = (
    "These are frames from one stretch of a video, in time order. In one or two sentences, say what "
    "happens, where, and who or what is visible. Quote any legible on-screen text."
)


class CaptionError(RuntimeError):
    """The endpoint failed or answered with no text."""


def endpoint_configured() -> tuple[bool, str]:
    model = os.environ.get("VIDMEM_VLM_MODEL")
    base = os.environ.get("VIDMEM_VLM_BASE_URL")
    if not model or not base:
        return False, "set VIDMEM_VLM_BASE_URL and VIDMEM_VLM_MODEL (an OpenAI-compatible vision server)"
    return True, f"{model} at {base}"


def jpeg_data_url(rgb: np.ndarray, max_side: int = 512, quality: int = 85) -> str:
    image = Image.fromarray(np.ascontiguousarray(rgb[..., :3]))
    image.thumbnail((max_side, max_side))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=quality)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


@dataclass(frozen=True)
class Caption:
    text: str
    model: str
    prompt_tokens: int
    completion_tokens: int


class OpenAIVisionCaptioner:
    def __init__(self, base_url: str | None = None, model: str | None = None, *, api_key: str | None = None,
                 timeout_s: float = 120.0, max_side: int = 512, max_tokens: int = 200,
                 max_retries: int = 1) -> None:
        from openai import OpenAI

        self.base_url = base_url or os.environ.get("VIDMEM_VLM_BASE_URL")
        self.model = model or os.environ.get("VIDMEM_VLM_MODEL")
        if not self.base_url or not self.model:
            raise CaptionError(endpoint_configured()[1])
        key = api_key or os.environ.get("VIDMEM_VLM_API_KEY") or "not-needed"
        self._client: Any = OpenAI(base_url=self.base_url, api_key=key, timeout=timeout_s,
                                    max_retries=max_retries)
        self.max_side = max_side
        self.max_tokens = max_tokens

    def caption(self, frames: Sequence[np.ndarray], prompt: str = DEFAULT_PROMPT) -> Caption:
        if not frames:
            raise ValueError("caption() needs at least one frame")
        content: list[dict[str, Any]] = [{"type": "text", "text": prompt}]
        content += [{"type": "image_url", "image_url": {"url": jpeg_data_url(f, self.max_side)}} for f in frames]
        try:
            reply = self._client.chat.completions.create(
                model=self.model, messages=[{"role": "user", "content": content}], max_tokens=self.max_tokens,
                temperature=0.0,
            )
        except Exception as exc:  # network, HTTP status, bad JSON: one clear error for the stage
            raise CaptionError(f"vision endpoint {self.base_url} failed: {exc}") from exc
        text = (reply.choices[0].message.content or "").strip() if reply.choices else ""
        if not text:
            raise CaptionError(f"vision endpoint {self.base_url} returned no caption")
        usage = reply.usage
        return Caption(text, reply.model or self.model, getattr(usage, "prompt_tokens", 0) or 0,
                       getattr(usage, "completion_tokens", 0) or 0)
