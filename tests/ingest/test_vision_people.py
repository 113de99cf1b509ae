"""People seen on real footage: counts stored per frame, said in descriptions, found by visual search,
and no confident-sounding ImageNet guesses for a scene ImageNet has no class for (a street)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vidmem import Library
from vidmem.config import Settings
from vidmem.retrieval.visual import visual_search
from vidmem.store.vision import VisionStore

VTEST = Path("/usr/share/doc/opencv-doc/examples/data/vtest.avi")
VISION = Settings(stages=("frames", "segments", "vision"), timezone="UTC")

pytestmark = pytest.mark.skipif(not VTEST.is_file(), reason="opencv-doc is not installed (scripts/system-deps.sh)")


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory, bigbuckbunny_mp4: Path) -> Library:
    library = Library.open(tmp_path_factory.mktemp("people") / "library", VISION)
    report = library.ingest([VTEST, bigbuckbunny_mp4])
    assert report.ok, report.failed
    return library


def _video(library: Library, name: str) -> int:
    return next(v.id for v in library.catalog.videos() if v.name == name)


def test_people_counts_and_descriptions(library: Library) -> None:
    store = VisionStore(library.catalog)
    walkway = store.frame_rows(_video(library, "vtest.avi"))
    assert len(walkway) == 80
    # 3 to 8 people are in view in every second of vtest.avi (counted by eye on 9 of them)
    with_people = [r for r in walkway if r.n_people]
    assert len(with_people) >= 0.8 * len(walkway), [r.n_people for r in walkway]
    assert max(r.n_people or 0 for r in walkway) <= 9
    assert all(" people" in (r.description or "") or "1 person" in (r.description or "") for r in with_people)
    # ImageNet has no class for a walkway seen from above: its unsure guesses ("mobile home") are not stored
    labelled = library.catalog.conn.execute(
        "SELECT COUNT(DISTINCT idx) FROM frame_labels WHERE video_id = ? AND region = 'frame'",
        (_video(library, "vtest.avi"),)).fetchone()[0]
    assert labelled <= 0.1 * len(walkway), labelled
    bunny = store.frame_rows(_video(library, "bigbuckbunny.mp4"))
    assert all(not r.n_people for r in bunny), [r.description for r in bunny]


@pytest.mark.parametrize("query", ["people walking", "a person", "pedestrians"])
def test_visual_search_finds_people(library: Library, query: str) -> None:
    hits = visual_search(library, query, k=3)
    walkway = _video(library, "vtest.avi")
    assert hits and all(h.video_id == walkway for h in hits), [(h.video_id, h.text) for h in hits]
