"""MCP: `vidmem mcp` over stdio, and /mcp on a real `vidmem serve`, driven by the official SDK's client."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from server_helpers import TOKEN, Served, cli_env, first_of

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)

TOOLS = {"audio_search", "visual_search", "entity_graph_search", "ask", "timeline"}


def _check_moment(m: dict[str, Any]) -> None:
    assert m["file"] and m["day"] >= 1
    assert re.fullmatch(r"\d\d:\d\d:\d\d", m["clock"]) and re.fullmatch(r"\d\d:\d\d:\d\d", m["offset"])
    assert m["label"] == f"day {m['day']} {m['clock']} ({m['file']} @ {m['offset']})"


async def _exercise(session: ClientSession, questions: list[dict]) -> None:
    await session.initialize()
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description and tool.input_schema["type"] == "object" and tool.output_schema
    assert tools["audio_search"].input_schema["required"] == ["query"]
    assert tools["audio_search"].input_schema["properties"]["k"]["maximum"] == 50

    timeline = (await session.call_tool("timeline", {})).structured_content
    assert timeline and timeline["days"] and timeline["days"][0]["recordings"]
    day2 = (await session.call_tool("timeline", {"day": 2})).structured_content
    assert [d["day"] for d in day2["days"]] == [2]
    assert day2["days"][0]["recordings"][0]["segments"] and not timeline["days"][0]["recordings"][0]["segments"]

    word = day2["days"][0]["recordings"][0]["segments"][0]["text"].split()[-1].strip(".,?!")
    audio = await session.call_tool("audio_search", {"query": word, "k": 3})
    assert not audio.is_error and audio.structured_content["hits"]
    for hit in audio.structured_content["hits"]:
        _check_moment(hit)

    visual = (await session.call_tool("visual_search", {"query": "outdoors", "k": 2})).structured_content
    assert 0 < len(visual["hits"]) <= 2
    _check_moment(visual["hits"][0])

    graph = (await session.call_tool("entity_graph_search", {"entities": ["me"]})).structured_content
    assert graph["hits"] and graph["level"] >= 1
    _check_moment(graph["hits"][0])

    q = first_of(questions, "what_said")
    answer = (await session.call_tool("ask", {"question": q["question"], "options": q["options"]})).structured_content
    # The transport is under test here; accuracy is measured in tests/agent.
    assert answer["choice"] in [o[0] for o in q["options"]]
    for c in answer["citations"]:
        _check_moment(c)

    bad = await session.call_tool("audio_search", {"query": "x", "k": 1000})
    assert bad.is_error


def test_mcp_over_stdio(generated_library: Path, questions: list[dict]) -> None:
    params = StdioServerParameters(command=sys.executable, env=cli_env(), args=[
        "-m", "vidmem.cli.main", "mcp", "--library", str(generated_library), "--answerer", "rules", "--planner",
        "rules"])

    async def run() -> None:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await _exercise(session, questions)

    anyio.run(run)


def test_mcp_over_http(live_server: Served, questions: list[dict]) -> None:
    assert httpx.post(f"{live_server.url}/mcp", json={}, timeout=10).status_code == 401

    async def run() -> None:
        async with httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}, timeout=120) as http, \
                streamable_http_client(f"{live_server.url}/mcp", http_client=http) as (read, write, *_), \
                ClientSession(read, write) as session:
            await _exercise(session, questions)

    anyio.run(run)
