"""Reading on-screen text (OCR rows of `frame_text`) back by time, for the agent's text search."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vidmem.store.catalog import Catalog
from vidmem.store.sql import window_where


@dataclass(frozen=True)
class FrameText:
    video_id: int
    idx: int
    t: float
    text: str
    score: float
    place: str | None  # the frame's place (name, automatic name or label), when it has one


def frame_texts(catalog: Catalog, t0: float | None = None, t1: float | None = None,
                video_ids: Sequence[int] | None = None, limit: int = 20_000) -> list[FrameText]:
    """OCR lines of frames inside [t0, t1] (absolute) and `video_ids`, in time order."""
    where, params = window_where("ft.t", "ft.t", t0, t1, "ft.video_id", video_ids)
    rows = catalog.conn.execute(
        "SELECT ft.video_id, ft.idx, ft.t, ft.text, ft.score, COALESCE(p.name, p.auto_name, p.label) "
        "FROM frame_text ft LEFT JOIN frame_vision fv ON fv.video_id = ft.video_id AND fv.idx = ft.idx "
        f"LEFT JOIN places p ON p.id = fv.place_id{where} ORDER BY ft.t LIMIT ?",
        (*params, limit),
    ).fetchall()
    return [FrameText(*row) for row in rows]
