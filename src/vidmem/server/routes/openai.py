"""The agent as an OpenAI-compatible chat model: the last user message is the question, the reply is
the answer with its citations. Streaming sends the agent's steps as they happen (as `reasoning_content`,
which chat UIs show folded), then the answer."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from vidmem.server import schemas, views
from vidmem.server.asking import ask_events
from vidmem.server.config import MAX_QUESTION_CHARS, MODEL_NAME
from vidmem.server.deps import server_state
from vidmem.server.state import ServerState

router = APIRouter(tags=["openai"])
State = Annotated[ServerState, Depends(server_state)]


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[dict[str, Any]] | None = None


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="allow")  # temperature, max_tokens … are accepted and have no effect
    model: str = MODEL_NAME
    messages: list[ChatMessage] = Field(min_length=1, max_length=200)
    stream: bool = False


def _text(content: str | list[dict[str, Any]] | None) -> str:
    if isinstance(content, list):
        return " ".join(str(part.get("text", "")) for part in content if part.get("type") == "text")
    return content or ""


def question_of(request: ChatRequest) -> str:
    for message in reversed(request.messages):
        if message.role == "user":
            question = _text(message.content).strip()
            if not question:
                break
            if len(question) > MAX_QUESTION_CHARS:
                raise HTTPException(413, f"the question is over {MAX_QUESTION_CHARS} characters")
            return question
    raise HTTPException(400, "no user message with text to answer")


def _check_model(request: ChatRequest) -> None:
    if request.model != MODEL_NAME:
        raise HTTPException(404, f"model {request.model!r} does not exist; this server has {MODEL_NAME!r}")


@router.get("/v1/models")
def models() -> dict[str, Any]:
    return {"object": "list", "data": [{"id": MODEL_NAME, "object": "model", "created": 0, "owned_by": "vidmem"}]}


@router.post("/v1/chat/completions", response_model=None)
async def chat_completions(request: ChatRequest, state: State) -> dict[str, Any] | StreamingResponse:
    _check_model(request)
    question = question_of(request)
    reply_id = f"chatcmpl-{uuid.uuid4().hex}"
    created = int(time.time())

    def chunk(delta: dict[str, Any], finish: Literal["stop"] | None = None) -> str:
        body = {"id": reply_id, "object": "chat.completion.chunk", "created": created, "model": MODEL_NAME,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"

    if request.stream:
        async def stream() -> AsyncIterator[str]:
            yield chunk({"role": "assistant", "content": ""})
            async for kind, item in ask_events(state, question, None, None):
                if kind == "step" and isinstance(item, schemas.Step) and item.step in {"plan", "tool", "answer"}:
                    yield chunk({"reasoning_content": f"{item.step}: {item.detail}\n"})
                elif kind == "answer" and isinstance(item, schemas.AnswerOut):
                    yield chunk({"content": views.answer_text(item)})
                elif kind == "error":
                    yield chunk({"content": f"error: {item}"})
            yield chunk({}, "stop")
            yield "data: [DONE]\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-cache"})

    answer: schemas.AnswerOut | None = None
    async for kind, item in ask_events(state, question, None, None):
        if kind == "answer" and isinstance(item, schemas.AnswerOut):
            answer = item
        elif kind == "error":
            raise HTTPException(400, str(item))
    assert answer is not None
    text = views.answer_text(answer)
    return {
        "id": reply_id, "object": "chat.completion", "created": created, "model": MODEL_NAME,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        "vidmem": answer.model_dump(exclude={"steps"}),
    }
