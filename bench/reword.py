"""Dev questions in other wordings, to measure how robust the reading of a question is without ever looking at
held-out phrasings: lower case, the listed things moved (front / end / after a colon), "first" said as
"earliest" / "earlier" / "sooner" (and "last" as "latest" / "later"). Questions that list nothing are kept
lower-cased only.

Writes a work folder beside the dev one whose Libraries are links to the dev Libraries (opened read-only) and
whose questions are the reworded ones, each with the same truth:

    bench/reword.py --work .cache/bench-ask --seeds 5,7 --out reworded
    bench/ask.py --seeds 5,7 --phrasings dev --work reworded [--open]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from vidmem.agent.query.listing import listed_items, order_side

SYNONYMS = {"first": ["earliest", "sooner"], "last": ["latest", "later"]}


def _span(text: str, items: list[str]) -> tuple[int, int] | None:
    low = text.lower()
    start, end = low.find(items[0].lower()), low.rfind(items[-1].lower())
    if start < 0 or end < start:
        return None
    return start, end + len(items[-1])


def rewordings(question: str) -> list[str]:
    """Other wordings of one question (lower case always; the list moved and its order word swapped where the
    question lists things to order)."""
    text = question.strip()
    items, side = listed_items(text), order_side(text)
    out = [text.lower(), *who_rewordings(text)]
    # an order word inside quoted words ("… I will be at the market first") is what was said, not a list
    span = _span(text, items) if items and side and '"' not in text else None
    if span is None or side is None:
        return out
    listing = " or ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else items[0]
    rest = (text[:span[0]] + text[span[1]:]).strip()
    rest = re.sub(r"^(?:of|between|among)\s*,\s*", "", rest, flags=re.I)  # "Of X, Y or Z, which …"
    rest = re.sub(r"\s*:\s*\??$", "", rest).rstrip(" ?,.")  # "…first: X, Y or Z?"
    rest = re.sub(r"\s+", " ", rest)
    rest = rest[:1].lower() + rest[1:]
    out.append(f"{rest}, {listing}?".lower())
    out.append(f"of {listing}, {rest}?".lower())
    for word in SYNONYMS[side]:
        swapped = re.sub(rf"\b{side}\b|\b{'earliest' if side == 'first' else 'latest'}\b", word, rest, count=1)
        if swapped != rest:
            out.append(f"{swapped}: {listing}?".lower())
    # no mark between the question and its list; the list in a sentence before the question; run together
    out.append(f"{rest} {listing}?".lower())
    together = " and ".join([", ".join(items[:-1]), items[-1]])
    out.append(f"i'm thinking of {together}. {rest}?".lower())
    if not any(i[:1].isupper() for i in items):  # things, not people
        out.append(f"{rest} {' '.join('the ' + i for i in items[:-1])} or the {items[-1]}?".lower())
    return list(dict.fromkeys(out))


_WHO_SAID = re.compile(r"^who (?:said|was it that said):?\s*(\"[^\"]+\")\s*(.*?)\??$", re.I)


def who_rewordings(question: str) -> list[str]:
    """"Who said '…'" in other words: another question word, a lead-in, the quote in a sentence of its own."""
    m = _WHO_SAID.match(question.strip())
    if m is None:
        return []
    quote, rest = m[1], f" {m[2]}" if m[2] else ""
    return [f"Which person said {quote}{rest}?", f"Do you know who said {quote}{rest}?",
            f"Someone said {quote}{rest}. Who was it?"]


def reword_corpus(src: Path, dst: Path) -> int:
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.name != "questions.jsonl" and not (dst / f.name).exists():
            (dst / f.name).symlink_to(f.resolve())
    rows: list[dict[str, Any]] = []
    for line in (src / "questions.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        for i, wording in enumerate(rewordings(row["question"])):
            rows.append({**row, "question": wording, "qid": f"{row['qid']}~{i}"})
    (dst / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, required=True, help="a bench/ask.py work folder (dev seeds only)")
    parser.add_argument("--seeds", default="5,7")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    for seed in (int(s) for s in args.seeds.split(",")):
        for run in sorted(args.work.glob(f"seed{seed}-*")):
            if seed >= 1000:
                raise SystemExit("held-out seeds are never reworded")
            target = args.out / run.name
            target.mkdir(parents=True, exist_ok=True)
            if not (target / "library").exists():
                (target / "library").symlink_to((run / "library").resolve())
            n = reword_corpus(run / "corpus", target / "corpus")
            print(f"{run.name}: {n} questions")


if __name__ == "__main__":
    main()
