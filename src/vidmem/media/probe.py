"""What is in a media file: duration, streams, frame rate, creation time."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import av


class MediaError(Exception):
    """A file that cannot be read as media; the message says why, in words a user can act on."""


@dataclass(frozen=True)
class MediaInfo:
    duration: float
    has_video: bool
    has_audio: bool
    width: int | None
    height: int | None
    fps: float | None
    video_codec: str | None
    audio_codec: str | None
    sample_rate: int | None
    creation_time: float | None  # seconds since epoch, from container metadata


def open_container(path: Path) -> av.container.InputContainer:
    """Open through a file object, so names that are not valid UTF-8 work too."""
    try:
        handle = open(os.fsencode(path), "rb")  # noqa: SIM115 - closed with the container
    except FileNotFoundError as exc:
        raise MediaError("file not found") from exc
    except OSError as exc:
        raise MediaError(f"cannot open: {exc.strerror}") from exc
    try:
        return av.open(handle, mode="r", metadata_errors="ignore")
    except av.error.FFmpegError as exc:
        handle.close()
        raise MediaError(f"not a readable media file ({_reason(exc)})") from exc


def _reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _parse_creation_time(text: str | None) -> float | None:
    if not text:
        return None
    try:
        value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if value.tzinfo is None:  # containers store UTC
        from datetime import UTC

        value = value.replace(tzinfo=UTC)
    stamp = value.timestamp()
    # Many cameras write 1904-01-01 or 1970 when they have no clock.
    return stamp if stamp > 86400 * 365 else None


def probe(path: Path) -> MediaInfo:
    path = Path(path)
    if not os.path.exists(os.fsencode(path)):
        raise MediaError("file not found")
    if os.path.getsize(os.fsencode(path)) == 0:
        raise MediaError("empty file (0 bytes)")
    with open_container(path) as container:
        video = container.streams.video[0] if container.streams.video else None
        audio = container.streams.audio[0] if container.streams.audio else None
        if video is None and audio is None:
            raise MediaError("no video or audio stream")
        duration = _duration(container, video, audio)
        fps = None
        if video is not None:
            rate = video.average_rate or video.guessed_rate or video.base_rate
            fps = float(rate) if rate else None
        meta = dict(container.metadata)
        for stream in (video, audio):
            if stream is not None:
                meta = {**dict(stream.metadata), **meta}
        return MediaInfo(
            duration=duration,
            has_video=video is not None,
            has_audio=audio is not None,
            width=video.codec_context.width if video is not None else None,
            height=video.codec_context.height if video is not None else None,
            fps=fps,
            video_codec=video.codec_context.name if video is not None else None,
            audio_codec=audio.codec_context.name if audio is not None else None,
            sample_rate=audio.codec_context.sample_rate if audio is not None else None,
            creation_time=_parse_creation_time(meta.get("creation_time")),
        )


def _duration(container: av.container.InputContainer, video, audio) -> float:  # type: ignore[no-untyped-def]
    if container.duration:
        return container.duration / av.time_base
    for stream in (video, audio):
        if stream is not None and stream.duration and stream.time_base:
            return float(stream.duration * stream.time_base)
    raise MediaError("duration unknown (the file may be truncated)")
