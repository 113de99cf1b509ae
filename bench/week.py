"""A week in the Library: retrieval and `Library.ask` latency at 1 h, 24 h and 168 h of footage.

The fixture is real rows: an ingested Library (default: dev seed 5, 2 days × 3 min, 4 files, 364 s) is
copied into the work folder and its files are replicated back to back on one timeline from day 1 00:00 until the
Library holds the wanted hours, each copy with fresh ids and shifted times (videos, jobs, segments, frames,
frame vision/labels/faces/text, utterances + FTS, place visits and mentions, edges, voice hints; the
LanceDB `frames` and `frame_signatures` rows with their vectors). What a week would see again and again is
shared, as ingest would resolve it: people, places, speakers, entities (`UNIQUE (norm, type)`), and the
thumbnail files (every copy's rows point at the source's JPEGs). Utterance `words` keep their source times.
The ANN index is built as ingest builds it (`maintain_index`).

Then, in one warm process per size (models loaded once, Library read-only), every question of the corpus is
asked with the rules planner and answerer; each tool call the agent makes is timed where the agent makes it
(a registry that times `call`), so the per-tool figures are the calls real questions make.

Run: PYTHONPATH=src .venv/bin/python bench/week.py [--source LIB] [--corpus DIR] [--hours 1,24,168]
     [--workdir .cache/bench-week] [--questions N] [--rebuild] [--json OUT]
The fixture SQL below is bench-only (building the fixture); the product's SQL lives in vidmem.store.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np
import pyarrow as pa

from vidmem import Library
from vidmem.agent.tools import ToolOutput, ToolRegistry, default_registry
from vidmem.store.frame_index import maintain_index

# what `bench/ask.py --seeds 5 --phrasings dev --prepare-only` makes and keeps (dev seed 5, 2 days × 3 min)
SOURCE = Path(".cache/bench-ask/seed5-2x3/library")
CORPUS = Path(".cache/bench-ask/seed5-2x3/corpus")
WORKDIR = Path(".cache/bench-week")
HOURS = (1, 24, 168)
DAY_S = 86_400.0
LANCE_CHUNK = 100_000  # rows per LanceDB add
GOAL_TOOL_P95_MS = 50.0
GOAL_ASK_P95_S = 1.0

# per-video rows, replicated per copy; "id" columns get id + copy × max(id)
VIDEO_TABLES = ("videos", "jobs", "segments", "frames", "frame_vision", "frame_labels", "frame_faces",
                "frame_text", "utterances", "place_visits", "place_mentions", "edges", "voice_name_hints")
TIME_COLUMNS = {"t", "t0", "t1", "t_start", "t_end", "start_at"}
ID_REFS = {"segment_id": "segments", "utterance_id": "utterances"}  # columns holding another table's id


# --- the fixture (bench-only SQL) ------------------------------------------------------------------

def plan_copies(videos: list[tuple[int, float, float]], origin: float, hours: float
                ) -> list[tuple[int, int, int, float]]:
    """(old video id, new video id, copy number, time shift): the source files cycled back to back."""
    out: list[tuple[int, int, int, float]] = []
    used: dict[int, int] = defaultdict(int)
    at, end = origin, origin + hours * 3600.0
    while at < end:
        for vid, start, duration in videos:
            if at >= end:
                break
            out.append((vid, len(out) + 1, used[vid], at - start))
            used[vid] += 1
            at += duration
    return out


def _select(conn: sqlite3.Connection, table: str, max_ids: dict[str, int]) -> str:
    """SELECT of `table`'s source rows as copy m.copy of video m.new_vid (joined with the map `m`)."""
    exprs = []
    for (name,) in conn.execute(f"SELECT name FROM pragma_table_info('{table}')").fetchall():
        if name == "video_id" or (table == "videos" and name == "id"):
            exprs.append("m.new_vid")
        elif name == "id":
            exprs.append(f"s.id + m.copy * {max_ids[table]}")
        elif name in TIME_COLUMNS:
            exprs.append(f"s.{name} + m.shift")
        elif name in ID_REFS:
            exprs.append(f"s.{name} + m.copy * {max_ids[ID_REFS[name]]}")
        elif table == "videos" and name in ("sha256", "path", "name"):
            exprs.append(f"s.{name} || '#' || m.new_vid")
        else:
            exprs.append(f"s.{name}")
    key = "id" if table == "videos" else "video_id"
    return f"SELECT {', '.join(exprs)} FROM src.{table} s JOIN copy_map m ON m.old_vid = s.{key}"


def build_catalog(source: Path, target: Path, hours: float) -> tuple[list[tuple[int, int, int, float]], float]:
    shutil.copy2(source / "catalog.sqlite", target / "catalog.sqlite")
    conn = sqlite3.connect(target / "catalog.sqlite")
    conn.execute("ATTACH DATABASE ? AS src", (f"file:{source / 'catalog.sqlite'}?mode=ro",))
    videos = conn.execute("SELECT id, start_at, duration FROM src.videos ORDER BY start_at").fetchall()
    origin = float(np.floor(videos[0][1] / DAY_S) * DAY_S)  # day 1 00:00 UTC
    copies = plan_copies(videos, origin, hours)
    max_ids = {t: conn.execute(f"SELECT COALESCE(MAX(id), 0) FROM src.{t}").fetchone()[0]
               for t in ("segments", "frames", "frame_faces", "frame_text", "utterances", "place_visits",
                         "place_mentions", "edges")}
    with conn:
        for table in reversed(VIDEO_TABLES):
            conn.execute(f"DELETE FROM {table}")
        conn.execute("CREATE TEMP TABLE copy_map (old_vid INTEGER, new_vid INTEGER, copy INTEGER, shift REAL)")
        conn.executemany("INSERT INTO copy_map VALUES (?, ?, ?, ?)", copies)
        for table in VIDEO_TABLES:
            conn.execute(f"INSERT INTO {table} {_select(conn, table, max_ids)}")
    conn.execute("DETACH DATABASE src")
    conn.execute("VACUUM")
    conn.close()
    return copies, origin


def build_vectors(source: Path, lib: Library, copies: list[tuple[int, int, int, float]], origin: float) -> None:
    src = Library.open(source, read_only=True).vectors
    for name in src.table_names():
        data = src.table(name).to_arrow()
        vids = data.column("video_id").to_numpy()
        rows_of = {int(v): np.flatnonzero(vids == v) for v in np.unique(vids)}
        schema = data.schema
        table = lib.vectors.ensure_table(name, schema)
        batch: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        size = 0
        for old, new, _copy, shift in copies:
            rows = rows_of.get(old)
            if rows is None:
                continue
            batch.append((rows, np.full(len(rows), new), np.full(len(rows), shift)))
            size += len(rows)
            if size >= LANCE_CHUNK:
                table.add(_shifted(data, batch, origin))
                batch, size = [], 0
        if batch:
            table.add(_shifted(data, batch, origin))
    maintain_index(lib.vectors)


def _shifted(data: pa.Table, batch: list[tuple[np.ndarray, np.ndarray, np.ndarray]], origin: float) -> pa.Table:
    rows = np.concatenate([b[0] for b in batch])
    new_vid = np.concatenate([b[1] for b in batch]).astype(np.int64)
    shift = np.concatenate([b[2] for b in batch])
    out = data.take(pa.array(rows))
    idx = out.column("idx").to_numpy()
    columns = {"video_id": pa.array(new_vid), "key": pa.array([f"{v}:{i}" for v, i in zip(new_vid, idx, strict=True)])}
    for col in ("t", "t_end"):
        if col in out.column_names:
            columns[col] = pa.array(out.column(col).to_numpy() + shift)
    if "day" in out.column_names:
        day = np.floor((out.column("t").to_numpy() + shift - origin) / DAY_S).astype(np.int32) + 1
        columns["day"] = pa.array(day)
    for col, values in columns.items():
        out = out.set_column(out.schema.get_field_index(col), out.schema.field(col), values.cast(
            out.schema.field(col).type))
    return out


def build(source: Path, target: Path, hours: float, rebuild: bool) -> Path:
    done = target / ".week-built"
    if done.exists() and not rebuild:
        return target
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copytree(source / "frames", target / "frames", copy_function=os.link)  # shared thumbnails
    start = time.perf_counter()
    copies, origin = build_catalog(source, target, hours)
    with Library.open(target) as lib:
        build_vectors(source, lib, copies, origin)
    done.write_text(json.dumps({"hours": hours, "videos": len(copies), "build_s": time.perf_counter() - start}))
    return target


def size_line(lib: Library, root: Path) -> str:
    counts = lib.catalog.table_counts()
    vec = {n: lib.vectors.count(n) for n in lib.vectors.table_names()}
    disk = sum(f.stat().st_size for f in root.rglob("*") if f.is_file() and "frames" not in f.parts)
    keys = ("videos", "frames", "segments", "utterances", "frame_text", "place_visits", "edges")
    return (", ".join(f"{k} {counts.get(k, 0):,}" for k in keys) + "; lance " +
            ", ".join(f"{k} {v:,}" for k, v in vec.items()) + f"; {disk / 2**20:,.0f} MiB (thumbnails shared)")


# --- measuring ------------------------------------------------------------------------------------

class TimedRegistry(ToolRegistry):
    """The default tools, each call timed where the agent makes it."""

    def __init__(self, inner: ToolRegistry) -> None:
        super().__init__([inner._specs[n] for n in inner.names()])
        self.times: dict[str, list[float]] = defaultdict(list)
        self.calls: list[tuple[str, dict[str, Any], Any, float]] = []

    def call(self, name: str, args: dict[str, Any], time_range: Any = None, videos: Any = None) -> ToolOutput:
        start = time.perf_counter()
        try:
            return super().call(name, args, time_range, videos)
        finally:
            took = time.perf_counter() - start
            self.times[name].append(took)
            self.calls.append((name, dict(args), time_range, took))


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q * 100)) if values else float("nan")


def measure(root: Path, questions: list[dict[str, Any]], repeats: int) -> dict[str, Any]:
    lib = Library.open(root, read_only=True)
    registry = TimedRegistry(default_registry(lib))
    lib.ask("warm-up: what did I see on day 1?", ["A. a cat", "B. a dog"], planner="rules", answerer="rules",
            registry=registry)  # loads spaCy, MiniLM, LanceDB before the clock starts
    registry.times.clear()
    registry.calls.clear()
    asks: list[float] = []
    loads: list[float] = []
    for _ in range(repeats):
        for q in questions:
            start = time.perf_counter()
            lib.ask(q["question"], q["options"], planner="rules", answerer="rules", registry=registry)
            asks.append(time.perf_counter() - start)
            loads.append(os.getloadavg()[0])
    out = {"size": size_line(lib, root), "ask": asks, "tools": dict(registry.times),
           "calls": [{"tool": n, "args": a, "time_range": r, "s": t} for n, a, r, t in registry.calls],
           "load": (min(loads), statistics.mean(loads), max(loads))}
    lib.close()
    return out


def report(hours: float, m: dict[str, Any], slowest: int = 0) -> None:
    lo, mean, hi = m["load"]
    print(f"\n{hours:g} h: {m['size']}\n  load average {lo:.1f}–{hi:.1f} (mean {mean:.1f})")
    for name, times in sorted(m["tools"].items()):
        p95 = percentile(times, 0.95) * 1e3
        flag = "" if p95 < GOAL_TOOL_P95_MS else "  over goal"
        print(f"  {name:20} n {len(times):4}  p50 {percentile(times, 0.5) * 1e3:7.1f} ms  p95 {p95:7.1f} ms  "
              f"max {max(times) * 1e3:7.1f} ms{flag}")
    asks = m["ask"]
    p95 = percentile(asks, 0.95)
    print(f"  {'ask (rules)':20} n {len(asks):4}  p50 {percentile(asks, 0.5) * 1e3:7.1f} ms  "
          f"p95 {p95 * 1e3:7.1f} ms  max {max(asks) * 1e3:7.1f} ms{'' if p95 < GOAL_ASK_P95_S else '  over goal'}")
    for name in sorted(m["tools"]) if slowest else ():
        calls = sorted((c for c in m["calls"] if c["tool"] == name), key=lambda c: -c["s"])[:slowest]
        print(f"  slowest {name}:")
        for c in calls:
            print(f"    {c['s'] * 1e3:7.1f} ms  {json.dumps(c['args'], default=str)[:110]}  range {c['time_range']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", type=Path, default=SOURCE, help="an ingested Library (copied, never written)")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="its corpus (questions.jsonl)")
    ap.add_argument("--hours", default=",".join(str(h) for h in HOURS))
    ap.add_argument("--workdir", type=Path, default=WORKDIR)
    ap.add_argument("--questions", type=int, default=0, help="ask only the first N questions (0: all)")
    ap.add_argument("--repeats", type=int, default=1, help="ask every question this many times")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--slowest", type=int, default=0, help="list each tool's N slowest calls (their arguments)")
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    source = args.workdir / "source"
    if not source.exists():  # never read the original in place: a reader may touch its -shm/-wal files
        shutil.copytree(args.source, source)
    questions = [json.loads(line) for line in (args.corpus / "questions.jsonl").read_text().splitlines() if line]
    if args.questions:
        questions = questions[:args.questions]
    results: dict[str, Any] = {}
    for hours in (float(h) for h in args.hours.split(",")):
        start = time.perf_counter()
        root = build(source, args.workdir / f"{hours:g}h", hours, args.rebuild)
        print(f"{hours:g} h Library at {root} ({time.perf_counter() - start:.0f} s to build or find)", flush=True)
        if args.build_only:
            continue
        m = measure(root, questions, args.repeats)
        report(hours, m, args.slowest)
        results[f"{hours:g}h"] = m
        sys.stdout.flush()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
