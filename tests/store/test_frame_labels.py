"""A frame's labels with the labeller's scores, read from a real catalog: a frame in a run of near-duplicates
carries the labels of the key frame the run was labelled at; the labels some frame carries surely."""

from __future__ import annotations

from pathlib import Path

from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.vision import FrameVisionRow, LabelRow, VisionRows, VisionStore

T0 = 1_790_000_000.0


def _store(tmp_path: Path, key_of: list[int], labels: list[LabelRow]) -> tuple[VisionStore, int]:
    """A one-video Library whose frame i belongs to the run labelled at frame key_of[i]."""
    catalog = Library.open(tmp_path / "lib").catalog
    with catalog.transaction():
        vid = catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 10.0, True, True, 320, 240, 1.0,
                                            T0, "given"))
        rows = VisionRows()
        rows.frames += [FrameVisionRow(i, T0 + i, key, None, False, None) for i, key in enumerate(key_of)]
        rows.labels += labels
        VisionStore(catalog).replace_video(vid, rows)
    return VisionStore(catalog), vid


def test_frames_read_their_key_frame_labels_best_first(tmp_path: Path) -> None:
    # frames 0-2 are one run labelled at frame 0; frame 3 starts a run of its own, unlabelled
    store, vid = _store(tmp_path, [0, 0, 0, 3], [LabelRow(0, 1, 530, "digital clock", 0.12),
                                                 LabelRow(0, 0, 781, "scoreboard", 0.7),
                                                 LabelRow(0, 2, 849, "teapot", 0.4, "near")])
    got = store.frame_labels(vid, [2, 3])
    assert got == {2: [("scoreboard", 0.7, "frame"), ("teapot", 0.4, "near"), ("digital clock", 0.12, "frame")]}
    assert store.frame_labels(vid, []) == {}


def test_sure_labels_are_those_some_frame_carries_surely(tmp_path: Path) -> None:
    store, _ = _store(tmp_path, [0, 1], [LabelRow(0, 0, 781, "scoreboard", 0.7),
                                         LabelRow(0, 1, 530, "digital clock", 0.12),
                                         LabelRow(1, 0, 849, "teapot", 0.25, "near")])
    assert store.sure_labels(0.2) == ["scoreboard", "teapot"]


def test_common_labels_are_those_most_labelled_frames_carry_surely(tmp_path: Path) -> None:
    # a mural behind every labelled frame; a teapot at one of four; a lamp everywhere but never surely
    rows = [LabelRow(i, 0, 900, "mural", 0.5) for i in range(4)] + [LabelRow(i, 1, 846, "lamp", 0.1)
                                                                      for i in range(4)]
    store, _ = _store(tmp_path, [0, 1, 2, 3], [*rows, LabelRow(2, 2, 849, "teapot", 0.6, "near")])
    assert store.common_labels(0.2, 0.5) == ["mural"]
    assert store.common_labels(0.2, 0.25) == ["mural", "teapot"]
