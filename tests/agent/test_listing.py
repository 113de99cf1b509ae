"""Reading the things an ordering question lists, wherever it lists them, and which end of the order it wants.

Names, places and wording here are made up for these tests and belong to no generated world.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from vidmem.agent.query import QueryReader, Timeline, Vocabulary
from vidmem.agent.query.intent import shared_intent_reader
from vidmem.agent.query.listing import listed_items, order_side
from vidmem.timeline import Clock

CLOCK = Clock(datetime(2026, 3, 2, 8, 0, tzinfo=UTC).timestamp(), "UTC")
TIMELINE = Timeline.of(CLOCK, [(CLOCK.day_range(d)[0] + 8 * 3600, CLOCK.day_range(d)[0] + 20 * 3600) for d in (1, 2)])


@pytest.mark.parametrize(("question", "items", "side"), [
    ("did I go to the cooperage, the tannery or the quay first?", ["cooperage", "tannery", "quay"], "first"),
    ("of the quay and the tannery, which did I visit earlier", ["quay", "tannery"], "first"),
    ("which came first: the lantern or the kettle", ["lantern", "kettle"], "first"),
    ("which came first, the lantern or the kettle?", ["lantern", "kettle"], "first"),
    ("Which of these did I see first: lantern, kettle, abacus or oar?", ["lantern", "kettle", "abacus", "oar"],
     "first"),
    ("did I see the heron or the otter later", ["heron", "otter"], "last"),
    ("which did I reach sooner, the mill or the quay", ["mill", "quay"], "first"),
    ("which was mentioned latest, eleven, the ferry or Vashti", ["eleven", "ferry", "Vashti"], "last"),
    ("between Odile and Brann, who spoke first?", ["Odile", "Brann"], "first"),
])
def test_lists_are_read_wherever_they_stand(question: str, items: list[str], side: str) -> None:
    assert listed_items(question) == items
    assert order_side(question) == side


@pytest.mark.parametrize("question", [
    "when did I first get to the tannery?",
    "who talked at the quay and also at the mill?",
    "what did Odile say first when we got to the mill",
    "at 10:15, what was on the sign",
])
def test_no_list_where_none_is_given(question: str) -> None:
    assert listed_items(question) == []


def test_long_questions_do_not_backtrack() -> None:
    question = "of " + ", ".join(f"the thing number {i} or that" for i in range(200)) + " which first"
    start = time.perf_counter()
    listed_items(question)
    assert time.perf_counter() - start < 0.5


@pytest.fixture(scope="module")
def reader() -> QueryReader:
    return QueryReader(TIMELINE, vocabulary=Vocabulary.of(["Odile", "Brann"], ["tannery", "quay"]),
                       intents=shared_intent_reader())


@pytest.mark.parametrize(("question", "items", "ordinal"), [
    ("did i go to the tannery, the quay or the mill first?", ["tannery", "quay", "mill"], "first"),
    ("of the quay and the tannery, which did i get to later on tuesday", ["quay", "tannery"], "last"),
    ("which came first yesterday, the lantern or the kettle", ["lantern", "kettle"], "first"),
])
def test_reader_asks_for_an_order_of_the_listed_things(reader: QueryReader, question: str, items: list[str],
                                                        ordinal: str) -> None:
    query = reader.read(question)
    assert query.intent == "order"
    assert query.listed == items
    assert query.ordinal == ordinal


def test_listed_days_are_answers_not_times(reader: QueryReader) -> None:
    query = reader.read("of the quay, monday or the kettle, which was mentioned first on tuesday?")
    assert query.listed == ["quay", "monday", "kettle"]
    assert query.time is not None and query.time.days == [2]


@pytest.mark.parametrize("question", ["who spoke first: me, odile or brann?",
                                      "of me, odile and brann, who talked earlier?"])
def test_lower_case_listed_people_are_people(reader: QueryReader, question: str) -> None:
    query = reader.read(question)
    assert query.intent == "order"
    assert {"odile", "brann"} <= {(p.name or "").lower() for p in query.people}


@pytest.mark.parametrize(("question", "items"), [
    # the clause's words around a list not set off by punctuation
    ("did odile or brann speak first today?", ["odile", "brann"]),
    ("yesterday, was the ferry or the lantern mentioned first?", ["ferry", "lantern"]),
    ("which of the quay, tannery, mill and pier did I get to first?", ["quay", "tannery", "mill", "pier"]),
    ("which was brought up first Vashti, noon, the ferry or Tuesday", ["Vashti", "noon", "ferry", "Tuesday"]),
    ("which was brought up first Tuesday, Vashti or the ferry", ["Tuesday", "Vashti", "ferry"]),
    ("which did I meet first on day 1 - the heron, the otter or the fox?", ["heron", "otter", "fox"]),
    ("which did I reach first the quay the mill or the pier", ["quay", "mill", "pier"]),
    ("which came up first in conversation the ferry or the lantern", ["ferry", "lantern"]),
    # a list in a sentence of its own, before the question
    ("I walked to the quay, the mill and the pier. Which was first?", ["quay", "mill", "pier"]),
    # set off by dashes, before a colon, after "whose"
    ("of these places — quay, mill, pier — which did I reach first?", ["quay", "mill", "pier"]),
    ("the kettle, the oar or the lantern: which did I see first?", ["kettle", "oar", "lantern"]),
    ("out of Odile, Brann and Vashti, whose voice did I hear first?", ["Odile", "Brann", "Vashti"]),
])
def test_lists_are_read_without_their_punctuation(question: str, items: list[str]) -> None:
    assert listed_items(question) == items


@pytest.mark.parametrize("question", [
    "who said odile, can I come along? I will be at the mill first",  # a question before is no stated list
    "what did Brann say first, and where was he?",
])
def test_no_list_in_what_only_looks_like_one(question: str) -> None:
    assert listed_items(question) == []


def test_a_time_beside_the_list_is_when_not_a_thing(reader: QueryReader) -> None:
    query = reader.read("which came first yesterday, the lantern or the kettle")
    assert query.listed == ["lantern", "kettle"] and query.time is not None
    query = reader.read("of odile, brann or vashti, today, who spoke first?")
    assert [i.lower() for i in query.listed] == ["odile", "brann", "vashti"]
    assert query.time is not None and query.time.days == [2]
    query = reader.read("the kettle, the oar or the lantern: which did I see first on day 1?")
    assert query.listed == ["kettle", "oar", "lantern"] and query.time is not None and query.time.days == [1]


@pytest.mark.parametrize("question", ["which came first on tuesday, the tannery or the cooperage?",
                                      "between the quay and the mill, which was my first stop?",
                                      "which did i get to earliest: cooperage, quay or mill?"])
def test_places_compared_by_the_library_knowing_them_or_by_the_words(reader: QueryReader, question: str) -> None:
    query = reader.read(question)
    assert query.intent == "order" and query.wants("places")


def test_noticing_and_spotting_things_is_seeing_them(reader: QueryReader) -> None:
    query = reader.read("among the kettle, the oar and the lantern, which did I notice first?")
    assert query.intent == "order" and not query.wants("ocr") and not query.wants("places")
