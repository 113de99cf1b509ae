"""A question told as a story in the present, in the negative or as a guess reads as the plain past (made-up
names, places and wording)."""

from __future__ import annotations

import pytest

from vidmem.agent.query.narration import in_the_past
from vidmem.wordforms import past_of


@pytest.mark.parametrize(("told", "plain"), [
    ("So I'm at the quay on Monday and there's a poster. What does it say?",
     "I was at the quay on Monday and there was a poster. What did it say?"),
    ("So someone speaks at the silo, and the same someone speaks at the depot too. Who is it?",
     "someone spoke at the silo and at the depot too. Who was it?"),
    ("Didn't Wren mention something about the ferry this morning? What was it?",
     "Wren mentioned something about the ferry this morning. What was it?"),
    ("Wasn't somebody asking about the van? Who?", "somebody was asking about the van. Who?"),
    ('There must have been a poster in view when Pablo said "hi" — what would it have said?',
     'There was a poster in view when Pablo said "hi" — what did it say?'),
])
def test_a_story_a_negative_and_a_guess_read_in_the_past(told: str, plain: str) -> None:
    assert in_the_past(told) == plain


@pytest.mark.parametrize("kept", [
    "Didn't Wren go to the quay?",  # a yes/no question of its own: nothing follows it
    "so what did Wren say at the quay?",  # a question opening with "so" is no story
    "where does Pablo usually sit?",
])
def test_a_plain_question_stays(kept: str) -> None:
    assert in_the_past(kept) == kept


def test_the_past_of_a_verb() -> None:
    assert [past_of(v) for v in ("say", "see", "mention", "arrive", "carry", "play")] == \
        ["said", "saw", "mentioned", "arrived", "carried", "played"]
