"""Reciprocal rank fusion against sums worked out by hand."""

from __future__ import annotations

import pytest

from vidmem.retrieval.fusion import RRF_K, reciprocal_rank_fusion


def test_rrf_hand_computed() -> None:
    # three views of five ids; by hand with k = 30:
    #   a: ranks 1, 3, 2 → 1/31 + 1/33 + 1/32 = 0.093811
    #   b: ranks 2, 1, — → 1/32 + 1/31       = 0.063508
    #   c: ranks 3, 2, 1 → 1/33 + 1/32 + 1/31 = 0.093811 (same ranks as a, permuted)
    #   d: ranks —, —, 3 → 1/33              = 0.030303
    #   e: ranks 4, —, — → 1/34              = 0.029412
    fused = reciprocal_rank_fusion([["a", "b", "c", "e"], ["b", "c", "a"], ["c", "a", "d"]])
    assert RRF_K == 30
    assert fused == pytest.approx({"a": 0.0938111, "b": 0.0635081, "c": 0.0938111, "d": 0.0303030,
                                   "e": 0.0294118}, abs=1e-6)
    order = sorted(fused, key=lambda x: -fused[x])
    assert order[2:] == ["b", "d", "e"]  # found twice beats found once; rank 3 beats rank 4


def test_rrf_k_and_repeats() -> None:
    # k = 0 is the plain 1/rank sum: (1, 2) → 1 + 1/2 for x, 1/2 + 1 for y
    assert reciprocal_rank_fusion([[1, 2], [2, 1]], k=0) == {1: 1.5, 2: 1.5}
    # a repeated id counts once per ranking, at its best rank
    assert reciprocal_rank_fusion([[(0, 1), (0, 1), (2, 3)]], k=1) == {(0, 1): 0.5, (2, 3): 0.25}
    assert reciprocal_rank_fusion([]) == {}
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([[1]], k=-1)
