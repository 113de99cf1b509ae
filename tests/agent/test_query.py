"""Reading a question into a Query: time words on a Library's timeline, the kind of question by meaning,
people (names as said, the wearer, descriptions), quoted words and the evidence a question points at.

Names, places and wording here are made up for these tests and belong to no generated world.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from vidmem.agent.query import QueryReader, Timeline, Vocabulary, read_times
from vidmem.agent.query.intent import shared_intent_reader
from vidmem.timeline import Clock

# three recorded days: Monday 2 – Wednesday 4 March 2026 (UTC), 08:00–20:00 each
ORIGIN = datetime(2026, 3, 2, 8, 0, tzinfo=UTC).timestamp()
CLOCK = Clock(ORIGIN, "UTC")
SPANS = [(CLOCK.day_range(d)[0] + 8 * 3600, CLOCK.day_range(d)[0] + 20 * 3600) for d in (1, 2, 3)]
TIMELINE = Timeline.of(CLOCK, SPANS)


def at(day: int, hh: int, mm: int = 0) -> float:
    return CLOCK.day_range(day)[0] + hh * 3600 + mm * 60


@pytest.mark.parametrize(("words", "day"), [
    ("on day 2", 2), ("on the second day", 2), ("today", 3), ("yesterday", 2), ("the day before yesterday", 1),
    ("on tuesday", 2), ("on Monday", 1), ("last wednesday", None), ("2 days ago", 1), ("on march 3", 2),
    ("on 4 March 2026", 3), ("on 2026-03-02", 1),
])
def test_days_resolve_on_the_timeline(words: str, day: int | None) -> None:
    span, rest = read_times(f"what did I eat {words}?", TIMELINE)
    assert span is not None, words
    if day is None:  # "last wednesday" from Wednesday is the week before: no footage, still a day
        assert span.days == [3 - 7]
        return
    assert span.days == [day] and span.ranges == [CLOCK.day_range(day)]
    assert words.split()[-1].lower() not in rest.lower()  # the time words are taken out of the question


def test_now_moves_today() -> None:
    timeline = Timeline.of(CLOCK, SPANS, now=at(2, 12))
    span, _ = read_times("what did I see yesterday morning?", timeline)
    assert span is not None and span.days == [1] and span.ranges == [(at(1, 5), at(1, 12))]


@pytest.mark.parametrize(("words", "lo", "hi"), [
    ("around 14:05", (14, 3), (14, 7)),
    ("at about 3 pm", (14, 30), (15, 30)),
    ("between 2 and 4", (14, 0), (16, 0)),
    ("from 9am to 11am", (9, 0), (11, 0)),
    ("in the afternoon", (12, 0), (17, 0)),
    ("in the evening", (17, 0), (21, 0)),
    ("after 6 pm", (18, 0), (24, 0)),
])
def test_clock_words_on_a_named_day(words: str, lo: tuple[int, int], hi: tuple[int, int]) -> None:
    span, _ = read_times(f"on day 2 what was I doing {words}?", TIMELINE)
    assert span is not None and span.ranges == [(at(2, *lo), at(2, *hi))], words


def test_clock_without_a_day_applies_to_every_recorded_day() -> None:
    span, _ = read_times("who did I see at 10:30?", TIMELINE)
    assert span is not None and span.days == [1, 2, 3] and len(span.ranges) == 3


def test_numbers_that_are_not_times_are_left_alone() -> None:
    span, rest = read_times("how many times did I pay 5 euros for 2 coffees?", TIMELINE)
    assert span is None and "5 euros" in rest and "2 coffees" in rest


@pytest.fixture(scope="module")
def reader() -> QueryReader:
    vocab = Vocabulary.of(["Priya Nair", "Tomasz"], ["bakery"])
    return QueryReader(TIMELINE, vocabulary=vocab, intents=shared_intent_reader())


# several ways of asking for each kind of answer
PARAPHRASES: dict[str, list[str]] = {
    "who": ["who told me about the broken heater?", "which person asked me for a lift yesterday?",
            "which other person than me spoke at the bakery?",
            "do you remember who was with me at the bakery", "whose voice did I hear asking about rent"],
    "where": ["where was I when priya called?", "in which room did I leave the umbrella?",
              "what place did I go to after lunch on tuesday"],
    "when": ["when did I get to the office?", "what time did tomasz mention the invoice",
             "at about what time did I leave the bakery on day 1?", "which day did i go to the bakery?"],
    "how_many": ["how many times did I see a red car?", "how often did tomasz bring up the budget",
                 "count the times I went outside today"],
    "text": ["what did the sign at the entrance say?", "what was written on the whiteboard this morning",
             "what words were printed on the poster?"],
}


@pytest.mark.parametrize(("intent", "question"), [(i, q) for i, qs in PARAPHRASES.items() for q in qs])
def test_intent_from_many_phrasings(reader: QueryReader, intent: str, question: str) -> None:
    query = reader.read(question)
    # "in which room did I leave the umbrella": what was said first, else where it was seen (the second reading)
    assert intent in {query.intent, query.otherwise.intent if query.otherwise else None}


def test_what_questions_point_at_their_evidence(reader: QueryReader) -> None:
    held = reader.read("what was I holding when tomasz came in?")
    assert held.wants("near_camera") and held.anchor is not None and held.anchor.relation == "around"
    said = reader.read("what did priya say about the heater?")
    assert said.wants("speech") and said.speaker is not None and said.speaker.name == "priya"
    sign = reader.read('where did I see the words "closed for repairs"?')
    assert sign.quoted == "closed for repairs" and sign.wants("ocr") and sign.wants("speech")
    company = reader.read("who was with me at the bakery?")
    assert {"faces", "voices", "graph"} <= set(company.modalities)


def test_people_names_wearer_and_descriptions(reader: QueryReader) -> None:
    q = reader.read("what did ines tell me right before I left the bakery on day 2?")
    assert q.speaker is not None and q.speaker.name == "ines"  # an unknown lowercase name, by its role
    assert q.wearer_asked and q.time is not None and q.time.days == [2]
    assert q.anchor is not None and q.anchor.relation == "before" and q.anchor.ends and q.anchor.kind == "place"
    described = reader.read("what did the woman who sold me the bread say?")
    assert any(p.description and "sold me the bread" in p.description for p in described.people)
    other = reader.read("who other than me spoke at the bakery around 10:03?")
    assert other.excludes_wearer and other.time is not None


def test_ordinals_next_and_usually(reader: QueryReader) -> None:
    # the listed things, their articles dropped (they are searched for and named in an answer)
    assert reader.read("which of these did I see first: a bus, a bicycle, a kite?").listed == ["bus", "bicycle", "kite"]
    assert reader.read("where did I go next after the bakery?").next
    assert reader.read("where do I usually eat lunch?").usually
    assert reader.read("what did I see the last time I was at the bakery?").anchor.pick == "last"  # type: ignore[union-attr]


# given items compared by time: places by my visits, topics by when they were raised (own wording)
@pytest.mark.parametrize(("question", "places"), [
    ("which of these places did I go to first: the pier, the mill or the chapel?", True),
    ("Of pier, mill or chapel, which did I visit earliest on day 2?", True),
    ("of the pier and the mill, which one was i at last?", True),
    ("which did I get to first, the mill or the pier?", True),
    ("Of kite, lamp or kettle, which came into view first today?", False),
    ("which did i come across first: the kite or the lamp?", False),
])
def test_items_compared_by_time_are_an_order_question(reader: QueryReader, question: str, places: bool) -> None:
    options = ["A. pier", "B. mill"] if places else ["A. kite", "B. lamp"]
    q = reader.read(question, options)
    assert q.intent == "order" and q.ordinal in {"first", "last"}
    assert q.wants("places") == places


@pytest.mark.parametrize("question", ["Of the lamp, Lisbon or noon, which was brought up first?",
                                      "what came up first in conversation: the lamp or lisbon?"])
def test_topics_raised_in_talk_are_searched_in_speech(reader: QueryReader, question: str) -> None:
    q = reader.read(question, ["A. lamp", "B. Lisbon"])
    assert q.intent == "order" and q.wants("speech")


@pytest.mark.parametrize("question", ["first speaker yesterday: me, priya or tomasz",
                                      "Who was the last speaker on day 2, Priya or Tomasz?"])
def test_a_speaker_is_one_who_spoke_not_a_thing_in_view(reader: QueryReader, question: str) -> None:
    q = reader.read(question, ["A. Priya", "B. Tomasz"])
    assert q.intent == "order" and q.wants("speech") and not q.objects, (q.intent, q.modalities, q.objects)


@pytest.mark.parametrize("question", ['Where did Tomasz say "bring the blue bag"?',
                                      'what place was i at when i heard priya say "it is closed today"?'])
def test_where_a_quote_was_said_asks_where(reader: QueryReader, question: str) -> None:
    assert reader.read(question).intent == "where"


def test_a_verb_inside_what_was_said_is_searched_for_but_not_the_question_own(reader: QueryReader) -> None:
    # "bring" is what was said (the reported clause), so it is a search word; "holding" asks what was seen
    said = reader.read("What did Ottilie say they would bring to the picnic?")
    assert "bring" in said.terms and "picnic" in said.terms
    held = reader.read('What was I holding when Ottilie said "the kite is blue"?')
    assert "hold" not in held.terms and "holding" not in held.terms


@pytest.mark.parametrize("question", ['What was I holding when I said "the kite is blue"?',
                                      "i said 'see you at the mill' — what was in front of me?"])
def test_the_wearer_who_said_the_anchor_line_is_its_speaker(reader: QueryReader, question: str) -> None:
    anchor = reader.read(question).anchor
    assert anchor is not None and anchor.kind == "speech"
    assert [(p.wearer, p.role) for p in anchor.people] == [(True, "speaker")]


# the clause that locates the asked thing may come first, or as a visit (own wording)
@pytest.mark.parametrize(("question", "kind", "pick", "visit"), [
    ("Where I noticed the kite, who was talking?", "visual", "best", True),
    ("at the spot where I saw the ladder, who spoke?", "visual", "best", True),
    ("The last time tomasz spoke, what was I holding?", "speech", "last", False),
    ("the first time I heard Priya, what could I see?", "speech", "first", False),
    ("who was talking where I spotted the ladder?", "visual", "best", True),
    ("At the place we found the ladder, who spoke?", "visual", "best", True),
    # "there" is the place of that moment; "who was there" asks who was present at the moment itself
    ("the first time Priya talked, which thing could I see there?", "speech", "first", True),
    ("Who was there when tomasz spoke?", "speech", "best", False),
])
def test_an_anchor_clause_before_the_question(reader: QueryReader, question: str, kind: str, pick: str,
                                              visit: bool) -> None:
    q = reader.read(question)
    assert q.anchor is not None and (q.anchor.kind, q.anchor.pick, q.anchor.visit) == (kind, pick, visit)
    assert q.intent == ("who" if "who" in question.lower() else "what")  # read from the question, not the anchor
    assert not reader.read("Where did I go, after the bakery?").anchor or \
        reader.read("Where did I go, after the bakery?").intent == "where"
    # a "where" that is what was said, not a place named by what happened there
    assert reader.read("what did tomasz say about where the meeting is?").anchor is None


@pytest.mark.parametrize("question", ["where did I go after I saw the poster that said GATE CLOSED?",
                                      "where did I head after the 'GATE CLOSED' notice?"])
def test_what_a_sign_says_is_read_not_heard(reader: QueryReader, question: str) -> None:
    # wherever the quote stands, and with no quote marks at all
    q = reader.read(question)
    assert q.intent == "where" and q.anchor is not None and q.anchor.kind == "text"
    assert {"gate", "closed"} <= set(q.anchor.terms)
    assert reader.read("where was I when Tomasz said the gate was closed?").anchor.kind == "speech"


@pytest.mark.parametrize("question", ["what did I have in my hands on my last visit to the bakery?",
                                      "which thing was in view during our first trip to the bakery?"])
def test_a_visit_locates_the_target(reader: QueryReader, question: str) -> None:
    q = reader.read(question, ["A. kite", "B. ladder"])
    assert q.anchor is not None and q.anchor.kind == "place" and q.anchor.places == ["bakery"]
    assert q.anchor.pick in {"first", "last"} and q.intent == "what"  # not "which came first"
    assert q.known_places == ["bakery"]


@pytest.mark.parametrize("question", ["Who spoke at the bakery as well as at the pier?",
                                      "which person talked both at the bakery and the pier?",
                                      "anyone chatting at the bakery as well as the pier on day 2?",
                                      "who was talking at the bakery and at the pier?",
                                      "who was around at the bakery and the pier as well",
                                      "so who was talking at both the bakery and the pier like the same guy",
                                      "At the bakery and also the pier, who was talking?"])
def test_two_places_that_must_both_hold(reader: QueryReader, question: str) -> None:
    assert reader.read(question).both == ["bakery", "pier"]
    # one place, then something else: no second place to hold
    assert reader.read("who spoke at the bakery and laughed?").both == []


@pytest.mark.parametrize("question", ["who talked first: Ines, Tomasz or me?", "Who said something last today?"])
def test_which_person_spoke_first_is_an_order_question(reader: QueryReader, question: str) -> None:
    q = reader.read(question, ["A. Ines", "B. Tomasz", "C. me (the camera wearer)"])
    assert q.intent == "order" and q.ordinal in {"first", "last"}
    assert reader.read("who talked first at the bakery?").intent == "who"  # no people to compare


def test_a_place_inside_what_was_said_is_its_content_not_where_i_was(reader: QueryReader) -> None:
    said = reader.read("who said the ferry leaves from pier four?")
    assert said.places == [] and "pier" in said.terms
    # a place in the question's own clause is still where
    assert reader.read("what did Ottilie say when I was at the boathouse?").anchor.places == ["boathouse"]
    # the parser hangs "did the sign I saw at the library" on "say" as a clause: the sayer's own
    # words, not what it said
    assert reader.read("what did the sign I saw at the library say?").places == ["library"]


def test_according_to_someone_names_whose_words_are_asked_for(reader: QueryReader) -> None:
    q = reader.read("According to Ottilie, at what time does the ferry leave?")
    assert q.speaker is not None and q.speaker.name == "Ottilie" and q.wants("speech") and q.intent == "what"


def test_an_order_inside_what_was_said_is_not_an_order_question(reader: QueryReader) -> None:
    q = reader.read("who said they would be at the lighthouse first?", ["A. Ottilie", "B. Gunnar", "C. Lev"])
    assert q.intent == "who"
    assert "buy" in reader.read("what did Ottilie ask me about buying?").terms


@pytest.mark.parametrize(("question", "asked_for"), [
    ("At the bakery, where did Ottilie say the picnic is?", "where"),
    ("in the garden yesterday, which day did tomasz say the concert is?", "day"),
    ("By the river, when did priya say the boat leaves?", "when"),
])
def test_a_setting_before_the_question_does_not_hide_what_it_asks(reader: QueryReader, question: str,
                                                                  asked_for: str) -> None:
    # the answer is in what was said, not who said it (the question word follows the setting)
    query = reader.read(question)
    assert query.intent == "what" and query.asked_for == asked_for and query.wants("speech"), query


@pytest.mark.parametrize(("question", "asked_for"), [
    ("On the evening of March 3rd, around 19:40, near which shop did Ottilie say the kite was found?", "shop"),
    ("on the morning of may 9th, around 8:05, at which stall did tomasz say the scarf was sold?", "stall"),
])
def test_the_noun_after_which_is_asked_for_when_time_words_before_it_are_read_off(
        reader: QueryReader, question: str, asked_for: str) -> None:
    # the time words read off leave a fragment before the question word ("On the of,, near which …")
    assert reader.read(question).asked_for == asked_for


def test_a_lead_in_is_neither_a_speech_verb_nor_a_person(reader: QueryReader) -> None:
    query = reader.read("Remind me, what did Ottilie say about the kite?")
    assert query.said_verb == "say" and not any(p.wearer for p in query.people)
    assert query.speaker is not None and query.speaker.name == "Ottilie"


@pytest.mark.parametrize("question", ['Do you know who said "the kite is on the roof"?',
                                      'I would like to know who said "the kite is on the roof"',
                                      'Which of my friends said "the kite is on the roof"?',
                                      'which one of the speakers said "the kite is on the roof"'])
def test_asking_whether_you_know_who_asks_who(reader: QueryReader, question: str) -> None:
    query = reader.read(question)
    assert query.intent == "who" and query.quoted == "the kite is on the roof"


def test_what_was_mentioned_names_what_is_asked_for(reader: QueryReader) -> None:
    # "X mentioned <the thing>. What was it?": the thing's noun says what the answer is
    assert reader.read("Priya mentioned the price of the kettle. What was it?").asked_for == "price"
    vague = reader.read("Tomasz mentioned something to buy for the picnic. What was it?")
    assert vague.asked_for is None and {"buy", "picnic"} <= set(vague.terms)  # what the thing is, searched for
    lost = reader.read("Priya mentioned something that went missing. What was it?")
    assert "go" not in lost.terms  # a light verb ("went missing") is not a topic
    # the parser may read "the time" as an adverb of "mentioned": what follows it is still what was said
    leaving = reader.read("Tomasz mentioned the time we leave for the airport. What was it?")
    assert "leave" in leaving.terms and "speech" in leaving.modalities


def test_every_content_word_of_what_was_said_is_searched(reader: QueryReader) -> None:
    # "come" and "get" say nothing in a question ("when did I come to the bakery"), but they are what was said
    # in "when tomasz asked to come along"
    q = reader.read("where was i when tomasz asked to come along?")
    assert q.anchor is not None and "come" in q.anchor.terms
    assert "come" not in reader.read("when did i come to the bakery?").terms


@pytest.mark.parametrize("question", ["what did priya find near the pier?", "what did Tomasz see at the bakery?",
                                      "how much did the kettle cost?", "how much was the taxi"])
def test_what_others_saw_and_what_things_cost_are_heard(reader: QueryReader, question: str) -> None:
    # the camera shows the wearer's view, not what another person found; an amount is said (or written)
    assert "speech" in reader.read(question).modalities


def test_what_i_saw_is_in_view_and_what_i_found_also_told(reader: QueryReader) -> None:
    assert reader.read("what did i see near the pier?").modalities == ["visual"]
    assert "speech" not in reader.read("what did I see at the bakery?").modalities
    # a find is told as it happens ("Look, I found this kite near the pier"): both are searched
    found = reader.read("what did i find near the pier?")
    assert set(found.modalities) == {"speech", "visual"} and "find" in found.terms


def test_whom_words_were_said_to(reader: QueryReader) -> None:
    assert [n.lower() for n in reader.read("what did i ask tomasz").said_to] == ["tomasz"]
    assert reader.read("What did Priya say to Ottilie about the kite?").said_to == ["Ottilie"]
    told = reader.read("what did priya tell tomasz")
    assert [n.lower() for n in told.said_to] == ["tomasz"] and told.asked_for is None  # a name is no answer
    assert reader.read("what did priya say about tomasz?").said_to == []  # a topic, not whom it was said to


def test_according_to_someone_before_the_question(reader: QueryReader) -> None:
    query = reader.read("according to priya, when is the concert?")
    assert query.intent == "what" and query.asked_for == "when" and query.wants("speech")


@pytest.mark.parametrize(("question", "said", "not_me"), [
    ("who said the kite belongs to ottilie?", "the kite belongs to ottilie", False),
    ("who asked me about the ladder?", "the ladder", True),
    ("Who told me the concert is at the pier", "the concert is at the pier", True),
    ("who mentioned lisbon", "lisbon", False),
    ("who spoke at the bakery?", None, False),  # where, not what was said
])
def test_what_was_said_without_quote_marks(reader: QueryReader, question: str, said: str | None,
                                           not_me: bool) -> None:
    query = reader.read(question)
    assert query.intent == "who" and query.said_what == said and query.excludes_wearer == not_me, query


def test_a_day_inside_what_was_said_is_not_when_if_nothing_was_recorded_then(reader: QueryReader) -> None:
    # the recorded days are Monday 2 - Wednesday 4 March; a Sunday inside what was said is its content
    said = reader.read("who said the boat leaves on sunday")
    assert said.time is None and "sunday" in said.terms
    assert reader.read("what did priya say on tuesday?").time is not None  # when it was said


@pytest.mark.parametrize(("question", "name"), [
    ("in how many conversations did wanjiru speak yesterday", "wanjiru"),
    ("how often was oskar talking today", "oskar"),
    ("how many conversations had thandeka speaking on day 2?", "thandeka"),
])
def test_a_lower_case_name_the_library_does_not_know_is_the_inverted_speaker(reader: QueryReader, question: str,
                                                                              name: str) -> None:
    query = reader.read(question)
    assert query.speaker is not None and query.speaker.name == name


@pytest.mark.parametrize(("question", "name"), [
    ("number of separate conversations wanjiru spoke in on day 1?", "wanjiru"),
    ("how many chats oskar said something in on monday?", "oskar"),
    ("ok so in how many separate convos thandeka said something yesterday", "thandeka"),
])
def test_a_lower_case_name_before_a_speech_verb_after_what_is_counted_is_the_speaker(
        reader: QueryReader, question: str, name: str) -> None:
    # the "that" left out: the parser reads "conversations wanjiru" as one noun
    query = reader.read(question)
    assert query.intent == "how_many" and query.unit == "conversation"
    assert [p.name for p in query.people] == [name]


@pytest.mark.parametrize("question", ["how many times was pasta mentioned", "how often was rent brought up today"])
def test_what_was_mentioned_is_no_speaker(reader: QueryReader, question: str) -> None:
    query = reader.read(question)
    assert query.speaker is None and not [p for p in query.people if not p.wearer]


def test_questions_told_in_parts_read_as_one(reader: QueryReader) -> None:
    q = reader.read('"The ladder is in the shed." — Tomasz said that on day 2. What could I see at that moment?')
    assert q.anchor is not None and q.anchor.kind == "speech" and q.anchor.quoted == "The ladder is in the shed."
    assert q.speaker is None and any(p.name == "Tomasz" for p in q.anchor.people) and q.time and q.time.days == [2]
    assert q.text.startswith('"The ladder')  # the question as asked is kept for the trace
    q = reader.read("I'm trying to remember which gate the bus leaves from — Priya said it yesterday.")
    assert q.intent == "what" and q.speaker is not None and q.speaker.name == "Priya" and q.time.days == [2]


def test_plain_words_for_who_where_and_when(reader: QueryReader) -> None:
    assert reader.read("Which individual said 'the kettle is on'?").intent == "who"
    assert reader.read("What was the location when Tomasz said 'the kettle is on'?").intent == "where"
    for asked in ("Roughly when did I first reach the bakery?", "How early did I get to the bakery on day 1?",
                  "What was the earliest time I was at the bakery?"):
        q = reader.read(asked)
        assert q.intent == "when" and q.ordinal == "first" and q.anchor is None, asked
    # the words heard pin who said them, whoever it was; with no words, the one heard is someone else
    assert not reader.read("who did i hear say 'the kettle is on'?").excludes_wearer
    assert reader.read("who did i hear at the bakery on day 1?").excludes_wearer


def test_a_fluent_learners_turns_of_phrase(reader: QueryReader) -> None:
    q = reader.read("More or less at what hour I arrived to the bakery for the first time on day 1?")
    assert q.intent == "when" and q.ordinal == "first" and q.listed == []  # "more or less" is no list
    assert reader.read("Where do I usually meet Tomasz, tell me please?").intent == "where"
    q = reader.read("Is it possible to tell me which gate Tomasz said the bus leaves from?")
    assert q.intent == "what" and q.speaker is not None and q.speaker.name == "Tomasz"
    q = reader.read("Please, from among the kite, the ladder or the kettle, which one did I see before the others?")
    assert q.intent == "order" and q.listed == ["kite", "ladder", "kettle"]
    q = reader.read('After the place with the sign of "FIRE EXIT", where I went next?')
    assert q.intent == "where" and q.anchor is not None and q.anchor.kind == "text" and q.anchor.relation == "after"


def test_an_everyday_askers_wording(reader: QueryReader) -> None:
    q = reader.read("Any idea what Tomasz had to say about the bus around 14:05 on day 2?")
    assert q.intent == "what" and q.speaker is not None and q.speaker.name == "Tomasz"
    q = reader.read("Do you know roughly when I first reached the bakery?")
    assert q.intent == "when" and q.ordinal == "first" and q.anchor is None
    q = reader.read("Counting conversations on day 1, how many separate ones did Tomasz speak in?")
    assert q.counting and q.unit == "conversation" and q.speaker is not None and q.speaker.name == "Tomasz"
    q = reader.read("When I run into Tomasz, where am I usually?")
    assert q.intent == "where" and q.usually and q.anchor is None
    assert reader.read("Remind me who spoke at the bakery around 14:05, leaving me out.").excludes_wearer
    assert reader.read("The quarry and the bakery: who spoke at both?").both == ["quarry", "bakery"]
    assert reader.read("The quarry and the bakery, in both places who spoke?").both == ["quarry", "bakery"]


def test_a_careful_writer_avoiding_the_stock_words(reader: QueryReader) -> None:
    q = reader.read("I'd like to know my whereabouts at the moment Tomasz remarked 'the kettle is on'.")
    assert q.intent == "where" and q.anchor is not None and q.anchor.kind == "speech"
    q = reader.read("after the spot where 'fire exit' was written up on day 2, where did i end up next?")
    assert q.intent == "where" and q.anchor is not None and q.anchor.kind == "text" and q.anchor.relation == "after"
    q = reader.read("on my last visit to the bakery, what thing was in shot?")
    assert q.anchor is not None and q.anchor.kind == "place" and q.anchor.pick == "last"
    q = reader.read("In how many distinct discussions did Tomasz take part on day 1?")
    assert q.counting and q.unit == "conversation" and q.speaker is not None and q.speaker.name == "Tomasz"


def test_world_englishes_particles_and_turns(reader: QueryReader) -> None:
    q = reader.read("Please o, what did Tomasz say about the bus at around 14:05? I can't remember again.")
    assert q.intent == "what" and q.speaker is not None and q.speaker.name == "Tomasz"
    q = reader.read("Aye, what was it Tomasz said about the bus round about 14:05? I cannae mind.")
    assert q.intent == "what" and q.speaker is not None and q.time is not None
    assert reader.read("Who talk by both the quarry and the bakery, eh?").both == ["quarry", "bakery"]
    q = reader.read("See the last time I was at the bakery? What object was in view, eh?")
    assert q.anchor is not None and q.anchor.kind == "place" and q.anchor.pick == "last"
    q = reader.read("how many separate conversations tomasz talk in on day 1 ah?")
    assert q.counting and q.speaker is not None and q.speaker.name.lower() == "tomasz"


def test_a_topic_said_first_is_where_the_question_points(reader: QueryReader) -> None:
    q = reader.read("As for the line 'the kettle is on', which person said it?")
    assert q.intent == "who" and q.quoted == "the kettle is on" and q.anchor is None
    q = reader.read("When it comes to Tomasz, which spot do I usually see him at?")
    assert q.intent == "where" and q.usually and [p.name for p in q.people if not p.wearer] == ["Tomasz"]
    assert reader.read("Thinking of the quarry and the bakery, who spoke at both?").both == ["quarry", "bakery"]
    q = reader.read("how many chats did Tomasz take part in on day 1?")
    assert q.counting and q.unit == "conversation" and q.speaker is not None and q.speaker.name == "Tomasz"
    q = reader.read('where did I go once I left the spot with the "FIRE EXIT" lettering?')
    assert q.anchor is not None and q.anchor.kind == "text" and q.intent == "where"


def test_where_to_look_goes_before_the_question(reader: QueryReader) -> None:
    for lead in ("From the video,", "According to the footage,", "Based on the recording,"):
        q = reader.read(f"{lead} roughly what time did I first get to the bakery?")
        assert q.intent == "when" and q.ordinal == "first", lead


def test_search_box_wordings(reader: QueryReader) -> None:
    q = reader.read("number of conversations tomasz talked in on tuesday")
    assert q.counting and q.unit == "conversation" and [p.name.lower() for p in q.people] == ["tomasz"]
    assert not reader.read("what was the number of the platform?").counting
    q = reader.read("At the quarry and also at the bakery, who was speaking in both places?")
    assert q.intent == "who" and q.both == ["quarry", "bakery"]
    q = reader.read("who spoke where the kettle was seen on day 1")
    assert q.anchor is not None and q.anchor.visit and q.anchor.terms == ["kettle"] and q.intent == "who"
    assert reader.read("who told me where the meeting is?").anchor is None  # where is what was said
    assert reader.read("how many convos did tomasz talk in on day 1?").unit == "conversation"
    assert reader.read("who else spoke at the bakery around 14:05 on day 2? not me").excludes_wearer
    assert reader.read("whose voices, other than mine, were heard at the bakery?").excludes_wearer
    assert reader.read("other from me, who spoke at the bakery?").excludes_wearer
    assert reader.read("same person talking at the quarry and the bakery - who?").both == ["quarry", "bakery"]
    q = reader.read("who did i hear chatting at the quarry and again at the bakery?")
    assert q.both == ["quarry", "bakery"] and q.excludes_wearer  # the one heard is not the one hearing


def test_a_when_question_about_arriving_asks_for_the_arrival(reader: QueryReader) -> None:
    q = reader.read("On day 3 I ended up at the bakery — what time was that the first time?")
    assert q.intent == "when" and q.anchor is None and q.places == ["bakery"] and q.ordinal == "first"


def test_where_after_a_place_asks_for_the_next_one(reader: QueryReader) -> None:
    q = reader.read('Which place did I go to right after the one where the sign read "MIND THE STEP" on day 1?')
    assert q.intent == "where" and q.next and q.anchor is not None and q.anchor.kind == "text"
    assert not reader.read("where was I when Tomasz said hello?").next


def test_a_leading_where_whose_comma_is_followed_by_no_question_is_the_question(reader: QueryReader) -> None:
    q = reader.read("Remind me where Priya said the meeting is - it was on day 2 at the bakery, around 11:06 am.")
    assert q.intent == "what" and q.speaker is not None and q.speaker.name == "Priya" and q.anchor is None
    q = reader.read("where i heard tomasz, what could i see?")  # here the comma is followed by the question
    assert q.intent == "what" and q.anchor is not None


def test_typed_fragments_and_other_people(reader: QueryReader) -> None:
    q = reader.read("what thing was in view in my last going to the bakery on day 2?")
    assert q.intent == "what" and q.anchor is not None and q.anchor.places == ["bakery"] and q.anchor.pick == "last"
    q = reader.read("object in view, last visit to the bakery on day 2")
    assert q.intent == "what" and q.anchor is not None and q.anchor.places == ["bakery"]
    q = reader.read("Which other person than me was speaking at the bakery at about 6:07 pm on Monday?")
    assert q.intent == "who" and q.excludes_wearer


def test_said_out_loud_is_how_not_what(reader: QueryReader) -> None:
    q = reader.read("what got mentioned first on monday, the van or the kite? i mean said out loud, not seen")
    assert q.quoted is None and q.intent == "order"


def test_nouns_of_arriving_and_seeing_say_how_not_what(reader: QueryReader) -> None:
    q = reader.read("Time of my first arrival at the bakery on day 2?")
    assert q.intent == "when" and q.places == ["bakery"] and q.ordinal == "first" and q.objects == []
    q = reader.read("Number of separate sightings of the kite on day 2?")
    assert q.intent == "how_many" and q.terms == ["kite"] and q.wants("visual")


@pytest.mark.parametrize("question", ["number of conversations tomasz spoke in on day 2",
                                      "how many chats did priya nair talk in yesterday"])
def test_a_known_name_typed_in_lower_case_is_still_the_speaker(reader: QueryReader, question: str) -> None:
    q = reader.read(question, ["1", "2", "3", "4"])
    assert q.intent == "how_many" and q.speaker is not None
    assert q.speaker.name.lower() in {"tomasz", "priya nair"} and q.speaker.role == "speaker"


def test_what_was_looked_at_is_a_thing_not_a_place(reader: QueryReader) -> None:
    q = reader.read('Which object I was looking at when Tomasz was saying "see you at nine"?',
                    ["apple", "key", "cat", "ball"])
    assert "object" not in q.places and q.anchor is not None and q.anchor.quoted == "see you at nine"
    assert reader.read("what was I looking at in the bakery?").places == ["bakery"]


@pytest.mark.parametrize("question", ["Help me recall where Tomasz said the kite was left.",
                                      "Can you remind me where Tomasz said the kite was left?",
                                      "Kindly tell me where Tomasz said the kite was left."])
def test_a_request_to_recall_only_leads_in(reader: QueryReader, question: str) -> None:
    q = reader.read(question, ["quarry", "bakery", "pier", "gym"])
    assert q.speaker is not None and q.speaker.name == "Tomasz"
    assert not {"help", "recall", "remind", "kindly"} & set(q.terms) and "kite" in q.terms


def test_chiming_in_is_speaking(reader: QueryReader) -> None:
    q = reader.read("In how many separate chats did Tomasz chime in on day 2?", ["1", "2", "3", "4"])
    assert q.unit == "conversation" and q.speaker is not None and q.speaker.name == "Tomasz"


def test_a_lead_in_is_no_list_to_choose_from(reader: QueryReader) -> None:
    q = reader.read("Tell me one thing, today at what time I am first reaching the bakery?", ["10:00", "11:00"])
    assert q.time is not None and q.time.sources == ["today"] and q.listed == []


def test_a_day_that_is_also_an_answer_is_a_time_where_the_question_says_on(reader: QueryReader) -> None:
    options = ["A. Tuesday", "B. kite", "C. five", "D. pier"]
    q = reader.read("On Tuesday I heard talk of several things. Which of kite, five, pier or Tuesday came up first?",
                    options)
    assert q.intent == "order" and q.time is not None and q.time.days == [2]
    assert "tuesday" in [item.lower() for item in q.listed]
    # the day bare among the answers is only an answer
    assert reader.read("which came up first: kite, five, pier or tuesday?", options).time is None


def test_a_known_place_the_parser_hangs_on_the_verb_is_still_a_place() -> None:
    """spaCy reads "the bus depot" in "who talked at the library and the bus depot both?" as joined to "talked",
    not to "the library": a place the Library knows by that name is a place all the same."""
    reader = QueryReader(TIMELINE, vocabulary=Vocabulary.of(["Tomasz"], ["library", "bus depot"]),
                         intents=shared_intent_reader())
    q = reader.read("who talked at the library and the bus depot both?? not counting me")
    assert q.places == ["library", "bus depot"] and q.both == ["library", "bus depot"] and q.excludes_wearer


@pytest.mark.parametrize(("question", "asked_for"), [
    ("what did Priya say about the price of the kettle?", "price"),
    ("tell me what tomasz said about the day of the party", "day"),
    ("what did priya say about the city we are going to?", "city"),
    ("What did I say about where the parcel was left?", "where"),
    ("what did priya say about the kettle?", None),  # alone, the noun after "about" is the topic
    ("What did Tomasz say about something to buy?", None),
])
def test_what_was_said_about_the_x_of_something_asks_for_an_x(reader: QueryReader, question: str,
                                                                asked_for: str | None) -> None:
    assert reader.read(question).asked_for == asked_for


def test_a_day_nothing_was_recorded_on_in_a_question_about_plans_is_what_was_talked_about(reader: QueryReader) -> None:
    # footage from Monday to Wednesday: "on friday" is the day of a plan talked about, not when to look
    plan = reader.read("which city are we going to on friday?")
    assert plan.time is None and "friday" in plan.terms and "speech" in plan.modalities
    assert reader.read("where will we meet on friday?").time is None
    # asked of the past, the day is when (and nothing was recorded then)
    assert reader.read("what did i do on friday?").time is not None
    # the time of a plan is the plan's, on a recorded day too; the wearer's own doing is a moment of the footage
    assert reader.read("where are we having dinner tonight?").time is None
    reaching = reader.read("today, at what time am I first reaching the bakery?")
    assert reaching.time is not None and reaching.intent == "when"
    # a schedule is talked about: "when is …" asks what was said
    meeting = reader.read("when is our next meeting?")
    assert meeting.intent == "what" and "speech" in meeting.modalities and meeting.asked_for == "when"
    assert reader.read("when did i get to the bakery?").intent == "when"
    # a place asked of a day nothing was recorded on was talked about
    where = reader.read("where is the meeting on friday?")
    assert where.intent == "what" and "speech" in where.modalities and where.time is None
    assert reader.read("where is the kite?").intent == "where"


@pytest.mark.parametrize("question", ["who was with me at the bakery?", "who did i talk to at the bakery?",
                                      "who did I meet yesterday?"])
def test_who_i_was_with_is_someone_else(reader: QueryReader, question: str) -> None:
    assert reader.read(question).excludes_wearer
    assert not reader.read("who spoke at the bakery?").excludes_wearer


@pytest.mark.parametrize("question", ["whose is the kite?", "who does the kite belong to?", "who owns the kite?",
                                      "who did priya say the kite belongs to?", "who did i give the kite to?",
                                      "who will the kite go back to?", "whose is the horse kite?"])
def test_an_owner_is_named_in_what_was_said_not_by_the_voice(reader: QueryReader, question: str) -> None:
    q = reader.read(question)
    assert q.intent == "what" and "speech" in q.modalities and q.asked_for == "who" and "kite" in q.terms
    assert reader.read('who said "the kite belongs to tomasz"?').intent == "who"  # the voice of a quote
    assert reader.read("who did i go to the bakery with?").intent == "who"


@pytest.mark.parametrize(("question", "ordinal"), [("what was the first place i went to on tuesday?", "first"),
                                                   ("where did i go last on monday?", "last")])
def test_the_first_or_last_place_is_a_where(reader: QueryReader, question: str, ordinal: str) -> None:
    q = reader.read(question)
    assert q.intent == "where" and q.ordinal == ordinal and q.anchor is None


@pytest.mark.parametrize("question", ["how long was i at the bakery yesterday?",
                                      "how much time did i spend at the bakery?"])
def test_how_long_i_was_somewhere_is_a_when_of_its_visits(reader: QueryReader, question: str) -> None:
    q = reader.read(question)
    assert q.intent == "when" and q.how_long and q.places == ["bakery"]
    assert not reader.read("when did i get to the bakery?").how_long


@pytest.mark.parametrize("question", ["what happened at the bakery yesterday?", "what did i do on day 2?",
                                      "what went on at the bakery?"])
def test_what_happened_asks_for_a_digest(reader: QueryReader, question: str) -> None:
    assert reader.read(question).summary
    assert not reader.read("what did priya say at the bakery?").summary


@pytest.mark.parametrize("question", ["where did i leave my passport?", "where did Tomasz lose his scarf?",
                                      "where did I put the kite"])
def test_a_thing_left_behind_is_asked_of_speech_then_of_its_sightings(reader: QueryReader, question: str) -> None:
    q = reader.read(question)
    assert q.intent == "what" and q.asked_for == "where" and "speech" in q.modalities
    assert q.otherwise is not None and q.otherwise.intent == "where" and q.otherwise.otherwise is None


def test_leaving_a_place_is_no_thing_left_behind(reader: QueryReader) -> None:
    assert reader.read("where did i go after i left the bakery?").otherwise is None
    assert reader.read("when did i leave the bakery?").otherwise is None


def test_the_one_who_does_a_planned_deed_is_whose_lines_answer(reader: QueryReader) -> None:
    q = reader.read("what is tomasz bringing to the meeting?")
    assert "speech" in q.modalities and q.speaker is not None and q.speaker.name == "Tomasz"


def test_a_city_travelled_to_is_no_person_but_a_name_the_tagger_calls_a_city_is(reader: QueryReader) -> None:
    q = reader.read("which day did Priya say we go to Osaka?")
    assert "osaka" in q.terms and not any(p.name == "Osaka" for p in q.people)
    assert any(p.name == "Sofia" for p in reader.read("how many conversations had Sofia speaking?").people)


@pytest.mark.parametrize("question", [
    "I was wondering whether you might know who spoke both at the bakery and at the pier.",
    "who spoke both at the bakery and at the pier, any idea?",
    "Quick q: can you confirm who spoke both at the bakery and at the pier? Thanks!",
])
def test_lead_ins_and_trailers_that_only_ask_are_not_the_question(reader: QueryReader, question: str) -> None:
    q = reader.read(question)
    assert q.intent == "who" and q.both == ["bakery", "pier"] and not {"know", "idea", "confirm", "q"} & set(q.terms)


def test_a_time_established_and_a_list_chosen_from(reader: QueryReader) -> None:
    q = reader.read("Establish the approximate time at which I first arrived at the bakery on Monday.")
    assert q.intent == "when" and q.ordinal == "first" and "bakery" in q.places
    listed = reader.read("Out of these, kindly tell me which one I saw first on Monday: kite, lamp or van.")
    assert listed.intent == "order" and listed.listed == ["kite", "lamp", "van"]
    people = reader.read("Among these people, who is the one who spoke first on Monday: Tomasz, me or Priya.")
    assert people.intent == "order" and not any(p.description for p in people.people)


def test_prices_schedules_wishes_and_shared_plans_are_what_was_said(reader: QueryReader) -> None:
    # an amount, however "how much" / "how many dollars" is put; "how much time" is no price
    for asked in ("how much did tomasz's bike cost?", "how much was the heater?", "how many euros did priya pay"):
        query = reader.read(asked)
        assert query.intent == "what" and "speech" in query.modalities, asked
    assert reader.read("how much time did I spend at the bakery?").intent != "what"
    # a schedule's noun asked in the present, after a told past ("Priya got the tickets, …")
    platform = reader.read("priya got the tickets, what gate does the coach leave from")
    assert platform.intent == "what" and "speech" in platform.modalities and platform.asked_for == "gate"
    # a wish is told; the wish itself is no word of the line
    wish = reader.read("where did tomasz want to eat on friday?")
    assert "speech" in wish.modalities and "want" not in wish.terms
    # the wearer among others is "we": a plan shared, not the wearer's own arrival
    shared = reader.read("what time do priya and I leave for the airport")
    assert shared.intent == "what" and "speech" in shared.modalities
    assert reader.read("what time did I get to the bakery").intent == "when"


def test_a_name_at_the_end_is_no_particle(reader: QueryReader) -> None:
    # "… ah?", "…, eh?" close a question in lower case; a capitalised "Po" or "Sha" ending it is someone's name
    q = reader.read("where do I usually see Po?")
    assert [p.name for p in q.people if not p.wearer] == ["Po"]
