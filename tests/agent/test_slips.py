from __future__ import annotations

import pytest

from vidmem.agent.query.slips import mend_slips

WORDS = frozenset({"what", "did", "the", "sign", "at", "temple", "say", "on", "monday", "where", "were", "when",
                   "who", "spoke", "saw", "apple", "how", "many", "separate", "conversations", "first", "which",
                   "gym", "around", "me", "not", "else", "came", "up"})


def words() -> frozenset[str]:
    return WORDS


@pytest.mark.parametrize(("typed", "meant"), [
    ("waht did teh sign at the temple say on monday", "what did the sign at the temple say on monday"),
    ("who spoke wehre i saw the apple", "who spoke where i saw the apple"),  # a swap, not a letter lost ("were")
    ("how many seperate conversations", "how many separate conversations"),
    ("whcih came up frist", "which came up first"),
    ("who else spoke at teh gym aroud 15:20, not me", "who else spoke at the gym around 15:20, not me"),
])
def test_slips_in_shaping_words_are_mended(typed: str, meant: str) -> None:
    assert mend_slips(typed, words=words) == meant


def test_names_unknown_words_and_unclear_slips_stay() -> None:
    # a name the Library knows, a capitalised word; a letter missed beats a letter changed ("whn": when, not who)
    assert mend_slips("what did wen say whn Teh left", names={"wen"}, words=words) == "what did wen say when Teh left"
    # one edit from two shaping words alike ("wen": when / went, a letter missed either way)
    assert mend_slips("who spoke wen i saw the apple", words=words) == "who spoke wen i saw the apple"
    assert mend_slips("waht did teh sign say", words=frozenset) == "waht did teh sign say"  # no word list: no guess


JOINED = WORDS | {"place", "was", "i", "do", "both", "in", "apart", "from", "inbox", "box", "usually", "see"}


def joined_words() -> frozenset[str]:
    return JOINED - {"inbox"}


@pytest.mark.parametrize(("typed", "meant"), [
    ("wherewas i at noon", "where was i at noon"),
    ("who spoke atboth the gym and the quay", "who spoke at both the gym and the quay"),
    ("who spoke where I saw the apple, apartfrom me", "who spoke where I saw the apple, apart from me"),
    ("who spoke at the place whereI saw the apple", "who spoke at the place where I saw the apple"),
    ("Wheredo i usually see Odile?", "Where do i usually see Odile?"),  # the first word of a sentence: no name
])
def test_two_shaping_words_run_together_are_parted(typed: str, meant: str) -> None:
    assert mend_slips(typed, names={"odile"}, words=joined_words) == meant


def test_a_word_that_parts_into_a_thing_stays_and_a_first_word_is_mended() -> None:
    # "in" + "box": "box" shapes no question, so the word is left as typed
    assert mend_slips("what was in the inbox", words=joined_words) == "what was in the inbox"
    assert mend_slips("Wehre was i. Waht did Teh say?", words=words) == "Where was i. What did Teh say?"
    assert mend_slips("Wehre did I go", names={"wehre"}, words=words) == "Wehre did I go"  # a name the Library knows
