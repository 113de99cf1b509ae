"""catalog.sqlite: the Library's source of truth. Every SQL string of the core tables lives here.

Domain tables added by later stages keep their SQL in sibling modules of this package, using
`Catalog.conn` and `Catalog.transaction()`.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

# a reader maps the database file instead of copying each page it reads into its own cache: a week's
# transcript search joins ~20k lines to their rows, 58 → 29 ms (address space, not memory: the pages are
# the OS's file cache, shared with every other reader)
READ_MMAP_BYTES = 1 << 30


@dataclass(frozen=True)
class VideoRecord:
    id: int
    sha256: str
    path: str
    path_bytes: bytes
    name: str
    size: int
    duration: float
    has_video: bool
    has_audio: bool
    width: int | None
    height: int | None
    fps: float | None
    start_at: float
    start_source: str
    status: str
    error: str | None

    @property
    def end_at(self) -> float:
        return self.start_at + self.duration

    @cached_property  # read for every video by each question: built once per (memoised) record
    def fs_path(self) -> Path:
        return Path(os.fsdecode(self.path_bytes))


@dataclass(frozen=True)
class NewVideo:
    sha256: str
    path_bytes: bytes
    name: str
    size: int
    duration: float
    has_video: bool
    has_audio: bool
    width: int | None
    height: int | None
    fps: float | None
    start_at: float
    start_source: str


@dataclass(frozen=True)
class FrameRow:
    idx: int
    t: float
    offset_s: float
    thumbnail: str
    description: str | None = None


@dataclass(frozen=True)
class SegmentRow:
    idx: int
    t0: float
    t1: float
    caption: str | None = None
    transcript: str | None = None
    document: str | None = None


@dataclass(frozen=True)
class JobRecord:
    video_id: int
    stage: str
    status: str
    detail: str | None
    seconds: float | None = None


_VIDEO_COLUMNS = (
    "id, sha256, path, path_bytes, name, size, duration, has_video, has_audio, width, height, fps, "
    "start_at, start_source, status, error"
)


def display_path(path_bytes: bytes) -> str:
    """A printable form of a file-system name, with bytes that are not UTF-8 escaped."""
    return path_bytes.decode("utf-8", errors="backslashreplace")


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("vidmem.store") / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text()))
    return sorted(found)


class LibraryNotFound(FileNotFoundError):
    pass


class LibraryOutdated(RuntimeError):
    pass


def latest_schema_version() -> int:
    return _migrations()[-1][0]


class Catalog:
    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only
        self._memo: dict[Hashable, Any] = {}
        self._memo_stamp: tuple[int, int] | None = None
        if read_only:
            if not self.path.is_file():
                raise LibraryNotFound(f"no Library at {self.path.parent} (no {self.path.name}; ingest footage first)")
            uri = f"{self.path.resolve().as_uri()}?mode=ro"  # as_uri quotes spaces, '?' and '#' in the path
            self.conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            self.conn.execute("PRAGMA query_only = ON")
            self.conn.execute(f"PRAGMA mmap_size = {READ_MMAP_BYTES}")
        else:
            self.conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = NORMAL")
        self.conn.execute("PRAGMA foreign_keys = ON")
        self.conn.execute("PRAGMA busy_timeout = 30000")
        if not read_only:
            self.migrate()
        elif (found := self.schema_version) < latest_schema_version():
            # a reader never migrates: that is a write, and the Library may be in use by an older vidmem
            self.conn.close()
            raise LibraryOutdated(
                f"the Library at {self.path.parent} has schema {found}, this vidmem reads "
                f"{latest_schema_version()}; open it once for writing to upgrade it (e.g. `vidmem status`)")

    def close(self) -> None:
        self.conn.close()

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`, remembered until the database changes (a commit by any connection, or a row this one
        changed): every question over a week's Library reads the same few whole-Library aggregates."""
        stamp = (self.conn.execute("PRAGMA data_version").fetchone()[0], self.conn.total_changes)
        if stamp != self._memo_stamp:
            self._memo.clear()
            self._memo_stamp = stamp
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[no-any-return]

    # --- schema -------------------------------------------------------------------------------

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> None:
        """Apply migrations newer than the stored schema version, each in its own transaction."""
        for number, script in _migrations():
            if number <= self.schema_version:
                continue
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                # executescript would commit the open transaction; run statements one by one instead.
                for statement in _split_sql(script):
                    self.conn.execute(statement)
                self.conn.execute(f"PRAGMA user_version = {number}")
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE … COMMIT; rolled back on any exception (and by SQLite if the process dies)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # --- videos --------------------------------------------------------------------------------

    def video_by_sha(self, sha256: str) -> VideoRecord | None:
        row = self.conn.execute(f"SELECT {_VIDEO_COLUMNS} FROM videos WHERE sha256 = ?", (sha256,)).fetchone()
        return _video(row) if row else None

    def video(self, video_id: int) -> VideoRecord:
        row = self.conn.execute(f"SELECT {_VIDEO_COLUMNS} FROM videos WHERE id = ?", (video_id,)).fetchone()
        if row is None:
            raise KeyError(f"no video {video_id}")
        return _video(row)

    def videos(self) -> list[VideoRecord]:
        return list(self.memo("videos", self._read_videos))

    def _read_videos(self) -> list[VideoRecord]:
        rows = self.conn.execute(f"SELECT {_VIDEO_COLUMNS} FROM videos ORDER BY start_at, id").fetchall()
        return [_video(row) for row in rows]

    def video_starts(self, video_ids: Sequence[int]) -> dict[int, float]:
        """id → start_at of those videos (a week holds thousands: read only the ones a result shows)."""
        ids = sorted({int(v) for v in video_ids})
        if not ids:
            return {}
        rows = self.conn.execute(
            f"SELECT id, start_at FROM videos WHERE id IN ({', '.join('?' * len(ids))})", ids).fetchall()
        return dict(rows)

    def insert_video(self, video: NewVideo) -> int:
        cursor = self.conn.execute(
            "INSERT INTO videos (sha256, path, path_bytes, name, size, duration, has_video, has_audio, "
            "width, height, fps, start_at, start_source, status, added_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ingesting', ?)",
            (
                video.sha256, display_path(video.path_bytes), video.path_bytes, video.name, video.size,
                video.duration, int(video.has_video), int(video.has_audio), video.width, video.height,
                video.fps, video.start_at, video.start_source, time.time(),
            ),
        )
        return int(cursor.lastrowid or 0)

    def update_video_path(self, video_id: int, path_bytes: bytes, name: str) -> None:
        self.conn.execute(
            "UPDATE videos SET path = ?, path_bytes = ?, name = ? WHERE id = ?",
            (display_path(path_bytes), path_bytes, name, video_id),
        )

    def set_video_status(self, video_id: int, status: str, error: str | None = None) -> None:
        self.conn.execute("UPDATE videos SET status = ?, error = ? WHERE id = ?", (status, error, video_id))

    def timeline_origin(self) -> float | None:
        row = self.conn.execute("SELECT MIN(start_at) FROM videos").fetchone()
        return row[0]

    # --- jobs ----------------------------------------------------------------------------------

    def job(self, video_id: int, stage: str) -> JobRecord | None:
        row = self.conn.execute(
            "SELECT video_id, stage, status, detail, seconds FROM jobs WHERE video_id = ? AND stage = ?",
            (video_id, stage),
        ).fetchone()
        return JobRecord(*row) if row else None

    def jobs(self, video_id: int | None = None) -> list[JobRecord]:
        if video_id is None:
            rows = self.conn.execute(
                "SELECT video_id, stage, status, detail, seconds FROM jobs ORDER BY video_id"
            ).fetchall()
        else:
            rows = self.conn.execute(
                "SELECT video_id, stage, status, detail, seconds FROM jobs WHERE video_id = ?", (video_id,)
            ).fetchall()
        return [JobRecord(*row) for row in rows]

    def set_job(
        self, video_id: int, stage: str, status: str, detail: str | None = None, seconds: float | None = None
    ) -> None:
        self.conn.execute(
            "INSERT INTO jobs (video_id, stage, status, detail, seconds, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (video_id, stage) DO UPDATE SET status = excluded.status, detail = excluded.detail, "
            "seconds = excluded.seconds, updated_at = excluded.updated_at",
            (video_id, stage, status, detail, seconds, time.time()),
        )

    def delete_job(self, video_id: int, stage: str) -> None:
        self.conn.execute("DELETE FROM jobs WHERE video_id = ? AND stage = ?", (video_id, stage))

    def stage_seconds(self) -> dict[str, float]:
        """Total wall time per stage over the Library: what ingest costs."""
        rows = self.conn.execute(
            "SELECT stage, COALESCE(SUM(seconds), 0) FROM jobs WHERE status = 'done' GROUP BY stage"
        ).fetchall()
        return dict(rows)

    def ingest_seconds(self, video_ids: Sequence[int]) -> float:
        """Wall time the finished stages took for these videos, as recorded when they ran."""
        ids = list(video_ids)
        if not ids:
            return 0.0
        marks = ",".join("?" * len(ids))
        row = self.conn.execute(
            f"SELECT COALESCE(SUM(seconds), 0) FROM jobs WHERE status = 'done' AND video_id IN ({marks})", ids
        ).fetchone()
        return float(row[0])

    # --- frames and segments -------------------------------------------------------------------

    def replace_frames(self, video_id: int, frames: Sequence[FrameRow]) -> None:
        self.conn.execute("DELETE FROM frames WHERE video_id = ?", (video_id,))
        self.conn.executemany(
            "INSERT INTO frames (video_id, idx, t, offset_s, thumbnail, description) VALUES (?, ?, ?, ?, ?, ?)",
            [(video_id, f.idx, f.t, f.offset_s, f.thumbnail, f.description) for f in frames],
        )

    def frames(self, video_id: int) -> list[FrameRow]:
        rows = self.conn.execute(
            "SELECT idx, t, offset_s, thumbnail, description FROM frames WHERE video_id = ? ORDER BY idx",
            (video_id,),
        ).fetchall()
        return [FrameRow(*row) for row in rows]

    def frame_near(self, video_id: int, t: float) -> FrameRow | None:
        """The stored frame of a video closest to absolute time `t` (a citation's evidence picture)."""
        row = self.conn.execute(
            "SELECT idx, t, offset_s, thumbnail, description FROM frames WHERE video_id = ? "
            "ORDER BY ABS(t - ?) LIMIT 1", (video_id, t)).fetchone()
        return FrameRow(*row) if row else None

    def frame_ids(self, video_id: int) -> dict[int, int]:
        """idx → frames.id for one video."""
        rows = self.conn.execute("SELECT idx, id FROM frames WHERE video_id = ?", (video_id,)).fetchall()
        return dict(rows)

    def replace_segments(self, video_id: int, segments: Sequence[SegmentRow]) -> None:
        self.conn.execute("DELETE FROM segments WHERE video_id = ?", (video_id,))
        self.conn.executemany(
            "INSERT INTO segments (video_id, idx, t0, t1, caption, transcript, document) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(video_id, s.idx, s.t0, s.t1, s.caption, s.transcript, s.document) for s in segments],
        )

    def segments(self, video_id: int) -> list[SegmentRow]:
        rows = self.conn.execute(
            "SELECT idx, t0, t1, caption, transcript, document FROM segments WHERE video_id = ? ORDER BY idx",
            (video_id,),
        ).fetchall()
        return [SegmentRow(*row) for row in rows]

    def set_segment_text(self, video_id: int, idx: int, *, column: str, text: str | None) -> None:
        if column not in ("caption", "transcript", "document"):
            raise ValueError(column)
        self.conn.execute(f"UPDATE segments SET {column} = ? WHERE video_id = ? AND idx = ?", (text, video_id, idx))

    # --- summaries -----------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        out = {}
        for table in ("videos", "frames", "segments"):
            out[table] = int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
        return out

    def table_counts(self) -> dict[str, int]:
        """Rows per table, leaving out SQLite's and FTS5's internal tables."""
        tables = self.conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        ).fetchall()
        virtual = [name for name, sql in tables if (sql or "").upper().startswith("CREATE VIRTUAL TABLE")]
        out = {}
        for name, _ in tables:
            if name in virtual or any(name.startswith(v + "_") for v in virtual):
                continue
            out[name] = int(self.conn.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0])
        return out

    def total_duration(self) -> float:
        return float(self.conn.execute("SELECT COALESCE(SUM(duration), 0) FROM videos").fetchone()[0])

    def dump_table(self, table: str, columns: str) -> list[tuple]:
        """Rows of a table by natural columns, sorted: used to compare two Libraries."""
        return sorted(self.conn.execute(f"SELECT {columns} FROM {table}").fetchall())


def _video(row: tuple) -> VideoRecord:
    values = list(row)
    values[3] = bytes(values[3])
    values[7] = bool(values[7])
    values[8] = bool(values[8])
    return VideoRecord(*values)


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements (sqlite3.complete_statement handles semicolons in strings)."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        if not buffer and line.strip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
