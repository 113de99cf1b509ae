"""Words as the agent compares them: irregular verbs and clock times written the ways speech recognisers and
people write them. Made-up lines."""

from __future__ import annotations

import pytest

from vidmem.agent.lexicon import normalise_numbers, terms


def test_irregular_past_forms_match_their_verb() -> None:
    assert "leave" in terms("where did she say she left the kite") & terms("you should leave the kite")
    assert "buy" in terms("she bought a kite") and "find" in terms("found it") and "bring" in terms("brought")


@pytest.mark.parametrize("said", ["the ferry goes at 740", "the ferry goes at 7:40", "the ferry goes at seven forty"])
def test_a_clock_time_reads_the_same_in_digits_words_or_run_together(said: str) -> None:
    assert "740" in terms(said)


def test_numbers_that_are_not_an_hour_and_its_minutes_stay_apart() -> None:
    assert {"2", "8"} <= terms("platform 2 at 8") and {"35"} <= terms("thirty five dollars")
    assert "730" in terms("half past seven") and "445" in terms("quarter to five")


@pytest.mark.parametrize(("asked", "heard"), [
    ("half past seven", "the bus goes from stand 3 at half past 7."),
    ("quarter to five", "Doors open at quarter to 5, Lior."),
    ("eleven o'clock", "We meet at 11 o 'clock by the fountain."),
    ("six fifteen", "Yes, we leave at 6 .15, be on time."),
])
def test_a_time_as_a_recogniser_half_writes_it_matches_the_time_in_words(asked: str, heard: str) -> None:
    assert terms(asked) <= terms(heard)


def test_a_number_above_twelve_after_half_past_is_no_hour() -> None:
    assert "1330" not in terms("half past 13 people came")


def test_a_compound_heard_as_one_word_carries_both_words() -> None:
    from vidmem.agent.lexicon import as_heard

    heard = terms("I will be at the carpark first")
    assert {"car", "park"} <= as_heard("car park", heard)
    assert as_heard("bus stop", heard) == heard  # nothing joined from other words
    assert as_heard("car park", terms("the park")) == terms("the park")
    assert "boathouse" in as_heard("boathouse", terms("it was near the boat house"))  # one word heard as two
    assert as_heard("boathouse", terms("the boat left")) == terms("the boat left")


@pytest.mark.parametrize(("words", "number"), [("four hundred twenty", "420"), ("one hundred and five euros", "105"),
                                               ("a hundred and twelve", "112"),
                                               ("nine hundred nineteen", "919"), ("one hundred dollars", "100")])
def test_hundreds_read_as_one_number(words: str, number: str) -> None:
    # "420" read aloud is "four hundred twenty": one number, not 400 and 20
    assert normalise_numbers(words).split()[0] == number


def test_hundreds_stop_at_a_comma() -> None:
    assert normalise_numbers("two hundred, twenty people").split()[:2] == ["200", "20"]


def test_half_and_an_amount_is_no_clock_time() -> None:
    assert "930" not in terms("half nine hours") and "930" in terms("we go at half nine")
