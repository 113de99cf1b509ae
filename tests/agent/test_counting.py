"""Counting questions: what the question counts (moments, conversations, visits) and how the answerer groups
the evidence before counting it."""

from __future__ import annotations

import pytest

from vidmem.agent.answer import EvidenceAnswerer, number_evidence
from vidmem.agent.answer.counting import count
from vidmem.agent.query import Query
from vidmem.agent.query.intent import shared_intent_reader
from vidmem.agent.query.reader import QueryReader, Vocabulary
from vidmem.agent.query.when import Timeline
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.retrieval.types import Hit
from vidmem.timeline import Clock

T0 = 1_790_000_000.0


@pytest.fixture(scope="module")
def reader() -> QueryReader:
    return QueryReader(Timeline(Clock(T0), (1, 2)), vocabulary=Vocabulary.of(["Priya", "Tomasz"], ["bakery"]),
                       intents=shared_intent_reader())


@pytest.mark.parametrize(("question", "unit"), [
    ("in how many separate conversations did tomasz speak yesterday?", "conversation"),
    ("How many chats did I have with Priya on day 2?", "conversation"),
    ("how often did I talk to priya?", "conversation"),
    ("how many trips to the pharmacy did I make?", "visit"),
    ("How many times did I go to the bakery today?", "visit"),
    ("how many times was I at the library on day 1?", "visit"),
    ("how many times did I see a dog?", "moment"),
    ("How many times was the kettle in view on day 2?", "moment"),
    ("how many times did priya mention the budget?", "moment"),
    ("how many people did i talk to yesterday?", "person"),
    ("how many different places did I go to on day 2?", "place"),
])
def test_the_unit_counted(reader: QueryReader, question: str, unit: str) -> None:
    query = reader.read(question)
    assert query.intent == "how_many" and query.unit == unit, (query.unit, query.terms)
    # the unit is how things are counted, never something to search for
    assert not {"conversation", "chat", "trip", "visit", "view"} & set(query.terms + query.places + query.objects)


def test_people_are_the_voices_besides_mine_and_places_the_names_visits_go_by() -> None:
    lines = [Hit("audio", 1, T0 + t, T0 + t + 2, 1.0, "hi", speaker=f"Speaker {s}", extra={"speaker_id": s})
             for t, s in ((0, 1), (5, 2), (9, 1), (60, 3), (90, 2))]

    def voice(hit: Hit, who: str) -> float:  # speaker 1 is the wearer
        return 1.0 if who == "me" and hit.extra["speaker_id"] == 1 else 0.0

    people = Query(text="how many people did I talk to?", intent="how_many", counting=True, unit="person")
    n, found, _ = count(people, listing("me"), evidence(lines), voice)
    assert n == 2 and [e.hit.extra["speaker_id"] for e in found] == [2, 3]
    visits = [Hit("place", 1, T0 + a, T0 + b, 1.0, "at x", extra={"place": name, "place_id": pid})
              for a, b, name, pid in ((0, 0, "P1", 1), (1, 60, "bakery", 2), (61, 120, "pier", 3),
                                      (121, 200, "bakery", 4))]
    places = Query(text="how many places did I go to?", intent="how_many", counting=True, unit="place")
    n, found, _ = count(places, listing("me"), evidence(visits, "place_search"), voice)
    assert n == 2  # the bakery's two clusters count once; a one-frame glimpse is no place


def test_a_number_that_was_said_is_not_a_count(reader: QueryReader) -> None:
    query = reader.read("how many dollars did tomasz say the lamp cost?")
    assert query.intent == "what" and query.wants("speech") and query.asked_for == "dollar"


def line(t: float, text: str, speaker: str | None, video: int = 1) -> Hit:
    return Hit("audio", video, T0 + t, T0 + t + 2, 1.0, text, offset_s=t, speaker=speaker)


def evidence(hits: list[Hit], tool: str = "audio_search") -> list:
    return number_evidence([MemoryEntry(0, tool, hits, [(h.t0, h.t1) for h in hits], [], [0.5] * len(hits))])


def listing(about: str) -> Plan:
    return Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "the a"},
                                                     about=[about])])


def test_conversations_are_stretches_of_talk_in_which_the_person_is_heard() -> None:
    hits = [line(0, "Hello there.", "Priya"), line(5, "Hi, how are you?", "Tomasz"), line(20, "Fine.", "Priya"),
            # a long silence: a new conversation, without Priya
            line(400, "Where is the bus?", "Tomasz"), line(405, "Over there.", None),
            # a third one with Priya again, in another file
            line(10, "See you.", "Priya", video=2)]
    query = Query(text="how many conversations did priya have?", intent="how_many", counting=True,
                  unit="conversation")
    answerer = EvidenceAnswerer()
    n, found, _ = count(query, listing("Priya"), evidence(hits), answerer.voice_weight)
    assert n == 2 and len(found) == 2
    n_all, _, _ = count(query, listing("Tomasz"), evidence(hits), answerer.voice_weight)
    assert n_all == 2
    decision = answerer.decide(query, ["A. 1", "B. 2", "C. 3", "D. 4"], listing("Priya"), evidence(hits))
    assert decision.choice == "B" and decision.cited


def test_a_conversation_that_calls_the_person_by_name_is_theirs_whatever_voice_answers() -> None:
    # voices alike put Priya's reply under Tomasz's voice; the line calling on her says she was there
    hits = [line(0, "Hello there.", "Priya"), line(5, "Hi, how are you?", "Tomasz"),
            line(400, "Look Priya, I found this kite by the dock.", "Tomasz"), line(404, "It is mine.", "Tomasz"),
            # a line that only mentions her is no sign she was there
            line(900, "I will ask Priya to come too.", "Tomasz"), line(903, "Good idea.", None)]
    query = Query(text="how many conversations did priya have?", intent="how_many", counting=True,
                  unit="conversation")
    answerer = EvidenceAnswerer()
    heard, _, _ = count(query, listing("Priya"), evidence(hits), answerer.voice_weight)
    called, found, _ = count(query, listing("Priya"), evidence(hits), answerer.voice_weight, called=answerer.calls)
    assert (heard, called) == (1, 2) and [e.hit.t0 - T0 for e in found] == [0, 400]


def test_a_pause_then_other_voices_is_another_conversation() -> None:
    from vidmem.agent.answer.counting import conversations

    def said(t: float, voice: int) -> Hit:  # voice 0 is the wearer's
        return Hit("audio", 1, T0 + t, T0 + t + 2, 1.0, "…", extra={"speaker_id": voice})

    wearer = lambda h: h.extra["speaker_id"] == 0  # noqa: E731
    talk = [said(0, 0), said(3, 7), said(6, 0),  # with voice 7 …
            said(14, 0), said(17, 8), said(20, 0),  # … a pause, then voice 8: another conversation
            said(30, 8), said(33, 0),  # a pause, voice 8 again: the same one
            said(40, 0), said(43, 0)]  # the wearer alone goes with the talk before
    assert [len(c) for c in conversations(talk, wearer)] == [3, 7]
    # the same lines without their voices: one stretch of talk, as silence alone tells
    assert len(conversations([Hit("audio", 1, h.t0, h.t1, 1.0, "…") for h in talk], lambda h: False)) == 1


def test_visits_group_views_of_a_place_minutes_apart() -> None:
    views = [Hit("visual", 1, T0 + t, T0 + t + 1, 0.9, "bakery, shop counter", offset_s=t) for t in
             (0, 30, 90, 1000, 1040, 5000)]
    query = Query(text="how many times did I go to the bakery?", intent="how_many", counting=True, unit="visit",
                  places=["bakery"])
    p = Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "bakery"})])
    n, found, _ = count(query, p, evidence(views, "visual_search"), EvidenceAnswerer().voice_weight)
    assert n == 3 and [e.hit.t0 for e in found] == [T0, T0 + 1000, T0 + 5000]


def test_a_multiple_choice_answer_always_cites_what_it_looked_at() -> None:
    hits = [Hit("visual", 1, T0 + 5, T0 + 6, 0.5, "street, lamp", offset_s=5)]
    query = Query(text="what was I holding?", intent="what")
    p = Plan(intent="what", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "object"})])
    decision = EvidenceAnswerer().decide(query, ["A. a violin", "B. a kite"], p, evidence(hits, "visual_search"))
    assert decision.cited and "closest" in decision.justification


def test_a_sighting_is_the_thing_in_view_not_its_name_on_a_sign() -> None:
    frames = [Hit("visual", 1, T0 + 10, T0 + 12, 0.3, "street sign; text: 'HOT TEA'", offset_s=10),
              Hit("visual", 1, T0 + 600, T0 + 602, 0.6, "teapot; near: teapot", offset_s=600)]
    p = Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "teapot tea"})])
    seen = Query(text="how many times did I see the tea?", intent="how_many", counting=True)
    n, found, _ = count(seen, p, evidence(frames, "visual_search"), EvidenceAnswerer().voice_weight)
    assert n == 1 and found[0].hit.t0 == T0 + 600
    read = Query(text="how many times did I read 'tea' on a sign?", intent="how_many", counting=True,
                 modalities=["ocr"])
    assert count(read, p, evidence(frames, "visual_search"), EvidenceAnswerer().voice_weight)[0] == 2


def test_a_sighting_needs_a_label_like_the_thing_not_the_best_of_whatever_is_there() -> None:
    from vidmem.agent.answer import minilm_similarity

    # semantic search ranks every frame; only those whose labels name something like a kettle are sightings
    frames = [Hit("visual", 1, T0 + t, T0 + t + 1, score, text, offset_s=t) for t, score, text in
              [(10, 0.62, "teapot; near: teapot"), (400, 0.60, "scoreboard"), (900, 0.59, "jellyfish"),
               (1500, 0.40, "street sign; near: teapot")]]
    p = Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "kettle"})])
    query = Query(text="how many times did I see the kettle?", intent="how_many", counting=True)
    n, found, _ = count(query, p, evidence(frames, "visual_search"), EvidenceAnswerer().voice_weight,
                        similarity=minilm_similarity)
    assert n == 2 and [e.hit.t0 for e in found] == [T0 + 10, T0 + 1500]


def test_a_faint_likeness_only_breaks_ties() -> None:
    from vidmem.agent.answer import minilm_similarity

    held = Query(text="what was I holding?", intent="what", modalities=["near_camera"])
    p = Plan(intent="what", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "object"})])
    answerer = EvidenceAnswerer(minilm_similarity)
    options = ["A. a kettle", "B. a violin", "C. a lantern"]
    # a label like one option decides, however much a frame faintly resembles another
    shown = [Hit("visual", 1, T0 + 5, T0 + 6, 0.5, "cello; text: 'TORCH SALE'", offset_s=5),
             Hit("visual", 1, T0 + 6, T0 + 7, 0.5, "envelope", offset_s=6)]
    assert answerer.decide(held, options, p, evidence(shown, "visual_search")).choice == "B"
    # nothing like any option (the sign's word is not a thing in view): the likeness is all there is, weakly
    faint = answerer.decide(held, options, p, evidence(shown[1:], "visual_search"))
    assert faint.choice == "C" and max(faint.option_scores) < 0.1  # ("lantern" / "envelope" 0.31)


def test_a_label_the_labeller_was_unsure_of_is_no_sighting() -> None:
    from vidmem.agent.answer import minilm_similarity

    # both frames are described "scoreboard, digital clock"; only at the second was the labeller sure of the clock
    frames = [Hit("visual", 1, T0 + t, T0 + t + 1, 0.6, "scoreboard, digital clock", offset_s=t,
                  extra={"label_scores": [["scoreboard", 0.8, "frame"], ["digital clock", sure, "frame"]]})
              for t, sure in ((10, 0.12), (900, 0.35))]
    p = Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "clock"})])
    query = Query(text="how many times did I see a clock?", intent="how_many", counting=True)
    n, found, _ = count(query, p, evidence(frames, "visual_search"), EvidenceAnswerer().voice_weight,
                        similarity=minilm_similarity)
    assert n == 1 and found[0].hit.t0 == T0 + 900


def test_when_nothing_in_view_looks_like_any_option_the_things_never_named_come_first() -> None:
    from vidmem.agent.answer import minilm_similarity

    held = Query(text="what was I holding?", intent="what", modalities=["near_camera", "visual"])
    p = Plan(intent="what", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": "object"})])
    options = ["A. a teapot", "B. a violin", "C. a lantern"]
    blank = [Hit("visual", 1, T0 + 5, T0 + 6, 0.5, "1 face: Person 2", offset_s=5)]
    # this Library's labeller names teapots and lanterns surely elsewhere; had one been held, it would have
    # said so here too; it never names a violin
    answerer = EvidenceAnswerer(minilm_similarity, labels=["teapot", "torch", "street sign"])
    decision = answerer.decide(held, options, p, evidence(blank, "visual_search"))
    assert decision.choice == "B" and "never name" in decision.justification
    # a thing that is shown wins however the Library's labels go
    shown = [Hit("visual", 1, T0 + 5, T0 + 6, 0.5, "near: teapot", offset_s=5)]
    assert answerer.decide(held, options, p, evidence(shown, "visual_search")).choice == "A"
    # and what was said is not read off the labels
    said = Query(text="what did I say I bought?", intent="what", modalities=["speech"])
    line = [Hit("audio", 1, T0 + 5, T0 + 6, 0.5, "I bought a new teapot today.", offset_s=5, speaker="me")]
    q_said = Plan(intent="what", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "buy"})])
    assert answerer.decide(said, options, q_said, evidence(line)).choice == "A"


def test_finding_none_of_a_thing_the_labeller_cannot_name_is_no_zero() -> None:
    from vidmem.agent.answer import minilm_similarity

    # the search still ranks some frames; none shows a sure label like what was asked
    frames = [Hit("visual", 1, T0 + t, T0 + t + 1, 0.3, text, offset_s=t)
              for t, text in ((10, "street sign"), (500, "envelope"), (900, ""))]
    answerer = EvidenceAnswerer(minilm_similarity, labels=["teapot", "street sign", "envelope"])
    options = ["A. 0", "B. 1", "C. 3"]

    def asked(thing: str) -> tuple[Query, Plan]:
        return (Query(text=f"how many times did I see the {thing}?", intent="how_many", counting=True,
                      objects=[thing], modalities=["visual"]),
                Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="visual_search", args={"query": thing})]))

    # this labeller never names a violin: finding none says nothing about the day
    query, plan = asked("violin")
    n, found, unit = count(query, plan, evidence(frames, "visual_search"), answerer.voice_weight,
                           similarity=minilm_similarity, known=answerer.recognisable)
    assert n == 1 and not found and "presumed" in unit
    assert answerer.decide(query, options, plan, evidence(frames, "visual_search")).choice == "B"
    # a presumed 1 rests on nothing seen: of 0 and 2, as near, the fewer is what was seen
    assert answerer.decide(query, ["A. 2", "B. 0", "C. 4"], plan, evidence(frames, "visual_search")).choice == "B"
    # it does name teapots elsewhere: had one been in view, it would have said so, so none is 0
    query, plan = asked("teapot")
    assert answerer.decide(query, options, plan, evidence(frames, "visual_search")).choice == "A"
    # without knowing what the Library can name, none found stays 0
    assert count(query, plan, evidence(frames, "visual_search"), answerer.voice_weight,
                 similarity=minilm_similarity)[0] == 0


def test_no_visit_to_a_place_the_library_never_heard_named_is_no_zero() -> None:
    from vidmem.agent.answer import minilm_similarity

    # no visit goes by the name; the frames the search ranked show nothing like it either
    frames = [Hit("visual", 1, T0 + t, T0 + t + 1, 0.3, "street sign", offset_s=t) for t in (10, 500)]
    plan = Plan(intent="how_many", subtasks=[Subtask(goal="g", tool="place_search", args={"query": "chapel"}),
                                              Subtask(goal="g", tool="visual_search", args={"query": "chapel"})])
    answerer = EvidenceAnswerer()

    def visits(known: list[str]) -> tuple[int, str]:
        query = Query(text="how many times was I at the chapel?", intent="how_many", counting=True, unit="visit",
                      places=["chapel"], known_places=known)
        n, _, unit = count(query, plan, evidence(frames, "visual_search"), answerer.voice_weight,
                           similarity=minilm_similarity, known=answerer.recognisable)
        return n, unit

    assert visits([]) == (1, "visit(s): none recognised surely, at least one presumed")
    assert visits(["chapel"])[0] == 0  # a place some line named: had I been there, it would be found


def test_conversations_of_a_name_no_voice_answers_to_are_not_counted_as_none() -> None:
    from vidmem.agent.speakers import SpeakerDirectory, SpeakerInfo

    voices = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {"Priya": 0.9}, 4),
                               SpeakerInfo(2, "Speaker 2", {"Tomasz": 0.8}, 4)])
    answerer = EvidenceAnswerer(speakers=voices)
    hits = [line(0, "Hello there.", "Priya"), line(5, "Is the bus late?", "Priya")]
    query = Query(text="how many conversations did wanjiru have?", intent="how_many", counting=True,
                  unit="conversation")
    n, _, _ = count(query, listing("Wanjiru"), evidence(hits), answerer.voice_weight, known=answerer.recognisable)
    assert n == 1
    # Tomasz has a voice in this Library, not heard here: none is what was found
    n, _, _ = count(query, listing("Tomasz"), evidence(hits), answerer.voice_weight, known=answerer.recognisable)
    assert n == 0
    # a misheard spelling of a known voice's name is that voice
    assert answerer.recognisable("person", "Tomas") and not answerer.recognisable("person", "Wanjiru")


def test_the_wearer_remarking_alone_is_no_conversation() -> None:
    hits = [line(0, "Made it to the harbour at last.", "me"),  # to nobody: the wearer remarking
            line(200, "Hey Ana, did you bring the map?", "me"), line(203, "Yes, here it is.", "Ana"),
            line(206, "Great, thanks.", "me"),
            line(600, "And now the bakery.", "me"),
            # the other voice lost (heard as the wearer's), but the line calls someone: still a conversation
            line(900, "Look Ana, I found this scarf here.", "me"), line(903, "That is mine.", "me")]
    query = Query(text="how many conversations did i have?", intent="how_many", counting=True,
                  unit="conversation")
    answerer = EvidenceAnswerer()
    every, _, _ = count(query, listing("me"), evidence(hits), answerer.voice_weight)
    talks, found, _ = count(query, listing("me"), evidence(hits), answerer.voice_weight,
                            calls=answerer.calls_anyone)
    assert (every, talks) == (4, 2) and [e.hit.t0 - T0 for e in found] == [200, 900]


def voiced(t: float, text: str, voice: int, before: str | None = None) -> Hit:
    extra: dict[str, object] = {"speaker_id": voice}
    if before:
        extra["before"] = {"text": before, "speaker_id": 1, "t0": T0 + t - 3, "t1": T0 + t - 1}
    return Hit("audio", 1, T0 + t, T0 + t + 2, 1.0, text, extra=extra)


def test_a_person_no_voice_is_known_by_is_counted_by_the_voice_called_by_a_name_like_theirs() -> None:
    from vidmem.agent.speakers import SpeakerDirectory, SpeakerInfo

    # voice 1: the wearer (heard most); 2: Priya, named; 3 and 4: known by nobody. The recogniser never wrote
    # "Oksana" right, but the lines before voice 3's call it something that sounds like it run together
    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Priya": 0.8}, 6),
                                  SpeakerInfo(3, "Speaker 3", {}, 5), SpeakerInfo(4, "Speaker 4", {}, 4)])
    ferry, keys = "Oak Santa, when is the next ferry?", "Oak Santa, did you find the keys?"
    hits = [voiced(0, ferry, 1), voiced(3, "At noon, from pier two.", 3, before=ferry),
            voiced(300, "Hello Priya.", 1), voiced(303, "Hi, nice to see you.", 2, before="Hello Priya."),
            voiced(600, keys, 1), voiced(603, "Yes, in the car.", 3, before=keys),
            voiced(900, "Good morning.", 1), voiced(903, "Morning, lovely day.", 4, before="Good morning.")]
    answerer = EvidenceAnswerer(speakers=directory)

    def asked(name: str) -> tuple[str, str | None]:
        query = Query(text=f"how many conversations did {name.lower()} speak in?", intent="how_many",
                      counting=True, unit="conversation")
        decision = answerer.decide(query, ["A. 0", "B. 1", "C. 2", "D. 4"], listing(name), evidence(hits))
        return decision.choice or "", decision.justification

    choice, why = asked("Oksana")
    assert choice == "C" and "2 conversation" in why
    # a name nothing sounds like, with two voices known by nobody: no guess which is theirs
    choice, why = asked("Ingrid")
    assert choice == "B" and "presumed" in why
    # … with one voice known by nobody, it is theirs
    hits = hits[:-2]
    choice, why = asked("Ingrid")
    assert choice == "C" and "2 conversation" in why
