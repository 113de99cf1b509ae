"""What keeps retrieval fast over a week's Library (bench/week.py) without changing what it finds: the
catalog's memo, the edge search's two plans, video starts by id, place search reading only the visits it can
show, transcript windows bounded by the longest line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vidmem.library import Library
from vidmem.retrieval.places import place_search
from vidmem.store import Catalog, NewVideo
from vidmem.store import graph as graph_store
from vidmem.store.graph import EdgeRow, GraphStore
from vidmem.store.speech import SpeechStore, UtteranceRow
from vidmem.store.vision import FrameVisionRow, VisionRows, VisionStore, VisitRow

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


def _week_of_visits(tmp_path: Path) -> Library:
    """12 files, each 4 visits of places 1, 2, 3, 1 (cluster names "kitchen", "garden", none). On arrival, the
    first visit of the first four files is called the office (their cluster's name then counts little
    there), every third file's second visit the garden, every fourth file's last visit the kitchen."""
    library = Library.open(tmp_path / "lib")
    catalog = library.catalog
    vision, speech = VisionStore(catalog), SpeechStore(catalog)
    feature = np.ones(8, dtype=np.float32) / np.sqrt(8)
    with catalog.transaction():
        for n in range(12):
            start = T0 + 400 * n
            vid = catalog.insert_video(NewVideo(f"sha-{n}", f"/v{n}.mp4".encode(), f"v{n}.mp4", 1, 240.0, True,
                                                True, 320, 240, 1.0, start, "given"))
            lines = ([(2.0, "This is the office.", "office")] if n < 4 else []) + \
                ([(62.0, "We are in the garden.", "garden")] if n % 3 == 0 else []) + \
                ([(182.0, "Back in the kitchen now.", "kitchen")] if n % 4 == 0 else [])
            speech.replace_utterances(vid, [UtteranceRow(i, start + t, start + t + 2, text)
                                            for i, (t, text, _) in enumerate(lines)])
            rows = VisionRows(new_places=[1, 2, 3] if n == 0 else [])
            for i, place in enumerate([1, 2, 3, 1]):
                rows.visits.append(VisitRow(place, start + 60 * i, start + 60 * i + 59, 6, feature))
                rows.frames += [FrameVisionRow(10 * j, start + 10 * j, 10 * j, place, False, None)
                                for j in range(6 * i, 6 * i + 6)]
            vision.replace_video(vid, rows)
            ids = [u.id for u in speech.utterances(vid)]
            vision.replace_place_mentions(vid, [(uid, start + t, phrase, phrase, 0.7, "arrival")
                                                for uid, (t, _, phrase) in zip(ids, lines, strict=True)])
        vision.set_place_names([(1, "kitchen", 0.6, []), (2, "garden", 0.6, []), (3, None, None, [])])
    return library


def _no_paraphrase(a: list[str], b: list[str]) -> np.ndarray:
    return np.zeros((len(a), len(b)), dtype=np.float32)


def _found(hits: list) -> list[tuple[int, float, float]]:
    return [(h.video_id, round(h.t0 - T0, 3), h.score) for h in hits]


@pytest.mark.parametrize("query", ["kitchen", "garden", "*"])
@pytest.mark.parametrize("window", [None, (T0 + 1000, T0 + 3000)])
def test_place_search_reads_only_the_first_visits_it_can_show(tmp_path: Path, query: str,
                                                              window: tuple[float, float] | None) -> None:
    library = _week_of_visits(tmp_path)
    every = _found(place_search(library, query, window, k=1000, similarity=_no_paraphrase))
    assert len(every) > 4  # many visits go by each name, spoken ones and others
    for k in (1, 3, 8):
        assert _found(place_search(library, query, window, k=k, similarity=_no_paraphrase)) == every[:k]


def test_a_line_that_began_before_a_window_is_still_found_in_it(tmp_path: Path) -> None:
    catalog = Catalog(tmp_path / "catalog.sqlite")
    speech = SpeechStore(catalog)
    with catalog.transaction():
        vid = video(catalog, 1)
        speech.replace_utterances(vid, [UtteranceRow(0, T0, T0 + 40, "a long story about the ferry"),
                                        UtteranceRow(1, T0 + 50, T0 + 52, "the ferry was late")])
    inside = speech.search_text("ferry", t0=T0 + 30, t1=T0 + 45)  # the long line is still being said then
    assert [m.utterance.idx for m in inside] == [0]
    assert [u.idx for u in (m.utterance for m in speech.search_text("*", t0=T0 + 39, t1=T0 + 60))] == [0, 1]
    assert speech.first_line(vid, T0 + 45, T0 + 60) == "the ferry was late"
    assert speech.first_line(vid, T0 + 53, T0 + 60) is None


def test_a_text_seen_after_more_sightings_than_a_listing_reads_is_still_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vidmem.retrieval.text import text_search
    from vidmem.store import frame_text
    from vidmem.store.vision import TextRow

    catalog = Catalog(tmp_path / "catalog.sqlite")
    with catalog.transaction():
        vid = video(catalog, 1)
        rows = [TextRow(i, T0 + i, "OPEN DAILY", 0.9) for i in range(30)] + [TextRow(40, T0 + 40, "FERRY DOCK", 0.9)]
        VisionStore(catalog).replace_video(vid, VisionRows(texts=rows))
    monkeypatch.setattr(frame_text, "LISTING_ROWS", 30)
    assert len(frame_text.frame_texts(catalog)) == 30  # a listing stops at its limit …
    # … a search by words reads only the rows of the texts that match, however many came before
    assert [h.extra["ocr"] for h in text_search(catalog, "ferry dock")] == ["FERRY DOCK"]
    assert sorted(frame_text.distinct_texts(catalog)) == ["FERRY DOCK", "OPEN DAILY"]
