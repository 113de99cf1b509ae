"""Model-free grouping used by the vision stage: near-duplicate runs, scenes, places and people.

All of it is incremental: a new file's frames join the people and places already in the Library
(matched by centroid), or start new ones with the next free ids, so identities persist across days.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# Frame signatures (12×12 grey, centred, unit norm) of a still or slowly drifting view stay above this.
DUPLICATE_SIMILARITY = 0.97
MAX_RUN_S = 60.0  # a static view is still looked at again once a minute
# EfficientNet-Lite0 pooled features: two crops of one view score ~0.75–0.9, two unrelated photos < 0.4.
SCENE_SIMILARITY = 0.6
PLACE_SIMILARITY = 0.6
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


def split_scenes(features: Sequence[np.ndarray], times: Sequence[float], *,
                 similarity: float = SCENE_SIMILARITY, gap_s: float = SCENE_GAP_S) -> list[list[int]]:
    """Consecutive frames that look like one view (close to the running centroid) form a scene."""
    scenes: list[list[int]] = []
    total: np.ndarray | None = None
    for i, (f, t) in enumerate(zip(features, times, strict=True)):
        if total is not None and scenes:
            centroid = total / max(float(np.linalg.norm(total)), 1e-6)
            if float(np.dot(centroid, f)) >= similarity and t - times[scenes[-1][-1]] <= gap_s:
                scenes[-1].append(i)
                total = total + f
                continue
        scenes.append([i])
        total = np.array(f, dtype=np.float32)
    return scenes


@dataclass
class Cluster:
    id: int
    centroid: np.ndarray
    n: int
    new: bool = False

    def add(self, vector: np.ndarray, weight: int = 1) -> None:
        self.centroid = (self.centroid * self.n + vector * weight) / (self.n + weight)
        self.n += weight


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def assign_places(scene_centroids: Sequence[np.ndarray], scene_sizes: Sequence[int], existing: list[Cluster],
                  next_id: int, *, similarity: float = PLACE_SIMILARITY) -> list[int]:
    """Place id per scene: the most similar known place above `similarity`, else a new place.
    `existing` is updated in place (new places are appended with new=True)."""
    out = []
    for centroid, size in zip(scene_centroids, scene_sizes, strict=True):
        c = _unit(np.asarray(centroid, dtype=np.float32))
        best, best_sim = None, similarity
        for place in existing:
            sim = float(np.dot(_unit(place.centroid), c))
            if sim >= best_sim:
                best, best_sim = place, sim
        if best is None:
            best = Cluster(next_id, c, 0, new=True)
            next_id += 1
            existing.append(best)
        best.add(c, size)
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
