"""Reading on-screen text (OCR rows of `frame_text`) back by time, for the agent's text search."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from vidmem.store.catalog import Catalog
from vidmem.store.sql import window_where

LISTING_ROWS = 20_000  # OCR rows a listing reads at most (a week holds ~25k sightings)


@dataclass(frozen=True)
class FrameText:
    video_id: int
    idx: int
    t: float
    text: str
    score: float
    place: str | None  # the frame's place (name, automatic name or label), when it has one


def distinct_texts(catalog: Catalog, t0: float | None = None, t1: float | None = None,
                   video_ids: Sequence[int] | None = None) -> list[str]:
    """Each OCR line read inside [t0, t1] and `video_ids`, once (a sign read every day is one text)."""
    where, params = window_where("t", "t", t0, t1, "video_id", video_ids)
    return [str(r[0]) for r in catalog.conn.execute(f"SELECT DISTINCT text FROM frame_text{where}", params)]


def frame_texts(catalog: Catalog, t0: float | None = None, t1: float | None = None,
                video_ids: Sequence[int] | None = None, limit: int | None = None,
                texts: Sequence[str] | None = None) -> list[FrameText]:
    """OCR lines of frames inside [t0, t1] (absolute) and `video_ids`, in time order, the first `limit`
    (`LISTING_ROWS`); with `texts`, only the rows reading one of them."""
    where, window = window_where("ft.t", "ft.t", t0, t1, "ft.video_id", video_ids)
    params: list[object] = list(window)
    if texts is not None:
        where += (" AND " if where else " WHERE ") + "ft.text IN (SELECT value FROM json_each(?))"
        params.append(json.dumps(list(texts)))
    rows = catalog.conn.execute(
        "SELECT ft.video_id, ft.idx, ft.t, ft.text, ft.score, COALESCE(p.name, p.auto_name, p.label) "
        "FROM frame_text ft LEFT JOIN frame_vision fv ON fv.video_id = ft.video_id AND fv.idx = ft.idx "
        f"LEFT JOIN places p ON p.id = fv.place_id{where} ORDER BY ft.t LIMIT ?",
        (*params, LISTING_ROWS if limit is None else limit),
    ).fetchall()
    return [FrameText(*row) for row in rows]
