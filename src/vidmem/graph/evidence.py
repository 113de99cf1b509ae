"""What the graph is built from: per segment, who said what (speech tables) and what was seen (frames,
and the vision tables when present). Read through the store modules; nothing here writes."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass, field

from vidmem.store import Catalog
from vidmem.store.graph import GraphStore

WEARER = "me"  # the camera wearer, as an entity
NAME_CONFIDENCE = 0.6  # an inferred speaker name below this stays "Speaker N"
LABEL_MIN_SCORE = 0.3  # ImageNet labels below this are too unsure to become graph objects


@dataclass(frozen=True)
class SpokenLine:
    t0: float  # absolute
    t1: float
    speaker: str  # a name, or "Speaker 3" when no name is known
    text: str
    speaker_identity: str | None = None  # "speaker:3"


@dataclass(frozen=True)
class Person:
    name: str  # a name, or "Person 2" for an unnamed face
    identity: str | None = None  # "face:2"


@dataclass(frozen=True)
class Sighting:
    t: float  # absolute
    labels: tuple[str, ...] = ()  # objects recognised in the frame
    people: tuple[Person, ...] = ()
    place: str | None = None
    description: str | None = None


@dataclass
class SegmentEvidence:
    segment_id: int | None
    idx: int
    t0: float
    t1: float
    lines: list[SpokenLine] = field(default_factory=list)
    sightings: list[Sighting] = field(default_factory=list)


def assign(segments: Sequence[tuple[int | None, int, float, float]], lines: Sequence[SpokenLine],
           sightings: Sequence[Sighting]) -> list[SegmentEvidence]:
    """Put each line (by its start) and each sighting into the segment that holds it."""
    out = [SegmentEvidence(sid, idx, t0, t1) for sid, idx, t0, t1 in sorted(segments, key=lambda s: s[2])]
    if not out:
        return out

    def find(t: float) -> SegmentEvidence:
        for seg in out:
            if seg.t0 <= t < seg.t1:
                return seg
        return out[-1] if t >= out[-1].t0 else out[0]

    for line in sorted(lines, key=lambda x: x.t0):
        find(line.t0).lines.append(line)
    for sighting in sorted(sightings, key=lambda x: x.t):
        find(sighting.t).sightings.append(sighting)
    return out


def spoken_lines(catalog: Catalog, video_id: int) -> list[SpokenLine]:
    """Utterances with their speakers' names, when the speech tables exist."""
    if importlib.util.find_spec("vidmem.store.speech") is None or not _has_table(catalog, "utterances"):
        return []
    from vidmem.store.speech import SpeechStore

    store = SpeechStore(catalog)
    speakers = {s.id: s for s in store.speakers()}
    out = []
    for u in store.utterances(video_id):
        speaker = speakers.get(u.speaker_id) if u.speaker_id is not None else None
        if speaker is None:
            name, identity = "unknown speaker", None
        else:
            sure = speaker.name and (speaker.name_source == "user" or (speaker.name_confidence or 0) >= NAME_CONFIDENCE)
            name, identity = (speaker.name if sure else speaker.label) or speaker.label, f"speaker:{speaker.id}"
        out.append(SpokenLine(u.t0, u.t1, name, u.text, identity))
    return out


def sightings(catalog: Catalog, video_id: int) -> list[Sighting]:
    """Frame descriptions (core table); labels, people and places come from the vision store when present."""
    vision = _vision_sightings(catalog, video_id)
    if vision is not None:
        return vision
    return [Sighting(f.t, description=f.description) for f in catalog.frames(video_id) if f.description]


def _vision_sightings(catalog: Catalog, video_id: int) -> list[Sighting] | None:
    """Labels, faces (as people) and places per analysed frame, from the vision tables."""
    if importlib.util.find_spec("vidmem.store.vision") is None or not _has_table(catalog, "frame_vision"):
        return None
    from vidmem.store.vision import VisionStore

    vision = VisionStore(catalog)
    rows = vision.frame_rows(video_id)
    if not rows:
        return None
    people = {p.id: p for p in vision.people()}
    places = {p.id: p.display for p in vision.places()}
    faces: dict[int, list[Person]] = {}
    for face in vision.faces(video_id):
        if face.person_id is not None and face.person_id in people:
            person = people[face.person_id]
            faces.setdefault(face.idx, []).append(Person(person.display, f"face:{person.id}"))
    labels = GraphStore(catalog).frame_labels(video_id, LABEL_MIN_SCORE)
    return [
        Sighting(row.t, tuple(labels.get(row.idx, ())), tuple(faces.get(row.idx, ())),
                 places.get(row.place_id) if row.place_id is not None else None, row.description)
        for row in rows
    ]


def identity_links(catalog: Catalog) -> list[tuple[str, str, float]]:
    """(face identity, voice identity, confidence): a face seen again and again while a voice speaks."""
    if importlib.util.find_spec("vidmem.store.vision") is None or not _has_table(catalog, "person_speakers"):
        return []
    from vidmem.store.vision import VisionStore

    return [(f"face:{p}", f"speaker:{s}", float(c)) for p, s, c, *_ in VisionStore(catalog).person_speakers()]


def segment_evidence(catalog: Catalog, video_id: int) -> list[SegmentEvidence]:
    ids = GraphStore(catalog).segment_ids(video_id)
    segments = [(ids.get(s.idx), s.idx, s.t0, s.t1) for s in catalog.segments(video_id)]
    return assign(segments, spoken_lines(catalog, video_id), sightings(catalog, video_id))


def _has_table(catalog: Catalog, name: str) -> bool:
    return GraphStore(catalog).has_table(name)
