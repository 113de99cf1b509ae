"""The LanceDB `frames` table: one row per distinct moment (a key frame and the near-duplicates after
it), its description vector, and the metadata visual search filters on.

Only key frames are stored: a week at 1 fps is 600k frames, but most of them repeat the one before.
An IVF_SQ index is built once the table is large enough that a flat scan costs more than it saves;
rows added later are still found (LanceDB scans unindexed rows) and `optimize` folds them in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

from vidmem.store.vectors import VectorStore

FRAMES_TABLE = "frames"  # description vectors (lite; every profile)
CLIP_TABLE = "frames_clip"  # image vectors of the same frames (full profile: OpenCLIP / SigLIP)
# below this a flat scan is quick enough; above it the index is faster (bench/week.py, 22k rows, load 2:
# flat 44-56 ms, IVF_SQ 15-18 ms with the same top-10 scores on 8/8 queries; built in 1.3 s)
ANN_MIN_ROWS = 10_000
ANN_REFRESH_FRACTION = 0.1  # fold new rows into the index once they are this share of the table
# IVF_SQ vs IVF_PQ on 100k clustered 384-d rows (bench/vision.py): built in 7 s vs 182 s, recall@10 1.00 vs 0.41
ANN_INDEX_TYPE = "IVF_SQ"


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


def write_video(vectors: VectorStore, video_id: int, rows: Sequence[dict[str, Any]], dim: int,
                table: str = FRAMES_TABLE) -> None:
    vectors.replace_video(table, frames_schema(dim), video_id, rows)


def has_index(vectors: VectorStore, table: str = FRAMES_TABLE) -> bool:
    opened = vectors.opened(table)
    return opened is not None and _indexed(opened)


def _indexed(table: Any) -> bool:
    return any(getattr(ix, "columns", ["vector"]) == ["vector"] for ix in table.list_indices())


def maintain_index(vectors: VectorStore, *, min_rows: int = ANN_MIN_ROWS, name: str = FRAMES_TABLE) -> str:
    """Build the ANN index once the table is large enough; fold new rows in when they pile up."""
    table = vectors.opened(name)
    if table is None:
        return "no table"
    count = int(table.count_rows())
    if count < min_rows:
        return f"flat ({count} rows)"
    if not _indexed(table):
        build_index(vectors, table=name)
        return f"index built ({count} rows)"
    index = next(ix.name for ix in table.list_indices() if ix.columns == ["vector"])
    stats = table.index_stats(index)
    unindexed = int(getattr(stats, "num_unindexed_rows", 0) or 0)
    if unindexed > ANN_REFRESH_FRACTION * count:
        table.optimize()
        return f"index refreshed ({unindexed} new rows)"
    return f"indexed ({count} rows, {unindexed} not yet)"


def build_index(vectors: VectorStore, index_type: str = ANN_INDEX_TYPE, table: str = FRAMES_TABLE) -> None:
    data = vectors.table(table)
    count = int(data.count_rows())
    dim = data.schema.field("vector").type.list_size
    # ~4k rows a partition keeps k-means training short on a CPU
    partitions = max(1, min(1024, count // 4096))
    extra = {"num_sub_vectors": max(1, dim // 16)} if index_type.endswith("PQ") else {}
    data.create_index(metric="cosine", num_partitions=partitions, index_type=index_type,  # type: ignore[arg-type]
                      replace=True, **extra)


def search(
    vectors: VectorStore,
    query: np.ndarray,
    *,
    where: str | None = None,
    limit: int = 50,
    nprobes: int = 20,
    refine_factor: int = 5,
    table_name: str = FRAMES_TABLE,
) -> list[FrameMatch]:
    table = vectors.opened(table_name)  # opened and its indices listed once a search: each is a LanceDB round trip
    if table is None:
        return []
    builder = table.search(np.asarray(query, dtype=np.float32), vector_column_name="vector").distance_type("cosine")
    if _indexed(table):
        builder = builder.nprobes(nprobes).refine_factor(refine_factor)
    if where:
        builder = builder.where(where, prefilter=True)
    columns = ["video_id", "idx", "t", "t_end", "offset_s", "place_id", "people", "description", "thumbnail",
               "_distance"]
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
