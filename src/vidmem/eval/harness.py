"""An evaluation end to end: ingest the dataset's videos once into a Library, plan each question's scope
and absolute time references, build the levels over that Library, run them, write the report."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from vidmem.eval.answering import Answerer, library_image_loader
from vidmem.eval.datasets import Dataset
from vidmem.eval.metrics import DEFAULT_PRICE_PER_S, duration_bucket
from vidmem.eval.runner import Progress, QuestionPlan, read_run_info, run_levels, write_run_info
from vidmem.levels import LEVEL_NAMES, LevelEnv, Scope, make_level
from vidmem.models.protocols import ChatModel, TextEmbedder

T = TypeVar("T")
MODEL_FREE_LEVELS = {"random"}


@dataclass
class IngestInfo:
    seconds: float
    video_hours: float
    videos: dict[str, int]  # dataset video key → Library video id
    failed: list[str] = field(default_factory=list)

    @property
    def seconds_per_video_hour(self) -> float:
        return self.seconds / self.video_hours if self.video_hours else 0.0


def first_per_category(items: Sequence[T], n: int | None, category: Callable[[T], str]) -> list[T]:
    """The first `n` items of each category (task type), in order: a small run that still covers every
    kind of question. None keeps all."""
    if n is None:
        return list(items)
    taken: dict[str, int] = {}
    out = []
    for item in items:
        key = category(item)
        if taken.get(key, 0) < n:
            taken[key] = taken.get(key, 0) + 1
            out.append(item)
    return out


def ingest_dataset(library: Any, dataset: Dataset, progress: Any = None) -> IngestInfo:
    """Each video once (a video already in the Library, by content hash, costs nothing)."""
    started = time.perf_counter()
    ids: dict[str, int] = {}
    failed: list[str] = []
    fresh_ids: list[int] = []
    for video in dataset.videos:
        report = library.ingest([video.path], start=video.start_at, progress=progress)
        for outcome in report.files:
            if outcome.status == "failed" or outcome.video_id is None:
                failed.append(f"{video.key}: {outcome.message}")
                continue
            ids[video.key] = outcome.video_id
            if outcome.status == "ingested":
                fresh_ids.append(outcome.video_id)
    seconds = time.perf_counter() - started
    hours = sum(library.catalog.video(v).duration for v in fresh_ids) / 3600.0
    return IngestInfo(seconds, hours, ids, failed)


def plan_questions(library: Any, dataset: Dataset, videos: dict[str, int]) -> list[QuestionPlan]:
    """Scope, absolute time references and duration bucket of each question whose videos are in the Library."""
    records = {v.id: v for v in library.catalog.videos()}
    corpus_ids = tuple(videos[v.key] for v in dataset.videos if v.key in videos)
    corpus_s = sum(records[i].duration for i in corpus_ids)
    plans = []
    for q in dataset.questions:
        if q.video is not None:
            if q.video not in videos:
                continue  # its video failed to ingest: listed in run.json
            scope = Scope((videos[q.video],))
            length = records[videos[q.video]].duration
        else:
            scope, length = Scope(corpus_ids), corpus_s
        refs = []
        for ref in q.time_refs:
            base = records[videos[ref.video]].start_at if ref.video is not None and ref.video in videos else 0.0
            refs.append((base + ref.t0, base + ref.t1))
        plans.append(QuestionPlan(q, scope, refs, q.duration or duration_bucket(length)))
    return plans


def evaluate(
    library: Any,
    dataset: Dataset,
    level_names: Sequence[str],
    out: Path,
    *,
    chat: ChatModel | None,
    embedder: TextEmbedder | None = None,
    dataset_spec: str = "",
    votes: int = 1,
    price_per_s: float = DEFAULT_PRICE_PER_S,
    transcripts: bool = True,
    vision: bool = False,
    max_tokens: int = 48,
    seed: int = 0,
    limit: int | None = None,
    per_category: int | None = None,
    progress: Progress | None = None,
    ingest_progress: Any = None,
) -> list[dict[str, Any]]:
    unknown = [n for n in level_names if n not in LEVEL_NAMES]
    if unknown:
        raise ValueError(f"unknown level(s) {', '.join(unknown)}; choose from {', '.join(LEVEL_NAMES)}")
    if chat is None and set(level_names) - MODEL_FREE_LEVELS - {"agent"}:
        raise ValueError("these levels need an answering chat model")
    info = ingest_dataset(library, dataset, ingest_progress)
    previous = read_run_info(out).get("ingest")
    ingest = {"seconds": info.seconds, "video_hours": info.video_hours,
              "seconds_per_video_hour": info.seconds_per_video_hour, "failed": info.failed}
    if previous and info.video_hours == 0:  # everything was ingested by an earlier call: keep its figures
        ingest = previous
    elif info.video_hours == 0 and info.videos:  # a Library ingested elsewhere: the stage times it recorded
        ids = list(info.videos.values())
        hours = sum(library.catalog.video(v).duration for v in ids) / 3600.0
        seconds = library.catalog.ingest_seconds(ids)
        ingest = {"seconds": seconds, "video_hours": hours,
                  "seconds_per_video_hour": seconds / hours if hours else 0.0, "failed": info.failed,
                  "source": "stage times recorded in the Library"}
    plans = first_per_category(plan_questions(library, dataset, info.videos), per_category,
                               lambda plan: plan.question.category)[:limit]
    env = None
    if any(n.startswith("L") for n in level_names):
        if embedder is None:
            from vidmem.models.text_embedding import shared_text_embedder

            embedder = shared_text_embedder()
        env = LevelEnv(library, embedder, chat=chat, transcripts=transcripts)
    levels = [make_level(n, env, library=library, chat=chat, seed=seed) for n in level_names]
    answerer = None
    if chat is not None:
        answerer = Answerer(chat, vision=vision, max_tokens=max_tokens,
                            image_loader=library_image_loader(library.root) if vision else None)
    write_run_info(out, {
        "dataset": dataset_spec or dataset.name, "kind": dataset.kind, "levels": list(level_names),
        "model": chat.name if chat else None, "profile": library.settings.profile, "price_per_s": price_per_s,
        "votes": votes, "max_tokens": max_tokens, "transcripts": transcripts,
        "vision": vision, "seed": seed,
        "questions": len(plans), "per_category": per_category, "ingest": ingest, "library": str(library.root),
    })
    return run_levels(plans, levels, answerer, out, votes=votes, progress=progress)
