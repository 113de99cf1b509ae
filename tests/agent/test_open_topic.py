"""Open "what were X and Y talking about" questions: the conversation they hold most, said back as its topics and
its lines (made-up names, places and lines)."""

from __future__ import annotations

from vidmem.agent.answer import EvidenceAnswerer, number_evidence
from vidmem.agent.answer.open_topic import asks_topic, their_conversation, topics
from vidmem.agent.query import Query
from vidmem.agent.query.reader import parse
from vidmem.agent.query.types import PersonRef
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.retrieval.types import Hit

T0 = 1_790_000_000.0
WREN, PABLO = PersonRef(name="Wren", role="speaker"), PersonRef(name="Pablo", role="present")


def line(t: float, text: str, speaker: str | None = None) -> Hit:
    return Hit("audio", 1, T0 + t, T0 + t + 2, 1.0, text, offset_s=t, speaker=speaker)


def asked(text: str, **fields: object) -> Query:
    return Query(text=text, target=text, intent="what", **fields)  # type: ignore[arg-type]


def test_talk_with_no_topic_named_asks_for_the_topic() -> None:
    assert asks_topic(asked("what were Wren and Pablo talking about at the quay?", said_verb="talk",
                            terms=["quay"], places=["quay"], people=[WREN, PABLO]))
    assert asks_topic(asked("what was my chat with Wren about?", people=[WREN]))
    # a topic named: what was said about it; a quoted line: who or when
    assert not asks_topic(asked("what did Wren say when we talked about the ferry?", said_verb="talk",
                                terms=["ferry"], people=[WREN]))
    assert not asks_topic(asked('what were we talking about when Wren said "hello"?', said_verb="talk",
                                quoted="hello"))
    assert not asks_topic(asked("what did Wren say?", said_verb="say", people=[WREN]))


def test_the_conversation_they_hold_most_and_its_topics() -> None:
    talks = [[1, 0], [1, 1, 1], [0, 0, 0, 0]]  # a line's weight: theirs or not
    ev = [[number_evidence([MemoryEntry(0, "audio_search", [line(i * 100 + j, "x")], [(0.0, 1.0)], [], [0.5])])[0]
           for j in range(len(t))] for i, t in enumerate(talks)]
    weights = {id(e): w for talk, ws in zip(ev, talks, strict=True) for e, w in zip(talk, ws, strict=True)}
    assert their_conversation(ev, lambda e: weights[id(e)]) == ev[1]
    assert their_conversation(ev[2:], lambda e: weights[id(e)]) == []  # nobody asked about talks there
    said = ["Wren, when is the regatta?", "It is on Friday at the boathouse, Wren.", "I will bring my oars."]
    assert topics(said, parse, ["Wren"]) == ["regatta", "boathouse", "oars"]
    assert topics(said, parse, ["Wren"], places=["boathouse"]) == ["regatta", "oars"]


def test_asked_what_they_talked_about_the_answer_is_their_conversation() -> None:
    hits = [line(0, "Right, here we are at the quay."), line(3, "Pablo, did you fix the bicycle?"),
            line(6, "Yes, I found a new chain at the market.", "Pablo"),
            line(60, "Wren, when is the regatta?"), line(63, "It is on Friday at the boathouse, Wren.", "Wren"),
            line(66, "Great, I will bring my oars.")]
    ev = number_evidence([MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [], [0.5] * 6)])
    plan = Plan(intent="what", subtasks=[Subtask(goal="every line", tool="audio_search", args={"query": "*"})])
    got = EvidenceAnswerer().decide(asked("what did Wren and I talk about?", said_verb="talk",
                                          people=[WREN, PersonRef(name="me", wearer=True)]), [], plan, ev)
    assert got.text.startswith("regatta, boathouse, oars ("), got.text
    assert [c.hit.t0 - T0 for c in got.cited] == [60, 63, 66]
    nobody = EvidenceAnswerer().decide(asked("what did Ines and I talk about?", said_verb="talk",
                                             people=[PersonRef(name="Ines")]), [], plan, ev)
    assert nobody.abstained
