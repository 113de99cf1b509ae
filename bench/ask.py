"""Agent latency and accuracy on generated footage: per question, plan / tools / answer seconds; per
category, the share answered correctly and the share of correct answers citing a time in the truth's span.

Run: .venv/bin/python bench/ask.py [--library DIR --corpus DIR] [--days 1 --minutes 6 --seed 3]
     [--answerer rules|llm] [--planner rules|llm] [--show-wrong]
Without --library, the corpus (made when --corpus is not given) is ingested into a temporary Library.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from vidmem import Library
from vidmem.eval.harness import first_per_category

SPAN_SLACK_S = 2.0


def load_questions(corpus: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (corpus / "questions.jsonl").read_text().splitlines() if line.strip()]


def spans(question: dict[str, Any]) -> list[tuple[float, float]]:
    return [(datetime.fromisoformat(a).timestamp(), datetime.fromisoformat(b).timestamp())
            for a, b in question["time_reference"]]


def cites_truth(answer: Any, question: dict[str, Any], slack: float = SPAN_SLACK_S) -> bool:
    """Some citation's [time, t1] overlaps one of the truth's spans (± slack)."""
    for c in answer.citations:
        t0, t1 = c.time, c.t1 if c.t1 is not None else c.time
        if any(t1 >= a - slack and t0 <= b + slack for a, b in spans(question)):
            return True
    return False


def run(library: Path, corpus: Path, planner: str, answerer: str, show_wrong: bool,
        per_category: int | None = None) -> dict[str, Any]:
    questions = first_per_category(load_questions(corpus), per_category, lambda q: q["category"])
    rows = []
    with Library.open(library) as lib:
        lib.ask("warm-up: what did I see on day 1?", answerer=answerer)  # loads spaCy, the embedder, the model
        for q in questions:
            start = time.perf_counter()
            answer = lib.ask(q["question"], q["options"], planner=planner, answerer=answerer)
            total = time.perf_counter() - start
            ok = answer.choice == q["answer"]
            rows.append({"qid": q["qid"], "category": q["category"], "correct": ok,
                         "cited": cites_truth(answer, q) if ok else None, "total": total, **answer.timings})
            if show_wrong and not ok:
                print(f"✗ {q['qid']}: {q['question']} → {answer.choice} (truth {q['answer']}) {answer.justification}")
    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_cat[row["category"]].append(row)
    print(f"\n{'category':22} {'n':>3} {'correct':>8} {'cited-in-span':>14}")
    summary: dict[str, Any] = {"categories": {}}
    for cat, items in sorted(by_cat.items()):
        right = [r for r in items if r["correct"]]
        cited = sum(1 for r in right if r["cited"])
        share = len(right) / len(items)
        summary["categories"][cat] = {"n": len(items), "correct": share, "cited": cited / len(right) if right else None}
        print(f"{cat:22} {len(items):3d} {share:8.0%} {f'{cited}/{len(right)}':>14}")
    overall = sum(r["correct"] for r in rows) / len(rows)
    print(f"{'all':22} {len(rows):3d} {overall:8.0%}")
    print(f"\nper question, seconds ({planner} planner, {answerer} answerer, {os.cpu_count()} CPUs):")
    for key in ("plan", "tools", "answer", "total"):
        values = [r[key] for r in rows]
        print(f"  {key:7} mean {statistics.mean(values):6.3f}  median {statistics.median(values):6.3f}  "
              f"max {max(values):6.3f}")
    summary["overall"] = overall
    summary["latency"] = {k: statistics.mean(r[k] for r in rows) for k in ("plan", "tools", "answer", "total")}
    return summary


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", type=Path)
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--days", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=6.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--planner", default="rules")
    parser.add_argument("--answerer", default="rules")
    parser.add_argument("--show-wrong", action="store_true")
    parser.add_argument("--per-category", type=int, help="only the first N questions of each category")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = args.corpus
        if corpus is None:
            from vidmem.devdata.corpus import make_corpus

            corpus = Path(tmp) / "corpus"
            start = time.perf_counter()
            make_corpus(corpus, days=args.days, minutes_per_day=args.minutes, seed=args.seed)
            print(f"made the corpus in {time.perf_counter() - start:.0f} s")
        library = args.library
        if library is None:
            library = Path(tmp) / "library"
            start = time.perf_counter()
            with Library.open(library) as lib:
                lib.ingest([corpus / "videos"])
            print(f"ingested in {time.perf_counter() - start:.0f} s")
        run(library, corpus, args.planner, args.answerer, args.show_wrong, args.per_category)


if __name__ == "__main__":
    main()
