"""Ingest: the core stages on real and generated footage, idempotence, timeline, bad input, locking."""

from __future__ import annotations

import json
import math
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import av
import pytest

from vidmem import Library
from vidmem.config import Settings
from vidmem.media import probe
from vidmem.store import writer_lock
from vidmem.timeline import parse_iso

CORE = Settings(stages=("frames", "segments"))
VIDMEM = [sys.executable, "-m", "vidmem.cli.main"]


def open_core(path: Path) -> Library:
    return Library.open(path, CORE)


def test_demo_footage_becomes_frames_thumbnails_segments_and_vectors(
    tmp_path: Path, bikes_mp4: Path, bigbuckbunny_mp4: Path
) -> None:
    with open_core(tmp_path / "lib") as lib:
        report = lib.ingest([bikes_mp4, bigbuckbunny_mp4], start="2026-11-02T08:00:00Z")
        assert report.ok and [f.status for f in report.files] == ["ingested", "ingested"]
        videos = lib.catalog.videos()
        assert [v.name for v in videos] == ["bikes.mp4", "bigbuckbunny.mp4"]
        first, second = videos
        assert first.start_at == parse_iso("2026-11-02T08:00:00Z")
        assert second.start_at == pytest.approx(first.end_at)  # back to back after --start
        for video in videos:
            frames = lib.catalog.frames(video.id)
            assert len(frames) == math.ceil(video.duration)
            assert all((lib.root / f.thumbnail).is_file() for f in frames)
            assert frames[0].t == pytest.approx(video.start_at)
            segments = lib.catalog.segments(video.id)
            assert segments[0].t0 == pytest.approx(video.start_at)
            assert segments[-1].t1 == pytest.approx(video.end_at)
            assert {j.stage: j.status for j in lib.catalog.jobs(video.id)} == {
                "probe": "done", "frames": "done", "segments": "done"}
        summary = lib.summary()
        assert summary.frames == sum(len(lib.catalog.frames(v.id)) for v in videos)
        assert summary.vector_tables["frame_signatures"] == summary.frames


def test_same_content_is_skipped_even_renamed(tmp_path: Path, clip_factory) -> None:
    clip = clip_factory("20261102_081500.mp4", seconds=3.0)
    with open_core(tmp_path / "lib") as lib:
        assert lib.ingest([clip]).files[0].status == "ingested"
        before = lib.catalog.counts()
        renamed = tmp_path / "renamed.mp4"
        shutil.copy(clip, renamed)
        again = lib.ingest([renamed, clip])
        assert [f.status for f in again.files] == ["already", "already"]
        assert lib.catalog.counts() == before
        assert lib.catalog.videos()[0].name == "20261102_081500.mp4"  # last seen name
        assert lib.catalog.videos()[0].start_at == parse_iso("2026-11-02T08:15:00Z")  # start is kept


def test_each_file_gets_a_start_by_the_rules(tmp_path: Path, clip_factory) -> None:
    folder = tmp_path / "day"
    folder.mkdir()
    clip_factory("day/a_meta.mp4", seconds=2.0, creation_time="2026-11-02T07:00:00Z")
    clip_factory("day/b_20261102_091500.mp4", seconds=2.0)
    clip_factory("day/c_plain.mp4", seconds=2.0, seed=3)
    with open_core(tmp_path / "lib") as lib:
        assert lib.ingest([folder]).ok
        got = {v.name: (v.start_at, v.start_source) for v in lib.catalog.videos()}
    assert got["a_meta.mp4"] == (parse_iso("2026-11-02T07:00:00Z"), "container")
    assert got["b_20261102_091500.mp4"] == (parse_iso("2026-11-02T09:15:00Z"), "filename")
    b_end = parse_iso("2026-11-02T09:15:00Z") + probe(folder / "b_20261102_091500.mp4").duration
    assert got["c_plain.mp4"][1] == "previous-file"
    assert got["c_plain.mp4"][0] == pytest.approx(b_end)


def test_a_lone_file_without_any_time_ends_at_its_modification_time_with_a_warning(
    tmp_path: Path, clip_factory
) -> None:
    first = clip_factory("plain.mp4", seconds=1.0)
    second = clip_factory("other.mp4", seconds=2.0, seed=5)
    os.utime(first, (1_790_000_000, 1_790_000_000))
    os.utime(second, (1_790_086_400, 1_790_086_400))
    with open_core(tmp_path / "lib") as lib:
        outcomes = [lib.ingest([first]).files[0], lib.ingest([second]).files[0]]  # two batches: no chaining
        got = {v.name: (v.start_at, v.start_source, v.duration) for v in lib.catalog.videos()}
    assert [o.status for o in outcomes] == ["ingested", "ingested"]
    assert all(any("modification time" in w for w in o.warnings) for o in outcomes)
    for name, mtime in (("plain.mp4", 1_790_000_000), ("other.mp4", 1_790_086_400)):
        start_at, source, duration = got[name]
        assert source == "file-modified"
        assert start_at == pytest.approx(mtime - duration)


def make_bad_inputs(folder: Path, clip_factory) -> dict[str, Path]:
    """Every kind of awkward input the issue lists, next to one good file."""
    folder.mkdir(parents=True, exist_ok=True)
    good = clip_factory("good.mp4", seconds=3.0)
    files = {"good": good}
    files["missing"] = folder / "missing.mp4"
    notes = folder / "notes.txt"
    notes.write_text("this is not a video\n")
    files["not_video"] = notes
    data = good.read_bytes()
    truncated = folder / "truncated.mp4"
    truncated.write_bytes(data[: len(data) * 6 // 10])
    files["truncated"] = truncated
    files["truncated_faststart"] = _truncated_faststart(clip_factory("long.mp4", seconds=8.0), folder)
    corrupt = folder / "corrupt.mp4"
    corrupt.write_bytes(b"\x00" * 64 + os.urandom(4096) + data[4160:])
    files["corrupt"] = corrupt
    empty = folder / "empty.mp4"
    empty.write_bytes(b"")
    files["empty"] = empty
    files["audio_only"] = clip_factory("audio_only.m4a", seconds=2.0, video=False)
    files["no_audio"] = clip_factory("no_audio.mp4", seconds=2.0, audio=False, seed=1)
    files["sub_second"] = clip_factory("short.mp4", seconds=0.4, seed=2)
    files["vfr"] = clip_factory("vfr.mp4", seconds=4.0, frame_times=[0.0, 0.04, 1.3, 1.35, 2.9, 3.6], seed=4)
    odd = clip_factory("odd.mp4", seconds=1.5, seed=5)
    odd_name = os.path.join(os.fsencode(odd.parent), b"caf\xe9_\xff.mp4")  # Latin-1 bytes: not UTF-8
    os.rename(os.fsencode(odd), odd_name)
    files["non_utf8_name"] = Path(os.fsdecode(odd_name))
    return files


def _truncated_faststart(source: Path, folder: Path) -> Path:
    """moov first, then cut: the index promises 8 s but the data stops early."""
    remuxed = folder / "faststart.mp4"
    with av.open(str(source)) as src, av.open(str(remuxed), "w", options={"movflags": "faststart"}) as dst:
        streams = {s.index: dst.add_stream_from_template(s) for s in src.streams}
        for packet in src.demux():
            if packet.dts is None:
                continue
            packet.stream = streams[packet.stream.index]
            dst.mux(packet)
    data = remuxed.read_bytes()
    cut = folder / "truncated_faststart.mp4"
    cut.write_bytes(data[: len(data) * 4 // 10])
    remuxed.unlink()
    return cut


EXPECTED_FAILURES = {"missing", "not_video", "truncated", "truncated_faststart", "corrupt", "empty"}


def test_bad_inputs_are_reported_one_line_each_and_the_rest_goes_on(tmp_path: Path, clip_factory) -> None:
    files = make_bad_inputs(tmp_path, clip_factory)
    with open_core(tmp_path / "lib") as lib:
        report = lib.ingest(list(files.values()))
        by_kind = dict(zip(files, report.files, strict=True))
        failed = {kind for kind, outcome in by_kind.items() if outcome.status == "failed"}
        assert failed == EXPECTED_FAILURES
        assert all(outcome.message for kind, outcome in by_kind.items() if kind in failed)
        assert "empty" in by_kind["empty"].message
        assert "truncated" in by_kind["truncated_faststart"].message
        videos = {v.name: v for v in lib.catalog.videos()}
        assert videos["audio_only.m4a"].has_video is False and videos["audio_only.m4a"].status != "failed"
        assert {j.stage: j.status for j in lib.catalog.jobs(videos["audio_only.m4a"].id)}["frames"] == "skipped"
        assert videos["no_audio.mp4"].has_audio is False and videos["no_audio.mp4"].status != "failed"
        assert len(lib.catalog.frames(videos["short.mp4"].id)) == 1
        assert len(lib.catalog.segments(videos["short.mp4"].id)) == 1
        assert [round(f.offset_s, 2) for f in lib.catalog.frames(videos["vfr.mp4"].id)] == [0.0, 1.3, 2.9, 3.6]
        odd = next(v for v in videos.values() if v.name.startswith("caf"))
        assert odd.path_bytes.endswith(b"caf\xe9_\xff.mp4") and odd.status != "failed"
        # a truncated file that got as far as a stage is recorded as failed with no partial rows
        broken = videos["truncated_faststart.mp4"]
        assert broken.status == "failed" and "truncated" in (broken.error or "")
        assert lib.catalog.frames(broken.id) == []
        assert_consistent(lib)


def assert_consistent(lib: Library) -> None:
    conn = lib.catalog.conn
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    vectors = lib.vectors.rows("frame_signatures", ["video_id", "idx"])
    frames = conn.execute("SELECT video_id, idx FROM frames").fetchall()
    assert sorted((r["video_id"], r["idx"]) for r in vectors) == sorted(frames)


def test_cli_prints_one_error_line_per_bad_file_and_exits_nonzero(tmp_path: Path, clip_factory) -> None:
    files = make_bad_inputs(tmp_path / "in", clip_factory)
    env = {**os.environ, "VIDMEM_STAGES": "frames,segments"}
    args = [*VIDMEM, "ingest", *map(str, files.values()), "--library", str(tmp_path / "lib")]
    done = subprocess.run(args, capture_output=True, env=env, timeout=300)
    assert done.returncode == 1
    lines = [line for line in done.stderr.decode().splitlines() if line.startswith("error:")]
    assert len(lines) == len(EXPECTED_FAILURES)
    for kind in EXPECTED_FAILURES:
        assert sum(files[kind].name in line for line in lines) == 1, kind
    again = subprocess.run([*args, "--json"], capture_output=True, env=env, timeout=300)
    outcomes = json.loads(again.stdout)
    assert sorted(o["status"] for o in outcomes).count("already") == len(files) - len(EXPECTED_FAILURES)


def test_a_second_writer_fails_clearly_or_queues(tmp_path: Path, clip_factory) -> None:
    clip = clip_factory(seconds=1.0)
    library = tmp_path / "lib"
    Library.open(library).close()
    env = {**os.environ, "VIDMEM_STAGES": "frames,segments"}
    with writer_lock(library):
        busy = subprocess.run([*VIDMEM, "ingest", str(clip), "-L", str(library)], capture_output=True,
                              env=env, timeout=120)
    assert busy.returncode == 3
    assert b"another vidmem process" in busy.stderr and b"--wait" in busy.stderr

    def hold() -> None:
        with writer_lock(library):
            time.sleep(1.5)

    holder = threading.Thread(target=hold)
    holder.start()
    time.sleep(0.2)
    queued = subprocess.run([*VIDMEM, "ingest", str(clip), "-L", str(library), "--wait", "60"],
                            capture_output=True, env=env, timeout=120)
    holder.join()
    assert queued.returncode == 0, queued.stderr
    with open_core(library) as lib:
        assert lib.catalog.counts()["videos"] == 1


def test_unknown_stage_is_refused(tmp_path: Path, clip_factory) -> None:
    clip = clip_factory(seconds=1.0)
    with Library.open(tmp_path / "lib", Settings(stages=("frames", "nope"))) as lib, pytest.raises(
        ValueError, match="unknown stage"
    ):
        lib.ingest([clip])


def test_schema_is_versioned_and_foreign_keys_are_on(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib") as lib:
        assert lib.catalog.schema_version >= 1
        assert lib.catalog.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert lib.catalog.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        version = lib.catalog.schema_version
    with Library.open(tmp_path / "lib") as again:  # reopening applies nothing twice
        assert again.catalog.schema_version == version
    with pytest.raises(sqlite3.IntegrityError):
        conn = sqlite3.connect(tmp_path / "lib" / "catalog.sqlite")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("INSERT INTO frames (video_id, idx, t, offset_s, thumbnail) VALUES (999, 0, 0, 0, 'x')")
