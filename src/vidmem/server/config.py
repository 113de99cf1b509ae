"""What `vidmem serve` is started with, and the limits every route enforces (one place to tune them)."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from pathlib import Path

MAX_BODY_BYTES = 64 * 1024  # every request body; a question, options, a rename or a list of paths fit easily
MAX_QUESTION_CHARS = 1_000
MAX_OPTIONS = 8
MAX_OPTION_CHARS = 300
MAX_QUERY_CHARS = 300  # search words
MAX_NAME_CHARS = 100  # a rename
MAX_K = 50  # search hits per request
MAX_INGEST_PATHS = 100
READERS = 4  # read-only Library connections shared by the request threads
WRITE_WAIT_S = 5.0  # a rename waits this long for the writer lock before answering 409
TOKEN_COOKIE = "vidmem_token"
MODEL_NAME = "vidmem-agent"  # the OpenAI-compatible model id


class ConfigError(ValueError):
    pass


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class ServeConfig:
    library: Path
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None
    allow: tuple[Path, ...] = field(default_factory=tuple)  # roots ingest may read from; none: no HTTP ingest
    planner: str = "auto"
    answerer: str = "auto"

    def checked(self) -> ServeConfig:
        """The config with resolved paths; refuses a non-loopback host without a token."""
        if not is_loopback(self.host) and not self.token:
            raise ConfigError(f"--host {self.host} is reachable from other machines: pass --token (or set "
                              "VIDMEM_TOKEN) so every request must carry it")
        if self.token is not None and len(self.token) < 16:
            raise ConfigError("the token must be at least 16 characters")
        for root in self.allow:
            if not Path(root).expanduser().is_dir():
                raise ConfigError(f"--allow {root}: not a folder")
        return ServeConfig(
            library=Path(self.library).expanduser().resolve(), host=self.host, port=self.port, token=self.token,
            allow=tuple(Path(r).expanduser().resolve() for r in self.allow), planner=self.planner,
            answerer=self.answerer)
