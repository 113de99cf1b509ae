"""Bootstrap intervals, McNemar on known tables (checked against scipy), recall windows, cost."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from vidmem.eval.metrics import bootstrap_mean, cost, duration_bucket, mcnemar, recall_within


def test_bootstrap_interval_contains_the_estimate_and_narrows_with_n() -> None:
    rng = np.random.default_rng(1)
    small = rng.random(40) < 0.6
    large = rng.random(1000) < 0.6
    a, b = bootstrap_mean(small), bootstrap_mean(large)
    assert a.low <= a.value <= a.high and b.low <= b.value <= b.high
    assert a.value == pytest.approx(small.mean())
    assert (b.high - b.low) < (a.high - a.low) / 3  # width shrinks ~ 1/sqrt(n): sqrt(1000/40) = 5
    # the percentile interval of a proportion is close to the normal approximation at n = 1000
    half = 1.96 * math.sqrt(b.value * (1 - b.value) / b.n)
    assert (b.high - b.low) / 2 == pytest.approx(half, rel=0.15)


def test_bootstrap_of_nothing_is_nan() -> None:
    e = bootstrap_mean([])
    assert e.n == 0 and math.isnan(e.value)


def _pairs(only_a: int, only_b: int, both: int = 5, neither: int = 3) -> tuple[list[bool], list[bool]]:
    a = [True] * only_a + [False] * only_b + [True] * both + [False] * neither
    b = [False] * only_a + [True] * only_b + [True] * both + [False] * neither
    return a, b


def test_mcnemar_exact_for_few_discordant_pairs() -> None:
    a, b = _pairs(10, 2)
    result = mcnemar(a, b)
    assert (result.n, result.only_a, result.only_b, result.method) == (20, 10, 2, "exact")
    assert result.p_value == pytest.approx(stats.binomtest(2, 12, 0.5).pvalue)


def test_mcnemar_chi2_with_continuity_for_many() -> None:
    result = mcnemar(*_pairs(25, 10))
    assert result.method == "chi2"
    assert result.p_value == pytest.approx(stats.chi2.sf((25 - 10 - 1) ** 2 / 35, df=1))
    assert mcnemar(*_pairs(0, 0)).p_value == 1.0
    assert mcnemar(*_pairs(6, 6)).p_value == pytest.approx(1.0)


def test_recall_windows() -> None:
    refs = [(100.0, 110.0), (1000.0, 1005.0)]
    got = [(118.0, 121.0), (1050.0, 1051.0)]  # 8 s after the first, 45 s after the second
    assert recall_within(got, refs, 10) == 0.5
    assert recall_within(got, refs, 30) == 0.5
    assert recall_within(got, refs, 60) == 1.0
    assert recall_within([], refs, 3600) == 0.0
    assert recall_within(got, [], 10) is None
    assert recall_within([(95.0, 101.0)], [(100.0, 110.0)], 0) == 1.0  # overlap is distance 0


def test_cost_and_buckets() -> None:
    assert cost(1000.0) == pytest.approx(0.237)
    assert cost(10.0, price_per_s=0.5) == 5.0
    assert [duration_bucket(s) for s in (90, 600, 3000)] == ["short", "medium", "long"]
