"""The persistent chat response cache: one SQLite file (in the user cache dir by default).

Keyed by a hash of (model, messages, parameters), so re-running an evaluation or a question costs no
tokens the second time. Safe to delete at any time.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key               TEXT PRIMARY KEY,
    model             TEXT NOT NULL,
    text              TEXT NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    latency_s         REAL NOT NULL,
    cost_usd          REAL NOT NULL,
    created_at        REAL NOT NULL
)
"""


@dataclass(frozen=True)
class CachedResponse:
    model: str
    text: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    cost_usd: float


class ChatCache:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA busy_timeout = 30000")
        self.conn.execute(_SCHEMA)

    def get(self, key: str) -> CachedResponse | None:
        row = self.conn.execute(
            "SELECT model, text, prompt_tokens, completion_tokens, latency_s, cost_usd FROM responses WHERE key = ?",
            (key,),
        ).fetchone()
        return CachedResponse(*row) if row else None

    def put(self, key: str, response: CachedResponse) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO responses (key, model, text, prompt_tokens, completion_tokens, latency_s, "
            "cost_usd, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, response.model, response.text, response.prompt_tokens, response.completion_tokens,
             response.latency_s, response.cost_usd, time.time()),
        )

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        self.conn.close()
