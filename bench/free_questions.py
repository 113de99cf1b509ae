"""Questions in a user's own words, without options, about dev worlds (`bench/free_questions.tsv`: seed,
question, the truth read from that world's script), judged as `bench/ask.py --open` judges: the truth in the
short answer. Not a bank of templates and developed on: a dev figure, for wordings no bank holds (plans,
prices, owners, digests, "how long", "who did I talk to last").

Run: PYTHONPATH=src .venv/bin/python bench/free_questions.py --library 13=.cache/bench-dev2c/seed13-2x3/library
     --library 21=.cache/bench-dev3/seed21-3x6/library … [--out run.json]
(the Libraries of `bench/ask.py --seeds 13,17,19 --days 2 --minutes 3` and `--seeds 21 --days 3 --minutes 6`);
questions whose seed has no Library given are skipped.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from vidmem import Library
from vidmem.eval.open_answers import judge_open

QUESTIONS = Path(__file__).with_name("free_questions.tsv")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", action="append", default=[], help="SEED=PATH of that dev world's Library")
    parser.add_argument("--questions", type=Path, default=QUESTIONS,
                        help="a TSV of seed, question, truth (free_questions_more.tsv: 46 more, seeds 15 and 21; "
                        "free_questions_third.tsv: 40, seeds 17 and 19)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    paths = dict(item.split("=", 1) for item in args.library)
    libraries: dict[str, Library] = {}
    rows = []
    for line in args.questions.read_text().splitlines():
        seed, question, truth = line.split("\t")
        if seed not in paths:
            continue
        library = libraries.setdefault(seed, Library.open(Path(paths[seed])))
        answer = library.ask(question)
        right = judge_open(answer.text, truth, answer.abstained).correct
        rows.append({"seed": seed, "question": question, "truth": truth, "answer": answer.text, "right": right})
        print(f"{'✓' if right else '✗'} {seed}: {question} → {answer.text[:100]}")
    print(f"{sum(r['right'] for r in rows)}/{len(rows)} with the truth in the short answer")
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
