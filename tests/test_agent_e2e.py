"""The agent end to end on generated footage: every generated question asked through `Library.ask`.

Asserts per-category accuracy floors measured on this corpus (seed 3, 2 days × 2 minutes; see
docs/ARCHITECTURE.md, "The agent") and that correct answers cite a time inside the truth's span.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from vidmem.library import Library

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)

# Measured with the lite profile on three builds of this fixture corpus (the generator and the ingest
# stages changed between them; 4 questions per category, chance is 25%):
#   build 1: what_said 4/4, who_said 4/4, in_view_while_said 0/4, where_when 3/4, what_came_first 1/4,
#            how_many 4/4, multi_hop 4/4, onscreen_text 4/4 (24/32)
#   build 2: what_said 4/4, who_said 3/4, in_view_while_said 0/4, where_when 1/4, what_came_first 1/4,
#            how_many 2/4, multi_hop 1/4, onscreen_text 2/4 (14/32)
#   build 3: what_said 4/4, who_said 4/4, in_view_while_said 0/4, where_when 2/4, what_came_first 0/4,
#            how_many 2/4, multi_hop 4/4, onscreen_text 3/4 (19/32)
# Floors sit one question below the lowest of them (none below zero). Transcript questions are solid;
# the rest lean on the lite frame labels, which often miss the held object or the sign's text (a cat
# read as "packet", a coffee cup as "iPod"), and on voices that are seldom named with confidence.
FLOORS = {
    "what_said": 0.75,
    "who_said": 0.5,
    "in_view_while_said": 0.0,
    "where_when": 0.0,
    "what_came_first": 0.0,
    "how_many": 0.25,
    "multi_hop": 0.0,
    "onscreen_text": 0.25,
}
OVERALL_FLOOR = 0.375  # measured 0.75, 0.44 and 0.59
SLACK_S = 2.0  # a citation within 2 s of the truth's span counts (frames are sampled at 1 fps)


def _spans(question: dict[str, Any]) -> list[tuple[float, float]]:
    return [(datetime.fromisoformat(a).timestamp(), datetime.fromisoformat(b).timestamp())
            for a, b in question["time_reference"]]


def _cites_truth(answer: Any, question: dict[str, Any]) -> bool:
    for c in answer.citations:
        t1 = c.t1 if c.t1 is not None else c.time
        if any(t1 >= a - SLACK_S and c.time <= b + SLACK_S for a, b in _spans(question)):
            return True
    return False


@pytest.fixture(scope="module")
def answers(generated_corpus: Path, generated_library: Path) -> list[tuple[dict[str, Any], Any]]:
    questions = [json.loads(line) for line in (generated_corpus / "questions.jsonl").read_text().splitlines()
                 if line.strip()]
    with Library.open(generated_library) as library:
        return [(q, library.ask(q["question"], q["options"], planner="rules", answerer="rules")) for q in questions]


def test_every_category_is_answered_above_its_floor(answers: list[tuple[dict[str, Any], Any]]) -> None:
    by_category: dict[str, list[bool]] = defaultdict(list)
    for q, a in answers:
        by_category[q["category"]].append(a.choice == q["answer"])
    shares = {cat: sum(v) / len(v) for cat, v in by_category.items()}
    assert set(shares) == set(FLOORS), shares
    low = {cat: share for cat, share in shares.items() if share < FLOORS[cat]}
    assert not low, f"below the floor: {low} (all: {shares})"
    overall = sum(a.choice == q["answer"] for q, a in answers) / len(answers)
    assert overall >= OVERALL_FLOOR, shares


def test_correct_answers_cite_the_truths_time(answers: list[tuple[dict[str, Any], Any]]) -> None:
    correct = [(q, a) for q, a in answers if a.choice == q["answer"]]
    assert correct
    for _, a in correct:
        assert all(c.label.startswith("day ") and " @ " in c.label for c in a.citations)
    # counting and ordering answers rest on several moments (a count of zero cites nothing); the others on
    # one that should be the truth's
    pointed = [(q, a) for q, a in correct if q["category"] not in {"how_many", "what_came_first"}]
    assert all(a.citations for _, a in pointed)
    cited = sum(_cites_truth(a, q) for q, a in pointed)
    assert cited / len(pointed) >= CITED_SHARE, [q["qid"] for q, a in pointed if not _cites_truth(a, q)]


def test_multi_hop_plans_use_two_tools_in_order(answers: list[tuple[dict[str, Any], Any]]) -> None:
    for q, a in answers:
        if q["category"] != "multi_hop":
            continue
        plan = next(e for e in a.trace if e.step == "plan")
        tools = [s["tool"] for s in plan.data["subtasks"]]
        assert len(set(tools)) >= 2, (q["question"], tools)
        assert any(s["ref"] is not None and s["ref"] < i for i, s in enumerate(plan.data["subtasks"])), tools


# measured 19/20, 9/11 and 13/17: the misses are right letters from the wrong moment (the same line said
# on another day; a sign option that only resembles the frame's labels; a voice heard elsewhere)
CITED_SHARE = 0.65
