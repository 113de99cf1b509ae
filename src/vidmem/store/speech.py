"""Utterances, speakers and the BM25 transcript index (FTS5). Every SQL string of the speech tables."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np

from vidmem.store.catalog import Catalog
from vidmem.wordforms import COMPOUND_PART_MIN, other_forms


@dataclass(frozen=True)
class UtteranceRow:
    idx: int
    t0: float  # absolute
    t1: float
    text: str
    words: list[tuple[float, float, str, float]] = field(default_factory=list)  # absolute t0, t1, word, p
    language: str | None = None


@dataclass(frozen=True)
class Utterance:
    id: int
    video_id: int
    idx: int
    t0: float
    t1: float
    speaker_id: int | None
    text: str
    words: list[tuple[float, float, str, float]]
    language: str | None


@dataclass(frozen=True)
class Speaker:
    id: int
    label: str
    name: str | None
    name_confidence: float | None
    name_evidence: list[dict]
    name_source: str | None  # "user" | "inferred" | None
    centroid: np.ndarray | None
    n_utterances: int

    @property
    def display(self) -> str:
        """How a person reads this speaker: a guessed name always shows that it is a guess."""
        if self.name and self.name_source == "user":
            return self.name
        if self.name:
            return f"{self.name}? ({self.label}, name {self.name_confidence or 0:.0%} sure)"
        return self.label


@dataclass(frozen=True)
class TextMatch:
    utterance: Utterance
    score: float  # BM25, higher is better


def _vector(blob: bytes | None) -> np.ndarray | None:
    return None if blob is None else np.frombuffer(blob, dtype=np.float32).copy()


def _blob(vector: np.ndarray | None) -> bytes | None:
    return None if vector is None else np.asarray(vector, dtype=np.float32).tobytes()


_UTTERANCE_COLUMNS = "u.id, u.video_id, u.idx, u.t0, u.t1, u.speaker_id, u.text, u.words, u.language"
_SPEAKER_COLUMNS = "id, label, name, name_confidence, name_evidence, name_source, centroid, n_utterances"
_TOKEN = re.compile(r"\w+", re.UNICODE)


# Function words match most utterances: as query terms they add little to BM25 but make FTS5 score
# nearly the whole index, so they are dropped from a query that has other words.
_STOPWORDS = frozenset({
    "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at", "be",
    "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do",
    "does", "down", "during", "each", "few", "for", "from", "further", "had", "has", "have", "he", "her", "here",
    "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me",
    "more", "most", "my", "myself", "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other", "our",
    "ours", "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their",
    "them", "then", "there", "these", "they", "this", "those", "through", "to", "too", "under", "until", "up",
    "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
    "would", "you", "your"
})


def fts_query(text: str) -> str | None:
    """Free text → an FTS5 query: every word quoted (no operator injection), any word may match."""
    tokens = list(dict.fromkeys(_TOKEN.findall(text.lower())))
    if not tokens:
        return None
    content = [token for token in tokens if token not in _STOPWORDS] or tokens
    # a compound may be heard as one word ("car park" → "carpark")
    joined = [a + b for a, b in pairwise(content) if a.isalpha() and b.isalpha()]
    # … and one word heard as two ("boathouse" → "boat house"): each way to part it, as a phrase
    parted = [f"{token[:i]} {token[i:]}" for token in content if token.isalpha()
              for i in range(COMPOUND_PART_MIN, len(token) - COMPOUND_PART_MIN + 1)]
    # a time as one number ("615") is also written with its hour and minutes apart ("6:15", "6 .15"): a phrase
    clock = [f"{m[1]} {m[2]}" for token in content if (m := _CLOCK_NUMBER.fullmatch(token))]
    # a verb as asked and as said ("find" / "found"): FTS5's stems reach no irregular form
    forms = [form for token in content for form in other_forms(token)]
    return " OR ".join(f'"{token}"' for token in dict.fromkeys([*content, *joined, *parted, *clock, *forms]))


_CLOCK_NUMBER = re.compile(r"([1-9]|1\d|2[0-4])([0-5]\d)")


def _utterance(row: tuple) -> Utterance:
    words = [tuple(w) for w in json.loads(row[7])]
    return Utterance(row[0], row[1], row[2], row[3], row[4], row[5], row[6], words, row[8])  # type: ignore[arg-type]


def _speaker(row: tuple) -> Speaker:
    return Speaker(row[0], row[1], row[2], row[3], json.loads(row[4] or "[]"), row[5], _vector(row[6]), row[7])


class SpeechStore:
    """Wraps `Catalog.conn`; write methods are called inside the runner's transaction."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.conn = catalog.conn

    # --- utterances ----------------------------------------------------------------------------

    def replace_utterances(self, video_id: int, rows: Sequence[UtteranceRow]) -> None:
        """Delete-then-insert one video's utterances (the FTS index follows through triggers)."""
        self.conn.execute("DELETE FROM utterances WHERE video_id = ?", (video_id,))
        self.conn.executemany(
            "INSERT INTO utterances (video_id, idx, t0, t1, text, words, language) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (video_id, r.idx, r.t0, r.t1, r.text, json.dumps([list(w) for w in r.words]), r.language)
                for r in rows
            ],
        )

    def utterances(self, video_id: int | None = None) -> list[Utterance]:
        if video_id is None:
            rows = self.conn.execute(f"SELECT {_UTTERANCE_COLUMNS} FROM utterances u ORDER BY u.t0, u.id")
        else:
            rows = self.conn.execute(
                f"SELECT {_UTTERANCE_COLUMNS} FROM utterances u WHERE u.video_id = ? ORDER BY u.idx", (video_id,)
            )
        return [_utterance(row) for row in rows.fetchall()]

    def first_line(self, video_id: int, t0: float, t1: float) -> str | None:
        """The text of the first line of `video_id` starting within [t0, t1] (absolute), if any."""
        row = self.conn.execute(
            "SELECT text FROM utterances WHERE video_id = ? AND t0 BETWEEN ? AND ? ORDER BY t0, text LIMIT 1",
            (video_id, t0, t1)).fetchone()
        return None if row is None else str(row[0])

    def utterance(self, utterance_id: int) -> Utterance:
        row = self.conn.execute(
            f"SELECT {_UTTERANCE_COLUMNS} FROM utterances u WHERE u.id = ?", (utterance_id,)
        ).fetchone()
        if row is None:
            raise KeyError(f"no utterance {utterance_id}")
        return _utterance(row)

    def neighbours(self, utterance_ids: Sequence[int]) -> dict[int, tuple[Utterance | None, Utterance | None]]:
        """Each utterance's lines just before and after it in its file (by order), for reading a turn in its
        conversation: who was addressed right before, who answered."""
        ids = sorted({int(i) for i in utterance_ids})
        if not ids:
            return {}
        rows = self.conn.execute(
            f"SELECT a.id, a.idx, {_UTTERANCE_COLUMNS} FROM utterances a JOIN utterances u "
            "ON u.video_id = a.video_id AND u.idx BETWEEN a.idx - 1 AND a.idx + 1 "
            f"WHERE a.id IN ({', '.join('?' * len(ids))}) AND u.id != a.id", ids).fetchall()
        out: dict[int, tuple[Utterance | None, Utterance | None]] = {i: (None, None) for i in ids}
        for row in rows:
            line = _utterance(row[2:])
            before, after = out[row[0]]
            out[row[0]] = (line, after) if line.idx < row[1] else (before, line)
        return out

    def texts(self, limit: int) -> list[str]:
        """The text of the first `limit` utterances in time order (for reading how names are spelt in them)."""
        rows = self.conn.execute("SELECT text FROM utterances ORDER BY t0, id LIMIT ?", (int(limit),))
        return [str(r[0]) for r in rows.fetchall()]

    def count_utterances(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM utterances").fetchone()[0])

    def set_utterance_speakers(self, assignments: Sequence[tuple[int, int | None, np.ndarray | None]]) -> None:
        """(utterance id, speaker id, voice embedding) for each utterance of a video."""
        self.conn.executemany(
            "UPDATE utterances SET speaker_id = ?, embedding = ? WHERE id = ?",
            [(speaker, _blob(embedding), uid) for uid, speaker, embedding in assignments],
        )

    def clear_video_speakers(self, video_id: int) -> None:
        self.conn.execute("UPDATE utterances SET speaker_id = NULL, embedding = NULL WHERE video_id = ?", (video_id,))

    def speaker_embeddings(self, speaker_id: int, min_duration_s: float = 0.0) -> np.ndarray:
        """Voice embeddings of a speaker's utterances at least `min_duration_s` long, one row each."""
        rows = self.conn.execute(
            "SELECT embedding FROM utterances WHERE speaker_id = ? AND embedding IS NOT NULL AND t1 - t0 >= ?",
            (speaker_id, min_duration_s),
        ).fetchall()
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([np.frombuffer(r[0], dtype=np.float32) for r in rows])

    def search_text(
        self,
        query: str,
        *,
        limit: int = 10,
        t0: float | None = None,
        t1: float | None = None,
        speaker_ids: Sequence[int] | None = None,
        video_ids: Sequence[int] | None = None,
        latest: bool = False,
    ) -> list[TextMatch]:
        """BM25 over utterance text through the FTS5 index, filtered by absolute time, speaker and video.
        The query "*" lists every utterance that passes the filters, in time order (score 0; `latest`: the
        latest first)."""
        listing = query.strip() == "*"
        match = None if listing else fts_query(query)
        if match is None and not listing:
            return []
        where: list[str] = [] if listing else ["utterances_fts MATCH ?"]
        params: list[object] = [] if listing else [match]
        if t0 is not None:
            # the longest line bounds how early an overlapping one starts: a range on utterances_t, not a scan
            # from the first day
            where.append("u.t1 >= ? AND u.t0 >= ?")
            params.extend([t0, t0 - self._longest_utterance()])
        if t1 is not None:
            where.append("u.t0 < ?")
            params.append(t1)
        if speaker_ids is not None:
            if not speaker_ids:
                return []
            where.append(f"u.speaker_id IN ({', '.join('?' * len(speaker_ids))})")
            params.extend(speaker_ids)
        if video_ids is not None:
            if not video_ids:
                return []
            where.append(f"u.video_id IN ({', '.join('?' * len(video_ids))})")
            params.extend(int(v) for v in video_ids)
        if listing:
            sql = (f"SELECT {_UTTERANCE_COLUMNS}, 0.0 AS rank FROM utterances u "
                   f"WHERE {' AND '.join(where) or '1'} ORDER BY u.t0 {'DESC' if latest else ''} LIMIT ?")
        else:
            sql = (
                f"SELECT {_UTTERANCE_COLUMNS}, bm25(utterances_fts) AS rank FROM utterances_fts "
                f"JOIN utterances u ON u.id = utterances_fts.rowid WHERE {' AND '.join(where)} "
                "ORDER BY rank, u.t0 LIMIT ?"
            )
        rows = self.conn.execute(sql, (*params, int(limit))).fetchall()
        # FTS5's bm25() is lower-is-better; negate so a higher score is a better hit everywhere
        return [TextMatch(_utterance(row[:9]), -float(row[9])) for row in rows]

    def heard_words(self) -> list[str]:
        """Every word the transcripts hold (lower case), read once until the Library changes."""
        def read() -> list[str]:
            words: set[str] = set()
            for (text,) in self.conn.execute("SELECT text FROM utterances"):
                words.update(_TOKEN.findall(text.lower()))
            return sorted(words)
        return list(self.catalog.memo("heard_words", read))

    def _longest_utterance(self) -> float:
        return float(self.catalog.memo("longest_utterance", lambda: self.conn.execute(
            "SELECT COALESCE(MAX(t1 - t0), 0) FROM utterances").fetchone()[0]))

    def check_index(self) -> None:
        """FTS5's own consistency check of the index against the utterances table (raises on mismatch)."""
        self.conn.execute("INSERT INTO utterances_fts (utterances_fts, rank) VALUES ('integrity-check', 1)")

    # --- speakers ------------------------------------------------------------------------------

    def speakers(self) -> list[Speaker]:
        rows = self.conn.execute(f"SELECT {_SPEAKER_COLUMNS} FROM speakers ORDER BY id").fetchall()
        return [_speaker(row) for row in rows]

    def speaker(self, speaker_id: int) -> Speaker:
        row = self.conn.execute(f"SELECT {_SPEAKER_COLUMNS} FROM speakers WHERE id = ?", (speaker_id,)).fetchone()
        if row is None:
            raise KeyError(f"no speaker {speaker_id}")
        return _speaker(row)

    def new_speaker(self, centroid: np.ndarray) -> int:
        cursor = self.conn.execute(
            "INSERT INTO speakers (label, centroid, created_at) VALUES ('', ?, ?)", (_blob(centroid), time.time())
        )
        speaker_id = int(cursor.lastrowid or 0)
        self.conn.execute("UPDATE speakers SET label = ? WHERE id = ?", (f"Speaker {speaker_id}", speaker_id))
        return speaker_id

    def update_centroid(self, speaker_id: int, centroid: np.ndarray | None, count: int) -> None:
        self.conn.execute(
            "UPDATE speakers SET centroid = ?, n_utterances = ? WHERE id = ?", (_blob(centroid), count, speaker_id)
        )

    def delete_speaker(self, speaker_id: int) -> None:
        self.conn.execute("DELETE FROM speakers WHERE id = ?", (speaker_id,))

    def set_name(
        self, speaker_id: int, name: str | None, confidence: float | None, evidence: list[dict], source: str | None
    ) -> None:
        self.conn.execute(
            "UPDATE speakers SET name = ?, name_confidence = ?, name_evidence = ?, name_source = ? WHERE id = ?",
            (name, confidence, json.dumps(evidence, ensure_ascii=False), source, speaker_id),
        )

    def utterance_counts(self) -> dict[int, int]:
        rows = self.conn.execute(
            "SELECT speaker_id, COUNT(*) FROM utterances WHERE speaker_id IS NOT NULL GROUP BY speaker_id"
        ).fetchall()
        return dict(rows)

    def speaking_time(self) -> dict[int, float]:
        rows = self.conn.execute(
            "SELECT speaker_id, SUM(t1 - t0) FROM utterances WHERE speaker_id IS NOT NULL GROUP BY speaker_id"
        ).fetchall()
        return {int(k): float(v) for k, v in rows}
