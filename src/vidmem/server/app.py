"""`create_app(config)`: the FastAPI app of `vidmem serve` — API, web page, OpenAI-compatible endpoint,
MCP over streamable HTTP — with its security layers."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from mcp.server.transport_security import TransportSecuritySettings

import vidmem
from vidmem.server.config import MAX_BODY_BYTES, ServeConfig, is_loopback
from vidmem.server.mcp_tools import build_mcp
from vidmem.server.routes import ask, ingest, library, names, openai, search
from vidmem.server.security import BodyLimit, LoopbackOnly, TokenAuth
from vidmem.server.state import ServerState

STATIC = resources.files("vidmem.server") / "static"


def create_app(config: ServeConfig, *, warm: bool = True) -> FastAPI:
    """`warm`: load the models in the background at start, so the first ask does not pay for them."""
    config = config.checked()
    state = ServerState(config)
    mcp = build_mcp(state)
    # our own layers (token, loopback Host/Origin) guard /mcp like every other route
    mcp_http = mcp.streamable_http_app(
        streamable_http_path="/mcp", stateless_http=True, json_response=True, max_request_body_size=MAX_BODY_BYTES,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if warm:
            threading.Thread(target=state.resident.warm, name="vidmem-warm", daemon=True).start()
        async with mcp.session_manager.run():
            yield
        state.close()

    app = FastAPI(title="vidmem", version=getattr(vidmem, "__version__", "0"), lifespan=lifespan,
                  summary="A persistent, queryable memory of long video: ask, search, browse, name.")
    app.state.vidmem = state
    for module in (library, search, names, ingest, ask, openai):
        app.include_router(module.router)
    app.router.routes.extend(mcp_http.routes)  # POST/GET /mcp

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"), headers={"cache-control": "no-cache"})

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    # added last = outermost: the token is checked before anything else, then the body size
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES)
    if config.token:
        app.add_middleware(TokenAuth, token=config.token)
    elif is_loopback(config.host):
        app.add_middleware(LoopbackOnly)
    return app


def run(config: ServeConfig, **uvicorn_options: Any) -> None:
    import uvicorn

    app = create_app(config)
    uvicorn.run(app, host=config.host, port=config.port, log_level="warning", **uvicorn_options)
