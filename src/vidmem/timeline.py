"""One absolute timeline: where each file starts, and how an instant reads as "day N, HH:MM:SS".

All stored times are seconds since the Unix epoch (UTC). Day numbers and clock times are derived at
read time in the configured time zone, day 1 being the local date of the earliest recording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from zoneinfo import ZoneInfo


class StartSource(StrEnum):
    OPTION = "option"
    CONTAINER = "container"
    FILENAME = "filename"
    PREVIOUS_FILE = "previous-file"
    MODIFIED = "file-modified"
    EPOCH = "epoch"


@dataclass(frozen=True)
class StartInstant:
    at: float  # seconds since epoch, UTC
    source: StartSource
    warning: str | None = None


# 20261102_081500, 2026-11-02 08.15.00, 2026-11-02T08:15:00, 20261102-081500, VID_20261102_081500
_NAME_PATTERNS = [
    re.compile(
        r"(?P<y>(?:19|20)\d\d)[-_.]?(?P<mo>[01]\d)[-_.]?(?P<d>[0-3]\d)"
        r"[ T_\-.]+(?P<h>[0-2]\d)[-_.:h]?(?P<mi>[0-5]\d)[-_.:m]?(?P<s>[0-5]\d)"
    ),
]


def parse_iso(text: str, tz: str = "UTC") -> float:
    """An ISO-8601 instant; a naive one is read in time zone `tz`."""
    value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=ZoneInfo(tz))
    return value.timestamp()


def start_from_filename(name: str, tz: str = "UTC") -> float | None:
    """A recording start written in a file name, read as local time in `tz`."""
    stem = Path(name).name
    for pattern in _NAME_PATTERNS:
        match = pattern.search(stem)
        if not match:
            continue
        try:
            local = datetime(
                int(match["y"]), int(match["mo"]), int(match["d"]),
                int(match["h"]), int(match["mi"]), int(match["s"]),
                tzinfo=ZoneInfo(tz),
            )
        except ValueError:
            continue
        return local.timestamp()
    return None


def resolve_start(
    *,
    option: str | None,
    container_creation: float | None,
    filename: str,
    previous_end: float | None,
    modified: float | None = None,
    duration: float = 0.0,
    tz: str = "UTC",
) -> StartInstant:
    """Apply the rules in order: --start, container creation_time, file name, previous file's end in the
    batch, the file's modification time, epoch.

    A batch's earlier file comes before the modification time: recorders split one recording into
    consecutive files, and a copy often resets modification times. A recorder stops writing a file
    when the recording ends, so the modification time marks the end: the start is `modified - duration`.
    """
    if option:
        return StartInstant(parse_iso(option, tz), StartSource.OPTION)
    if container_creation is not None and container_creation > 0:
        return StartInstant(container_creation, StartSource.CONTAINER)
    from_name = start_from_filename(filename, tz)
    if from_name is not None:
        return StartInstant(from_name, StartSource.FILENAME)
    if previous_end is not None:
        return StartInstant(previous_end, StartSource.PREVIOUS_FILE)
    if modified is not None and modified > 0:
        at = max(modified - max(duration, 0.0), 0.0)
        return StartInstant(at, StartSource.MODIFIED, warning=(
            "no start time in the file (no creation_time or date in the name); using its modification time "
            f"minus its length ({iso(at, tz)}); give --start to set it"))
    return StartInstant(
        0.0,
        StartSource.EPOCH,
        warning="no start time found (no --start, creation_time, date in the name or modification time); "
        "using 1970-01-01",
    )


@dataclass(frozen=True)
class Clock:
    """Reads absolute instants as days and clock times, day 1 being the date of `origin`."""

    origin: float
    tz: str = "UTC"

    def local(self, t: float) -> datetime:
        return datetime.fromtimestamp(t, UTC).astimezone(ZoneInfo(self.tz))

    def origin_date(self) -> date:
        return self.local(self.origin).date()

    def day(self, t: float) -> int:
        return (self.local(t).date() - self.origin_date()).days + 1

    def clock(self, t: float) -> str:
        return self.local(t).strftime("%H:%M:%S")

    def label(self, t: float) -> str:
        return f"day {self.day(t)}, {self.clock(t)}"

    def day_range(self, day: int) -> tuple[float, float]:
        """The absolute [start, end) of local day `day`."""
        zone = ZoneInfo(self.tz)
        first = self.origin_date()
        start = datetime.combine(first + timedelta(days=day - 1), datetime.min.time(), zone)
        end = datetime.combine(first + timedelta(days=day), datetime.min.time(), zone)
        return start.timestamp(), end.timestamp()


def format_offset(seconds: float) -> str:
    """A file offset as HH:MM:SS."""
    whole = int(max(seconds, 0))
    return f"{whole // 3600:02d}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def iso(t: float, tz: str = "UTC") -> str:
    return datetime.fromtimestamp(t, UTC).astimezone(ZoneInfo(tz)).isoformat()
