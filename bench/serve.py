"""`vidmem serve` latency: warm asks through the resident server vs one-shot `vidmem ask` (same questions,
same answerer), and search route p50/p95 on the test corpus and on a large synthetic Library.

Run: .venv/bin/python bench/serve.py --library DIR --corpus DIR [--answerer rules|llm] [--per-category 1] [--limit N]
     [--searches 40] [--large-hours 100]
Times are wall seconds of the client; CPU seconds are the server process's (from /proc) or the one-shot
child processes' (getrusage), so a loaded machine shows in the gap between the two.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pyarrow as pa

from vidmem.eval.harness import first_per_category

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
            "HF_HUB_OFFLINE": "1"}


def cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    def __init__(self, library: Path, answerer: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "vidmem.cli.main", "serve", "--library", str(library), "--port", str(self.port),
             "--answerer", answerer, "--planner", "rules"], env=env(), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        while True:
            try:
                if httpx.get(f"{self.url}/api/summary", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
            if self.process.poll() is not None:
                raise SystemExit("vidmem serve exited")
        self.start_s = time.perf_counter() - started
        self.http = httpx.Client(base_url=self.url, timeout=900)

    def cpu(self) -> float:
        return cpu_of(self.process.pid)

    def stop(self) -> None:
        self.http.close()
        self.process.terminate()
        self.process.wait(timeout=30)


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q)) if values else float("nan")


def bench_asks(library: Path, corpus: Path, answerer: str, per_category: int, limit: int | None) -> dict[str, Any]:
    lines = (corpus / "questions.jsonl").read_text().splitlines()
    questions = first_per_category([json.loads(x) for x in lines if x.strip()], per_category, lambda q: q["category"])
    questions = questions[:limit]
    oneshot = []
    for q in questions:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-m", "vidmem.cli.main", "ask", q["question"],
             *[arg for o in q["options"] for arg in ("-o", o)],
             "--library", str(library), "--answerer", answerer, "--planner", "rules", "--json"],
            env=env(), capture_output=True, text=True, check=True)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        choice = json.loads(out.stdout)["choice"]
        oneshot.append({"qid": q["qid"], "wall": wall, "cpu": after.ru_utime + after.ru_stime - before.ru_utime
                        - before.ru_stime, "choice": choice})
    server = Server(library, answerer)
    try:
        first_started = time.perf_counter()
        server.http.post("/api/ask", json={"question": "warm-up: what did I see on day 1?"}).raise_for_status()
        first_s = time.perf_counter() - first_started
        warm = []
        for q in questions:
            cpu0, started = server.cpu(), time.perf_counter()
            body = server.http.post("/api/ask", json={"question": q["question"], "options": q["options"]}).json()
            warm.append({"qid": q["qid"], "wall": time.perf_counter() - started, "cpu": server.cpu() - cpu0,
                         "choice": body["choice"], "timings": body["timings"]})
    finally:
        server.stop()
    same = sum(a["choice"] == b["choice"] for a, b in zip(oneshot, warm, strict=True))
    return {"questions": len(questions), "answerer": answerer, "server_start_s": server.start_s,
            "first_ask_s": first_s, "same_choice": same,
            "oneshot_wall": [r["wall"] for r in oneshot], "oneshot_cpu": [r["cpu"] for r in oneshot],
            "warm_wall": [r["wall"] for r in warm], "warm_cpu": [r["cpu"] for r in warm]}


def bench_searches(library: Path, queries: list[str], n: int) -> dict[str, Any]:
    server = Server(library, "rules")
    out: dict[str, Any] = {"server_start_s": server.start_s}
    try:
        server.http.post("/api/search/visual", json={"query": "warm up"}).raise_for_status()
        for route in ("audio", "visual"):
            times = []
            for i in range(n):
                started = time.perf_counter()
                server.http.post(f"/api/search/{route}", json={"query": queries[i % len(queries)], "k": 10}
                                 ).raise_for_status()
                times.append(time.perf_counter() - started)
            out[route] = times
        for path in ("/api/summary", "/api/timeline"):
            times = []
            for _ in range(max(3, n // 10)):
                started = time.perf_counter()
                server.http.get(path).raise_for_status()
                times.append(time.perf_counter() - started)
            out[path] = times
    finally:
        server.stop()
    return out


WORDS = (
    "train", "tickets", "platform", "coffee", "keys", "drawer", "garden", "kitchen", "market", "volcano",
    "dinner", "meeting", "budget", "report", "bicycle", "umbrella", "station", "museum", "bridge", "harbour",
    "letter", "phone", "charger", "wallet", "sister", "doctor", "tuesday", "morning", "evening", "ticket",
    "bakery", "bread", "cheese", "window", "door", "table", "chair", "laptop", "camera"
)


def make_large_library(root: Path, hours: int, seed: int = 0) -> None:
    """`hours` one-hour recordings: an utterance every 6 s, a distinct frame every 10 s (LanceDB, 384-d,
    clustered like descriptions), frames and 30-s segments in SQLite. No media files: routes that search
    and list are what is timed."""
    from vidmem.library import Library
    from vidmem.store import FrameRow, NewVideo, SegmentRow
    from vidmem.store.frame_index import FRAMES_TABLE, frames_schema
    from vidmem.store.speech import SpeechStore, UtteranceRow

    rng = np.random.default_rng(seed)
    dim = 384
    centres = rng.normal(size=(300, dim)).astype(np.float32)
    start = 1_793_606_400.0
    with Library.open(root) as library:
        speech = SpeechStore(library.catalog)
        library.vectors.ensure_table(FRAMES_TABLE, frames_schema(dim))
        for h in range(hours):
            t0 = start + h * 3600.0 * 2  # an hour of footage every two hours
            with library.catalog.transaction():
                vid = library.catalog.insert_video(NewVideo(
                    f"synthetic{h}", f"/synthetic/{h:03d}.mp4".encode(), f"{h:03d}.mp4", 1, 3600.0, True, True, 640,
                    360, 1.0, t0, "option"))
                words = rng.choice(WORDS, size=(600, 8))
                speech.replace_utterances(vid, [UtteranceRow(i, t0 + 6 * i, t0 + 6 * i + 4, " ".join(w))
                                                for i, w in enumerate(words)])
                library.catalog.replace_frames(vid, [FrameRow(i, t0 + 10 * i, 10.0 * i, f"frames/{vid}/{i:06d}.jpg")
                                                     for i in range(360)])
                library.catalog.replace_segments(vid, [SegmentRow(i, t0 + 30 * i, t0 + 30 * i + 30, "synthetic")
                                                       for i in range(120)])
            v = centres[rng.integers(0, len(centres), 360)] + 0.6 * rng.normal(size=(360, dim)).astype(np.float32)
            v /= np.linalg.norm(v, axis=1, keepdims=True)
            idx = np.arange(360)
            columns = {
                "key": pa.array([f"{vid}:{i}" for i in idx]), "video_id": pa.array(np.full(360, vid)),
                "idx": pa.array(idx), "t": pa.array(t0 + 10.0 * idx), "t_end": pa.array(t0 + 10.0 * idx + 9),
                "offset_s": pa.array(10.0 * idx), "day": pa.array(np.full(360, 1 + h // 12), pa.int32()),
                "place_id": pa.array(idx // 60 % 20), "people": pa.array([""] * 360),
                "description": pa.array(["synthetic"] * 360), "thumbnail": pa.array([""] * 360),
                "vector": pa.FixedSizeListArray.from_arrays(pa.array(v.reshape(-1)), dim),
            }
            library.vectors.table(FRAMES_TABLE).add(pa.table(columns, schema=frames_schema(dim)))
            for stage in ("probe", "frames", "segments", "transcribe", "speakers", "vision", "face_voice", "graph"):
                library.catalog.set_job(vid, stage, "done")
        library.vectors.optimize(FRAMES_TABLE)


def show(label: str, values: list[float]) -> str:
    return f"{label}: p50 {1000 * pct(values, 50):.0f} ms, p95 {1000 * pct(values, 95):.0f} ms (n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--library", type=Path, required=True)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--answerer", default="rules")
    parser.add_argument("--per-category", type=int, default=1)
    parser.add_argument("--limit", type=int, default=None, help="at most this many questions")
    parser.add_argument("--searches", type=int, default=40)
    parser.add_argument("--large-hours", type=int, default=100, help="0 skips the large synthetic Library")
    args = parser.parse_args()

    asks = bench_asks(args.library, args.corpus, args.answerer, args.per_category, args.limit)
    print(f"asks ({asks['questions']} questions, answerer {asks['answerer']}; same choice in "
          f"{asks['same_choice']}/{asks['questions']}): server up in {asks['server_start_s']:.1f} s, "
          f"first ask {asks['first_ask_s']:.2f} s")
    for kind in ("oneshot", "warm"):
        wall, cpu = asks[f"{kind}_wall"], asks[f"{kind}_cpu"]
        print(f"  {kind:8s} wall median {statistics.median(wall):.2f} s (p95 {pct(wall, 95):.2f}), "
              f"CPU median {statistics.median(cpu):.2f} s")
    ratio = statistics.median(asks["oneshot_wall"]) / statistics.median(asks["warm_wall"])
    print(f"  resident server is {ratio:.1f}x faster per ask (median wall)")

    lines = (args.corpus / "questions.jsonl").read_text().splitlines()
    queries = [" ".join(json.loads(x)["question"].split()[2:6]) for x in lines if x.strip()]
    small = bench_searches(args.library, queries, args.searches)
    print(f"test corpus routes (server up in {small['server_start_s']:.1f} s):")
    for key in ("audio", "visual", "/api/summary", "/api/timeline"):
        print("  " + show(key, small[key]))
    if args.large_hours:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "large"
            started = time.perf_counter()
            make_large_library(root, args.large_hours)
            print(f"large synthetic Library: {args.large_hours} h ({args.large_hours * 600} utterances, "
                  f"{args.large_hours * 360} frame vectors) written in {time.perf_counter() - started:.0f} s")
            large_queries = [" ".join(np.random.default_rng(i).choice(WORDS, 3)) for i in range(50)]
            large = bench_searches(root, large_queries, args.searches)
            for key in ("audio", "visual", "/api/summary", "/api/timeline"):
                print("  " + show(key, large[key]))


if __name__ == "__main__":
    main()
