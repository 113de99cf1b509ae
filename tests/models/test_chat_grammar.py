"""The schema handed to llama.cpp's grammar: large length bounds dropped (they crash it), small ones kept."""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from vidmem.models.chat_llamacpp import grammar_schema


class Inner(BaseModel):
    reason: str = Field(max_length=200)
    maxLength: str = Field(max_length=5000)  # a field *named* like the keyword keeps its name


class Outer(BaseModel):
    sql: str = Field(max_length=2000)
    items: list[Inner] = Field(max_length=30)


def test_large_bounds_are_dropped_small_ones_kept_and_names_untouched() -> None:
    schema = grammar_schema(Outer)
    assert "maxLength" not in schema["properties"]["sql"]
    assert schema["properties"]["items"]["maxItems"] == 30
    inner = schema["$defs"]["Inner"]["properties"]
    assert inner["reason"]["maxLength"] == 200
    assert set(inner) == {"reason", "maxLength"}
    assert "maxLength" not in inner["maxLength"]
    # validation still enforces every bound the grammar no longer carries
    assert Outer.model_json_schema()["properties"]["sql"]["maxLength"] == 2000


def test_the_answer_schema_compiles_to_a_llama_grammar() -> None:
    from llama_cpp.llama_grammar import LlamaGrammar

    from vidmem.agent.answer import choice_schema

    schema = choice_schema(["A. gym", "B. jacket", "C. market's end", 'D. "nine"'], numbers=[2, 5, 11])
    props = grammar_schema(schema)["properties"]
    assert list(props) == ["lines", "answer"]  # the supporting lines are chosen first
    assert props["lines"]["items"]["enum"] == [2, 5, 11] and props["lines"]["maxItems"] == 2
    assert props["answer"]["enum"] == ["A. gym", "B. jacket", "C. market's end", 'D. "nine"']
    grammar = LlamaGrammar.from_json_schema(json.dumps(grammar_schema(schema)), verbose=False)
    assert grammar is not None
