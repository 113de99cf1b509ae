"""visual_search: text → the moments whose frames match it, filtered by day, place, time and people.

The query is embedded like the frame descriptions (lite: MiniLM over "cat: Egyptian cat, tabby; …").
Only distinct frames are indexed, each spanning its run of near-duplicates; matches of one video that
touch in time are merged into one moment, so ten hits are ten different moments.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from vidmem.models.protocols import ImageEmbedder
from vidmem.retrieval.embed import text_vectors
from vidmem.retrieval.types import Hit
from vidmem.store.frame_index import CLIP_TABLE, FRAMES_TABLE, FrameMatch, search
from vidmem.store.vision import VisionStore

if TYPE_CHECKING:
    from vidmem.library import Library

MERGE_GAP_S = 2.0  # matches closer than this (same video, same place) are one moment
MERGE_MIN_RATIO = 0.8  # … if they score at least this share of the moment's best match


@dataclass
class _Moment:
    best: FrameMatch
    t0: float
    t1: float


def visual_search(
    library: Library,
    query: str,
    day: int | None = None,
    place: str | int | None = None,
    time_range: tuple[float, float] | None = None,
    people: Sequence[str | int] | None = None,
    k: int = 10,
    *,
    query_vector: np.ndarray | None = None,
    image_embedder: ImageEmbedder | None = None,
    videos: Sequence[int] | None = None,
    merge: bool = True,
) -> list[Hit]:
    """Up to `k` distinct moments, best first. `place`/`people` take ids, labels ("P4", "Person 2") or names;
    `videos` keeps only those videos' frames. `merge=False` returns frames one by one (each with its own
    description), for a window of a few seconds where a merged moment's best frame may lie outside it.

    With an `image_embedder` (the full profile's OpenCLIP / SigLIP) and a `frames_clip` table, the query
    is compared with the frames' pixels instead of their descriptions."""
    table = FRAMES_TABLE
    if query_vector is None:
        if not query or not query.strip():
            raise ValueError("visual_search needs a non-empty query")
        if image_embedder is not None and library.vectors.has_table(CLIP_TABLE):
            query_vector, table = image_embedder.embed_texts([query.strip()])[0], CLIP_TABLE
        else:
            query_vector = text_vectors([query.strip()])[0]
    if k <= 0:
        return []
    store = VisionStore(library.catalog)
    clauses: list[str] = []
    ranges: list[tuple[float, float]] = []
    if time_range is not None:
        lo, hi = float(time_range[0]), float(time_range[1])
        if hi < lo:
            raise ValueError(f"time_range ends before it starts ({lo} > {hi})")
        ranges.append((lo, hi))
    if day is not None:
        ranges.append(library.clock().day_range(int(day)))
    for lo, hi in ranges:
        # half-open: a frame that starts as a visit ends (the next scene's first) is not in the visit; a
        # moment of no length still finds the frame it falls in
        clauses.append(f"t_end >= {lo!r} AND t <= {hi!r}" if hi <= lo else
                       f"((t >= {lo!r} AND t < {hi!r}) OR (t < {lo!r} AND t_end > {lo!r}))")
    if videos is not None:
        clauses.append("video_id IN (" + (", ".join(str(int(v)) for v in videos) or "-1") + ")")
    place_names: dict[int, str] = {p.id: p.display for p in store.places()}
    if place is not None:
        matches = store.find_places(str(place))
        if not matches:
            raise ValueError(f"no place {place!r} (see `vidmem places list`)")
        clauses.append("place_id IN (" + ", ".join(str(p.id) for p in matches) + ")")
    person_names: dict[int, str] = {p.id: p.display for p in store.people()}
    for who in people or []:
        try:
            person = store.find_person(str(who))
        except KeyError:
            raise ValueError(f"no person {who!r} (see `vidmem people list`)") from None
        clauses.append(f"people LIKE '%,{person.id},%'")
    where = " AND ".join(f"({c})" for c in clauses) or None
    found = search(library.vectors, query_vector, where=where, limit=max(50, 8 * k), table_name=table)
    if table == FRAMES_TABLE:
        found = _blank_last(found)
    moments = (_merge(found) if merge else [_Moment(m, m.t, m.t_end) for m in found])[:k]
    frame_ids: dict[int, dict[int, int]] = {}
    labels: dict[int, dict[int, list[tuple[str, float, str]]]] = {}
    for video_id in {m.best.video_id for m in moments}:
        labels[video_id] = store.frame_labels(video_id, sorted({m.best.idx for m in moments
                                                                if m.best.video_id == video_id}))
    hits = []
    for m in moments:
        b = m.best
        ids = frame_ids.setdefault(b.video_id, library.catalog.frame_ids(b.video_id))
        extra: dict[str, Any] = {"idx": b.idx, "frame_t": b.t}
        if b.place_id is not None:
            extra["place"] = place_names.get(b.place_id, f"P{b.place_id}")
            extra["place_id"] = b.place_id
        if b.people:
            extra["people"] = [person_names.get(p, f"Person {p}") for p in b.people]
        if labels[b.video_id].get(b.idx):
            # how sure the labeller was of each label: a runner-up at 0.1 is a guess, not a sighting
            extra["label_scores"] = [[name, round(score, 3), region]
                                     for name, score, region in labels[b.video_id][b.idx]]
        hits.append(
            Hit(modality="visual", video_id=b.video_id, t0=m.t0, t1=m.t1, score=b.score, text=b.description,
                offset_s=b.offset_s - (b.t - m.t0), source_id=ids.get(b.idx), thumbnail=b.thumbnail or None,
                extra=extra)
        )
    return hits


def _blank_last(matches: list[FrameMatch]) -> list[FrameMatch]:
    """A frame the labeller saw nothing sure in has an empty description, whose vector lies as near every query
    as any other: it matches nothing, so it scores 0 and comes after every described frame (still there for a
    window of a few seconds, where it is all there is of the place and time)."""
    described = [m for m in matches if m.description]
    return described + [replace(m, score=0.0) for m in matches if not m.description]


def _merge(matches: list[FrameMatch]) -> list[_Moment]:
    moments: list[_Moment] = []
    # a match only ever joins a moment of its own video and place: compared with those alone (k=100 asks for
    # 800 matches, and each against every moment so far took 30 ms)
    same: dict[tuple[int, int | None], list[_Moment]] = defaultdict(list)
    for match in sorted(matches, key=lambda m: -m.score):
        for moment in same[(match.video_id, match.place_id)]:
            if match.t <= moment.t1 + MERGE_GAP_S and match.t_end >= moment.t0 - MERGE_GAP_S:
                if match.score >= MERGE_MIN_RATIO * moment.best.score:
                    moment.t0, moment.t1 = min(moment.t0, match.t), max(moment.t1, match.t_end)
                break
        else:
            moments.append(_Moment(match, match.t, match.t_end))
            same[(match.video_id, match.place_id)].append(moments[-1])
    return moments
