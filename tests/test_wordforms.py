"""Irregular verb forms for matching a word as asked to a word as said."""

from __future__ import annotations

from vidmem.store.speech import fts_query
from vidmem.wordforms import other_forms


def test_a_verb_reaches_its_irregular_forms_both_ways() -> None:
    assert "found" in other_forms("find") and "find" in other_forms("found")
    assert set(other_forms("left")) >= {"leave"} and "left" not in other_forms("left")
    assert other_forms("cat") == []


def test_the_transcript_search_asks_for_every_form() -> None:
    query = fts_query("what did omar find")
    assert query is not None and '"find"' in query and '"found"' in query
