"""A second look at the frames a question points at: what was held or in view while a line was said.

The labels stored at ingest are the image labeller's top classes of the whole frame and of one lower square,
kept only when sure; a thing in the wearer's hands often comes out under that floor or as something else,
although the classes that name it still get a share of the probability. For the few seconds a question
points at (the anchor line), this decodes those frames again from the video file, runs the classifier on a
few crops where a head-mounted camera sees held things (whole frame, centre, lower half, lower-centre
square), and gives each asked thing the probability mass of the classes whose names resemble it (MiniLM
cosine ≥ `label_floor`, its `look_classes` nearest at most): "coffee cup" gathers "coffee mug", "cup" and
"espresso"; "clock" gathers "wall clock", "analog clock" and "digital clock".

A mass means little alone: a backdrop can lend a class its share everywhere (a drawn street is "digital
clock" to this classifier in every frame). So each thing's mass is also measured on frames spread over the
whole Library (`look_background_frames`), and the look reports the *lift*, here over there: a thing clearly
in view now gets several times its usual share. The background's probabilities are kept in the user cache
under the Library's files' hashes, so they are computed once per set of recordings. The classifier is
loaded on the first look only, the class names' vectors are kept in the user cache too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vidmem.agent.config import DEFAULT, AgentConfig

LOOK_VERSION = 1  # part of the background's cache key: bump when the crops or the decoding change

Embed = Callable[[Sequence[str]], np.ndarray]  # texts → unit vectors (the Library's text embedder)
Span = tuple[int, float, float]  # video id, absolute start, absolute end
ANALYSIS_SIDE = 640  # as the vision stage decodes: held things need more pixels than a thumbnail

# crops as (top, bottom, left, right) shares of the frame: where the wearer's hands hold things on any
# head-mounted camera (lower and centre), and the whole view for things set down or held up
_CROPS = ((0.0, 1.0, 0.0, 1.0), (0.25, 0.75, 0.25, 0.75), (0.5, 1.0, 0.0, 1.0))


@dataclass(frozen=True)
class Recording:
    """A video file the look may decode: where it is, its absolute start, its length and its content hash."""

    path: Path
    start: float
    duration: float
    sha256: str


@dataclass(frozen=True)
class Sight:
    """What a second look found: each thing's likeness mass in the frames (mean over frames of the best
    crop) and its lift (that mass over its mass on frames across the Library), or None with the reason
    nothing was looked at."""

    mass: np.ndarray | None
    lift: np.ndarray | None = None
    frames: int = 0
    note: str = ""


def crops(rgb: np.ndarray) -> list[np.ndarray]:
    """The whole frame, its centre, its lower half and the lower-centre square (side = half the height)."""
    h, w = rgb.shape[:2]
    return [*(rgb[int(t * h):int(b * h), int(lft * w):int(r * w)] for t, b, lft, r in _CROPS), near_square(rgb)]


def near_square(rgb: np.ndarray) -> np.ndarray:
    """The lower-centre square (side = half the height): a thing held up to a head-mounted camera."""
    h, w = rgb.shape[:2]
    side = min(w, h // 2)
    left = (w - side) // 2
    return rgb[h - side:, left:left + side]


def merged(spans: Sequence[Span], gap_s: float) -> list[Span]:
    """Spans of one video closer than `gap_s` joined (one decode each instead of one a hit)."""
    out: list[Span] = []
    for video_id, t0, t1 in sorted(spans):
        if out and out[-1][0] == video_id and t0 - out[-1][2] <= gap_s:
            out[-1] = (video_id, out[-1][1], max(out[-1][2], t1))
        else:
            out.append((video_id, t0, t1))
    return out


def shared_labeler() -> Any:
    """EfficientNet-Lite0, loaded once per process (the ingest's model; one thread, as the vision stage)."""
    from vidmem.models.imagenet import EfficientNetLabeler
    from vidmem.runtime import current

    return current().get("imagenet:efficientnet-lite0:1", lambda: EfficientNetLabeler(threads=1))


_CLASS_ROWS: dict[str, np.ndarray] = {}  # the class names' vectors, once a process per embedder id


_BACKGROUNDS: dict[str, np.ndarray] = {}  # the Library's background probabilities, once a process per key


class FrameLook:
    """things × spans → `Sight`: each thing's likeness mass in those seconds' frames, decoded again, and its
    lift over the Library's background."""

    def __init__(self, videos: Mapping[int, Recording], embed: Embed, config: AgentConfig = DEFAULT, *,
                 embedder_id: str | None = None, labeler: Callable[[], Any] = shared_labeler) -> None:
        """`videos`: video id → its recording. `embedder_id` names `embed` (the model): with it the class
        names' vectors are kept in the user cache and in the process."""
        self.videos = dict(videos)
        self.embed = embed
        self.config = config
        self.embedder_id = embedder_id
        self.labeler = labeler
        self._rows: np.ndarray | None = None
        self._views: dict[tuple[Span, ...], np.ndarray | None] = {}

    def class_rows(self) -> np.ndarray:
        """The 1000 ImageNet class names' vectors."""
        from vidmem.models.imagenet import class_names

        if self._rows is None and self.embedder_id is not None:
            if self.embedder_id not in _CLASS_ROWS:
                from vidmem.models.embedding_cache import cached_rows

                _CLASS_ROWS[self.embedder_id] = cached_rows(self.embedder_id, class_names(),
                                                            lambda texts: np.asarray(self.embed(texts)))
            self._rows = _CLASS_ROWS[self.embedder_id]
        if self._rows is None:
            self._rows = np.asarray(self.embed(list(class_names())), dtype=np.float32)
        return self._rows

    def classes_like(self, things: Sequence[str]) -> np.ndarray:
        """things × 1000: 1 where an ImageNet class's name resembles the thing (at most its `look_classes`
        nearest, so a word many classes resemble — "dog", 118 breeds — gathers no more than a narrow one)."""
        cos = np.asarray(self.embed(list(things)), dtype=np.float32) @ self.class_rows().T
        out = np.zeros_like(cos)
        for i, row in enumerate(cos):
            nearest = np.argsort(-row)[: self.config.look_classes]
            keep = nearest[row[nearest] >= self.config.label_floor]
            out[i, keep] = 1.0
        return out

    def near_views(self, spans: Sequence[Span]) -> np.ndarray | None:
        """How the lower-centre square (where held things are) looks in those seconds' frames: frames × the
        image feature, unit rows; None when no frame could be read. Kept per spans in the process: the same
        named moments are compared with many questions' moments."""
        key = tuple(sorted((v, round(a, 1), round(b, 1)) for v, a, b in spans))
        if key not in self._views:
            frames, _ = self.frames(spans, pad_s=0.0)
            views = None
            if frames:
                from vidmem.models.weights import WeightsMissing

                try:
                    views = np.stack([a.feature for a in self.labeler().analyze([near_square(f) for f in frames])])
                except WeightsMissing:
                    return None
            self._views[key] = views
        return self._views[key]

    def frames(self, spans: Sequence[Span], pad_s: float | None = None) -> tuple[list[np.ndarray], list[str]]:
        """At most `look_frames` frames sampled over the spans (1 a second, `pad_s` either side: `look_pad_s`
        unless given), decoded from the files; and what could not be read, said plainly."""
        from vidmem.media import MediaError, iter_frames

        pad = self.config.look_pad_s if pad_s is None else pad_s
        out: list[np.ndarray] = []
        problems: list[str] = []
        for video_id, t0, t1 in merged(spans, 2 * pad):
            if video_id not in self.videos:
                problems.append(f"video {video_id} has no picture in this Library")
                continue
            path, start = self.videos[video_id].path, self.videos[video_id].start
            if not path.is_file():
                problems.append(f"{path} is no longer there")
                continue
            begin = max(0.0, float(int(t0 - start - pad)))
            try:
                out += [f.rgb for f in iter_frames(path, fps=1.0, max_side=ANALYSIS_SIDE, start_s=begin,
                                                   end_s=max(t1 - start + pad, begin + 0.5))]
            except (MediaError, OSError) as exc:
                problems.append(f"{path} could not be decoded ({exc})")
        if len(out) > self.config.look_frames:
            keep = np.linspace(0, len(out) - 1, self.config.look_frames).round().astype(int)
            out = [out[i] for i in keep]
        return out, problems

    def background(self) -> tuple[np.ndarray | None, str]:
        """frames × crops × 1000 class probabilities of `look_background_frames` frames spread evenly over the
        Library's recording time (cached under the recordings' hashes); None and why when none could be read."""
        from vidmem.media import MediaError, iter_frames

        readable = sorted((r for r in self.videos.values() if r.duration > 0), key=lambda r: r.start)
        n = self.config.look_background_frames
        key = "|".join([f"look{LOOK_VERSION}", str(n), str(ANALYSIS_SIDE), *(r.sha256 for r in readable)])
        if key in _BACKGROUNDS:
            return _BACKGROUNDS[key], ""
        path = _background_path(key)
        try:
            probs = np.load(path, allow_pickle=False)
            _BACKGROUNDS[key] = probs
            return probs, ""
        except (OSError, ValueError):
            pass
        total = sum(r.duration for r in readable)
        frames: list[np.ndarray] = []
        missing: list[str] = []
        # the middles of n equal shares of all recorded time, each read in the file that holds it
        for t in (np.arange(n) + 0.5) * total / max(n, 1):
            for r in readable:
                if t >= r.duration:
                    t -= r.duration
                    continue
                try:
                    frames += [f.rgb for f in iter_frames(r.path, fps=1.0, max_side=ANALYSIS_SIDE,
                                                          start_s=float(int(t)), end_s=int(t) + 0.5)][:1]
                except (MediaError, OSError) as exc:
                    missing.append(f"{r.path} ({exc})")
                break
        if not frames:
            return None, "no frame of the Library could be read for comparison" + (
                f": {'; '.join(missing[:2])}" if missing else "")
        probs = self._probabilities(frames)
        _BACKGROUNDS[key] = probs
        if not missing:  # a partial background is used, not kept: the files may come back
            _save(path, probs)
        return probs, ""

    def _probabilities(self, frames: Sequence[np.ndarray]) -> np.ndarray:
        """frames × crops × 1000."""
        per = len(crops(frames[0]))
        return self.labeler().probabilities([c for f in frames for c in crops(f)]).reshape(len(frames), per, -1)

    def __call__(self, things: Sequence[str], spans: Sequence[Span]) -> Sight:
        from vidmem.models.weights import WeightsMissing

        if not things or not spans:
            return Sight(None, note="nothing to look for" if not things else "no moment to look at")
        alike = self.classes_like(things)
        if not alike.any():
            return Sight(None, note="no image class resembles any option")
        frames, problems = self.frames(spans)
        if not frames:
            return Sight(None, note="; ".join(problems) or "no frames in those seconds")
        try:
            here = self._probabilities(frames)
            there, why = self.background()
        except WeightsMissing as exc:
            return Sight(None, note=f"the image classifier is missing: {exc}")
        if there is None:
            return Sight(None, note=why)
        mass = likeness(here, alike)
        usual = likeness(there, alike)
        eps = self.config.look_eps
        return Sight(mass, (mass + eps) / (usual + eps), len(frames), "; ".join(problems))


def likeness(probs: np.ndarray, alike: np.ndarray) -> np.ndarray:
    """things: the mass of each thing's classes, best crop of each frame, mean over frames."""
    return np.asarray((probs @ alike.T).max(axis=1).mean(axis=0), dtype=np.float32)


def _background_path(key: str) -> Path:
    import hashlib

    from vidmem.config import cache_dir

    return cache_dir() / "look" / f"{hashlib.sha256(key.encode()).hexdigest()[:40]}.npy"


def _save(path: Path, probs: np.ndarray) -> None:
    """Kept for the next process; a cache that cannot be written is skipped."""
    import os

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.stem}.{os.getpid()}.partial")
        with open(partial, "wb") as fh:
            np.save(fh, probs.astype(np.float32), allow_pickle=False)
        os.replace(partial, path)  # readers see the whole file or none
    except OSError:
        pass
