"""The chat model's reading of a question: a short fixed reply form in the prompt and a bounded reply."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from vidmem.agent.query.llm import NAME_CHARS, QueryDraft, llm_query_fallback
from vidmem.agent.query.types import Query
from vidmem.models.chat_llamacpp import grammar_schema
from vidmem.models.chat_reply import complete_with_schema, schema_instruction
from vidmem.models.protocols import ChatResult, ChatUsage


def test_the_prompt_carries_a_short_reply_form_not_the_schema() -> None:
    asked: list[list[str]] = []

    def call(messages: list[Any], constrained: bool) -> tuple[str, int, int]:
        asked.append([m.text for m in messages])
        return '{"intent": "where", "people": ["Ines"], "places": [], "objects": ["keys"]}', 80, 20

    _, data, *_ = complete_with_schema(call, [], QueryDraft, constrained=True)
    assert isinstance(data, QueryDraft) and data.intent == "where" and data.objects == ["keys"]
    first = schema_instruction(QueryDraft, brief=True)
    assert asked == [[first]] and len(first) < len(schema_instruction(QueryDraft)) / 2
    assert '"enum"' not in first and '"properties"' not in first


def test_names_are_bounded_in_the_grammar_and_in_validation() -> None:
    items = [grammar_schema(QueryDraft)["properties"][k]["items"] for k in ("people", "places", "objects")]
    assert all(item.get("maxLength") == NAME_CHARS for item in items)
    with pytest.raises(ValidationError):
        QueryDraft.model_validate({"intent": "who", "people": ["x" * (NAME_CHARS + 1)]})


def test_the_reading_adds_the_models_names_to_what_the_rules_found() -> None:
    class Chat:
        name = "scripted"

        def chat(self, messages, *, schema=None, max_tokens=512, temperature=0.0) -> ChatResult:  # type: ignore[no-untyped-def]
            data = schema.model_validate({"intent": "who", "people": ["Ines", "me"], "places": ["Kitchen"]})
            return ChatResult(data.model_dump_json(), ChatUsage(self.name, 90, 20, 0.0), data)

    read = llm_query_fallback(Chat())
    got = read("who handed me the keys in the kitchen", Query(text="who handed me the keys in the kitchen"))
    assert got is not None and got.intent == "who" and got.intent_source == "llm"
    assert [p.name for p in got.people] == ["Ines"] and got.places == ["kitchen"]
