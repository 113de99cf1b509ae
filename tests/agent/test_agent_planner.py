"""The planners: what the rule planner searches for each kind of question (over several phrasings), and the
LLM planner's recovery from bad plans."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import pytest

from vidmem.agent.planner_llm import LLMPlanner, parse_plan
from vidmem.agent.planner_rules import RulePlanner
from vidmem.agent.query import QueryReader, Timeline, Vocabulary
from vidmem.agent.query.intent import shared_intent_reader
from vidmem.agent.state import Plan
from vidmem.agent.tools import ToolRegistry
from vidmem.models.protocols import ChatMessage, ChatResult, ChatUsage
from vidmem.timeline import Clock

V, A, G, T = "visual_search", "audio_search", "entity_graph_search", "text_search"
ORIGIN = datetime(2026, 3, 2, 8, 0, tzinfo=UTC).timestamp()


def registry() -> ToolRegistry:
    reg = ToolRegistry()
    for name in (V, A, G):
        reg.register(name, lambda **kw: [])
    return reg


@pytest.fixture(scope="module")
def reader() -> QueryReader:
    clock = Clock(ORIGIN)
    spans = [(clock.day_range(d)[0] + 8 * 3600, clock.day_range(d)[0] + 20 * 3600) for d in (1, 2)]
    return QueryReader(Timeline.of(clock, spans), vocabulary=Vocabulary.of(["Priya", "Tomasz"], []),
                       intents=shared_intent_reader())


@pytest.fixture(scope="module")
def plan_of(reader: QueryReader) -> Callable[..., Plan]:
    planner = RulePlanner()

    def plan(question: str, options: Sequence[str] = ()) -> Plan:
        return planner.plan(reader.read(question, options))

    return plan


def tools_of(plan: Plan) -> set[str]:
    return {s.tool for s in plan.subtasks}


# Properties of plans over several phrasings each (names and wording made up for these tests)
QUOTED_WRITTEN = ['where did I see the words "closed for repairs"?', "when did I read 'no parking here'?",
                  'on day 2, where was the poster that said "free concert"?']


@pytest.mark.parametrize("question", QUOTED_WRITTEN)
def test_quoted_words_are_looked_for_on_screen(plan_of: Callable[..., Plan], question: str) -> None:
    assert T in tools_of(plan_of(question))


SIGNS = ["what did the sign at the entrance say?", "what was written on the whiteboard on day 1",
         "what words were on the note on the fridge?"]


@pytest.mark.parametrize("question", SIGNS)
def test_written_things_are_read_in_frames(plan_of: Callable[..., Plan], question: str) -> None:
    plan = plan_of(question)
    assert plan.intent == "text" and T in tools_of(plan)


PLACE_SIGNS = ["what did the sign at the bakery say on day 2?", "which words were on the poster i saw at the gym?",
               "what was written on the board at the clinic this morning"]


@pytest.mark.parametrize("question", PLACE_SIGNS)
def test_text_seen_at_a_place_is_read_during_its_visits(plan_of: Callable[..., Plan], question: str) -> None:
    """The words asked for are the unknown and a place's name is rarely on its signs: every text read during
    a visit there is evidence, within the asked time."""
    plan = plan_of(question)
    visit = next(i for i, s in enumerate(plan.subtasks) if s.tool == "place_search")
    place = plan.subtasks[visit].args["query"]
    read = next(s for s in plan.subtasks if s.tool == T and s.ref == visit)
    assert read.relation == "during" and place not in read.args["query"]
    assert read.spans == plan.subtasks[visit].spans


HOLDING = ["what was I holding while tomasz talked about the rent?", "what did priya give me after lunch?",
           "what was I looking after when the bus came?"]


@pytest.mark.parametrize("question", HOLDING)
def test_held_things_are_searched_in_frames_around_the_anchor(plan_of: Callable[..., Plan], question: str) -> None:
    plan = plan_of(question)
    frames = [s for s in plan.subtasks if s.tool == V]
    assert frames and (frames[-1].ref is not None or len(plan.subtasks) == 1)


IN_VIEW_WHILE_SAID = ['what was I holding when tomasz said "the parcel is late"?',
                      'which thing was in front of me as Priya said "let us go home"?',
                      'What could I see while I was saying "where are my keys?"']


@pytest.mark.parametrize("question", IN_VIEW_WHILE_SAID)
def test_in_view_while_a_line_is_said_reads_the_frames_of_its_seconds(plan_of: Callable[..., Plan],
                                                                      question: str) -> None:
    plan = plan_of(question)
    line, frames = plan.subtasks[0], plan.subtasks[-1]
    assert line.tool == A and frames.tool == V and frames.ref == 0
    # the line's own seconds, frame by frame: not the minute around it, not merged moments
    assert frames.relation == "during" and frames.window_s <= 10 and frames.args.get("merge") is False


COUNTING = [("in how many conversations did tomasz speak on day 2?", A),
            ("how often did I talk to priya yesterday?", A),
            ("how many times was the kettle in view on day 1?", V)]


@pytest.mark.parametrize(("question", "tool"), COUNTING)
def test_counting_lists_every_line_or_searches_the_thing(plan_of: Callable[..., Plan], question: str,
                                                         tool: str) -> None:
    plan = plan_of(question)
    assert plan.intent == "how_many" and plan.subtasks[0].tool == tool
    if tool == A:  # every line of the window; the answerer groups them into conversations by voice
        assert plan.subtasks[0].args["query"] == "*" and plan.subtasks[0].about


COMPANY = ["who was with me at the market?", "who did I see at the station on day 2?",
           "who was around me when I opened the parcel?"]


@pytest.mark.parametrize("question", COMPANY)
def test_company_uses_faces_voices_and_partners(plan_of: Callable[..., Plan], question: str) -> None:
    assert {V, A, G} <= tools_of(plan_of(question))


ANCHORED = [("what did I see right after priya asked about dinner?", "after"),
            ("who did I talk to just before I left the market on day 2?", "before"),
            ("what was in view while tomasz was talking about the budget?", "during")]


@pytest.mark.parametrize(("question", "relation"), ANCHORED)
def test_anchor_is_found_first_and_the_target_hangs_on_it(plan_of: Callable[..., Plan], question: str,
                                                          relation: str) -> None:
    plan = plan_of(question)
    assert plan.subtasks[0].ref is None and any(s.ref == 0 and s.relation == relation for s in plan.subtasks[1:])


def test_time_words_bound_every_step(plan_of: Callable[..., Plan]) -> None:
    clock = Clock(ORIGIN)
    for question, day in (("what did priya say about the tickets at 2:05 pm on day 2?", 2),
                          ("yesterday afternoon, what did priya say about the tickets?", 1)):
        plan = plan_of(question)
        lo, hi = clock.day_range(day)
        for sub in plan.subtasks:
            assert sub.spans and all(lo <= a and b <= hi for a, b in sub.spans), question
            assert "speaker" not in sub.args  # a time window narrows enough; a name filter would drop unnamed voices
    # what someone said is searched in every voice (the answer may reply to another's question); the answerer
    # weighs each line by whether the voice is theirs
    said = plan_of("what did priya say about the tickets?").subtasks[0]
    assert "speaker" not in said.args and [a.lower() for a in said.about] == ["priya"]


def test_order_questions_search_each_item(plan_of: Callable[..., Plan]) -> None:
    options = ["A. a kite", "B. a tram", "C. a heron"]
    plan = plan_of("which of these did I see first?", options)
    assert plan.intent == "order" and [s.tool for s in plan.subtasks] == [V, V, V]
    mentioned = plan_of("which of these was mentioned first: rent, tickets, budget?",
                        ["A. rent", "B. tickets", "C. budget"])
    assert [s.tool for s in mentioned.subtasks] == [A, A, A]


def test_rule_planner_only_uses_installed_tools(reader: QueryReader) -> None:
    plan = RulePlanner([A]).plan(reader.read("Where was I when Ines mentioned the museum?"))
    assert tools_of(plan) == {A}


# --- the LLM planner ------------------------------------------------------------------------------

class ScriptedChat:
    """A stand-in chat model replying with scripted texts in turn; it records what it was asked."""

    name = "scripted"

    def __init__(self, replies: Sequence[str]) -> None:
        self.replies = list(replies)
        self.asked: list[list[ChatMessage]] = []

    def chat(self, messages: Sequence[ChatMessage], *, schema: object = None, max_tokens: int = 512,
             temperature: float = 0.0) -> ChatResult:
        self.asked.append(list(messages))
        text = self.replies.pop(0) if self.replies else "no plan"
        return ChatResult(text, ChatUsage(self.name, 10, 10, 0.0))


GOOD = json.dumps({"intent": "who", "subtasks": [
    {"goal": "find leaving the orchard", "tool": V, "args": {"query": "orchard"}, "day": 2},
    {"goal": "who spoke then", "tool": A, "args": {"query": "hello"}, "ref": 0, "relation": "before"},
]})

MALFORMED = {
    "bad json": '{"intent": "who", "subtasks": [ {"goal": "x", "tool": ',
    "no json": "I would search the audio first, then the frames.",
    "unknown tool": json.dumps({"subtasks": [{"goal": "x", "tool": "web_search", "args": {"query": "q"}}]}),
    "too many steps": json.dumps({"subtasks": [{"goal": f"s{i}", "tool": A, "args": {"query": "q"}}
                                               for i in range(6)]}),
    "bad time": json.dumps({"subtasks": [{"goal": "x", "tool": A, "args": {"query": "q"},
                                          "clock": ["25:61", "26:00"]}]}),
    "reversed time": json.dumps({"subtasks": [{"goal": "x", "tool": A, "args": {"query": "q"},
                                               "clock": ["15:00", "14:00"]}]}),
    "bad args": json.dumps({"subtasks": [{"goal": "x", "tool": A, "args": {"words": "q"}}]}),
    "forward ref": json.dumps({"subtasks": [{"goal": "x", "tool": A, "args": {"query": "q"}, "ref": 1},
                                            {"goal": "y", "tool": V, "args": {"query": "q"}}]}),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_malformed_plan_is_rejected(kind: str) -> None:
    with pytest.raises(ValueError):
        parse_plan(MALFORMED[kind], registry())


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_malformed_plan_is_reprompted_and_recovered(kind: str, reader: QueryReader) -> None:
    chat = ScriptedChat([MALFORMED[kind], GOOD])
    question = reader.read("Who did I talk to before I left the orchard?")
    report = LLMPlanner(chat, registry(), constrained=False).plan(question)
    assert not report.fell_back
    assert [a.error is None for a in report.attempts] == [False, True]
    assert [s.tool for s in report.plan.subtasks] == [V, A] and report.plan.source == "llm"
    # the re-prompt carried the rejected reply and the reason
    retry = chat.asked[1]
    assert retry[-2].role == "assistant" and retry[-2].text == MALFORMED[kind]
    assert "rejected" in retry[-1].text


def test_planner_falls_back_to_rules_after_retries(reader: QueryReader) -> None:
    chat = ScriptedChat([MALFORMED["bad json"], MALFORMED["unknown tool"], MALFORMED["too many steps"]])
    question = reader.read("Who did I talk to right before I left the orchard?")
    report = LLMPlanner(chat, registry(), retries=2).plan(question)
    assert report.fell_back and len(report.attempts) == 3
    assert report.plan.source == "rules-fallback"
    assert [s.tool for s in report.plan.subtasks][:2] == [V, A]


def test_planner_survives_a_failing_backend(reader: QueryReader) -> None:
    class Broken:
        name = "broken"

        def chat(self, *args: object, **kwargs: object) -> ChatResult:
            raise RuntimeError("connection refused")

    report = LLMPlanner(Broken(), registry(), retries=1).plan(reader.read("What did Priya say about dinner?"))  # type: ignore[arg-type]
    assert report.fell_back and all("connection refused" in (a.error or "") for a in report.attempts)
    assert isinstance(report.plan, Plan) and report.plan.subtasks[0].tool == A


def test_code_fenced_plan_is_accepted() -> None:
    plan = parse_plan(f"Here is the plan:\n```json\n{GOOD}\n```", registry())
    assert len(plan.subtasks) == 2 and plan.subtasks[1].ref == 0


def test_slot_filler_asks_the_chat_model_only_when_rules_find_no_words(reader: QueryReader) -> None:
    from vidmem.agent.slots import llm_slot_filler
    from vidmem.models.protocols import ChatResult, ChatUsage

    class Keywords:
        name = "keywords"

        def __init__(self) -> None:
            self.asked: list[str] = []

        def chat(self, messages, *, schema=None, max_tokens=512, temperature=0.0) -> ChatResult:  # type: ignore[no-untyped-def]
            self.asked.append(messages[-1].text)
            data = schema.model_validate({"keywords": ["kettle", "kitchen"]}) if schema else None
            return ChatResult('{"keywords": ["kettle", "kitchen"]}', ChatUsage(self.name, 1, 1, 0.0), data)

    chat = Keywords()
    planner = RulePlanner(slot_filler=llm_slot_filler(chat))  # type: ignore[arg-type]
    vague = planner.plan(reader.read("What was going on there?"))
    assert chat.asked == ["What was going on there?"]
    assert any(s.args.get("query") == "kettle kitchen" for s in vague.subtasks)
    planner.plan(reader.read("What did Priya say about the volcano?"))
    assert len(chat.asked) == 1  # the rules found words: no model call


def test_where_next_looks_to_later_recordings_of_the_day(plan_of: Callable[..., Plan]) -> None:
    # the anchor may be in a morning file's last minute and the next place in an evening file
    for question in ("where did I go next after the place where I saw the bus stop?",
                     "after I left the market, where did I go next?"):
        plan = plan_of(question, ["A. park", "B. station"])
        target = plan.subtasks[-1] if plan.subtasks[-1].tool == V else plan.subtasks[1]
        assert target.ref == 0 and target.relation == "after" and target.window_s >= 8 * 3600, question


# where and which-place-first questions read the place visits (names made up for these tests)
WHERE_WHEN_SAID = ['where was I when priya said "the boat leaves at noon"?',
                   'Where did Tomasz say "bring the blue bag"?',
                   'what place was i at when i heard tomasz say "it is closed today"?']


@pytest.mark.parametrize("question", WHERE_WHEN_SAID)
def test_where_a_line_was_said_reads_the_visit_at_that_line(plan_of: Callable[..., Plan], question: str) -> None:
    plan = plan_of(question, ["A. pier", "B. chapel"])
    assert plan.intent == "where"
    line = next(i for i, s in enumerate(plan.subtasks) if s.tool == A)
    visit = next(s for s in plan.subtasks if s.tool == "place_search")
    assert visit.ref == line and visit.relation == "during" and visit.window_s <= 30


@pytest.mark.parametrize("question", ["which of these places did I go to first: the pier, the mill or the chapel?",
                                      "Of pier, mill or chapel, which did I visit earliest on day 2?"])
def test_which_place_came_first_looks_up_each_places_visits(reader: QueryReader, question: str) -> None:
    options = ["A. pier", "B. mill", "C. chapel"]
    knows = QueryReader(reader.timeline, vocabulary=Vocabulary.of([], ["pier", "mill", "chapel"]),
                        intents=shared_intent_reader())  # a Library whose visits are named so
    plan = RulePlanner().plan(knows.read(question, options))
    assert plan.intent == "order"
    assert [(s.tool, s.args["query"]) for s in plan.subtasks] == [("place_search", o[3:]) for o in options]


def test_when_I_got_to_a_place_reads_that_places_visits(plan_of: Callable[..., Plan]) -> None:
    plan = plan_of("what time did i first get to the chapel on day 2?", ["A. 10:05", "B. 14:30"])
    assert plan.intent == "when"
    assert plan.subtasks[0].tool == "place_search" and plan.subtasks[0].args["query"] == "chapel"


def test_where_usually_counts_the_persons_moments_at_each_place(plan_of: Callable[..., Plan]) -> None:
    plan = plan_of("where do i usually run into tomasz?", ["A. pier", "B. chapel"])
    assert any(s.tool == A and s.about == ["tomasz"] for s in plan.subtasks) or \
        any(s.tool == A and s.about == ["Tomasz"] for s in plan.subtasks)
    assert any(s.tool == "place_search" and s.ref is None for s in plan.subtasks)


@pytest.mark.parametrize(("number", "digits"), [("eleven", "11"), ("twenty", "20"), ("seven forty", "740")])
def test_numbers_are_searched_as_said_and_as_written(plan_of: Callable[..., Plan], number: str, digits: str) -> None:
    from vidmem.agent.lexicon import terms

    plan = plan_of(f"which of these was mentioned first: {number}, the pier or Monday?",
                   [f"A. {number}", "B. the pier", "C. Monday"])
    query = plan.subtasks[0].args["query"]
    assert number in query and digits in query.split()
    assert terms(query) == {digits}  # the number and its digits, not an hour and minutes ("twenty 20" → 20:20)


def test_who_spoke_at_a_known_place_lists_the_lines_of_its_visit() -> None:
    clock = Clock(ORIGIN)
    spans = [(clock.day_range(d)[0] + 8 * 3600, clock.day_range(d)[0] + 20 * 3600) for d in (1, 2)]
    known = QueryReader(Timeline.of(clock, spans), vocabulary=Vocabulary.of(["Priya"], ["bakery"]),
                        intents=shared_intent_reader())
    plan = RulePlanner().plan(known.read("who other than me spoke at the bakery around 10:03 on day 2?"))
    visit, said = plan.subtasks[0], plan.subtasks[1]
    assert visit.tool == "place_search" and visit.args["query"] == "bakery"
    # the place is where, not words said: every line of the visit, and the asked time still holds
    assert said.tool == A and said.args["query"] == "*" and said.ref == 0 and said.relation == "during"
    assert said.spans == visit.spans and said.spans is not None
    # a place the Library has no name for is not looked up by name; the frames that look like it stand in
    unknown = RulePlanner().plan(known.read("who spoke at both the pier and the mill?"))
    assert "place_search" not in tools_of(unknown) and tools_of(unknown) == {V, A}


def test_the_place_where_something_happened_is_its_whole_visit(plan_of: Callable[..., Plan]) -> None:
    plan = plan_of("Yesterday, who spoke at the place where I saw the ladder?")
    tools = [s.tool for s in plan.subtasks]
    assert tools[:3] == [V, "place_search", A]
    assert plan.subtasks[1].ref == 0 and plan.subtasks[2].ref == 1  # the moment → its visit → the lines of it


def test_topics_are_searched_however_the_transcript_spells_them(plan_of: Callable[..., Plan]) -> None:
    plan = plan_of("Of the theater, noon or the harbor, which came up first?", ["A. theater", "B. noon", "C. harbor"])
    queries = [s.args["query"] for s in plan.subtasks]
    assert queries[0].split() == ["theater", "theatre"] and queries[2].split() == ["harbor", "harbour"]
    # a word with no other spelling is searched as it is (and its digits)
    assert [w for w in queries[1].split() if w.isalnum()] == ["noon", "12"]


def test_what_was_seen_when_someone_spoke_is_the_seconds_of_that_line(plan_of: Callable[..., Plan]) -> None:
    seen = plan_of("the first time priya spoke, what could I see?")
    target = next(s for s in seen.subtasks if s.ref is not None)
    assert target.relation == "during" and target.window_s <= 10  # not the minute around it
    said = plan_of("what did tomasz say when priya spoke?")  # talk around a line is not only its seconds
    assert all(s.relation != "during" for s in said.subtasks if s.ref is not None)


def test_who_spoke_at_an_unnamed_place_at_a_minute_reads_the_visit_of_that_minute(
        plan_of: Callable[..., Plan]) -> None:
    clock = Clock(ORIGIN)
    plan = plan_of("who other than me spoke at the chapel around 10:07 on day 2?")
    visit, said = plan.subtasks[0], plan.subtasks[1]
    # the Library knows no "chapel": wherever I was during the minute asked is the place
    minute = clock.day_range(2)[0] + 10 * 3600 + 7 * 60
    assert visit.tool == "place_search" and visit.args["query"] == "*" and visit.spans == [(minute, minute + 60)]
    assert visit.args["unnamed_first"]  # a visit known by another name is less likely the chapel
    assert said.tool == A and said.ref == 0 and said.args["query"] == "*" and said.spans is not None
    # without a minute there is nothing to place it by: the lines of the asked time
    loose = plan_of("who spoke at the chapel on day 2?")
    assert "place_search" not in tools_of(loose)


def test_a_visit_anchor_is_searched_during_the_visit() -> None:
    clock = Clock(ORIGIN)
    spans = [(clock.day_range(d)[0] + 8 * 3600, clock.day_range(d)[0] + 20 * 3600) for d in (1, 2)]
    known = QueryReader(Timeline.of(clock, spans), vocabulary=Vocabulary.of([], ["bakery"]),
                        intents=shared_intent_reader())
    for question in ("when I last visited the bakery, what was in my hands?",
                     "what could I see on my first visit to the bakery?"):
        plan = RulePlanner().plan(known.read(question))
        visit, seen = plan.subtasks[0], plan.subtasks[1]
        assert visit.tool == "place_search" and visit.pick in {"first", "last"}, question
        assert seen.tool == V and seen.ref == 0 and seen.relation == "during" and seen.window_s <= 5, question
    # no first or last: any visit may be the one meant, so each is searched
    plan = RulePlanner().plan(known.read("what did Priya say about the cake while I was at the bakery?"))
    visit, said = plan.subtasks[0], plan.subtasks[1]
    assert visit.tool == "place_search" and visit.pick == "each" and said.ref == 0 and said.relation == "during"


def test_what_was_said_to_someone_lists_the_lines(plan_of: Callable[..., Plan]) -> None:
    # no word to search for but the person it was said to: every line, read for who is called on
    step = plan_of("what did i ask tomasz").subtasks[0]
    assert step.tool == "audio_search" and step.args["query"] == "*" and step.args["k"] == 100


@pytest.mark.parametrize("question", ["which of these places did I go to first: the tannery, the quay or the mill?",
                                      "did i get to the tannery, the quay or the mill earlier?"])
def test_order_of_places_the_library_cannot_name_searches_what_was_said(reader: QueryReader, question: str) -> None:
    query = reader.read(question)  # this Library knows no place by name: arrivals are heard ("we are at the quay")
    plan = RulePlanner().plan(query)
    assert plan.intent == "order" and [s.tool for s in plan.subtasks] == [A, A, A]
    named = QueryReader(reader.timeline, vocabulary=Vocabulary.of([], ["tannery", "quay", "mill"]),
                        intents=shared_intent_reader()).read(question)
    assert {s.tool for s in RulePlanner().plan(named).subtasks} == {"place_search"}



@pytest.mark.parametrize("question", ["which platform does the train leave from?",
                                      "which gate does the flight leave from?"])
def test_a_what_pointing_at_no_kind_of_evidence_is_heard_and_seen(plan_of: Callable[..., Plan], question: str) -> None:
    assert {A, "visual_search"} <= tools_of(plan_of(question))


def test_a_plan_talked_about_is_looked_for_in_what_was_said(plan_of: Callable[..., Plan]) -> None:
    plan = plan_of("where are we having dinner tonight?")
    assert tools_of(plan) == {A} and all(s.spans is None for s in plan.subtasks)  # tonight is the plan's time


def test_what_someone_said_with_no_topic_but_the_answers_kind_reads_their_lines(plan_of: Callable[..., Plan]) -> None:
    [said] = plan_of("which restaurant did priya suggest?").subtasks
    assert said.tool == A and said.args["query"] == "*" and said.args["k"] >= 50 and said.about == ["Priya"]


def test_counting_people_lists_every_line_and_counting_places_every_visit(plan_of: Callable[..., Plan]) -> None:
    [lines] = plan_of("how many people did i talk to on day 2?").subtasks
    assert lines.tool == A and lines.args["query"] == "*" and lines.spans is not None
    [visits] = plan_of("how many different places did i go to on day 1?").subtasks
    assert visits.tool == "place_search" and visits.args["query"] == "*" and visits.spans is not None


def test_what_happened_lists_the_lines_of_the_asked_time(plan_of: Callable[..., Plan]) -> None:
    plan = plan_of("what did i do on day 2?")
    assert [s.tool for s in plan.subtasks] == ["place_search", A]
    assert plan.subtasks[1].args["query"] == "*" and plan.subtasks[1].spans is not None


def test_who_i_talked_to_last_lists_the_latest_lines(plan_of: Callable[..., Plan]) -> None:
    [last] = plan_of("who was the last person i spoke to on day 1?").subtasks
    assert last.args["query"] == "*" and last.args.get("latest")
    [first] = plan_of("who did i talk to first on day 1?").subtasks
    assert not first.args.get("latest")


def test_a_replan_asked_without_options_adds_the_questions_verbs_not_its_people() -> None:
    from vidmem.agent.planner_rules import other_words
    from vidmem.agent.query import Query
    from vidmem.agent.query.types import PersonRef

    # the line: "Are we still going to Lima on Friday, Wren?" — neither "trip" nor "city" is said
    asked = Query(text="planning the trip with wren, which city are we going to again?", intent="what",
                  target="planning the trip with Wren, which city are we going to again?", asked_for="city",
                  people=[PersonRef(name="Wren", role="present")])
    words = other_words(asked)
    assert "go" in words and "trip" in words
    assert "city" not in words and "wren" not in words and "are" not in words
