# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The context ladder, compared
#
# One or more folders written by `vidmem eval run` (set `VIDMEM_RUNS` to them, separated by `:`, or edit
# `RUNS` below). With one run the systems are its levels; with several they are `run/level`, so the same
# ladder with two answering models, or with and without `--votes`, sits side by side.
#
# Every figure is computed from the runs' `results.jsonl` (re-scored with the current answer parser) and
# `run.json` by `vidmem.eval.analysis`; intervals are 95% bootstrap intervals.

# %%
import os
from pathlib import Path

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from vidmem.eval import analysis

RUNS = [Path(p) for p in os.environ.get("VIDMEM_RUNS", "runs/ladder").split(os.pathsep) if p]
answers = analysis.load_runs(RUNS)
names = analysis.systems(answers)
print(f"{len(answers)} answers, {len({a.qid for a in answers})} questions, systems: {', '.join(names)}")


def table(rows):
    """A list of dicts as a Markdown table."""
    header = list(rows[0])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(row[h]) for h in header) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


# %% [markdown]
# ## Accuracy by level, duration bucket and task type

# %%
overall = analysis.accuracy(answers)
by_duration = analysis.accuracy(answers, "duration")
by_category = analysis.accuracy(answers, "category")
table(analysis.as_rows(overall))
table(analysis.as_rows(by_duration))
table(analysis.as_rows(by_category))

# %%
buckets = sorted({g for per in by_duration.values() for g in per})
fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(names) * len(buckets) / 2), 4))
width = 0.8 / max(1, len(buckets))
for i, bucket in enumerate(buckets):
    xs, ys, errs = [], [[], []], []
    for j, system in enumerate(names):
        e = by_duration[system].get(bucket)
        if e is None or e.n == 0:
            continue
        low, high = analysis.ci_error(e)
        xs.append(j + i * width)
        errs.append(100 * e.value)
        ys[0].append(100 * low)
        ys[1].append(100 * high)
    ax.bar(xs, errs, width, yerr=ys, capsize=3, label=bucket)
ax.set_xticks([j + width * (len(buckets) - 1) / 2 for j in range(len(names))], names, rotation=30, ha="right")
ax.set_ylabel("accuracy (%), 95% CI")
ax.set_ylim(0, 100)
ax.legend(title="duration")
ax.set_title("Accuracy by level and duration bucket")
fig.tight_layout()

# %% [markdown]
# ## Latency and cost per level

# %%
speed = analysis.latency_cost(answers)
table([{"system": s, "s/question": f"{v['seconds']:.2f}", "USD/question": f"{v['cost']:.6f}",
        "accuracy": f"{100 * v['accuracy']:.1f}%"} for s, v in speed.items()])
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
left.bar(names, [speed[s]["seconds"] for s in names], color="#4c72b0")
left.set_ylabel("seconds per question")
left.set_title("Latency per level")
left.tick_params(axis="x", rotation=30)
for i, system in enumerate(names):
    e = overall[system]["all"]
    low, high = analysis.ci_error(e)
    right.errorbar([speed[system]["seconds"]], [100 * e.value], yerr=[[100 * low], [100 * high]], fmt="o", capsize=3)
    right.annotate(system, (speed[system]["seconds"], 100 * e.value), textcoords="offset points",
                   xytext=(5, 4 + 10 * (i % 3)))
right.set_xlabel("seconds per question")
right.set_ylabel("accuracy (%)")
right.set_ylim(0, 100)
right.set_title("Accuracy vs seconds per question")
fig.tight_layout()

# %% [markdown]
# ## Paired McNemar tests
# p-values of the test that two systems are equally accurate on the questions both answered; small values
# (dark) mean the difference is unlikely to be chance.

# %%
labels, matrix = analysis.mcnemar_matrix(answers)
fig, ax = plt.subplots(figsize=(1 + 0.7 * len(labels), 1 + 0.6 * len(labels)))
image = ax.imshow(matrix, vmin=0, vmax=1, cmap="viridis")
ax.set_xticks(range(len(labels)), labels, rotation=45, ha="right")
ax.set_yticks(range(len(labels)), labels)
for i, row in enumerate(matrix):
    for j, p in enumerate(row):
        ax.text(j, i, f"{p:.2f}", ha="center", va="center", color="white" if p < 0.5 else "black", fontsize=8)
fig.colorbar(image, ax=ax, label="p-value")
ax.set_title("McNemar p-values")
fig.tight_layout()

# %% [markdown]
# ## Recall at time windows
# The share of a question's time references with retrieved context within each window (levels that
# retrieve nothing, and questions without time references, are left out).

# %%
recall = analysis.recall(answers)
if recall:
    table([{"system": s, **{w: f"{100 * v:.0f}%" for w, v in per.items()}} for s, per in recall.items()])
    fig, ax = plt.subplots(figsize=(6, 4))
    for system, per in recall.items():
        ax.plot(list(per), [100 * v for v in per.values()], marker="o", label=system)
    ax.set_xlabel("window around the time reference")
    ax.set_ylabel("recall (%)")
    ax.set_ylim(0, 100)
    ax.legend()
    fig.tight_layout()
else:
    print("no question in these runs has time references")

# %% [markdown]
# ## Questions each level alone got right

# %%
alone = analysis.only_right(answers)
table([{"system": s, "questions": len(q), "which": ", ".join(q[:12]) + (" …" if len(q) > 12 else "")}
       for s, q in alone.items()])
