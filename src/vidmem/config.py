"""Settings: defaults, overridden by `<library>/vidmem.toml`, then by `VIDMEM_*` environment variables."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_LIBRARY = "vidmem-library"


def default_library_path() -> Path:
    return Path(os.environ.get("VIDMEM_LIBRARY") or DEFAULT_LIBRARY)


def cache_dir() -> Path:
    """Where joined model weights live (`~/.cache/vidmem`, or `$VIDMEM_CACHE`)."""
    base = os.environ.get("VIDMEM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "vidmem"
    )
    return Path(base)


@dataclass(frozen=True)
class Settings:
    profile: str = "lite"
    timezone: str = "UTC"
    frame_fps: float = 1.0
    window_s: float = 30.0
    thumbnail_px: int = 320
    # side of the lower-centre square labelled on its own, as a share of frame height: where a wearable
    # camera sees what its wearer holds (0 turns it off)
    near_crop: float = 0.5
    # per-capability adapter overrides, e.g. {"transcriber": "faster-whisper:large-v3"}
    adapters: dict[str, str] = field(default_factory=dict)
    # run only these ingest stages (None: all); the others stay pending until a later run
    stages: tuple[str, ...] | None = None

    @classmethod
    def load(cls, library: Path | None = None) -> Settings:
        values: dict[str, Any] = {}
        if library is not None and (library / "vidmem.toml").is_file():
            values.update(tomllib.loads((library / "vidmem.toml").read_text()))
        known = {f.name: values[f.name] for f in fields(cls) if f.name in values}
        if known.get("stages") is not None:
            known["stages"] = tuple(known["stages"])
        settings = cls(**known)
        return settings.with_env()

    def with_env(self) -> Settings:
        env = os.environ
        changes: dict[str, Any] = {}
        if "VIDMEM_PROFILE" in env:
            changes["profile"] = env["VIDMEM_PROFILE"]
        if "VIDMEM_TIMEZONE" in env:
            changes["timezone"] = env["VIDMEM_TIMEZONE"]
        if "VIDMEM_FRAME_FPS" in env:
            changes["frame_fps"] = float(env["VIDMEM_FRAME_FPS"])
        if "VIDMEM_WINDOW_S" in env:
            changes["window_s"] = float(env["VIDMEM_WINDOW_S"])
        if "VIDMEM_NEAR_CROP" in env:
            changes["near_crop"] = float(env["VIDMEM_NEAR_CROP"])
        if env.get("VIDMEM_STAGES"):
            changes["stages"] = tuple(name.strip() for name in env["VIDMEM_STAGES"].split(",") if name.strip())
        adapters = dict(self.adapters)
        for key, value in env.items():
            if key.startswith("VIDMEM_ADAPTER_"):
                adapters[key.removeprefix("VIDMEM_ADAPTER_").lower()] = value
        changes["adapters"] = adapters
        return replace(self, **changes)
