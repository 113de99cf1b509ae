"""L3 events: events ranked by 0.6 × visual similarity (mean of 10 frames) + 0.4 × description similarity;
top 10; context = the events in time order ("Events in chronological order"), 30-frame budget."""

from __future__ import annotations

import time

import numpy as np

from vidmem.levels.base import Asked, Context, ContextItem, Scope, budget_split
from vidmem.levels.events import EventGraph, events_for, render_events
from vidmem.levels.index import FrameTable, LevelEnv, evenly


def event_items(graph: EventGraph, table: FrameTable, chosen: list[int], scores: dict[int, float],
                budget: int) -> list[ContextItem]:
    """Context items for chosen events in time order, frames split over them in proportion to score."""
    ordered = sorted(chosen)
    shares = budget_split(budget, [scores.get(n, 1.0) for n in ordered])
    items = []
    for n, share in zip(ordered, shares, strict=True):
        event = graph.events[n]
        frames = tuple(table.thumbnails[r] for r in evenly(event.chunk.rows, share))
        items.append(ContextItem(f"event:{event.video_id}:{n}", event.video_id, event.t0, event.t1,
                                 scores.get(n, 0.0), event.description, frames))
    return items


class L3:
    name = "L3"

    def __init__(self, env: LevelEnv, *, visual_weight: float = 0.6, top_k: int = 10, frame_budget: int = 30) -> None:
        self.env = env
        self.visual_weight = visual_weight
        self.top_k = top_k
        self.frame_budget = frame_budget

    def build(self, question: Asked, scope: Scope) -> Context:
        graph, table, setup = events_for(self.env, scope)
        started = time.perf_counter()
        query = self.env.embed_query(question.question)
        scores = self.visual_weight * (graph.visual10 @ query) + (1 - self.visual_weight) * (
            graph.description_vectors @ query)
        top = np.argsort(-scores, kind="stable")[: self.top_k].tolist()
        retrieval_s = time.perf_counter() - started
        by_event = {n: float(scores[n]) for n in top}
        return Context(render_events(self.env, scope, graph, top),
                       event_items(graph, table, top, by_event, self.frame_budget),
                       retrieval_s=retrieval_s, setup_s=setup, trace=[graph.note])
