"""Token auth, body limits and path checks. Pure ASGI middleware, so mounted apps (MCP) are covered too."""

from __future__ import annotations

import hmac
import json
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from vidmem.server.config import TOKEN_COOKIE

Scope = dict[str, Any]


class PathRefused(ValueError):
    pass


def same_token(given: str | None, expected: str) -> bool:
    """Constant-time comparison (the time taken says nothing about how much of the token matched)."""
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


async def _reply(send: Any, status: int, message: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin-1")
    return None


class TokenAuth:
    """Every HTTP request needs `Authorization: Bearer TOKEN` or the cookie the page gets by opening
    `/?token=TOKEN` once (a browser cannot add headers to <video> and <img> requests)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        bearer = _header(scope, b"authorization")
        if bearer and bearer.lower().startswith("bearer ") and same_token(bearer[7:].strip(), self.token):
            await self.app(scope, receive, send)
            return
        cookie = SimpleCookie(_header(scope, b"cookie") or "")
        if TOKEN_COOKIE in cookie and same_token(cookie[TOKEN_COOKIE].value, self.token):
            await self.app(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if scope["type"] == "http" and scope["path"] == "/" and same_token(next(iter(query.get("token", [])), None),
                                                                          self.token):
            # log the browser in: the token goes into a cookie and out of the address bar
            await send({"type": "http.response.start", "status": 303, "headers": [
                (b"location", b"/"), (b"content-length", b"0"),
                (b"set-cookie", f"{TOKEN_COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/".encode())]})
            await send({"type": "http.response.body", "body": b""})
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4401})
            return
        await _reply(send, 401, "a token is required: Authorization: Bearer TOKEN",
                     [(b"www-authenticate", b'Bearer realm="vidmem"')])


class BodyLimit:
    """413 for a body over `max_bytes`, whether it says its length up front or streams it in chunks.
    Bodies are small (JSON), so the whole body is read here first and handed on in one piece."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] in {"GET", "HEAD", "OPTIONS"}:
            await self.app(scope, receive, send)
            return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await _reply(send, 413, f"request body over {self.max_bytes} bytes")
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.max_bytes:
                await _reply(send, 413, f"request body over {self.max_bytes} bytes")
                return
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def inside(root: Path, relative: str) -> Path:
    """`root / relative`, refused unless it resolves (links followed) to a file inside `root`."""
    if not relative or "\x00" in relative or Path(relative).is_absolute():
        raise PathRefused(f"not a path inside the Library: {relative!r}")
    target = (root / relative).resolve()
    if not target.is_relative_to(root.resolve()):
        raise PathRefused(f"not a path inside the Library: {relative!r}")
    return target


def allowed_path(path: str, roots: tuple[Path, ...]) -> Path:
    """An ingest path, resolved, refused unless it lies inside one of the `--allow` roots."""
    if not roots:
        raise PathRefused("ingest over HTTP is off: start the server with --allow DIR for the folders it may read")
    if not path or "\x00" in path:
        raise PathRefused("an empty path")
    target = Path(path).expanduser().resolve()
    if not any(target.is_relative_to(root) for root in roots):
        raise PathRefused(f"{path} is outside the folders this server may read (--allow)")
    if not target.exists():
        raise FileNotFoundError(f"no such file or folder: {path}")
    return target


_LOOPBACK_NAMES = {"127.0.0.1", "localhost", "[::1]", "::1"}


def _host_name(value: str) -> str:
    value = value.strip().lower()
    if value.startswith("["):
        return value[: value.find("]") + 1]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class LoopbackOnly:
    """For a server bound to loopback without a token: the Host must be a loopback name (so a web page
    cannot reach it by DNS rebinding) and a browser's Origin, when sent, a loopback origin (so another
    site's page cannot post to it)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if host is None or _host_name(host) not in _LOOPBACK_NAMES:
            await _reply(send, 421, "this server answers only to 127.0.0.1 / localhost")
            return
        origin = _header(scope, b"origin")
        if origin and origin != "null" and _host_name(origin.split("://", 1)[-1]) not in _LOOPBACK_NAMES:
            await _reply(send, 403, f"requests from pages at {origin} are refused")
            return
        await self.app(scope, receive, send)
