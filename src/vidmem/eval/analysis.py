"""Cross-run analysis for the ladder notebook: one table of answers from one or more run folders, and the
comparisons the study draws from it (accuracy by group with CIs, latency and cost, paired tests, recall,
the questions only one level got right). Plain data in, plain data out; the notebook draws it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vidmem.eval.metrics import DEFAULT_PRICE_PER_S, RECALL_WINDOWS, Estimate, grouped, mcnemar
from vidmem.eval.report import LEVEL_ORDER
from vidmem.eval.runner import RESULTS, ResultsFile, read_run_info, rescore


@dataclass(frozen=True)
class Answer:
    """One (question, system) outcome; a system is a level, named `run/level` when several runs are compared."""

    system: str
    qid: str
    correct: bool
    duration: str
    category: str
    seconds: float  # retrieval + context + answer
    compute_s: float  # the above plus a share of setup
    price_per_s: float
    recall: dict[str, float]


def load_runs(folders: Sequence[Path]) -> list[Answer]:
    """Every run's latest, re-scored records. Levels keep their names for one run; with several, `run/level`."""
    answers = []
    for folder in folders:
        folder = Path(folder)
        if not (folder / RESULTS).is_file():
            raise FileNotFoundError(f"{folder / RESULTS} does not exist: not a `vidmem eval run` folder")
        price = float(read_run_info(folder).get("price_per_s", DEFAULT_PRICE_PER_S))
        for r in rescore(ResultsFile(folder / RESULTS).load()):
            t = r["timings"]
            seconds = t["retrieval_s"] + t["context_s"] + t["answer_s"]
            system = r["level"] if len(folders) == 1 else f"{folder.name}/{r['level']}"
            answers.append(Answer(system, r["qid"], bool(r["correct"]), str(r.get("duration") or "unknown"),
                                  str(r.get("category") or "all"), seconds, seconds + t["setup_s"], price,
                                  dict(r.get("recall") or {})))
    return answers


def systems(answers: Sequence[Answer]) -> list[str]:
    """In ladder order (random, blind, L1…L5, agent), run by run."""
    def key(name: str) -> tuple[str, int, str]:
        run, _, level = name.rpartition("/")
        return run, LEVEL_ORDER.index(level) if level in LEVEL_ORDER else 99, level

    return sorted({a.system for a in answers}, key=key)


def accuracy(answers: Sequence[Answer], by: str | None = None) -> dict[str, dict[str, Estimate]]:
    """system → group → accuracy with a 95% bootstrap CI; `by` is "duration", "category" or None (all)."""
    out = {}
    for system in systems(answers):
        rows = [a for a in answers if a.system == system]
        out[system] = {str(k): v for k, v in grouped(rows, lambda a: getattr(a, by) if by else "all",  # type: ignore[arg-type]
                                                       lambda a: float(a.correct)).items()}
    return out


def latency_cost(answers: Sequence[Answer]) -> dict[str, dict[str, float]]:
    """system → mean seconds per question, mean cost per question (USD), accuracy."""
    out = {}
    for system in systems(answers):
        rows = [a for a in answers if a.system == system]
        out[system] = {"seconds": sum(a.seconds for a in rows) / len(rows),
                       "cost": sum(a.compute_s * a.price_per_s for a in rows) / len(rows),
                       "accuracy": sum(a.correct for a in rows) / len(rows)}
    return out


def mcnemar_matrix(answers: Sequence[Answer]) -> tuple[list[str], list[list[float]]]:
    """Paired McNemar p-values between every two systems on the questions both answered (1.0 on the diagonal)."""
    names = systems(answers)
    verdict = {(a.system, a.qid): a.correct for a in answers}
    matrix = []
    for a in names:
        row = []
        for b in names:
            common = sorted({q for s, q in verdict if s == a} & {q for s, q in verdict if s == b})
            row.append(1.0 if a == b or not common else
                       mcnemar([verdict[(a, q)] for q in common], [verdict[(b, q)] for q in common]).p_value)
        matrix.append(row)
    return names, matrix


def recall(answers: Sequence[Answer]) -> dict[str, dict[str, float]]:
    """system → window → mean recall of the time references (systems that retrieve nothing are left out)."""
    out = {}
    for system in systems(answers):
        rows = [a.recall for a in answers if a.system == system and a.recall]
        if rows:
            out[system] = {w: sum(r[w] for r in rows if w in r) / len(rows) for w in RECALL_WINDOWS}
    return out


def only_right(answers: Sequence[Answer]) -> dict[str, list[str]]:
    """system → the questions it alone got right (every other system that answered them got them wrong)."""
    by_question: dict[str, dict[str, bool]] = {}
    for a in answers:
        by_question.setdefault(a.qid, {})[a.system] = a.correct
    out: dict[str, list[str]] = {s: [] for s in systems(answers)}
    for qid, verdicts in sorted(by_question.items()):
        right = [s for s, ok in verdicts.items() if ok]
        if len(right) == 1 and len(verdicts) > 1:
            out[right[0]].append(qid)
    return out


def ci_error(estimate: Estimate) -> tuple[float, float]:
    """Distances below and above the point estimate, for error bars (0 for an empty group)."""
    if estimate.n == 0 or math.isnan(estimate.value):
        return 0.0, 0.0
    return estimate.value - estimate.low, estimate.high - estimate.value


def as_rows(table: dict[str, dict[str, Estimate]]) -> list[dict[str, Any]]:
    """A system × group accuracy table as printable rows: 'value% [low, high] (n)'."""
    groups = sorted({g for per in table.values() for g in per})
    rows = []
    for system, per in table.items():
        row: dict[str, Any] = {"system": system}
        for g in groups:
            e = per.get(g)
            row[g] = "–" if e is None or e.n == 0 else (
                f"{100 * e.value:.0f}% [{100 * e.low:.0f}, {100 * e.high:.0f}] (n={e.n})")
        rows.append(row)
    return rows

