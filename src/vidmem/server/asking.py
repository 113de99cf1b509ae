"""Running an ask for any front end: answered at once, or as a stream of steps ending with the answer."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

from pydantic import BaseModel

from vidmem.server import schemas, views
from vidmem.server.state import ServerState

ASK_ERRORS = (ValueError, RuntimeError)  # bad input (unknown video, bad option): reported, not raised


def answer_now(state: ServerState, question: str, options: list[str] | None, videos: list[int] | None,
               observer: Any = None) -> schemas.AnswerOut:
    with state.readers.reader() as library:
        answer = state.resident.ask(library, question, options, videos, observer)
        return views.Viewer(library).answer(question, answer, steps=observer is None)


async def ask_events(state: ServerState, question: str, options: list[str] | None,
                     videos: list[int] | None) -> AsyncIterator[tuple[str, BaseModel | str]]:
    """("step", Step)… then ("answer", AnswerOut), or ("error", message). The agent runs on a worker
    thread; its observer hands each step to this loop as it happens."""
    loop = asyncio.get_running_loop()
    events: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
    started = time.perf_counter()

    def observer(event: Any) -> None:
        step = views.step(event).model_copy(update={"elapsed_s": round(time.perf_counter() - started, 4)})
        loop.call_soon_threadsafe(events.put_nowait, ("step", step))

    work = loop.run_in_executor(None, answer_now, state, question, options, videos, observer)
    work.add_done_callback(lambda _: events.put_nowait(("done", None)))
    while True:
        kind, item = await events.get()
        if kind == "done":
            break
        yield kind, item
    try:
        yield "answer", work.result()
    except ASK_ERRORS as exc:
        yield "error", str(exc)
