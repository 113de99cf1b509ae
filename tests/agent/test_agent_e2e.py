"""The agent end to end on a held-out generated world (seed >= 1000: names, voices, faces, places, objects and
dates the team never developed on) asked in held-out phrasings, through `Library.ask`.

Floors: every kind and the whole at least twice chance (four options: 50 %). No test here pins one
question's plan.
"""

from __future__ import annotations

import json
import runpy
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from vidmem.eval.open_answers import judge_open
from vidmem.library import Library

pytestmark = pytest.mark.slow  # needs the ingested held-out corpus (shared with other tests in a session)

KIND_FLOOR = 0.5  # twice chance with four options
# Measured 49/64 (77 %) on this world, then 52/64 (bench/ask.py, seeds 1001-1003 in four wordings: 558/768, 73 %);
# the measured figure less its noise (±12 points at n = 64).
OVERALL_FLOOR = 0.64
MIN_PER_KIND = 8
# Open what/who-said answers (no options: chance is near nothing, so the floor is the figure less its noise):
# measured 8/16 on this world (what_said 3/8, who_said 5/8; bench/ask.py --seeds 1001 --phrasings heldout
# --kinds what_said,who_said --open, rules answerer), ±25 points at n = 16 (95 %): 4/16. The misses: words
# and numbers as Whisper heard them (an open answer has no option to sound like), a line other than the one
# asked about, and one voice cluster holding two people (all three who-said misses).
OPEN_FLOOR = 0.25
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
def answers(heldout_corpus: Path, heldout_library: Path) -> list[tuple[dict[str, Any], Any]]:
    rows = [json.loads(line) for line in (heldout_corpus / "questions.jsonl").read_text().splitlines()
            if line.strip()]
    questions = [q for q in rows if q.get("split") == "heldout"]
    with Library.open(heldout_library) as library:
        return [(q, library.ask(q["question"], q["options"], planner="rules", answerer="rules")) for q in questions]


def _by_kind(answers: list[tuple[dict[str, Any], Any]]) -> dict[str, list[bool]]:
    by_kind: dict[str, list[bool]] = defaultdict(list)
    for q, a in answers:
        by_kind[q["category"]].append(a.choice == q["answer"])
    assert all(len(v) >= MIN_PER_KIND for v in by_kind.values()), {k: len(v) for k, v in by_kind.items()}
    return by_kind


def test_the_whole_is_answered_at_least_twice_as_well_as_chance(answers: list[tuple[dict[str, Any], Any]]) -> None:
    shares = {kind: sum(v) / len(v) for kind, v in _by_kind(answers).items()}
    overall = sum(a.choice == q["answer"] for q, a in answers) / len(answers)
    assert overall >= OVERALL_FLOOR, (overall, shares)


@pytest.mark.xfail(strict=False, reason=(
    "measured on held-out seed 1001, held-out phrasings, rules answerer (8 per kind): what_said 6/8 (2/8 before "
    "options misheard by the recogniser were matched by sound), who_said 7/8, in_view_while_said 7/8, where_when "
    "8/8, what_came_first 7/8, how_many 6/8, multi_hop 5/8, onscreen_text 7/8 = 53/64 (83 %): every kind at the "
    "floor or above, but 8 questions a kind are ±35 points and the ingest's numbers differ between machines "
    "(seeds 1001-1003 in four wordings, the same code: 567/768 on one machine, 547/768 on another), so a kind at "
    "5/8 may fall below it elsewhere"))
def test_every_kind_is_answered_well_above_chance(answers: list[tuple[dict[str, Any], Any]]) -> None:
    shares = {kind: sum(v) / len(v) for kind, v in _by_kind(answers).items()}
    low = {kind: share for kind, share in shares.items() if share < KIND_FLOOR}
    assert not low, f"below {KIND_FLOOR:.0%}: {low} (all: {shares})"


# Wording written by someone who never saw our banks (bench/wordings_fresh.py, its odd templates: only judged,
# never read while developing), over the same world: measured 44/64 (69 %) on seed 1001 at the end of the session
# that added it (41/64 before its reading changes; seeds 1001-1003: 120 -> 131/192); less its noise (±12 points
# at n = 64): 55 %.
OTHER_WORDING_FLOOR = 0.55
WORDINGS = Path(__file__).parents[2] / "bench" / "wordings_fresh.py"


def test_questions_in_wording_written_elsewhere_are_answered(heldout_corpus: Path, heldout_library: Path) -> None:
    from vidmem.devdata.questions import generate, to_record
    from vidmem.devdata.truth import Truth

    truth = Truth.load(heldout_corpus / "truth.json")
    made, _ = generate(truth, truth.seed, per_kind=MIN_PER_KIND, banks=runpy.run_path(str(WORDINGS))["FRESH_BANKS"])
    questions = [to_record(truth, q) for q in made if q.split == "heldout"]
    assert len(questions) >= 6 * MIN_PER_KIND
    with Library.open(heldout_library, read_only=True) as library:
        right = [library.ask(q["question"], q["options"], planner="rules", answerer="rules").choice == q["answer"]
                 for q in questions]
    assert sum(right) / len(right) >= OTHER_WORDING_FLOOR, f"{sum(right)}/{len(right)}"


# Another author's world and dialogue wording (seed 2001: names, places, things, signs and lines nobody developed
# on), held-out phrasings: measured 46/64 (72 %; seeds 2001-2003: 152/192 at the end of the session that made
# it, bench/ask.py); less its noise (±12 points at n = 64): 60 %.
OTHER_WORLD_FLOOR = 0.6


def test_a_world_written_by_another_author_is_answered(other_world_library: Path) -> None:
    corpus = other_world_library.parent / "corpus"
    rows = [json.loads(line) for line in (corpus / "questions.jsonl").read_text().splitlines() if line.strip()]
    questions = [q for q in rows if q.get("split") == "heldout"]
    assert len(questions) >= 8 * MIN_PER_KIND
    with Library.open(other_world_library, read_only=True) as library:
        right = [library.ask(q["question"], q["options"], planner="rules", answerer="rules").choice == q["answer"]
                 for q in questions]
    assert sum(right) / len(right) >= OTHER_WORLD_FLOOR, f"{sum(right)}/{len(right)}"


def test_correct_answers_cite_the_truths_time(answers: list[tuple[dict[str, Any], Any]]) -> None:
    timed = [(q, a) for q, a in answers if a.choice == q["answer"] and q["category"] != "how_many"]
    cited = sum(_cites_truth(a, q) for q, a in timed)
    assert timed and cited / len(timed) >= 0.6, f"{cited}/{len(timed)} correct answers cite the truth's time"


def test_open_questions_answer_in_words_or_say_they_do_not_know(heldout_corpus: Path,
                                                                heldout_library: Path) -> None:
    rows = [json.loads(line) for line in (heldout_corpus / "questions.jsonl").read_text().splitlines()
            if line.strip()]
    said = [q for q in rows if q.get("split") == "heldout" and q["category"] in {"what_said", "who_said"}]
    assert len(said) >= 2 * MIN_PER_KIND
    with Library.open(heldout_library) as library:
        answers = [(q, library.ask(q["question"], answerer="rules")) for q in said]
    for _, a in answers:
        assert a.choice is None and a.text
        assert a.abstained or a.citations, a.text
    # the short answer (not only a line it quotes) must hold the truth
    right = sum(judge_open(a.text, q["answer_text"], a.abstained).correct for q, a in answers)
    assert right / len(answers) >= OPEN_FLOOR, [(q["answer_text"], a.text) for q, a in answers]


# The lite default: the packaged 1.5B writes the justification, then the answer, over the same evidence.
# One question from each of four kinds keeps this to a few minutes on two cores.
LLM_KINDS = ("what_said", "who_said", "in_view_while_said", "multi_hop")


def test_chat_model_answers_with_justification_first(heldout_corpus: Path, heldout_library: Path) -> None:
    rows = [json.loads(line) for line in (heldout_corpus / "questions.jsonl").read_text().splitlines()
            if line.strip()]
    chosen = [next(q for q in rows if q["category"] == kind and q.get("split") == "heldout") for kind in LLM_KINDS]
    with Library.open(heldout_library) as library:
        answers = [(q, library.ask(q["question"], q["options"], answerer="llm")) for q in chosen]
    for q, a in answers:
        assert a.justification and not a.justification.startswith("(model reply unreadable)"), (q["qid"], a)
        assert a.text.startswith(f"The answer is ({a.choice})"), a.text
        assert a.citations, q["qid"]
    right = sum(a.choice == q["answer"] for q, a in answers)
    assert right >= 2, [(q["qid"], a.choice, q["answer"], a.justification) for q, a in answers]
