"""The context ladder side by side on a generated corpus: accuracy ± 95% CI, latency split, cost, recall.

Run: .venv/bin/python bench/eval_ladder.py [--minutes 10 --days 1 --seed 3] [--corpus DIR] [--library DIR]
     [--chat llamacpp:0.5b|llamacpp|openai[:MODEL]] [--levels L1,L2,…] [--limit N] [--out DIR]
The corpus is made (when --corpus is not given) and ingested once; the run resumes in --out; the report
(report.md / report.html / PNG plots) lands there too and the main table is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from vidmem.config import Settings
from vidmem.devdata import make_corpus
from vidmem.eval.datasets import load_corpus
from vidmem.eval.harness import evaluate
from vidmem.eval.report import write_report
from vidmem.levels import LEVEL_NAMES
from vidmem.library import Library
from vidmem.models.chat import load_chat_model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--days", type=int, default=1)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--library", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--chat", default="llamacpp:0.5b")
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--max-tokens", type=int, default=48)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="vidmem-ladder-"))
    corpus = args.corpus or work / "corpus"
    if not (corpus / "questions.jsonl").is_file():
        started = time.perf_counter()
        info = make_corpus(corpus, days=args.days, minutes_per_day=args.minutes, seed=args.seed)
        print(f"corpus: {info.duration_s / 60:.1f} min in {len(info.videos)} files, "
              f"{sum(info.questions.values())} questions, made in {time.perf_counter() - started:.0f} s")
    out = args.out or work / "run"
    root = args.library or out / "library"
    settings = replace(Settings.load(root), adapters={**Settings.load(root).adapters, "chat": args.chat})
    chat = load_chat_model(settings, cache=False)
    with Library.open(root, settings) as library:
        records = evaluate(library, load_corpus(corpus), args.levels.split(","), out, chat=chat,
                           dataset_spec=f"corpus:{corpus}", limit=args.limit, max_tokens=args.max_tokens,
                           progress=lambda done, total, label: print(f"\r{done}/{total} {label:40}", end="",
                                                                     flush=True))
    print()
    write_report(out)
    summary = json.loads((out / "summary.json").read_text())
    ingest = summary["run"]["ingest"]
    print(f"questions: {summary['questions']}, answering model: {chat.name}, records: {len(records)}")
    if ingest["video_hours"]:
        print(f"ingest: {ingest['seconds']:.0f} s for {ingest['video_hours'] * 60:.1f} video-minutes "
              f"= {ingest['seconds_per_video_hour']:.0f} s per video-hour")
    print(f"{'level':7} {'accuracy [95% CI]':>24} {'unparsed':>8} {'retr s':>7} {'ctx s':>6} {'ans s':>7} "
          f"{'$/q':>9} {'tok in':>8} {'recall@30s':>10}")
    for name, s in summary["levels"].items():
        a, lat = s["accuracy"], s["latency_s"]
        recall = s["recall"]["30s"]
        print(f"{name:7} {100 * a['value']:6.1f}% [{100 * a['low']:5.1f}, {100 * a['high']:5.1f}]  "
              f"{s['unparseable']:8d} {lat['retrieval']:7.3f} {lat['context']:6.3f} {lat['answer']:7.2f} "
              f"{s['cost_per_question_usd']:9.6f} {s['tokens_in']:8d} "
              f"{'–' if recall is None else f'{100 * recall:.0f}%':>10}")
    print(f"report: {out / 'report.md'}")


if __name__ == "__main__":
    main()
