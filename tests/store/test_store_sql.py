"""The stores' shared WHERE clause, run against a real SQLite table."""

from __future__ import annotations

import sqlite3

from vidmem.store.sql import window_where


def _ids(t0: float | None, t1: float | None, videos: list[int] | None) -> list[int]:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE spans (id INTEGER, video_id INTEGER, t0 REAL, t1 REAL)")
    conn.executemany("INSERT INTO spans VALUES (?, ?, ?, ?)",
                     [(1, 1, 0.0, 10.0), (2, 1, 20.0, 30.0), (3, 2, 25.0, 40.0)])
    where, params = window_where("t0", "t1", t0, t1, "video_id", videos)
    return [r[0] for r in conn.execute(f"SELECT id FROM spans{where} ORDER BY id", params)]


def test_rows_overlapping_the_window_of_the_videos_asked() -> None:
    assert _ids(None, None, None) == [1, 2, 3]
    assert _ids(5.0, 22.0, None) == [1, 2]  # overlap, not containment
    assert _ids(31.0, None, None) == [3]  # open end
    assert _ids(None, 19.0, None) == [1]  # open start
    assert _ids(None, None, [2]) == [3]
    assert _ids(None, None, []) == []  # no video asked: nothing, not everything
