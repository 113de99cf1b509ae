"""visual_search over frame descriptions: a frame the labeller saw nothing sure in (an empty description)
matches no query, however near its vector happens to lie."""

from __future__ import annotations

from pathlib import Path

import pytest

from vidmem.library import Library
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.retrieval.visual import visual_search
from vidmem.store import FrameRow, NewVideo
from vidmem.store.frame_index import write_video

START = 1_790_000_000.0
# ten seconds each: a mug, nothing sure, a moped
DESCRIPTIONS = ["coffee mug, cup"] * 10 + [""] * 10 + ["moped, motor scooter"] * 10


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root: Path = tmp_path_factory.mktemp("visual")
    lib = Library.open(root)
    with lib.catalog.transaction():
        video_id = lib.catalog.insert_video(NewVideo(
            sha256="1" * 64, path_bytes=b"/x/walk.mp4", name="walk.mp4", size=1, duration=30.0, has_video=True,
            has_audio=False, width=160, height=120, fps=1.0, start_at=START, start_source="option"))
        lib.catalog.replace_frames(video_id, [FrameRow(i, START + i, float(i), f"frames/{video_id}/{i}.jpg", d)
                                              for i, d in enumerate(DESCRIPTIONS)])
    vectors = shared_text_embedder().embed(DESCRIPTIONS)
    write_video(lib.vectors, video_id, [
        {"key": f"{video_id}:{i}", "video_id": video_id, "idx": i, "t": START + i, "t_end": START + i + 1.0,
         "offset_s": float(i), "day": 1, "place_id": -1, "people": "", "description": d,
         "thumbnail": f"frames/{video_id}/{i}.jpg", "vector": vectors[i].tolist()}
        for i, d in enumerate(DESCRIPTIONS)], vectors.shape[1])
    return lib


@pytest.mark.parametrize("query", ["key", "motorcycle", "a cup of coffee"])
def test_a_frame_that_shows_nothing_sure_comes_after_every_described_one(library: Library, query: str) -> None:
    hits = visual_search(library, query, k=30, merge=False)
    texts = [h.text for h in hits]
    assert "" in texts  # still found, when the described frames run out …
    blank = texts.index("")
    assert all(texts[blank:][i] == "" for i in range(len(texts) - blank))  # … but only after all of them
    assert all(h.score == 0.0 for h in hits[blank:])


def test_a_window_of_nothing_sure_still_finds_its_frames(library: Library) -> None:
    hits = visual_search(library, "place", time_range=(START + 12, START + 15), k=5, merge=False)
    assert hits and {h.text for h in hits} == {""}  # where and when the wearer was, though nothing was labelled
