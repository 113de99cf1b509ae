"""DIR/fetch.json: what a fetch selected and got. Written atomically after every change, so a killed fetch
leaves a manifest that is true, and a re-run trusts only files whose size and SHA-256 still match."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vidmem.eval.datasets import FETCH_MANIFEST

PRESENT = "present"
MISSING = "missing"


@dataclass
class FileEntry:
    path: str  # relative to the fetch folder
    size: int
    sha256: str
    commit: str = ""  # for an annotation file: the Hub commit it was downloaded at


@dataclass
class VideoEntry:
    status: str  # PRESENT | MISSING
    reason: str = ""  # for a missing one: unavailable | private | removed | truncated | not-on-youtube | …
    detail: str = ""  # the downloader's own message
    file: FileEntry | None = None


@dataclass
class Manifest:
    benchmark: str
    repo: str
    annotations: list[FileEntry] = field(default_factory=list)
    videos: dict[str, VideoEntry] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path) -> Manifest | None:
        path = Path(folder) / FETCH_MANIFEST
        if not path.is_file():
            return None
        raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        videos = {
            key: VideoEntry(v["status"], v.get("reason", ""), v.get("detail", ""),
                            FileEntry(**v["file"]) if v.get("file") else None)
            for key, v in raw.get("videos", {}).items()
        }
        return cls(raw["benchmark"], raw["repo"], [FileEntry(**f) for f in raw.get("annotations", [])], videos)

    def save(self, folder: Path) -> None:
        path = Path(folder) / FETCH_MANIFEST
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)


def describe(folder: Path, path: Path) -> FileEntry:
    """Size and SHA-256 of a file under `folder`."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return FileEntry(path.relative_to(folder).as_posix(), path.stat().st_size, digest.hexdigest())


def intact(folder: Path, entry: FileEntry | None) -> bool:
    """The recorded file is there with the recorded size and hash (a finished file is never fetched again)."""
    if entry is None:
        return False
    path = Path(folder) / entry.path
    if not path.is_file() or path.stat().st_size != entry.size:
        return False
    return describe(Path(folder), path).sha256 == entry.sha256
