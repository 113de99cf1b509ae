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

# Measured with the lite profile (rules planner, evidence answerer) on builds of this fixture corpus
# (4 questions per category, chance is 25%); builds 1–3 predate the near-square labels and the
# "mentioned first" rule:
#   build 1: what_said 4/4, who_said 4/4, in_view_while_said 0/4, where_when 3/4, what_came_first 1/4,
#            how_many 4/4, multi_hop 4/4, onscreen_text 4/4 (24/32)
#   build 2: 4/4, 3/4, 0/4, 1/4, 1/4, 2/4, 1/4, 2/4 (14/32)
#   build 3: 4/4, 4/4, 0/4, 2/4, 0/4, 2/4, 4/4, 3/4 (19/32)
#   build 4 (labels of the lower-centre square, where held objects appear; "mentioned" → transcripts;
#            a quoted sign is read, not heard; "where next" = the first other place; the asked voice's
#            line first among repeated lines): 4/4, 4/4, 3/4, 2/4, 3/4, 3/4, 4/4, 4/4 (27/32)
# Floors sit one question below build 4. Transcript questions are solid; where_when leans on matching a
# place name ("temple") to ImageNet labels of its photo, the weakest link of the lite profile.
FLOORS = {
    "what_said": 0.75,
    "who_said": 0.75,
    "in_view_while_said": 0.5,
    "where_when": 0.25,
    "what_came_first": 0.5,
    "how_many": 0.5,
    "multi_hop": 0.75,
    "onscreen_text": 0.75,
}
OVERALL_FLOOR = 0.7  # measured 0.84 (build 4)
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
    questions = [q for q in questions if q["split"] == "dev"]  # a dev world in dev wording
    with Library.open(generated_library) as library:
        return [(q, library.ask(q["question"], q["options"], planner="rules", answerer="rules")) for q in questions]


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    'faces; measured (dev phrasings, 4 a category) what_said 1.0, who_said 0.75, in_view 1.0, where_when '
    '0.25, what_came_first 0.25, how_many 0.75, multi_hop 0.5, onscreen_text 0.5; floors to be '
    're-measured (issue 15 item 7)'
))
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


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    'faces; measured: some right answers cite nothing'
))
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


@pytest.mark.xfail(strict=False, reason=(
    'per-seed devdata worlds (issue 15): seed 3 has 7 people, 4 of them espeak-ng variants, 2 drawn '
    "faces; new wording, e.g. 'Around 11:13 am on January 23rd, who besides me spoke at the pharmacy?' is "
    'planned as two audio searches'
))
def test_multi_hop_plans_use_two_tools_in_order(answers: list[tuple[dict[str, Any], Any]]) -> None:
    for q, a in answers:
        if q["category"] != "multi_hop":
            continue
        plan = next(e for e in a.trace if e.step == "plan")
        tools = [s["tool"] for s in plan.data["subtasks"]]
        assert len(set(tools)) >= 2, (q["question"], tools)
        assert any(s["ref"] is not None and s["ref"] < i for i, s in enumerate(plan.data["subtasks"])), tools


# measured 19/20, 9/11, 13/17 and 17/20 (build 4): the misses are right letters from the wrong moment (the
# same line said on another day; a sign option that only resembles the frame's labels; a voice heard elsewhere)
CITED_SHARE = 0.65


# The lite default: the packaged 1.5B writes the justification, then the answer, over the same evidence.
# One question from each of four categories keeps this to a few minutes on two cores.
LLM_CATEGORIES = ("what_said", "who_said", "in_view_while_said", "multi_hop")


def test_chat_model_answers_with_justification_first(generated_corpus: Path, generated_library: Path) -> None:
    questions = [json.loads(line) for line in (generated_corpus / "questions.jsonl").read_text().splitlines()
                 if line.strip()]
    chosen = [next(q for q in questions if q["category"] == cat) for cat in LLM_CATEGORIES]
    with Library.open(generated_library) as library:
        answers = [(q, library.ask(q["question"], q["options"], answerer="llm")) for q in chosen]
    for q, a in answers:
        assert a.justification and not a.justification.startswith("(model reply unreadable)"), (q["qid"], a)
        assert a.text.startswith(f"The answer is ({a.choice})"), a.text
        assert a.citations, q["qid"]
    right = sum(a.choice == q["answer"] for q, a in answers)
    assert right >= 3, [(q["qid"], a.choice, q["answer"], a.justification) for q, a in answers]
