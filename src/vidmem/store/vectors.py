"""vectors/: LanceDB tables keyed by catalog ids, with metadata columns for filtered search.

Stages write a video's rows with `replace_video` (delete that video's rows, then add): a resumed
ingest redoes the whole stage for the video, so it never duplicates and never leaves stale rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa


class VectorStore:
    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        if not read_only:
            self.path.mkdir(parents=True, exist_ok=True)

    @cached_property
    def db(self) -> Any:
        # connected on first use: a question answered from the catalog alone never loads LanceDB
        from vidmem.store.lancedb_import import import_lancedb

        return import_lancedb().connect(str(self.path))

    def table_names(self) -> list[str]:
        listing = self.db.list_tables()
        names = getattr(listing, "tables", listing)
        return list(names)

    def has_table(self, name: str) -> bool:
        return self.opened(name) is not None

    def table(self, name: str) -> Any:
        return self.db.open_table(name)

    def opened(self, name: str) -> Any | None:
        """The table, opened, or None where it is absent or was killed while being created (listed, no
        version): one LanceDB round trip where `has_table` then `table` would take two."""
        if name not in self.table_names():
            return None
        try:
            return self.db.open_table(name)
        except ValueError:
            return None

    def ensure_table(self, name: str, schema: pa.Schema) -> Any:
        table = self.opened(name)
        if table is not None:
            return table
        if name in self.table_names():
            # a creation that never committed holds no rows: clear its leftovers and start again
            self.db.drop_table(name)
        return self.db.create_table(name, schema=schema, exist_ok=True)

    def replace_video(self, name: str, schema: pa.Schema, video_id: int, rows: Sequence[dict[str, Any]]) -> None:
        table = self.ensure_table(name, schema)
        table.delete(f"video_id = {int(video_id)}")
        if rows:
            import pyarrow as pa

            table.add(pa.Table.from_pylist(list(rows), schema=schema))

    def upsert(self, name: str, schema: pa.Schema, rows: Sequence[dict[str, Any]], key: str = "id") -> None:
        table = self.ensure_table(name, schema)
        if rows:
            import pyarrow as pa

            data = pa.Table.from_pylist(list(rows), schema=schema)
            table.merge_insert(key).when_matched_update_all().when_not_matched_insert_all().execute(data)

    def count(self, name: str) -> int:
        table = self.opened(name)
        return int(table.count_rows()) if table is not None else 0

    def rows(self, name: str, columns: list[str] | None = None) -> list[dict[str, Any]]:
        table = self.opened(name)
        if table is None:
            return []
        data = table.to_arrow()
        if columns:
            data = data.select(columns)
        return data.to_pylist()

    def optimize(self, name: str) -> None:
        """Compact small fragments left by many per-video writes."""
        table = self.opened(name)
        if table is not None:
            table.optimize()
