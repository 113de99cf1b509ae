"""Judging answers in words: the short part (without the lines cited) must hold the truth; quoting a line
that holds it is not enough. Made-up answers."""

from __future__ import annotations

import pytest

from vidmem.eval.open_answers import judge_open, short_part


@pytest.mark.parametrize(("answer", "head"), [
    ('the boathouse (Lev said: "It is on Friday at the boathouse.")', "the boathouse"),
    ('Lev said: "It is on Friday at the boathouse."', 'Lev said: "It is on Friday at the boathouse."'),
    ('the quay (Lev said on day 1, 10:00:03: "At the quay (north)."), or the pier (I said on day 2, 09:00:00: '
     '"The pier.")', "the quay, or the pier"),
    ("Agnes", "Agnes"),
])
def test_the_short_part_leaves_the_cited_lines_out(answer: str, head: str) -> None:
    assert short_part(answer) == head


def test_the_truth_must_be_in_the_answer_not_only_in_the_line_it_quotes() -> None:
    quoted_only = judge_open('the ferry (Lev said: "The ferry leaves from the quay.")', "quay")
    assert not quoted_only.correct and quoted_only.in_text
    assert judge_open('the quay (Lev said: "The ferry leaves from the quay.")', "quay").correct


@pytest.mark.parametrize(("answer", "truth"), [("7:40", "seven forty"), ("half past six", "6:30"),
                                               ("$35", "thirty five"), ("me (the camera wearer)", "me"),
                                               ("'EXIT ONLY'", "exit only"), ("day 2, 09:05:41", "9:05"),
                                               ("at o'clock two", "o'clock two")])
def test_numbers_match_as_words_or_digits(answer: str, truth: str) -> None:
    assert judge_open(answer, truth).correct


@pytest.mark.parametrize(("answer", "truth"), [("Golden Dragon.", "the Golden Dragon"), ("a coin", "coins"),
                                               ("two scarves", "scarves"), ("the hats", "hat"),
                                               ('No: Ines said: "I never liked tents."', "no")])
def test_an_article_and_the_number_of_the_last_word_are_not_the_answer(answer: str, truth: str) -> None:
    assert judge_open(answer, truth).correct


def test_words_must_match_whole_and_abstaining_is_wrong() -> None:
    assert not judge_open("glass", "gloss").correct and not judge_open("bus", "bu").correct
    assert not judge_open("the dragon", "the Golden Dragon").correct
    assert not judge_open("the supermarket", "market").correct
    assert not judge_open("day 2, 09:05:41", "9:06").correct
    assert not judge_open("I don't know: nothing found.", "market", abstained=True).correct
    both = judge_open('the quay (Lev said: "x"), or the pier (Lev said: "y")', "pier")
    assert both.correct and both.two and not both.first


@pytest.mark.parametrize(("answer", "truth"), [("the harbor", "harbour"), ("this motor cycle", "motorcycle"),
                                               ("the health center", "health centre"),
                                               ("the Harbor Cafe", "the harbour cafe")])
def test_a_recognisers_spelling_and_split_compounds_are_the_same_words(answer: str, truth: str) -> None:
    assert judge_open(answer, truth).correct


def test_a_split_compound_must_still_be_the_whole_word() -> None:
    assert not judge_open("a motor", "motorcycle").correct and not judge_open("the cycle", "motorcycle").correct
    assert not judge_open("the harbor", "our").correct


def test_a_name_holds_however_it_was_spelt_but_only_a_name() -> None:
    assert judge_open("Sophia", "Sofia").correct and judge_open("Hannah", "Hana").correct
    assert not judge_open("Sophie", "Sofia").correct and not judge_open("May", "Mei").correct
    assert not judge_open("the fone", "phone").correct  # a common word is judged by its letters
