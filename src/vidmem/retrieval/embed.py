"""Query-side text vectors, remembered per process: a Library's place names and the searches its questions
make repeat from one question to the next, and MiniLM costs tens of ms a call on a busy CPU."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vidmem.models.minilm_numpy import query_text_embedder

MEMO_TEXTS = 4096  # texts remembered (384 float32 each: ~6 MB); the oldest go first

_memo: dict[tuple[int, str], np.ndarray] = {}


def text_vectors(texts: Sequence[str]) -> np.ndarray:
    """(len(texts), dim) vectors of `texts` from the query embedder, embedding only those not seen before."""
    embedder = query_text_embedder()
    owner = id(embedder)  # a different embedder (a test's stub, another model) never reads another's vectors
    missing = list(dict.fromkeys(t for t in texts if (owner, t) not in _memo))
    if missing:
        for text, vector in zip(missing, embedder.embed(missing), strict=True):
            _memo[(owner, text)] = np.asarray(vector, dtype=np.float32)
        while len(_memo) > MEMO_TEXTS:
            del _memo[next(iter(_memo))]
    return np.stack([_memo[(owner, t)] for t in texts]) if texts else np.zeros((0, 0), dtype=np.float32)


def similarity(a: Sequence[str], b: Sequence[str]) -> np.ndarray:
    """Cosine matrix len(a) × len(b) of the texts' query vectors (MiniLM's are unit length)."""
    return np.asarray(text_vectors(list(a)) @ text_vectors(list(b)).T, dtype=np.float32)
