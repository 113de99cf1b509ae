"""The `full` profile's OpenAI-compatible client against a real OpenAI-compatible server, not a stub:
llama-cpp-python's own server (`python -m llama_cpp.server`) serving the packaged 1.5B GGUF on a free
loopback port. A schema-constrained reply, an ask over the test Library and a graph extraction through
it give the same kind of result as the in-process model."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import BaseModel

from chat_helpers import dinner_segment
from vidmem.models.chat_llamacpp import MODELS
from vidmem.models.chat_openai import OpenAIChatModel
from vidmem.models.protocols import ChatMessage, ChatModel

pytestmark = pytest.mark.slow  # loads the 1.5B in a second process; ≈ 2–4 min on 2 busy cores

ALIAS = "vidmem-test-qwen"
START_TIMEOUT_S = 180.0


class Person(BaseModel):
    name: str
    age: int


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenAIChatModel]:
    present, detail = MODELS["1.5b"].present()
    assert present, detail
    port = _free_port()
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(MODELS["1.5b"].path()), "--model_alias", ALIAS,
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--verbose", "false"],
            stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited ({process.returncode}):\n{log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{base}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not answer in {START_TIMEOUT_S:.0f} s:\n{log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield OpenAIChatModel(ALIAS, base_url=base, timeout_s=300.0, max_retries=0)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def test_text_and_schema_constrained_reply(served_model: OpenAIChatModel) -> None:
    assert isinstance(served_model, ChatModel)
    text = served_model.chat([ChatMessage("user", "What is the capital of France? Answer with one word.")],
                             max_tokens=8)
    assert "paris" in text.text.lower()
    assert 0 < text.usage.completion_tokens <= 8 and text.usage.prompt_tokens > 5
    result = served_model.chat([ChatMessage("user", "Carol Jones turned 41 last week. Extract the person.")],
                               schema=Person, max_tokens=48)
    assert isinstance(result.data, Person)
    assert "carol" in result.data.name.lower() and result.data.age == 41


def test_an_open_question_is_answered_through_the_server(served_model: OpenAIChatModel,
                                                         generated_library: Path, generated_corpus: Path) -> None:
    import json

    from vidmem import Library

    rows = [json.loads(line) for line in (generated_corpus / "questions.jsonl").read_text().splitlines()]
    question = next(r for r in rows if r["category"] == "what_said")["question"]
    with Library.open(generated_library, read_only=True) as library:
        answer = library.ask(question, None, planner="rules", answerer="llm", chat=served_model)
    assert answer.tokens["in"] > 0 and answer.tokens["out"] > 0, answer.justification  # the server answered
    assert answer.text.strip() and not answer.abstained
    assert answer.citations and all(c.label.startswith("day ") for c in answer.citations)


def test_graph_extraction_through_the_server(served_model: OpenAIChatModel) -> None:
    from vidmem.graph.llm import LlmExtractor

    seg, document = dinner_segment()
    rows = LlmExtractor(served_model, max_tokens=300).extract([seg], [document])
    assert rows and all(r.method == "llm" and r.segment_id == 7 and (r.t_start, r.t_end) == (1000.0, 1030.0)
                        for r in rows)
    names = {r.source.lower() for r in rows} | {r.target.lower() for r in rows}
    assert "carol" in names or "sam" in names
