"""Ingest throughput by executor: this process alone, N local worker processes, N Ray workers.

For each executor: real-time factor (seconds of video per wall second), CPU seconds of the driver and
every process it started (workers, Ray's own processes), CPU use (CPU seconds / wall: 2.0 = both cores
busy), and peak resident memory of the driver, of the largest worker, and of all of them together.
Memory and CPU are sampled from /proc every 0.2 s (Linux).

Run: .venv/bin/python bench/ingest_ray.py [--minutes 4] [--seed 7] [--modes inline,process:2,ray:1,ray:2]
     [--files A.mp4 B.mp4 …]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from vidmem import Library
from vidmem.ingest.executors import ProcessExecutor
from vidmem.ingest.pipeline import Executor, InlineExecutor
from vidmem.media import probe

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Usage:
    """CPU seconds and peak RSS of this process and all its descendants, sampled."""

    cpu: dict[int, float] = field(default_factory=dict)  # pid → last cumulative CPU seconds seen
    peak_rss: dict[int, int] = field(default_factory=dict)  # pid → bytes
    peak_total_rss: int = 0


def _stat(pid: int) -> tuple[int, float, int] | None:
    """(parent pid, CPU seconds, RSS bytes) of a live process."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS, int(fields[21]) * PAGE


class Sampler:
    def __init__(self, interval: float = 0.2) -> None:
        self.usage = Usage()
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Sampler:
        self._sample()
        self._base = dict(self.usage.cpu)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def _sample(self) -> None:
        stats = {}
        for name in os.listdir("/proc"):
            if name.isdigit() and (stat := _stat(int(name))) is not None:
                stats[int(name)] = stat
        mine = {os.getpid()}
        grew = True
        while grew:
            grew = False
            for pid, (parent, _, _) in stats.items():
                if parent in mine and pid not in mine:
                    mine.add(pid)
                    grew = True
        total = 0
        for pid in mine:
            if pid in stats:
                _, cpu, rss = stats[pid]
                self.usage.cpu[pid] = max(self.usage.cpu.get(pid, 0.0), cpu)
                self.usage.peak_rss[pid] = max(self.usage.peak_rss.get(pid, 0), rss)
                total += rss
        self.usage.peak_total_rss = max(self.usage.peak_total_rss, total)

    def cpu_seconds(self, pid: int | None = None) -> float:
        """CPU seconds used while sampling, by all the processes seen or by one."""
        return sum(cpu - self._base.get(p, 0.0) for p, cpu in self.usage.cpu.items() if pid in (None, p))


def make_executor(mode: str) -> Executor | None:
    kind, _, count = mode.partition(":")
    if kind == "inline":
        return InlineExecutor({})
    if kind == "threads":
        return None  # the default: one thread per compute stage in this process
    if kind == "process":
        return ProcessExecutor(int(count or 2))
    if kind == "ray":
        from vidmem.ingest.executors_ray import RayExecutor

        return RayExecutor(workers=int(count or 2))
    raise SystemExit(f"unknown mode {mode!r}: inline, threads, process:N or ray:N")


def run(mode: str, files: list[Path], video_s: float) -> None:
    with tempfile.TemporaryDirectory() as tmp, Sampler() as sampler:
        started = time.perf_counter()
        executor = make_executor(mode)
        try:
            with Library.open(Path(tmp) / "library") as library:
                report = library.ingest(files, executor=executor)
                saves = library.catalog.stage_seconds()
                rows = sum(library.catalog.table_counts().values()) + sum(
                    library.vectors.count(name) for name in library.vectors.table_names())
        finally:
            if executor is not None:
                executor.close()
        wall = time.perf_counter() - started
    assert report.ok, [f.message for f in report.failed]
    usage = sampler.usage
    cpu = sampler.cpu_seconds()
    driver_cpu = sampler.cpu_seconds(os.getpid())
    driver = usage.peak_rss.get(os.getpid(), 0)
    others = [rss for pid, rss in usage.peak_rss.items() if pid != os.getpid()]
    print(f"{mode:<10} {wall:8.1f} s  {video_s / wall:6.2f}× real time  CPU {cpu:8.1f} s ({cpu / wall:4.2f} cores)  "
          f"peak RSS driver {driver / 2**30:4.2f} GiB, largest worker {max(others, default=0) / 2**30:4.2f} GiB, "
          f"all {usage.peak_total_rss / 2**30:4.2f} GiB")
    print(f"           the writer (driver): CPU {driver_cpu:.1f} s for {rows} rows = "
          f"{rows / driver_cpu:.0f} rows/CPU-s, {video_s / driver_cpu:.1f} s of video per CPU-s "
          "(the most one writer can take)")
    print("           stage seconds (compute where it ran + the driver's finish/save): "
          + ", ".join(f"{k} {v:.1f}" for k, v in saves.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=4.0, help="generated footage (one day), if no --files")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--files", type=Path, nargs="*")
    parser.add_argument("--modes", default="inline,process:2,ray:1,ray:2")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = args.files
        if not files:
            from vidmem.devdata import make_corpus

            make_corpus(Path(tmp) / "corpus", days=1, minutes_per_day=args.minutes, seed=args.seed)
            files = sorted((Path(tmp) / "corpus" / "videos").glob("*.mp4"))
        video_s = sum(probe(f).duration for f in files)
        print(f"{len(files)} files, {video_s:.0f} s of video; {os.cpu_count()} CPUs")
        for mode in args.modes.split(","):
            run(mode.strip(), files, video_s)


if __name__ == "__main__":
    main()
