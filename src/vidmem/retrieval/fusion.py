"""Reciprocal rank fusion: several rankings of the same kind of ids into one score per id."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

RRF_K = 30  # the study's k; larger k flattens the advantage of the very top ranks


def reciprocal_rank_fusion(rankings: Iterable[Sequence[K]], k: float = RRF_K) -> dict[K, float]:
    """Σ over rankings of 1/(k + rank), rank counted from 1; an id missing from a ranking gets nothing from it.

    An id repeated within one ranking counts at its best rank only, so a ranking cannot vote twice."""
    if k < 0:
        raise ValueError(f"k must be non-negative, not {k}")
    fused: dict[K, float] = {}
    for ranking in rankings:
        seen: set[K] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            fused[item] = fused.get(item, 0.0) + 1.0 / (k + rank)
    return fused

