"""Drawn pictures beside the real photos: people as head-and-shoulders figures, streets as places, and held
objects. Each `drawn:…` source is drawn from its own name, so it looks the same in every corpus.
"""

from __future__ import annotations

import random

import numpy as np
from PIL import Image, ImageDraw

from vidmem.devdata.photos import MissingAsset

RGB = tuple[int, int, int]
SKIN: tuple[RGB, ...] = ((255, 224, 196), (241, 194, 155), (224, 172, 125), (198, 134, 90), (141, 85, 54),
                         (96, 60, 38))
HAIR: tuple[RGB, ...] = ((20, 20, 20), (70, 45, 25), (140, 90, 40), (210, 180, 110), (150, 150, 150),
                         (120, 30, 20))
CLOTHES: tuple[RGB, ...] = ((40, 70, 150), (170, 40, 40), (40, 120, 70), (230, 180, 40), (90, 50, 120),
                            (60, 60, 60), (220, 110, 40), (30, 130, 140))
WALLS: tuple[RGB, ...] = ((200, 80, 60), (230, 200, 150), (120, 150, 190), (160, 180, 120), (240, 240, 230),
                          (150, 110, 90), (100, 100, 120), (220, 160, 90))


def _color(rng: random.Random, palette: tuple[RGB, ...]) -> RGB:
    return palette[rng.randrange(len(palette))]


def figure(index: int) -> np.ndarray:
    """A person from the chest up, facing the camera, on a plain backdrop (240 x 220)."""
    rng = random.Random(f"figure-{index}")
    w, h = 220, 240
    image = Image.new("RGB", (w, h), tuple(rng.randint(150, 235) for _ in range(3)))  # type: ignore[arg-type]
    draw = ImageDraw.Draw(image)
    skin, hair, shirt = _color(rng, SKIN), _color(rng, HAIR), _color(rng, CLOTHES)
    draw.ellipse([10, 175, w - 10, h + 90], fill=shirt)  # shoulders
    draw.rectangle([92, 150, 128, 190], fill=skin)  # neck
    head = [60, 40, 160, 165]
    if rng.random() < 0.5:  # long hair behind the head
        draw.rounded_rectangle([50, 35, 170, 195], radius=45, fill=hair)
    draw.ellipse(head, fill=skin)
    style = rng.randrange(3)
    if style == 0:
        draw.chord([58, 30, 162, 110], 180, 360, fill=hair)
    elif style == 1:
        draw.pieslice([55, 28, 165, 120], 190, 350, fill=hair)
    for x in (88, 132):  # eyes, brows
        draw.ellipse([x - 11, 90, x + 11, 104], fill=(250, 250, 250))
        draw.ellipse([x - 5, 92, x + 5, 102], fill=(40, 30, 20))
        draw.line([x - 13, 82, x + 13, 80 + rng.randint(-2, 2)], fill=hair, width=4)
    draw.line([110, 100, 104, 126, 114, 128], fill=tuple(max(0, c - 50) for c in skin), width=3)  # nose
    draw.arc([90, 128, 130, 150], 20, 160, fill=(150, 50, 50), width=4)  # mouth
    if rng.random() < 0.3:  # glasses
        for x in (88, 132):
            draw.ellipse([x - 16, 84, x + 16, 110], outline=(30, 30, 30), width=3)
        draw.line([104, 96, 116, 96], fill=(30, 30, 30), width=3)
    return np.asarray(image)


def street(index: int) -> np.ndarray:
    """A street front: sky, two to four buildings with windows, doors and awnings, a pavement (720 x 400)."""
    rng = random.Random(f"street-{index}")
    w, h = 720, 400
    image = Image.new("RGB", (w, h))
    draw = ImageDraw.Draw(image)
    top, bottom = np.array([rng.randint(90, 140), rng.randint(150, 190), 235]), np.array([200, 220, 240])
    for y in range(h):
        draw.line([0, y, w, y], fill=tuple(int(c) for c in top + (bottom - top) * y / h))
    x = 0
    while x < w:
        width = rng.randint(150, 280)
        roof = rng.randint(30, 150)
        wall = _color(rng, WALLS)
        draw.rectangle([x, roof, x + width, h - 60], fill=wall, outline=(60, 60, 60), width=2)
        cols, rows = max(2, width // 60), max(1, (h - 160 - roof) // 70)
        glass = (rng.randint(60, 120), rng.randint(90, 140), rng.randint(130, 190))
        for c in range(cols):
            for r in range(rows):
                wx, wy = x + 15 + c * (width - 20) // cols, roof + 20 + r * 70
                draw.rectangle([wx, wy, wx + 30, wy + 40], fill=glass, outline=(240, 240, 240), width=3)
        door = x + width // 2 - 20
        draw.rectangle([door, h - 140, door + 40, h - 60], fill=_color(rng, CLOTHES))
        if rng.random() < 0.6:  # a striped awning over the door
            stripe = _color(rng, CLOTHES)
            for i in range(8):
                draw.rectangle([door - 40 + i * 15, h - 170, door - 25 + i * 15, h - 150],
                               fill=stripe if i % 2 else (245, 245, 245))
        x += width
    draw.rectangle([0, h - 60, w, h], fill=(rng.randint(110, 150),) * 3)  # type: ignore[arg-type]
    for i in range(0, w, 60):
        draw.line([i, h - 60, i - 30, h], fill=(90, 90, 90), width=2)
    return np.asarray(image)


def _object(name: str) -> np.ndarray:
    """A held object drawn on a light card (200 x 200)."""
    image = Image.new("RGB", (200, 200), (236, 232, 224))
    draw = ImageDraw.Draw(image)
    if name == "umbrella":
        draw.pieslice([20, 30, 180, 170], 180, 360, fill=(30, 60, 160), outline=(10, 20, 60), width=3)
        for x in (50, 75, 100, 125, 150):
            draw.line([100, 35, x, 100], fill=(10, 20, 60), width=2)
        draw.line([100, 100, 100, 170], fill=(60, 40, 20), width=6)
        draw.arc([100, 155, 130, 185], 0, 180, fill=(60, 40, 20), width=6)
    elif name == "apple":
        draw.ellipse([40, 50, 165, 175], fill=(200, 25, 30), outline=(120, 10, 10), width=3)
        draw.line([102, 55, 108, 25], fill=(90, 60, 20), width=6)
        draw.ellipse([108, 25, 145, 45], fill=(50, 150, 40))
        draw.ellipse([65, 75, 85, 100], fill=(240, 120, 120))
    elif name == "book":
        draw.rectangle([45, 25, 160, 180], fill=(140, 30, 40), outline=(60, 10, 20), width=3)
        draw.rectangle([45, 25, 60, 180], fill=(100, 20, 30))
        for y in (60, 75, 90):
            draw.line([80, y, 145, y], fill=(230, 200, 120), width=4)
    elif name == "key":
        draw.ellipse([25, 70, 85, 130], outline=(190, 160, 60), width=12)
        draw.rectangle([80, 93, 180, 107], fill=(190, 160, 60))
        for x in (140, 160):
            draw.rectangle([x, 107, x + 10, 125], fill=(190, 160, 60))
    elif name == "ball":
        draw.ellipse([30, 30, 170, 170], fill=(240, 240, 240), outline=(20, 20, 20), width=3)
        draw.polygon([(100, 70), (128, 90), (118, 122), (82, 122), (72, 90)], fill=(20, 20, 20))
        for dx, dy in ((0, -1), (1, -0.3), (0.6, 0.8), (-0.6, 0.8), (-1, -0.3)):
            draw.line([100 + 32 * dx, 96 + 32 * dy, 100 + 68 * dx, 100 + 68 * dy], fill=(20, 20, 20), width=3)
    elif name == "bottle":
        draw.rectangle([70, 70, 130, 185], fill=(40, 140, 90), outline=(20, 70, 40), width=3)
        draw.polygon([(70, 70), (88, 40), (112, 40), (130, 70)], fill=(40, 140, 90))
        draw.rectangle([88, 18, 112, 42], fill=(200, 200, 200))
        draw.rectangle([70, 105, 130, 145], fill=(245, 235, 200))
    else:
        raise MissingAsset(f"no drawing for {name!r}")
    return np.asarray(image)


def drawing(source: str) -> np.ndarray:
    """`drawn:figure:3`, `drawn:street:1`, `drawn:umbrella` → an RGB array."""
    _, kind, *rest = source.split(":")
    if kind == "figure" and rest:
        return figure(int(rest[0]))
    if kind == "street" and rest:
        return street(int(rest[0]))
    return _object(kind)
