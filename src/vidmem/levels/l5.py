"""L5 agentic navigation: start at the top L4 event; a navigator model sees the current event (its
description and 5 frames) and its own path, and moves NEXT / PREVIOUS / JUMP n (to another of L4's top
events: the study found pure neighbour walking weak) or stops with ANSWER, at most 5 hops; the visited
events' descriptions and 25 frames go to the answering model."""

from __future__ import annotations

import re
import time

from vidmem.levels.base import Asked, Context, Scope
from vidmem.levels.events import EventGraph, events_for, render_events
from vidmem.levels.index import FrameTable, LevelEnv, evenly
from vidmem.levels.l3 import event_items
from vidmem.levels.l4 import tri_view
from vidmem.models.protocols import ChatMessage

NAVIGATOR = (
    "You explore a recording event by event to find what answers a question. Reply with exactly one action: "
    "NEXT (the following event), PREVIOUS (the one before), JUMP n (candidate n from the list), or ANSWER "
    "(you have seen enough)."
)
_ACTION = re.compile(r"\b(NEXT|PREVIOUS|PREV|BACK|ANSWER|STOP|JUMP)\b(?:\s*(?:TO)?\s*(?:CANDIDATE)?\s*#?(\d+))?",
                     re.IGNORECASE)


def parse_action(reply: str) -> tuple[str, int | None]:
    """("NEXT" | "PREVIOUS" | "JUMP" | "ANSWER", candidate number for JUMP); anything unclear is ANSWER."""
    match = _ACTION.search(reply or "")
    if match is None:
        return "ANSWER", None
    word = match[1].upper()
    word = {"PREV": "PREVIOUS", "BACK": "PREVIOUS", "STOP": "ANSWER"}.get(word, word)
    if word == "JUMP":
        return ("JUMP", int(match[2])) if match[2] else ("ANSWER", None)
    return word, None


class L5:
    name = "L5"

    def __init__(self, env: LevelEnv, *, max_hops: int = 5, candidates: int = 5, frames_seen: int = 5,
                 frame_budget: int = 25) -> None:
        self.env = env
        self.max_hops = max_hops
        self.candidates = candidates
        self.frames_seen = frames_seen
        self.frame_budget = frame_budget

    def _prompt(self, question: Asked, scope: Scope, graph: EventGraph, table: FrameTable, top: list[int],
                current: int, path: list[str]) -> str:
        def label(n: int) -> str:
            e = graph.events[n]
            return self.env.span_label(scope, e.video_id, e.t0, e.t1)

        event = graph.events[current]
        frames = "\n".join(f"  - {table.descriptions[r] or 'nothing recognised'}"
                           for r in evenly(event.chunk.rows, self.frames_seen))
        candidates = "\n".join(f"{i}. ({label(n)}) {graph.events[n].description[:160]}"
                               for i, n in enumerate(top, start=1))
        options = "\n".join(f"{'ABCDEFGH'[i]}. {o}" for i, o in enumerate(question.options))
        return (f"Question: {question.question}\nOptions:\n{options}\n\nCandidates:\n{candidates}\n\n"
                f"Path so far: {' → '.join(path)}\n\nCurrent event ({label(current)}): {event.description}\n"
                f"Its frames:\n{frames}\n\nAction?")

    def build(self, question: Asked, scope: Scope) -> Context:
        if self.env.chat is None:
            raise RuntimeError("L5 needs a chat model as its navigator")
        graph, table, setup = events_for(self.env, scope)
        started = time.perf_counter()
        ranked = tri_view(graph, self.env.embed_query(question.question))[: self.candidates]
        retrieval_s = time.perf_counter() - started
        top = [n for n, _ in ranked]
        current, visited, path, trace = top[0], [top[0]], [f"start at candidate 1 (event {top[0]})"], [graph.note]
        model_s, tokens_in, tokens_out = 0.0, 0, 0
        for _ in range(self.max_hops):
            prompt = self._prompt(question, scope, graph, table, top, current, path)
            asked = time.perf_counter()
            result = self.env.chat.chat([ChatMessage("system", NAVIGATOR), ChatMessage("user", prompt)],
                                        max_tokens=12, temperature=0.0)
            model_s += time.perf_counter() - asked
            tokens_in += result.usage.prompt_tokens
            tokens_out += result.usage.completion_tokens
            action, target = parse_action(result.text)
            moved = action if target is None else f"{action} {target}"
            trace.append(f"at event {current}: {result.text.strip()[:60]!r} → {moved}")
            if action == "ANSWER":
                break
            moves = {"NEXT": graph.next.get(current), "PREVIOUS": graph.previous.get(current),
                     "JUMP": top[target - 1] if target is not None and 1 <= target <= len(top) else None}
            if moves[action] is None:  # an impossible move uses up the hop; the navigator sees it in its path
                path.append(f"{action.lower()}: impossible here")
                continue
            if moves[action] == current:  # a jump to where it stands: it is staying, as good as ANSWER
                break
            current = moves[action]
            path.append(f"{action.lower()} to event {current}")
            if current not in visited:
                visited.append(current)
        scores = dict(ranked)
        return Context(render_events(self.env, scope, graph, visited),
                       event_items(graph, table, visited, {n: scores.get(n, min(scores.values())) for n in visited},
                                   self.frame_budget),
                       retrieval_s=retrieval_s, setup_s=setup, model_s=model_s, tokens_in=tokens_in,
                       tokens_out=tokens_out, trace=trace)
