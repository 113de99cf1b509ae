"""A line's text from the recogniser's words: pieces that continue a word stay joined to it."""

from __future__ import annotations

from vidmem.ingest.stages.audio import utterance_text
from vidmem.models.protocols import Word


def _words(*texts: str) -> list[Word]:
    return [Word(float(i), i + 0.5, t, 0.9) for i, t in enumerate(texts)]


def test_a_decimal_or_a_comma_joins_the_word_before() -> None:
    assert utterance_text(_words("We", "leave", "at", "6", ".15,", "do", "not", "be", "late.")) == \
        "We leave at 6.15, do not be late."
    assert utterance_text(_words("It", "is", "50", "%", "off")) == "It is 50% off"


def test_words_are_spaced_and_a_leading_piece_is_kept() -> None:
    assert utterance_text(_words(".", "Okay", "then")) == ". Okay then"
    assert utterance_text(_words("Hello", "there.")) == "Hello there."


def test_a_word_spelt_in_two_is_one_word_and_a_compound_keeps_its_hyphen() -> None:
    assert utterance_text(_words("Look", "at", "this", "ket", "-tle,", "Ana.")) == "Look at this kettle, Ana."
    assert utterance_text(_words("a", "20", "-minute", "walk")) == "a 20-minute walk"
    assert utterance_text(_words("Ask", "Jo", "-Ann")) == "Ask Jo-Ann"
    assert utterance_text(_words("Wait.", "-", "yes")) == "Wait. - yes"
