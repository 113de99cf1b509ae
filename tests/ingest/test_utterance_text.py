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
