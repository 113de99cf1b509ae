"""A tiny Video-MME in its real formats (the Hub's parquet, generated mp4s) behind a loopback stand-in; tests import
the fixtures from here."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from standin import Behaviour, StandIn

from clip_helpers import write_clip

REPO = "lmms-lab/Video-MME"
FILE = "videomme/test-00000-of-00001.parquet"
GOOD, SLOW, GONE, CUT = "vidA-short01", "vidB_medium2", "gone404xxxx", "cutHalfway9"


def _row(n: int, video: str, duration: str, task: str, answer: str) -> dict[str, object]:
    return {"video_id": f"{n:03d}", "duration": duration, "domain": "Knowledge", "sub_category": "Other",
            "url": f"https://www.youtube.com/watch?v={video}", "videoID": video, "question_id": f"{n:03d}-1",
            "task_type": task, "question": f"Question {n} about the clip?",
            "options": ["A. red", "B. green", "C. blue", "D. none"], "answer": answer}


ROWS = [_row(1, GOOD, "short", "Counting Problem", "A"), _row(2, SLOW, "medium", "Action Recognition", "B"),
        _row(3, GONE, "short", "Object Recognition", "C"), _row(4, CUT, "long", "Temporal Reasoning", "D"),
        _row(5, GOOD, "short", "Temporal Reasoning", "B")]


def parquet_bytes(rows: list[dict[str, object]]) -> bytes:
    sink = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(rows), sink)
    return sink.getvalue()


@pytest.fixture(scope="session")
def clips(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("clips")
    out = {}
    for n, key in enumerate((GOOD, SLOW, CUT)):
        seconds = 8.0 if key == SLOW else 2.0  # the slow one is long enough to kill mid-transfer
        out[key] = write_clip(folder / f"{key}.mp4", seconds, fps=5, size=(96, 64), seed=n).read_bytes()
    return out


@pytest.fixture
def standin(clips: dict[str, bytes]) -> Iterator[StandIn]:
    behaviour = Behaviour(hub={f"{REPO}/{FILE}": parquet_bytes(ROWS)}, videos=dict(clips),
                          missing={GONE}, truncated={CUT}, slow={SLOW})
    with StandIn(behaviour) as server:
        yield server


def fetch_env(server: StandIn, home: Path) -> dict[str, str]:
    """The real clients' own configuration, pointed at the stand-in."""
    import os

    env = dict(os.environ)
    env.update({"HF_ENDPOINT": server.url, "HF_HOME": str(home / "hf"), "HF_HUB_DISABLE_TELEMETRY": "1",
                "VIDMEM_VIDEO_URL": f"{server.url}/videos/{{id}}.mp4", "NO_PROXY": "127.0.0.1",
                "HF_HUB_DISABLE_PROGRESS_BARS": "1"})
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):  # the suite sets them for model loading
        env.pop(name, None)
    return env
