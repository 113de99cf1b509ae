"""Vectors of a fixed list of texts (a bank of example questions), kept in the user cache so that a
one-shot process reads them back instead of embedding the whole bank again (seconds of CPU per
`vidmem ask`). Keyed by the model and the exact texts: a changed text or model is embedded afresh. A cache
that cannot be read or written is skipped (the vectors are computed, as without it)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from vidmem.config import cache_dir

Embed = Callable[[list[str]], np.ndarray]


def source_id(function: Callable[..., object]) -> str:
    """A digest of the source file that defines `function`, for keys of vectors that code shapes."""
    import inspect

    source = inspect.getsourcefile(function)
    return hashlib.sha256(Path(source).read_bytes()).hexdigest()[:16] if source else function.__qualname__


def cache_path(model_id: str, texts: Sequence[str]) -> Path:
    digest = hashlib.sha256("\0".join([model_id, *texts]).encode()).hexdigest()[:40]
    return cache_dir() / "embeddings" / f"{digest}.npy"


def cached_rows(model_id: str, texts: Sequence[str], embed: Embed) -> np.ndarray:
    """`embed(texts)`, from the cache when `model_id` (what turns texts into vectors: the model, and any code
    before it) embedded exactly these texts before."""
    path = cache_path(model_id, texts)
    try:
        rows = np.load(path, allow_pickle=False)
        if rows.shape[0] == len(texts):
            return rows
    except (OSError, ValueError):
        pass
    rows = np.ascontiguousarray(embed(list(texts)), dtype=np.float32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.stem}.{os.getpid()}.partial")
        with open(partial, "wb") as fh:
            np.save(fh, rows, allow_pickle=False)
        os.replace(partial, path)  # readers see the whole file or none
    except OSError:
        pass
    return rows
