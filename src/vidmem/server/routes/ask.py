"""Ask: a plain JSON answer, or Server-Sent Events of each step as it happens, ending with the answer."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from vidmem.server import schemas
from vidmem.server.asking import ASK_ERRORS, answer_now, ask_events
from vidmem.server.deps import server_state
from vidmem.server.state import ServerState

router = APIRouter(tags=["ask"])
State = Annotated[ServerState, Depends(server_state)]


def sse(kind: str, item: BaseModel | str | dict) -> str:
    if isinstance(item, BaseModel):
        data = item.model_dump_json()
    else:
        data = json.dumps(item if isinstance(item, dict) else {"detail": item})
    return f"event: {kind}\ndata: {data}\n\n"


def _checked(request: schemas.AskRequest) -> list[str] | None:
    try:
        return request.checked_options()
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


@router.post("/api/ask", response_model=schemas.AnswerOut)
def ask(request: schemas.AskRequest, state: State) -> schemas.AnswerOut:
    """Plan, search, answer; the answer cites day, clock time, file and offset of each moment it rests on."""
    options = _checked(request)
    try:
        return answer_now(state, request.question, options, request.videos)
    except ASK_ERRORS as exc:
        raise HTTPException(400, str(exc)) from None


@router.post("/api/ask/stream", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}},
                              "description": "events `step` (Step) …, then `answer` (AnswerOut) or `error`"}})
async def ask_stream(request: schemas.AskRequest, state: State) -> StreamingResponse:
    """The same ask as Server-Sent Events: each step (plan, each tool call with its hit count, …) as it
    happens, then the answer with its citations."""
    options = _checked(request)

    async def stream() -> AsyncIterator[str]:
        async for kind, item in ask_events(state, request.question, options, request.videos):
            yield sse(kind, item)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no"})
