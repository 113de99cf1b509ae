"""Every level over the generated corpus, ingested by the real pipeline; the report shows the run's numbers.

The answering model is the ReadingModel test double (a real LLM on 2 cores would take minutes here); the
retrieval, chunking, events, navigation, agent and ingest are the real ones. `bench/eval_ladder.py` runs
the same with the real small chat model.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from eval_helpers import ReadingModel
from vidmem.cli.main import app
from vidmem.eval.datasets import load_corpus
from vidmem.eval.harness import evaluate
from vidmem.eval.runner import RESULTS
from vidmem.levels import LEVEL_NAMES
from vidmem.library import Library

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)


def test_every_level_over_the_generated_corpus(generated_corpus: Path, generated_library: Path,
                                               tmp_path: Path) -> None:
    dataset = load_corpus(generated_corpus)
    # one question per category keeps this small; the categories are the generator's
    firsts = list({q.category: q for q in reversed(dataset.questions)}.values())
    dataset.questions = firsts
    model = ReadingModel()
    out = tmp_path / "run"
    with Library.open(generated_library) as library:
        records = evaluate(library, dataset, list(LEVEL_NAMES), out, chat=model, dataset_spec="generated")
    n = len(firsts)
    assert n >= 6
    assert len(records) == n * len(LEVEL_NAMES)
    assert [r for r in records if r["error"]] == []
    by_level = {name: [r for r in records if r["level"] == name] for name in LEVEL_NAMES}
    for name in ("L1", "L2", "L3", "L4", "L5"):
        for r in by_level[name]:
            assert r["context_ids"] and r["context_chars"] > 0, (name, r["qid"])
            assert r["timings"]["retrieval_s"] > 0
    # retrieval finds the referenced moments: within a minute for most questions at L1–L4
    for name in ("L1", "L2", "L3", "L4"):
        recalls = [r["recall"]["1min"] for r in by_level[name] if r["recall"]]
        assert recalls and sum(recalls) / len(recalls) >= 0.6, (name, recalls)
    assert all(r["unparseable"] for r in by_level["blind"])  # the stub cannot answer without context
    assert all(r["recall"] == {} for r in by_level["random"])  # baselines retrieve nothing
    run = json.loads((out / "run.json").read_text())
    # the Library was ingested already (nothing is redone): its cost is what its stages recorded
    assert run["ingest"]["source"] == "stage times recorded in the Library"
    assert run["ingest"]["video_hours"] > 0 and run["ingest"]["seconds_per_video_hour"] > 0

    # resume: a second call asks nothing new
    calls = model.calls
    with Library.open(generated_library) as library:
        evaluate(library, dataset, list(LEVEL_NAMES), out, chat=model, dataset_spec="generated")
    assert model.calls == calls

    # the CLI report shows exactly the JSONL's accuracy per level
    result = CliRunner().invoke(app, ["eval", "report", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    raw = [json.loads(line) for line in (out / RESULTS).read_text().splitlines()]
    md = (out / "report.md").read_text()
    for name in LEVEL_NAMES:
        rows = [r for r in raw if r["level"] == name]
        accuracy = sum(r["correct"] for r in rows) / len(rows)
        assert summary["levels"][name]["accuracy"]["value"] == pytest.approx(accuracy)
        assert f"| {name} | {n} | {100 * accuracy:.1f}% [" in md
    for png in ("accuracy.png", "accuracy_vs_latency.png", "accuracy_vs_cost.png", "recall.png"):
        assert (out / png).stat().st_size > 1000


def test_cli_run_random_baseline(generated_corpus: Path, generated_library: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli-run"
    result = CliRunner().invoke(app, ["eval", "run", "--dataset", f"corpus:{generated_corpus}", "--levels", "random",
                                      "--library", str(generated_library), "--out", str(out), "--limit", "5"])
    assert result.exit_code == 0, result.output
    lines = (out / RESULTS).read_text().splitlines()
    assert len(lines) == 5
    assert (out / "report.html").is_file()
    bad = CliRunner().invoke(app, ["eval", "run", "--dataset", f"corpus:{generated_corpus}", "--levels", "L7",
                                   "--out", str(out)])
    assert bad.exit_code == 2 and "unknown level" in bad.output
