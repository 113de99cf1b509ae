"""Cross-run analysis: systems named by run when several are compared, paired tests, sole winners."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vidmem.eval import analysis
from vidmem.eval.runner import RESULTS


def _run(folder: Path, verdicts: dict[str, list[bool]]) -> Path:
    folder.mkdir(parents=True)
    lines = []
    for level, outcomes in verdicts.items():
        for n, ok in enumerate(outcomes):
            lines.append({"qid": f"q-{n}", "level": level, "options": ["x", "y"], "gold": "A",
                          "replies": ["Answer: A" if ok else "Answer: B"], "category": "c", "duration": "short",
                          "timings": {"setup_s": 0.0, "retrieval_s": 0.1, "context_s": 0.0, "answer_s": 1.0},
                          "tokens": {"in": 1, "out": 1}, "time_refs": [], "context_spans": []})
    (folder / RESULTS).write_text("".join(json.dumps(x) + "\n" for x in lines))
    return folder


def test_two_runs_side_by_side(tmp_path: Path) -> None:
    a = _run(tmp_path / "small", {"blind": [False] * 10, "L4": [True] * 9 + [False]})
    b = _run(tmp_path / "voted", {"L4": [True] * 10})
    answers = analysis.load_runs([a, b])
    assert analysis.systems(answers) == ["small/blind", "small/L4", "voted/L4"]
    names, matrix = analysis.mcnemar_matrix(answers)
    p = {(x, y): matrix[i][j] for i, x in enumerate(names) for j, y in enumerate(names)}
    assert p[("small/blind", "voted/L4")] == p[("voted/L4", "small/blind")] < 0.01  # 10 discordant pairs
    assert p[("small/L4", "voted/L4")] == 1.0  # one discordant pair
    assert analysis.only_right(answers) == {"small/blind": [], "small/L4": [], "voted/L4": ["q-9"]}
    speed = analysis.latency_cost(answers)["voted/L4"]
    assert speed["seconds"] == pytest.approx(1.1) and speed["accuracy"] == 1.0


def test_a_folder_without_results_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="not a `vidmem eval run` folder"):
        analysis.load_runs([tmp_path])
