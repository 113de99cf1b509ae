"""Word error rate and diarization error rate, computed here so the checks depend on no scoring package."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

Turn = tuple[float, float, str]  # start, end, speaker


def normalise(text: str) -> list[str]:
    """Lower case, no punctuation, contractions and numbers kept as words."""
    text = text.lower().replace("’", "'")
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text)


def wer(reference: str, hypothesis: str) -> float:
    """Word error rate: word-level edit distance over the reference length."""
    ref, hyp = normalise(reference), normalise(hypothesis)
    if not ref:
        return float(bool(hyp))
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
        previous = current
    return previous[-1] / len(ref)


def der(reference: Sequence[Turn], hypothesis: Sequence[Turn], *, collar: float = 0.25, step: float = 0.01) -> float:
    """Diarization error rate (missed + false alarm + confusion over reference speech time).

    Frame-based at `step`; reference speakers map one-to-one onto hypothesis speakers to maximise
    overlap (Hungarian); `collar` seconds around each reference boundary are not scored (NIST usage).
    Overlapping reference speech counts once per speaker.
    """
    end = max([t[1] for t in reference] + [t[1] for t in hypothesis] + [0.0])
    n = int(np.ceil(end / step)) + 1
    ref_names = sorted({t[2] for t in reference})
    hyp_names = sorted({t[2] for t in hypothesis})
    ref = np.zeros((len(ref_names), n), dtype=bool)
    hyp = np.zeros((len(hyp_names), n), dtype=bool)
    for t0, t1, who in reference:
        ref[ref_names.index(who), int(t0 / step): int(t1 / step)] = True
    for t0, t1, who in hypothesis:
        hyp[hyp_names.index(who), int(t0 / step): int(t1 / step)] = True
    scored = np.ones(n, dtype=bool)
    for t0, t1, _ in reference:
        for edge in (t0, t1):
            scored[max(int((edge - collar) / step), 0): int((edge + collar) / step)] = False
    ref, hyp = ref[:, scored], hyp[:, scored]
    overlap = ref.astype(np.int64) @ hyp.T.astype(np.int64)
    rows, cols = linear_sum_assignment(-overlap) if overlap.size else ([], [])
    n_ref, n_hyp = ref.sum(axis=0), hyp.sum(axis=0)
    correct = np.zeros(ref.shape[1], dtype=np.int64)
    for r, c in zip(rows, cols, strict=True):
        correct += ref[r] & hyp[c]
    total = int(n_ref.sum())
    missed = np.maximum(n_ref - n_hyp, 0).sum()
    false_alarm = np.maximum(n_hyp - n_ref, 0).sum()
    confusion = (np.minimum(n_ref, n_hyp) - correct).sum()
    return float((missed + false_alarm + confusion) / max(total, 1))


def purity(pairs: Sequence[tuple[str, str]]) -> float:
    """Cluster purity: share of items whose cluster's majority true label is their own label."""
    by_cluster: dict[str, dict[str, int]] = {}
    for cluster, truth in pairs:
        by_cluster.setdefault(cluster, {}).setdefault(truth, 0)
        by_cluster[cluster][truth] += 1
    majority = sum(max(counts.values()) for counts in by_cluster.values())
    return majority / max(len(pairs), 1)
