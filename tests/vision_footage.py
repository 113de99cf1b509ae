"""Test footage from real photos (scikit-image, scikit-learn, matplotlib samples) at known times."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av
import matplotlib
import numpy as np
from PIL import Image, ImageDraw, ImageFont
from skimage import data

SIZE = (640, 480)
_SKIMAGE_DATA = Path(data.__file__).parent


def photo(name: str) -> np.ndarray:
    if name == "cat":
        return data.chelsea()
    if name == "coffee":
        return data.coffee()
    if name == "astronaut":
        return data.astronaut()
    if name == "motorcycle":
        return np.asarray(Image.open(_SKIMAGE_DATA / "motorcycle_left.png").convert("RGB"))
    if name == "grace_hopper":
        return np.asarray(Image.open(Path(matplotlib.get_data_path()) / "sample_data" / "grace_hopper.jpg"))
    if name == "astronaut_mirrored":  # same person, another shot: mirrored and zoomed out
        image = Image.fromarray(data.astronaut()[:, ::-1]).resize((384, 384))
        canvas = Image.new("RGB", (512, 512), (90, 90, 100))
        canvas.paste(image, (64, 100))
        return np.asarray(canvas)
    if name == "rocket":
        return data.rocket()
    raise KeyError(name)


def sign(text: str) -> np.ndarray:
    """A blue station sign with white lettering on a grey wall, drawn with matplotlib's DejaVu Sans."""
    font_path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"
    image = Image.new("RGB", SIZE, (150, 150, 145))
    draw = ImageDraw.Draw(image)
    draw.rectangle((60, 170, 580, 290), fill=(25, 60, 150))
    draw.text((90, 200), text, font=ImageFont.truetype(str(font_path), 52), fill=(255, 255, 255))
    return np.asarray(image)


def frame_at(image: np.ndarray, second: float) -> np.ndarray:
    """The photo, aspect kept, on a dark frame, panning slowly (2 px a second) so frames differ a little."""
    w, h = SIZE
    src = Image.fromarray(image)
    scale = min((w + 40) / src.width, (h + 40) / src.height)
    src = src.resize((round(src.width * scale), round(src.height * scale)))
    canvas = Image.new("RGB", (w + 40, h + 40), (20, 20, 24))
    canvas.paste(src, ((w + 40 - src.width) // 2, (h + 40 - src.height) // 2))
    dx = int(second * 2) % 40
    return np.asarray(canvas.crop((dx, 20, dx + w, 20 + h)))


@dataclass(frozen=True)
class Shot:
    what: str  # a photo name, or "sign:TEXT"
    t0: float  # offset in the file, seconds
    t1: float


def write_footage(path: Path, shots: list[Shot], fps: int = 2) -> Path:
    duration = max(s.t1 for s in shots)
    images = {s.what: (sign(s.what[5:]) if s.what.startswith("sign:") else photo(s.what)) for s in shots}
    with av.open(str(path), mode="w") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height = SIZE
        stream.pix_fmt = "yuv420p"
        stream.codec_context.time_base = Fraction(1, fps)
        for i in range(int(duration * fps)):
            t = i / fps
            shot = next(s for s in shots if s.t0 <= t < s.t1)
            frame = av.VideoFrame.from_ndarray(frame_at(images[shot.what], t), format="rgb24")
            frame.pts = i
            frame.time_base = Fraction(1, fps)
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return path
