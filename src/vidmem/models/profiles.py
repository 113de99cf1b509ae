"""Profiles pick one adapter per capability; `vidmem doctor` reports each choice and its weights.

Each capability lists its adapters per profile. An adapter says how to check that its weights are
present without loading them, and what to install when they are not. Overrides come from
`Settings.adapters` (vidmem.toml `[adapters]` or `VIDMEM_ADAPTER_<CAPABILITY>`).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from vidmem.config import Settings


@dataclass(frozen=True)
class WeightsStatus:
    present: bool
    detail: str


@dataclass(frozen=True)
class AdapterSpec:
    capability: str
    name: str
    description: str
    check: Callable[[], WeightsStatus]


def packages_present(*packages: str, hint: str | None = None) -> Callable[[], WeightsStatus]:
    """A check that the named importable packages are installed."""

    def check() -> WeightsStatus:
        missing = [name for name in packages if importlib.util.find_spec(name) is None]
        if missing:
            install = hint or "pip install -e '.[lite]'"
            return WeightsStatus(False, f"missing {', '.join(missing)}: {install}")
        return WeightsStatus(True, "installed: " + ", ".join(packages))

    return check


def not_configured(what: str) -> Callable[[], WeightsStatus]:
    def check() -> WeightsStatus:
        return WeightsStatus(False, what)

    return check


# capability → profile → adapter. Later capabilities register here as they land.
CAPABILITIES: dict[str, dict[str, AdapterSpec]] = {
    "media": {
        "lite": AdapterSpec("media", "pyav", "PyAV (bundled FFmpeg): probe, decode, 16 kHz audio",
                            packages_present("av")),
        "full": AdapterSpec("media", "pyav", "PyAV (bundled FFmpeg): probe, decode, 16 kHz audio",
                            packages_present("av")),
    },
}


def register(spec: AdapterSpec, profile: str) -> None:
    CAPABILITIES.setdefault(spec.capability, {})[profile] = spec


def chosen(settings: Settings) -> list[tuple[str, AdapterSpec | None, str | None]]:
    """(capability, adapter the profile picks, override text) for every capability."""
    out = []
    for capability, by_profile in CAPABILITIES.items():
        override = settings.adapters.get(capability)
        spec = by_profile.get(settings.profile) or by_profile.get("lite")
        out.append((capability, spec, override))
    return out
