"""What the levels read from a Library: frames with their description vectors, and who said what when.

`LevelEnv` loads a scope's frames once (catalog rows; vectors from the LanceDB `frames` table when the
vision stage wrote them, else MiniLM over the descriptions, each distinct description embedded once) and
caches whatever a level derives from them (chunks, events), timing that one-off work apart from the
per-question work. In the full profile it also reads the frames' image vectors (`frames_clip`, OpenCLIP)
for L1, with the same image–text model's text encoder for the query.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from vidmem.levels.base import Scope
from vidmem.models.protocols import ChatModel, ImageEmbedder, TextEmbedder
from vidmem.store.frame_index import CLIP_TABLE
from vidmem.store.speech import SpeechStore

T = TypeVar("T")
FRAME_VECTORS_TABLE = "frames"


@dataclass
class FrameTable:
    """A scope's frames sorted by (video, time); row i of every array is the same frame."""

    ids: np.ndarray  # frames.id
    idxs: np.ndarray  # frame number within its video
    video_ids: np.ndarray
    t: np.ndarray  # absolute seconds
    offsets: np.ndarray  # seconds into the file
    descriptions: list[str]
    thumbnails: list[str]
    vectors: np.ndarray  # (n, d), L2-normalised

    def __len__(self) -> int:
        return len(self.ids)

    def video_rows(self) -> dict[int, np.ndarray]:
        """Row indices of each video's frames, in time order."""
        out: dict[int, np.ndarray] = {}
        for video_id in dict.fromkeys(self.video_ids.tolist()):
            out[int(video_id)] = np.flatnonzero(self.video_ids == video_id)
        return out


@dataclass(frozen=True)
class Said:
    t0: float
    t1: float
    speaker: str
    text: str


def normalise(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return (vectors / np.maximum(norms, 1e-9)).astype(np.float32)


def evenly(rows: Sequence[int] | np.ndarray, k: int) -> list[int]:
    """k rows spread evenly over `rows` (all of them when there are fewer)."""
    rows = list(rows)
    if k <= 0 or not rows:
        return []
    if len(rows) <= k:
        return rows
    picks = np.linspace(0, len(rows) - 1, k).round().astype(int)
    return [rows[i] for i in dict.fromkeys(picks.tolist())]


class LevelEnv:
    """Shared by all levels of one evaluation run over one Library."""

    def __init__(
        self,
        library: Any,  # vidmem.library.Library (typed loosely: levels must not import the agent's Library API)
        embedder: TextEmbedder,
        *,
        chat: ChatModel | None = None,
        transcripts: bool = True,
        image_embedder: ImageEmbedder | None = None,
    ) -> None:
        """`image_embedder`: the image–text model whose vectors fill `frames_clip`; by default the full
        profile's configured OpenCLIP, loaded on first use when the Library has that table."""
        self.library = library
        self.embedder = embedder
        self._image_embedder = image_embedder
        self.chat = chat
        self.transcripts = transcripts
        self._cache: dict[Any, Any] = {}
        self._speech = SpeechStore(library.catalog)
        self._durations = {v.id: v.duration for v in library.catalog.videos()}
        self._starts = {v.id: v.start_at for v in library.catalog.videos()}

    # --- cached one-off work -------------------------------------------------------------------

    def cached(self, key: Any, factory: Callable[[], T]) -> tuple[T, float]:
        """(value, seconds spent building it now: 0 when it was cached)."""
        if key in self._cache:
            return self._cache[key], 0.0
        started = time.perf_counter()
        value = factory()
        self._cache[key] = value
        return value, time.perf_counter() - started

    def frames(self, scope: Scope) -> tuple[FrameTable, float]:
        return self.cached(("frames", scope.video_ids), lambda: self._load_frames(scope.video_ids))

    def image_vectors(self, scope: Scope) -> tuple[np.ndarray | None, ImageEmbedder | None, str]:
        """The scope's frames' image vectors (rows as in `frames`) and the model to embed a query with, or
        (None, None, why not) when the Library has no usable `frames_clip` table or no image–text model."""
        if not self.library.vectors.has_table(CLIP_TABLE):
            return None, None, "no frames_clip table: lite profile"
        embedder = self.image_embedder()
        if embedder is None:
            return None, None, "frames_clip present, but no OpenCLIP model is configured here"
        table = self.frames(scope)[0]
        vectors, _ = self.cached(("image vectors", scope.video_ids), lambda: self._stored_vectors(
            scope.video_ids, table.video_ids.tolist(), table.idxs.tolist(), CLIP_TABLE, embedder.dim))
        if vectors is None:
            return None, None, "frames_clip does not cover these videos (or has another dimension)"
        return normalise(vectors), embedder, "OpenCLIP image vectors (frames_clip)"

    def image_embedder(self) -> ImageEmbedder | None:
        if self._image_embedder is None and "image embedder" not in self._cache:
            from vidmem.ingest.stages.vision import image_embedder_for

            self._cache["image embedder"] = image_embedder_for(self.library.settings)
        return self._image_embedder or self._cache.get("image embedder")

    def embed_query(self, text: str) -> np.ndarray:
        return self.embedder.embed([text])[0]

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        """Each distinct text embedded once."""
        distinct = list(dict.fromkeys(texts))
        if not distinct:
            return np.zeros((0, self.embedder.dim), dtype=np.float32)
        vectors = self.embedder.embed(distinct)
        where = {text: i for i, text in enumerate(distinct)}
        return vectors[[where[t] for t in texts]]

    def video_duration(self, video_id: int) -> float:
        return float(self._durations.get(video_id, 0.0))

    # --- speech --------------------------------------------------------------------------------

    def said(self, video_id: int) -> list[Said]:
        def load() -> list[Said]:
            names = {s.id: s.display for s in self._speech.speakers()}
            return [Said(u.t0, u.t1, names.get(u.speaker_id, "someone") if u.speaker_id else "someone", u.text)
                    for u in self._speech.utterances(video_id)]

        return self.cached(("said", video_id), load)[0]

    def speech_between(self, video_id: int, t0: float, t1: float) -> str:
        """What was said overlapping [t0, t1], as 'Name: "…"' lines joined; "" when transcripts are off."""
        if not self.transcripts:
            return ""
        lines = [f'{s.speaker}: "{s.text.strip()}"' for s in self.said(video_id) if s.t1 > t0 and s.t0 < t1]
        return " ".join(lines)

    # --- time labels ---------------------------------------------------------------------------

    def span_label(self, scope: Scope, video_id: int, t0: float, t1: float) -> str:
        """'12.0s - 15.0s' into the video for one-video questions; 'day 1, 08:15:03 - 08:15:08' for a corpus."""
        if scope.single_video:
            start = self._starts.get(video_id, 0.0)
            return f"{t0 - start:.1f}s - {t1 - start:.1f}s"
        clock = self.library.clock()
        return f"{clock.label(t0)} - {clock.clock(t1)}"

    # --- loading -------------------------------------------------------------------------------

    def _load_frames(self, video_ids: tuple[int, ...]) -> FrameTable:
        catalog = self.library.catalog
        ids, idxs, vids, ts, offsets, descriptions, thumbs = [], [], [], [], [], [], []
        for video_id in video_ids:
            frame_ids = catalog.frame_ids(video_id)
            for row in catalog.frames(video_id):
                ids.append(frame_ids[row.idx])
                idxs.append(row.idx)
                vids.append(video_id)
                ts.append(row.t)
                offsets.append(row.offset_s)
                descriptions.append(row.description or "")
                thumbs.append(row.thumbnail)
        if not ids:
            raise LookupError(f"no frames for video(s) {list(video_ids)}: ingest them first")
        vectors = self._stored_vectors(video_ids, vids, idxs, FRAME_VECTORS_TABLE, self.embedder.dim)
        if vectors is None:
            vectors = self.embed_texts([d or "nothing recognised" for d in descriptions])
        return FrameTable(np.asarray(ids), np.asarray(idxs), np.asarray(vids), np.asarray(ts, dtype=np.float64),
                          np.asarray(offsets, dtype=np.float64), descriptions, thumbs, normalise(vectors))

    def _stored_vectors(self, video_ids: tuple[int, ...], vids: list[int], idxs: list[int], name: str,
                        dim: int) -> np.ndarray | None:
        """Vectors from one of the vision stage's LanceDB tables, which hold key frames only: a near-duplicate
        frame takes its key frame's vector. None when the table is missing, incomplete or not `dim` wide."""
        vectors = self.library.vectors
        table = vectors.opened(name)
        if table is None:
            return None
        if not {"video_id", "idx", "vector"} <= set(table.schema.names):
            return None
        wanted = ", ".join(str(int(v)) for v in video_ids)
        rows = table.search().where(f"video_id IN ({wanted})").select(["video_id", "idx", "vector"]) \
            .limit(None).to_arrow().to_pylist()
        stored = {(r["video_id"], r["idx"]): np.asarray(r["vector"], dtype=np.float32) for r in rows}
        if not stored or len(next(iter(stored.values()))) != dim:
            return None  # vectors of another model: not comparable with this query encoder
        out, last, last_video = [], None, None
        for video_id, idx in zip(vids, idxs, strict=True):
            if video_id != last_video:
                last, last_video = None, video_id
            last = stored.get((video_id, idx), last)
            if last is None:
                return None  # a frame before any key frame: the table does not cover this video
            out.append(last)
        return np.stack(out)
