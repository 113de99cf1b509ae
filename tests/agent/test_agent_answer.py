"""Answer synthesis: multiple-choice parsing, the evidence answerer, citations (the chat answerer:
test_chat_answerer.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
import pytest

from vidmem.agent.answer import Citer, EvidenceAnswerer, number_evidence, parse_choice
from vidmem.agent.query import Query
from vidmem.agent.query.types import PersonRef
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.retrieval.types import Hit
from vidmem.timeline import Clock

OPTIONS = ["A. a cat", "B. a coffee cup", "C. coins", "D. a motorcycle"]


@pytest.mark.parametrize(("reply", "expected"), [
    ("The answer is (C).", "C"),
    ("THE ANSWER IS C", "C"),
    ("the answer is (b)", "B"),
    ("Answer: D", "D"),
    ("B. a coffee cup", "B"),
    ("(A)", "A"),
    ("C", "C"),
    ("Priya held coins [2], so the answer is C.", "C"),
    ("Looking at A and B, neither fits; the answer is (D).", "D"),
    ("I think it was a coffee cup.", "B"),
    ("The best answer is option B because of [1].", "B"),
    ("I cannot tell.", None),
    ("The answer is a cat.", "A"),  # "a" is an article, not option A; the option text decides
])
def test_parse_choice(reply: str, expected: str | None) -> None:
    assert parse_choice(reply, OPTIONS) == expected


def test_parse_choice_ignores_letters_beyond_the_options() -> None:
    assert parse_choice("The answer is (F).", OPTIONS) is None
    assert parse_choice("The answer is (F).", n=6) == "F"


T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC).timestamp()
CLOCK = Clock(T0)
CITER = Citer(CLOCK, {1: "20261102_090000.mp4", 2: "20261103_140000.mp4"})


def hit(modality: str, t: float, text: str, speaker: str | None = None, video: int = 1, **extra: object) -> Hit:
    return Hit(modality, video, T0 + t, T0 + t + 3, 1.0, text, offset_s=t, speaker=speaker,  # type: ignore[arg-type]
               extra=dict(extra))


def plan(intent: str, *tools: str, refs: dict[int, int] | None = None, queries: tuple[str, ...] = ()) -> Plan:
    refs = refs or {}
    return Plan(intent=intent, subtasks=[
        Subtask(goal="g", tool=t, args={"query": queries[i] if i < len(queries) else "q"}, ref=refs.get(i))  # type: ignore[arg-type]
        for i, t in enumerate(tools)])


def q(text: str, **fields: object) -> Query:
    """The reading of a question these tests need (the reader itself is tested in test_query.py)."""
    return Query(text=text, **fields)  # type: ignore[arg-type]


def memory(*entries: list[Hit]) -> list[MemoryEntry]:
    return [MemoryEntry(i, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.9 - 0.1 * j for j in
                                                                                      range(len(hits))])
            for i, hits in enumerate(entries)]


def test_citation_label_reads_day_clock_file_offset() -> None:
    h = Hit("audio", 2, T0 + 86_400 + 5 * 3600 + 3 * 60 + 12, T0 + 86_400 + 5 * 3600 + 3 * 60 + 15, 1.0, "hi",
            offset_s=192.0)
    c = CITER.cite(h)
    assert c.label == "day 2 14:03:12 (20261103_140000.mp4 @ 00:03:12)"
    assert c.video == "20261103_140000.mp4" and c.time == h.t0 and c.offset_s == 192.0


def test_evidence_answerer_picks_the_supported_option_and_cites_it() -> None:
    ev = number_evidence(memory(
        [hit("audio", 100, "Look Tomasz, I found this cat near the bakery.", "Ines")],
        [hit("visual", 95, "indoors; tabby cat, egyptian cat"), hit("visual", 400, "coffee mug, espresso")],
    ))
    decision = EvidenceAnswerer().decide(q("What was in view while Ines talked about the bakery?"), OPTIONS,
                                         plan("what", "audio_search", "visual_search", refs={1: 0}), ev)
    assert decision.choice == "A"
    assert decision.cited and decision.cited[0].hit.t0 == T0 + 95  # the frame, not the anchor utterance


def test_evidence_answerer_who_matches_speakers() -> None:
    ev = number_evidence(memory([hit("audio", 10, "the train leaves from platform four at noon", "Priya"),
                                 hit("audio", 900, "I like trains", "Tomasz")]))
    options = ["A. Ines", "B. Tomasz", "C. Priya", "D. Kofi"]
    d = EvidenceAnswerer().decide(q("Who said the train leaves from platform four?"), options,
                                  plan("who", "audio_search"), ev)
    assert d.choice == "C" and d.cited[0].hit.speaker == "Priya"
    # read as the reader reads it: what was said is the words after the speech verb
    open_d = EvidenceAnswerer().decide(q("Who said the train leaves from platform four?",
                                         said_what="the train leaves from platform four"), [],
                                       plan("who", "audio_search"), ev)
    assert open_d.text == "Priya" and not open_d.abstained


def test_evidence_answerer_counts_distinct_moments() -> None:
    hits = [hit("visual", t, "tabby cat") for t in (10, 11, 12, 300, 301, 900)]  # three separate sightings
    ev = number_evidence(memory(hits))
    options = ["A. once", "B. twice", "C. three times", "D. five times"]
    d = EvidenceAnswerer().decide(q("How many times did I see the cat?"), options,
                                  plan("how_many", "visual_search", queries=("cat",)), ev)
    assert d.choice == "C"


def test_evidence_answerer_orders_events() -> None:
    ev = number_evidence(memory([hit("audio", 500, "museum on Monday", "Tomasz")], [hit("visual", 200, "tabby cat")]))
    options = ["A. Tomasz talked about the museum", "B. I saw a cat"]
    p = plan("order", "audio_search", "visual_search", queries=("museum", "cat"))
    assert EvidenceAnswerer().decide(q("Which happened first?"), options, p, ev).choice == "B"
    assert EvidenceAnswerer().decide(q("Which happened last?", ordinal="last"), options, p, ev).choice == "A"


def test_open_question_abstains_without_evidence() -> None:
    d = EvidenceAnswerer().decide(q("What did Priya say about the moon?"), [], plan("what", "audio_search"), [])
    assert d.abstained and d.choice is None and not d.cited
    # multiple choice never abstains: it still picks an option
    mc = EvidenceAnswerer().decide(q("What did Priya say about the moon?"), OPTIONS, plan("what", "audio_search"), [])
    assert mc.choice in {"A", "B", "C", "D"} and mc.confidence == pytest.approx(0.25)


def test_who_uses_soft_speaker_names_and_skips_addressed_names() -> None:
    from vidmem.agent.speakers import SpeakerDirectory, SpeakerInfo

    # voice 3 was never named for sure, but is heard most (the wearer) and was addressed as Jonas;
    # voice 2 is Mirela
    directory = SpeakerDirectory([SpeakerInfo(3, "Speaker 3", {"Jonas": 0.46, "Mirela": 0.15}, 22),
                                  SpeakerInfo(2, "Speaker 2", {"Mirela": 0.95}, 15),
                                  SpeakerInfo(1, "Speaker 1", {}, 13)])
    assert directory.wearer == 3 and directory.candidates(3)["me"] == pytest.approx(0.6)
    quote = hit("audio", 10, "Yes Mirela, the train leaves from platform 2 at midnight.", "Speaker 3",
                speaker_id=3)
    other = hit("audio", 40, "the train is late", "Speaker 2", speaker_id=2)
    answerer = EvidenceAnswerer(speakers=directory)
    assert "Mirela" not in answerer.voices(quote)  # addressed in the line, so not its speaker
    options = ["A. Priya", "B. Mirela", "C. Tomasz", "D. me (the camera wearer)"]
    p = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "train"}, pick="best")])
    ev = number_evidence(memory([quote, other]))
    d = answerer.decide(q('Who said: "Yes Mirela, the train leaves from platform two at midnight."?'), options, p, ev)
    assert d.choice == "D" and d.cited[0].hit.t0 == quote.t0


def test_where_next_reads_the_first_other_place_after_the_anchor() -> None:
    # the window after the sign: more frames of the same place (a orchard), then the next place (a chapel),
    # then the orchard again; the orchard has the most support, but the question asks where I went next
    frames = [hit("visual", 100, "orchard, daisy", place="P1"), hit("visual", 110, "orchard", place="P1"),
              hit("visual", 900, "chapel, stupa", place="P2"), hit("visual", 905, "stupa", place="P2"),
              hit("visual", 2000, "orchard, flowerpot", place="P1")]
    anchor = [hit("visual", 95, "street sign; text: 'FERRY DOCK'", place="P1")]
    ev = number_evidence(memory(anchor, frames))
    p = plan("where", "visual_search", "visual_search", refs={1: 0})
    options = ["A. orchard", "B. chapel"]
    d = EvidenceAnswerer().decide(q("On day 1, where did I go next after the place where I saw the sign?", next=True),
                                  options, p, ev)
    assert d.choice == "B" and all(e.hit.extra["place"] == "P2" for e in d.cited)
    # without "next" the question is where the moment was: the orchard
    d2 = EvidenceAnswerer().decide(q("Where was I after I saw the sign?"), options, p, ev)
    assert d2.choice == "A"


def test_an_object_question_ignores_the_place_name() -> None:
    # the place was named after a label once seen there; what is in view now is the clock
    frames = [hit("visual", t, "wall clock, shelf", place="tabby cat / kitchen") for t in (10, 11)]
    ev = number_evidence([MemoryEntry(0, "visual_search", frames, [(h.t0, h.t1) for h in frames], [], [0.8, 0.7])])
    p = plan("what", "visual_search", queries=("object",))
    d = EvidenceAnswerer().decide(q("what was in view?", modalities=["visual"]), ["A. a cat", "B. a clock"], p, ev)
    assert d.choice == "B"
    # …but a question about places reads it
    where = EvidenceAnswerer().decide(q("where was I?", intent="where"), ["A. kitchen", "B. garage"],
                                      plan("where", "visual_search"), ev)
    assert where.choice == "A"


def test_what_was_said_at_a_place_prefers_a_less_surely_named_visit_to_none() -> None:
    # the visit surely named "bakery" has no line in it; another visit only inferred to be the bakery holds one
    lines = [hit("audio", 100, "I will bring my umbrella.", speaker="Ines"),
             hit("audio", 5000, "I will bring my scarf.", speaker="Ines")]
    visits = [Hit("place", 1, T0 + t, T0 + t + 120, 1.0, f"at bakery ({how})", offset_s=t)
              for t, how in ((9000, "arrival line"), (4990, "inferred name"))]
    ev = number_evidence([memory(lines)[0], MemoryEntry(1, "place_search", visits, [(h.t0, h.t1) for h in visits],
                                                        [], [0.9, 0.3])])
    p = plan("what", "audio_search", "place_search", queries=("bring", "bakery"))
    query = q("At the bakery, what did Ines say she would bring?", modalities=["speech"], places=["bakery"])
    assert EvidenceAnswerer().decide(query, ["A. umbrella", "B. scarf"], p, ev).choice == "B"


def test_the_best_of_a_step_is_the_first_in_its_order_as_the_graph_reads_it() -> None:
    from vidmem.agent.answer.evidence import picked

    # the analyzer put the asked voice's line first though another shares more words: the answer hangs on the
    # same line the next step's window was hung on
    plan = Plan(intent="what", subtasks=[Subtask(goal="the line", tool="audio_search", args={}, pick="best")])
    lines = [Hit("audio", 1, 100.0, 102.0, 0.4, "Ready at the dock, Ilse?"),
             Hit("audio", 1, 500.0, 502.0, 0.9, "Ready at the dock, Ilsa?")]
    ev = number_evidence([MemoryEntry(0, "audio_search", lines, [(h.t0, h.t1) for h in lines], [], [0.5, 0.9])])
    assert [e.hit.t0 for e in picked(plan, ev)] == [100.0]


def test_a_thing_named_in_view_was_seen_then_though_no_frame_label_shows_it() -> None:
    from vidmem.agent.answer.same_thing import SameThing

    # the frames found for "a brass key" show nothing like it (the labeller has no key); a line said at 60 s
    # named it in view ("look, I found this key"); the kite was seen at 200 s
    lines = {"a brass key": [(1, T0 + 60, T0 + 62)], "a kite": []}
    same = SameThing(lambda spans: None, lambda thing: lines.get(thing, []))
    ev = number_evidence(memory([hit("visual", 30, "analog clock")], [hit("visual", 200, "kite")]))
    options = ["A. a brass key", "B. a kite"]
    p = plan("order", "visual_search", "visual_search", queries=("brass key", "kite"))
    first = q("Which did I see first, the key or the kite?")

    def words(a: Sequence[str], b: Sequence[str]) -> np.ndarray:  # a label is like a query sharing a word
        return np.array([[float(bool(set(x.split()) & set(y.split()))) for y in b] for x in a], dtype=np.float32)

    assert EvidenceAnswerer(words).decide(first, options, p, ev).choice == "B"  # without what was said
    got = EvidenceAnswerer(words, same=same).decide(first, options, p, ev)
    assert got.choice == "A" and "named it in view" in got.justification
    # a line on another day than the one asked about says nothing of that day
    p.subtasks[0].spans = [(T0 + 100, T0 + 86_400)]
    assert EvidenceAnswerer(words, same=same).decide(first, options, p, ev).choice == "B"


def test_what_was_said_reads_the_lines_on_the_topic_before_the_rest_of_the_window() -> None:
    # "everything said then" also lists a line by a voice that may be Ines's; the line found by the topic's
    # words names the answer, and the rest of the window was about something else
    topic = [hit("audio", 100, "I think you left your scarf at the chapel.", speaker="Speaker 1")]
    window = [topic[0], hit("audio", 160, "I will be at the granary first.", speaker="Ines")]
    ev = number_evidence(memory(topic, window))
    p = Plan(intent="what", subtasks=[
        Subtask(goal="what was said", tool="audio_search", args={"query": "scarf left"}, about=["Ines"]),
        Subtask(goal="everything said then", tool="audio_search", args={"query": "*"}, about=["Ines"])])
    query = q("Where did Ines say the scarf was left?", said_verb="say")
    options = ["A. granary", "B. chapel"]
    assert EvidenceAnswerer().decide(query, options, p, ev).choice == "B"
    # with nothing on the topic naming an option, the window's lines count in full
    p.subtasks[0].args["query"] = "umbrella"
    only_window = number_evidence(memory([hit("audio", 100, "Where is my umbrella?")], window[1:]))
    assert EvidenceAnswerer().decide(query, options, p, only_window).choice == "A"


def test_an_option_misheard_by_the_recogniser_is_matched_by_sound() -> None:
    # no option's words are in the line found: "two at eight o'clock" was heard as "to a tater clock"
    ev = number_evidence(memory([hit("audio", 100, "Yes, the train leaves from platform to a tater clock.")]))
    options = ["A. seven forty", "B. eight o'clock", "C. half past seven", "D. noon"]
    query = q("What time did Rosa say the train leaves?", said_verb="say")
    d = EvidenceAnswerer().decide(query, options, plan("what", "audio_search", queries=("train leave",)), ev)
    assert d.choice == "B" and "sounds most like" in d.justification
    # nothing that sounds alike: no option is favoured (the first is a guess)
    far = number_evidence(memory([hit("audio", 100, "We should go.")]))
    d = EvidenceAnswerer().decide(query, options, plan("what", "audio_search", queries=("train leave",)), far)
    assert max(d.option_scores) == 0


def test_open_count_of_something_not_seen_is_zero_not_a_doubt() -> None:
    # the frames searched show other things, each a weak match: a count answers "0", it does not abstain
    frames = [hit("visual", t, "tabby cat") for t in (10, 300)]
    ev = number_evidence([MemoryEntry(0, "visual_search", frames, [(h.t0, h.t1) for h in frames], [], [0.05, 0.04])])
    from vidmem.agent.answer import minilm_similarity

    answerer = EvidenceAnswerer(similarity=minilm_similarity, labels=["tabby cat", "umbrella"])  # both recognisable
    query = q("How many times did I see the umbrella?", unit="moment", objects=("umbrella",))
    d = answerer.decide(query, [], plan("how_many", "visual_search", queries=("umbrella",)), ev)
    assert not d.abstained and d.text == "0"
    seen = answerer.decide(q("How many times did I see the cat?", unit="moment", objects=("cat",)), [],
                                     plan("how_many", "visual_search", queries=("cat",)), ev)
    assert seen.text == "2"


def test_open_when_gives_the_first_or_last_visit_asked_for() -> None:
    visits = [hit("place", t, "at bakery (P2, arrival line)", place="bakery") for t in (3600, 7200, 600)]
    entry = MemoryEntry(0, "place_search", visits, [(h.t0, h.t1) for h in visits], [], [0.9, 0.8, 0.7])
    p = plan("when", "place_search", queries=("bakery",))
    first = EvidenceAnswerer(clock=CLOCK).decide(q("when did I first get to the bakery?", ordinal="first"), [], p,
                                                 number_evidence([entry]))
    last = EvidenceAnswerer(clock=CLOCK).decide(q("when did I last get to the bakery?", ordinal="last"), [], p,
                                                number_evidence([entry]))
    assert first.text == "day 1 at 09:10" and last.text == "day 1 at 11:00"


def test_open_who_says_me_for_the_wearers_own_voice_whatever_name_it_goes_by() -> None:
    from vidmem.agent.speakers import SpeakerDirectory, SpeakerInfo

    # the voice heard most is the wearer's; others address it as Ines, so it also goes by that name
    directory = SpeakerDirectory([SpeakerInfo(3, "Speaker 3", {"Ines": 0.86}, 30),
                                  SpeakerInfo(2, "Speaker 2", {"Tomasz": 0.95}, 8)],
                                 calls=lambda _: ["Ines"])  # a line wrongly put in its cluster calls on Ines
    line = hit("audio", 10, "Thanks, I will bring my wallet.", "Speaker 3", speaker_id=3)
    p = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "wallet"}, pick="best")])
    d = EvidenceAnswerer(speakers=directory).decide(
        q('who said "thanks, i will bring my wallet"?', quoted="thanks, i will bring my wallet"), [], p,
        number_evidence(memory([line])))
    assert d.text == "me (the camera wearer)"
    other = hit("audio", 50, "The wallet is on the table.", "Speaker 2", speaker_id=2)
    d = EvidenceAnswerer(speakers=directory).decide(
        q('who said "the wallet is on the table"?', quoted="the wallet is on the table"), [], p,
        number_evidence(memory([other])))
    assert d.text == "Tomasz"


def test_open_text_answers_with_words_read_never_with_what_a_frame_shows() -> None:
    p = plan("text", "text_search", "visual_search", queries=("sign", "sign text"))
    read = hit("ocr", 40, "text: 'GATE C3'", ocr="GATE C3")
    described = hit("visual", 20, "crossword puzzle, street sign; near: prison; text: 'MIND THE STEP'")
    labels_only = hit("visual", 60, "scoreboard, digital clock; 1 face: Person 2")
    entries = [MemoryEntry(0, "text_search", [read], [(read.t0, read.t1)], [], [0.6]),
               MemoryEntry(1, "visual_search", [described, labels_only], [], [], [0.9, 0.95])]
    asked = q("what did the sign at the temple say?", intent="text")
    # the words read where it was asked come before those of a frame's description found more widely
    assert EvidenceAnswerer().decide(asked, [], p, number_evidence(entries)).text == "'GATE C3'"
    # no text hit: a frame's description still carries what was read
    entries = [MemoryEntry(1, "visual_search", [described, labels_only], [], [], [0.9, 0.95])]
    assert EvidenceAnswerer().decide(asked, [], p, number_evidence(entries)).text == "'MIND THE STEP'"
    # only labels: "scoreboard, digital clock" is no answer to what was written
    entries = [MemoryEntry(1, "visual_search", [labels_only], [], [], [0.95])]
    d = EvidenceAnswerer().decide(asked, [], p, number_evidence(entries))
    assert d.abstained and "no text" in d.text


def test_open_yes_no_says_yes_with_what_shows_it_or_that_nothing_was_found() -> None:
    said = hit("audio", 10, "Are we still going to Krakow on Sunday?", "Speaker 2")
    p = plan("yes_no", "audio_search", queries=("krakow",))
    asked = q("did anyone mention krakow?", intent="yes_no", terms=["krakow"])
    found = EvidenceAnswerer().decide(asked, [], p, number_evidence(
        [MemoryEntry(0, "audio_search", [said], [(said.t0, said.t1)], [], [0.8])]))
    assert found.text.startswith("Yes: ") and "Krakow" in found.text and not found.abstained
    faint = EvidenceAnswerer().decide(asked, [], p, number_evidence(
        [MemoryEntry(0, "audio_search", [said], [(said.t0, said.t1)], [], [0.05])]))
    assert faint.abstained and faint.text.startswith("Not that I can find")


def test_did_someone_say_it_is_answered_by_whose_voice_the_line_is_in() -> None:
    said = hit("audio", 10, "Are we still going to Krakow on Sunday?", "Tomasz")
    p = plan("yes_no", "audio_search", queries=("krakow",))
    ev = number_evidence([MemoryEntry(0, "audio_search", [said], [(said.t0, said.t1)], [], [0.8])])
    by_him = q("did tomasz mention krakow?", intent="yes_no", terms=["krakow"], said_verb="mention",
               speaker=PersonRef(name="Tomasz", role="speaker"))
    assert EvidenceAnswerer().decide(by_him, [], p, ev).text.startswith("Yes: Tomasz said")
    by_her = by_him.model_copy(update={"text": "did priya mention krakow?",
                                       "speaker": PersonRef(name="Priya", role="speaker")})
    assert EvidenceAnswerer().decide(by_her, [], p, ev).text.startswith("No: Tomasz said")


def test_open_what_happened_is_where_i_was_and_what_was_said_in_order() -> None:
    there = hit("place", 0, "at bakery (P2, arrival line)", place="bakery")
    lines = [hit("audio", 40, "The bread is still warm.", "Speaker 2"), hit("audio", 5, "Here we are.", "Speaker 1")]
    ev = number_evidence([MemoryEntry(0, "place_search", [there], [(there.t0, there.t1)], [], [0.9]),
                          MemoryEntry(1, "audio_search", lines, [(h.t0, h.t1) for h in lines], [], [0.5, 0.5])])
    p = plan("what", "place_search", "audio_search")
    d = EvidenceAnswerer(clock=CLOCK).decide(q("what happened at the bakery?", summary=True), [], p, ev)
    assert d.text.startswith("at bakery (day 1, 09:00:00")
    assert d.text.index("Here we are.") < d.text.index("The bread is still warm.") and not d.abstained


def test_open_who_first_or_last_is_the_voice_of_the_earliest_or_latest_line() -> None:
    from vidmem.agent.speakers import SpeakerDirectory, SpeakerInfo

    directory = SpeakerDirectory([SpeakerInfo(1, "Speaker 1", {}, 30), SpeakerInfo(2, "Speaker 2", {"Ines": 0.9}, 5),
                                  SpeakerInfo(3, "Speaker 3", {"Tomasz": 0.9}, 5)])
    lines = [hit("audio", t, "hello", f"Speaker {s}", speaker_id=s) for t, s in ((0, 2), (10, 1), (20, 3), (30, 1))]
    ev = number_evidence(memory(lines))
    p = Plan(intent="who", subtasks=[Subtask(goal="g", tool="audio_search", args={"query": "*"})])
    answerer = EvidenceAnswerer(speakers=directory)
    last = answerer.decide(q("who did i talk to last?", intent="who", ordinal="last", excludes_wearer=True), [], p, ev)
    first = answerer.decide(q("who spoke first?", intent="who", ordinal="first"), [], p, ev)
    assert last.text == "Tomasz" and first.text == "Ines"


def test_asked_what_was_held_while_a_quoted_line_was_said_the_askers_noun_beats_a_misheard_one() -> None:
    from vidmem.agent.query.types import Anchor

    # the transcript heard "this cart"; the asker quotes the line as said, "this cat"
    said = "Look Hugo, I found this cat near the harbor."
    line = hit("audio", 10, "Look, Hugo, I found this cart near the harbor.", speaker="Mei")
    ev = number_evidence(memory([line], [hit("visual", 11, "scoreboard")]))
    p = plan("what", "audio_search", "visual_search", refs={1: 0})
    held = q(f'What did I have in my hands while Mei was saying "{said}"?', intent="what",
             modalities=["near_camera", "visual"], anchor=Anchor(relation="while", text=said, kind="speech",
                                                                 quoted=said))
    got = EvidenceAnswerer().decide(held, [], p, ev)
    assert got.text.startswith("cat (said then:") and "this cart" in got.text, got.text
    # asked without quoting the line, the transcript's word stands
    plain = q("What did I have in my hands while Mei was talking about the harbor?", intent="what",
              modalities=["near_camera", "visual"], anchor=Anchor(relation="while", text="talking", kind="speech"))
    assert EvidenceAnswerer().decide(plain, [], p, ev).text.startswith("cart (said then:")
