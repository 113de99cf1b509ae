"""Request dependencies: the server state and a read-only Library for the length of a request."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi import Request

from vidmem.library import Library
from vidmem.server.state import ServerState


def server_state(request: Request) -> ServerState:
    return request.app.state.vidmem


def reader(request: Request) -> Iterator[Library]:
    with server_state(request).readers.reader() as library:
        yield library
