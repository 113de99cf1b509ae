"""The factory that picks a chat adapter from the profile, the adapter override and the environment, and
the response cache wrapper. What the adapters themselves share is in `chat_reply`.

Environment: VIDMEM_CHAT_BASE_URL, VIDMEM_CHAT_MODEL, VIDMEM_CHAT_API_KEY (else OPENAI_API_KEY),
VIDMEM_CHAT_PRICE_IN / VIDMEM_CHAT_PRICE_OUT (USD per million tokens) for the OpenAI-compatible adapter.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from vidmem.config import Settings, cache_dir
from vidmem.models.chat_reply import ChatError, parse_reply
from vidmem.models.protocols import ChatMessage, ChatModel, ChatResult, ChatUsage
from vidmem.store.chat_cache import CachedResponse, ChatCache


def cache_key(model: str, messages: Sequence[ChatMessage], params: dict[str, Any]) -> str:
    payload = {
        "model": model,
        "messages": [
            {"role": m.role, "text": m.text, "images": [hashlib.sha256(i).hexdigest() for i in m.images]}
            for m in messages
        ],
        "params": params,
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def default_cache_path() -> Path:
    return cache_dir() / "chat_cache.sqlite"


class CachedChatModel:
    """A ChatModel that answers repeated (model, messages, params) from a persistent cache. A sampled call
    (temperature > 0) always goes to the model: it is a draw, and self-consistency needs fresh ones."""

    def __init__(self, inner: ChatModel, cache: ChatCache) -> None:
        self.inner = inner
        self.cache = cache
        self.name = inner.name

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: type[BaseModel] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> ChatResult:
        if temperature > 0:
            return self.inner.chat(messages, schema=schema, max_tokens=max_tokens, temperature=temperature)
        params = {"max_tokens": max_tokens, "temperature": temperature,
                  "schema": schema.model_json_schema() if schema else None}
        key = cache_key(self.name, messages, params)
        hit = self.cache.get(key)
        if hit is not None:
            data = parse_reply(hit.text, schema) if schema is not None else None
            usage = ChatUsage(hit.model, hit.prompt_tokens, hit.completion_tokens, 0.0, 0.0, cached=True)
            return ChatResult(hit.text, usage, data)
        result = self.inner.chat(messages, schema=schema, max_tokens=max_tokens, temperature=temperature)
        u = result.usage
        self.cache.put(key, CachedResponse(u.model, result.text, u.prompt_tokens, u.completion_tokens,
                                           u.latency_s, u.cost_usd))
        return result


def load_chat_model(
    settings: Settings,
    *,
    purpose: str = "main",
    cache: bool = True,
    cache_path: Path | None = None,
) -> ChatModel:
    """The chat model the profile picks; `purpose="cheap"` picks the small model for cheap calls in `lite`.

    The adapter override `chat` (vidmem.toml `[adapters]` or VIDMEM_ADAPTER_CHAT) is `openai` or
    `llamacpp` / `llamacpp:0.5b` / `llamacpp:/path/model.gguf`. `full` defaults to `openai`.
    `cache=False` bypasses the response cache (`--no-cache`).
    """
    choice = settings.adapters.get("chat") or ("openai" if settings.profile == "full" else "llamacpp")
    kind, _, arg = choice.partition(":")
    model: ChatModel
    if kind == "openai":
        from vidmem.models.chat_openai import OpenAIChatModel

        model = OpenAIChatModel.from_env(model=arg or None)
    elif kind == "llamacpp":
        from vidmem.models.chat_llamacpp import LlamaCppChatModel

        size = arg or ("0.5b" if purpose == "cheap" else "1.5b")
        model = LlamaCppChatModel.from_path(Path(size)) if size.endswith(".gguf") else LlamaCppChatModel.lite(size)
    else:
        raise ValueError(f"unknown chat adapter {choice!r}; use openai[:MODEL] or llamacpp[:0.5b|1.5b|PATH.gguf]")
    if cache:
        model = CachedChatModel(model, ChatCache(cache_path or default_cache_path()))
    return model


__all__ = ["CachedChatModel", "ChatError", "load_chat_model"]
