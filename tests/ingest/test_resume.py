"""SIGKILL an ingest at several points, run it again, and compare every row with a clean run."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vidmem import Library
from vidmem.config import Settings

VIDMEM = [sys.executable, "-m", "vidmem.cli.main"]
ENV = {**os.environ, "VIDMEM_STAGES": "frames,segments"}


@pytest.fixture(scope="module")
def footage(tmp_path_factory, bikes_mp4: Path, bigbuckbunny_mp4: Path) -> Path:
    from clip_helpers import write_clip

    folder = tmp_path_factory.mktemp("footage")
    for i in range(3):
        write_clip(folder / f"2026110{i + 1}_090000.mp4", seconds=25.0, fps=15, size=(320, 240), seed=i)
    shutil.copy(bikes_mp4, folder / "bikes.mp4")
    shutil.copy(bigbuckbunny_mp4, folder / "bigbuckbunny.mp4")
    return folder


def ingest_cmd(footage: Path, library: Path) -> list[str]:
    return [*VIDMEM, "ingest", str(footage), "--library", str(library), "--json"]


def snapshot(library: Path) -> dict[str, object]:
    """Everything a run leaves, by natural keys (content hash instead of row ids)."""
    with Library.open(library, Settings(stages=("frames", "segments"))) as lib:
        conn = lib.catalog.conn
        sha = dict(conn.execute("SELECT id, sha256 FROM videos").fetchall())
        vectors = sorted(
            (sha[r["video_id"]], r["idx"], r["key"].split(":")[1], round(r["t"], 6),
             tuple(round(float(x), 5) for x in r["vector"]))
            for r in lib.vectors.rows("frame_signatures")
        )
        thumbs = sorted(str(p.relative_to(library)) for p in (library / "frames").rglob("*") if p.is_file())
        return {
            "videos": lib.catalog.dump_table(
                "videos", "sha256, name, duration, start_at, start_source, status, has_video, has_audio, error"),
            "jobs": sorted((sha[v], s, st, d) for v, s, st, d in
                           conn.execute("SELECT video_id, stage, status, detail FROM jobs")),
            "frames": sorted((sha[v], i, t, o, th.split("/", 2)[2]) for v, i, t, o, th in
                             conn.execute("SELECT video_id, idx, t, offset_s, thumbnail FROM frames")),
            "segments": sorted((sha[v], i, t0, t1) for v, i, t0, t1 in
                               conn.execute("SELECT video_id, idx, t0, t1 FROM segments")),
            "vectors": vectors,
            "thumbnails": len(thumbs),
        }


@pytest.fixture(scope="module")
def clean(footage: Path, tmp_path_factory) -> dict[str, object]:
    library = tmp_path_factory.mktemp("clean") / "lib"
    subprocess.run(ingest_cmd(footage, library), check=True, env=ENV, capture_output=True, timeout=600)
    return snapshot(library)


def jobs_done(library: Path) -> int:
    catalog = library / "catalog.sqlite"
    if not catalog.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=1)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM jobs").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def run_and_kill(cmd: list[str], library: Path, *, after_jobs: int | None = None, after_s: float | None = None) -> bool:
    """Start an ingest and SIGKILL it once the condition holds; False if it finished first."""
    process = subprocess.Popen(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started = time.monotonic()
    try:
        while process.poll() is None:
            if after_s is not None and time.monotonic() - started >= after_s:
                break
            if after_jobs is not None and jobs_done(library) >= after_jobs:
                break
            time.sleep(0.01)
        if process.poll() is not None:
            return False
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        return True
    finally:
        if process.poll() is None:
            process.kill()


def test_killed_at_successive_checkpoints_then_resumed_equals_a_clean_run(footage, clean, tmp_path: Path) -> None:
    library = tmp_path / "lib"
    cmd = ingest_cmd(footage, library)
    kills = 0
    # jobs: 5 files × (probe, frames, segments) = 15; kill just after several of them land
    for after in (1, 2, 4, 7, 11):
        kills += run_and_kill(cmd, library, after_jobs=after)
    assert kills >= 3, "the ingest finished before it could be interrupted"
    final = subprocess.run(cmd, env=ENV, capture_output=True, timeout=600)
    assert final.returncode == 0, final.stderr
    assert snapshot(library) == clean
    again = subprocess.run(cmd, env=ENV, capture_output=True, timeout=600)
    assert again.returncode == 0 and snapshot(library) == clean


@pytest.mark.parametrize("seconds", [0.6, 1.7, 3.1])
def test_killed_at_arbitrary_moments_then_resumed_equals_a_clean_run(footage, clean, tmp_path: Path, seconds) -> None:
    library = tmp_path / "lib"
    cmd = ingest_cmd(footage, library)
    run_and_kill(cmd, library, after_s=seconds)
    run_and_kill(cmd, library, after_s=seconds)
    final = subprocess.run(cmd, env=ENV, capture_output=True, timeout=600)
    assert final.returncode == 0, final.stderr
    assert snapshot(library) == clean
