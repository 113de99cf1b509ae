"""A warm process: 30 questions through `Library.ask` load each model once."""

from __future__ import annotations

import json
from itertools import cycle, islice
from pathlib import Path

import pytest

from vidmem.library import Library
from vidmem.runtime import current

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)


def test_thirty_questions_in_one_process_load_each_model_once(generated_corpus: Path,
                                                              generated_library: Path) -> None:
    questions = [json.loads(line) for line in (generated_corpus / "questions.jsonl").read_text().splitlines()
                 if line.strip()]
    runtime = current()
    with Library.open(generated_library) as lib:
        for q in islice(cycle(questions), 30):
            lib.ask(q["question"], q["options"], planner="rules", answerer="rules")
    loaded = runtime.loaded()
    assert any(key.startswith("spacy:") for key in loaded)  # the planner's parser
    assert any(key.startswith("text:") for key in loaded)  # MiniLM, for visual search and paraphrases
    assert all(runtime.loads[key] == 1 for key in loaded), runtime.loads


def test_the_packaged_chat_model_is_loaded_once_per_process() -> None:
    from vidmem.models.chat_llamacpp import LlamaCppChatModel
    from vidmem.models.weights import WeightsMissing

    try:
        first = LlamaCppChatModel.lite("0.5b")
    except WeightsMissing as exc:
        pytest.skip(str(exc))
    assert LlamaCppChatModel.lite("0.5b") is first
    assert current().loads[f"chat:{first.name}"] == 1
