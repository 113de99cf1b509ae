"""People in a frame (whole bodies, not only faces): OpenCV's pedestrian detectors, no download.

ImageNet has no person class, and faces are too small to find once people are more than a few
metres away, so a street full of walkers used to be described as "racer, mobile home". Both
detectors here ship inside opencv-python-headless:

- `HogPeopleDetector` (the default): Dalal–Triggs HOG features with OpenCV's linear SVM trained on
  upright pedestrians (64×128 window). The frame is scaled up so a person ~85 px tall fills the
  window, and read in grey (gradients of one channel: ~40 % faster, no less accurate on our clips).
- `HaarBodyDetector`: the full-body Haar cascade; faster at the same pyramid step, no false
  alarms on our clips, but it misses more people (a frame with four walkers can come back empty).

`bench/vision.py --people` compares them on frames whose people were counted by eye; the counts and
the figures are in tests/models/test_people.py and docs/ARCHITECTURE.md. MediaPipe was not taken:
its current wheel ships no model (its tasks API loads a downloaded file), and its older pose
solution finds one person at most.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

HOG_UPSCALE = 1.5  # 640-px frames: people down to ~85 px tall fill the 128-px window
HOG_PYRAMID_STEP = 1.2  # 1.05 (OpenCV's default) finds a few more at 3× the time
HOG_MIN_SCORE = 0.0  # SVM margin; its own grouping of overlapping windows already drops most strays
HAAR_MIN_NEIGHBOURS = 3
HAAR_MIN_SIZE = (24, 48)  # width, height at the analysed resolution


@dataclass(frozen=True)
class Body:
    box: tuple[int, int, int, int]  # left, top, right, bottom in the analysed image's pixels
    score: float


def _grey(rgb: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.ascontiguousarray(rgb[..., :3]), cv2.COLOR_RGB2GRAY)


def _clip(x: float, y: float, w: float, h: float, width: int, height: int) -> tuple[int, int, int, int]:
    return (max(0, int(x)), max(0, int(y)), min(width, int(x + w)), min(height, int(y + h)))


class HogPeopleDetector:
    """`detect(images)` → the upright people found in each RGB image."""

    def __init__(self, *, upscale: float = HOG_UPSCALE, pyramid_step: float = HOG_PYRAMID_STEP,
                 min_score: float = HOG_MIN_SCORE) -> None:
        self._hog = cv2.HOGDescriptor()
        self._hog.setSVMDetector(cv2.HOGDescriptor_getDefaultPeopleDetector())
        self.upscale = upscale
        self.pyramid_step = pyramid_step
        self.min_score = min_score

    def detect(self, images: Sequence[np.ndarray]) -> list[list[Body]]:
        return [self._detect_one(im) for im in images]

    def _detect_one(self, rgb: np.ndarray) -> list[Body]:
        grey = _grey(rgb)
        height, width = grey.shape
        if self.upscale != 1.0:
            grey = cv2.resize(grey, None, fx=self.upscale, fy=self.upscale, interpolation=cv2.INTER_LINEAR)
        rects, scores = self._hog.detectMultiScale(grey, hitThreshold=0.0, winStride=(8, 8), padding=(8, 8),
                                                   scale=self.pyramid_step)
        s = self.upscale
        return [Body(_clip(x / s, y / s, w / s, h / s, width, height), float(score))
                for (x, y, w, h), score in zip(rects, np.asarray(scores).reshape(-1), strict=True)
                if score >= self.min_score]


class HaarBodyDetector:
    """The full-body Haar cascade of opencv-python-headless's data folder."""

    def __init__(self, *, min_neighbours: int = HAAR_MIN_NEIGHBOURS, pyramid_step: float = 1.1) -> None:
        self._cascade = cv2.CascadeClassifier(str(cv2.data.haarcascades) + "haarcascade_fullbody.xml")
        if self._cascade.empty():
            raise RuntimeError("opencv-python-headless lacks haarcascade_fullbody.xml: reinstall it")
        self.min_neighbours = min_neighbours
        self.pyramid_step = pyramid_step

    def detect(self, images: Sequence[np.ndarray]) -> list[list[Body]]:
        out = []
        for rgb in images:
            grey = _grey(rgb)
            height, width = grey.shape
            rects = self._cascade.detectMultiScale(grey, scaleFactor=self.pyramid_step,
                                                   minNeighbors=self.min_neighbours, minSize=HAAR_MIN_SIZE)
            out.append([Body(_clip(x, y, w, h, width, height), 1.0) for x, y, w, h in rects])
        return out
