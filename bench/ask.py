"""Agent accuracy (per kind of question and overall, with 95% bootstrap intervals) and latency on generated
footage: several seeds, each its own world, asked in the phrasings chosen.

Run: .venv/bin/python bench/ask.py --seeds 1001,1002,1003 [--phrasings heldout|dev|all] [--days 2
     --minutes 3] [--work DIR] [--answerer rules|llm] [--chat-model 1.5b|0.5b] [--planner rules|llm]
     [--out run.json] [--compare before.json] [--show-wrong] [--per-category N] [--kinds what_said,who_said]
     [--open] [--unquote]

With `--answerer llm` the packaged chat model (`--chat-model`) is loaded once per seed before the clock
starts and its response cache is off, so every model call is timed for real; the report gives p50 / p95 of
each step, how many answers the model gave (the rest came from the evidence scorer), its tokens in and out,
and how often each was right. One-shot CLI latency (a new process per question) is bench/ask_latency.py.

--open asks the questions without their options (as a user would) and judges the answer in words
(`vidmem.eval.open_answers`): right when the short answer (the words before the lines it cites) holds the
truth, number words and digits alike ("seven forty" = "7:40"); the truth anywhere in the answer (quotes
included), in the first of two sayings given, and the short answers' length in words are reported beside it.

--unquote asks quoted words as plain lower-case words, as people type them ('who said it is on monday at the
car park'): what was said is then read from the wording alone.

Seeds 2000 and up are another author's world (`vidmem.devdata.other_world`: other names, places, names of things,
signs, facts and dialogue wording): `--seeds 2001,2002,2003` beside `--seeds 1001,1002,1003` shows what was fitted
to our own world.
Dev seeds 500–749 and 750–999 are a third and a fourth author's worlds (`devdata.third_world`,
`devdata.fourth_world`): what fails on a world other than ours, to be seen and mended on dev seeds.

Corpora and their ingested Libraries are kept under --work (default .cache/bench-ask) and reused, so a
"before" and an "after" run answer the same questions over the same Libraries; --compare pairs them by
question (McNemar). Develop on dev seeds (< 1000) and dev phrasings; held-out figures are read, never tuned to.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import resource
import statistics
import time
from collections import defaultdict
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from vidmem import Library
from vidmem.eval.harness import first_per_category
from vidmem.eval.metrics import bootstrap_mean, mcnemar
from vidmem.eval.open_answers import judge_open

SPAN_SLACK_S = 2.0
def open_judgement(answer: Any, truth: str) -> dict[str, Any]:
    return asdict(judge_open(answer.text, truth, answer.abstained))


def load_questions(corpus: Path, phrasings: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in (corpus / "questions.jsonl").read_text().splitlines() if line.strip()]
    if phrasings != "all":
        # corpora that split their wording say which set each question's phrasing is from
        rows = [r for r in rows if r.get("split", phrasings) == phrasings]
    return rows


def spans(question: dict[str, Any]) -> list[tuple[float, float]]:
    return [(datetime.fromisoformat(a).timestamp(), datetime.fromisoformat(b).timestamp())
            for a, b in question.get("time_reference") or []]


def cites_truth(answer: Any, question: dict[str, Any], slack: float = SPAN_SLACK_S) -> bool:
    """Some citation's [time, t1] overlaps one of the truth's spans (± slack)."""
    for c in answer.citations:
        t0, t1 = c.time, c.t1 if c.t1 is not None else c.time
        if any(t1 >= a - slack and t0 <= b + slack for a, b in spans(question)):
            return True
    return False


def prepare(work: Path, seed: int, days: int, minutes: float, per_kind: int = 8) -> tuple[Path, Path]:
    """The seed's corpus and ingested Library, made once and kept."""
    from vidmem.devdata.corpus import make_corpus
    from vidmem.eval.datasets import load_corpus
    from vidmem.eval.harness import ingest_dataset

    corpus = work / f"seed{seed}-{days}x{minutes:g}" / "corpus"
    library = corpus.parent / "library"
    if not (corpus / "questions.jsonl").is_file():
        start = time.perf_counter()
        extra = {"questions_per_kind": per_kind} if "questions_per_kind" in inspect.signature(make_corpus).parameters \
            else {}
        make_corpus(corpus, days=days, minutes_per_day=minutes, seed=seed, overwrite=True, **extra)
        print(f"seed {seed}: made the corpus in {time.perf_counter() - start:.0f} s", flush=True)
    done = library / ".ingested"
    if not done.is_file():
        start = time.perf_counter()
        with Library.open(library) as lib:
            info = ingest_dataset(lib, load_corpus(corpus))
        if info.failed:
            raise SystemExit(f"seed {seed}: ingest failed for {info.failed}")
        done.write_text("ok\n")
        print(f"seed {seed}: ingested in {time.perf_counter() - start:.0f} s", flush=True)
    return corpus, library


def ask_all(seed: int, corpus: Path, library: Path, args: argparse.Namespace) -> list[dict[str, Any]]:
    questions = first_per_category(load_questions(corpus, args.phrasings), args.per_category,
                                   lambda q: q["category"])
    if args.kinds:
        questions = [q for q in questions if q["category"] in args.kinds.split(",")]
    rows = []
    with Library.open(library, read_only=True) as lib:  # asking writes nothing
        extra: dict[str, Any] = {}
        if "llm" in {args.answerer, args.planner}:
            extra["chat"] = chat_model(lib, args.chat_model)
        lib.ask("warm-up: what did I see?", answerer=args.answerer, **extra)  # loads spaCy, the embedder, the model
        timings = getattr(extra.get("chat"), "timings", None)
        for q in questions:
            if timings is not None:
                timings.clear()  # this question's calls only
            load = os.getloadavg()[0]  # the machine is shared: every timing is read beside its load
            start, cpu = time.perf_counter(), time.process_time()
            options = None if args.open else q.get("options") or None
            asked = unquote(q["question"]) if args.unquote else q["question"]
            answer = lib.ask(asked, options, planner=args.planner, answerer=args.answerer, **extra)
            judged = open_judgement(answer, q["answer_text"]) if args.open else {}
            ok = judged["correct"] if args.open else answer.choice == q["answer"]
            plan = next((e for e in answer.trace if e.step == "understand"), None)
            final = next((e for e in reversed(answer.trace) if e.step == "answer"), None)
            rows.append({"seed": seed, "qid": f"{seed}:{q['qid']}", "category": q["category"], "correct": ok,
                         "choice": answer.choice, "text": answer.text,
                         "cited": cites_truth(answer, q) if ok else None, "total": time.perf_counter() - start,
                         "cpu": time.process_time() - cpu, "llm_reading": bool(
                             plan and plan.data.get("query", {}).get("intent_source") == "llm"),
                         "decided_by": final.data.get("decided_by", "scorer") if final else "scorer",
                         # the scorer's own pick (an older trace without it: known only where the scorer decided)
                         "scorer_choice": final.data.get("scorer_choice") or (
                             answer.choice if final.data.get("decided_by", "scorer") == "scorer" else None)
                         if final else None,
                         "truth": q.get("answer"), "load": load, "load_end": os.getloadavg()[0],
                         "margin": margin(final.data.get("option_scores") or []) if final else 0.0,
                         "tokens_in": answer.tokens.get("in", 0), "tokens_out": answer.tokens.get("out", 0),
                         **{k: answer.timings.get(k, 0.0) for k in ("plan", "tools", "answer")},
                         **({"open": judged, "answer_text": answer.text} if args.open else {}),
                         "calls": [{**asdict(t), "other_s": t.other_s} for t in timings or []]})
            if args.show_wrong and not ok:
                got = answer.text[:200] if args.open else f"{answer.choice} (truth {q['answer']}) " \
                    f"{answer.justification[:160]}"
                truth = f" (truth {q['answer_text']})" if args.open else ""
                print(f"✗ {seed}:{q['qid']}: {q['question']} → {got}{truth}", flush=True)
    return rows


def report(rows: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_cat[row["category"]].append(row)
    print(f"\n{'kind':22} {'n':>4} {'accuracy [95% CI]':>22} {'cited-in-span':>14}")
    summary: dict[str, Any] = {"categories": {}, "args": {k: str(v) for k, v in vars(args).items()}}
    for cat, items in sorted(by_cat.items()):
        est = bootstrap_mean([float(r["correct"]) for r in items])
        right = [r for r in items if r["correct"]]
        cited = sum(1 for r in right if r["cited"])
        summary["categories"][cat] = {"n": est.n, "accuracy": est.value, "low": est.low, "high": est.high,
                                      "cited": cited / len(right) if right else None}
        print(f"{cat:22} {est.n:4d} {est.value:7.0%} [{est.low:4.0%}, {est.high:4.0%}] {f'{cited}/{len(right)}':>14}")
    est = bootstrap_mean([float(r["correct"]) for r in rows])
    summary["overall"] = {"n": est.n, "accuracy": est.value, "low": est.low, "high": est.high}
    print(f"{'all':22} {est.n:4d} {est.value:7.0%} [{est.low:4.0%}, {est.high:4.0%}]")
    if args.open:
        judged = [r["open"] for r in rows]
        words = [j["words"] for j in judged if not j["abstained"]]
        summary["open"] = {"in_text": sum(j["in_text"] for j in judged),
                           "abstained": sum(j["abstained"] for j in judged),
                           "two": sum(j.get("two", False) for j in judged),
                           "first": sum(j.get("first", False) for j in judged),
                           "median_words": statistics.median(words) if words else None}
        print(f"open answers: truth in the short answer {sum(r['correct'] for r in rows)}/{len(rows)}, anywhere in the "
              f"answer {summary['open']['in_text']}/{len(rows)}, abstained {summary['open']['abstained']}, "
              f"short answer median {summary['open']['median_words']} words; {summary['open']['two']} answers give "
              f"two lines (truth in the first answer given: {summary['open']['first']}/{len(rows)})")
    loads = [r[k] for r in rows for k in ("load", "load_end") if k in r]
    if loads:
        summary["load"] = {"min": min(loads), "p50": percentile(loads, 0.5), "max": max(loads)}
        print(f"load average (1 min, at each question's start and end): min {min(loads):.1f}, "
              f"p50 {percentile(loads, 0.5):.1f}, max {max(loads):.1f}")
    llm = sum(r["llm_reading"] for r in rows)
    summary["llm_reading_share"] = llm / len(rows) if rows else 0.0
    print(f"\nquestions read by the chat model (rules unsure): {llm}/{len(rows)}")
    print(f"per question, seconds ({args.planner} planner, {args.answerer} answerer, {os.cpu_count()} CPUs, "
          "shared machine):")
    for key in ("plan", "tools", "answer", "total", "cpu"):
        values = [r[key] for r in rows]
        print(f"  {key:7} mean {statistics.mean(values):6.3f}  p50 {percentile(values, 0.5):6.3f}  "
              f"p95 {percentile(values, 0.95):6.3f}  max {max(values):6.3f}")
    summary["latency"] = {k: statistics.mean(r[k] for r in rows) for k in ("plan", "tools", "answer", "total", "cpu")}
    summary["p50"] = {k: percentile([r[k] for r in rows], 0.5) for k in ("answer", "total", "cpu")}
    summary["p95"] = {k: percentile([r[k] for r in rows], 0.95) for k in ("answer", "total", "cpu")}
    by_model = [r for r in rows if r.get("decided_by") == "model"]
    if by_model:
        answer_s = [r["answer"] for r in by_model]
        t_in, t_out = [r["tokens_in"] for r in by_model], [r["tokens_out"] for r in by_model]
        print(f"answered by the model: {len(by_model)}/{len(rows)}, right on {sum(r['correct'] for r in by_model)}; "
              f"its answer step p50 {percentile(answer_s, 0.5):.1f} s, p95 {percentile(answer_s, 0.95):.1f} s, "
              f"max {max(answer_s):.1f} s; tokens in mean {statistics.mean(t_in):.0f} (max {max(t_in)}), "
              f"out mean {statistics.mean(t_out):.0f} (max {max(t_out)})")
        scorer_right = sum(r.get("scorer_choice") == r.get("truth") for r in by_model)
        print(f"  on those {len(by_model)} the evidence scorer alone was right on {scorer_right}")
        summary["model"] = {"n": len(by_model), "right": sum(r["correct"] for r in by_model),
                            "scorer_right": scorer_right,
                            "answer_p50": percentile(answer_s, 0.5), "answer_p95": percentile(answer_s, 0.95)}
        if not args.open:
            from vidmem.agent.config import DEFAULT

            print(gate_sweep(rows, DEFAULT.chat_margin if args.chat_margin is None else args.chat_margin))
    calls = [t for r in rows for t in r.get("calls", [])]
    if calls:
        print(model_calls(calls))
        summary["calls"] = calls
    summary["rows"] = rows
    return summary


def model_calls(calls: list[dict[str, Any]]) -> str:
    """Where the model calls' time went (llama.cpp's counters): prompt computed vs kept, generation, the rest."""
    def p(key: str, q: float) -> float:
        return percentile([c[key] for c in calls], q)

    retried = sum(c["attempt"] > 1 for c in calls)
    threads = sorted({c["threads"] for c in calls})
    return (f"model calls: {len(calls)} ({retried} re-prompts), threads {threads}; wall p50 {p('wall_s', 0.5):.1f} s "
            f"p95 {p('wall_s', 0.95):.1f} s; prompt tokens p50 {p('prompt_tokens', 0.5):.0f} of which computed "
            f"p50 {p('prompt_evaluated', 0.5):.0f}, prompt s p50 {p('prompt_s', 0.5):.1f} "
            f"p95 {p('prompt_s', 0.95):.1f}; "
            f"generated p50 {p('generated', 0.5):.0f} max {max(c['generated'] for c in calls)}, generate s p50 "
            f"{p('generate_s', 0.5):.1f} p95 {p('generate_s', 0.95):.1f}; other s p50 {p('other_s', 0.5):.1f} "
            f"p95 {p('other_s', 0.95):.1f}")


def gate_sweep(rows: list[dict[str, Any]], run_gate: float) -> str:
    """Right answers had the model been asked only below each margin up to this run's own gate (above it the
    model was not asked here, so nothing is known of its answers)."""
    lines = ["gate (model asked below the scorer's margin): calls, right"]
    for gate in sorted({0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, run_gate}):
        if gate > run_gate:
            break
        used = [r for r in rows if r.get("decided_by") == "model" and r["margin"] < gate]
        right = sum(r["correct"] if r in used else r.get("scorer_choice") == r.get("truth") for r in rows)
        lines.append(f"  < {gate:.2f}: {len(used):3d} calls, {right}/{len(rows)} right")
    return "\n".join(lines)


def unquote(question: str) -> str:
    """The question typed casually, its quoted words as plain words: 'Who said "It is on Monday."?' → 'who said
    it is on monday?' (what was said is then read from the wording, not from quote marks)."""
    plain = re.sub(r"[\"“”]([^\"“”]+)[\"“”]", lambda m: m[1].rstrip(".!?"), question)
    return re.sub(r":\s+", " ", plain).lower()


def margin(scores: list[float]) -> float:
    """How far the scorer's best option led the next (what the chat answerer's gate compares)."""
    ordered = sorted(scores, reverse=True)
    return ordered[0] - (ordered[1] if len(ordered) > 1 else 0.0) if ordered and ordered[0] > 0 else 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def set_chat_margin(value: float) -> None:
    """Measurement only: the chat answerer's gate for this run (`AgentConfig.chat_margin` is the setting),
    e.g. a high one to have the model answer every question, then `gate_sweep` reads each lower gate."""
    from dataclasses import replace

    from vidmem.agent.answer.chat_answerer import LLMAnswerer
    from vidmem.agent.config import DEFAULT

    LLMAnswerer.__init__.__kwdefaults__["config"] = replace(DEFAULT, chat_margin=value)


def chat_model(lib: Library, size: str) -> Any:
    """The packaged chat model, without the response cache (every call timed for real)."""
    from dataclasses import replace

    from vidmem.models.chat import load_chat_model

    settings = replace(lib.settings, adapters={**lib.settings.adapters, "chat": f"llamacpp:{size}"})
    return load_chat_model(settings, cache=False)


def compare(rows: list[dict[str, Any]], before_path: Path) -> None:
    before = {r["qid"]: r for r in json.loads(before_path.read_text())["rows"]}
    paired = [(before[r["qid"]]["correct"], r["correct"]) for r in rows if r["qid"] in before]
    if not paired:
        print("no question in common with", before_path)
        return
    changed = [r["qid"] for r in rows if r["qid"] in before and "choice" in before[r["qid"]]
               and before[r["qid"]]["choice"] != r.get("choice")]
    print(f"answers that changed: {len(changed)} ({', '.join(changed[:12])})")
    test = mcnemar([a for a, _ in paired], [b for _, b in paired])
    print(f"\nvs {before_path.name}: {len(paired)} paired questions, before {sum(a for a, _ in paired)} right, "
          f"after {sum(b for _, b in paired)}; only before {test.only_a}, only after {test.only_b}; "
          f"McNemar p = {test.p_value:.3g} ({test.method})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="1001,1002,1003")
    parser.add_argument("--phrasings", default="heldout", choices=["heldout", "dev", "all"])
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--work", type=Path, default=Path(".cache/bench-ask"))
    parser.add_argument("--planner", default="rules")
    parser.add_argument("--answerer", default="rules")
    parser.add_argument("--chat-model", default="1.5b", help="the packaged chat model for llm: 1.5b or 0.5b")
    parser.add_argument("--per-category", type=int, help="only the first N questions of each kind per seed")
    parser.add_argument("--out", type=Path, help="write the summary and every row as JSON")
    parser.add_argument("--compare", type=Path, help="a previous --out to pair with (McNemar)")
    parser.add_argument("--prepare-only", action="store_true", help="make and ingest the corpora, ask nothing")
    parser.add_argument("--show-wrong", action="store_true")
    parser.add_argument("--kinds", help="only these kinds of question (comma-separated)")
    parser.add_argument("--open", action="store_true", help="ask without the options; judge the answer in words")
    parser.add_argument("--chat-margin", type=float, help="measurement: the chat answerer's gate for this run")
    parser.add_argument("--unquote", action="store_true",
                        help="ask quoted words as plain lower-case words ('who said it is on monday')")
    args = parser.parse_args()
    if args.chat_margin is not None:
        set_chat_margin(args.chat_margin)
    rows: list[dict[str, Any]] = []
    for seed in (int(s) for s in args.seeds.split(",")):
        corpus, library = prepare(args.work, seed, args.days, args.minutes)
        if not args.prepare_only:
            rows += ask_all(seed, corpus, library, args)
    if args.prepare_only or not rows:
        return
    summary = report(rows, args)
    print(f"process CPU: {resource.getrusage(resource.RUSAGE_SELF).ru_utime:.0f} s user")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(summary, indent=1))
    if args.compare:
        compare(rows, args.compare)


if __name__ == "__main__":
    main()
