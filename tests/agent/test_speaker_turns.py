"""Who said a line when voices are merged or names misheard: names compared as heard, the line's turn in its
conversation (who was called on just before, whom a reply answers), and the passage that says a quote.
Names and lines made up for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from vidmem.agent.answer import EvidenceAnswerer, number_evidence
from vidmem.agent.answer.evidence import quote_moment
from vidmem.agent.query import Query
from vidmem.agent.query.reader import parse
from vidmem.agent.speakers import (
    SpeakerDirectory,
    SpeakerInfo,
    addressed,
    name_slots,
    same_name,
    sounds_alike,
    turn_names,
)
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.retrieval.types import Hit

T0 = datetime(2026, 5, 4, 10, 0, tzinfo=UTC).timestamp()


def line(t: float, text: str, speaker_id: int | None = None, before: str | None = None,
         after: str | None = None) -> Hit:
    extra: dict[str, object] = {"speaker_id": speaker_id}
    if before:
        extra["before"] = {"text": before, "t0": T0 + t - 3, "t1": T0 + t - 1}
    if after:
        extra["after"] = {"text": after, "t0": T0 + t + 3, "t1": T0 + t + 5}
    return Hit("audio", 1, T0 + t, T0 + t + 2.5, 1.0, text, extra=extra)


def evidence(*hits: Hit) -> list:
    return number_evidence([MemoryEntry(0, "audio_search", list(hits), [(h.t0, h.t1) for h in hits], [],
                                        [0.9 - 0.1 * i for i in range(len(hits))])])


WHO = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "q"}, pick="best")])


@pytest.mark.parametrize(("heard", "name"), [("Bertil", "Bertil"), ("Marguerita", "Margarita"),
                                             ("Filippa", "Philippa"), ("Chun", "Chen"), ("Zofie", "Sofie"),
                                             ("Hendrik", "Endrik")])
def test_misheard_names_sound_alike(heard: str, name: str) -> None:
    assert same_name(heard, name) > 0


@pytest.mark.parametrize(("a", "b"), [("Bertil", "Gunnar"), ("Ottilie", "Agnes"), ("Lev", "Maksim"),
                                      ("Ines", "Imke")])
def test_different_names_do_not(a: str, b: str) -> None:
    assert same_name(a, b) == 0.0 and sounds_alike(a, b) < 0.75


def test_names_called_on_include_a_lead_in_verb() -> None:
    assert addressed("Listen Ottilie, I found your scarf by the pier.", parse) == ["Ottilie"]
    assert addressed("Of course, Gunnar.", parse) == ["Gunnar"]
    assert addressed("I gave the scarf to Ottilie yesterday.", parse) == []
    assert addressed("On Friday, the usual spot.", parse) == [] and addressed("At Lisbon, we met.", parse) == []


def test_turn_names_read_who_was_called_on_and_whom_a_reply_answers() -> None:
    called = line(10, "It is on Friday at the boathouse.", before="Gunnar, when do we sail?")
    assert set(turn_names(called.extra, parse)) == {"Gunnar"}
    answered = line(10, "May I come too? I can bring the map.", after="Of course, Agnes.")
    assert set(turn_names(answered.extra, parse)) == {"Agnes"}
    # a line after it that calls on someone new starts another exchange: no cue
    new_turn = line(10, "It was under the bench.", after="Agnes, did you see the boat?")
    assert turn_names(new_turn.extra, parse) == {}
    # a neighbour that is part of the same quote (one turn cut in two) says nothing about the turn
    cut = line(12, "I can bring the map.", before="Agnes, may I come too?")
    assert turn_names(cut.extra, parse, skip=lambda text: "come" in text) == {}


def test_who_said_reads_the_turn_when_one_voice_holds_the_wearer_and_a_friend() -> None:
    # voice 1 is heard most (the wearer, "me" 0.6) but also holds Agnes; the line before calls on Agnes
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {}, 10)])
    answerer = EvidenceAnswerer(speakers=directory)
    reply = line(20, "It is on Friday at the boathouse.", 1, before="Agnes, when do we sail?")
    options = ["A. Gunnar", "B. Agnes", "C. Lev", "D. me (the camera wearer)"]
    d = answerer.decide(Query(text='Who said "It is on Friday at the boathouse."?',
                              quoted="It is on Friday at the boathouse."), options, WHO, evidence(reply))
    assert d.choice == "B"


def test_a_misheard_voice_name_counts_for_the_option_it_sounds_like_only_when_unambiguous() -> None:
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30),
                                  SpeakerInfo(2, "Speaker 2", {"Marguerita": 0.5}, 10)])
    answerer = EvidenceAnswerer(speakers=directory)
    said = line(20, "The ferry leaves at noon.", 2)
    quote = Query(text='Who said "The ferry leaves at noon."?', quoted="The ferry leaves at noon.")
    d = answerer.decide(quote, ["A. Gunnar", "B. Margarita", "C. Lev", "D. me (the camera wearer)"], WHO,
                        evidence(said))
    assert d.choice == "B" and d.option_scores[1] > 0
    # two options sound as much like the name heard ("Jon"): neither gets its voice
    jon = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Jon": 0.5}, 10)])
    d = EvidenceAnswerer(speakers=jon).decide(quote, ["A. Jan", "B. Jen", "C. Lev", "D. Gunnar"], WHO,
                                              evidence(said))
    assert d.option_scores[0] == d.option_scores[1] == 0


def test_a_name_the_quote_calls_someone_by_is_not_its_speaker_nor_the_wearer_when_it_is_the_wearers_name() -> None:
    # others call the wearer's voice Bertil; the quote calls on Bertil, so the wearer did not say it
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Bertil": 0.6}, 30),
                                  SpeakerInfo(2, "Speaker 2", {}, 9)])
    answerer = EvidenceAnswerer(speakers=directory)
    said = line(20, "Are we still sailing on Sunday?", 1, after="Yes, Lev.")  # the recogniser lost the name
    quote = Query(text='Who said "Are we still sailing on Sunday, Bertil?"?',
                  quoted="Are we still sailing on Sunday, Bertil?")
    d = answerer.decide(quote, ["A. Gunnar", "B. me (the camera wearer)", "C. Lev", "D. Agnes"], WHO,
                        evidence(said))
    assert d.choice == "C" and d.option_scores[1] == 0


def test_the_passage_that_says_most_of_a_quote_wins_and_keeps_both_its_lines() -> None:
    ev = evidence(line(10, "Agnes, may I come along?"), line(300, "Agnes, may I come along?"),
                  line(303, "I will wait at the lighthouse first."), line(600, "The lighthouse is closed."))
    moment = quote_moment(ev, "Agnes, may I come along? I will wait at the lighthouse first.")
    assert [round(e.hit.t0 - T0) for e in moment] == [300, 303]
    assert quote_moment(ev, "Nothing of this was said.") == []


def test_a_reply_that_repeats_a_word_of_the_quote_is_not_part_of_it() -> None:
    ev = evidence(line(10, "Look, Bertil, I found this kite near the pier."), line(13, "That kite is Agnes's."))
    moment = quote_moment(ev, "Look Bertil, I found this kite near the pier.")
    assert [round(e.hit.t0 - T0) for e in moment] == [10]


def test_a_neighbour_in_the_same_voice_counts_less_since_it_may_be_the_same_turn() -> None:
    cut = line(12, "I will wait at the lighthouse.", speaker_id=4, before="Bertil, may I come too?")
    cut.extra["before"]["speaker_id"] = 4
    reply = line(12, "I will wait at the lighthouse.", speaker_id=4, before="Bertil, may I come too?")
    reply.extra["before"]["speaker_id"] = 2
    assert turn_names(cut.extra, parse)["Bertil"] < turn_names(reply.extra, parse)["Bertil"]


def test_a_quote_said_where_the_question_puts_it_wins_over_a_fuller_match_elsewhere() -> None:
    ev = evidence(line(10, "I guess the kite belongs to Lev."), line(500, "I think that kite belongs to Lev."))
    quote = "I think that kite belongs to Lev."
    assert [round(e.hit.t0 - T0) for e in quote_moment(ev, quote)] == [500]
    # the question says it was said during the visit at 0-60 s
    assert [round(e.hit.t0 - T0) for e in quote_moment(ev, quote, within=[(T0, T0 + 60)])] == [10]


def test_who_counts_graph_partners_only_between_people() -> None:
    def edge(relation: str, target: str) -> Hit:
        return Hit("graph", 1, T0, T0 + 60, 1.0, f"me {relation} {target}",
                   extra={"source": "me", "target": target, "relationship": relation})

    hits = [edge("located_at", "tabby cat"), edge("interacts_with", "kite"), edge("talks_to", "Agnes")]
    ev = number_evidence([MemoryEntry(0, "entity_graph_search", hits, [(h.t0, h.t1) for h in hits], [],
                                      [0.9, 0.8, 0.5])])
    plan = Plan(intent="who", subtasks=[Subtask(goal="g", tool="entity_graph_search", args={"entities": ["me"]})])
    d = EvidenceAnswerer().decide(Query(text="who did I talk to?", intent="who"), [], plan, ev)
    assert d.text == "Agnes"


def test_a_name_heard_in_the_turn_is_spelt_as_a_name_the_user_gave() -> None:
    # the user renamed voice 3 "Margarita"; the recogniser wrote "Marguerita" in the reply
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30),
                                  SpeakerInfo(3, "Speaker 3", {"Margarita": 1.0}, 5),
                                  SpeakerInfo(2, "Speaker 2", {}, 9)])
    said = line(20, "May I come along to the pier?", 2, after="Of course, Marguerita.")
    voices = EvidenceAnswerer(speakers=directory).voices(said)
    assert "Margarita" in voices and "Marguerita" not in voices
    assert directory.known_name("Gunnar") == "Gunnar"  # no known name sounds like it: as heard


def test_the_wearers_voice_named_after_what_others_call_the_wearer_answers_as_me() -> None:
    # the most-heard voice was named Bertil because others call the wearer Bertil: that voice is "me"
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Bertil": 0.7}, 30),
                                  SpeakerInfo(2, "Speaker 2", {"Agnes": 0.8}, 9)])
    answerer = EvidenceAnswerer(speakers=directory)
    said = line(20, "I will bring the map tomorrow.", 1)
    assert set(answerer.voices(said)) == {"me"} and answerer.voices(said)["me"] == pytest.approx(0.7)
    quote = Query(text='who said "I will bring the map tomorrow"?', intent="who",
                  quoted="I will bring the map tomorrow.")
    assert answerer.decide(quote, [], WHO, evidence(said)).text == "me (the camera wearer)"


def test_a_quote_is_found_as_the_recogniser_spelt_its_words() -> None:
    # "Sofie" was written "Sophie": that line carries every word of the quote, the other line one fewer
    ev = evidence(line(10, "I guess the kite belongs to Lev."), line(500, "I think that kite belongs to Sophie."))
    assert [round(e.hit.t0 - T0) for e in quote_moment(ev, "I think that kite belongs to Sofie.")] == [500]


def test_a_name_the_wearers_voice_calls_others_by_is_not_the_wearers() -> None:
    # the most-heard voice holds the wearer and Agnes (they sound alike), so it was named Agnes; but that
    # voice says "Look Agnes, …": the wearer calls Agnes by name, so Agnes is not the wearer
    lines = {1: ["Look Agnes, the kite is here.", "I will bring the map."]}
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Agnes": 0.45}, 30),
                                  SpeakerInfo(2, "Speaker 2", {"Lev": 0.8}, 9)],
                                 calls=lambda sid: [n for text in lines.get(sid, []) for n in addressed(text, parse)])
    assert directory.wearer_names() == {}
    answerer = EvidenceAnswerer(speakers=directory)
    voices = answerer.voices(line(20, "I will bring the map.", 1))
    assert voices["me"] > voices.get("Agnes", 0.0)
    # the line just after someone called on Agnes is hers, even in the wearer's voice
    reply = line(40, "It is on Monday at the pier.", 1, before="Agnes, when do we sail?")
    assert max(answerer.voices(reply).items(), key=lambda kv: kv[1])[0] == "Agnes"
    # without lines calling anyone, the name others call the wearer's voice stays the wearer's
    assert SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Bertil": 0.7}, 30)], calls=lambda sid: []
                            ).wearer_names() == {"Bertil": 0.7}


def test_who_said_what_the_question_words_is_the_voice_of_the_line_that_says_it() -> None:
    # no quote marks: the line carrying most of the said words answers, not the wearer heard near it
    hits = [line(10, "Look Lev, I found this kite near the pier.", 1),
            line(13, "I think that kite belongs to Agnes.", 2), line(300, "Lev, where is the kite?", 1)]
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Lev": 0.8}, 5)])
    query = Query(text="who said the kite belongs to agnes", intent="who", said_verb="say",
                  said_what="the kite belongs to agnes", modalities=["speech"])
    assert EvidenceAnswerer(speakers=directory).decide(query, [], WHO, evidence(*hits)).text == "Lev"


def test_an_open_who_answer_gives_the_name_a_user_gave_the_wearers_voice() -> None:
    # the user named the voice heard most (the wearer's) Ingrid; asked without options who said its line, the
    # answer is the wearer, by that name
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Ingrid": 1.0}, 30, given="Ingrid"),
                                  SpeakerInfo(2, "Speaker 2", {}, 9)])
    said = line(20, "The ferry leaves at noon, Lev.", 1)
    quote = Query(text='who said "The ferry leaves at noon, Lev."', quoted="The ferry leaves at noon, Lev.")
    d = EvidenceAnswerer(speakers=directory).decide(quote, [], WHO, evidence(said))
    assert d.text == "me (Ingrid, the camera wearer)"
    unnamed = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {}, 9)])
    assert EvidenceAnswerer(speakers=unnamed).decide(quote, [], WHO, evidence(said)).text == "me (the camera wearer)"


def test_an_open_who_answer_spells_a_heard_name_as_the_library_writes_it_most_often() -> None:
    # the recogniser wrote "Ingmar" once (calling on the voice) and "Ingemar" twice inside other lines; the
    # answer names the voice by the spelling heard most
    lines = ["Then I will ask Ingemar to come.", "Look Ingemar, the kite is here.", "Ingmar, where is the pier?"]
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30),
                                  SpeakerInfo(2, "Speaker 2", {"Ingmar": 0.45}, 6, opening=("Ingmar",))],
                                 lines=lambda: lines)
    said = line(20, "The ferry leaves at noon.", 2)
    quote = Query(text='who said "The ferry leaves at noon."', quoted="The ferry leaves at noon.")
    assert EvidenceAnswerer(speakers=directory).decide(quote, [], WHO, evidence(said)).text == "Ingemar"
    # heard as often as it is written elsewhere, or given by the user, the name stays as it is
    assert SpeakerDirectory([SpeakerInfo(2, "Speaker 2", {"Ingmar": 0.45}, 6, opening=("Ingmar",))],
                            lines=lambda: lines[:1]).spelling("Ingmar") == "Ingmar"
    assert SpeakerDirectory([SpeakerInfo(2, "Speaker 2", {"Ingmar": 1.0}, 6, given="Ingmar")],
                            lines=lambda: lines).spelling("Ingmar") == "Ingmar"


def test_a_spelling_that_is_another_voices_name_is_another_person() -> None:
    lines = ["I saw Jonah at the pier.", "Thanks Jonah, see you.", "Ask Jonah too."]
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Jonas": 0.6}, 8),
                                  SpeakerInfo(2, "Speaker 2", {"Jonah": 0.6}, 8)], lines=lambda: lines)
    assert directory.spelling("Jonas") == "Jonas"


def test_a_voice_known_by_no_name_answers_for_the_one_option_no_voice_is_known_by() -> None:
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Gunnar": 0.7}, 8),
                                  SpeakerInfo(3, "Speaker 3", {}, 6), SpeakerInfo(4, "Speaker 4", {"Bertil": 0.8}, 7)])
    answerer = EvidenceAnswerer(speakers=directory)
    question = Query(text="who besides me spoke at the boathouse around 10:00?", intent="who")
    options = ["A. Gunnar", "B. Bertil", "C. Agnes"]
    unnamed = line(20, "The kayaks are out back.", 3)
    d = answerer.decide(question, options, WHO, evidence(unnamed))
    assert d.choice == "C" and d.option_scores[0] == d.option_scores[1] == 0
    # a voice known by a name answers for that name; elimination only fills in what no name explains
    everyone = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "*"}, pick="all")])
    d = answerer.decide(question, options, everyone, evidence(line(40, "Mind the oars.", 2), unnamed))
    assert d.choice == "A" and d.option_scores[0] > d.option_scores[2] > 0


def test_name_slots_are_where_a_line_calls_someone() -> None:
    assert name_slots("Looked the MITRI, I found this scarf near the pier.") == ["Looked the MITRI"]
    assert name_slots("Of course, Mei.") == ["Of course", "Mei"]
    assert name_slots("I think that scarf belongs to Ottilie.") == []
    assert name_slots("After the long walk along the pier, we sat down, tired.") == ["tired"]


def test_among_options_no_voice_is_known_by_the_one_called_on_before_the_unnamed_voice_speaks_wins() -> None:
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(3, "Speaker 3", {}, 6),
                                  SpeakerInfo(4, "Speaker 4", {"Bertil": 0.8}, 7)])
    answerer = EvidenceAnswerer(speakers=directory)
    question = Query(text="who spoke both at the boathouse and at the pier?", intent="who")
    options = ["A. Agnes", "B. Ottilie", "C. Bertil"]
    reply = line(20, "I think that scarf belongs to Gunnar.", 3)
    d = answerer.decide(question, options, WHO, evidence(reply))
    assert d.choice is not None and d.option_scores[0] == d.option_scores[1] > 0  # nothing tells them apart
    reply.extra["before"] = {"text": "Looked the OTILLY, I found this scarf.", "speaker_id": 1}  # as transcribed
    d = answerer.decide(question, options, WHO, evidence(reply))
    assert d.choice == "B" and d.option_scores[1] > d.option_scores[0] > 0
    # a name mentioned in the line before is no call: "belongs to Agnes" says nothing of who answers
    reply.extra["before"] = {"text": "I think the scarf belongs to Agnes.", "speaker_id": 1}
    d = answerer.decide(question, options, WHO, evidence(reply))
    assert d.option_scores[0] == d.option_scores[1]


def test_the_one_a_reply_after_the_unnamed_voice_names_as_heard_wins() -> None:
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(3, "Speaker 3", {}, 6)])
    answerer = EvidenceAnswerer(speakers=directory)
    question = Query(text="who spoke both at the boathouse and at the pier?", intent="who")
    options = ["A. Agnes", "B. Dmitri", "C. Ottilie"]
    asked = line(20, "Can I come along?", 3)
    asked.extra["after"] = {"text": "Of course, DMI -DRI.", "speaker_id": 1}  # the wearer's reply, as transcribed
    d = answerer.decide(question, options, WHO, evidence(asked))
    assert d.choice == "B" and d.option_scores[1] > max(d.option_scores[0], d.option_scores[2])
    assert min(d.option_scores[0], d.option_scores[2]) > 0  # the others may still be the voice
    # a question after the line calls on someone new, it answers no one
    asked.extra["after"] = {"text": "And you, DMI -DRI?", "speaker_id": 1}
    d = answerer.decide(question, options, WHO, evidence(asked))
    assert d.option_scores[0] == d.option_scores[1] == d.option_scores[2]


def test_a_voice_known_only_by_a_name_no_option_carries_may_be_an_option_no_voice_is_known_by() -> None:
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Gunnar": 0.7}, 8),
                                  SpeakerInfo(5, "Speaker 5", {"Remy": 0.8}, 6)])  # "Ravi" as the recogniser heard it
    answerer = EvidenceAnswerer(speakers=directory)
    question = Query(text="who besides me spoke at the boathouse around 10:00?", intent="who")
    options = ["A. Gunnar", "B. Ravi"]
    misnamed = line(20, "Thanks, I will bring my jacket.", 5)
    d = answerer.decide(question, options, WHO, evidence(misnamed))
    assert d.choice == "B" and d.option_scores[0] == 0 < d.option_scores[1]
    # less surely than a voice known as nobody, and never over a voice known by an option's name
    unnamed = EvidenceAnswerer(speakers=SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30),
                                                          SpeakerInfo(5, "Speaker 5", {}, 6)]))
    assert unnamed.decide(question, options, WHO, evidence(misnamed)).option_scores[1] > d.option_scores[1]
    everyone = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "*"}, pick="all")])
    d = answerer.decide(question, options, everyone, evidence(line(40, "Mind the oars.", 2), misnamed))
    assert d.choice == "A"


def test_who_spoke_first_gives_the_one_option_no_voice_is_known_by_the_voice_no_option_claims() -> None:
    # Ravi's voice was named after a mishearing ("Remy"); Gunnar and Lev are known by their voices
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Gunnar": 0.9}, 9),
                                  SpeakerInfo(3, "Speaker 3", {"Lev": 0.9}, 9),
                                  SpeakerInfo(4, "Speaker 4", {"Remy": 0.8}, 9)])
    lines = evidence(line(10, "Morning, all.", 4), line(20, "Shall we start?", 2), line(30, "Yes, let us.", 3))
    order = Plan(intent="order", subtasks=[Subtask(goal="every line", tool="audio_search", args={"query": "*"})])
    query = Query(text="who spoke first: gunnar, lev or ravi?", ordinal="first")
    d = EvidenceAnswerer(speakers=directory).decide(query, ["A. Gunnar", "B. Lev", "C. Ravi"], order, lines)
    assert d.choice == "C"
    # two options no voice is known by: the unclaimed voice could be either, so neither gets it
    d = EvidenceAnswerer(speakers=directory).decide(query, ["A. Gunnar", "B. Ines", "C. Ravi"], order, lines)
    assert d.choice == "A" and d.option_scores[1] == d.option_scores[2] == 0


def test_options_no_voice_is_known_by_are_ordered_by_how_like_the_name_the_voice_was_called_they_sound() -> None:
    # an unnamed voice; the reply calls it "May" (the recogniser's spelling of an unfamiliar name): too unlike any
    # option to be taken as one, it still orders the options the voice may be
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {}, 9)])
    said = line(20, "The ferry leaves at noon.", 2, after="Of course, May.")
    quote = Query(text='Who said "The ferry leaves at noon."?', quoted="The ferry leaves at noon.")
    d = EvidenceAnswerer(speakers=directory).decide(quote, ["A. Olga", "B. Mei", "C. Lev"], WHO, evidence(said))
    assert d.choice == "B" and d.option_scores[1] > d.option_scores[0] > 0
