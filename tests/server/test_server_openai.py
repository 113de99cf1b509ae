"""The agent as an OpenAI-compatible model, driven by the official `openai` client against a real
`vidmem serve` on a loopback port."""

from __future__ import annotations

import re

import httpx
import openai
import pytest
from server_helpers import TOKEN, Served, first_of

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)

CITED = re.compile(r"\[1\] day \d+ \d\d:\d\d:\d\d \(.+ @ \d\d:\d\d:\d\d\)")


def _client(server: Served) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{server.url}/v1", api_key=TOKEN, max_retries=0, timeout=120)


def test_chat_completion(live_server: Served, questions: list[dict]) -> None:
    q = first_of(questions, "what_said")
    client = _client(live_server)
    assert [m.id for m in client.models.list()] == ["vidmem-agent"]
    reply = client.chat.completions.create(model="vidmem-agent", messages=[
        {"role": "system", "content": "You are helpful."},
        {"role": "user", "content": "an earlier question"},
        {"role": "assistant", "content": "an earlier answer"},
        {"role": "user", "content": q["question"]},
    ])
    text = reply.choices[0].message.content or ""
    assert reply.choices[0].finish_reason == "stop"
    assert "Sources:" in text and CITED.search(text), text
    with pytest.raises(openai.NotFoundError):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(model="vidmem-agent", messages=[{"role": "system", "content": "only this"}])


def test_chat_completion_streamed(live_server: Served, questions: list[dict]) -> None:
    q = first_of(questions, "onscreen_text")
    stream = _client(live_server).chat.completions.create(
        model="vidmem-agent", stream=True,
        messages=[{"role": "user", "content": [{"type": "text", "text": q["question"]}]}])
    content, reasoning, finishes = [], [], []
    for chunk in stream:
        delta = chunk.choices[0].delta
        content.append(delta.content or "")
        reasoning.append(getattr(delta, "reasoning_content", None) or (delta.model_extra or {}).get("reasoning_content")
                         or "")
        finishes.append(chunk.choices[0].finish_reason)
    text = "".join(content)
    assert CITED.search(text), text
    assert "".join(reasoning).startswith("plan:")  # the steps came before the answer
    assert finishes[-1] == "stop"


def test_openai_endpoint_needs_the_token(live_server: Served) -> None:
    response = httpx.post(f"{live_server.url}/v1/chat/completions", timeout=10,
                          json={"model": "vidmem-agent", "messages": [{"role": "user", "content": "who?"}]})
    assert response.status_code == 401
