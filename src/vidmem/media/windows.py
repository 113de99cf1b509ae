"""Fixed time windows: the first segmentation of a recording."""

from __future__ import annotations


def fixed_windows(duration: float, window_s: float = 30.0) -> list[tuple[float, float]]:
    """[t0, t1) file offsets covering `duration`; a short tail (< 1/4 window) joins the last window."""
    if duration <= 0:
        return []
    bounds: list[tuple[float, float]] = []
    t0 = 0.0
    while t0 < duration:
        t1 = min(t0 + window_s, duration)
        if bounds and t1 - t0 < window_s / 4 and t1 == duration:
            bounds[-1] = (bounds[-1][0], duration)
            break
        bounds.append((t0, t1))
        t0 = t1
    return bounds
