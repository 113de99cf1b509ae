"""Self-consistency (`--votes N`): N answers sampled at temperature > 0, the majority wins, and how far the
votes agreed is recorded per question and summarised per level in the report."""

from __future__ import annotations

import json
from pathlib import Path

from vidmem.eval.answering import Answerer
from vidmem.eval.datasets import Question
from vidmem.eval.report import write_report
from vidmem.eval.runner import BlindLevel, QuestionPlan, run_levels
from vidmem.levels.base import Scope
from vidmem.models.protocols import ChatResult, ChatUsage


class Scripted:
    """Replies in the order given, recording the temperature of each call."""

    name = "scripted"

    def __init__(self, *replies: str) -> None:
        self.replies = iter(replies)
        self.temperatures: list[float] = []

    def chat(self, messages, *, schema=None, max_tokens=512, temperature=0.0):  # type: ignore[no-untyped-def]
        self.temperatures.append(temperature)
        return ChatResult(next(self.replies), ChatUsage(self.name, 10, 2, 0.0))


def _plan(qid: str, gold: str) -> QuestionPlan:
    question = Question(qid, "Which one?", ("red", "green", "blue", "none"), gold, category="colour", video="v")
    return QuestionPlan(question, Scope((1,)), [], "short")


def test_votes_are_sampled_and_the_majority_answers(tmp_path: Path) -> None:
    model = Scripted("Answer: A", "Answer: B", "I cannot tell", "Answer: B")
    records = run_levels([_plan("q-1", "B")], [BlindLevel()], Answerer(model), tmp_path, votes=4)
    record = records[0]
    assert record["choices"] == ["A", "B", None, "B"]
    assert record["answer"] == "B" and record["correct"] is True
    assert record["agreement"] == 0.5  # two of four votes; the unparseable one dissents
    assert record["tokens"] == {"in": 40, "out": 8}
    assert len(model.temperatures) == 4 and min(model.temperatures) > 0  # every vote a sample, none greedy

    greedy = Scripted("Answer: C")
    single = run_levels([_plan("q-1", "B")], [BlindLevel()], Answerer(greedy), tmp_path / "one")[0]
    assert greedy.temperatures == [0.0]
    assert (single["answer"], single["agreement"], single["correct"]) == ("C", 1.0, False)


def test_the_report_gives_votes_and_agreement_per_level(tmp_path: Path) -> None:
    model = Scripted("Answer: A", "Answer: A", "Answer: A", "Answer: B", "Answer: C", "Answer: B")
    run_levels([_plan("q-1", "A"), _plan("q-2", "B")], [BlindLevel()], Answerer(model), tmp_path, votes=3)
    files = write_report(tmp_path)
    level = json.loads(files["summary"].read_text())["levels"]["blind"]
    assert level["votes"] == 3
    assert abs(level["agreement"] - (1.0 + 2 / 3) / 2) < 1e-9
    assert level["accuracy"]["value"] == 1.0
    assert "| blind | 3 | 83.3% |" in files["markdown"].read_text()


def test_sampled_votes_are_never_answered_from_the_chat_cache(tmp_path: Path) -> None:
    from vidmem.models.chat import CachedChatModel
    from vidmem.store.chat_cache import ChatCache

    model = Scripted("Answer: A", "Answer: B", "Answer: B", "Answer: D", "Answer: D")
    cached = CachedChatModel(model, ChatCache(tmp_path / "cache.sqlite"))
    record = run_levels([_plan("q-1", "B")], [BlindLevel()], Answerer(cached), tmp_path / "run", votes=3)[0]
    assert record["choices"] == ["A", "B", "B"]  # three draws, not the first one three times
    greedy = [run_levels([_plan("q-1", "B")], [BlindLevel()], Answerer(cached), tmp_path / f"g{n}")[0]
              for n in range(2)]
    assert [g["choices"] for g in greedy] == [["D"], ["D"]] and len(model.temperatures) == 4  # greedy: cached
