"""L1 baseline: fixed 3-s chunks, each represented by its middle frame's vector — the full profile's OpenCLIP
image vector (`frames_clip`, the query embedded by OpenCLIP's text encoder) when the Library has one, else
the embedding of the frame description (lite); the top 10 chunks by cosine; context = those frames. The
trace says which vectors ranked."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from vidmem.levels.base import Asked, Context, ContextItem, Scope
from vidmem.levels.chunks import Chunk, fixed_chunks
from vidmem.levels.index import FrameTable, LevelEnv


class L1:
    name = "L1"

    def __init__(self, env: LevelEnv, *, chunk_s: float = 3.0, top_k: int = 10) -> None:
        self.env = env
        self.chunk_s = chunk_s
        self.top_k = top_k

    def _index(self, table: FrameTable, scope: Scope) -> tuple[list[Chunk], list[int], np.ndarray,
                                                                Callable[[str], np.ndarray], str]:
        chunks = fixed_chunks(table, self.chunk_s)
        middles = [c.rows[len(c.rows) // 2] for c in chunks]
        images, embedder, why = self.env.image_vectors(scope)
        if images is not None and embedder is not None:
            return chunks, middles, images[middles], lambda q: embedder.embed_texts([q])[0], why
        note = f"frame-description embeddings ({why})"
        return chunks, middles, table.vectors[middles], self.env.embed_query, note

    def build(self, question: Asked, scope: Scope) -> Context:
        table, setup = self.env.frames(scope)
        (chunks, middles, vectors, embed, note), built = self.env.cached(
            ("L1", scope.video_ids, self.chunk_s), lambda: self._index(table, scope))
        started = time.perf_counter()
        scores = vectors @ embed(question.question)
        top = np.argsort(-scores, kind="stable")[: self.top_k].tolist()
        retrieval_s = time.perf_counter() - started
        items = []
        lines = ["Frames most related to the question, in time order:"]
        for i in sorted(top, key=lambda i: chunks[i].t0):
            chunk, row = chunks[i], middles[i]
            said = self.env.speech_between(chunk.video_id, chunk.t0, chunk.t1)
            text = table.descriptions[row] or "nothing recognised"
            text = f"{text}. Said: {said}" if said else text
            label = self.env.span_label(scope, chunk.video_id, chunk.t0, chunk.t1)
            lines.append(f"[{label}] {text}")
            items.append(ContextItem(f"frame:{int(table.ids[row])}", chunk.video_id, chunk.t0, chunk.t1,
                                     float(scores[i]), text, (table.thumbnails[row],)))
        return Context("\n".join(lines), items, retrieval_s=retrieval_s, setup_s=setup + built,
                       trace=[f"L1 ranked by {note}"])
