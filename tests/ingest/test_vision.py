"""Vision end to end on footage made of real photos at known times (two files, two days).

Day 1 (08:00): cat, coffee, astronaut, motorcycle, a drawn "PLATFORM 4" sign, Grace Hopper, the
astronaut again (mirrored, smaller), cat again. Day 2 (09:00): coffee, cat, Grace Hopper.
The ingest runs once per session; every test reads the same Library.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner, Result

from tiny_clip import tiny_clip_embedder
from vidmem import Library
from vidmem.cli.main import app
from vidmem.config import Settings
from vidmem.ingest.pipeline import Pipeline
from vidmem.ingest.stages.frames import FramesStage
from vidmem.ingest.stages.segments import SegmentsStage
from vidmem.ingest.stages.vision import VisionStage, more_text
from vidmem.retrieval.visual import visual_search
from vidmem.store.frame_index import CLIP_TABLE, FRAMES_TABLE
from vidmem.store.vision import VisionStore
from vidmem.timeline import parse_iso
from vision_footage import Shot, write_footage

DAY1 = [
    Shot("cat", 0, 8), Shot("coffee", 8, 16), Shot("astronaut", 16, 24), Shot("motorcycle", 24, 32),
    Shot("sign:PLATFORM 4", 32, 40), Shot("grace_hopper", 40, 48), Shot("astronaut_mirrored", 48, 56),
    Shot("cat", 56, 64),
]
DAY2 = [Shot("coffee", 0, 6), Shot("cat", 6, 12), Shot("grace_hopper", 12, 18)]
START1 = "2026-11-02T08:00:00+00:00"
START2 = "2026-11-03T09:00:00+00:00"
VISION = Settings(stages=("frames", "segments", "vision"), timezone="UTC")


@pytest.fixture(scope="session")
def vision_library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    folder = tmp_path_factory.mktemp("vision")
    day1 = write_footage(folder / "day1.mp4", DAY1)
    day2 = write_footage(folder / "day2.mp4", DAY2)
    library = Library.open(folder / "library", VISION)
    for path, start in ((day1, START1), (day2, START2)):
        report = library.ingest([path], start=start)
        assert report.ok, report.failed
    return library


def _spans(shots: list[Shot], what: str, start: str) -> list[tuple[float, float]]:
    origin = parse_iso(start)
    return [(origin + s.t0, origin + s.t1) for s in shots if s.what == what]


def _inside(hit_t0: float, hit_t1: float, spans: list[tuple[float, float]]) -> bool:
    return any(lo <= hit_t0 and hit_t1 < hi for lo, hi in spans)


@pytest.mark.parametrize(("query", "what"), [("cat", "cat"), ("coffee", "coffee"), ("motorcycle", "motorcycle")])
def test_visual_search_finds_the_photo_span_at_rank_1(vision_library: Library, query: str, what: str) -> None:
    hits = visual_search(vision_library, query, k=5)
    truth = _spans(DAY1, what, START1) + _spans(DAY2, what, START2)
    assert hits and _inside(hits[0].t0, hits[0].t1, truth), (query, hits[:2])
    # the moment covers most of its planted span (the near-duplicate run), not a single frame
    assert hits[0].t1 - hits[0].t0 >= 4
    # distinct moments: no two hits overlap
    spans = sorted((h.video_id, h.t0, h.t1) for h in hits)
    for (v1, _, end), (v2, begin, _) in itertools.pairwise(spans):
        assert v1 != v2 or begin > end


def test_day_and_time_filters(vision_library: Library) -> None:
    hits = visual_search(vision_library, "cat", day=2, k=3)
    assert hits and _inside(hits[0].t0, hits[0].t1, _spans(DAY2, "cat", START2))
    assert all(vision_library.clock().day(h.t0) == 2 for h in hits)
    lo = parse_iso(START1) + 50
    hits = visual_search(vision_library, "cat", time_range=(lo, lo + 30), k=3)
    assert hits and all(h.t1 >= lo and h.t0 <= lo + 30 for h in hits)
    assert _inside(hits[0].t0, hits[0].t1, [(parse_iso(START1) + 56, parse_iso(START1) + 64)])
    # a window is half-open: the frame that starts as a visit ends belongs to what comes next
    first = min(visual_search(vision_library, "cat", time_range=(lo, lo + 30), k=50, merge=False),
                key=lambda h: h.t0)
    later = visual_search(vision_library, "cat", time_range=(lo - 30, first.t0), k=50, merge=False)
    assert later and all(h.t0 < first.t0 for h in later)
    point = visual_search(vision_library, "cat", time_range=(first.t0, first.t0), k=5, merge=False)
    assert point and point[0].t0 <= first.t0 <= point[0].t1


def test_near_duplicates_are_marked_and_skipped(vision_library: Library) -> None:
    store = VisionStore(vision_library.catalog)
    for video in vision_library.catalog.videos():
        rows = store.frame_rows(video.id)
        distinct = sum(1 for r in rows if r.key_idx == r.idx)
        # a held photo is one or a few distinct frames, never every second of it
        assert len(rows) >= 18 and distinct <= len(rows) / 3
        assert all(r.description for r in rows)  # duplicates inherit their key frame's description
    assert vision_library.vectors.count(FRAMES_TABLE) == sum(
        1 for v in vision_library.catalog.videos() for r in store.frame_rows(v.id) if r.key_idx == r.idx
    )


def test_near_views_are_kept_per_key_frame_and_find_the_same_photo_again(vision_library: Library) -> None:
    store = VisionStore(vision_library.catalog)
    videos = sorted(vision_library.catalog.videos(), key=lambda v: v.start_at)
    keys = store.key_near_views()
    assert len(keys) == sum(1 for v in videos for r in store.frame_rows(v.id) if r.key_idx == r.idx)
    assert all(abs(float(np.linalg.norm(view)) - 1.0) < 0.01 for *_, view in keys)
    # the cat of day 1 looks like the cat of day 2, more than the coffee of day 2 does
    (cat1, _), (cat2, _), (coffee2, _) = (_spans(DAY1, "cat", START1)[0], _spans(DAY2, "cat", START2)[0],
                                          _spans(DAY2, "coffee", START2)[0])

    def views(t0: float) -> np.ndarray:
        return np.stack([view for _, t, _, view in keys if t0 <= t < t0 + 6])

    then, cat, coffee = views(cat1), views(cat2), views(coffee2)
    best_cat, best_coffee = float((then @ cat.T).max()), float((then @ coffee.T).max())
    assert best_cat > 0.9 > best_coffee, (best_cat, best_coffee)


def test_faces_cluster_into_people_across_times_and_files(vision_library: Library) -> None:
    store = VisionStore(vision_library.catalog)
    origin1, origin2 = parse_iso(START1), parse_iso(START2)

    def people_between(video: int, lo: float, hi: float) -> set[int]:
        return {f.person_id for f in store.faces(video) if lo <= f.t < hi and f.person_id is not None}

    v1, v2 = (v.id for v in vision_library.catalog.videos())
    astronaut = people_between(v1, origin1 + 16, origin1 + 24)
    astronaut_again = people_between(v1, origin1 + 48, origin1 + 56)
    hopper = people_between(v1, origin1 + 40, origin1 + 48)
    hopper_day2 = people_between(v2, origin2 + 12, origin2 + 18)
    assert len(astronaut) == 1 and astronaut == astronaut_again  # same face, another time and size
    assert len(hopper) == 1 and hopper != astronaut  # two different faces, two people
    assert hopper_day2 == hopper  # the same person on another day, in another file
    assert {p.id for p in store.people()} == astronaut | hopper
    assert not people_between(v1, origin1, origin1 + 16)  # no faces on the cat or the coffee
    (person,) = astronaut
    hits = visual_search(vision_library, "person", people=[f"Person {person}"], k=5)
    assert hits and all(h.extra["people"] == [f"Person {person}"] for h in hits)
    assert all(_inside(h.t0, h.t1, _spans(DAY1, "astronaut", START1) + _spans(DAY1, "astronaut_mirrored", START1))
               for h in hits)


def test_ocr_reads_the_sign_and_search_finds_it(vision_library: Library) -> None:
    store = VisionStore(vision_library.catalog)
    texts = " ".join(t.text for t in store.texts()).upper()
    assert "PLATFORM" in texts
    hits = visual_search(vision_library, "platform 4", k=3)
    assert hits and _inside(hits[0].t0, hits[0].t1, _spans(DAY1, "sign:PLATFORM 4", START1))
    assert "PLATFORM" in hits[0].text.upper()
    ran, total = store.ocr_fraction()
    assert 0 < ran <= total * 0.35  # near-duplicates and same-scene frames are not read again


def test_places_recover_the_planted_scenes(vision_library: Library) -> None:
    store = VisionStore(vision_library.catalog)
    visits = store.visits()
    origin1, origin2 = parse_iso(START1), parse_iso(START2)

    def place_at(t: float) -> int:
        (place,) = {v[1] for v in visits if v[2] <= t <= v[3]}
        return place

    cat = {place_at(origin1 + 3), place_at(origin1 + 60), place_at(origin2 + 9)}
    coffee = {place_at(origin1 + 12), place_at(origin2 + 3)}
    assert len(cat) == 1 and len(coffee) == 1 and cat != coffee  # same view at three times, two files
    others = {place_at(origin1 + t) for t in (28, 36)}
    assert len(others | cat | coffee) == 4
    # the place is named after what it shows, and the user can rename it and filter by it
    (cat_place,) = cat
    place = next(p for p in store.places() if p.id == cat_place)
    assert place.auto_name and "cat" in place.auto_name.lower()


def test_cli_places_rename_people_list_and_search(vision_library: Library) -> None:
    root = str(vision_library.root)
    runner = CliRunner()
    store = VisionStore(vision_library.catalog)
    hits = visual_search(vision_library, "cat", k=1)
    place_label = f"P{hits[0].extra['place_id']}"

    def vidmem(*args: str) -> Result:
        # in-process, so the text embedder loaded by the other tests is reused
        return runner.invoke(app, [*args[:2], "--library", root, *args[2:]] if args[0] == "search" else
                             [*args[:2], *args[2:], "--library", root])

    done = vidmem("places", "rename", place_label, "living room")
    assert done.exit_code == 0, done.output
    listed = vidmem("places", "list", "--json")
    assert listed.exit_code == 0, listed.output
    names = {p["label"]: p["name"] for p in json.loads(listed.stdout)["places"]}
    assert names[place_label] == "living room"
    found = vidmem("search", "visual", "cat", "--place", "living room", "--json")
    assert found.exit_code == 0, found.output
    rows = json.loads(found.stdout)["hits"]
    assert rows and all(r["place"] == "living room" for r in rows)
    people = vidmem("people", "list", "--json")
    assert people.exit_code == 0 and len(json.loads(people.stdout)["people"]) == len(store.people())
    missing = vidmem("places", "rename", "P999", "attic")
    assert missing.exit_code == 2 and "P999" in missing.output
    vision_library.catalog.conn.execute("UPDATE places SET name = NULL")


def test_bad_filters_get_clear_errors(vision_library: Library) -> None:
    with pytest.raises(ValueError, match="no place"):
        visual_search(vision_library, "cat", place="nowhere")
    with pytest.raises(ValueError, match="no person"):
        visual_search(vision_library, "cat", people=["Person 999"])
    with pytest.raises(ValueError, match="non-empty"):
        visual_search(vision_library, "  ")
    assert visual_search(vision_library, "cat", day=9) == []


def test_description_vectors_are_normalised(vision_library: Library) -> None:
    rows = vision_library.vectors.rows(FRAMES_TABLE, ["vector", "description"])
    norms = np.linalg.norm(np.array([r["vector"] for r in rows]), axis=1)
    assert np.allclose(norms, 1.0, atol=1e-3)


def test_full_profile_writes_and_searches_image_vectors_with_tiny_random_model(tmp_path: Path) -> None:
    """The full profile's OpenCLIP path, with a tiny randomly initialised stand-in (no weights here):
    checks that image vectors of exactly the distinct frames land in `frames_clip` and that search
    uses them — the top hit must be the frame whose image vector is closest to the query's."""
    clip = tiny_clip_embedder()
    path = write_footage(tmp_path / "day2.mp4", DAY2)
    library = Library.open(tmp_path / "library", VISION)
    stages = [FramesStage(), SegmentsStage(), VisionStage(image_embedder=lambda settings: clip)]
    pipeline = Pipeline(library.catalog, library.vectors, library.thumbnails, library.settings, stages)
    assert pipeline.ingest([path], start=START2).ok
    clip_rows = library.vectors.rows(CLIP_TABLE, ["key", "vector"])
    text_rows = library.vectors.rows(FRAMES_TABLE, ["key"])
    assert sorted(r["key"] for r in clip_rows) == sorted(r["key"] for r in text_rows) and clip_rows
    matrix = np.array([r["vector"] for r in clip_rows])
    assert matrix.shape[1] == 16 and np.allclose(np.linalg.norm(matrix, axis=1), 1, atol=1e-4)
    query = clip.embed_texts(["a cat"])[0]
    best = clip_rows[int(np.argmax(matrix @ query))]["key"]
    hits = visual_search(library, "a cat", k=3, image_embedder=clip)
    assert hits and f"{hits[0].video_id}:{hits[0].extra['idx']}" == best


def test_text_in_new_places_is_more_text_even_where_the_blob_count_falls() -> None:
    # a photo's fur gave five blobs; the frame with a sign above it has three, two of them the sign's
    photo = [(200, 180, 230, 190), (205, 170, 230, 182), (330, 165, 365, 185), (240, 155, 270, 172),
             (10, 165, 100, 182)]
    signed = [(10, 165, 100, 182), (270, 20, 360, 45), (110, 10, 370, 52)]
    assert more_text(signed, photo)
    assert not more_text(photo[1:], photo)  # fewer of the same blobs
    assert more_text([*photo, (10, 300, 60, 320)], photo, more_by=0)  # one blob more: read again
    assert not more_text([*photo, (10, 300, 60, 320)], photo)  # … but no new key frame for one blob
