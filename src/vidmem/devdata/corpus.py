"""Builds a whole corpus: plan the days, synthesize speech, render the recordings, write truth and questions."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from vidmem.devdata.phrasings import SPLITS
from vidmem.devdata.questions import generate, to_record
from vidmem.devdata.schedule import Scheduler, VideoPlan
from vidmem.devdata.speech import SpeechCache
from vidmem.devdata.truth import Person, iso
from vidmem.devdata.video import MOTIONS, Clips, write_video
from vidmem.devdata.world import draw_world

Progress = Callable[[str, int, int], None]  # (phase, done, total)


@dataclass(frozen=True)
class CorpusInfo:
    path: Path
    days: int
    minutes_per_day: float
    seed: int
    videos: list[str]
    duration_s: float
    utterances: int
    speakers: list[str]
    questions: dict[str, int]  # per category
    rejected_questions: dict[str, int]
    seconds: dict[str, float] = field(default_factory=dict)  # wall time per phase
    questions_by_split: dict[str, dict[str, int]] = field(default_factory=dict)  # split → category → count
    world: dict[str, Any] = field(default_factory=dict)  # who and what the seed drew

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path), "days": self.days, "minutes_per_day": self.minutes_per_day, "seed": self.seed,
            "videos": self.videos, "duration_s": self.duration_s, "utterances": self.utterances,
            "speakers": self.speakers, "questions": self.questions, "questions_total": sum(self.questions.values()),
            "rejected_questions": self.rejected_questions, "seconds": self.seconds,
            "questions_by_split": self.questions_by_split, "world": self.world,
        }


def read_questions(folder: Path | str, split: str | None = None, category: str | None = None) -> list[dict[str, Any]]:
    """The question rows of a corpus folder (see docs/ARCHITECTURE.md), optionally of one phrasing split
    ("dev" / "heldout") and one category."""
    rows = [json.loads(line) for line in (Path(folder) / "questions.jsonl").read_text().splitlines() if line.strip()]
    return [r for r in rows if (split is None or r.get("split") == split)
            and (category is None or r.get("category") == category)]


def check_voices(speech: SpeechCache, people: tuple[Person, ...] | list[Person]) -> None:
    """Every voice of the cast must be installed and speak; fail with the install hint otherwise."""
    for person in people:
        speech.get(person.voice, f"Hello, I am {person.name}.")


def _render(job: tuple[VideoPlan, Path, Clips, int, int, str]) -> str:
    plan, path, clips, fps, threads, motion = job
    write_video(plan, path, clips, fps=fps, threads=threads, motion=motion)
    return plan.file


def make_corpus(
    out: Path | str,
    days: int = 1,
    minutes_per_day: float = 10.0,
    seed: int = 0,
    *,
    fps: int = 5,
    start_date: date | None = None,
    workers: int | None = None,
    overwrite: bool = False,
    progress: Progress | None = None,
    motion: str = "steady",
    questions_per_kind: int | None = None,
) -> CorpusInfo:
    """Generate `days` days of first-person footage with exact truth and questions into folder `out`.

    The seed draws the world (people, voices, faces, places, objects, signs, start date; see `world.py`);
    `start_date` overrides only the date. `motion="continuous"` moves the camera in every frame.
    `questions_per_kind` caps the questions per category and split (dev / heldout phrasings); the default
    grows with the footage."""
    out = Path(out)
    if out.exists() and any(out.iterdir()) and not overwrite:
        raise FileExistsError(f"{out} is not empty (pass overwrite=True / --force to replace a corpus there)")
    if fps < 1:
        raise ValueError("fps must be ≥ 1")
    if motion not in MOTIONS:
        raise ValueError(f"motion must be one of {', '.join(MOTIONS)}")
    report = progress or (lambda phase, done, total: None)
    seconds: dict[str, float] = {}
    started = time.perf_counter()

    speech = SpeechCache()
    world = draw_world(seed, start_date)
    check_voices(speech, world.people)
    report("plan", 0, 1)
    truth, plans = Scheduler(seed, speech, world=world).plan(days, minutes_per_day)
    truth.seed = seed
    truth.motion = motion
    seconds["plan_and_speech"] = time.perf_counter() - started
    report("plan", 1, 1)

    mark = time.perf_counter()
    (out / "videos").mkdir(parents=True, exist_ok=True)
    for stale in (out / "videos").glob("*.mp4"):
        stale.unlink()
    workers = workers or max(1, min(len(plans), os.cpu_count() or 1, 4))
    # one encoder thread per file, whatever the worker count: x264's output depends on its thread count
    jobs = [(p, out / p.file, speech.clips([(v, t) for _, v, t in p.speech]), fps, 1, motion)
            for p in plans]
    report("video", 0, len(jobs))
    if workers == 1:
        for i, job in enumerate(jobs, 1):
            _render(job)
            report("video", i, len(jobs))
    else:
        # not "fork": a process that has ingested holds native thread pools (CTranslate2's Whisper, LanceDB's
        # runtime); a forked worker that frees a copy of one waits forever for threads it does not have
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver")) as pool:
            for i, _ in enumerate(pool.map(_render, jobs), 1):
                report("video", i, len(jobs))
    seconds["video"] = time.perf_counter() - mark

    mark = time.perf_counter()
    questions, rejected = generate(truth, seed, per_kind=questions_per_kind)
    seconds["questions"] = time.perf_counter() - mark
    (out / "truth.json").write_text(json.dumps(truth.to_json(), indent=1, ensure_ascii=False) + "\n")
    with open(out / "questions.jsonl", "w") as handle:
        for question in questions:
            handle.write(json.dumps(to_record(truth, question), ensure_ascii=False) + "\n")
    manifest = {"videos": [{"file": v.file, "start_at": iso(v.start_at)} for v in truth.videos]}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    seconds["total"] = time.perf_counter() - started
    return CorpusInfo(
        path=out, days=days, minutes_per_day=minutes_per_day, seed=seed,
        videos=[v.file for v in truth.videos], duration_s=round(sum(v.duration for v in truth.videos), 3),
        utterances=len(truth.utterances), speakers=sorted({u.value for u in truth.utterances}),
        questions=dict(Counter(q.category for q in questions)), rejected_questions=rejected,
        seconds={k: round(v, 2) for k, v in seconds.items()},
        questions_by_split={split: dict(Counter(q.category for q in questions if q.split == split))
                            for split in SPLITS},
        world={"heldout_seed": world.heldout, "wording": world.wording, "start_date": world.start_date.isoformat(),
               "weekday": f"{world.start_date:%A}", "people": {p.id: [p.name, p.voice, p.face] for p in world.people},
               "places": {name: world.looks[name] for name in world.places}, "objects": list(world.objects)},
    )


