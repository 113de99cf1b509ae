"""The OpenAI-compatible adapter against a stub HTTP server on 127.0.0.1 (the only test double here)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from pydantic import BaseModel

from vidmem.models.chat import CachedChatModel, ChatError
from vidmem.models.chat_openai import OpenAIChatModel
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.store.chat_cache import ChatCache


class Person(BaseModel):
    name: str
    age: int


@dataclass
class Reply:
    status: int = 200
    content: str = ""
    delay_s: float = 0.0
    prompt_tokens: int = 11
    completion_tokens: int = 7


@dataclass
class Stub:
    replies: list[Reply] = field(default_factory=list)
    requests: list[dict] = field(default_factory=list)
    url: str = ""


@pytest.fixture
def stub() -> Iterator[Stub]:
    state = Stub()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:  # keep test output quiet
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(body)
            reply = state.replies.pop(0) if state.replies else Reply(content="{}")
            time.sleep(reply.delay_s)
            if reply.status == 200:
                payload = {
                    "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": reply.content}}],
                    "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                              "total_tokens": reply.prompt_tokens + reply.completion_tokens},
                }
            else:
                payload = {"error": {"message": reply.content or "boom", "type": "x"}}
            data = json.dumps(payload).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("retry-after-ms", "5")  # keep the client's backoff short
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    yield state
    server.shutdown()
    server.server_close()


def model(stub: Stub, **kwargs: object) -> OpenAIChatModel:
    return OpenAIChatModel("stub-model", base_url=stub.url, api_key="k", **kwargs)  # type: ignore[arg-type]


ASK = [ChatMessage("user", "Who is Carol?")]


def test_json_schema_mode_validates_and_counts(stub: Stub) -> None:
    stub.replies = [Reply(content='{"name": "Carol", "age": 41}', prompt_tokens=100, completion_tokens=20)]
    chat = model(stub, price_in_per_mtok=2.0, price_out_per_mtok=10.0)
    assert isinstance(chat, ChatModel)
    result = chat.chat(ASK, schema=Person, max_tokens=64)
    assert result.data == Person(name="Carol", age=41)
    sent = stub.requests[0]
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["schema"]["required"] == ["name", "age"]
    assert sent["max_tokens"] == 64
    assert (result.usage.prompt_tokens, result.usage.completion_tokens, result.usage.attempts) == (100, 20, 1)
    assert result.usage.cost_usd == pytest.approx((100 * 2.0 + 20 * 10.0) / 1e6)
    assert result.usage.latency_s > 0


def test_server_without_schema_support_falls_back_and_reprompts_once(stub: Stub) -> None:
    stub.replies = [
        Reply(status=400, content="response_format json_schema is not supported"),
        Reply(status=422, content="response_format: unknown field 'schema'"),
        Reply(content="Sure! Carol is forty-one."),  # invalid: no JSON
        Reply(content='```json\n{"name": "Carol", "age": 41}\n```'),
    ]
    chat = model(stub)
    result = chat.chat(ASK, schema=Person)
    assert result.data == Person(name="Carol", age=41)
    assert result.usage.attempts == 2
    assert [r.get("response_format", {}).get("type") for r in stub.requests] == [
        "json_schema", "json_object", None, None]
    assert chat.json_schema_mode is False
    reprompt = stub.requests[3]["messages"]
    assert reprompt[-2] == {"role": "assistant", "content": "Sure! Carol is forty-one."}
    assert "not valid" in reprompt[-1]["content"]
    assert result.usage.prompt_tokens == 22  # both attempts counted


def test_a_server_that_takes_the_schema_in_json_object_mode(stub: Stub) -> None:
    """llama-cpp-python's server answers 500 to "json_schema" and takes the schema inside "json_object"."""
    stub.replies = [Reply(status=500, content="response_format.type: Input should be 'text' or 'json_object'"),
                    Reply(content='{"name": "Carol", "age": 41}'), Reply(content='{"name": "Dan", "age": 7}')]
    chat = model(stub, max_retries=0)
    assert chat.chat(ASK, schema=Person).data == Person(name="Carol", age=41)
    assert chat.chat(ASK, schema=Person).data == Person(name="Dan", age=7)
    sent = [r["response_format"] for r in stub.requests if "response_format" in r]
    assert [f["type"] for f in sent] == ["json_schema", "json_object", "json_object"]  # remembered
    assert sent[-1]["schema"]["required"] == ["name", "age"]


def test_a_server_error_unrelated_to_the_format_is_not_a_format_fallback(stub: Stub) -> None:
    stub.replies = [Reply(status=500, content="out of memory")]
    chat = model(stub, max_retries=0)
    with pytest.raises(ChatError, match="out of memory"):
        chat.chat(ASK, schema=Person)
    assert chat.json_schema_mode and chat.formats[0] == "json_schema"


def test_reply_that_never_validates_is_an_error(stub: Stub) -> None:
    stub.replies = [Reply(content='{"name": "Carol"}'), Reply(content='{"age": "old"}')]
    with pytest.raises(ChatError, match="after one re-prompt"):
        model(stub).chat(ASK, schema=Person)
    assert len(stub.requests) == 2


def test_retries_server_errors(stub: Stub) -> None:
    stub.replies = [Reply(status=500), Reply(status=503), Reply(content="hello")]
    result = model(stub, max_retries=2).chat(ASK)
    assert result.text == "hello"
    assert len(stub.requests) == 3


def test_gives_up_after_retries(stub: Stub) -> None:
    stub.replies = [Reply(status=500)] * 3
    with pytest.raises(ChatError, match="InternalServerError"):
        model(stub, max_retries=1).chat(ASK)
    assert len(stub.requests) == 2


def test_timeout_is_bounded(stub: Stub) -> None:
    stub.replies = [Reply(content="late", delay_s=3.0), Reply(content="late", delay_s=3.0)]
    started = time.perf_counter()
    with pytest.raises(ChatError, match="timeout"):
        model(stub, timeout_s=0.3, max_retries=1).chat(ASK)
    assert time.perf_counter() - started < 2.5


def test_max_tokens_is_capped_and_images_are_sent(stub: Stub) -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"0" * 10
    model(stub, max_tokens_cap=256).chat([ChatMessage("user", "what is this?", (png,))], max_tokens=100_000)
    sent = stub.requests[0]
    assert sent["max_tokens"] == 256
    content = sent["messages"][0]["content"]
    assert content[0] == {"type": "text", "text": "what is this?"}
    assert content[1]["image_url"]["url"].startswith("data:image/png;base64,")


def test_response_cache_answers_repeats_without_a_request(stub: Stub, tmp_path: Path) -> None:
    stub.replies = [Reply(content='{"name": "Carol", "age": 41}'), Reply(content='{"name": "Dan", "age": 7}')]
    cache = ChatCache(tmp_path / "cache.sqlite")
    chat = CachedChatModel(model(stub), cache)
    first = chat.chat(ASK, schema=Person)
    again = CachedChatModel(model(stub), ChatCache(tmp_path / "cache.sqlite")).chat(ASK, schema=Person)
    assert len(stub.requests) == 1
    assert again.data == first.data and again.usage.cached and not first.usage.cached
    other = chat.chat(ASK, schema=Person, max_tokens=99)  # other params: another key
    assert other.data == Person(name="Dan", age=7)
    assert len(stub.requests) == 2 and cache.count() == 2
