"""The same worlds asked in wording written by someone else: a work folder whose Libraries are links to those of
`bench/ask.py --work` and whose questions are generated again from each world's truth with another phrasing
bank (default `bench/wordings_fresh.py`, templates written without sight of the generator's own banks).

The bank's fixed split rule is the generator's (positions counted from 0: odd ones held-out), so its even ones can be
read while developing and its odd ones only judged:

    bench/wording.py --work .cache/bench-ask --seeds 5,7 --out .cache/bench-fresh
    bench/ask.py --seeds 5,7 --phrasings dev --work .cache/bench-fresh        # templates you may read
    bench/ask.py --seeds 5,7 --phrasings heldout --work .cache/bench-fresh    # judged only

Held-out seeds (>= 1000) work the same way; their figures are read, never tuned to.
"""

from __future__ import annotations

import argparse
import json
import runpy
from pathlib import Path

from vidmem.devdata.phrasings import BANKS
from vidmem.devdata.questions import generate, to_record
from vidmem.devdata.truth import Truth

HERE = Path(__file__).parent


def reask(run: Path, target: Path, bank: dict[str, tuple[str, ...]], per_kind: int) -> int:
    """`target` mirrors the world folder `run` (corpus files and Library linked) with questions worded by `bank`."""
    corpus = run / "corpus"
    truth = Truth.load(corpus / "truth.json")
    questions, _ = generate(truth, truth.seed, per_kind=per_kind, banks=bank)
    out = target / "corpus"
    out.mkdir(parents=True, exist_ok=True)
    for name in ("truth.json", "manifest.json", "videos"):
        link = out / name
        if not link.exists():
            link.symlink_to((corpus / name).resolve())
    if not (target / "library").exists():
        (target / "library").symlink_to((run / "library").resolve())
    with open(out / "questions.jsonl", "w") as handle:
        for question in questions:
            handle.write(json.dumps(to_record(truth, question), ensure_ascii=False) + "\n")
    return len(questions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path(".cache/bench-ask"), help="bench/ask.py's work folder")
    parser.add_argument("--seeds", default="5,7")
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--bank", type=Path, default=HERE / "wordings_fresh.py",
                        help="a Python file defining FRESH_BANKS: bank key -> templates")
    parser.add_argument("--per-kind", type=int, default=8)
    parser.add_argument("--out", type=Path, default=Path(".cache/bench-fresh"))
    args = parser.parse_args()
    bank = runpy.run_path(str(args.bank))["FRESH_BANKS"]
    unknown = set(bank) - set(BANKS)
    if unknown:
        raise SystemExit(f"{args.bank}: banks the generator does not have: {sorted(unknown)}")
    for seed in (int(s) for s in args.seeds.split(",")):
        name = f"seed{seed}-{args.days}x{args.minutes:g}"
        if not (args.work / name / "library" / ".ingested").is_file():
            raise SystemExit(f"{args.work / name}: not prepared (run bench/ask.py --prepare-only first)")
        count = reask(args.work / name, args.out / name, bank, args.per_kind)
        print(f"seed {seed}: {count} questions in {args.out / name / 'corpus'}")


if __name__ == "__main__":
    main()
