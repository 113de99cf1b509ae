"""The runner resumes, re-scores from raw replies, and the report's numbers are the JSONL's numbers.

The answering model here is a test double (a rule that reads the context), so these tests check the
harness, not a model: the end-to-end test over a generated corpus uses the real pieces.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval_helpers import ReadingModel
from vidmem.eval.answering import Answerer
from vidmem.eval.datasets import Question
from vidmem.eval.report import write_report
from vidmem.eval.runner import RESULTS, BlindLevel, QuestionPlan, RandomLevel, ResultsFile, rescore, run_levels
from vidmem.levels.base import Asked, Context, ContextItem, Scope


class OracleHalfLevel:
    """Puts the right option's text into the context for even-numbered questions only."""

    name = "L-test"

    def __init__(self, questions: dict[str, Question]) -> None:
        self.questions = questions

    def build(self, question: Asked, scope: Scope) -> Context:
        q = self.questions[question.qid]
        n = int(q.qid.split("-")[1])
        text = q.options["ABCD".index(q.answer)] if n % 2 == 0 else "nothing useful"
        item = ContextItem(f"event:{n}", scope.video_ids[0], 1000.0 + n, 1005.0 + n, 0.9, text)
        return Context(f"Event 1 (0.0s - 5.0s): {text}", [item], retrieval_s=0.002)


def _plans(n: int) -> list[QuestionPlan]:
    plans = []
    for i in range(n):
        q = Question(f"q-{i}", f"Question {i}?", (f"red {i}", f"blue {i}", f"green {i}", f"grey {i}"),
                     "ABCD"[i % 4], category="even" if i % 2 == 0 else "odd", duration="short")
        plans.append(QuestionPlan(q, Scope((1,)), [(1000.0 + i + 20, 1001.0 + i + 20)], "short"))
    return plans


def test_resume_skips_done_pairs_and_redoes_a_torn_line(tmp_path: Path) -> None:
    plans = _plans(8)
    model = ReadingModel()
    level = OracleHalfLevel({p.question.qid: p.question for p in plans})
    levels = [level, BlindLevel(), RandomLevel(seed=3)]
    run_levels(plans[:5], levels, Answerer(model), tmp_path)
    assert model.calls == 10  # 5 questions × (L-test, blind); random needs no model
    with (tmp_path / RESULTS).open("a") as handle:
        handle.write('{"qid": "q-5", "level": "L-te')  # a write cut short by a kill
    records = run_levels(plans, levels, Answerer(model), tmp_path)
    assert model.calls == 16  # only the 3 new questions, at 2 model levels
    assert len(records) == 24
    assert len({(r["qid"], r["level"]) for r in records}) == 24
    on_disk = ResultsFile(tmp_path / RESULTS).load()
    assert len(on_disk) == 24  # the torn line was dropped, not kept as a broken record
    by = {(r["qid"], r["level"]): r for r in records}
    for i in range(8):
        assert by[(f"q-{i}", "L-test")]["correct"] is (i % 2 == 0)
        assert by[(f"q-{i}", "blind")]["unparseable"] is True
    assert by[("q-0", "L-test")]["recall"]["10s"] == 0.0 and by[("q-0", "L-test")]["recall"]["30s"] == 1.0


def test_random_level_is_seeded_and_near_chance(tmp_path: Path) -> None:
    plans = _plans(400)
    records = run_levels(plans, [RandomLevel(seed=7)], None, tmp_path)
    again = run_levels(plans, [RandomLevel(seed=7)], None, tmp_path / "again")
    assert [r["answer"] for r in records] == [r["answer"] for r in again]
    accuracy = sum(r["correct"] for r in records) / len(records)
    assert 0.18 < accuracy < 0.32  # 1/4 ± 3 standard errors at n = 400


def test_rescore_uses_the_stored_replies(tmp_path: Path) -> None:
    plans = _plans(2)
    run_levels(plans, [BlindLevel()], Answerer(ReadingModel()), tmp_path)
    lines = (tmp_path / RESULTS).read_text().splitlines()
    edited = [json.loads(line) for line in lines]
    edited[0]["replies"] = ["After thinking: THE ANSWER IS " + edited[0]["gold"]]
    edited[0]["correct"] = False  # a stale verdict from an older parser
    assert rescore(edited)[0]["correct"] is True


def test_a_failing_level_is_recorded_and_retried(tmp_path: Path) -> None:
    class Broken:
        name = "L9"
        fail = True

        def build(self, question: Asked, scope: Scope) -> Context:
            if self.fail:
                raise RuntimeError("no frames table")
            return Context("", reply="Answer: A")

    level = Broken()
    first = run_levels(_plans(1), [level], None, tmp_path)
    assert first[0]["error"] == "RuntimeError: no frames table" and first[0]["correct"] is False
    level.fail = False
    second = run_levels(_plans(1), [level], None, tmp_path)
    assert second[0]["error"] is None and second[0]["correct"] is True


def test_report_numbers_equal_the_jsonl(tmp_path: Path) -> None:
    plans = _plans(12)
    level = OracleHalfLevel({p.question.qid: p.question for p in plans})
    run_levels(plans, [level, BlindLevel(), RandomLevel()], Answerer(ReadingModel()), tmp_path)
    files = write_report(tmp_path)
    for name in ("markdown", "html", "summary", "accuracy.png", "accuracy_vs_latency.png", "accuracy_vs_cost.png",
                 "recall.png"):
        assert files[name].is_file() and files[name].stat().st_size > 0, name
    assert files["accuracy.png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    raw = [json.loads(line) for line in (tmp_path / RESULTS).read_text().splitlines()]
    summary = json.loads(files["summary"].read_text())
    md = files["markdown"].read_text()
    page = files["html"].read_text()
    for name in ("L-test", "blind", "random"):
        rows = [r for r in raw if r["level"] == name]
        accuracy = sum(r["correct"] for r in rows) / len(rows)
        s = summary["levels"][name]
        assert s["accuracy"]["value"] == pytest.approx(accuracy)
        assert s["accuracy"]["low"] <= accuracy <= s["accuracy"]["high"]
        assert s["tokens_in"] == sum(r["tokens"]["in"] for r in rows)
        compute = sum(sum(r["timings"].values()) for r in rows)
        assert s["cost_usd"] == pytest.approx(compute * 0.000237)
        shown = f"{100 * accuracy:.1f}% ["
        assert f"| {name} | {len(rows)} | {shown}" in md
        assert shown in page
    assert summary["levels"]["L-test"]["accuracy"]["value"] == pytest.approx(0.5)
    assert summary["levels"]["blind"]["unparseable"] == 12
    test = next(t for t in summary["mcnemar"] if {t["a"], t["b"]} == {"blind", "L-test"})
    assert (test["only_a"], test["only_b"]) in ((0, 6), (6, 0))


def test_cli_errors_are_clear(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from vidmem.cli.main import app

    missing = CliRunner().invoke(app, ["eval", "run", "--dataset", f"corpus:{tmp_path / 'nope'}", "--levels",
                                       "random", "--out", str(tmp_path / "run")])
    assert missing.exit_code == 2 and "manifest.json" in missing.output
    empty = CliRunner().invoke(app, ["eval", "report", str(tmp_path)])
    assert empty.exit_code == 2 and "results.jsonl" in empty.output
    assert not (tmp_path / "run").exists()  # nothing written for a dataset that does not load
