"""Near views (the image features of a key frame's lower-centre square) kept at ingest, read back from a real
catalog: one row per key frame with a view, in time order, with the last time of the frames repeating it, within
a time window and given videos."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.vision import FrameVisionRow, VisionRows, VisionStore

T0 = 1_790_000_000.0


def _unit(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).normal(size=1280).astype(np.float32)
    return v / np.linalg.norm(v)


def _store(tmp_path: Path, key_of: list[int], views: dict[int, np.ndarray]) -> tuple[VisionStore, int]:
    catalog = Library.open(tmp_path / "lib").catalog
    with catalog.transaction():
        vid = catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 10.0, True, True, 320, 240, 1.0,
                                            T0, "given"))
        rows = VisionRows()
        rows.frames += [FrameVisionRow(i, T0 + i, key, None, False, None, near_view=views.get(i))
                        for i, key in enumerate(key_of)]
        VisionStore(catalog).replace_video(vid, rows)
    return VisionStore(catalog), vid


def test_key_frames_views_come_back_with_the_end_of_their_run(tmp_path: Path) -> None:
    a, b = _unit(1), _unit(2)
    store, vid = _store(tmp_path, [0, 0, 0, 3, 3, 5], {0: a, 3: b})  # frame 5: analysed before views were kept
    got = store.key_near_views()
    assert [(v, t - T0, end - T0) for v, t, end, _ in got] == [(vid, 0.0, 2.0), (vid, 3.0, 4.0)]
    # kept at half precision: the same look to three decimals, read back as float32
    assert got[0][3].dtype == np.float32 and np.allclose(got[0][3], a, atol=1e-3)
    assert np.allclose(got[1][3], b, atol=1e-3)


def test_a_window_and_videos_bound_what_is_read(tmp_path: Path) -> None:
    store, vid = _store(tmp_path, [0, 1, 2, 3], {i: _unit(i) for i in range(4)})
    assert [t - T0 for _, t, _, _ in store.key_near_views(T0 + 1, T0 + 2)] == [1.0, 2.0]
    assert [t - T0 for _, t, _, _ in store.key_near_views(T0 + 2.5, None)] == [3.0]
    assert store.key_near_views(videos=[vid + 1]) == []
    assert len(store.key_near_views(videos=[vid])) == 4
