"""`vidmem eval report RUN_DIR`: summary.json, report.md and report.html with PNG plots, all from results.jsonl."""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from dataclasses import asdict
from itertools import combinations
from pathlib import Path
from typing import Any

from vidmem.eval.metrics import DEFAULT_PRICE_PER_S, RECALL_WINDOWS, Estimate, bootstrap_mean, grouped, mcnemar
from vidmem.eval.runner import RESULTS, ResultsFile, read_run_info, rescore

LEVEL_ORDER = ["random", "blind", "L1", "L2", "L3", "L4", "L5", "agent"]


def _order(levels: Sequence[str]) -> list[str]:
    return sorted(levels, key=lambda name: (LEVEL_ORDER.index(name) if name in LEVEL_ORDER else 99, name))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def summarize(run_dir: Path) -> dict[str, Any]:
    """Every figure the report shows, computed from the run's results.jsonl (re-scored) and run.json."""
    info = read_run_info(run_dir)
    price = float(info.get("price_per_s", DEFAULT_PRICE_PER_S))
    records = rescore(ResultsFile(Path(run_dir) / RESULTS).load())
    levels = _order(sorted({r["level"] for r in records}))
    per_level: dict[str, Any] = {}
    for level in levels:
        rows = [r for r in records if r["level"] == level]
        t = [r["timings"] for r in rows]
        compute = sum(x["setup_s"] + x["retrieval_s"] + x["context_s"] + x["answer_s"] for x in t)
        recall = {}
        for window in RECALL_WINDOWS:
            values = [r["recall"][window] for r in rows if r.get("recall")]
            recall[window] = _mean(values) if values else None
        per_level[level] = {
            "accuracy": asdict(bootstrap_mean([float(r["correct"]) for r in rows])),
            "unparseable": sum(1 for r in rows if r["unparseable"] and not r.get("error")),
            "errors": sum(1 for r in rows if r.get("error")),
            "latency_s": {
                "retrieval": _mean([x["retrieval_s"] for x in t]),
                "context": _mean([x["context_s"] for x in t]),
                "answer": _mean([x["answer_s"] for x in t]),
                "total": _mean([x["retrieval_s"] + x["context_s"] + x["answer_s"] for x in t]),
            },
            "setup_s": sum(x["setup_s"] for x in t),
            "compute_s": compute,
            "cost_usd": compute * price,
            "cost_per_question_usd": compute * price / len(rows),
            "tokens_in": sum(r["tokens"]["in"] for r in rows),
            "tokens_out": sum(r["tokens"]["out"] for r in rows),
            "recall": recall,
            "votes": max((len(r.get("choices", [])) for r in rows), default=0),
            # self-consistency: the mean share of votes for the answer, where there was more than one vote
            "agreement": _mean([r["agreement"] for r in rows if len(r.get("choices", [])) > 1]) if any(
                len(r.get("choices", [])) > 1 for r in rows) else None,
        }

    def table(key: str) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for level in levels:
            rows = [r for r in records if r["level"] == level]
            groups = grouped(rows, lambda r: str(r.get(key) or "unknown"), lambda r: float(r["correct"]))
            out[level] = {str(k): asdict(v) for k, v in groups.items()}
        return out

    tests = []
    by_key = {(r["qid"], r["level"]): r["correct"] for r in records}
    for a, b in combinations(levels, 2):
        common = sorted({q for q, lvl in by_key if lvl == a} & {q for q, lvl in by_key if lvl == b})
        if common:
            result = mcnemar([by_key[(q, a)] for q in common], [by_key[(q, b)] for q in common])
            tests.append({"a": a, "b": b, **asdict(result)})
    return {
        "run": info,
        "price_per_s": price,
        "questions": len({r["qid"] for r in records}),
        "levels": per_level,
        "by_duration": table("duration"),
        "by_category": table("category"),
        "mcnemar": tests,
        "unparseable_examples": [
            {"level": r["level"], "qid": r["qid"], "reply": (r["replies"] or [""])[0][:200]}
            for level in levels for r in [x for x in records if x["level"] == level and x["unparseable"]
                                          and not x.get("error")][:3]
        ],
    }


def _pct(e: dict[str, Any]) -> str:
    if e["n"] == 0 or math.isnan(e["value"]):
        return "–"
    return f"{100 * e['value']:.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def _tables(summary: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header, rows) for every table; Markdown and HTML render the same cells."""
    levels = summary["levels"]
    main = []
    for name, s in levels.items():
        lat = s["latency_s"]
        main.append([
            name, str(s["accuracy"]["n"]), _pct(s["accuracy"]), str(s["unparseable"]), str(s["errors"]),
            f"{lat['retrieval']:.3f}", f"{lat['context']:.3f}", f"{lat['answer']:.3f}", f"{lat['total']:.3f}",
            f"{s['setup_s']:.1f}", f"{s['compute_s']:.1f}", f"${s['cost_usd']:.4f}",
            f"${s['cost_per_question_usd']:.6f}",
            str(s["tokens_in"]), str(s["tokens_out"]),
        ])
    voted = [[name, str(s["votes"]), f"{100 * s['agreement']:.1f}%"]
             for name, s in levels.items() if s.get("agreement") is not None]
    out = [(
        "Accuracy, latency and cost per level",
        ["level", "n", "accuracy [95% CI]", "unparseable", "errors", "retrieval s", "context s", "answer s",
         "total s/q", "setup s", "compute s", "cost", "cost/q", "tokens in", "tokens out"],
        main,
    )]
    if voted:
        out.append(("Self-consistency: votes per question and their agreement with the answer",
                    ["level", "votes", "agreement"], voted))
    recall_rows = [[name, *("–" if s["recall"][w] is None else f"{100 * s['recall'][w]:.1f}%" for w in RECALL_WINDOWS)]
                   for name, s in levels.items()]
    if any(any(s["recall"][w] is not None for w in RECALL_WINDOWS) for s in levels.values()):
        out.append(("Retrieval recall within a window of the time references", ["level", *RECALL_WINDOWS], recall_rows))
    for key, title in (("by_duration", "Accuracy by duration"), ("by_category", "Accuracy by category")):
        groups = sorted({g for per in summary[key].values() for g in per})
        rows = [[level, *(_pct(summary[key][level][g]) if g in summary[key][level] else "–" for g in groups)]
                for level in summary[key]]
        out.append((title, ["level", *groups], rows))
    tests = [[t["a"], t["b"], str(t["n"]), str(t["only_a"]), str(t["only_b"]), f"{t['p_value']:.4f}", t["method"]]
             for t in summary["mcnemar"]]
    out.append(("Paired McNemar tests", ["a", "b", "paired", "only a right", "only b right", "p", "test"], tests))
    examples = [[e["level"], e["qid"], e["reply"].replace("|", "/").replace("\n", " ")]
                for e in summary["unparseable_examples"]]
    if examples:
        out.append(("Unparseable replies (up to 3 per level)", ["level", "qid", "reply"], examples))
    return out


def _plots(summary: dict[str, Any], folder: Path) -> list[tuple[str, str]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = summary["levels"]
    names = list(levels)
    acc = [levels[n]["accuracy"] for n in names]
    value = [100 * a["value"] for a in acc]
    lower = [100 * (a["value"] - a["low"]) for a in acc]
    upper = [100 * (a["high"] - a["value"]) for a in acc]
    made = []

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(names, value, yerr=[lower, upper], capsize=4, color="#4c72b0")
    ax.set_ylabel("accuracy (%) with 95% CI")
    ax.set_ylim(0, 100)
    ax.set_title("Accuracy per level")
    fig.tight_layout()
    fig.savefig(folder / "accuracy.png", dpi=100)
    plt.close(fig)
    made.append(("Accuracy per level", "accuracy.png"))

    for key, label, file in (
        ("latency", "mean latency per question (s)", "accuracy_vs_latency.png"),
        ("cost", "cost per question (USD)", "accuracy_vs_cost.png"),
    ):
        fig, ax = plt.subplots(figsize=(6, 4))
        for i, (n, v, lo, hi) in enumerate(zip(names, value, lower, upper, strict=True)):
            x = levels[n]["latency_s"]["total"] if key == "latency" else levels[n]["cost_per_question_usd"]
            ax.errorbar([x], [v], yerr=[[lo], [hi]], fmt="o", capsize=3)
            # staggered labels: levels with similar figures would print on top of each other
            ax.annotate(n, (x, v), textcoords="offset points", xytext=(5, 4 + 11 * (i % 3)))
        ax.set_xlabel(label)
        ax.set_ylabel("accuracy (%)")
        ax.set_ylim(0, 100)
        ax.set_title(f"Accuracy vs {key}")
        fig.tight_layout()
        fig.savefig(folder / file, dpi=100)
        plt.close(fig)
        made.append((f"Accuracy vs {key}", file))

    with_recall = [n for n in names if any(levels[n]["recall"][w] is not None for w in RECALL_WINDOWS)]
    if with_recall:
        fig, ax = plt.subplots(figsize=(6, 4))
        for n in with_recall:
            ys = [100 * (levels[n]["recall"][w] or 0.0) for w in RECALL_WINDOWS]
            ax.plot(list(RECALL_WINDOWS), ys, marker="o", label=n)
        ax.set_xlabel("window around the time reference")
        ax.set_ylabel("recall (%)")
        ax.set_ylim(0, 100)
        ax.legend()
        ax.set_title("Retrieval recall")
        fig.tight_layout()
        fig.savefig(folder / "recall.png", dpi=100)
        plt.close(fig)
        made.append(("Retrieval recall", "recall.png"))
    return made


def write_report(run_dir: Path) -> dict[str, Path]:
    run_dir = Path(run_dir)
    if not (run_dir / RESULTS).is_file():
        raise FileNotFoundError(f"{run_dir / RESULTS} does not exist: run `vidmem eval run --out {run_dir}` first")
    summary = summarize(run_dir)
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=2, default=_json_default), encoding="utf-8")
    tables = _tables(summary)
    plots = _plots(summary, run_dir)
    run = summary["run"]
    lines = [f"# Evaluation report: {run.get('dataset', run_dir.name)}", ""]
    facts = [f"questions: {summary['questions']}", f"answering model: {run.get('model', 'n/a')}",
             f"profile: {run.get('profile', 'n/a')}", f"price: ${summary['price_per_s']}/compute-second"]
    if run.get("ingest") and not run["ingest"]["video_hours"]:
        facts.append("ingest: the videos were already in the Library (ingest cost not measured by this run)")
    elif run.get("ingest"):
        ing = run["ingest"]
        facts.append(f"ingest: {ing['seconds']:.1f} s for {ing['video_hours']:.3f} video-hours "
                     f"({ing['seconds_per_video_hour']:.1f} s per video-hour, reported apart from the levels)")
    lines += [f"- {f}" for f in facts] + [""]
    for title, header, rows in tables:
        lines += [f"## {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in rows] + [""]
    for title, file in plots:
        lines += [f"![{title}]({file})", ""]
    md = run_dir / "report.md"
    md.write_text("\n".join(lines), encoding="utf-8")

    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(lines[0][2:])}</title>",
             "<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}</style></head><body>",
             f"<h1>{html.escape(lines[0][2:])}</h1><ul>", *(f"<li>{html.escape(f)}</li>" for f in facts), "</ul>"]
    for title, header, rows in tables:
        parts.append(f"<h2>{html.escape(title)}</h2><table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header)
                     + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows]
        parts.append("</table>")
    parts += [f"<h2>{html.escape(t)}</h2><img src='{f}' alt='{html.escape(t)}'>" for t, f in plots]
    parts.append("</body></html>")
    page = run_dir / "report.html"
    page.write_text("\n".join(parts), encoding="utf-8")
    return {"markdown": md, "html": page, "summary": run_dir / "summary.json",
            **{f: run_dir / f for _, f in plots}}


def _json_default(value: Any) -> Any:
    if isinstance(value, Estimate):
        return asdict(value)
    return str(value)
