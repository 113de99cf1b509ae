"""Renders a planned recording: panned place photo, faces, held object and signs, plus its speech track,
muxed to H.264 + AAC mono with the absolute start in `creation_time`.

Content changes slowly (people and objects come and go within seconds), so a low frame rate keeps
encoding fast while the 1 fps sampling of ingest still sees every change.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import UTC, datetime
from fractions import Fraction
from functools import cache
from pathlib import Path

import av
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vidmem.devdata.photos import cover, fit, font_path, picture
from vidmem.devdata.schedule import FACE_HEIGHT, HEIGHT, OBJECT_BOX, WIDTH, Overlay, VideoPlan
from vidmem.devdata.speech import RATE

AUDIO_FRAME = 1024
NOISE_LEVEL = 0.002  # room tone: far below speech (peak 0.6), so silence is measurable


MOTIONS = ("steady", "continuous")
# continuous head motion: sway (px), bob (px) and roll (degrees), at incommensurate rates so no frame repeats
SWAY_PX, BOB_PX, ROLL_DEG = 20.0, 9.0, 2.5
MOTION_ZOOM = 1.2  # a little zoom hides the corners a roll would uncover


@cache
def background(source: str) -> np.ndarray:
    return cover(picture(source), WIDTH + WIDTH // 10, HEIGHT + HEIGHT // 10)


@cache
def face_image(source: str) -> np.ndarray:
    return fit(picture(source), height=FACE_HEIGHT)


@cache
def object_image(source: str) -> np.ndarray:
    image = picture(source)
    h, w = image.shape[:2]
    box = OBJECT_BOX - 6
    image = fit(image, height=box) if h >= w else fit(image, width=box)
    return np.pad(image, ((3, 3), (3, 3), (0, 0)), constant_values=235)  # a light edge, like a held print


@cache
def sign_image(text: str) -> np.ndarray:
    """Black capitals on a white board with a dark frame: easy for OCR."""
    font = ImageFont.truetype(font_path(bold=True), 40)
    left, top, right, bottom = font.getbbox(text)
    pad = 18
    board = Image.new("RGB", (right - left + 2 * pad, bottom - top + 2 * pad), (250, 250, 245))
    draw = ImageDraw.Draw(board)
    draw.rectangle([0, 0, board.width - 1, board.height - 1], outline=(30, 30, 30), width=5)
    draw.text((pad - left, pad - top), text, font=font, fill=(10, 10, 10))
    return np.asarray(board)


def overlay_image(overlay: Overlay) -> np.ndarray:
    if overlay.kind == "person":
        return face_image(overlay.key)
    if overlay.kind == "object":
        return object_image(overlay.key)
    return sign_image(overlay.key)


def _paste(frame: np.ndarray, image: np.ndarray, x: int, y: int) -> None:
    h, w = image.shape[:2]
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(frame.shape[1], x + w), min(frame.shape[0], y + h)
    if x1 > x0 and y1 > y0:
        frame[y0:y1, x0:x1] = image[y0 - y : y1 - y, x0 - x : x1 - x]


def render_frame(plan: VideoPlan, t: float, motion: str = "steady") -> np.ndarray:
    scene = next((s for s in plan.scenes if s.t0 <= t < s.t1), plan.scenes[-1])
    progress = min(1.0, max(0.0, (t - scene.t0) / max(scene.t1 - scene.t0, 1e-6)))
    # a slow pan plus a little hand shake
    x = scene.pan_from[0] + (scene.pan_to[0] - scene.pan_from[0]) * progress + 2 * math.sin(4.1 * t)
    y = scene.pan_from[1] + (scene.pan_to[1] - scene.pan_from[1]) * progress + 2 * math.sin(3.3 * t + 1)
    bg = background(plan.looks[scene.place])
    x = int(min(max(round(x), 0), bg.shape[1] - WIDTH))
    y = int(min(max(round(y), 0), bg.shape[0] - HEIGHT))
    frame = bg[y : y + HEIGHT, x : x + WIDTH].copy()
    for overlay in plan.overlays:
        if overlay.t0 <= t < overlay.t1:
            image = overlay_image(overlay)
            ox = (WIDTH - image.shape[1]) // 2 if overlay.kind == "sign" else overlay.x
            _paste(frame, image, ox, overlay.y)
    if motion == "continuous":
        return head_motion(frame, t)
    return frame


def head_motion(frame: np.ndarray, t: float) -> np.ndarray:
    """The whole view (place, people, objects, signs) moved as by a head-mounted camera at time t: sway,
    bob and roll that never stop, so no two frames are alike."""
    dx = SWAY_PX * math.sin(0.9 * t) + 6.0 * math.sin(2.7 * t + 0.4)
    dy = BOB_PX * math.sin(5.3 * t) + 4.0 * math.sin(1.3 * t + 1.1)
    angle = math.radians(ROLL_DEG * math.sin(0.7 * t + 0.3) + 0.8 * math.sin(3.1 * t))
    # output pixel (u, v) samples the input at centre + R(angle) · ((u, v) - centre) / zoom + shift
    cx, cy = WIDTH / 2, HEIGHT / 2
    cos, sin = math.cos(angle) / MOTION_ZOOM, math.sin(angle) / MOTION_ZOOM
    a, b, d, e = cos, -sin, sin, cos
    c = cx + dx - a * cx - b * cy
    f = cy + dy - d * cx - e * cy
    moved = Image.fromarray(frame).transform((WIDTH, HEIGHT), Image.Transform.AFFINE, (a, b, c, d, e, f),
                                             resample=Image.Resampling.BILINEAR)
    return np.asarray(moved)


Clips = Mapping[tuple[str, str], np.ndarray]  # (voice, text) -> 16 kHz audio


def audio_track(plan: VideoPlan, clips: Clips) -> np.ndarray:
    total = round(plan.duration * RATE)
    track = (np.random.default_rng(plan.noise_seed).standard_normal(total) * NOISE_LEVEL).astype(np.float32)
    for offset, voice, text in plan.speech:
        audio = clips[(voice, text)]
        start = round(offset * RATE)
        end = min(total, start + len(audio))
        track[start:end] += audio[: end - start]
    return np.clip(track, -1.0, 1.0)


def write_video(plan: VideoPlan, path: Path, clips: Clips, fps: int = 5, threads: int = 0,
                motion: str = "steady") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    track = audio_track(plan, clips)
    frames = round(plan.duration * fps)
    created = datetime.fromtimestamp(plan.start_at, UTC).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    with av.open(str(path), mode="w", format="mp4") as container:
        container.metadata["creation_time"] = created
        vstream = container.add_stream("libx264", rate=fps, options={"preset": "ultrafast", "crf": "26"})
        vstream.codec_context.thread_count = threads
        vstream.width, vstream.height, vstream.pix_fmt = WIDTH, HEIGHT, "yuv420p"
        astream = container.add_stream("aac", rate=RATE)
        astream.layout = "mono"
        astream.bit_rate = 48000
        next_sample = 0
        for i in range(frames):
            frame = av.VideoFrame.from_ndarray(render_frame(plan, i / fps, motion), format="rgb24")
            frame.pts = i
            frame.time_base = Fraction(1, fps)
            for packet in vstream.encode(frame):
                container.mux(packet)
            # audio up to the end of this video frame, so the file interleaves
            until = min(len(track), round((i + 1) / fps * RATE))
            while next_sample + AUDIO_FRAME <= until or (i == frames - 1 and next_sample < len(track)):
                chunk = track[next_sample : next_sample + AUDIO_FRAME]
                aframe = av.AudioFrame.from_ndarray(chunk.reshape(1, -1), format="fltp", layout="mono")
                aframe.sample_rate = RATE
                aframe.pts = next_sample
                aframe.time_base = Fraction(1, RATE)
                for packet in astream.encode(aframe):
                    container.mux(packet)
                next_sample += len(chunk)
        for packet in vstream.encode():
            container.mux(packet)
        for packet in astream.encode():
            container.mux(packet)
