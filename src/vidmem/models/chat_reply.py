"""What every chat adapter shares when it talks to a model: the error it raises, the JSON schema instruction,
and reply validation with one re-prompt. Adapters import this module, never `vidmem.models.chat` (which
imports the adapters)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence

from pydantic import BaseModel, ValidationError

from vidmem.models.protocols import ChatMessage


class ChatError(RuntimeError):
    """A chat call failed: the server is unreachable, timed out, or the reply never matched the schema."""


REPLY_FORM = "REPLY_FORM"
"""A schema class may carry a short description of its reply's form under this name (a class variable): it
then stands for the JSON schema in the first prompt. A grammar-constrained model needs no schema to keep the
form, and the schema's tokens (a few hundred with enums of options and line numbers) cost seconds of prompt
evaluation on a small CPU model. A re-prompt after an invalid reply always gets the whole schema."""


def schema_instruction(schema: type[BaseModel], *, brief: bool = False) -> str:
    form = getattr(schema, REPLY_FORM, None) if brief else None
    if isinstance(form, str) and form:
        return f"Reply with one JSON object only, no prose: {form}"
    return (
        "Reply with one JSON object only, no prose and no code fences, matching this JSON schema:\n"
        + json.dumps(schema.model_json_schema(), separators=(",", ":"))
    )


def with_schema_instruction(messages: Sequence[ChatMessage], schema: type[BaseModel]) -> list[ChatMessage]:
    """The messages with the schema instruction after the leading system message(s): the caller's fixed
    system prompt stays the start of every prompt, so an adapter can reuse the state it computed for it
    (the schema changes with each question's options)."""
    lead = 0
    while lead < len(messages) and messages[lead].role == "system":
        lead += 1
    return [*messages[:lead], ChatMessage("system", schema_instruction(schema, brief=True)), *messages[lead:]]


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


def parse_reply(text: str, schema: type[BaseModel]) -> BaseModel:
    """Validate a reply against `schema`, tolerating code fences and text around the one JSON object."""
    cleaned = _FENCE.sub("", text.strip())
    start, end = cleaned.find("{"), cleaned.rfind("}")
    if start < 0 or end < start:
        raise ValueError("the reply holds no JSON object")
    try:
        return schema.model_validate_json(cleaned[start : end + 1])
    except ValidationError as exc:
        raise ValueError(str(exc)) from exc


RawCall = Callable[[list[ChatMessage], bool], tuple[str, int, int]]
"""(messages, constrain to schema) → (text, prompt tokens, completion tokens)."""


def complete_with_schema(
    call: RawCall, messages: Sequence[ChatMessage], schema: type[BaseModel] | None, *, constrained: bool
) -> tuple[str, BaseModel | None, int, int, int]:
    """Call once; with a schema, validate and ask once more with the error when the reply does not fit.

    Returns (text, validated object or None, prompt tokens, completion tokens, attempts).
    """
    asked = list(messages) if schema is None else with_schema_instruction(messages, schema)
    text, prompt_tokens, completion_tokens = call(asked, constrained)
    if schema is None:
        return text, None, prompt_tokens, completion_tokens, 1
    try:
        return text, parse_reply(text, schema), prompt_tokens, completion_tokens, 1
    except ValueError as first:
        retry = [*asked, ChatMessage("assistant", text),
                 ChatMessage("user", f"That reply was not valid: {str(first)[:500]}\n{schema_instruction(schema)}")]
        text2, p2, c2 = call(retry, constrained)
        try:
            data = parse_reply(text2, schema)
        except ValueError as second:
            raise ChatError(f"the model's reply does not match {schema.__name__} after one re-prompt: {second}") \
                from second
        return text2, data, prompt_tokens + p2, completion_tokens + c2, 2


def env_float(name: str, default: float = 0.0) -> float:
    value = os.environ.get(name)
    return float(value) if value else default
