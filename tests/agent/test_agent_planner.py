"""The planners: the rule planner on a table of questions, and the LLM planner's recovery from bad plans."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from vidmem.agent.planner_llm import LLMPlanner, parse_plan
from vidmem.agent.planner_rules import RulePlanner, parse_question
from vidmem.agent.state import Plan
from vidmem.agent.tools import ToolRegistry
from vidmem.models.protocols import ChatMessage, ChatResult, ChatUsage

V, A, G = "visual_search", "audio_search", "entity_graph_search"


def registry() -> ToolRegistry:
    reg = ToolRegistry()
    for name in (V, A, G):
        reg.register(name, lambda **kw: [])
    return reg


@pytest.fixture(scope="module")
def planner() -> RulePlanner:
    return RulePlanner()


# question → (intent, tools in order, which steps are anchored on which)
TABLE: list[tuple[str, str, list[str], dict[int, tuple[int, str]]]] = [
    ("Who did I talk to right before I left the garden on day 2?", "who", [V, A, G], {1: (0, "before"),
                                                                                     2: (0, "before")}),
    ("What did Carol say about the train tickets?", "what", [A], {}),
    ("Who said that the train leaves from platform four?", "who", [A], {}),
    ("What was I holding while Bob talked about the restaurant?", "what", [A, V], {1: (0, "during")}),
    ("Where was I when Alice mentioned the museum?", "where", [A, V, G], {1: (0, "during"), 2: (0, "during")}),
    ("How many times did I see the cat?", "how_many", [V], {}),
    ("How many times did Dave mention the umbrella?", "how_many", [A], {}),
    ("What did the sign say on day 1?", "text", [V], {}),
    ("What did I see after Carol asked about dinner?", "what", [A, V], {1: (0, "after")}),
    ("When did Bob mention the passport?", "when", [A], {}),
]


@pytest.mark.parametrize(("question", "intent", "tools", "anchors"), TABLE)
def test_rule_planner_table(planner: RulePlanner, question: str, intent: str, tools: list[str],
                            anchors: dict[int, tuple[int, str]]) -> None:
    plan = planner.plan(question)
    assert plan.intent == intent
    assert [s.tool for s in plan.subtasks] == tools
    for i, sub in enumerate(plan.subtasks):
        if i in anchors:
            assert (sub.ref, sub.relation) == anchors[i]
        else:
            assert sub.ref is None


# the generated footage's question templates (vidmem.devdata.questions), one per category
GENERATED: list[tuple[str, str, list[str], dict[int, tuple[int, str]]]] = [
    ("On day 1, around 10:03, where did Bob say the gloves was left?", "where", [A, A], {}),
    ('On day 1, who said: "Yes Grace, the train leaves from platform two at midnight."?', "who", [A], {}),
    ('On day 1, what object was in view when Grace said "Then I will give it back to Dave later."?', "what",
     [A, V], {1: (0, "during")}),
    ('Where was I when I said "I think you left your sunglasses at the bakery."?', "where", [A, V, G],
     {1: (0, "during"), 2: (0, "during")}),
    ("At about what time did I first arrive at the temple on day 1?", "when", [V], {}),
    ("On day 1, which of these places did I go to first: alley, park, gravel path, observatory?", "order",
     [V, V, V, V], {}),
    ("How many separate times was the motorcycle in view on day 1?", "how_many", [V], {}),
    ("Who spoke both at the garden and at the temple?", "who", [V, A, V, A], {1: (0, "around"), 3: (2, "around")}),
    ("On day 2, who spoke at the place where I saw the cat?", "who", [V, A, G], {1: (0, "around"), 2: (0, "around")}),
    ("On day 1, what object was in view in the scene where I first heard Carol speak?", "what", [A, V],
     {1: (0, "around")}),
    ('What did the sign in view say while Dave said "Thank you, I will go and look there."?', "text", [A, V],
     {1: (0, "during")}),
    ("On day 1, what did the sign I saw at the garden say?", "text", [V], {}),
]


@pytest.mark.parametrize(("question", "intent", "tools", "anchors"), GENERATED)
def test_rule_planner_on_generated_templates(planner: RulePlanner, question: str, intent: str, tools: list[str],
                                             anchors: dict[int, tuple[int, str]]) -> None:
    test_rule_planner_table(planner, question, intent, tools, anchors)


def test_generated_templates_fill_their_slots(planner: RulePlanner) -> None:
    said = planner.plan("On day 1, around 10:03, where did Bob say the gloves was left?").subtasks[0]
    assert said.day == 1 and said.clock == ("10:01:00", "10:05:00") and said.args["query"] == "glove"
    listing = planner.plan("On day 1, around 10:03, where did Bob say the gloves was left?").subtasks[1]
    assert listing.clock == said.clock and listing.about == ["Bob"]  # everything said then, Bob's lines first
    quoted = planner.plan('On day 1, who said: "Yes Grace, the train leaves from platform two at midnight."?')
    assert quoted.subtasks[0].pick == "best" and "platform" in quoted.subtasks[0].args["query"]
    first = planner.plan("On day 1, what object was in view in the scene where I first heard Carol speak?")
    assert first.subtasks[0].pick == "first" and first.subtasks[0].args["speaker"] == "Carol"
    order = planner.plan("On day 1, which of these did I see first: cat, coins, motorcycle, coffee cup?",
                         ["A. coffee cup", "B. cat", "C. coins", "D. motorcycle"])
    assert [s.args["query"] for s in order.subtasks] == ["coffee cup", "cat", "coin", "motorcycle"]


def test_multi_hop_plan_uses_two_tools_in_order(planner: RulePlanner) -> None:
    plan = planner.plan("Who did I talk to right before I left the garden on day 2?")
    assert len({s.tool for s in plan.subtasks}) >= 2
    anchor, target = plan.subtasks[0], plan.subtasks[1]
    assert anchor.tool == V and "garden" in anchor.args["query"]
    assert target.ref == 0 and target.relation == "before" and target.edge == "end"  # up to leaving
    assert all(s.day == 2 for s in plan.subtasks)


def test_rule_planner_fills_slots(planner: RulePlanner) -> None:
    p = parse_question("What did Carol say about the train tickets at 2:05 pm on day 3?")
    assert p.day == 3 and p.clock == ("14:03:00", "14:07:00")
    assert p.names == ["Carol"] and p.target_speaker == "Carol"
    assert {"train", "ticket"} <= set(p.target_terms)
    plan = planner.plan("What did Carol say about the train tickets at 2:05 pm on day 3?")
    # the clock window narrows the search; a speaker filter would drop lines whose voice got no name
    assert "speaker" not in plan.subtasks[0].args
    assert plan.subtasks[0].clock == ("14:03:00", "14:07:00") and plan.subtasks[0].day == 3
    assert planner.plan("What did Carol say about the train tickets?").subtasks[0].args["speaker"] == "Carol"
    between = parse_question("What did I see between 09:15 and 10:00?")
    assert between.clock == ("09:15:00", "10:00:00")


def test_order_question_searches_each_option(planner: RulePlanner) -> None:
    options = ["A. Bob talked about the museum", "B. I saw a cat", "C. Carol mentioned the passport"]
    plan = planner.plan("Which of these happened first?", options)
    assert plan.intent == "order"
    assert [s.tool for s in plan.subtasks] == [A, V, A]
    assert "museum" in plan.subtasks[0].args["query"] and "cat" in plan.subtasks[1].args["query"]


def test_rule_planner_only_uses_installed_tools() -> None:
    plan = RulePlanner([A]).plan("Where was I when Alice mentioned the museum?")
    assert {s.tool for s in plan.subtasks} == {A}


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
    {"goal": "find leaving the garden", "tool": V, "args": {"query": "garden"}, "day": 2},
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
def test_malformed_plan_is_reprompted_and_recovered(kind: str) -> None:
    chat = ScriptedChat([MALFORMED[kind], GOOD])
    report = LLMPlanner(chat, registry(), constrained=False).plan("Who did I talk to before I left the garden?")
    assert not report.fell_back
    assert [a.error is None for a in report.attempts] == [False, True]
    assert [s.tool for s in report.plan.subtasks] == [V, A] and report.plan.source == "llm"
    # the re-prompt carried the rejected reply and the reason
    retry = chat.asked[1]
    assert retry[-2].role == "assistant" and retry[-2].text == MALFORMED[kind]
    assert "rejected" in retry[-1].text


def test_planner_falls_back_to_rules_after_retries() -> None:
    chat = ScriptedChat([MALFORMED["bad json"], MALFORMED["unknown tool"], MALFORMED["too many steps"]])
    report = LLMPlanner(chat, registry(), retries=2).plan("Who did I talk to right before I left the garden?")
    assert report.fell_back and len(report.attempts) == 3
    assert report.plan.source == "rules-fallback"
    assert [s.tool for s in report.plan.subtasks][:2] == [V, A]


def test_planner_survives_a_failing_backend() -> None:
    class Broken:
        name = "broken"

        def chat(self, *args: object, **kwargs: object) -> ChatResult:
            raise RuntimeError("connection refused")

    report = LLMPlanner(Broken(), registry(), retries=1).plan("What did Carol say about dinner?")  # type: ignore[arg-type]
    assert report.fell_back and all("connection refused" in (a.error or "") for a in report.attempts)
    assert isinstance(report.plan, Plan) and report.plan.subtasks[0].tool == A


def test_code_fenced_plan_is_accepted() -> None:
    plan = parse_plan(f"Here is the plan:\n```json\n{GOOD}\n```", registry())
    assert len(plan.subtasks) == 2 and plan.subtasks[1].ref == 0


def test_slot_filler_asks_the_chat_model_only_when_rules_find_no_words() -> None:
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
    vague = planner.plan("What was going on there?")
    assert chat.asked == ["What was going on there?"]
    assert any(s.args.get("query") == "kettle kitchen" for s in vague.subtasks)
    planner.plan("What did Carol say about the volcano?")
    assert len(chat.asked) == 1  # the rules found words: no model call


def test_quoted_sign_is_read_in_frames_and_mentions_are_heard() -> None:
    planner = RulePlanner()
    sign = planner.plan('On day 1, where did I go next after the place where I saw the sign "CAFE OPEN"?',
                        ["A. park", "B. garden"])
    anchor, target = sign.subtasks[0], sign.subtasks[1]
    assert anchor.tool == "visual_search" and "cafe open" in anchor.args["query"]
    assert target.ref == 0 and target.relation == "after" and target.window_s >= 3600 and target.args["k"] >= 50
    said = planner.plan('Where was I when Bob said "I think that coffee cup belongs to Dave."?', ["A. park"])
    assert said.subtasks[0].tool == "audio_search"
    mentioned = planner.plan("On day 1, which of these was mentioned first: market, jacket, guitar, gym?",
                             ["A. market", "B. jacket", "C. guitar", "D. gym"])
    assert [s.tool for s in mentioned.subtasks] == ["audio_search"] * 4
    seen = planner.plan("On day 1, which of these did I see first: motorcycle, cat, coins, coffee cup?",
                        ["A. cat", "B. coffee cup", "C. coins", "D. motorcycle"])
    assert all(s.tool == "visual_search" for s in seen.subtasks)


def test_wearer_line_anchor_names_whose_line_it_is() -> None:
    plan = RulePlanner().plan('What did the sign in view say while I said "Perfect, I will ask Carol to come too."?',
                              ["A. BUS STOP 18", "B. LOST AND FOUND"])
    assert plan.subtasks[0].tool == "audio_search" and plan.subtasks[0].about == ["me"]
