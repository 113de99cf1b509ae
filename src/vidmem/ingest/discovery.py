"""Which files an ingest command means: files as given, folders walked recursively for video files."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

VIDEO_EXTENSIONS = frozenset(
    [".mp4", ".m4v", ".mov", ".mkv", ".webm", ".avi", ".mts", ".m2ts", ".ts", ".mpg", ".mpeg", ".wmv", ".flv",
     ".3gp", ".ogv", ".mxf", ".dv"]
)
# Audio-only recordings are accepted when named explicitly or found in folders: their audio stages run.
AUDIO_EXTENSIONS = frozenset([".wav", ".mp3", ".m4a", ".aac", ".flac", ".ogg", ".opus"])


@dataclass(frozen=True)
class Candidate:
    path: Path
    error: str | None = None  # set when the path cannot be ingested at all


def discover(paths: list[Path]) -> list[Candidate]:
    """Expand folders (sorted, recursive); report missing paths instead of raising."""
    found: list[Candidate] = []
    for given in paths:
        raw = os.fsencode(given)
        if not os.path.exists(raw):
            found.append(Candidate(Path(given), "no such file or folder"))
        elif os.path.isdir(raw):
            for root, dirs, files in os.walk(raw):
                dirs.sort()
                for name in sorted(files):
                    if _is_media_name(name):
                        found.append(Candidate(Path(os.fsdecode(os.path.join(root, name)))))
        else:
            found.append(Candidate(Path(given)))
    return found


def _is_media_name(name: bytes) -> bool:
    suffix = os.path.splitext(name)[1].decode("utf-8", "replace").lower()
    return not name.startswith(b".") and (suffix in VIDEO_EXTENSIONS or suffix in AUDIO_EXTENSIONS)


def content_hash(path: Path, chunk: int = 4 << 20) -> str:
    """sha256 of the file's bytes: the identity of a recording, whatever it is named."""
    digest = hashlib.sha256()
    with open(os.fsencode(path), "rb") as handle:
        while block := handle.read(chunk):
            digest.update(block)
    return digest.hexdigest()
