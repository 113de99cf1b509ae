"""frames/: small JPEG thumbnails, one file per sampled frame, named by video and index."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import numpy as np
from PIL import Image


class Thumbnails:
    def __init__(self, root: Path, max_side: int = 320, *, read_only: bool = False) -> None:
        self.root = Path(root)
        self.max_side = max_side
        if not read_only:
            self.root.mkdir(parents=True, exist_ok=True)

    def relative(self, video_id: int, idx: int) -> str:
        return f"frames/{video_id}/{idx:06d}.jpg"

    def path(self, relative: str) -> Path:
        return self.root.parent / relative

    def write(self, video_id: int, idx: int, rgb: np.ndarray) -> str:
        """Write (or overwrite, on a resumed run) one thumbnail; returns its Library-relative path."""
        return self.write_bytes(video_id, idx, encode_thumbnail(rgb, self.max_side))

    def write_bytes(self, video_id: int, idx: int, jpeg: bytes) -> str:
        """Write an encoded thumbnail (see `encode_thumbnail`); returns its Library-relative path."""
        relative = self.relative(video_id, idx)
        target = self.path(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".tmp")
        tmp.write_bytes(jpeg)
        os.replace(tmp, target)
        return relative

    def clear_video(self, video_id: int) -> None:
        shutil.rmtree(self.root / str(video_id), ignore_errors=True)

    def load(self, relative: str) -> Image.Image:
        return Image.open(self.path(relative)).convert("RGB")


def encode_thumbnail(rgb: np.ndarray, max_side: int) -> bytes:
    """A frame as the Library's thumbnail JPEG (longest side `max_side`), made wherever the frame was decoded."""
    image = Image.fromarray(rgb)
    image.thumbnail((max_side, max_side))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=80)
    return out.getvalue()
