"""The lite graph on generated dialogue with known truth (devdata): people call each other by name and
state facts. The truth's utterances and on-screen people go into a Library through the speech and
vision stores (as a perfect ASR/diarisation/face stage would write them); the graph stage then runs on
that Library, and its edges are scored against the truth.

Thresholds (measured on seed 3, 1 day × 3 min; see the docs for figures): talks_to recall ≥ 0.9 and
precision ≥ 0.9, planted-fact mentions recall ≥ 0.8, co_present recall and precision ≥ 0.9.
"""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest

from vidmem.config import Settings
from vidmem.devdata.schedule import Scheduler
from vidmem.devdata.speech import SpeechCache
from vidmem.devdata.truth import Truth
from vidmem.graph.build import RulesAdapter, build_video_graph, save_video_graph
from vidmem.store import Catalog, NewVideo, SegmentRow
from vidmem.store.graph import Edge, GraphStore, norm_name
from vidmem.store.speech import SpeechStore, UtteranceRow
from vidmem.store.vision import FaceRow, FrameVisionRow, VisionRows, VisionStore
from vidmem.timeline import Clock

FACT_SLOTS = ("restaurant", "city", "item", "gift", "spot", "owner")
SLACK_S = 1.0


@pytest.fixture(scope="module")
def truth() -> Truth:
    truth, _ = Scheduler(3, SpeechCache(), date(2026, 3, 2)).plan(1, 3)
    return truth


@pytest.fixture(scope="module")
def built(truth: Truth, tmp_path_factory: pytest.TempPathFactory) -> tuple[Truth, list[Edge]]:
    catalog = Catalog(tmp_path_factory.mktemp("graphlib") / "catalog.sqlite")
    names = {p.id: p.name for p in truth.people}
    speech, vision, graph = SpeechStore(catalog), VisionStore(catalog), GraphStore(catalog)
    settings = Settings()
    with catalog.transaction():
        speaker_ids = {}
        for person in truth.people:
            sid = speech.new_speaker(np.zeros(4, dtype=np.float32))
            speech.set_name(sid, person.name, 1.0, [], "user")
            speaker_ids[person.id] = sid
    for n, video in enumerate(truth.videos):
        with catalog.transaction():
            vid = catalog.insert_video(NewVideo(f"sha{n}", video.file.encode(), video.file, 1, video.duration, True,
                                                True, 320, 240, 5.0, video.start_at, "option"))
            windows = np.arange(0.0, video.duration, settings.window_s)
            catalog.replace_segments(vid, [SegmentRow(i, video.start_at + t, video.start_at + min(t + settings.window_s,
                                                                                                  video.duration))
                                           for i, t in enumerate(windows)])
            said = [u for u in truth.utterances if u.video == video.file]
            speech.replace_utterances(vid, [UtteranceRow(i, u.t0, u.t1, u.text) for i, u in enumerate(said)])
            rows = speech.utterances(vid)
            speech.set_utterance_speakers([(r.id, speaker_ids[u.value], None) for r, u in zip(rows, said, strict=True)])
            # one analysed frame per second; faces of the people in view (person ids = cast order)
            person_ids = {p.id: i + 1 for i, p in enumerate(truth.people)}
            seen = [s for s in truth.of("person") if s.video == video.file]
            frames, faces = [], []
            for idx in range(int(video.duration)):
                t = video.start_at + idx
                frames.append(FrameVisionRow(idx, t, idx, None, False, None))
                for s in seen:
                    if s.t0 <= t < s.t1:
                        faces.append(FaceRow(idx, t, (0, 0, 10, 10), 0.9, np.zeros(128, np.float32),
                                             person_ids[s.value]))
            known = {p.id for p in vision.people()}
            new_people = sorted({f.person_id for f in faces if f.person_id is not None} - known)
            vision.replace_video(vid, VisionRows(frames=frames, faces=faces, new_people=new_people))
            for pid, number in person_ids.items():
                if number in new_people:
                    vision.rename_person(str(number), names[pid])
        clock = Clock(truth.videos[0].start_at)
        result = build_video_graph(catalog, vid, clock, RulesAdapter())
        with catalog.transaction():
            save_video_graph(catalog, vid, result)
    assert all(s.document for v in catalog.videos() for s in catalog.segments(v.id) if s.t0 < v.end_at)
    return truth, graph.edges()


def covers(edge: Edge, t0: float, t1: float) -> bool:
    return edge.t_start - SLACK_S <= t1 and t0 <= edge.t_end + SLACK_S


def test_talks_to_between_the_right_people(built: tuple[Truth, list[Edge]]) -> None:
    truth, edges = built
    names = {p.id: p.name for p in truth.people}
    talks = [e for e in edges if e.relationship == "talks_to"]
    addressed = [u for u in truth.utterances if u.addressee]
    found = [u for u in addressed if any(norm_name(e.source) == norm_name(names[u.value])
                                         and norm_name(e.target) == norm_name(names[u.addressee])
                                         and covers(e, u.t0, u.t1) for e in talks)]
    recall = len(found) / len(addressed)
    right = [e for e in talks if any(norm_name(e.source) == norm_name(names[u.value])
                                     and norm_name(e.target) == norm_name(names[u.addressee])
                                     and covers(e, u.t0, u.t1) for u in addressed)]
    precision = len(right) / len(talks)
    print(f"talks_to: {len(addressed)} addressed lines, {len(talks)} edges, recall {recall:.2f}, "
          f"precision {precision:.2f}")
    assert recall >= 0.9 and precision >= 0.9


def test_mentions_of_planted_facts(built: tuple[Truth, list[Edge]]) -> None:
    truth, edges = built
    names = {p.id: p.name for p in truth.people}
    planted = [(u, slot, names.get(value, value)) for u in truth.utterances for slot, value in u.facts
               if slot in FACT_SLOTS]
    mentions = [e for e in edges if e.relationship in ("mentions", "uses", "located_at")]

    def stated(u, value: str) -> bool:  # type: ignore[no-untyped-def]
        key = norm_name(value)
        return any(covers(e, u.t0, u.t1) and (key in norm_name(e.target) or key in norm_name(e.source))
                   for e in mentions)

    hit = [p for p in planted if stated(p[0], p[2])]
    recall = len(hit) / len(planted)
    missed = [(slot, value, u.text) for u, slot, value in planted if not stated(u, value)]
    # precision: a mention should name something the script put there (a fact, a person, an object, a place)
    vocabulary = {norm_name(v) for u in truth.utterances for _, v in u.facts} | {norm_name(n) for n in names.values()}
    vocabulary |= {norm_name(o) for o in truth.objects} | {norm_name(p) for p in truth.places}
    said = [e for e in mentions if e.relationship == "mentions"]
    known = [e for e in said if any(v in norm_name(e.target) or norm_name(e.target) in v for v in vocabulary)]
    precision = len(known) / len(said)
    print(f"planted facts: {len(planted)}, found {len(hit)}, recall {recall:.2f}; mentions {len(said)}, "
          f"precision vs the script's vocabulary {precision:.2f}; missed {missed}")
    assert planted and recall >= 0.8 and precision >= 0.8


def test_co_present_for_people_on_screen(built: tuple[Truth, list[Edge]]) -> None:
    truth, edges = built
    names = {p.id: p.name for p in truth.people}
    seen = truth.of("person")
    co = [e for e in edges if e.relationship == "co_present"]
    found = [s for s in seen if any(names[s.value] in (e.source, e.target) and covers(e, s.t0, s.t1) for e in co)]
    right = [e for e in co if any(names[s.value] in (e.source, e.target) and covers(e, s.t0, s.t1) for s in seen)]
    recall, precision = len(found) / len(seen), len(right) / len(co)
    print(f"co_present: {len(seen)} on-screen spans, {len(co)} edges, recall {recall:.2f}, precision {precision:.2f}")
    assert recall >= 0.9 and precision >= 0.9
