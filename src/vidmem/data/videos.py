"""Videos through yt-dlp used as a library: one URL per video id from a template (YouTube by default, any
mirror or a local stand-in by VIDMEM_VIDEO_URL), a partial file yt-dlp resumes, retries with backoff for
what may pass (throttling, a cut-off transfer), and a reason for what will not (private, removed, gone)."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vidmem.data.errors import Unreachable

URL_ENV = "VIDMEM_VIDEO_URL"
# 720p at most, one file (no ffmpeg merge needed), mp4 where offered: ample for 1 fps frames and ASR
DEFAULT_FORMAT = "b[height<=720][ext=mp4]/b[height<=720]/bv*[height<=720]+ba/b"
SOCKET_TIMEOUT_S = 30.0

# yt-dlp's messages → why a video is missing; the first match wins. Transient ones are retried.
_REASONS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("private", ("private video",), False),
    ("removed", ("removed", "terminated", "no longer available", "deleted"), False),
    ("age-restricted", ("confirm your age", "age-restricted"), False),
    ("blocked", ("not a bot", "geo", "not available in your country", "blocked"), False),
    ("rate-limited", ("http error 429", "too many requests"), True),
    ("truncated", ("bytes read", "more expected", "content too short", "incomplete", "did not get any data",
                   "connection reset", "timed out"), True),
    ("server-error", ("http error 5",), True),
    ("unavailable", ("unavailable", "http error 404", "http error 410", "not found", "does not exist"), False),
)

TRANSIENT = frozenset(reason for reason, _, transient in _REASONS if transient)


@dataclass(frozen=True)
class Outcome:
    path: Path | None  # the finished file (moved out of staging), or None
    reason: str = ""
    detail: str = ""
    attempts: int = 1


@dataclass(frozen=True)
class VideoSource:
    url_template: str
    format: str = DEFAULT_FORMAT
    retries: int = 3  # attempts after the first, for transient failures
    backoff_s: float = 2.0  # first wait; doubles each retry

    def url(self, key: str) -> str:
        return self.url_template.replace("{id}", key)


def url_template(default: str) -> str:
    return os.environ.get(URL_ENV) or default


class _Quiet:
    """yt-dlp's logger, kept quiet: our own progress says what happens, the manifest keeps the errors."""

    def debug(self, msg: str) -> None: ...
    def info(self, msg: str) -> None: ...
    def warning(self, msg: str) -> None: ...
    def error(self, msg: str) -> None: ...


def classify(error: BaseException) -> tuple[str, bool]:
    """(reason, transient) for a yt-dlp failure; raises Unreachable when the host cannot be reached at all."""
    from yt_dlp.networking.exceptions import HTTPError, TransportError

    chain: list[BaseException] = []
    seen: BaseException | None = error
    while seen is not None and seen not in chain:
        chain.append(seen)
        info = getattr(seen, "exc_info", None)
        seen = (info[1] if info else None) or getattr(seen, "cause", None) or seen.__cause__ or seen.__context__
    if any(isinstance(e, TransportError) for e in chain) and not any(isinstance(e, HTTPError) for e in chain):
        text = str(next(e for e in chain if isinstance(e, TransportError)))
        if not any(word in text.lower() for word in ("read", "incomplete", "reset", "timed out")):  # mid-transfer
            raise Unreachable(f"cannot reach the video host: {text.splitlines()[0] if text else 'no connection'}")
    message = " ".join(str(e) for e in chain).lower()
    for reason, needles, transient in _REASONS:
        if any(needle in message for needle in needles):
            return reason, transient
    return "error", False


def download(source: VideoSource, key: str, staging: Path, dest_dir: Path) -> Outcome:
    """One video into dest_dir/<key>.<ext>; the partial file in `staging` is resumed by the next attempt."""
    import yt_dlp

    staging.mkdir(parents=True, exist_ok=True)
    options: dict[str, Any] = {
        "outtmpl": str(staging / f"{key}.%(ext)s"), "format": source.format, "continuedl": True,
        "noplaylist": True, "quiet": True, "no_warnings": True, "noprogress": True, "logger": _Quiet(),
        "retries": 0, "socket_timeout": SOCKET_TIMEOUT_S, "overwrites": False, "cachedir": False,
    }
    attempts = source.retries + 1
    for attempt in range(1, attempts + 1):
        try:
            with yt_dlp.YoutubeDL(options) as ydl:
                info = ydl.extract_info(source.url(key), download=True)
                done = [Path(d["filepath"]) for d in (info or {}).get("requested_downloads", []) if d.get("filepath")]
        except yt_dlp.utils.DownloadError as exc:
            reason, transient = classify(exc)
            if not transient or attempt == attempts:
                return Outcome(None, reason, _detail(exc), attempt)
            time.sleep(source.backoff_s * 2 ** (attempt - 1))
            continue
        if not done or not done[0].is_file():
            return Outcome(None, "error", "yt-dlp reported no file", attempt)
        dest_dir.mkdir(parents=True, exist_ok=True)
        final = dest_dir / f"{key}{done[0].suffix}"
        os.replace(done[0], final)
        return Outcome(final, attempts=attempt)
    raise AssertionError("unreachable")


def _detail(error: BaseException) -> str:
    """yt-dlp's message without its "ERROR: [extractor] id:" decoration."""
    lines = [line.strip() for line in re.split(r"[\r\n]+", str(error)) if line.strip() not in ("", "ERROR:")]
    text = lines[0] if lines else type(error).__name__
    text = re.sub(r"^(ERROR:\s*)?(\[[\w:]+\]\s*)?([\w-]+:\s+)?", "", text)
    return text[:300]
