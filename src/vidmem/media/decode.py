"""Sequential decoding: frames at a target rate and audio as 16 kHz mono, in one pass each.

Seeking per sampled frame is ~6x slower than decoding straight through, so frames are picked as the
decoder passes them: the first frame at or after each target time (this also handles variable frame
rate, since only presentation times matter).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import av
import numpy as np

from vidmem.media.probe import MediaError, open_container

AUDIO_RATE = 16_000


@dataclass(frozen=True)
class DecodedFrame:
    index: int  # 0, 1, 2 … in sampling order
    t: float  # offset in the file, seconds
    rgb: np.ndarray  # H×W×3 uint8


def iter_frames(
    path: Path, fps: float = 1.0, max_side: int | None = None, *, start_s: float = 0.0, end_s: float = math.inf,
) -> Iterator[DecodedFrame]:
    """Frames sampled at `fps`, decoded sequentially; `max_side` scales them down in the decoder.

    With `start_s` (a multiple of 1/fps) the decoder enters at the keyframe at or before it and yields the
    frames from there to `end_s`: exactly the frames a whole-file pass gives in that range (the first frame
    at or after each target time), with `index` counting from 0 within the range.
    """
    step = 1.0 / fps
    with open_container(path) as container:
        if not container.streams.video:
            return
        stream = container.streams.video[0]
        stream.thread_type = "AUTO"
        start = float(stream.start_time * stream.time_base) if stream.start_time is not None else 0.0
        if start_s > 0:
            container.seek(round((start + start_s) / stream.time_base), backward=True, any_frame=False, stream=stream)
        next_t = start_s
        index = 0
        last_t = -1.0
        entered = start_s <= 0
        try:
            for frame in container.decode(stream):
                if frame.pts is None:
                    continue
                t = float(frame.pts * stream.time_base) - start
                if not entered:
                    if t > start_s + 1e-6:  # the seek overshot (a broken index): frames would be missed
                        raise MediaError(f"seeking to {start_s:.1f} s landed at {t:.1f} s")
                    entered = True
                if t >= end_s:
                    return
                if t + 1e-6 < next_t or t <= last_t:
                    continue
                yield DecodedFrame(index, max(t, 0.0), _to_rgb(frame, max_side))
                index += 1
                last_t = t
                # skip targets the stream jumped over (variable frame rate, gaps)
                next_t = (int(t / step + 1e-6) + 1) * step
        except av.error.FFmpegError as exc:
            raise MediaError(f"video decoding failed after {last_t:.1f} s ({exc})") from exc


def _to_rgb(frame: av.VideoFrame, max_side: int | None) -> np.ndarray:
    if max_side and max(frame.width, frame.height) > max_side:
        scale = max_side / max(frame.width, frame.height)
        width = max(2, int(frame.width * scale) // 2 * 2)
        height = max(2, int(frame.height * scale) // 2 * 2)
        return frame.to_ndarray(format="rgb24", width=width, height=height)
    return frame.to_ndarray(format="rgb24")


def iter_audio(path: Path, chunk_s: float = 30.0, rate: int = AUDIO_RATE) -> Iterator[tuple[float, np.ndarray]]:
    """(offset, float32 mono samples) chunks of about `chunk_s`; memory stays flat for any length."""
    chunk_len = int(chunk_s * rate)
    with open_container(path) as container:
        if not container.streams.audio:
            return
        stream = container.streams.audio[0]
        resampler = av.AudioResampler(format="flt", layout="mono", rate=rate)
        pending: list[np.ndarray] = []
        pending_len = 0
        emitted = 0
        try:
            for frame in container.decode(stream):
                for out in resampler.resample(frame):
                    samples = out.to_ndarray().reshape(-1)
                    pending.append(samples)
                    pending_len += samples.size
                    while pending_len >= chunk_len:
                        joined = np.concatenate(pending)
                        yield emitted / rate, joined[:chunk_len].astype(np.float32, copy=False)
                        emitted += chunk_len
                        rest = joined[chunk_len:]
                        pending, pending_len = [rest], rest.size
            for out in resampler.resample(None):
                samples = out.to_ndarray().reshape(-1)
                pending.append(samples)
                pending_len += samples.size
        except av.error.FFmpegError as exc:
            raise MediaError(f"audio decoding failed after {emitted / rate:.1f} s ({exc})") from exc
        if pending_len:
            yield emitted / rate, np.concatenate(pending).astype(np.float32, copy=False)


def read_audio(path: Path, rate: int = AUDIO_RATE) -> np.ndarray:
    """The whole audio track as float32 mono at `rate` (empty when there is none)."""
    chunks = [samples for _, samples in iter_audio(path, rate=rate)]
    return np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.float32)
