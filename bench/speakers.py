"""Speaker clustering on worlds of 6–8 real synthesized voices (Piper, flite, espeak-ng; ≥ 3 female):
purity and completeness per voice, coverage, and the speech stages' time.

Each world is ingested once with the real speech stages (Whisper base, Resemblyzer, the SpeakerAssigner);
`--sweep` then re-runs only the assignment on the stored voice embeddings, for each setting of the
clustering, on copies of the catalog. Tune on dev worlds (seeds < 1000), report held-out ones (≥ 1000).

    PYTHONPATH=src .venv/bin/python bench/speakers.py --seeds 1,2 --out /tmp/voices [--sweep]
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import numpy as np

from vidmem.ingest.speakers import SpeakerAssigner
from vidmem.library import Library
from vidmem.store.catalog import Catalog
from vidmem.store.speech import SpeechStore
from voice_world import World, ingest_world, make_world, purity_per_voice, truth_voice


def cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def ingest(world: World, root: Path, asr: bool) -> tuple[Path, float, float]:
    """The world's Library (made once); (path, wall s, cpu s) of its ingest, 0 when it was done before.

    Without `asr` the utterances are the world's own turns (exact times) and only the speaker stage runs
    for real; with it, Whisper finds the utterances as it would in use (slow on 2 shared cores)."""
    lib_path = root / ("lib-asr" if asr else "lib")
    if (lib_path / "ingested").is_file() or os.environ.get("BENCH_PARTIAL"):
        return lib_path, 0.0, 0.0
    from vidmem.ingest.stages.audio import SpeakersStage
    from vidmem.models.voices import ResemblyzerEmbedder

    voices = ResemblyzerEmbedder()
    transcriber = None
    if asr:
        from vidmem.models.whisper import FasterWhisperTranscriber

        transcriber = FasterWhisperTranscriber.lite(cpu_threads=2)
    wall, cpu = time.perf_counter(), cpu_s()
    with Library.open(lib_path) as library:
        reports = ingest_world(library, world, [SpeakersStage()], voices, transcriber)  # resumes a killed run
        assert all(r.ok for r in reports), reports
    (lib_path / "ingested").touch()
    return lib_path, time.perf_counter() - wall, cpu_s() - cpu


def done_videos(catalog: Catalog) -> list:  # type: ignore[type-arg]
    """The files whose speaker stage finished (a run still going, or killed, has done a prefix of them)."""
    return [v for v in catalog.videos() if (job := catalog.job(v.id, "speakers")) is not None and job.status == "done"]


def score(catalog: Catalog, world: World) -> list[tuple[int | None, str]]:
    store = SpeechStore(catalog)
    pairs = []
    for video, turns in zip(done_videos(catalog), world.turns, strict=False):
        for u in store.utterances(video.id):
            truth = truth_voice(turns, u.t0 - video.start_at, u.t1 - video.start_at)
            if truth is not None:
                pairs.append((u.speaker_id, truth))
    return pairs


def reassign(lib_path: Path, world: World, assigner: SpeakerAssigner) -> list[tuple[int | None, str]]:
    """Run only the assignment again, file by file, on a copy of the catalog's stored embeddings."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "catalog.sqlite"
        source = sqlite3.connect(lib_path / "catalog.sqlite")
        target = sqlite3.connect(copy)
        source.backup(target)
        source.close()
        target.close()
        catalog = Catalog(copy)
        try:
            store = SpeechStore(catalog)
            embeddings = {}
            for row in catalog.conn.execute("SELECT id, embedding FROM utterances"):
                embeddings[row[0]] = None if row[1] is None else np.frombuffer(row[1], dtype=np.float32).copy()
            with catalog.transaction():
                catalog.conn.execute("UPDATE utterances SET speaker_id = NULL")
                catalog.conn.execute("DELETE FROM speakers")
            for video in done_videos(catalog):
                utterances = store.utterances(video.id)
                ids = [u.id for u in utterances]
                vectors = np.stack([embeddings[i] if embeddings[i] is not None else np.zeros(256, np.float32)
                                    for i in ids]) if ids else np.zeros((0, 256), np.float32)
                with catalog.transaction():
                    assigner.assign(store, video.id, ids, vectors, [embeddings[i] is not None for i in ids],
                                    [u.t1 - u.t0 for u in utterances])
            return score(catalog, world)
        finally:
            catalog.close()


def summary(pairs: list[tuple[int | None, str]]) -> dict[str, float]:
    per = purity_per_voice(pairs)
    return {
        "min_purity": min(p["purity"] for p in per.values()),
        "mean_purity": statistics.mean(p["purity"] for p in per.values()),
        "min_complete": min(p["completeness"] for p in per.values()),
        "mean_complete": statistics.mean(p["completeness"] for p in per.values()),
        "coverage": sum(c is not None for c, _ in pairs) / max(len(pairs), 1),
        "speakers": len({c for c, _ in pairs if c is not None}),
        "distinct_main": len({p["cluster"] for p in per.values()}),
    }


def show(pairs: list[tuple[int | None, str]], world: World) -> None:
    per = purity_per_voice(pairs)
    print(f"  {'voice':32} {'n':>4} {'cluster':>7} {'purity':>7} {'complete':>8} {'coverage':>8}")
    for voice in world.voices:
        p = per.get(voice)
        if p is None:
            continue
        sex = "F" if voice in world.female else "M"
        wearer = " (wearer)" if voice == world.voices[0] else ""
        print(f"  {voice + ' ' + sex + wearer:32} {p['n']:4d} {p['cluster']:7d} {p['purity']:7.2f} "
              f"{p['completeness']:8.2f} {p['coverage']:8.2f}")
    s = summary(pairs)
    print(f"  speakers {s['speakers']} for {len(world.voices)} voices; voices with their own main cluster "
          f"{s['distinct_main']}; purity mean {s['mean_purity']:.2f} min {s['min_purity']:.2f}; completeness "
          f"mean {s['mean_complete']:.2f} min {s['min_complete']:.2f}; coverage {s['coverage']:.2f}")


GRID = {
    "cluster_distance": [0.3],
    "split_silhouette": [0.2, 0.25, 0.3],
    "min_split_part": [2],
    "min_split_s": [0.0, 3.2, 5.0],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="1,2", help="comma-separated world seeds (< 1000 dev, ≥ 1000 held-out)")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "vidmem-speakers")
    parser.add_argument("--voices", type=int, default=7)
    parser.add_argument("--female", type=int, default=3)
    parser.add_argument("--sweep", action="store_true", help="re-run the assignment for each setting of GRID")
    parser.add_argument("--asr", action="store_true", help="utterances from Whisper instead of the truth's turns")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    worlds = []
    for seed in seeds:
        root = args.out / f"seed-{seed}"
        wall, cpu = time.perf_counter(), cpu_s()
        world = make_world(root / "audio", seed, n_voices=args.voices, n_female=args.female)
        synth_wall = time.perf_counter() - wall
        lib_path, ingest_wall, ingest_cpu = ingest(world, root, args.asr)
        audio_s = sum(t[-1].t1 for t in world.turns)
        print(f"seed {seed}: {len(world.voices)} voices ({len(world.female)} female), {len(world.files)} files, "
              f"{audio_s / 60:.1f} min; synthesis {synth_wall:.0f} s wall; speech ingest {ingest_wall:.0f} s wall, "
              f"{ingest_cpu:.0f} s CPU (0 = reused; shared 2-core machine; utterances from "
              f"{'Whisper' if args.asr else 'the truth'})")
        with Library.open(lib_path) as library:
            print("  as ingested:")
            show(score(library.catalog, world), world)
        default = SpeakerAssigner()
        wall, cpu = time.perf_counter(), cpu_s()
        pairs = reassign(lib_path, world, default)
        print(f"  assignment alone (current defaults) {time.perf_counter() - wall:.2f} s wall, "
              f"{cpu_s() - cpu:.2f} s CPU:")
        show(pairs, world)
        worlds.append((world, lib_path))
    if not args.sweep:
        return
    keys = list(GRID)
    results = []
    for values in itertools.product(*(GRID[k] for k in keys)):
        assigner = replace(SpeakerAssigner(), **dict(zip(keys, values, strict=True)))
        sums = [summary(reassign(lib, world, assigner)) for world, lib in worlds]
        results.append((dict(zip(keys, values, strict=True)),
                        {k: statistics.mean(s[k] for s in sums) for k in sums[0]}))
    results.sort(key=lambda r: -(r[1]["mean_purity"] + r[1]["mean_complete"]))
    print("sweep (mean over worlds), best first:")
    for params, s in results[:15]:
        print(f"  {params}  purity {s['mean_purity']:.3f} (min {s['min_purity']:.2f})  completeness "
              f"{s['mean_complete']:.3f} (min {s['min_complete']:.2f})  coverage {s['coverage']:.2f}  "
              f"speakers {s['speakers']:.1f}")


if __name__ == "__main__":
    main()
