"""The chat answerer: when the model is asked, what it reads, and a justification that quotes only what it
was given."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from vidmem.agent.answer import Citer, EvidenceAnswerer, LLMAnswerer, margin, number_evidence
from vidmem.agent.answer.chat_answerer import approx_tokens
from vidmem.agent.config import DEFAULT
from vidmem.agent.query import Query
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.models.protocols import ChatResult, ChatUsage
from vidmem.retrieval.types import Hit
from vidmem.timeline import Clock

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC).timestamp()
CITER = Citer(Clock(T0), {1: "20261102_090000.mp4"})


def hit(modality: str, t: float, text: str, speaker: str | None = None) -> Hit:
    return Hit(modality, 1, T0 + t, T0 + t + 3, 1.0, text, offset_s=t, speaker=speaker)  # type: ignore[arg-type]


def plan(intent: str, tool: str = "audio_search", query: str = "q") -> Plan:
    return Plan(intent=intent, subtasks=[Subtask(goal="g", tool=tool, args={"query": query})])  # type: ignore[arg-type]


def memory(hits: list[Hit]) -> list[MemoryEntry]:
    return [MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [],
                        [max(0.2, 0.9 - 0.02 * j) for j in range(len(hits))])]


class ScriptedChat:
    """Answers with a fixed reply through the schema it is given; records what it was asked."""

    name = "scripted"

    def __init__(self, reply: dict[str, Any]) -> None:
        self.reply = reply
        self.calls: list[dict[str, Any]] = []

    def chat(self, messages, *, schema=None, max_tokens=512, temperature=0.0) -> ChatResult:  # type: ignore[no-untyped-def]
        self.calls.append({"messages": list(messages), "schema": schema, "max_tokens": max_tokens})
        data = schema.model_validate(self.reply)
        return ChatResult(data.model_dump_json(), ChatUsage(self.name, 321, 12, 0.0), data)


KETTLE = ["A. ten", "B. twenty", "C. forty", "D. sixty"]


def test_a_sure_scorer_answers_without_calling_the_model() -> None:
    ev = number_evidence(memory([hit("audio", 10, "the kettle costs forty dollars", "Bob"),
                                 hit("audio", 50, "see you at noon", "Carol")]))
    checked = EvidenceAnswerer().decide(Query(text="How much did the kettle cost?"), KETTLE, plan("what"), ev)
    assert margin(checked) >= DEFAULT.chat_margin  # "forty" matches one option only
    chat = ScriptedChat({"lines": [2], "answer": "A. ten"})
    d = LLMAnswerer(chat).decide(Query(text="How much did the kettle cost?"), KETTLE, plan("what"), ev, CITER)
    assert chat.calls == []
    assert d.choice == "C" and d.decided_by == "scorer" and "no model call" in d.justification
    assert (d.tokens_in, d.tokens_out) == (0, 0)


def test_an_unsure_scorer_asks_the_model_which_cites_only_lines_it_was_shown() -> None:
    # each line names both mugs: word matching cannot tell the options apart
    ev = number_evidence(memory([hit("audio", 10, "is the red mug or the blue mug on the shelf", "Speaker 1"),
                                 hit("audio", 40, "the blue mug is on the shelf, not the red mug", "Dave")]))
    options = ["A. the red mug", "B. the blue mug"]
    checked = EvidenceAnswerer().decide(Query(text="Which mug is on the shelf?"), options, plan("what"), ev)
    assert margin(checked) < DEFAULT.chat_margin  # both options match equally: the scorer cannot tell
    chat = ScriptedChat({"lines": [2], "answer": "B. the blue mug"})
    d = LLMAnswerer(chat).decide(Query(text="Which mug is on the shelf?"), options, plan("what"), ev, CITER)
    assert len(chat.calls) == 1 and d.decided_by == "model"
    assert d.choice == "B" and [e.number for e in d.cited] == [2]
    assert d.scorer_choice == checked.choice  # the trace keeps what the scorer alone would have answered
    assert (d.tokens_in, d.tokens_out) == (321, 12)
    # the justification quotes the cited line and its speaker as the transcript writes them
    assert d.justification == ("[2] Dave at day 1 09:00:40: “the blue mug is on the shelf, not the red mug” "
                               "supports option B.")
    schema = chat.calls[0]["schema"]
    assert list(schema.model_fields) == ["lines", "answer"]  # choosing the lines comes first
    with pytest.raises(ValueError):  # only the numbers of lines shown may be cited
        schema.model_validate({"lines": [7], "answer": "B. the blue mug"})
    with pytest.raises(ValueError):  # only an option line is an answer
        schema.model_validate({"lines": [1], "answer": "C. the green mug"})


def test_the_system_prompt_is_one_fixed_text_so_its_computed_state_is_reused() -> None:
    ev = number_evidence(memory([hit("audio", 10, "the red mug", "Ann"), hit("audio", 20, "the blue mug", "Ann")]))
    chat = ScriptedChat({"lines": [1], "answer": "A. the red mug"})
    answerer = LLMAnswerer(chat, config=replace(DEFAULT, chat_margin=float("inf")))  # the model is asked
    answerer.decide(Query(text="Which mug?"), ["A. the red mug", "B. the blue mug"], plan("what"), ev, CITER)
    open_chat = ScriptedChat({"lines": [1], "answer": "the red mug"})
    LLMAnswerer(open_chat).decide(Query(text="Which mug did Ann mention first?"), [], plan("what", query="mug"), ev,
                                  CITER)
    first, second = chat.calls[0]["messages"], open_chat.calls[0]["messages"]
    assert first[0].role == second[0].role == "system" and first[0].text == second[0].text
    assert "Which mug" not in first[0].text  # everything that changes goes after it


def test_the_evidence_is_compacted_repeats_once_within_the_token_budget() -> None:
    said = [hit("audio", 10 * i, f"line {i} " + "about the weekend plans and the weather " * 6, f"Speaker {i % 3}")
            for i in range(40)]
    repeated = [hit("audio", 500 + i, "Perfect, I will ask Carol to come too.", "Ann") for i in range(5)]
    ev = number_evidence(memory([*repeated, *said]))
    chat = ScriptedChat({"lines": [1], "answer": "A. Carol"})
    LLMAnswerer(chat).decide(Query(text="Who will be asked to come?"), ["A. Carol", "B. Bob"], plan("who"), ev, CITER)
    user = chat.calls[0]["messages"][-1].text
    evidence = user.split("\n\nQuestion:")[0]
    assert evidence.count("Perfect, I will ask Carol") == 1
    assert approx_tokens(evidence) <= DEFAULT.chat_evidence_tokens + 20
    numbers = [int(n) for n in re.findall(r"^\[(\d+)\]", evidence, re.M)]
    assert numbers == sorted(numbers) and len(numbers) >= 3


def test_open_question_unknown_abstains_and_nothing_relevant_skips_the_model() -> None:
    ev = number_evidence(memory([hit("audio", 10, "see you at noon", "Carol")]))
    d = LLMAnswerer(ScriptedChat({"lines": [1], "answer": "UNKNOWN"})).decide(
        Query(text="When did Carol say she would come?"), [], plan("when", query="carol come"), ev, CITER)
    assert d.abstained and d.choice is None and d.decided_by == "model"
    silent = ScriptedChat({"answer": "noon"})
    d2 = LLMAnswerer(silent).decide(Query(text="How much did the kettle cost?"), [], plan("what"), [], CITER)
    assert d2.abstained and silent.calls == [] and d2.decided_by == "scorer"


def test_a_real_model_is_not_led_into_a_wrong_attribution() -> None:
    """Evidence that tempts "Speaker 1, who is Dave, said …": Speaker 1 addresses Dave, and Dave answers.
    Whatever the model picks, the justification quotes the lines it cites with their speakers as written."""
    from vidmem.models.chat_llamacpp import LlamaCppChatModel
    from vidmem.models.weights import WeightsMissing

    try:
        chat = LlamaCppChatModel.lite("0.5b")
    except WeightsMissing as exc:
        pytest.skip(str(exc))
    lines = [hit("audio", 10, "Dave, did you bring the concert tickets?", "Speaker 1"),
             hit("audio", 14, "Yes, they are in my bag.", "Dave"),
             hit("audio", 30, "Dave said he would drive us there.", "Speaker 1"),
             hit("audio", 60, "I left my umbrella at the station.", "Speaker 2")]
    ev = number_evidence(memory(lines))
    options = ["A. Dave", "B. Speaker 2"]
    always_ask = replace(DEFAULT, chat_margin=float("inf"))  # the model decides, however sure the scorer is
    d = LLMAnswerer(chat, config=always_ask).decide(Query(text="Who said the tickets were in their bag?"), options,
                                                    plan("who", query="tickets bag"), ev, CITER)
    assert d.decided_by == "model" and d.choice in {"A", "B"}
    by_number = {e.number: e.hit for e in ev}
    quoted = re.findall(r"\[(\d+)\] ([^:]+?) at day", d.justification)
    assert quoted  # the model has to cite at least one line
    for number, speaker in quoted:
        assert int(number) in by_number
        assert speaker == by_number[int(number)].speaker  # the speaker exactly as the transcript has it
    assert "who is" not in d.justification.lower()


class StrictChat(ScriptedChat):
    """Like an adapter: a reply that does not fit the schema (after its one re-prompt) is a ChatError."""

    def chat(self, messages, *, schema=None, max_tokens=512, temperature=0.0) -> ChatResult:  # type: ignore[no-untyped-def]
        from pydantic import ValidationError

        from vidmem.models.chat import ChatError

        try:
            return super().chat(messages, schema=schema, max_tokens=max_tokens, temperature=temperature)
        except ValidationError as exc:
            raise ChatError(f"the reply does not match: {exc.error_count()} errors") from exc


TEMPTING = [hit("audio", 10, "Dave, did you bring the concert tickets?", "Speaker 1"),
            hit("audio", 14, "Yes, they are in my bag.", "Speaker 3"),
            hit("audio", 30, "Dave said he would drive us there.", "Speaker 1")]


def test_a_justification_names_speakers_as_the_evidence_writes_them_whatever_the_model_cites() -> None:
    """The lines tempt "Speaker 1, who is Dave, said …": Speaker 1 calls Dave by name twice, and the voice that
    answers is unnamed. A model that answers "Dave" citing Speaker 1's lines still gets a justification that
    quotes them as Speaker 1's, and one that cites a line it was not shown is not believed."""
    ev = number_evidence(memory(TEMPTING))
    options = ["A. Dave", "B. Carol"]
    always_ask = replace(DEFAULT, chat_margin=float("inf"))
    question = Query(text="Who said the tickets were in their bag?")
    chat = StrictChat({"lines": [1, 3], "answer": "A. Dave"})
    d = LLMAnswerer(chat, config=always_ask).decide(question, options, plan("who", query="tickets bag"), ev, CITER)
    assert d.decided_by == "model" and d.choice == "A"
    assert d.justification.startswith("[1] Speaker 1 at day 1 09:00:10: “Dave, did you bring the concert tickets?”"
                                      " and [3] Speaker 1 at day 1 09:00:30: “Dave said he would drive us there.”")
    shown = chat.calls[0]["messages"][-1].text
    assert "Speaker 1 said" in shown and "Dave said:" not in shown  # the prompt, too, names voices as written
    liar = StrictChat({"lines": [9], "answer": "A. Dave"})  # line 9 was never shown
    d2 = LLMAnswerer(liar, config=always_ask).decide(question, options, plan("who", query="tickets bag"), ev, CITER)
    assert d2.decided_by == "scorer" and "no valid model reply" in d2.justification
    assert all(f"[{e.number}]" in shown for e in d2.cited)  # whatever is cited was shown


def test_the_reply_form_is_one_short_fixed_text_and_the_whole_schema_only_after_a_bad_reply() -> None:
    from vidmem.agent.answer.chat_answerer import choice_schema, open_schema
    from vidmem.models.chat_reply import complete_with_schema, schema_instruction

    first = schema_instruction(choice_schema(["A. one", "B. two"], [1, 2, 3]), brief=True)
    assert first == schema_instruction(choice_schema(["A. x", "B. y", "C. z"], [4, 5]), brief=True)
    assert len(first) < 200 and "A. one" not in first  # options and numbers live in the question and the grammar
    assert schema_instruction(open_schema([1]), brief=True) != first
    asked: list[list[str]] = []

    def call(messages: list[Any], constrained: bool) -> tuple[str, int, int]:
        asked.append([m.text for m in messages])
        return ('{"lines": [1], "answer": "B. two"}' if len(asked) > 1 else "no JSON here"), 10, 5

    schema = choice_schema(["A. one", "B. two"], [1, 2, 3])
    _, data, *_ = complete_with_schema(call, [], schema, constrained=True)
    assert data is not None and data.answer == "B. two"  # type: ignore[attr-defined]
    assert first in asked[0] and '"enum"' in asked[1][-1]  # the re-prompt carries the whole schema


def test_the_generation_bound_covers_a_valid_reply_in_the_models_own_tokens() -> None:
    from vidmem.agent.answer.chat_answerer import reply_tokens
    from vidmem.models.chat_llamacpp import MODELS
    from vidmem.models.weights import WeightsMissing

    try:
        from llama_cpp import Llama

        vocab = Llama(model_path=str(MODELS["1.5b"].path()), vocab_only=True, verbose=False)
    except (ImportError, WeightsMissing) as exc:
        pytest.skip(str(exc))
    option_sets = [KETTLE,
                   ["A. Marguerite-Éloïse O'Donnell-Vasquez", "B. the 14:37 train to Saint-Jean-de-Luz, platform 12",
                    "C. 3,141 ¥ and 59 cents at the 24/7 kiosk", "D. nobody"],
                   ["A. at the café on rue des Écoles near the bakery (second visit)", "B. home"]]
    for options in option_sets:
        bound = reply_tokens(options, DEFAULT.chat_max_tokens)
        for line in options:  # the longest form the grammar allows: two three-digit lines, a space after each mark
            reply = f'{{ "lines": [ 123, 456 ], "answer": "{line}" }}'
            assert len(vocab.tokenize(reply.encode(), add_bos=False)) <= bound, (reply, bound)
    assert reply_tokens(KETTLE, DEFAULT.chat_max_tokens) < DEFAULT.chat_max_tokens / 2
