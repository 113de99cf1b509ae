"""L2 semantic chunks: 5-s base chunks merged while adjacent descriptions' MiniLM cosine > 0.7, capped at
30 s (videos up to 30 min) or 60 s (longer); chunk vector = normalised mean of 5 evenly sampled frames;
top 10; context = chunk descriptions plus frames under a 25-frame budget split in proportion to
similarity (a text-only model reads the frames through the chunk descriptions)."""

from __future__ import annotations

import time

import numpy as np

from vidmem.levels.base import Asked, Context, ContextItem, Scope, budget_split
from vidmem.levels.chunks import Chunk, chunk_text, fixed_chunks, mean_vector, merge_adjacent
from vidmem.levels.index import FrameTable, LevelEnv, evenly

LONG_VIDEO_S = 30 * 60


class L2:
    name = "L2"

    def __init__(
        self, env: LevelEnv, *, base_s: float = 5.0, threshold: float = 0.7, cap_s: float = 30.0,
        long_cap_s: float = 60.0, top_k: int = 10, frame_budget: int = 25,
    ) -> None:
        self.env = env
        self.base_s, self.threshold, self.cap_s, self.long_cap_s = base_s, threshold, cap_s, long_cap_s
        self.top_k, self.frame_budget = top_k, frame_budget

    def _index(self, table: FrameTable) -> tuple[list[Chunk], np.ndarray]:
        chunks: list[Chunk] = []
        base = fixed_chunks(table, self.base_s)
        for video_id in dict.fromkeys(c.video_id for c in base):
            long = self.env.video_duration(video_id) > LONG_VIDEO_S
            own = [c for c in base if c.video_id == video_id]
            chunks += merge_adjacent(self.env, table, own, self.threshold, self.long_cap_s if long else self.cap_s)
        return chunks, np.stack([mean_vector(table, c.rows, 5) for c in chunks])

    def build(self, question: Asked, scope: Scope) -> Context:
        table, setup = self.env.frames(scope)
        (chunks, vectors), built = self.env.cached(("L2", scope.video_ids), lambda: self._index(table))
        started = time.perf_counter()
        scores = vectors @ self.env.embed_query(question.question)
        top = np.argsort(-scores, kind="stable")[: self.top_k].tolist()
        retrieval_s = time.perf_counter() - started
        shares = dict(zip(top, budget_split(self.frame_budget, [float(scores[i]) for i in top]), strict=True))
        items, lines = [], ["Video segments most related to the question, in time order:"]
        for i in sorted(top, key=lambda i: chunks[i].t0):
            chunk = chunks[i]
            text = chunk_text(self.env, chunk)
            label = self.env.span_label(scope, chunk.video_id, chunk.t0, chunk.t1)
            lines.append(f"Segment ({label}), relevance {scores[i]:.2f}: {text}")
            frames = tuple(table.thumbnails[r] for r in evenly(chunk.rows, shares[i]))
            items.append(ContextItem(f"chunk:{chunk.video_id}:{chunk.t0:.1f}-{chunk.t1:.1f}", chunk.video_id,
                                     chunk.t0, chunk.t1, float(scores[i]), text, frames))
        return Context("\n".join(lines), items, retrieval_s=retrieval_s, setup_s=setup + built)
