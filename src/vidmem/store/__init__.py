"""The Library store: catalog.sqlite (all SQL lives in this package), LanceDB vectors, thumbnails, lock."""

from vidmem.store.catalog import (
    Catalog,
    FrameRow,
    JobRecord,
    LibraryNotFound,
    LibraryOutdated,
    NewVideo,
    SegmentRow,
    VideoRecord,
)
from vidmem.store.lock import LibraryBusy, writer_lock
from vidmem.store.thumbnails import Thumbnails
from vidmem.store.vectors import VectorStore

__all__ = [
    "Catalog",
    "FrameRow",
    "JobRecord",
    "LibraryBusy",
    "LibraryNotFound",
    "LibraryOutdated",
    "NewVideo",
    "SegmentRow",
    "Thumbnails",
    "VectorStore",
    "VideoRecord",
    "writer_lock",
]
