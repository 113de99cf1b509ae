"""Faces: dlib's HOG detector, 5-point landmarks and the 128-d ResNet face embedding.

Weights ship in face-recognition-models; its `__init__` imports pkg_resources (gone from recent
setuptools), so the model files are located from the package folder without importing it.
Two embeddings of one person are typically < 0.6 apart (Euclidean), of two people > 0.6.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vidmem.models.weights import WeightsMissing

FACES_INSTALL = "pip install dlib-bin==20.0.1.post1 face-recognition-models==0.3.0"
LANDMARKS_FILE = "shape_predictor_5_face_landmarks.dat"
EMBEDDING_FILE = "dlib_face_recognition_resnet_model_v1.dat"
FACE_DIM = 128
SAME_PERSON_DISTANCE = 0.6  # dlib's published threshold for this model (99.38% on LFW)


def model_paths() -> tuple[Path, Path]:
    spec = importlib.util.find_spec("face_recognition_models")
    if spec is None or not spec.submodule_search_locations:
        raise WeightsMissing(f"face models are not installed: {FACES_INSTALL}")
    folder = Path(next(iter(spec.submodule_search_locations))) / "models"
    paths = (folder / LANDMARKS_FILE, folder / EMBEDDING_FILE)
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise WeightsMissing(f"face model files are missing ({', '.join(missing)}): reinstall: {FACES_INSTALL}")
    return paths


def weights_present() -> tuple[bool, str]:
    if importlib.util.find_spec("dlib") is None:
        return False, f"dlib is not installed: {FACES_INSTALL}"
    try:
        landmarks, _ = model_paths()
        return True, f"dlib HOG + ResNet face models in {landmarks.parent}"
    except WeightsMissing as exc:
        return False, str(exc)


@dataclass(frozen=True)
class Face:
    box: tuple[int, int, int, int]  # left, top, right, bottom in the analysed image's pixels
    score: float  # HOG detector confidence
    embedding: np.ndarray  # (128,) float32


class DlibFaces:
    """`detect(images)` → faces per image. `upsample` 1 finds faces down to ~40 px wide."""

    def __init__(self, *, upsample: int = 1, min_score: float = 0.0, jitters: int = 0) -> None:
        import dlib

        landmarks, embedding = model_paths()
        self._dlib: Any = dlib
        self._detector = dlib.get_frontal_face_detector()
        self._shapes = dlib.shape_predictor(str(landmarks))
        self._encoder = dlib.face_recognition_model_v1(str(embedding))
        self.upsample = upsample
        self.min_score = min_score
        self.jitters = jitters
        self._lock = threading.Lock()

    def detect(self, images: Sequence[np.ndarray]) -> list[list[Face]]:
        return [self._detect_one(np.ascontiguousarray(im[..., :3], dtype=np.uint8)) for im in images]

    def _detect_one(self, rgb: np.ndarray) -> list[Face]:
        with self._lock:
            boxes, scores, _ = self._detector.run(rgb, self.upsample, 0.0)
            faces = []
            for box, score in zip(boxes, scores, strict=True):
                if score < self.min_score:
                    continue
                shape = self._shapes(rgb, box)
                vector = np.asarray(self._encoder.compute_face_descriptor(rgb, shape, self.jitters), dtype=np.float32)
                h, w = rgb.shape[:2]
                clipped = (max(0, box.left()), max(0, box.top()), min(w, box.right()), min(h, box.bottom()))
                faces.append(Face(clipped, float(score), vector))
        return faces
