"""On-screen text: rapidocr (PP-OCRv4 det + rec on onnxruntime, models inside the wheel), plus a
cheap text-region check that decides whether the slow reader (~0.5–1 s a frame) is worth running.
"""

from __future__ import annotations

import importlib.util
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vidmem.models.ocr_words import tidy
from vidmem.models.weights import WeightsMissing

OCR_INSTALL = "pip install rapidocr-onnxruntime==1.4.4"
_MODEL_FILES = ("ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx", "ch_ppocr_mobile_v2.0_cls_infer.onnx")


def model_folder() -> Path:
    spec = importlib.util.find_spec("rapidocr_onnxruntime")
    if spec is None or not spec.submodule_search_locations:
        raise WeightsMissing(f"rapidocr is not installed: {OCR_INSTALL}")
    folder = Path(next(iter(spec.submodule_search_locations))) / "models"
    missing = [name for name in _MODEL_FILES if not (folder / name).is_file()]
    if missing:
        raise WeightsMissing(f"rapidocr model files are missing ({', '.join(missing)}): reinstall: {OCR_INSTALL}")
    return folder


def weights_present() -> tuple[bool, str]:
    try:
        return True, f"PP-OCRv4 (rapidocr) in {model_folder()}"
    except WeightsMissing as exc:
        return False, str(exc)


Region = tuple[int, int, int, int]  # left, top, right, bottom, in the frame scaled to `side`
# a blob whose centre lies within this many pixels (of `side`) of an earlier blob is that blob again: a panning or
# shaking camera moves blobs a little, and a textured photo's blobs come and go where they were
NEW_REGION_REACH = 16
# … and one narrower than this (of `side`) is no sign's line of words: a photo's texture flickers in small blobs
# (20–28 px on the test footage's cat and coffee), a sign's words close into lines (86 and 259 px on the dev
# world's "TICKETS HERE")
NEW_REGION_MIN_WIDTH = 40


def text_regions(rgb: np.ndarray, side: int = 480) -> list[Region]:
    """Where a frame has word-like blobs: a few ms, no model.

    Text is rows of high-contrast strokes: a morphological gradient, binarised and closed along the
    row, leaves one wide, short blob per word or line (also inside a sign's frame, hence RETR_LIST).
    Plain, dark or blurred frames leave none. It is a coarse gate: detailed photos pass it too, so
    the stage also reads each scene's text only once (see ingest/stages/vision.py).
    """
    grey = cv2.cvtColor(np.ascontiguousarray(rgb[..., :3]), cv2.COLOR_RGB2GRAY)
    h, w = grey.shape
    scale = side / max(h, w)
    if scale < 1:
        grey = cv2.resize(grey, (int(w * scale), int(h * scale)), interpolation=cv2.INTER_AREA)
    gradient = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    _, binary = cv2.threshold(gradient, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    if binary.mean() > 0.35 * 255:  # busy texture everywhere: Otsu split noise, not strokes
        return []
    closed = cv2.morphologyEx(binary, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (9, 1)))
    contours, _ = cv2.findContours(closed, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    out: list[Region] = []
    for contour in contours:
        x, y, bw, bh = cv2.boundingRect(contour)
        if not (8 <= bh <= 80 and bw >= 1.5 * bh and bw >= 20):
            continue
        fill = float(cv2.countNonZero(binary[y : y + bh, x : x + bw])) / (bw * bh)
        if 0.1 <= fill <= 0.9:
            out.append((x, y, x + bw, y + bh))
    return out


def text_region_count(rgb: np.ndarray, side: int = 480) -> int:
    """How many word-like blobs a frame has (`text_regions`)."""
    return len(text_regions(rgb, side))


def new_regions(regions: list[Region], before: list[Region]) -> int:
    """How many of a frame's word-like blobs, as wide as a line of words (`NEW_REGION_MIN_WIDTH`), are where no
    blob of an earlier frame was (`NEW_REGION_REACH`): a sign coming into view adds blobs in new places, even
    where the frame's blob count falls (its Otsu threshold moves, and a textured photo's blobs go)."""
    reach = NEW_REGION_REACH

    def near(r: Region, b: Region) -> bool:
        x, y = (r[0] + r[2]) / 2, (r[1] + r[3]) / 2
        return b[0] - reach <= x <= b[2] + reach and b[1] - reach <= y <= b[3] + reach
    return sum(1 for r in regions if r[2] - r[0] >= NEW_REGION_MIN_WIDTH and not any(near(r, b) for b in before))


@dataclass(frozen=True)
class TextBox:
    text: str
    score: float
    box: tuple[int, int, int, int]  # left, top, right, bottom


class RapidOcrReader:
    def __init__(self, *, min_score: float = 0.7, max_side: int = 640, threads: int | None = None) -> None:
        model_folder()
        from rapidocr_onnxruntime import RapidOCR

        # the default scales the short side *up* to 736 px: 4-5x slower on video frames, no better on signs
        kwargs: dict[str, Any] = {"det_limit_side_len": max_side, "det_limit_type": "max"}
        if threads:
            kwargs["intra_op_num_threads"] = threads
        self._engine: Any = RapidOCR(**kwargs)
        self.min_score = min_score
        self._lock = threading.Lock()

    def read(self, rgb: np.ndarray) -> list[TextBox]:
        # rapidocr expects OpenCV's BGR order
        bgr = np.ascontiguousarray(rgb[..., :3][..., ::-1])
        with self._lock:
            result, _ = self._engine(bgr)
        boxes = []
        for points, text, score in result or []:
            if float(score) < self.min_score or not str(text).strip():
                continue
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            boxes.append(TextBox(tidy(str(text).strip()), float(score), (int(min(xs)), int(min(ys)), int(max(xs)),
                                                                    int(max(ys)))))
        if all(len(b.text) < 2 for b in boxes):
            return []  # a lone glyph is far more often a texture than text
        boxes.sort(key=lambda b: (b.box[1] // 20, b.box[0]))  # reading order: rows, then left to right
        return boxes
