"""How long generating test footage takes, and how many questions come out per category.

    .venv/bin/python bench/devdata.py [--minutes 10 60] [--days 1] [--seed 0] [--motion steady|continuous]
                                      [--questions-per-kind K] [--keep DIR]

Prints, per day length: CPU seconds, wall seconds per phase (plan + speech synthesis, video encoding, questions),
the ratio of footage minutes to generation minutes, the corpus size, the world the seed drew, and question
counts by category and phrasing split.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import tempfile
from pathlib import Path

from vidmem.devdata import make_corpus
from vidmem.devdata.questions import CATEGORIES


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children: less sensitive to other load than wall time."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, nargs="+", default=[10.0, 60.0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--days", type=int, default=1)
    parser.add_argument("--motion", default="steady", choices=("steady", "continuous"))
    parser.add_argument("--questions-per-kind", type=int, default=None)
    parser.add_argument("--keep", type=Path, default=None, help="write corpora here instead of a temp folder")
    args = parser.parse_args()
    print(f"CPUs: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    base = args.keep or Path(tempfile.mkdtemp(prefix="vidmem-devdata-bench-"))
    try:
        for minutes in args.minutes:
            out = base / f"day-{minutes:g}min"
            before = _cpu_seconds()
            info = make_corpus(out, days=args.days, minutes_per_day=minutes, seed=args.seed, overwrite=True,
                               motion=args.motion, questions_per_kind=args.questions_per_kind)
            cpu = _cpu_seconds() - before
            size = sum(p.stat().st_size for p in (out / "videos").glob("*.mp4"))
            s = info.seconds
            print(f"\n{args.days} day(s) x {minutes:g} min (seed {args.seed}, {args.motion}): "
                  f"{len(info.videos)} files, "
                  f"{info.duration_s / 60:.1f} min of footage, {info.utterances} utterances, {size / 2**20:.1f} MiB")
            print(f"  wall: total {s['total']:.1f} s = plan+speech {s['plan_and_speech']:.1f} s"
                  f" + video {s['video']:.1f} s + questions {s['questions']:.1f} s")
            print(f"  speed: {info.duration_s / max(s['total'], 1e-9):.1f}x real time; CPU {cpu:.1f} s (user+sys, with "
                  f"workers) = {cpu / 2:.1f} s on 2 idle cores at best")
            world = info.world
            print(f"  world: starts {world['weekday']} {world['start_date']}; "
                  f"{', '.join(f'{name} ({voice})' for name, voice, _ in world['people'].values())}; "
                  f"places {', '.join(world['places'])}; objects {', '.join(world['objects'])}")
            dev, held = info.questions_by_split.get("dev", {}), info.questions_by_split.get("heldout", {})
            print(f"  questions: {sum(info.questions.values())} in all (dev / held-out phrasings)")
            for category in CATEGORIES:
                print(f"    {category:20s} {dev.get(category, 0):4d} / {held.get(category, 0):4d}"
                      f"   (drafts rejected as not unique or unusable: {info.rejected_questions.get(category, 0)})")
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
