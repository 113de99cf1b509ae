"""WHERE clauses the stores share."""

from __future__ import annotations

from collections.abc import Sequence


def window_where(start_col: str, end_col: str, t0: float | None, t1: float | None, video_col: str,
                 videos: Sequence[int] | None) -> tuple[str, list[float | int]]:
    """" WHERE …" (or "") keeping rows whose [start_col, end_col] overlaps [t0, t1] (either end open) and whose
    video is one of `videos` (None: any), with its parameters."""
    clauses: list[str] = []
    params: list[float | int] = []
    if t0 is not None:
        clauses.append(f"{end_col} >= ?")
        params.append(float(t0))
    if t1 is not None:
        clauses.append(f"{start_col} <= ?")
        params.append(float(t1))
    if videos is not None:
        clauses.append(f"{video_col} IN (" + (", ".join("?" * len(videos)) or "NULL") + ")")
        params.extend(int(v) for v in videos)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params
