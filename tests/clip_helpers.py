"""Small H.264/AAC clips made by the tests (a module of its own: every test folder has a `conftest`)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np


def write_clip(
    path: Path,
    seconds: float = 3.0,
    *,
    fps: int = 10,
    size: tuple[int, int] = (160, 120),
    audio: bool = True,
    video: bool = True,
    creation_time: str | None = None,
    seed: int = 0,
    frame_times: list[float] | None = None,
) -> Path:
    """Encode a small H.264/AAC clip. `frame_times` gives explicit (variable) frame times in seconds."""
    rng = np.random.default_rng(seed)
    with av.open(str(path), mode="w") as container:
        if creation_time:
            container.metadata["creation_time"] = creation_time
        vstream = astream = None
        if video:
            vstream = container.add_stream("libx264", rate=fps)
            vstream.width, vstream.height = size
            vstream.pix_fmt = "yuv420p"
            vstream.codec_context.time_base = Fraction(1, 1000)
        if audio:
            astream = container.add_stream("aac", rate=16000)
            astream.layout = "mono"
        if vstream is not None:
            times = frame_times if frame_times is not None else [i / fps for i in range(int(seconds * fps))]
            base = rng.integers(0, 255, size=(size[1], size[0], 3), dtype=np.uint8)
            for i, t in enumerate(times):
                image = np.roll(base, shift=i * 3, axis=1)
                frame = av.VideoFrame.from_ndarray(image, format="rgb24")
                frame.pts = round(t * 1000)
                frame.time_base = Fraction(1, 1000)
                for packet in vstream.encode(frame):
                    container.mux(packet)
            for packet in vstream.encode():
                container.mux(packet)
        if astream is not None:
            rate = 16000
            total = int(seconds * rate)
            tone = (0.2 * np.sin(2 * np.pi * 440 * np.arange(total) / rate)).astype(np.float32)
            for start in range(0, total, 1024):
                chunk = tone[start : start + 1024]
                frame = av.AudioFrame.from_ndarray(chunk.reshape(1, -1), format="flt", layout="mono")
                frame.sample_rate = rate
                frame.pts = start
                for packet in astream.encode(frame):
                    container.mux(packet)
            for packet in astream.encode():
                container.mux(packet)
    return path
