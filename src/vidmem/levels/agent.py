"""The full agent as a rung of the ladder: `Library.ask` with the options, its own plan, tools and answer.
A one-video question (Video-MME, LVBench) keeps every tool call inside that video; a corpus question
searches the whole Library.

It answers by itself (no separate answering call); given the run's chat model it uses that same model
where its profile calls for one, so only the way context is gathered differs from the other levels.
"""

from __future__ import annotations

import time
from typing import Any

from vidmem.levels.base import Asked, Context, ContextItem, Scope
from vidmem.models.protocols import ChatModel


class AgentLevel:
    name = "agent"

    def __init__(self, library: Any, chat: ChatModel | None = None, **agent_options: Any) -> None:
        self.library = library
        self.chat = chat
        self.agent_options = agent_options

    def build(self, question: Asked, scope: Scope) -> Context:
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        options = [f"{letters[i]}. {text}" for i, text in enumerate(question.options)]
        kwargs = dict(self.agent_options)
        if self.chat is not None:
            kwargs["chat"] = self.chat
        if scope.single_video:  # a benchmark question about one video: no other video may answer it
            kwargs["videos"] = scope.video_ids
        started = time.perf_counter()
        answer = self.library.ask(question.question, options, **kwargs)
        seconds = time.perf_counter() - started
        items = [
            ContextItem(f"citation:{c.video_id}:{c.time:.1f}:{c.modality}", c.video_id, c.time,
                        c.t1 if c.t1 is not None else c.time, 1.0, c.snippet)
            for c in answer.citations
        ]
        timings = answer.timings or {}
        tools = sum(v for k, v in timings.items() if "tool" in k or "search" in k)
        reply = f"Answer: {answer.choice}" if answer.choice else answer.text
        tokens = answer.tokens or {}
        return Context("", items, retrieval_s=min(tools, seconds), model_s=max(0.0, seconds - tools), reply=reply,
                       tokens_in=int(tokens.get("in", 0)), tokens_out=int(tokens.get("out", 0)),
                       trace=[f"{e.step}: {e.detail}"[:200] for e in answer.trace][:30])
