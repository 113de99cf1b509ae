"""ChatModel over any OpenAI-compatible server (vLLM, SGLang, Ollama, llama.cpp server, OpenAI).

JSON replies: the schema goes in `response_format`, in the first style the server takes (OpenAI, vLLM,
SGLang and Ollama take "json_schema"; llama-cpp-python's server takes the schema inside "json_object" and
answers 500 to the other); a style the server rejects is remembered, and with none left the schema is
only in the prompt, the reply validated with one re-prompt. The `openai` client does
the retries (with backoff) on connection errors, 408/409/429 and 5xx; every request has a timeout.
"""

from __future__ import annotations

import base64
import os
import time
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from vidmem.models.chat_reply import ChatError, complete_with_schema, env_float
from vidmem.models.protocols import ChatMessage, ChatResult, ChatUsage

DEFAULT_MAX_TOKENS_CAP = 4096
RESPONSE_FORMATS = ("json_schema", "json_object")


class _FormatRejected(Exception):
    """The server refused the request's response_format."""


def _response_format(style: str, schema: type[BaseModel]) -> dict[str, Any]:
    if style == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()}}
    return {"type": "json_object", "schema": schema.model_json_schema()}


def _image_url(image: bytes) -> str:
    kind = "png" if image[:8] == b"\x89PNG\r\n\x1a\n" else "jpeg"
    return f"data:image/{kind};base64,{base64.b64encode(image).decode()}"


def to_openai_messages(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.images:
            content: Any = [{"type": "text", "text": m.text}]
            content += [{"type": "image_url", "image_url": {"url": _image_url(i)}} for i in m.images]
        else:
            content = m.text
        out.append({"role": m.role, "content": content})
    return out


class OpenAIChatModel:
    accepts_images = True  # sent as data URLs; the server's model must be a vision model to use them
    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout_s: float = 120.0,
        max_retries: int = 2,
        price_in_per_mtok: float = 0.0,
        price_out_per_mtok: float = 0.0,
        json_schema_mode: bool = True,
        max_tokens_cap: int = DEFAULT_MAX_TOKENS_CAP,
    ) -> None:
        from openai import OpenAI

        self.name = model
        self.price_in = price_in_per_mtok
        self.price_out = price_out_per_mtok
        # the response_format styles still to try, best first; a style the server rejects is dropped
        self.formats: list[str] = list(RESPONSE_FORMATS) if json_schema_mode else []
        self.max_tokens_cap = max_tokens_cap
        # a local server needs no key, but the client insists on one
        self._client = OpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s,
                              max_retries=max_retries)

    @classmethod
    def from_env(cls, model: str | None = None, **kwargs: Any) -> OpenAIChatModel:
        name = model or os.environ.get("VIDMEM_CHAT_MODEL")
        if not name:
            raise ChatError("no chat model named: set VIDMEM_CHAT_MODEL (and VIDMEM_CHAT_BASE_URL for a local server)")
        return cls(
            name,
            base_url=os.environ.get("VIDMEM_CHAT_BASE_URL") or None,
            api_key=os.environ.get("VIDMEM_CHAT_API_KEY") or os.environ.get("OPENAI_API_KEY"),
            timeout_s=env_float("VIDMEM_CHAT_TIMEOUT_S", 120.0),
            price_in_per_mtok=env_float("VIDMEM_CHAT_PRICE_IN"),
            price_out_per_mtok=env_float("VIDMEM_CHAT_PRICE_OUT"),
            **kwargs,
        )

    @property
    def json_schema_mode(self) -> bool:
        """Whether replies are still schema-constrained by the server (some style was not rejected)."""
        return bool(self.formats)

    def _send(self, params: dict[str, Any]) -> Any:
        """One request (the client retries inside). A refused response_format raises _FormatRejected."""
        import openai

        try:
            return self._client.chat.completions.create(**params)
        except (openai.BadRequestError, openai.UnprocessableEntityError, openai.InternalServerError) as exc:
            if "response_format" in params and (
                    not isinstance(exc, openai.InternalServerError) or "response_format" in str(exc)):
                raise _FormatRejected(str(exc)) from exc
            raise ChatError(f"{self.name}: {type(exc).__name__}: {exc}") from exc
        except openai.APITimeoutError as exc:
            raise ChatError(f"{self.name}: no reply within the timeout (after retries)") from exc
        except openai.APIError as exc:
            raise ChatError(f"{self.name}: {type(exc).__name__}: {exc}") from exc

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: type[BaseModel] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> ChatResult:
        max_tokens = max(1, min(max_tokens, self.max_tokens_cap))

        def call(asked: list[ChatMessage], constrained: bool) -> tuple[str, int, int]:
            params: dict[str, Any] = {"model": self.name, "messages": to_openai_messages(asked),
                                      "max_tokens": max_tokens, "temperature": temperature}
            while True:
                if constrained and schema is not None and self.formats:
                    params["response_format"] = _response_format(self.formats[0], schema)
                else:
                    params.pop("response_format", None)
                try:
                    reply = self._send(params)
                    break
                except _FormatRejected:
                    self.formats.pop(0)  # this server does not take that style: the next, or the prompt alone
            if not reply.choices:
                raise ChatError(f"{self.name}: the server returned no choices")
            text = reply.choices[0].message.content or ""
            usage = reply.usage
            return text, (usage.prompt_tokens if usage else 0), (usage.completion_tokens if usage else 0)

        started = time.perf_counter()
        text, data, p_tok, c_tok, attempts = complete_with_schema(call, messages, schema, constrained=True)
        cost = (p_tok * self.price_in + c_tok * self.price_out) / 1e6
        usage = ChatUsage(self.name, p_tok, c_tok, time.perf_counter() - started, cost, attempts=attempts)
        return ChatResult(text, usage, data)
