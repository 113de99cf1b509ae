"""`vidmem serve`: one process that keeps the models loaded and serves the Library over HTTP (API, web
page, OpenAI-compatible chat, MCP). `create_app(ServeConfig(library=…))` builds the ASGI app."""

from vidmem.server.app import create_app
from vidmem.server.config import ServeConfig

__all__ = ["ServeConfig", "create_app"]
