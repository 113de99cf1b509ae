"""VectorStore: a table whose creation was killed before it committed is treated as absent and made anew."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa

from vidmem.store.vectors import VectorStore

SCHEMA = pa.schema([pa.field("video_id", pa.int64()), pa.field("x", pa.float32())])


def half_created(root: Path, name: str) -> VectorStore:
    # what a SIGKILL inside create_table leaves: the table's folder, listed by LanceDB, with no version
    (root / f"{name}.lance" / "_versions").mkdir(parents=True)
    (root / f"{name}.lance" / "data").mkdir()
    return VectorStore(root)


def test_a_half_created_table_reads_as_absent(tmp_path: Path) -> None:
    store = half_created(tmp_path, "signatures")
    assert "signatures" in store.table_names()
    assert not store.has_table("signatures")
    assert store.count("signatures") == 0
    assert store.rows("signatures") == []


def test_writing_after_a_half_created_table_keeps_every_row(tmp_path: Path) -> None:
    store = half_created(tmp_path, "signatures")
    store.replace_video("signatures", SCHEMA, 1, [{"video_id": 1, "x": 0.5}, {"video_id": 1, "x": 1.5}])
    store.replace_video("signatures", SCHEMA, 2, [{"video_id": 2, "x": 2.5}])
    assert store.has_table("signatures")
    assert sorted(r["x"] for r in VectorStore(tmp_path).rows("signatures")) == [0.5, 1.5, 2.5]


def test_a_committed_table_is_never_dropped(tmp_path: Path) -> None:
    store = VectorStore(tmp_path)
    store.replace_video("signatures", SCHEMA, 1, [{"video_id": 1, "x": 0.5}])
    store.ensure_table("signatures", SCHEMA)
    assert VectorStore(tmp_path).count("signatures") == 1
