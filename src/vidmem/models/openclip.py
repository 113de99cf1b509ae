"""The `full` profile's frame vectors: OpenCLIP / SigLIP image–text embeddings, so a text query is
compared with the pixels directly instead of with a description of them.

Weights come from a local file or folder only (VIDMEM_OPENCLIP_MODEL, e.g. "ViT-B-32", and
VIDMEM_OPENCLIP_WEIGHTS, a .bin/.safetensors path or "hf-hub:…" already in the local cache); nothing
is downloaded. `open_clip` is imported lazily: it needs torchvision, which the lite install lacks.
Preprocessing is done here with PIL/numpy (resize shorter side, centre crop, the model's mean/std),
so the adapter's own code runs with any module exposing `encode_image` / `encode_text`.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from vidmem.models.weights import WeightsMissing

OPENAI_MEAN = (0.48145466, 0.4578275, 0.40821073)
OPENAI_STD = (0.26862954, 0.26130258, 0.27577711)
OPENCLIP_INSTALL = "pip install open_clip_torch torchvision (matching your torch)"


def configured() -> tuple[bool, str]:
    model = os.environ.get("VIDMEM_OPENCLIP_MODEL")
    weights = os.environ.get("VIDMEM_OPENCLIP_WEIGHTS")
    if not model or not weights:
        return False, "set VIDMEM_OPENCLIP_MODEL (e.g. ViT-B-32) and VIDMEM_OPENCLIP_WEIGHTS (a local file)"
    if importlib.util.find_spec("open_clip") is None:
        return False, f"open_clip is not installed: {OPENCLIP_INSTALL}"
    if not weights.startswith("hf-hub:") and not Path(weights).exists():
        return False, f"weights not found: {weights}"
    return True, f"{model} from {weights}"


def preprocess(rgb: np.ndarray, size: int, mean: Sequence[float] = OPENAI_MEAN,
               std: Sequence[float] = OPENAI_STD) -> np.ndarray:
    """(3, size, size) float32: shorter side to `size` (bicubic), centre crop, normalise."""
    image = Image.fromarray(np.ascontiguousarray(rgb[..., :3]))
    scale = size / min(image.size)
    image = image.resize((max(size, round(image.width * scale)), max(size, round(image.height * scale))),
                         Image.Resampling.BICUBIC)
    left, top = (image.width - size) // 2, (image.height - size) // 2
    image = image.crop((left, top, left + size, top + size))
    x = np.asarray(image, dtype=np.float32) / 255.0
    x = (x - np.asarray(mean, dtype=np.float32)) / np.asarray(std, dtype=np.float32)
    return x.transpose(2, 0, 1)


def _normalise(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-6)


class OpenClipEmbedder:
    """ImageEmbedder: `embed_images` and `embed_texts` → L2-normalised float32 in one shared space."""

    def __init__(self, model: Any, tokenizer: Callable[[list[str]], Any], *, image_size: int,
                 mean: Sequence[float] = OPENAI_MEAN, std: Sequence[float] = OPENAI_STD,
                 dim: int | None = None) -> None:
        import torch

        self._torch: Any = torch
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.image_size = image_size
        self.mean, self.std = tuple(mean), tuple(std)
        self.dim = dim or int(self.embed_texts(["a"]).shape[1])

    @classmethod
    def from_local(cls, model_name: str | None = None, weights: str | None = None,
                   device: str = "cpu") -> OpenClipEmbedder:
        """Build from open_clip with local weights only (raises WeightsMissing with what to do)."""
        model_name = model_name or os.environ.get("VIDMEM_OPENCLIP_MODEL")
        weights = weights or os.environ.get("VIDMEM_OPENCLIP_WEIGHTS")
        if not model_name or not weights:
            raise WeightsMissing(configured()[1])
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            import open_clip
        except ImportError as exc:
            raise WeightsMissing(f"open_clip cannot be imported ({exc}): {OPENCLIP_INSTALL}") from exc
        if not weights.startswith("hf-hub:") and not Path(weights).exists():
            raise WeightsMissing(f"OpenCLIP weights not found: {weights}")
        model, _, _ = open_clip.create_model_and_transforms(model_name, pretrained=weights, device=device)
        tokenizer = open_clip.get_tokenizer(model_name)
        cfg = getattr(model.visual, "preprocess_cfg", {}) or {}
        size = cfg.get("size", getattr(model.visual, "image_size", 224))
        size = size[0] if isinstance(size, list | tuple) else size
        return cls(model, tokenizer, image_size=int(size), mean=cfg.get("mean", OPENAI_MEAN),
                   std=cfg.get("std", OPENAI_STD))

    def embed_images(self, images: Sequence[np.ndarray], batch_size: int = 32) -> np.ndarray:
        torch = self._torch
        out = []
        for start in range(0, len(images), batch_size):
            batch = np.stack([preprocess(im, self.image_size, self.mean, self.std)
                              for im in images[start : start + batch_size]])
            with torch.inference_mode():
                out.append(self.model.encode_image(torch.from_numpy(batch)).float().numpy())
        return _normalise(np.concatenate(out)) if out else np.zeros((0, self.dim), dtype=np.float32)

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        torch = self._torch
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with torch.inference_mode():
            return _normalise(self.model.encode_text(self.tokenizer(list(texts))).float().numpy())
