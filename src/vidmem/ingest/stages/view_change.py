"""Same view, camera moved: a cheap test (< 1 ms, no model) for frames a moving camera repeats.

A head-mounted camera sways all the time, so consecutive frames of one view differ pixel for pixel
and the 12×12 signature calls them distinct. Here both frames are shrunk to a small, slightly blurred
colour thumbnail, the camera's shift between them is found by phase correlation (on the thumbnails'
detail, so a brightness gradient cannot pull it), and the overlapping parts are compared pixel by pixel.
A pixel counts as changed by how far it lies outside the range of the key's pixels around the same place
(3×3), so the shift's sub-pixel error and a small roll do not count at sharp edges. The view changed
when a high percentile of that change is large: a new place, a person or a sign coming into view
changes a patch of the thumbnail, a shift or small roll of the same view almost nothing.
"""

from __future__ import annotations

import cv2
import numpy as np

VIEW_SIDE = 64  # width of the compared thumbnail (px)
VIEW_BLUR = 1.0  # Gaussian sigma at VIEW_SIDE: sensor noise, compression and a small roll out, shapes in
DETAIL_BLUR = 4.0  # the shift is found on the thumbnail minus this blur of it (its detail, not its shading)
VIEW_PERCENTILE = 99.0  # of the per-pixel difference: 1 % of the thumbnail changing is a change of view
SAME_VIEW_DIFF = 0.10  # ... by this share of full scale or more (same view, moved: ≤ ~0.05 on moving footage)
MIN_OVERLAP = 0.5  # the shifted frames must still share this share of each side, else the view changed


def view_thumbnail(rgb: np.ndarray) -> np.ndarray:
    """A frame's small blurred colour thumbnail in [0, 1] (float32, width VIEW_SIDE)."""
    h, w = rgb.shape[:2]
    small = cv2.resize(np.ascontiguousarray(rgb[..., :3]), (VIEW_SIDE, max(2, round(h * VIEW_SIDE / w))),
                       interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small.astype(np.float32) / 255.0, (0, 0), VIEW_BLUR)


def _detail(thumb: np.ndarray) -> np.ndarray:
    grey = thumb.mean(axis=2, dtype=np.float32)
    return grey - cv2.GaussianBlur(grey, (0, 0), DETAIL_BLUR)


def view_difference(key: np.ndarray, frame: np.ndarray) -> float:
    """How much `frame` changed from `key` once the camera's shift is undone (0 = same view; 1 = no overlap).

    Both are `view_thumbnail`s of frames of one size."""
    if key.shape != frame.shape:
        return 1.0
    h, w = key.shape[:2]
    window = cv2.createHanningWindow((w, h), cv2.CV_32F)
    (dx, dy), _ = cv2.phaseCorrelate(_detail(key), _detail(frame), window)
    if abs(dx) > (1 - MIN_OVERLAP) * w or abs(dy) > (1 - MIN_OVERLAP) * h:
        return 1.0
    undo = np.float32([[1, 0, dx], [0, 1, dy]])  # key coordinates → frame coordinates
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    back = cv2.warpAffine(frame, undo, (w, h), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    inside = cv2.warpAffine(np.ones((h, w), np.float32), undo, (w, h), flags=flags, borderValue=0.0) > 0.999
    near = np.ones((3, 3), np.uint8)
    low, high = cv2.erode(key, near), cv2.dilate(key, near)
    change = np.maximum(np.maximum(back - high, low - back), 0.0).max(axis=2)
    return float(np.percentile(change[cv2.erode(inside.astype(np.uint8), near) > 0], VIEW_PERCENTILE))


def same_view(key: np.ndarray, frame: np.ndarray) -> bool:
    return view_difference(key, frame) < SAME_VIEW_DIFF
