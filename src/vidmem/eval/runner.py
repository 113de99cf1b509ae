"""Runs levels over a dataset's questions and writes one JSONL record per (question, level).

The results file is the run: a killed run resumes by skipping the (qid, level) pairs already written,
and `rescore` recomputes every choice and verdict from the stored raw replies, so a better answer parser
re-scores an old run without asking any model again.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vidmem.eval.answering import Answerer
from vidmem.eval.answers import majority, parse_choice
from vidmem.eval.datasets import Question
from vidmem.eval.metrics import RECALL_WINDOWS, recall_within
from vidmem.levels.base import Asked, Context, Level, Scope

RESULTS = "results.jsonl"
NO_RETRIEVAL = frozenset({"blind", "random"})  # baselines: recall does not apply
RUN_INFO = "run.json"


class ResultsFile:
    """results.jsonl, appended one flushed line per record; a torn last line (killed mid-write) is dropped."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def load(self) -> list[dict[str, Any]]:
        if not self.path.is_file():
            return []
        records, torn = [], False
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                torn = True
        if torn:  # rewrite without the torn line so later appends start on a clean line
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
            os.replace(tmp, self.path)
        return records

    def append(self, record: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def latest(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per (qid, level): the last written wins (a retried error replaces the failed one)."""
    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records:
        by_key[(record["qid"], record["level"])] = record
    return list(by_key.values())


def score(record: dict[str, Any]) -> dict[str, Any]:
    """Fill choices, answer, correct and recall from the record's raw replies and spans (in place)."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: len(record["options"])]
    parsed = [parse_choice(reply, letters, record["options"]) for reply in record.get("replies", [])]
    record["choices"] = [p.choice for p in parsed]
    record["parse_method"] = parsed[0].method if parsed else "none"
    record["answer"] = majority(record["choices"])
    votes = len(record["choices"])  # agreement: the share of votes for the answer (an unparseable one dissents)
    record["agreement"] = (record["choices"].count(record["answer"]) / votes
                           if votes and record["answer"] is not None else 0.0)
    record["unparseable"] = record["answer"] is None
    record["correct"] = record["answer"] == record["gold"]
    spans = [tuple(s) for s in record.get("context_spans", [])]
    refs = [tuple(r) for r in record.get("time_refs", [])]
    retrieves = record["level"] not in NO_RETRIEVAL
    record["recall"] = (
        {name: recall_within(spans, refs, w) for name, w in RECALL_WINDOWS.items()} if refs and retrieves else {}
    )
    return record


def rescore(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [score(dict(r)) for r in latest(records)]


class RandomLevel:
    """The chance baseline: a letter drawn per question from a seeded generator (same run, same letters)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def build(self, question: Asked, scope: Scope) -> Context:
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: len(question.options)]
        letter = random.Random(f"{self.seed}:{question.qid}").choice(letters)
        return Context("", reply=f"Answer: {letter}")


class BlindLevel:
    """The question alone: what the answering model knows without seeing the video."""

    name = "blind"

    def build(self, question: Asked, scope: Scope) -> Context:
        return Context("")


@dataclass
class QuestionPlan:
    question: Question
    scope: Scope
    time_refs: list[tuple[float, float]]  # absolute
    duration: str | None


Progress = Callable[[int, int, str], None]


def run_levels(
    plans: Sequence[QuestionPlan],
    levels: Sequence[Level],
    answerer: Answerer | None,
    out: Path,
    *,
    votes: int = 1,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Answer every (question, level) not yet in out/results.jsonl; returns all records, re-scored. With
    `votes` > 1 each level's answer is the majority of that many sampled answers (self-consistency)."""
    results = ResultsFile(Path(out) / RESULTS)
    done = {(r["qid"], r["level"]) for r in latest(results.load()) if not r.get("error")}
    todo = [(plan, level) for level in levels for plan in plans if (plan.question.qid, level.name) not in done]
    total = len(plans) * len(levels)
    finished = total - len(todo)
    if progress:
        progress(finished, total, "resumed" if finished else "")
    for plan, level in todo:
        record = _answer_one(plan, level, answerer, votes)
        results.append(record)
        finished += 1
        if progress:
            progress(finished, total, f"{level.name} {plan.question.qid}")
    return rescore(results.load())


def _answer_one(plan: QuestionPlan, level: Level, answerer: Answerer | None, votes: int) -> dict[str, Any]:
    q = plan.question
    record: dict[str, Any] = {
        "qid": q.qid, "level": level.name, "question": q.question, "options": list(q.options), "gold": q.answer,
        "category": q.category, "duration": plan.duration, "video": q.video,
        "time_refs": [list(r) for r in plan.time_refs], "replies": [], "error": None,
    }
    timings = {"setup_s": 0.0, "retrieval_s": 0.0, "context_s": 0.0, "answer_s": 0.0}
    tokens = {"in": 0, "out": 0}
    try:
        started = time.perf_counter()
        context = level.build(q, plan.scope)
        built = time.perf_counter() - started
        timings["setup_s"] = context.setup_s
        timings["retrieval_s"] = context.retrieval_s
        timings["context_s"] = max(0.0, built - context.setup_s - context.retrieval_s - context.model_s)
        timings["answer_s"] = context.model_s  # a level's own model calls (L5's navigator) are answering work
        tokens["in"], tokens["out"] = context.tokens_in, context.tokens_out
        record["context_ids"] = [item.id for item in context.items]
        record["context_spans"] = [[item.t0, item.t1] for item in context.items]
        record["context_chars"] = len(context.text)
        record["images"] = len(context.images)
        record["trace"] = context.trace
        if context.reply is not None:
            record["replies"] = [context.reply]
        else:
            if answerer is None:
                raise RuntimeError(f"level {level.name} needs an answering model and none is configured")
            record["model"] = answerer.name
            for _ in range(max(1, votes)):
                reply = answerer.answer(q, context, sampled=votes > 1)
                record["replies"].append(reply.text)
                timings["answer_s"] += reply.seconds
                tokens["in"] += reply.tokens_in
                tokens["out"] += reply.tokens_out
    except Exception as exc:  # one failing question must not end a long run; it is recorded and retried on resume
        record["error"] = f"{type(exc).__name__}: {exc}"
    record["timings"] = timings
    record["tokens"] = tokens
    return score(record)


def write_run_info(out: Path, info: dict[str, Any]) -> None:
    """run.json: what was run (dataset, levels, model, price, ingest figures); merged with an earlier one."""
    path = Path(out) / RUN_INFO
    path.parent.mkdir(parents=True, exist_ok=True)
    merged = read_run_info(out)
    merged.update(info)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(merged, indent=2, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)


def read_run_info(out: Path) -> dict[str, Any]:
    path = Path(out) / RUN_INFO
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
