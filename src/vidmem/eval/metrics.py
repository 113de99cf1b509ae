"""Accuracy with bootstrap intervals, paired McNemar tests, retrieval recall at time windows, and cost."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import numpy as np

DEFAULT_PRICE_PER_S = 0.000237  # the study's price of one second of an L4 GPU, in dollars
RECALL_WINDOWS = {"10s": 10.0, "30s": 30.0, "1min": 60.0, "1h": 3600.0}


@dataclass(frozen=True)
class Estimate:
    n: int
    value: float  # the point estimate (e.g. accuracy)
    low: float  # 95% bootstrap percentile interval
    high: float


def bootstrap_mean(values: Sequence[float], *, resamples: int = 2000, seed: int = 0, level: float = 0.95) -> Estimate:
    """The mean with a percentile bootstrap interval; n = 0 gives NaNs."""
    data = np.asarray(values, dtype=np.float64)
    if data.size == 0:
        return Estimate(0, math.nan, math.nan, math.nan)
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    tail = (1.0 - level) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return Estimate(int(data.size), float(data.mean()), float(low), float(high))


def grouped(
    rows: Sequence[dict], key: Callable[[dict], Hashable], value: Callable[[dict], float], **kwargs: object
) -> dict[Hashable, Estimate]:
    groups: dict[Hashable, list[float]] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(value(row))
    return {k: bootstrap_mean(v, **kwargs) for k, v in sorted(groups.items(), key=lambda kv: str(kv[0]))}  # type: ignore[arg-type]


@dataclass(frozen=True)
class McNemar:
    n: int  # paired questions
    only_a: int  # a right, b wrong
    only_b: int  # b right, a wrong
    p_value: float
    method: str  # "exact" | "chi2"


def mcnemar(a: Sequence[bool], b: Sequence[bool], *, exact_below: int = 25) -> McNemar:
    """Paired test of two systems on the same questions. Exact binomial when discordant pairs are few."""
    if len(a) != len(b):
        raise ValueError("mcnemar needs paired outcomes of equal length")
    only_a = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    discordant = only_a + only_b
    if discordant == 0:
        return McNemar(len(a), 0, 0, 1.0, "exact")
    if discordant < exact_below:
        tail = sum(math.comb(discordant, k) for k in range(min(only_a, only_b) + 1)) / 2.0**discordant
        return McNemar(len(a), only_a, only_b, min(1.0, 2 * tail), "exact")
    statistic = (abs(only_a - only_b) - 1) ** 2 / discordant  # with continuity correction
    return McNemar(len(a), only_a, only_b, math.erfc(math.sqrt(statistic / 2)), "chi2")


def interval_gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Seconds between two intervals (0 when they overlap)."""
    return max(0.0, max(a[0], b[0]) - min(a[1], b[1]))


def recall_within(
    retrieved: Sequence[tuple[float, float]], references: Sequence[tuple[float, float]], window: float
) -> float | None:
    """Share of the reference spans with a retrieved span within `window` seconds; None without references."""
    if not references:
        return None
    hit = sum(1 for ref in references if any(interval_gap(ref, got) <= window for got in retrieved))
    return hit / len(references)


def cost(compute_s: float, price_per_s: float = DEFAULT_PRICE_PER_S) -> float:
    return compute_s * price_per_s


def duration_bucket(seconds: float) -> str:
    """Video-MME's buckets: short < 2 min, medium 4–15 min, long 30–60 min; gaps go to the nearer one."""
    if seconds <= 3 * 60:
        return "short"
    if seconds <= 22.5 * 60:
        return "medium"
    return "long"
