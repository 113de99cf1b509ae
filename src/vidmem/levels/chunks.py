"""Cutting a scope's frames into chunks: fixed windows (L1, L2's base chunks) and similarity merging
(L2's semantic chunks, L3's events). Chunks never span two files.

Description similarity is the cosine of MiniLM (all-MiniLM-L6-v2) embeddings of the two adjacent chunks'
descriptions — the study used BERTScore; MiniLM cosine is what this Library already computes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vidmem.levels.index import FrameTable, LevelEnv, evenly, normalise


@dataclass
class Chunk:
    video_id: int
    rows: list[int]  # FrameTable rows, in time order
    t0: float  # absolute
    t1: float
    visual: str  # distinct frame descriptions, in order of appearance

    @property
    def length(self) -> float:
        return self.t1 - self.t0


def frame_step(table: FrameTable, rows: list[int]) -> float:
    """The sampling interval (1 s at 1 fps), so a chunk's end covers its last frame."""
    if len(rows) > 1:
        return float(np.median(np.diff(table.t[rows])))
    return 1.0


def visual_text(table: FrameTable, rows: list[int], limit: int = 12) -> str:
    distinct = [d for d in dict.fromkeys(table.descriptions[r] for r in rows) if d]
    return "; ".join(distinct[:limit]) if distinct else "nothing recognised"


def fixed_chunks(table: FrameTable, seconds: float) -> list[Chunk]:
    """Windows of `seconds` by file offset, per video."""
    chunks = []
    for video_id, rows in table.video_rows().items():
        step = frame_step(table, rows.tolist())
        keys = np.floor(table.offsets[rows] / seconds).astype(int)
        for key in dict.fromkeys(keys.tolist()):
            members = rows[keys == key].tolist()
            start, end = float(table.t[members[0]]), float(table.t[members[-1]] + step)
            chunks.append(Chunk(video_id, members, start, end, visual_text(table, members)))
    return chunks


def merge_adjacent(
    env: LevelEnv, table: FrameTable, base: list[Chunk], threshold: float, cap_s: float | None
) -> list[Chunk]:
    """Merge neighbouring chunks of one file while their descriptions' similarity > threshold, up to cap_s."""
    if not base:
        return []
    vectors = env.embed_texts([c.visual for c in base])
    merged = [Chunk(base[0].video_id, list(base[0].rows), base[0].t0, base[0].t1, base[0].visual)]
    for i in range(1, len(base)):
        current, nxt = merged[-1], base[i]
        similar = float(vectors[i - 1] @ vectors[i]) > threshold
        fits = cap_s is None or nxt.t1 - current.t0 <= cap_s + 1e-6
        if nxt.video_id == current.video_id and similar and fits:
            current.rows += nxt.rows
            current.t1 = nxt.t1
        else:
            merged.append(Chunk(nxt.video_id, list(nxt.rows), nxt.t0, nxt.t1, nxt.visual))
    for chunk in merged:
        chunk.visual = visual_text(table, chunk.rows)
    return merged


def mean_vector(table: FrameTable, rows: list[int], k: int) -> np.ndarray:
    """The normalised mean of k evenly sampled frames' vectors."""
    picks = evenly(rows, k)
    return normalise(table.vectors[picks].mean(axis=0))


def chunk_text(env: LevelEnv, chunk: Chunk) -> str:
    """A chunk's description: what was seen, and (with transcripts on) what was said."""
    speech = env.speech_between(chunk.video_id, chunk.t0, chunk.t1)
    return f"{chunk.visual}. Said: {speech}" if speech else chunk.visual
