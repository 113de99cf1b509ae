"""Frame labels, faces and text; people and places. Every SQL string of the vision tables."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from vidmem.store.catalog import Catalog
from vidmem.store.sql import window_where


def _blob(vector: np.ndarray | None) -> bytes | None:
    return None if vector is None else np.asarray(vector, dtype=np.float32).tobytes()


def _vector(blob: bytes | None) -> np.ndarray | None:
    return None if blob is None else np.frombuffer(blob, dtype=np.float32).copy()


def _half_blob(vector: np.ndarray | None) -> bytes | None:
    """Image features kept at half precision: a likeness needs no more, and a week of key frames half the room."""
    return None if vector is None else np.asarray(vector, dtype=np.float16).tobytes()


@dataclass(frozen=True)
class FrameVisionRow:
    idx: int
    t: float
    key_idx: int
    place_id: int | None
    ocr_ran: bool
    description: str | None
    n_people: int | None = None  # whole bodies the person detector found (None: not run)
    near_view: np.ndarray | None = None  # key frames: image features of the lower-centre square (held things)


@dataclass(frozen=True)
class LabelRow:
    idx: int
    rank: int
    class_index: int
    name: str
    score: float
    region: str = "frame"  # "frame" | "near" (the lower-centre square: held objects)


@dataclass(frozen=True)
class FaceRow:
    idx: int
    t: float
    box: tuple[int, int, int, int]
    score: float
    embedding: np.ndarray
    person_id: int | None


@dataclass(frozen=True)
class TextRow:
    idx: int
    t: float
    text: str
    score: float


@dataclass(frozen=True)
class VisitRow:
    place_id: int
    t0: float
    t1: float
    n_frames: int
    centroid: np.ndarray
    colours: np.ndarray | None = None  # mean colour signature of its frames


@dataclass(frozen=True)
class Person:
    id: int
    label: str
    name: str | None  # given by the user: always wins
    centroid: np.ndarray | None
    n_faces: int
    inferred_name: str | None = None  # from the voice linked to the face
    name_confidence: float | None = None
    name_evidence: list[dict] = field(default_factory=list)

    @property
    def display(self) -> str:
        return self.name or self.inferred_name or self.label

    @property
    def name_source(self) -> str | None:
        return "user" if self.name else "inferred" if self.inferred_name else None


@dataclass(frozen=True)
class Place:
    id: int
    label: str
    name: str | None  # given by the user: always wins
    auto_name: str | None  # what its frames show (labels / text): a description, not a name
    centroid: np.ndarray | None
    n_frames: int
    inferred_name: str | None = None  # what people call it on arriving, or its sign
    name_confidence: float | None = None
    name_evidence: list[dict] = field(default_factory=list)
    colours: np.ndarray | None = None  # mean colour signature of its visits' frames (None: never measured)

    @property
    def answer_name(self) -> str | None:
        """The name a user would say for it (theirs, else the inferred one), or None."""
        return self.name or self.inferred_name

    @property
    def name_source(self) -> str | None:
        return "user" if self.name else "inferred" if self.inferred_name else None

    @property
    def display(self) -> str:
        return self.name or self.inferred_name or self.auto_name or self.label


@dataclass
class VisionRows:
    """Everything the vision stage writes for one video."""

    frames: list[FrameVisionRow] = field(default_factory=list)
    labels: list[LabelRow] = field(default_factory=list)
    faces: list[FaceRow] = field(default_factory=list)
    texts: list[TextRow] = field(default_factory=list)
    visits: list[VisitRow] = field(default_factory=list)
    new_people: list[int] = field(default_factory=list)  # ids chosen by the stage
    new_places: list[int] = field(default_factory=list)


class VisionStore:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.conn = catalog.conn

    # --- per-video rows (call inside a transaction) --------------------------------------------

    def replace_video(self, video_id: int, rows: VisionRows) -> None:
        """Delete-then-insert one video's rows; new people/places get the ids the stage chose."""
        c = self.conn
        for table in ("frame_vision", "frame_labels", "frame_faces", "frame_text", "place_visits"):
            c.execute(f"DELETE FROM {table} WHERE video_id = ?", (video_id,))
        now = time.time()
        c.executemany(
            "INSERT OR IGNORE INTO people (id, label, created_at) VALUES (?, ?, ?)",
            [(pid, f"Person {pid}", now) for pid in rows.new_people],
        )
        c.executemany(
            "INSERT OR IGNORE INTO places (id, label, created_at) VALUES (?, ?, ?)",
            [(pid, f"P{pid}", now) for pid in rows.new_places],
        )
        c.executemany(
            "INSERT INTO frame_vision (video_id, idx, t, key_idx, place_id, ocr_ran, description, n_people, "
            "near_view) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(video_id, f.idx, f.t, f.key_idx, f.place_id, int(f.ocr_ran), f.description, f.n_people,
              _half_blob(f.near_view)) for f in rows.frames],
        )
        c.executemany(
            "UPDATE frames SET description = ? WHERE video_id = ? AND idx = ?",
            [(f.description, video_id, f.idx) for f in rows.frames],
        )
        c.executemany(
            "INSERT INTO frame_labels (video_id, idx, rank, class_index, name, score, region) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(video_id, r.idx, r.rank, r.class_index, r.name, r.score, r.region) for r in rows.labels],
        )
        c.executemany(
            "INSERT INTO frame_faces (video_id, idx, t, x0, y0, x1, y1, score, embedding, person_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(video_id, f.idx, f.t, *f.box, f.score, _blob(f.embedding), f.person_id) for f in rows.faces],
        )
        c.executemany(
            "INSERT INTO frame_text (video_id, idx, t, text, score) VALUES (?, ?, ?, ?, ?)",
            [(video_id, r.idx, r.t, r.text, r.score) for r in rows.texts],
        )
        c.executemany(
            "INSERT INTO place_visits (video_id, place_id, t0, t1, n_frames, centroid, colours) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(video_id, v.place_id, v.t0, v.t1, v.n_frames, _blob(v.centroid), _blob(v.colours)) for v in rows.visits],
        )
        self._refresh_people()
        self._refresh_places()

    def _refresh_people(self) -> None:
        """Centroids and counts from all faces (so a re-ingested video never double-counts)."""
        sums: dict[int, tuple[np.ndarray, int]] = {}
        for person_id, blob in self.conn.execute(
            "SELECT person_id, embedding FROM frame_faces WHERE person_id IS NOT NULL"
        ):
            vector = np.frombuffer(blob, dtype=np.float32)
            total, n = sums.get(person_id, (np.zeros_like(vector), 0))
            sums[person_id] = (total + vector, n + 1)
        self.conn.executemany(
            "UPDATE people SET centroid = ?, n_faces = ? WHERE id = ?",
            [(_blob(total / n), n, pid) for pid, (total, n) in sums.items()],
        )
        # people left with no face and no name given by the user are leftovers of a redone video
        self.conn.execute(
            "DELETE FROM people WHERE name IS NULL AND id NOT IN "
            "(SELECT DISTINCT person_id FROM frame_faces WHERE person_id IS NOT NULL)"
        )

    def _refresh_places(self) -> None:
        sums: dict[int, tuple[np.ndarray, int]] = {}
        tints: dict[int, tuple[np.ndarray, int]] = {}  # only the visits whose colours were measured
        for place_id, blob, colours, n_frames in self.conn.execute(
            "SELECT place_id, centroid, colours, n_frames FROM place_visits"
        ):
            vector = np.frombuffer(blob, dtype=np.float32) * n_frames
            total, n = sums.get(place_id, (np.zeros_like(vector), 0))
            sums[place_id] = (total + vector, n + n_frames)
            if colours is not None:
                tint = np.frombuffer(colours, dtype=np.float32) * n_frames
                total, n = tints.get(place_id, (np.zeros_like(tint), 0))
                tints[place_id] = (total + tint, n + n_frames)
        updates = []
        for pid, (total, n) in sums.items():
            centroid = total / max(n, 1)
            centroid /= max(float(np.linalg.norm(centroid)), 1e-6)
            tint = tints[pid][0] / max(float(np.linalg.norm(tints[pid][0])), 1e-6) if pid in tints else None
            updates.append((_blob(centroid), _blob(tint), n, self._auto_place_name(pid), pid))
        self.conn.executemany("UPDATE places SET centroid = ?, colours = ?, n_frames = ?, auto_name = ? WHERE id = ?",
                              updates)
        self.conn.execute(
            "DELETE FROM places WHERE name IS NULL AND id NOT IN (SELECT DISTINCT place_id FROM place_visits)"
        )

    def _auto_place_name(self, place_id: int) -> str | None:
        """The most frequent best label of its frames, and its most frequent on-screen text."""
        label = self.conn.execute(
            "SELECT l.name FROM frame_labels l JOIN frame_vision v ON v.video_id = l.video_id AND v.idx = l.idx "
            "WHERE v.place_id = ? AND l.rank = 0 AND l.region = 'frame' "
            "GROUP BY l.name ORDER BY COUNT(*) DESC, l.name LIMIT 1",
            (place_id,),
        ).fetchone()
        text = self.conn.execute(
            "SELECT x.text FROM frame_text x JOIN frame_vision v ON v.video_id = x.video_id AND v.idx = x.idx "
            "WHERE v.place_id = ? GROUP BY x.text ORDER BY COUNT(*) DESC, x.text LIMIT 1",
            (place_id,),
        ).fetchone()
        parts = [row[0] for row in (label, text) if row]
        return " / ".join(parts) if parts else None

    # --- people --------------------------------------------------------------------------------

    def people(self) -> list[Person]:
        rows = self.conn.execute(
            "SELECT id, label, name, centroid, n_faces, inferred_name, name_confidence, name_evidence FROM people "
            "ORDER BY id"
        ).fetchall()
        return [Person(r[0], r[1], r[2], _vector(r[3]), r[4], r[5], r[6], json.loads(r[7] or "[]")) for r in rows]

    def next_person_id(self) -> int:
        return int(self.conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM people").fetchone()[0])

    def person_spans(self, person_id: int) -> list[tuple[int, float]]:
        """(video_id, t) of every frame the person's face is on."""
        rows = self.conn.execute(
            "SELECT DISTINCT video_id, t FROM frame_faces WHERE person_id = ? ORDER BY t", (person_id,)
        ).fetchall()
        return [(int(v), float(t)) for v, t in rows]

    def rename_person(self, key: str, name: str) -> Person:
        person = self.find_person(key)
        self.conn.execute("UPDATE people SET name = ? WHERE id = ?", (name.strip() or None, person.id))
        return self.find_person(str(person.id))

    def find_person(self, key: str) -> Person:
        """By id ("2"), label ("Person 2") or name (case-insensitive)."""
        key = key.strip()
        number = key.removeprefix("Person").strip()
        row = None
        if number.isdigit():
            row = self.conn.execute("SELECT id FROM people WHERE id = ?", (int(number),)).fetchone()
        if row is None:
            row = self.conn.execute(
                "SELECT id FROM people WHERE lower(name) = lower(?) OR lower(label) = lower(?) "
                "OR lower(inferred_name) = lower(?) ORDER BY name IS NULL, id LIMIT 1",
                (key, key, key),
            ).fetchone()
        if row is None:
            raise KeyError(f"no person {key!r}")
        return next(p for p in self.people() if p.id == row[0])

    # --- places --------------------------------------------------------------------------------

    def places(self) -> list[Place]:
        rows = self.conn.execute(
            "SELECT id, label, name, auto_name, centroid, n_frames, inferred_name, name_confidence, name_evidence, "
            "colours FROM places ORDER BY id"
        ).fetchall()
        return [Place(r[0], r[1], r[2], r[3], _vector(r[4]), r[5], r[6], r[7], json.loads(r[8] or "[]"), _vector(r[9]))
                for r in rows]

    def next_place_id(self) -> int:
        return int(self.conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM places").fetchone()[0])

    def find_places(self, key: str) -> list[Place]:
        """Places matching an id ("4"), a label ("P4"), or a name / automatic name (case-insensitive)."""
        key = key.strip()
        number = key[1:] if key[:1] in ("P", "p") and key[1:].isdigit() else key
        found = []
        for place in self.places():
            if (number.isdigit() and place.id == int(number)) or key.lower() in (
                (place.name or "").lower(), (place.auto_name or "").lower(), place.label.lower(),
                (place.inferred_name or "").lower(),
            ):
                found.append(place)
        return found

    def rename_place(self, key: str, name: str) -> Place:
        matches = self.find_places(key)
        if len(matches) != 1:
            raise KeyError(f"no place {key!r}" if not matches else f"{key!r} matches {len(matches)} places")
        self.conn.execute("UPDATE places SET name = ? WHERE id = ?", (name.strip() or None, matches[0].id))
        return self.find_places(str(matches[0].id))[0]

    def visits(self, place_id: int | None = None) -> list[tuple[int, int, float, float, int]]:
        """(video_id, place_id, t0, t1, n_frames), in time order."""
        if place_id is None:
            rows = self.conn.execute(
                "SELECT video_id, place_id, t0, t1, n_frames FROM place_visits ORDER BY t0"
            ).fetchall()
        else:
            rows = self.conn.execute(
                "SELECT video_id, place_id, t0, t1, n_frames FROM place_visits WHERE place_id = ? ORDER BY t0",
                (place_id,),
            ).fetchall()
        return [tuple(r) for r in rows]

    def visits_between(self, t0: float | None = None, t1: float | None = None, videos: Sequence[int] | None = None,
                       *, place_id: int | None = None, limit: int | None = None
                       ) -> list[tuple[int, int, float, float, int, int]]:
        """(video_id, place_id, t0, t1, n_frames, visit id) of the visits overlapping [t0, t1] (either end
        open), in time order, optionally only those videos' or that place's; with `limit`, the first so many.
        Read from the covering index `place_visits_span`: a row itself carries a 5 KB centroid."""
        where, params = window_where("t0", "t1", t0, t1, "video_id", videos)
        if place_id is not None:
            where += (" AND " if where else " WHERE ") + "place_id = ?"
            params.append(int(place_id))
        sql = f"SELECT video_id, place_id, t0, t1, n_frames, id FROM place_visits{where} ORDER BY t0"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        return [tuple(r) for r in self.conn.execute(sql, params).fetchall()]

    # --- per-frame reads -----------------------------------------------------------------------

    def frame_rows(self, video_id: int) -> list[FrameVisionRow]:
        rows = self.conn.execute(
            "SELECT idx, t, key_idx, place_id, ocr_ran, description, n_people FROM frame_vision WHERE video_id = ? "
            "ORDER BY idx",
            (video_id,),
        ).fetchall()
        return [FrameVisionRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6]) for r in rows]

    def key_near_views(self, t0: float | None = None, t1: float | None = None,
                       videos: Sequence[int] | None = None) -> list[tuple[int, float, float, np.ndarray]]:
        """Every key frame with a near view kept, starting in [t0, t1]: (video, its time, the last time of the
        frames repeating it, the view as unit float32), in time order."""
        where, params = window_where("k.t", "k.t", t0, t1, "k.video_id", videos)
        rows = self.conn.execute(
            "SELECT k.video_id, k.t, MAX(f.t), k.near_view FROM frame_vision k JOIN frame_vision f "
            "ON f.video_id = k.video_id AND f.key_idx = k.idx "
            f"{where or ' WHERE 1'} AND k.idx = k.key_idx AND k.near_view IS NOT NULL "
            "GROUP BY k.video_id, k.idx ORDER BY k.t",
            params,
        ).fetchall()
        return [(v, t, end, np.frombuffer(blob, dtype=np.float16).astype(np.float32)) for v, t, end, blob in rows]

    def sure_labels(self, min_score: float) -> list[str]:
        """The image labels some frame carries with at least `min_score`: the things this Library's labeller
        can name."""
        return list(self.catalog.memo(("sure_labels", min_score), lambda: [r[0] for r in self.conn.execute(
            "SELECT DISTINCT name FROM frame_labels WHERE score >= ? ORDER BY name", (min_score,)).fetchall()]))

    def common_labels(self, min_score: float, share: float) -> list[str]:
        """The image labels carried with at least `min_score` by at least `share` of the labelled frames: what
        is in view nearly all the time (a backdrop, the wearer's own things), no sign of any one moment."""
        return list(self.catalog.memo(("common_labels", min_score, share),
                                      lambda: self._common_labels(min_score, share)))

    def _common_labels(self, min_score: float, share: float) -> list[str]:
        total = self.conn.execute("SELECT COUNT(*) FROM (SELECT DISTINCT video_id, idx FROM frame_labels)").fetchone()
        if not total or not total[0]:
            return []
        rows = self.conn.execute(
            "SELECT name, COUNT(DISTINCT video_id || ':' || idx) FROM frame_labels WHERE score >= ? GROUP BY name",
            (min_score,)).fetchall()
        return sorted(name for name, n in rows if n >= share * total[0])

    def frame_labels(self, video_id: int, idxs: Sequence[int]) -> dict[int, list[tuple[str, float, str]]]:
        """Each frame's image labels (name, softmax score, region "frame" / "near"), best first: those of the
        frame itself or of the key frame its run of near-duplicates was labelled at."""
        if not idxs:
            return {}
        marks = ", ".join("?" for _ in idxs)
        rows = self.conn.execute(
            "SELECT v.idx, l.name, l.score, l.region FROM frame_vision v JOIN frame_labels l "
            "ON l.video_id = v.video_id AND l.idx IN (v.idx, v.key_idx) "
            f"WHERE v.video_id = ? AND v.idx IN ({marks}) ORDER BY v.idx, l.score DESC",
            (video_id, *idxs),
        ).fetchall()
        out: dict[int, list[tuple[str, float, str]]] = {}
        for idx, name, score, region in rows:
            if (name, region) not in {(n, r) for n, _, r in out.get(idx, [])}:
                out.setdefault(idx, []).append((name, float(score), region))
        return out

    def texts(self, video_id: int | None = None) -> list[TextRow]:
        sql = "SELECT idx, t, text, score FROM frame_text"
        params: tuple = ()
        if video_id is not None:
            sql += " WHERE video_id = ?"
            params = (video_id,)
        return [TextRow(*r) for r in self.conn.execute(sql + " ORDER BY t", params).fetchall()]

    def faces(self, video_id: int) -> list[FaceRow]:
        rows = self.conn.execute(
            "SELECT idx, t, x0, y0, x1, y1, score, embedding, person_id FROM frame_faces WHERE video_id = ? ORDER BY t",
            (video_id,),
        ).fetchall()
        return [FaceRow(r[0], r[1], (r[2], r[3], r[4], r[5]), r[6], _vector(r[7]), r[8]) for r in rows]  # type: ignore[arg-type]

    def ocr_fraction(self) -> tuple[int, int]:
        """(frames OCR ran on, frames analysed) over the Library."""
        row = self.conn.execute("SELECT COALESCE(SUM(ocr_ran), 0), COUNT(*) FROM frame_vision").fetchone()
        return int(row[0]), int(row[1])

    # --- people ↔ speakers -----------------------------------------------------------------------

    def has_speech(self) -> bool:
        row = self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'utterances'").fetchone()
        return row is not None

    def face_speech_overlaps(self, frame_step: float) -> list[tuple[int, int, int, float, float, float]]:
        """(person_id, speaker_id, utterance_id, t0, t1, seconds with the face on screen) for each utterance
        during which a person's face was seen. Faces are found on key frames; a face counts on every
        near-duplicate of its key frame too, each frame covering ±frame_step/2 around its time."""
        half = frame_step / 2
        rows = self.conn.execute(
            "WITH seen AS (SELECT DISTINCT f.person_id, v.t FROM frame_faces f JOIN frame_vision v "
            "ON v.video_id = f.video_id AND v.key_idx = f.idx WHERE f.person_id IS NOT NULL) "
            "SELECT s.person_id, u.speaker_id, u.id, u.t0, u.t1, COUNT(*) * ? "
            "FROM utterances u JOIN seen s ON s.t + ? >= u.t0 AND s.t - ? <= u.t1 "
            "WHERE u.speaker_id IS NOT NULL GROUP BY s.person_id, u.speaker_id, u.id",
            (frame_step, half, half),
        ).fetchall()
        return [(int(a), int(b), int(c), float(d), float(e), float(g)) for a, b, c, d, e, g in rows]

    def speaker_talk_time(self) -> dict[int, tuple[float, int]]:
        rows = self.conn.execute(
            "SELECT speaker_id, SUM(t1 - t0), COUNT(*) FROM utterances WHERE speaker_id IS NOT NULL GROUP BY speaker_id"
        ).fetchall()
        return {int(s): (float(d), int(n)) for s, d, n in rows}

    def replace_person_speakers(self, links: Sequence[tuple[int, int, float, float, int, list]]) -> None:
        """(person_id, speaker_id, confidence, overlap_s, n_utterances, evidence spans)."""
        now = time.time()
        self.conn.execute("DELETE FROM person_speakers")
        self.conn.executemany(
            "INSERT INTO person_speakers (person_id, speaker_id, confidence, overlap_s, n_utterances, evidence, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(p, s, c, o, n, json.dumps(e), now) for p, s, c, o, n, e in links],
        )

    def person_speakers(self) -> list[tuple[int, int, float, float, int, list]]:
        rows = self.conn.execute(
            "SELECT person_id, speaker_id, confidence, overlap_s, n_utterances, evidence FROM person_speakers "
            "ORDER BY person_id, confidence DESC"
        ).fetchall()
        return [(r[0], r[1], r[2], r[3], r[4], json.loads(r[5])) for r in rows]

    # --- names from what the footage says ---------------------------------------------------------

    def replace_place_mentions(self, video_id: int, rows: Sequence[tuple[int, float, str, str, float, str]]) -> None:
        """(utterance_id, t, phrase, head, weight, kind) for one video's lines that say where the speaker is."""
        self.conn.execute("DELETE FROM place_mentions WHERE video_id = ?", (video_id,))
        self.conn.executemany(
            "INSERT INTO place_mentions (video_id, utterance_id, t, phrase, head, weight, kind) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(video_id, *row) for row in rows],
        )

    def place_mentions(self) -> list[tuple[int, int, float, str, str, float, str, int | None, str]]:
        """(video_id, utterance_id, t, phrase, head, weight, kind, speaker_id, utterance text), in time order."""
        rows = self.conn.execute(
            "SELECT m.video_id, m.utterance_id, m.t, m.phrase, m.head, m.weight, m.kind, u.speaker_id, u.text "
            "FROM place_mentions m JOIN utterances u ON u.id = m.utterance_id ORDER BY m.t, m.id"
        ).fetchall()
        return [tuple(r) for r in rows]  # type: ignore[misc]

    def place_texts(self) -> list[tuple[int, int, float, str, float]]:
        """(place_id, video_id, t, text, score) of every piece of on-screen text read at a place."""
        rows = self.conn.execute(
            "SELECT v.place_id, x.video_id, x.t, x.text, x.score FROM frame_text x "
            "JOIN frame_vision v ON v.video_id = x.video_id AND v.idx = x.idx WHERE v.place_id IS NOT NULL "
            "ORDER BY x.t"
        ).fetchall()
        return [(int(a), int(b), float(c), str(d), float(e)) for a, b, c, d, e in rows]

    def set_place_names(self, names: Sequence[tuple[int, str | None, float | None, list[dict]]]) -> None:
        """(place_id, inferred name, confidence, evidence) for every place; a user's name is left alone."""
        self.conn.executemany(
            "UPDATE places SET inferred_name = ?, name_confidence = ?, name_evidence = ? WHERE id = ?",
            [(name, confidence, json.dumps(evidence, ensure_ascii=False), pid) for pid, name, confidence, evidence
             in names],
        )

    def set_person_names(self, names: Sequence[tuple[int, str | None, float | None, list[dict]]]) -> None:
        """(person_id, inferred name, confidence, evidence) for every person; a user's name is left alone."""
        self.conn.executemany(
            "UPDATE people SET inferred_name = ?, name_confidence = ?, name_evidence = ? WHERE id = ?",
            [(name, confidence, json.dumps(evidence, ensure_ascii=False), pid) for pid, name, confidence, evidence
             in names],
        )
