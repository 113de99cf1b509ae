"""Names from what the footage says, scored on generated corpora (`vidmem devdata make`): how many places and
speakers get the name the world gives them, with what confidence, and how long naming takes.

Two modes:
- truth scenes (default): a scratch Library holds the corpus's own scenes (as place visits, one cluster per
  true place), utterances (with their true speakers) and signs; the naming code then runs as in ingest
  (spaCy parse, place_names decision, speaker-name inference). This measures the naming rules on the
  corpus's wording apart from clustering and ASR errors.
- `--library LIB`: a real ingest of the corpus; each place cluster is scored against the true place it
  overlaps most, each speaker against the true person whose lines it holds most.

Develop on dev seeds (< 1000); report held-out seeds (≥ 1000) without tuning to them.

    PYTHONPATH=src .venv/bin/python bench/names.py CORPUS [CORPUS …] [--library LIB]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

from vidmem.devdata.truth import Truth
from vidmem.ingest.pipeline import StageContext
from vidmem.ingest.speakers import infer_names, read_names
from vidmem.ingest.stages.place_names import PlaceNamesStage
from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow
from vidmem.store.vision import FrameVisionRow, TextRow, VisionRows, VisionStore, VisitRow

_ARTICLES = {"the", "a", "an", "my", "our", "this", "that"}


def cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def norm(name: str | None) -> str:
    words = [w for w in (name or "").lower().replace("’", "'").split() if w not in _ARTICLES]
    return " ".join(words)


def verdict(predicted: str | None, truth: str) -> str:
    """exact | head (the true name's last word, or the true name inside a longer one) | wrong | none."""
    if not predicted:
        return "none"
    p, t = norm(predicted), norm(truth)
    if p == t:
        return "exact"
    if p.split()[-1:] == t.split()[-1:] or f" {t} " in f" {p} ":
        return "head"
    return "wrong"


def scratch_library(truth: Truth, folder: Path) -> tuple[Library, dict[str, int], dict[str, int]]:
    """A Library holding the truth's scenes, lines and signs; (library, place id by name, speaker id by person)."""
    library = Library.open(folder)
    catalog = library.catalog
    place_ids = {name: i + 1 for i, name in enumerate(truth.places)}
    speaker_ids = {p.id: i + 1 for i, p in enumerate(truth.people)}
    feature = np.ones(8, dtype=np.float32) / np.sqrt(8)
    with catalog.transaction():
        speech = SpeechStore(catalog)
        for _ in truth.people:
            speech.new_speaker(np.ones(4, dtype=np.float32))
        for n, video in enumerate(truth.videos):
            vid = catalog.insert_video(NewVideo(f"sha{n}", video.file.encode(), video.file, 1, video.duration, True,
                                                True, 320, 240, 1.0, video.start_at, "given"))
            lines = [s for s in truth.utterances if s.video == video.file]
            speech.replace_utterances(vid, [UtteranceRow(i, s.t0, s.t1, s.text) for i, s in enumerate(lines)])
            ids = [u.id for u in speech.utterances(vid)]
            speech.set_utterance_speakers([(uid, speaker_ids[s.value], None) for uid, s in zip(ids, lines,
                                                                                              strict=True)])
            rows = VisionRows(new_places=list(place_ids.values()))  # unvisited ones are dropped again
            idx = 0
            for scene in (s for s in truth.scenes if s.video == video.file):
                pid = place_ids[scene.value]
                rows.visits.append(VisitRow(pid, scene.t0, scene.t1, max(1, int(scene.t1 - scene.t0)), feature))
                for t in np.arange(scene.t0, scene.t1, 1.0):
                    rows.frames.append(FrameVisionRow(idx, float(t), idx, pid, False, None))
                    for sign in truth.of("sign"):
                        if sign.video == video.file and sign.t0 <= t < sign.t1:
                            rows.texts.append(TextRow(idx, float(t), sign.value, 0.95))
                    idx += 1
            VisionStore(catalog).replace_video(vid, rows)
    return library, place_ids, speaker_ids


def name_scratch(library: Library) -> tuple[float, float]:
    """Run the naming steps as ingest does, file by file; (wall s, cpu s)."""
    wall, cpu = time.perf_counter(), cpu_s()
    speech = SpeechStore(library.catalog)
    stage = PlaceNamesStage()
    for video in library.catalog.videos():
        ctx = StageContext(video, library.catalog, library.vectors, library.thumbnails, library.settings, {})
        output = stage.run(ctx)
        lines = read_names([u.text for u in speech.utterances(video.id)])
        with library.catalog.transaction():
            stage.save(ctx, output)
            infer_names(speech, video.id, lines)
    return time.perf_counter() - wall, cpu_s() - cpu


def score_places(library: Library, truth: Truth, cluster_truth: dict[int, str]) -> Counter:
    counts: Counter = Counter()
    for place in VisionStore(library.catalog).places():
        true_name = cluster_truth.get(place.id)
        if true_name is None:
            continue
        result = verdict(place.answer_name, true_name)
        counts[result] += 1
        print(f"    {place.label:5} truth {true_name!r:26} named {place.answer_name!r:28} "
              f"{(place.name_confidence or 0):.2f} {result}")
    return counts


def score_speakers(library: Library, truth: Truth, cluster_truth: dict[int, str]) -> Counter:
    counts: Counter = Counter()
    names = {p.id: p.name for p in truth.people}
    for speaker in SpeechStore(library.catalog).speakers():
        person = cluster_truth.get(speaker.id)
        if person is None:
            continue
        true_name = names[person]
        result = "wearer unnamed" if person == "me" and not speaker.name else verdict(speaker.name, true_name)
        counts[result] += 1
        print(f"    {speaker.label:10} truth {true_name!r:12} ({person}) named {speaker.name!r:12} "
              f"{(speaker.name_confidence or 0):.2f} {result}")
    return counts


def truth_of_clusters(library: Library, truth: Truth) -> tuple[dict[int, str], dict[int, str]]:
    """Each place / speaker cluster of a real ingest → the true place / person it overlaps most."""
    store, speech = VisionStore(library.catalog), SpeechStore(library.catalog)
    by_file = {v.id: v.name for v in library.catalog.videos()}
    overlap: dict[int, Counter] = {}
    for video_id, place_id, t0, t1, _ in store.visits():
        for scene in truth.scenes:
            if scene.video.endswith(by_file[video_id]):
                shared = max(0.0, min(t1, scene.t1) - max(t0, scene.t0))
                overlap.setdefault(place_id, Counter())[scene.value] += shared
    places = {p: c.most_common(1)[0][0] for p, c in overlap.items() if c}
    voices: dict[int, Counter] = {}
    for u in speech.utterances():
        for line in truth.utterances:
            shared = max(0.0, min(u.t1, line.t1) - max(u.t0, line.t0))
            if shared > 0 and u.speaker_id is not None:
                voices.setdefault(u.speaker_id, Counter())[line.value] += shared
    speakers = {s: c.most_common(1)[0][0] for s, c in voices.items() if c}
    return places, speakers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--library", type=Path, help="a real ingest of the (one) corpus given")
    args = parser.parse_args()
    total_places: Counter = Counter()
    total_speakers: Counter = Counter()
    for corpus in args.corpora:
        truth = Truth.load(corpus / "truth.json")
        print(f"{corpus} (seed {truth.seed}): {len(truth.places)} places, {len(truth.people)} people, "
              f"{len(truth.utterances)} lines, {len(truth.videos)} files")
        if args.library:
            library = Library.open(args.library)
            places, speakers = truth_of_clusters(library, truth)
            wall = cpu = 0.0
        else:
            folder = Path(tempfile.mkdtemp(prefix="names-bench-"))
            library, place_ids, speaker_ids = scratch_library(truth, folder / "lib")
            places = {pid: name for name, pid in place_ids.items()}
            speakers = {sid: person for person, sid in speaker_ids.items()}
            wall, cpu = name_scratch(library)
        print("  places:")
        p = score_places(library, truth, places)
        print("  speakers:")
        s = score_speakers(library, truth, speakers)
        print(f"  places {dict(p)}; speakers {dict(s)}; naming {wall:.1f} s wall, {cpu:.1f} s CPU "
              "(shared 2-core machine)")
        total_places += p
        total_speakers += s
        library.close()
    print(f"all: places {dict(total_places)}; speakers {dict(total_speakers)}")


if __name__ == "__main__":
    sys.exit(main())
