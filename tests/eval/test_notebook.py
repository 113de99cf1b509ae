"""notebooks/ladder.ipynb runs from top to bottom on a small run made here, and stays the twin of its
jupytext .py (the file reviewers read); no outputs are committed."""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient

from eval_helpers import ReadingModel
from vidmem.eval.answering import Answerer
from vidmem.eval.datasets import Question
from vidmem.eval.runner import BlindLevel, QuestionPlan, RandomLevel, run_levels, write_run_info
from vidmem.levels.base import Asked, Context, ContextItem, Scope

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


class EveryThirdLevel:
    """Puts the right option's text (and a span near the time reference) into the context for every third
    question; the others get an unrelated moment."""

    name = "L1"

    def __init__(self, questions: dict[str, Question]) -> None:
        self.questions = questions

    def build(self, question: Asked, scope: Scope) -> Context:
        q = self.questions[question.qid]
        n = int(q.qid.split("-")[1])
        helpful = n % 3 == 0
        text = q.options["ABCD".index(q.answer)] if helpful else "an empty corridor"
        t = 100.0 * n + (5.0 if helpful else 900.0)
        return Context(f"Event: {text}", [ContextItem(f"e{n}", 1, t, t + 4, 0.9, text)], retrieval_s=0.01)


def _small_run(out: Path) -> None:
    colours = ("red kettle", "green door", "blue bicycle", "yellow lamp")
    plans, questions = [], {}
    for n in range(12):
        gold = "ABCD"[n % 4]
        q = Question(f"q-{n}", f"Which thing is shown at moment {n}?", colours, gold,
                     category=("counting", "where", "what")[n % 3], video="v1",
                     duration=("short", "medium", "long")[n % 3])
        questions[q.qid] = q
        plans.append(QuestionPlan(q, Scope((1,)), [(100.0 * n, 100.0 * n + 10)], q.duration))
    levels = [RandomLevel(seed=3), BlindLevel(), EveryThirdLevel(questions)]
    run_levels(plans, levels, Answerer(ReadingModel()), out)
    write_run_info(out, {"dataset": "notebook-test", "price_per_s": 0.001})


def test_the_notebook_is_the_twin_of_its_py_file_and_has_no_outputs() -> None:
    notebook = nbformat.read(NOTEBOOKS / "ladder.ipynb", as_version=4)
    twin = jupytext.read(NOTEBOOKS / "ladder.py")
    assert [(c.cell_type, c.source) for c in notebook.cells] == [(c.cell_type, c.source) for c in twin.cells]
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code and all(not c.outputs and c.execution_count is None for c in code)


def test_the_notebook_runs_on_a_small_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vidmem.eval import analysis

    run = tmp_path / "run"
    _small_run(run)
    monkeypatch.setenv("VIDMEM_RUNS", str(run))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    notebook = nbformat.read(NOTEBOOKS / "ladder.ipynb", as_version=4)
    NotebookClient(notebook, timeout=240, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "\n".join(str(o.get("text", "")) + str(o.get("data", {}).get("text/markdown", "")) for o in outputs)
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 4  # duration bars, latency + scatter, McNemar matrix, recall

    # the figures shown are the run's: the level that was given the answer a third of the time
    answers = analysis.load_runs([run])
    l1 = [a for a in answers if a.system == "L1"]
    assert sum(a.correct for a in l1) == 4
    assert f"{100 * 4 / 12:.0f}% [" in text
    alone = analysis.only_right(answers)["L1"]
    assert alone and ", ".join(alone[:3]) in text
    # recall: a third of the spans are at the reference, the rest 15 minutes off (inside the 1 h window only)
    assert "| L1 | 33% | 33% | 33% | 100% |" in text
