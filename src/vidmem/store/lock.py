"""The writer lock: one writing process per Library; others wait (up to a limit) or fail clearly.

An OS file lock (flock) is released by the kernel when its process dies, even by SIGKILL, so a killed
ingest never leaves a stale lock behind.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import filelock


class LibraryBusy(RuntimeError):
    pass


@contextmanager
def writer_lock(library: Path, wait_s: float = 0.0) -> Iterator[None]:
    lock_path = Path(library) / ".writer.lock"
    owner_path = Path(library) / ".writer.pid"
    lock = filelock.FileLock(str(lock_path), timeout=wait_s, is_singleton=False)
    try:
        lock.acquire(timeout=wait_s, poll_interval=0.2)
    except filelock.Timeout:
        owner = owner_path.read_text().strip() if owner_path.exists() else "unknown"
        raise LibraryBusy(
            f"another vidmem process (pid {owner}) is writing to {library}; "
            "wait for it to finish, or pass --wait SECONDS to queue behind it"
        ) from None
    try:
        owner_path.write_text(str(os.getpid()))
        yield
    finally:
        lock.release()
