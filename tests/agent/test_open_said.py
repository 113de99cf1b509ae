"""Open "what did X say …" questions: the line that answers, and the short phrase of it that is the answer."""

from __future__ import annotations

import pytest

from vidmem.agent.answer import EvidenceAnswerer, number_evidence
from vidmem.agent.answer.open_said import best_line, short_answer
from vidmem.agent.query import Query
from vidmem.agent.query.reader import parse
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.retrieval.types import Hit

T0 = 1_790_000_000.0


def line(t: float, text: str, speaker: str) -> Hit:
    return Hit("audio", 1, T0 + t, T0 + t + 2, 1.0, text, offset_s=t, speaker=speaker)


CONVERSATION = [
    line(0, "Tomasz, when is the rehearsal?", "Priya"),
    line(3, "It is on Saturday at the town hall.", "Tomasz"),
    line(6, "Great, I will bring the sheet music.", "Priya"),
    line(30, "Did you buy the new violin?", "Tomasz"),
    line(33, "No, it was too expensive.", "Priya"),
]


def evidence() -> list:
    hits = CONVERSATION
    return number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [],
                                        [0.45] * len(hits))])


def voice(hit: Hit, about: list[str]) -> float:
    return 1.0 if hit.speaker in about else 0.25


@pytest.mark.parametrize(("query", "about", "expected"), [
    # the reply to a question on the topic answers it, even without the topic's words
    (Query(text="which day did tomasz say the rehearsal is?", terms=["rehearsal"], said_verb="say",
           asked_for="day", modalities=["speech"]), ["Tomasz"], 3),
    # "ask": the answer is a question
    (Query(text="what did tomasz ask about?", said_verb="ask", modalities=["speech"]), ["Tomasz"], 30),
    (Query(text="what did priya say about the violin?", terms=["violin"], said_verb="say",
           modalities=["speech"]), ["Priya"], 33),
])
def test_the_line_that_answers(query: Query, about: list[str], expected: float) -> None:
    found = best_line(query, about, evidence(), voice, None, parse)
    assert found is not None and found.hit.t0 == T0 + expected, found


@pytest.mark.parametrize(("asked_for", "terms", "text", "expected"), [
    ("day", ["rehearsal"], "It is on Saturday at the town hall.", "Saturday"),
    ("where", ["rehearsal"], "It is on Saturday at the town hall.", "the town hall"),
    ("where", ["meeting"], "It is on Monday at the harbour, Mirela.", "the harbour"),  # not who is addressed
    ("platform", ["platform", "bus"], "Priya, the bus leaves from platform nine.", "platform nine"),
    (None, ["bring"], "Great, I will bring the sheet music.", "the sheet music"),
    ("day", ["rehearsal"], "I have no idea, sorry.", None),  # no day in it: quote the line instead
    ("time", ["ferry", "go"], "The ferry goes from pier 4 at 740.", "740"),  # "pier 4" names a pier
    ("time", ["ferry", "leave"], "Yes, we leave at 6 .15.", "6.15"),  # a decimal older Libraries split
    ("time", ["table"], "They have a table at half past seven.", "half past seven"),  # tagged a date
    ("time", ["dinner"], "Where should we have dinner tonight?", None),  # a part of a day is no clock time
    ("time", ["bus", "leave"], "Yes, the bus is leaving at quarter to 8, Jo.", "quarter to 8"),  # tagged "8" alone
    ("time", ["ferry", "go"], "We go at twenty past eleven from pier 2.", "twenty past eleven"),
])
def test_the_short_answer_is_the_asked_part_and_new(asked_for: str | None, terms: list[str], text: str,
                                                      expected: str | None) -> None:
    query = Query(text="q", terms=terms, asked_for=asked_for, people=[], modalities=["speech"])
    assert short_answer(query, text, parse) == expected


def test_an_open_answer_is_short_words_with_the_line_cited() -> None:
    query = Query(text="where did tomasz say the rehearsal is?", intent="what", terms=["rehearsal"],
                  said_verb="say", asked_for="where", modalities=["speech"])
    p = Plan(intent="what", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "rehearsal"},
                                              about=["Tomasz"])])
    decision = EvidenceAnswerer().decide(query, [], p, evidence())
    assert not decision.abstained and decision.text.startswith("the town hall")
    assert decision.cited[0].hit.t0 == T0 + 3


def test_who_said_a_quote_is_the_lines_voice_not_the_company() -> None:
    said = line(3, "It is on Saturday at the town hall.", "Speaker 3")
    partner = Hit("graph", 1, T0, T0 + 60, 1.0, "me co_present Person 5", extra={"source": "me",
                                                                                 "target": "Person 5"})
    ev = number_evidence([MemoryEntry(0, "audio_search", [said], [(said.t0, said.t1)], [], [0.9]),
                          MemoryEntry(1, "entity_graph_search", [partner], [(partner.t0, partner.t1)], [], [0.9])])
    query = Query(text='who said "it is on saturday"?', intent="who", quoted="it is on saturday",
                  modalities=["speech"])
    p = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "saturday"}),
                                     Subtask(goal="g", tool="entity_graph_search", args={"entities": ["me"]})])
    decision = EvidenceAnswerer().decide(query, [], p, ev)
    assert decision.text == "Speaker 3" and decision.cited[0].hit is said


def test_two_sayings_at_different_moments_are_both_given_with_when() -> None:
    # Tomasz named the rehearsal's place twice, differently, a day apart: both lines answer as well
    hits = [*CONVERSATION, line(86_400, "Priya, when is the rehearsal?", "Mirela"),
            line(86_403, "It is on Sunday at the boathouse.", "Tomasz")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.45] * len(hits))])
    query = Query(text="where did tomasz say the rehearsal is?", intent="what", terms=["rehearsal"],
                  said_verb="say", asked_for="where", modalities=["speech"])
    p = Plan(intent="what", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "rehearsal"},
                                              about=["Tomasz"])])
    decision = EvidenceAnswerer(speakers=None).decide(query, [], p, ev)
    assert "the town hall" in decision.text and ", or the boathouse" in decision.text, decision.text
    assert {round(e.hit.t0 - T0) for e in decision.cited} == {3, 86_403}
    # one saying only: one answer
    single = EvidenceAnswerer().decide(query, [], p, evidence())
    assert ", or " not in single.text


def test_a_short_answer_is_never_a_function_word() -> None:
    # "any" is a name the recogniser misheard ("Look Annie, …"): the place is the noun after "in"
    query = Query(text="q", terms=["kite", "find"], asked_for="place", modalities=["speech"])
    assert short_answer(query, "Look in any, I found this kite here in the orchard.", parse) == "the orchard"


def test_what_i_asked_someone_is_the_line_that_calls_on_them() -> None:
    # the recogniser spelt Tomasz "Tomas": the line still calls on him, by sound
    hits = [line(0, "I will ask Priya to come too?", "me"), line(40, "Tomas, when is the rehearsal?", "me")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.5, 0.4])])
    query = Query(text="what did i ask tomasz", said_verb="ask", said_to=["tomasz"], modalities=["speech"])
    found = best_line(query, ["me"], ev, voice, None, parse)
    assert found is not None and found.hit.t0 == T0 + 40


def test_a_price_is_the_amount_said() -> None:
    query = Query(text="q", terms=["lamp"], asked_for="cost", modalities=["speech"])
    assert short_answer(query, "Yes, it costs $60 at the market.", parse) == "60"


def test_an_ordinal_alone_is_no_answer() -> None:
    # nothing in the line but "first" is new: the line is quoted whole instead
    query = Query(text="q", terms=["pharmacy"], modalities=["speech"])
    assert short_answer(query, "I will be at the pharmacy first.", parse) is None


def test_a_suggestion_put_as_a_question_answers_the_question_before_it() -> None:
    hits = [line(0, "Priya, where should we have dinner tonight?", "Tomasz"),
            line(3, "How about the Blue Lantern?", "Priya")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.6, 0.3])])
    query = Query(text="where are we having dinner tonight?", intent="what", terms=["dinner", "tonight"],
                  asked_for="where", modalities=["speech"])
    found = best_line(query, [], ev, voice, None, parse)
    assert found is not None and found.hit.t0 == T0 + 3


@pytest.mark.parametrize(("text", "expected"), [("I think that kite belongs to Mateo.", "Mateo"),
                                                ("Priya, I think it belongs to Anna Kowalski.", "Anna Kowalski")])
def test_a_person_asked_for_is_the_name_in_the_line_whatever_the_tagger_calls_it(text: str, expected: str) -> None:
    query = Query(text="who does the kite belong to?", terms=["kite", "belong"], asked_for="who",
                  modalities=["speech"])
    assert short_answer(query, text, parse) == expected


def test_a_question_the_recogniser_ended_with_a_full_stop_still_asks() -> None:
    hits = [line(0, "Tomasz, when is our next meeting.", "Priya"),
            line(3, "It is on Saturday at the library.", "Tomasz")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.6, 0.3])])
    query = Query(text="when is the meeting?", intent="what", terms=["meeting"], asked_for="when",
                  modalities=["speech"])
    found = best_line(query, [], ev, voice, None, parse)
    assert found is not None and found.hit.t0 == T0 + 3


def test_an_owner_is_named_not_spoken_to_and_a_person_is_no_place() -> None:
    hits = [line(0, "Look, Tomasz, I found this kite near the mill.", "Priya"),
            line(3, "I think that kite belongs to Mirela.", "Tomasz")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.6, 0.6])])
    whose = Query(text="whose kite did priya find near the mill?", intent="what", terms=["kite", "mill", "belong"],
                  asked_for="who", modalities=["speech"])
    found = best_line(whose, [], ev, voice, None, parse)
    assert found is not None and found.hit.t0 == T0 + 3
    # "belongs to Mirela" names a person, not where anything is; "to the day" names a time
    where = Query(text="q", terms=["kite"], asked_for="where", people=[], modalities=["speech"])
    assert short_answer(where, "It is long to the day to the quay, Priya.", parse) == "the quay"
    hits = [line(0, "I think that kite belongs to Mirela.", "Tomasz"),
            line(3, "Are we still going to Lisbon on Friday?", "Priya")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.6, 0.6])])
    going = Query(text="where are we going on friday?", intent="what", terms=["friday"], asked_for="where",
                  modalities=["speech"])
    found = best_line(going, [], ev, voice, None, parse)
    assert found is not None and found.hit.t0 == T0 + 3
