"""How the reading of a question depends on its wording: every question a world's generator makes, asked in our own
first dev phrasing of its kind and in another author's wording, read into a `Query` against the same Library; the
fields that should not depend on wording (what is asked for, the quoted words, the speaker, the anchor's kind and
pick, counting and its unit, the places that must both hold, the order's end, "other than me", the days) are
compared. No question is answered, so a bank of hundreds of wordings reads in seconds.

    bench/reading.py --work .cache/bench-ask --seeds 5,7 --bank bench/wordings_other.py [--show 20]

Prints, per field, how often the other wording reads differently, and examples. Develop on dev seeds (< 1000).
"""

from __future__ import annotations

import argparse
import os
import runpy
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from vidmem import Library
from vidmem.agent import query_reader
from vidmem.agent.query.types import Query
from vidmem.devdata.phrasings import BANKS, split_of
from vidmem.devdata.questions import Question, generate, signature, to_record
from vidmem.devdata.truth import Truth

HERE = Path(__file__).parent


def questions(truth: Truth, bank: dict[str, tuple[str, ...]], per_kind: int) -> dict[str, tuple[Question, str]]:
    """Signature → (question, its options as the corpus writes them), every phrasing of `bank` in both splits."""
    # each template twice: it lands in both splits
    made, _ = generate(truth, truth.seed, per_kind=per_kind, banks={k: v + v for k, v in bank.items()})
    return {signature(q) + q.question: (q, "") for q in made}


def _position(question: Question, bank: dict[str, tuple[str, ...]]) -> int:
    """The template's position in its bank (the banks are asked twice over, see `questions`)."""
    key, index = question.phrasing.rsplit("/", 1)
    return int(index) % len(bank[key])


def fields(query: Query) -> dict[str, Any]:
    anchor = query.anchor
    return {
        "intent": query.intent,
        "quoted": (query.quoted or "").lower().strip(" .?!") or None,
        "speaker": (query.speaker.name or "").lower() if query.speaker else None,
        "anchor": (anchor.kind, anchor.pick) if anchor else None,
        "counting": (query.counting, query.unit) if query.counting else None,
        "both": sorted(b.lower() for b in query.both) or None,
        "order": query.ordinal if query.intent == "order" else None,
        "not_me": query.excludes_wearer,
        "days": tuple(query.time.days) if query.time else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path(".cache/bench-ask"))
    parser.add_argument("--seeds", default="5,7")
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--bank", type=Path, default=HERE / "wordings_other.py")
    parser.add_argument("--per-kind", type=int, default=40)
    parser.add_argument("--show", type=int, default=10, help="examples per field")
    parser.add_argument("--split", choices=("dev", "heldout", "both"), default="both",
                        help="only the bank's templates of this split (the generator's rule: odd positions held-out)")
    args = parser.parse_args()
    bank = runpy.run_path(str(args.bank))["FRESH_BANKS"]
    reference = {k: v[:1] for k, v in BANKS.items()}  # our first (dev) phrasing of each kind
    differ: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    pairs = 0
    for seed in (int(s) for s in args.seeds.split(",")):
        run = args.work / f"seed{seed}-{args.days}x{args.minutes:g}"
        truth = Truth.load(run / "corpus" / "truth.json")
        ours = {signature(q): q for q, _ in questions(truth, reference, args.per_kind).values()}
        theirs = [q for q, _ in questions(truth, bank, args.per_kind).values()
                  if args.split == "both" or split_of(_position(q, bank)) == args.split]
        with Library.open(run / "library", read_only=True) as library:
            reader = query_reader(library)
            for q in theirs:
                base = ours.get(signature(q))
                if base is None or base.spec.get("when") != q.spec.get("when"):
                    continue  # no same question in our wording, or its time said otherwise
                options = to_record(truth, q)["options"]
                a, b = fields(reader.read(base.question, options)), fields(reader.read(q.question, options))
                pairs += 1
                for key in a:
                    if a[key] != b[key]:
                        differ[key] += 1
                        if len(examples[key]) < args.show:
                            examples[key].append(f"{q.question!r}\n      ours {a[key]!r} | theirs {b[key]!r}  "
                                                 f"(ours: {base.question!r})")
    print(f"{pairs} questions read in both wordings ({args.bank.name}, seeds {args.seeds})")
    for key, n in differ.most_common():
        print(f"\n{key}: {n}/{pairs} read differently")
        for line in examples[key]:
            print(f"  - {line}")


if __name__ == "__main__":
    main()
