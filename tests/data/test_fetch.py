"""`vidmem data fetch` against a loopback stand-in for the Hub and a video host (never the internet): the
real huggingface_hub and yt-dlp, pointed there by HF_ENDPOINT and VIDMEM_VIDEO_URL."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from benchfixture import CUT, GONE, GOOD, SLOW, clips, fetch_env, standin
from standin import COMMIT, StandIn

from vidmem.eval.datasets import load_dataset

__all__ = ["clips", "standin"]  # fixtures, imported for pytest
SRC = Path(__file__).resolve().parents[2] / "src"


def _fetch(env: dict[str, str], out: Path, *args: str) -> subprocess.Popen[str]:
    env = {**env, "PYTHONPATH": f"{SRC}{os.pathsep}{env.get('PYTHONPATH', '')}"}
    command = [sys.executable, "-m", "vidmem.cli.main", "data", "fetch", "videomme", "--out", str(out),
               "--retries", "1", "--backoff", "0", *args]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _run(env: dict[str, str], out: Path, *args: str) -> tuple[int, str, str]:
    process = _fetch(env, out, *args)
    stdout, stderr = process.communicate(timeout=240)
    return process.returncode, stdout, stderr


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_fetch_reports_missing_videos_loads_for_eval_and_a_rerun_fetches_nothing(
        standin: StandIn, clips: dict[str, bytes], tmp_path: Path) -> None:
    out = tmp_path / "videomme"
    env = fetch_env(standin, tmp_path)
    code, stdout, stderr = _run(env, out)
    assert code == 0, stderr
    manifest = json.loads((out / "fetch.json").read_text())
    videos = manifest["videos"]
    assert {k: v["status"] for k, v in videos.items()} == {
        GOOD: "present", SLOW: "present", GONE: "missing", CUT: "missing"}
    assert (videos[GONE]["reason"], videos[CUT]["reason"]) == ("unavailable", "truncated")
    assert "404" in videos[GONE]["detail"]
    assert manifest["annotations"][0]["commit"] == COMMIT  # the Hub commit the annotations were pinned to
    for key in (GOOD, SLOW):
        assert (out / "videos" / f"{key}.mp4").read_bytes() == clips[key]
        assert videos[key]["file"]["sha256"] == _sha(clips[key])
    assert sorted(p.name for p in (out / "videos").iterdir()) == [f"{GOOD}.mp4", f"{SLOW}.mp4"]  # no partials
    assert f"missing {GONE}: unavailable" in stdout and f"missing {CUT}: truncated" in stdout

    # the folder is a dataset: the questions about the videos that are there, the others left out
    dataset = load_dataset(f"videomme:{out}")
    assert dataset.kind == "videomme"
    assert sorted(q.qid for q in dataset.questions) == ["001-1", "002-1", "005-1"]
    assert sorted(v.key for v in dataset.videos) == [GOOD, SLOW]

    # a re-run asks the Hub nothing and fetches no finished or permanently missing video; only the
    # cut-off one (a failure that may pass) is tried again, resuming its partial file
    standin.behaviour.requests.clear()
    code, stdout, _ = _run(env, out)
    assert code == 0
    asked = {path for _, path, _ in standin.behaviour.requests}
    assert asked == {f"/videos/{CUT}.mp4"}, asked
    assert any(r.startswith("bytes=") and int(r[6:].split("-")[0]) > 0 for _, _, r in standin.requests_for(CUT))
    assert json.loads((out / "fetch.json").read_text())["videos"][GOOD] == videos[GOOD]


def test_a_killed_fetch_resumes_where_it_stopped(standin: StandIn, clips: dict[str, bytes], tmp_path: Path) -> None:
    out = tmp_path / "videomme"
    ids = tmp_path / "ids.txt"
    ids.write_text(f"# the slow one only\n{SLOW}\n")
    env = fetch_env(standin, tmp_path)
    process = _fetch(env, out, "--ids", str(ids))
    part = out / ".partial" / "videos" / f"{SLOW}.mp4.part"
    deadline = time.monotonic() + 180
    while not (part.is_file() and part.stat().st_size > 0) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert 0 < part.stat().st_size < len(clips[SLOW])
    assert not (out / "videos" / f"{SLOW}.mp4").exists()  # nothing half-written where eval would read it
    assert SLOW not in json.loads((out / "fetch.json").read_text())["videos"]

    standin.behaviour.requests.clear()
    code, _, stderr = _run(env, out, "--ids", str(ids))
    assert code == 0, stderr
    assert (out / "videos" / f"{SLOW}.mp4").read_bytes() == clips[SLOW]
    ranges = [r for _, _, r in standin.requests_for(SLOW) if r]
    assert ranges and int(ranges[0][6:].split("-")[0]) > 0  # continued, not started over
    assert not standin.requests_for("/datasets/")  # the annotations were finished the first time
    assert not (out / ".partial").exists()


def test_dry_run_prints_the_plan_and_writes_nothing(standin: StandIn, tmp_path: Path) -> None:
    out = tmp_path / "videomme"
    code, stdout, stderr = _run(fetch_env(standin, tmp_path), out, "--dry-run", "--subset", "short")
    assert code == 0, stderr
    assert f"would fetch video {GOOD}" in stdout and f"would fetch video {GONE}" in stdout
    assert SLOW not in stdout and CUT not in stdout  # medium and long
    assert not out.exists()
    assert not standin.requests_for("/videos/")


def _closed_port() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


def test_unreachable_hub_is_one_line_nonzero_and_leaves_nothing(tmp_path: Path) -> None:
    env = {**fetch_env_for(_closed_port(), tmp_path)}
    out = tmp_path / "videomme"
    code, _, stderr = _run(env, out)
    assert code == 3
    assert "cannot reach the Hugging Face Hub" in stderr and len(stderr.strip().splitlines()) == 1, stderr
    assert not out.exists()


def test_unreachable_video_host_stops_with_one_line_and_keeps_the_annotations(standin: StandIn,
                                                                               tmp_path: Path) -> None:
    env = {**fetch_env(standin, tmp_path), "VIDMEM_VIDEO_URL": f"{_closed_port()}/videos/{{id}}.mp4"}
    out = tmp_path / "videomme"
    code, _, stderr = _run(env, out, "--jobs", "1")
    assert code == 3
    assert "cannot reach the video host" in stderr and len(stderr.strip().splitlines()) == 1, stderr
    manifest = json.loads((out / "fetch.json").read_text())
    assert manifest["videos"] == {}  # nothing recorded as missing for a fault of the line
    assert (out / manifest["annotations"][0]["path"]).is_file()
    assert not (out / "videos").exists()


def fetch_env_for(url: str, home: Path) -> dict[str, str]:
    class _Server:
        pass

    server = _Server()
    server.url = url  # type: ignore[attr-defined]
    return fetch_env(server, home)  # type: ignore[arg-type]


def test_egoschema_videos_not_on_youtube_are_reported_and_adopted_once_placed(clips: dict[str, bytes],
                                                                               tmp_path: Path) -> None:
    from benchfixture import parquet_bytes
    from standin import Behaviour

    clip = "0074f737-11cb-497d-8d07-77c3a8127391"
    rows = [{"question_idx": "q-0", "question": "What is c mostly doing?", "video_idx": clip,
             "option": ["cooking", "cleaning", "reading", "painting", "gardening"], "answer": "1"}]
    behaviour = Behaviour(hub={"lmms-lab/egoschema/Subset/test-00000-of-00001.parquet": parquet_bytes(rows)})
    out = tmp_path / "egoschema"
    with StandIn(behaviour) as server:
        env = fetch_env(server, tmp_path)
        command = [sys.executable, "-m", "vidmem.cli.main", "data", "fetch", "egoschema", "--out", str(out)]
        env["PYTHONPATH"] = f"{SRC}{os.pathsep}{env.get('PYTHONPATH', '')}"
        first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
        assert first.returncode == 0, first.stderr
        entry = json.loads((out / "fetch.json").read_text())["videos"][clip]
        assert (entry["status"], entry["reason"]) == ("missing", "not-on-youtube")
        assert "Ego4D" in entry["detail"] and not server.requests_for("/videos/")
        (out / "videos").mkdir()
        (out / "videos" / f"{clip}.mp4").write_bytes(clips[GOOD])  # the user brings the clip
        second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
        assert second.returncode == 0, second.stderr
    entry = json.loads((out / "fetch.json").read_text())["videos"][clip]
    assert entry["status"] == "present" and entry["file"]["sha256"] == _sha(clips[GOOD])
    dataset = load_dataset(f"egoschema:{out}")
    assert [(q.qid, q.answer, q.video) for q in dataset.questions] == [("q-0", "B", clip)]
