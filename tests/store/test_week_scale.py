"""What keeps retrieval fast over a week's Library (bench/week.py) without changing what it finds: the
catalog's memo, the edge search's two plans, video starts by id."""

from __future__ import annotations

from pathlib import Path

import pytest

from vidmem.store import Catalog, NewVideo
from vidmem.store import graph as graph_store
from vidmem.store.graph import EdgeRow, GraphStore

T0 = 1_780_000_000.0


def video(catalog: Catalog, n: int) -> int:
    return catalog.insert_video(NewVideo(f"sha-{n}", f"/v{n}.mp4".encode(), f"v{n}.mp4", 1, 60.0, True, True,
                                         320, 240, 30.0, T0 + 100 * n, "option"))


def test_memo_follows_writes_of_this_and_other_connections(tmp_path: Path) -> None:
    writer = Catalog(tmp_path / "catalog.sqlite")
    with writer.transaction():
        video(writer, 1)
    reader = Catalog(tmp_path / "catalog.sqlite", read_only=True)
    assert [v.name for v in writer.videos()] == [v.name for v in reader.videos()] == ["v1.mp4"]
    with writer.transaction():
        video(writer, 2)
    assert len(writer.videos()) == 2  # its own write (data_version does not move for it)
    assert len(reader.videos()) == 2  # another connection's commit
    assert reader.video_starts([2, 1, 99]) == {1: T0 + 100, 2: T0 + 200}


def test_edge_plans_find_the_same_edges(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = Catalog(tmp_path / "catalog.sqlite")
    store = GraphStore(catalog)
    with catalog.transaction():
        vid = video(catalog, 1)
        store.replace_video_edges(vid, [
            EdgeRow(a, "person", b, "person", rel, T0 + t, T0 + t + length, "", None, 1.0)
            for a, b, rel, t, length in [("me", "Ann", "talks_to", 5, 2), ("Ann", "me", "talks_to", 40, 30),
                                         ("me", "Bo", "co_present", 50, 300), ("Bo", "Ann", "talks_to", 70, 1)]
        ])
    me, ann = (store.canonical(store.entities_named(n)[0].id) for n in ("me", "Ann"))
    queries = [dict(groups=[{me}]), dict(groups=[{me}, {ann}]), dict(groups=[{ann}], relationship="talks_to"),
               dict(groups=[{me}], t0=T0 + 200, t1=T0 + 210), dict(groups=[{ann}, {me}], t0=T0 + 60, t1=T0 + 80)]

    def found(limit: int) -> list[list[int]]:
        monkeypatch.setattr(graph_store, "INDEXED_GROUP_EDGES", limit)
        return [[e.id for e in store.find_edges(**q)] for q in queries]  # type: ignore[arg-type]

    by_scan, by_index = found(-1), found(10**9)
    assert by_scan == by_index
    assert by_scan[3] == [3]  # the long co_present edge still overlaps a window well after it began
