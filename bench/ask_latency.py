"""Agent latency and accuracy on generated footage, per way of asking:

- `cli`: one-shot `vidmem ask --answerer rules` from the shell (a new process per question: start-up, model
  loads and all), wall and CPU seconds of the child process;
- `rules`: `Library.ask(..., answerer="rules")` in one warm process;
- `chat`: `Library.ask(..., answerer="llm")` in one warm process, the packaged chat model already loaded
  (`--chat-model 1.5b|0.5b`; the response cache is off, so every model call is real).

Per mode: p50 / p95 of the total and of plan / tools / answer, CPU seconds, the answering model's tokens in
and out, how many answers the model gave (the rest came from the evidence scorer), and the share answered
correctly (per category with --by-category). `--margins` prints the evidence scorer's margin and whether it
was right for each question (how the chat answerer's `chat_margin` is chosen, on dev seeds only).

Run: .venv/bin/python bench/ask_latency.py --library DIR --corpus DIR [--modes cli,rules,chat] [--cli-limit 10]
     [--chat-model 1.5b] [--per-category N] [--show-wrong] [--margins] [--json OUT]
Without --library, the corpus (made when --corpus is not given: --days 1 --minutes 6 --seed 3) is ingested
into a temporary Library. The machine's load is printed with the figures: on a shared machine wall seconds
run well above CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from vidmem import Library
from vidmem.eval.harness import first_per_category

SPAN_SLACK_S = 2.0
STEPS = ("plan", "tools", "answer")


def load_questions(corpus: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (corpus / "questions.jsonl").read_text().splitlines() if line.strip()]


def spans(question: dict[str, Any]) -> list[tuple[float, float]]:
    return [(datetime.fromisoformat(a).timestamp(), datetime.fromisoformat(b).timestamp())
            for a, b in question["time_reference"]]


def cites_truth(citations: list[dict[str, Any]], question: dict[str, Any], slack: float = SPAN_SLACK_S) -> bool:
    """Some citation's [time, t1] overlaps one of the truth's spans (± slack)."""
    for c in citations:
        t0, t1 = c["time"], c["t1"] if c.get("t1") is not None else c["time"]
        if any(t1 >= a - slack and t0 <= b + slack for a, b in spans(question)):
            return True
    return False


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def row(q: dict[str, Any], out: dict[str, Any], wall: float, cpu: float) -> dict[str, Any]:
    answer_event = next((e for e in reversed(out.get("trace", [])) if e["step"] == "answer"), {"data": {}})
    scores = sorted(answer_event["data"].get("option_scores") or [], reverse=True)
    margin = (scores[0] - (scores[1] if len(scores) > 1 else 0.0)) if scores and scores[0] > 0 else 0.0
    ok = out["choice"] == q["answer"]
    return {"qid": q["qid"], "category": q["category"], "correct": ok, "choice": out["choice"],
            "cited": cites_truth(out["citations"], q) if ok else None, "total": wall, "cpu": cpu,
            **{k: out["timings"].get(k, 0.0) for k in STEPS}, "tokens_in": out["tokens"]["in"],
            "tokens_out": out["tokens"]["out"], "margin": margin,
            "decided_by": answer_event["data"].get("decided_by", "model" if out["tokens"]["in"] else "scorer"),
            "justification": out.get("justification", "")}


def ask_cli(library: Path, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for q in questions:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        cmd = [sys.executable, "-m", "vidmem.cli.main", "ask", q["question"], "-L", str(library), "--planner",
               "rules", "--answerer", "rules", "--json", "--trace"]
        for option in q["options"]:
            cmd += ["-o", option]
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rows.append(row(q, json.loads(done.stdout), wall, cpu))
    return rows


def ask_in_process(lib: Library, questions: list[dict[str, Any]], answerer: str, chat: Any = None
                   ) -> list[dict[str, Any]]:
    extra = {"chat": chat} if chat is not None else {}
    lib.ask("warm-up: what did I see on day 1?", ["A. a cat", "B. a dog"], planner="rules", answerer=answerer,
            **extra)  # loads spaCy, the embedder and the model before the clock starts
    rows = []
    for q in questions:
        start, cpu0 = time.perf_counter(), time.process_time()
        answer = lib.ask(q["question"], q["options"], planner="rules", answerer=answerer, **extra)
        rows.append(row(q, answer.to_dict(), time.perf_counter() - start, time.process_time() - cpu0))
    return rows


def report(mode: str, rows: list[dict[str, Any]], by_category: bool, show_wrong: bool) -> dict[str, Any]:
    n = len(rows)
    right = sum(r["correct"] for r in rows)
    model_calls = [r for r in rows if r["decided_by"] == "model"]
    print(f"\n{mode}: {n} questions, {right}/{n} correct ({right / n:.0%}); "
          f"{len(model_calls)} answered by the model, {n - len(model_calls)} by the evidence scorer")
    summary: dict[str, Any] = {"n": n, "correct": right / n, "model_calls": len(model_calls)}
    for key in ("total", "cpu", *STEPS):
        values = [r[key] for r in rows]
        summary[key] = {"p50": percentile(values, 0.5), "p95": percentile(values, 0.95),
                        "mean": statistics.mean(values)}
        print(f"  {key:7} p50 {summary[key]['p50']:7.2f} s  p95 {summary[key]['p95']:7.2f} s  "
              f"mean {summary[key]['mean']:7.2f} s")
    if model_calls:
        t_in = [r["tokens_in"] for r in model_calls]
        t_out = [r["tokens_out"] for r in model_calls]
        answer_s = [r["answer"] for r in model_calls]
        summary["tokens"] = {"in_mean": statistics.mean(t_in), "out_mean": statistics.mean(t_out),
                             "in_max": max(t_in), "out_max": max(t_out)}
        summary["model_answer_s"] = {"p50": percentile(answer_s, 0.5), "p95": percentile(answer_s, 0.95)}
        right_model = sum(r["correct"] for r in model_calls)
        print(f"  model calls: tokens in mean {statistics.mean(t_in):.0f} (max {max(t_in)}), out mean "
              f"{statistics.mean(t_out):.0f} (max {max(t_out)}); answer step p50 "
              f"{percentile(answer_s, 0.5):.2f} s p95 {percentile(answer_s, 0.95):.2f} s; "
              f"{right_model}/{len(model_calls)} of them correct")
    if by_category:
        cats: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            cats[r["category"]].append(r)
        for cat, items in sorted(cats.items()):
            ok = [r for r in items if r["correct"]]
            print(f"  {cat:22} {len(ok)}/{len(items)}  cited in span {sum(1 for r in ok if r['cited'])}/{len(ok)}")
    if show_wrong:
        for r in rows:
            if not r["correct"]:
                print(f"  ✗ {r['qid']} → {r['choice']} ({r['decided_by']}) {r['justification'][:160]}")
    return summary


def margins(rows: list[dict[str, Any]]) -> None:
    """The scorer's margin against its correctness, highest first: where it is always right, no model."""
    print("\nevidence scorer: margin → right?")
    for r in sorted(rows, key=lambda r: -r["margin"]):
        print(f"  {r['margin']:6.3f} {'✓' if r['correct'] else '✗'} {r['category']:22} {r['qid']}")


def chat_model(lib: Library, size: str) -> Any:
    from vidmem.models.chat import load_chat_model

    settings = replace(lib.settings, adapters={**lib.settings.adapters, "chat": f"llamacpp:{size}"})
    return load_chat_model(settings, cache=False)  # every call timed for real, not read back from the cache


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", type=Path)
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--days", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=6.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--modes", default="cli,rules,chat")
    parser.add_argument("--cli-limit", type=int, default=10, help="questions asked through the shell (slow)")
    parser.add_argument("--chat-model", default="1.5b")
    parser.add_argument("--per-category", type=int, help="only the first N questions of each category")
    parser.add_argument("--by-category", action="store_true")
    parser.add_argument("--show-wrong", action="store_true")
    parser.add_argument("--margins", action="store_true")
    parser.add_argument("--json", type=Path, help="write every row and summary here")
    args = parser.parse_args()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        corpus = args.corpus
        if corpus is None:
            from vidmem.devdata.corpus import make_corpus

            corpus = Path(tmp) / "corpus"
            make_corpus(corpus, days=args.days, minutes_per_day=args.minutes, seed=args.seed)
        library = args.library
        if library is None:
            library = Path(tmp) / "library"
            with Library.open(library) as lib:
                lib.ingest([corpus / "videos"])
        questions = first_per_category(load_questions(corpus), args.per_category, lambda q: q["category"])
        print(f"{len(questions)} questions; {os.cpu_count()} CPUs, load average "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} at the start")
        results: dict[str, Any] = {}
        for mode in modes:
            if mode == "cli":
                rows = ask_cli(library, questions[: args.cli_limit])
            else:
                with Library.open(library, read_only=True) as lib:  # asking writes nothing
                    chat = chat_model(lib, args.chat_model) if mode == "chat" else None
                    rows = ask_in_process(lib, questions, "llm" if mode == "chat" else "rules", chat)
            results[mode] = {"summary": report(mode, rows, args.by_category, args.show_wrong), "rows": rows}
            if args.margins and mode == "rules":
                margins(rows)
        print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        if args.json:
            args.json.write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
