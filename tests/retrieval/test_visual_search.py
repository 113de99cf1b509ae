"""visual_search over frame descriptions: a frame the labeller saw nothing sure in (an empty description)
matches no query, however near its vector happens to lie."""

from __future__ import annotations

import pytest

from frame_helpers import add_described_video
from vidmem.library import Library
from vidmem.retrieval.visual import visual_search

START = 1_790_000_000.0
# ten seconds each: a mug, nothing sure, a moped
DESCRIPTIONS = ["coffee mug, cup"] * 10 + [""] * 10 + ["moped, motor scooter"] * 10


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    lib = Library.open(tmp_path_factory.mktemp("visual"))
    with lib.catalog.transaction():
        add_described_video(lib, 1, DESCRIPTIONS, START)
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
