"""L4 tri-view: per event a visual (5-frame mean), a semantic (description) and an entity (entity names)
ranking, fused by reciprocal rank fusion, score = Σ 1/(k + rank), k = 30; top 5; context as L3."""

from __future__ import annotations

import time

import numpy as np

from vidmem.levels.base import Asked, Context, Scope
from vidmem.levels.events import EventGraph, events_for, render_events
from vidmem.levels.index import LevelEnv
from vidmem.levels.l3 import event_items
from vidmem.retrieval.fusion import RRF_K, reciprocal_rank_fusion


def tri_view(graph: EventGraph, query: np.ndarray, k: float = RRF_K) -> list[tuple[int, float]]:
    """All events by fused score, best first (ties by time)."""
    views = [graph.visual5 @ query, graph.description_vectors @ query, graph.entity_vectors @ query]
    rankings = [np.argsort(-v, kind="stable").tolist() for v in views]
    fused = reciprocal_rank_fusion(rankings, k)
    return sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))


class L4:
    name = "L4"

    def __init__(self, env: LevelEnv, *, top_k: int = 5, frame_budget: int = 30, rrf_k: float = RRF_K) -> None:
        self.env = env
        self.top_k = top_k
        self.frame_budget = frame_budget
        self.rrf_k = rrf_k

    def build(self, question: Asked, scope: Scope) -> Context:
        graph, table, setup = events_for(self.env, scope)
        started = time.perf_counter()
        ranked = tri_view(graph, self.env.embed_query(question.question), self.rrf_k)[: self.top_k]
        retrieval_s = time.perf_counter() - started
        chosen = [n for n, _ in ranked]
        return Context(render_events(self.env, scope, graph, chosen),
                       event_items(graph, table, chosen, dict(ranked), self.frame_budget),
                       retrieval_s=retrieval_s, setup_s=setup, trace=[graph.note])
