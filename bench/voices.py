"""Speaker clusters of a real ingest against a generated corpus's truth (`vidmem devdata make`): per voice
purity, completeness and coverage, and how often clusters and lines carry the right name.

Each utterance of the Library takes the true speaker of the corpus line it overlaps most (none: not
scored). Per person: the main cluster (the one holding most of their lines), completeness (share of
their lines there), purity (share of that cluster's lines that are theirs), coverage (share of their lines
with any speaker). Per cluster: its name against the true name of the person whose lines it holds most
(naming precision = right / named; "spelt": the right person under speech recognition's spelling of the
name). Per line: "named right" when its speaker's name is the true
speaker's (the answer a "who said …" question needs); lines of the wearer also count when their speaker
is the voice heard most and carries no other person's name. Faces: each face cluster takes the true person in
view most when its faces were seen; a face-voice link is right when both sides are the same person.

`--reassign` re-runs only the speaker assignment and naming of the current code, file by file, on a copy
of the catalog's stored voice embeddings (so a clustering change is measured without re-embedding).
Develop on dev seeds (< 1000); held-out seeds (≥ 1000) are for reporting only.

    PYTHONPATH=src .venv/bin/python bench/voices.py CORPUS LIBRARY [--reassign] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from difflib import SequenceMatcher
from pathlib import Path

import numpy as np

from vidmem.devdata.truth import Truth
from vidmem.ingest.speakers import SpeakerAssigner, infer_names, read_names
from vidmem.store.catalog import Catalog
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import VisionStore


def cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def first(name: str | None) -> str:
    return (name or "").strip().split(" ")[0].lower()


def spelt(name: str, truth: str) -> bool:
    """The true name as speech recognition spelt it ("Rahol" for Rahul): the right person, not the right name."""
    return SequenceMatcher(None, first(name), first(truth)).ratio() >= 0.7


def line_truth(store: SpeechStore, truth: Truth) -> list[tuple[int | None, str]]:
    """(speaker id, true person id) for each Library utterance that overlaps a corpus line."""
    lines = sorted(truth.utterances, key=lambda s: s.t0)
    starts = np.asarray([s.t0 for s in lines])
    out = []
    for u in store.utterances():
        overlap: Counter = Counter()
        for k in range(max(int(np.searchsorted(starts, u.t0 - 30.0)), 0), len(lines)):
            line = lines[k]
            if line.t0 > u.t1:
                break
            shared = min(u.t1, line.t1) - max(u.t0, line.t0)
            if shared > 0:
                overlap[line.value] += shared
        if overlap:
            out.append((u.speaker_id, overlap.most_common(1)[0][0]))
    return out


def score(catalog: Catalog, truth: Truth, *, verbose: bool = True) -> dict:
    store = SpeechStore(catalog)
    pairs = line_truth(store, truth)
    names = {p.id: p.name for p in truth.people}
    speakers = {s.id: s for s in store.speakers()}
    by_cluster: dict[int, Counter] = {}
    for c, who in pairs:
        if c is not None:
            by_cluster.setdefault(c, Counter())[who] += 1
    heard_most = max(by_cluster, key=lambda c: sum(by_cluster[c].values()), default=None)
    people = {}
    for person in truth.people:
        mine = [c for c, who in pairs if who == person.id]
        assigned = [c for c in mine if c is not None]
        if not mine:
            continue
        main = Counter(assigned).most_common(1)[0][0] if assigned else None
        people[person.id] = {
            "name": person.name, "voice": person.voice, "lines": len(mine), "main": main,
            "completeness": assigned.count(main) / len(mine) if main is not None else 0.0,
            "purity": by_cluster[main][person.id] / sum(by_cluster[main].values()) if main is not None else 0.0,
            "coverage": len(assigned) / len(mine),
        }
    clusters = {}
    for c, votes in sorted(by_cluster.items()):
        majority = votes.most_common(1)[0][0]
        speaker = speakers.get(c)
        name = speaker.name if speaker else None
        verdict = "none" if not name else ("right" if first(name) == first(names[majority]) else
                                           "spelt" if spelt(name, names[majority]) else "wrong")
        clusters[c] = {"label": speaker.label if speaker else str(c), "lines": sum(votes.values()),
                       "truth": {names[k]: v for k, v in votes.most_common()}, "name": name,
                       "confidence": speaker.name_confidence if speaker else None, "verdict": verdict}
    named_right = 0
    for c, who in pairs:
        name = speakers[c].name if c is not None and c in speakers else None
        right = bool(name) and first(name) == first(names[who])
        wearer = who == "me" and c is not None and c == heard_most and not name
        named_right += right or wearer
    named = [v for v in clusters.values() if v["name"]]
    result = {
        "seed": truth.seed, "voices": len(people), "clusters": len(clusters), "lines": len(pairs),
        "mean_purity": statistics.mean(p["purity"] for p in people.values()),
        "min_purity": min(p["purity"] for p in people.values()),
        "mean_completeness": statistics.mean(p["completeness"] for p in people.values()),
        "coverage": sum(c is not None for c, _ in pairs) / max(len(pairs), 1),
        "own_main_cluster": len({p["main"] for p in people.values() if p["main"] is not None}),
        "named_clusters": len(named), "named_right": sum(v["verdict"] == "right" for v in named),
        "named_spelt": sum(v["verdict"] == "spelt" for v in named),
        "people_named": len({first(v["name"]) for v in named if v["verdict"] == "right"}),
        "lines_named_right": named_right / max(len(pairs), 1),
        "people": people, "cluster_detail": clusters,
    }
    result.update(faces_and_links(catalog, truth, clusters))
    if verbose:
        show(result)
    return result


def faces_and_links(catalog: Catalog, truth: Truth, clusters: dict) -> dict:
    """Each face cluster → the true person in view most at its faces' times; each face ↔ voice link right
    when both sides are the same person; each face's inferred name against that person's name."""
    vision = VisionStore(catalog)
    names = {p.id: p.name for p in truth.people}
    by_name = {p.name: p.id for p in truth.people}
    in_view = truth.of("person")
    votes: dict[int, Counter] = {}
    for video in catalog.videos():
        for face in vision.faces(video.id):
            if face.person_id is None:
                continue
            for span in in_view:
                if span.t0 - 0.5 <= face.t <= span.t1 + 0.5:
                    votes.setdefault(face.person_id, Counter())[span.value] += 1
    face_truth = {pid: c.most_common(1)[0][0] for pid, c in votes.items()}
    voice_truth = {c: by_name.get(max(v["truth"], key=lambda k: v["truth"][k])) for c, v in clusters.items()}
    links = [(person, speaker, confidence, face_truth.get(person), voice_truth.get(speaker))
             for person, speaker, confidence, *_ in vision.person_speakers()]
    people = [(p.label, face_truth.get(p.id), p.inferred_name, p.name_confidence) for p in vision.people()]
    return {
        "faces": len(vision.people()), "faces_of_someone": len(face_truth),
        "links": len(links), "links_right": sum(1 for *_, f, v in links if f is not None and f == v),
        "link_detail": [(a, b, round(c, 2), names.get(f or "", f), names.get(v or "", v)) for a, b, c, f, v in links],
        "face_names": sum(1 for *_, name, _ in people if name),
        "face_names_right": sum(1 for _, who, name, _ in people if name and who and first(name) == first(names[who])),
    }


def show(r: dict) -> None:
    print(f"  {'person':10} {'voice':30} {'lines':>5} {'main':>5} {'purity':>6} {'complete':>8} {'cover':>5}")
    for pid, p in r["people"].items():
        print(f"  {p['name'] + (' (me)' if pid == 'me' else ''):10} {p['voice']:30} {p['lines']:5d} "
              f"{p['main'] if p['main'] is not None else '-':>5} {p['purity']:6.2f} {p['completeness']:8.2f} "
              f"{p['coverage']:5.2f}")
    for c, v in r["cluster_detail"].items():
        conf = f"{v['confidence']:.2f}" if v["confidence"] is not None else "-"
        print(f"    cluster {c:3} {v['label']:11} {v['lines']:4d} lines, truth {v['truth']}; "
              f"named {v['name']!r} {conf} {v['verdict']}")
    print(f"  seed {r['seed']}: {r['clusters']} clusters for {r['voices']} voices ({r['own_main_cluster']} with their "
          f"own main cluster); purity mean {r['mean_purity']:.2f} min {r['min_purity']:.2f}; completeness mean "
          f"{r['mean_completeness']:.2f}; coverage {r['coverage']:.2f}; named clusters {r['named_right']}/"
          f"{r['named_clusters']} right ({r['named_spelt']} more misspelt), {r['people_named']}/{r['voices']} people "
          "named right; lines named right "
          f"{r['lines_named_right']:.2f}")
    print(f"  faces: {r['faces']} people by face ({r['faces_of_someone']} seen while a true person was in view); "
          f"face-voice links {r['links_right']}/{r['links']} right {r['link_detail']}; faces named "
          f"{r['face_names_right']}/{r['face_names']} right")


def reassign(library: Path, assigner: SpeakerAssigner, folder: Path) -> tuple[Catalog, float]:
    """A copy of the catalog whose speakers and names the current code decided again; (catalog, CPU s)."""
    copy = folder / "catalog.sqlite"
    source, target = sqlite3.connect(library / "catalog.sqlite"), sqlite3.connect(copy)
    source.backup(target)
    source.close()
    target.close()
    catalog = Catalog(copy)
    store = SpeechStore(catalog)
    embeddings = {row[0]: None if row[1] is None else np.frombuffer(row[1], dtype=np.float32).copy()
                  for row in catalog.conn.execute("SELECT id, embedding FROM utterances")}
    with catalog.transaction():
        catalog.conn.execute("UPDATE utterances SET speaker_id = NULL")
        catalog.conn.execute("DELETE FROM speakers")
    cpu = cpu_s()
    for video in sorted(catalog.videos(), key=lambda v: v.id):
        utterances = store.utterances(video.id)
        if not utterances:
            continue
        ids = [u.id for u in utterances]
        dim = next((len(e) for e in embeddings.values() if e is not None), 256)
        vectors = np.stack([embeddings[i] if embeddings[i] is not None else np.zeros(dim, np.float32) for i in ids])
        lines = read_names([u.text for u in utterances])
        with catalog.transaction():
            assigner.assign(store, video.id, ids, vectors, [embeddings[i] is not None for i in ids],
                            [u.t1 - u.t0 for u in utterances])
            infer_names(store, video.id, lines)
    return catalog, cpu_s() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("library", type=Path)
    parser.add_argument("--reassign", action="store_true", help="also re-decide speakers with the current code")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a SpeakerAssigner setting for --reassign (repeatable)")
    args = parser.parse_args()
    truth = Truth.load(args.corpus / "truth.json")
    out = {}
    catalog = Catalog(args.library / "catalog.sqlite", read_only=True)
    print(f"{args.library} as stored:")
    out["stored"] = score(catalog, truth)
    catalog.close()
    if args.reassign:
        folder = Path(tempfile.mkdtemp(prefix="voices-bench-"))
        try:
            wall = time.perf_counter()
            defaults = SpeakerAssigner()
            settings = {k: type(getattr(defaults, k))(v) for k, v in (item.split("=", 1) for item in args.set)}
            catalog, cpu = reassign(args.library, replace(defaults, **settings), folder)
            print(f"re-assigned by the current code ({time.perf_counter() - wall:.1f} s wall, {cpu:.1f} s CPU incl. "
                  "spaCy parse; shared 2-core machine):")
            out["reassigned"] = score(catalog, truth)
            catalog.close()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=str))


if __name__ == "__main__":
    sys.exit(main())
