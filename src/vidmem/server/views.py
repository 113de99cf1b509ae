"""Domain objects (hits, answers, recordings) → the response models in `schemas`, with media URLs."""

from __future__ import annotations

import json
from bisect import bisect_left
from typing import Any
from urllib.parse import quote

from vidmem.library import Library
from vidmem.retrieval.types import Hit
from vidmem.server import schemas
from vidmem.timeline import Clock, format_offset, iso

VIDEO_URL = "/media/video/{}"
MEDIA_PREFIX = "/media/"  # + a Library-relative path (frames/…)


def video_url(video_id: int) -> str:
    return VIDEO_URL.format(video_id)


def media_url(relative: str | None) -> str | None:
    return MEDIA_PREFIX + quote(relative) if relative else None


class Viewer:
    """Formats moments of one Library; caches file names and evidence frames for one response."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.clock: Clock = library.clock()
        self.tz = library.settings.timezone
        self._names: dict[int, str] | None = None
        self._frames: dict[tuple[int, int], str | None] = {}

    def name(self, video_id: int) -> str | None:
        if self._names is None:
            self._names = {v.id: v.name for v in self.library.catalog.videos()}
        return self._names.get(video_id)

    def thumbnail_near(self, video_id: int, t: float) -> str | None:
        key = (video_id, round(t))
        if key not in self._frames:
            frame = self.library.catalog.frame_near(video_id, t)
            self._frames[key] = media_url(frame.thumbnail) if frame else None
        return self._frames[key]

    def thumbnails_near(self, video_id: int, times: list[float]) -> list[str | None]:
        """The nearest stored frame's thumbnail for each absolute time of one video: one read of its frames,
        so a recording's segments cost one query, not one each."""
        frames = sorted(self.library.catalog.frames(video_id), key=lambda f: f.t)
        if not frames:
            return [None] * len(times)
        ts = [f.t for f in frames]
        out = []
        for t in times:
            i = bisect_left(ts, t)
            if i == len(ts) or (i > 0 and t - ts[i - 1] <= ts[i] - t):
                i -= 1
            out.append(media_url(frames[i].thumbnail))
        return out

    def moment(self, video_id: int, t0: float, t1: float | None, offset_s: float,
               thumbnail: str | None = None) -> dict[str, Any]:
        file = self.name(video_id)
        offset = format_offset(offset_s)
        return {
            "video_id": video_id, "file": file, "day": self.clock.day(t0), "clock": self.clock.clock(t0),
            "t0": t0, "t1": t1 if t1 is not None else t0, "start": iso(t0, self.tz),
            "offset_s": round(offset_s, 2), "offset": offset,
            "label": f"day {self.clock.day(t0)} {self.clock.clock(t0)} ({file} @ {offset})",
            "thumbnail": media_url(thumbnail) if thumbnail else self.thumbnail_near(video_id, t0),
            "video_url": video_url(video_id),
        }

    def hit(self, rank: int, hit: Hit) -> schemas.Hit:
        people = hit.extra.get("people") or []
        return schemas.Hit(
            **self.moment(hit.video_id, hit.t0, hit.t1, hit.offset_s, hit.thumbnail),
            rank=rank, score=round(float(hit.score), 4), modality=hit.modality, text=hit.text,
            speaker=hit.speaker, speaker_id=hit.extra.get("speaker_id"),
            place=None if hit.extra.get("place") is None else str(hit.extra.get("place")),
            people=[str(p) for p in people], source_id=hit.source_id)

    def hits(self, hits: list[Hit]) -> list[schemas.Hit]:
        return [self.hit(i + 1, h) for i, h in enumerate(hits)]

    def answer(self, question: str, answer: Any, *, steps: bool = True) -> schemas.AnswerOut:
        citations = [
            schemas.Citation(**self.moment(c.video_id, c.time, c.t1, c.offset_s), modality=c.modality,
                             snippet=c.snippet)
            for c in answer.citations
        ]
        return schemas.AnswerOut(
            question=question, text=answer.text, choice=answer.choice, confidence=round(answer.confidence, 3),
            abstained=answer.abstained, justification=answer.justification, citations=citations,
            timings={k: round(v, 4) for k, v in answer.timings.items()},
            steps=[step(e) for e in answer.trace] if steps else [])


def step(event: Any) -> schemas.Step:
    """A trace event as a streamed step; its data made JSON-safe (hits and plans hold objects)."""
    data = json.loads(json.dumps(event.data, default=str))
    hits = data.get("hits") if isinstance(data.get("hits"), int) else None
    return schemas.Step(step=event.step, detail=event.detail, elapsed_s=event.elapsed_s, hits=hits, data=data)


def answer_text(answer: schemas.AnswerOut) -> str:
    """The answer as prose that carries its citations (the OpenAI-compatible and MCP replies)."""
    lines = [answer.text]
    if answer.justification:
        lines += ["", answer.justification]
    if answer.citations:
        lines += ["", "Sources:"]
        lines += [f"[{i}] {c.label} ({c.modality}): {c.snippet[:160]}" for i, c in enumerate(answer.citations, 1)]
    return "\n".join(lines)
