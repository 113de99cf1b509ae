"""Answer parsing against replies that trip naive graders."""

from __future__ import annotations

import pytest

from vidmem.eval.answers import majority, parse_choice

OPTIONS = ["a red car", "a blue bicycle", "the kitchen", "Carol"]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("The answer is (C).", "C"),
        ("THE ANSWER IS C", "C"),
        ("A cat sits on the table, so the answer is B.", "B"),
        ("Answer: **B**", "B"),
        ("\\boxed{D}", "D"),
        ("C is the correct answer.", "C"),
        ("The answer is C. Option A is wrong because it shows a bicycle.", "C"),
        ("Option A says x and option B says y; the answer is B.", "B"),
        ("The correct option is D. A is wrong.", "D"),
        ("A man walks in holding a cup. Answer: D", "D"),
        ("B. a blue bicycle", "B"),
        ("(d)", "D"),
        ("A", "A"),
        ("**C**", "C"),
        ("I think it is D", "D"),
        ("It was Carol who said it.", "D"),
        ("a red car", "A"),
        ("Answer: A", "A"),
        ("A is correct.", "A"),
    ],
)
def test_parses_what_the_reply_commits_to(reply: str, expected: str) -> None:
    assert parse_choice(reply, "ABCD", OPTIONS).choice == expected


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "I cannot tell from the context.",
        "A man walks in.",  # the article, not option A
        "A person is speaking in a room.",
        "Both A and C seem plausible.",
        "The answer is a dog",  # lower-case article after "is", and no option says dog
        "The answer is E.",  # not a valid letter for four options
    ],
)
def test_unparseable_replies_are_none(reply: str) -> None:
    parsed = parse_choice(reply, "ABCD", OPTIONS)
    assert parsed.choice is None
    assert parsed.method == "none"


def test_longest_option_text_wins_when_one_contains_another() -> None:
    assert parse_choice("It was the red car parked outside", "ABC", ["red", "the red car", "blue"]).choice == "B"


def test_majority_ignores_unparseable_and_breaks_ties_by_order() -> None:
    assert majority(["B", None, "C", "C"]) == "C"
    assert majority(["B", "C", None]) == "B"
    assert majority([None, None]) is None
