"""The LanceDB `frames` table: one row per distinct moment (a key frame and the near-duplicates after
it), its description vector, and the metadata visual search filters on.

Only key frames are stored: a week at 1 fps is 600k frames, but most of them repeat the one before.
An IVF_PQ index is built once the table is large enough that a flat scan costs more than it saves;
rows added later are still found (LanceDB scans unindexed rows) and `optimize` folds them in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

from vidmem.store.vectors import VectorStore

FRAMES_TABLE = "frames"
ANN_MIN_ROWS = 50_000  # below this a flat scan of 384-d vectors takes a few ms
ANN_REFRESH_FRACTION = 0.1  # fold new rows into the index once they are this share of the table


def frames_schema(dim: int) -> pa.Schema:
    return pa.schema(
        [
            pa.field("key", pa.string()),  # "<video_id>:<idx>"
            pa.field("video_id", pa.int64()),
            pa.field("idx", pa.int64()),
            pa.field("t", pa.float64()),  # absolute time of the key frame
            pa.field("t_end", pa.float64()),  # absolute time of the last near-duplicate after it
            pa.field("offset_s", pa.float64()),
            pa.field("day", pa.int32()),  # day number when ingested (filters use t: day 1 can move)
            pa.field("place_id", pa.int64()),  # -1: none
            pa.field("people", pa.string()),  # ",2,5," so a filter is a LIKE
            pa.field("description", pa.string()),
            pa.field("thumbnail", pa.string()),
            pa.field("vector", pa.list_(pa.float32(), dim)),
        ]
    )


def people_key(person_ids: Sequence[int]) -> str:
    return "," + ",".join(str(p) for p in sorted(set(person_ids))) + "," if person_ids else ""


@dataclass(frozen=True)
class FrameMatch:
    video_id: int
    idx: int
    t: float
    t_end: float
    offset_s: float
    place_id: int | None
    people: list[int]
    description: str
    thumbnail: str
    score: float  # cosine similarity


def write_video(vectors: VectorStore, video_id: int, rows: Sequence[dict[str, Any]], dim: int) -> None:
    vectors.replace_video(FRAMES_TABLE, frames_schema(dim), video_id, rows)


def has_index(vectors: VectorStore) -> bool:
    if not vectors.has_table(FRAMES_TABLE):
        return False
    return any(getattr(ix, "columns", ["vector"]) == ["vector"] for ix in vectors.table(FRAMES_TABLE).list_indices())


def maintain_index(vectors: VectorStore, *, min_rows: int = ANN_MIN_ROWS) -> str:
    """Build the ANN index once the table is large enough; fold new rows in when they pile up."""
    if not vectors.has_table(FRAMES_TABLE):
        return "no table"
    table = vectors.table(FRAMES_TABLE)
    count = int(table.count_rows())
    if count < min_rows:
        return f"flat ({count} rows)"
    if not has_index(vectors):
        build_index(vectors)
        return f"index built ({count} rows)"
    name = next(ix.name for ix in table.list_indices() if ix.columns == ["vector"])
    stats = table.index_stats(name)
    unindexed = int(getattr(stats, "num_unindexed_rows", 0) or 0)
    if unindexed > ANN_REFRESH_FRACTION * count:
        table.optimize()
        return f"index refreshed ({unindexed} new rows)"
    return f"indexed ({count} rows, {unindexed} not yet)"


def build_index(vectors: VectorStore) -> None:
    table = vectors.table(FRAMES_TABLE)
    count = int(table.count_rows())
    dim = table.schema.field("vector").type.list_size
    partitions = max(1, min(1024, int(np.sqrt(count))))
    table.create_index(metric="cosine", num_partitions=partitions, num_sub_vectors=max(1, dim // 8),
                       index_type="IVF_PQ", replace=True)


def search(
    vectors: VectorStore,
    query: np.ndarray,
    *,
    where: str | None = None,
    limit: int = 50,
    nprobes: int = 32,
    refine_factor: int = 5,
) -> list[FrameMatch]:
    if not vectors.has_table(FRAMES_TABLE):
        return []
    table = vectors.table(FRAMES_TABLE)
    builder = table.search(np.asarray(query, dtype=np.float32), vector_column_name="vector").distance_type("cosine")
    if has_index(vectors):
        builder = builder.nprobes(nprobes).refine_factor(refine_factor)
    if where:
        builder = builder.where(where, prefilter=True)
    columns = ["video_id", "idx", "t", "t_end", "offset_s", "place_id", "people", "description", "thumbnail"]
    data = builder.select(columns).limit(limit).to_arrow().to_pylist()
    return [
        FrameMatch(
            int(r["video_id"]), int(r["idx"]), float(r["t"]), float(r["t_end"]), float(r["offset_s"]),
            None if r["place_id"] is None or r["place_id"] < 0 else int(r["place_id"]),
            [int(p) for p in (r["people"] or "").strip(",").split(",") if p],
            r["description"] or "", r["thumbnail"] or "", 1.0 - float(r["_distance"]),
        )
        for r in data
    ]
