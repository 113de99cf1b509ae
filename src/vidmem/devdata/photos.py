"""Real photos that installed packages ship: places (backgrounds), held objects and faces.

Every picture is read from a package's own data folder (no download). A face photo is cropped to
head and shoulders so a face detector finds it at video size; the same person always uses the same
photo, so face clustering has something real to recover.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image


class MissingAsset(RuntimeError):
    """A photo or font the generator needs is not installed."""


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise MissingAsset(f"package {name!r} is not installed (pip install vidmem[lite])")
    return Path(next(iter(spec.submodule_search_locations)))


def _source_path(source: str) -> Path:
    """`skimage:coffee.png`, `sklearn:flower.jpg`, `matplotlib:grace_hopper.jpg` → the file on disk."""
    package, _, name = source.partition(":")
    if package == "skimage":
        path = _package_dir("skimage") / "data" / name
    elif package == "sklearn":
        path = _package_dir("sklearn") / "datasets" / "images" / name
    elif package == "matplotlib":
        path = _package_dir("matplotlib") / "mpl-data" / "sample_data" / name
    else:
        raise MissingAsset(f"unknown photo source {source!r}")
    if not path.is_file():
        raise MissingAsset(f"photo {source!r} not found at {path}")
    return path


@cache
def load_photo(source: str) -> np.ndarray:
    """An RGB uint8 array. `skimage:lfw_subset.npy#74` is face 74 of scikit-image's LFW subset."""
    if "#" in source:
        base, _, index = source.partition("#")
        faces = np.load(_source_path(base))
        gray = (np.clip(faces[int(index)], 0.0, 1.0) * 255).astype(np.uint8)
        # 25x25 px: upscale so a detector sees a face of normal size
        image = Image.fromarray(gray).resize((200, 200), Image.Resampling.BICUBIC).convert("RGB")
        return np.asarray(image)
    with Image.open(_source_path(source)) as image:
        return np.asarray(image.convert("RGB"))


# The part of a photo that shows the thing, as (top, left, bottom, right) fractions; whole photo otherwise.
CROPS: dict[str, tuple[float, float, float, float]] = {
    "skimage:coffee.png": (0.05, 0.1, 0.95, 0.85),
    "skimage:chelsea.png": (0.0, 0.15, 1.0, 0.85),
    "skimage:motorcycle_left.png": (0.1, 0.05, 0.95, 0.95),
    "skimage:astronaut.png": (0.0, 0.22, 0.62, 0.7),
    "matplotlib:grace_hopper.jpg": (0.1, 0.12, 0.75, 0.88),
}


@cache
def picture(source: str) -> np.ndarray:
    """The picture of a place, object or face: a cropped photo, or a drawing for `drawn:…` sources."""
    if source.startswith("drawn:"):
        from vidmem.devdata.drawn import drawing

        return drawing(source)
    image = load_photo(source)
    h, w = image.shape[:2]
    top, left, bottom, right = CROPS.get(source, (0.0, 0.0, 1.0, 1.0))
    return image[int(top * h) : int(bottom * h), int(left * w) : int(right * w)]


def fit(image: np.ndarray, *, height: int | None = None, width: int | None = None) -> np.ndarray:
    """Resize keeping the aspect ratio to the given height or width."""
    h, w = image.shape[:2]
    if height is not None:
        size = (max(1, round(w * height / h)), height)
    elif width is not None:
        size = (width, max(1, round(h * width / w)))
    else:
        return image
    return np.asarray(Image.fromarray(image).resize(size, Image.Resampling.LANCZOS))


def cover(image: np.ndarray, width: int, height: int) -> np.ndarray:
    """Resize and centre-crop so the image covers width x height."""
    h, w = image.shape[:2]
    scale = max(width / w, height / h)
    resized = np.asarray(
        Image.fromarray(image).resize((max(width, round(w * scale)), max(height, round(h * scale))),
                                      Image.Resampling.LANCZOS)
    )
    rh, rw = resized.shape[:2]
    top, left = (rh - height) // 2, (rw - width) // 2
    return np.ascontiguousarray(resized[top : top + height, left : left + width])


def font_path(bold: bool = True) -> str:
    """DejaVu Sans, which matplotlib ships: a clear font OCR reads well."""
    from matplotlib import font_manager

    family = "DejaVu Sans"
    path = font_manager.findfont(
        font_manager.FontProperties(family=family, weight="bold" if bold else "normal"), fallback_to_default=False
    )
    if "DejaVu" not in Path(path).name:
        raise MissingAsset(f"{family} not found (matplotlib ships it)")
    return path
