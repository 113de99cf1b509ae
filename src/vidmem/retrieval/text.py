"""text_search: on-screen text (signs, posters, notes, screens) read by OCR, found by its words.

OCR misreads letters, so a query word matches a text word at rapidfuzz ratio ≥ `WORD_MATCH`. Frames of one
video showing the same text within `MERGE_GAP_S` are one moment. With no query words (or "*"), every text
in the time range is listed, most legible first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rapidfuzz import fuzz

from vidmem.retrieval.types import Hit
from vidmem.store.frame_text import FrameText, distinct_texts, frame_texts

WORD_MATCH = 80.0
MERGE_GAP_S = 3.0
_WORD = re.compile(r"[a-z0-9]+")
_FUNCTION = {"the", "a", "an", "of", "to", "in", "on", "at", "and", "or", "is", "it", "for", "sign", "text",
             "written", "say", "said", "says", "read", "poster", "board", "note"}


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _match(query: list[str], text: str) -> float:
    """Share of the query's words found in `text` (fuzzily)."""
    if not query:
        return 0.0
    words = _words(text)
    found = sum(1 for q in query if any(w == q or (len(q) > 3 and fuzz.ratio(q, w) >= WORD_MATCH) for w in words))
    return found / len(query)


def text_search(library: Any, query: str, time_range: tuple[float, float] | None = None, k: int = 10,
                videos: Sequence[int] | None = None) -> list[Hit]:
    """Moments whose on-screen text carries the query's words, best first."""
    catalog = library.catalog if hasattr(library, "catalog") else library
    t0, t1 = time_range if time_range else (None, None)
    wanted = [w for w in _words(query) if w not in _FUNCTION]
    if wanted:
        # each distinct text matched once (a sign read every day is one text many times), then only the rows
        # of the texts that match are read: a week holds more sightings than a listing reads
        by_text = {text: _match(wanted, text) for text in distinct_texts(catalog, t0, t1, videos)}
        matching = [text for text, score in by_text.items() if score > 0]
        scored = [(by_text[r.text], r) for r in frame_texts(catalog, t0, t1, videos, texts=matching)] \
            if matching else []
    else:
        scored = [(0.5 * min(r.score, 1.0), r) for r in frame_texts(catalog, t0, t1, videos)]
    scored = [(s, r) for s, r in scored if s > 0]
    moments: list[tuple[float, list[FrameText]]] = []
    words: dict[str, list[str]] = {}  # a day shows the same few texts thousands of times
    for score, row in sorted(scored, key=lambda sr: (sr[1].video_id, sr[1].t)):
        last = moments[-1] if moments else None
        if row.text not in words:
            words[row.text] = _words(row.text)
        if last and last[1][-1].video_id == row.video_id and row.t - last[1][-1].t <= MERGE_GAP_S and \
                words[last[1][-1].text] == words[row.text]:
            moments[-1] = (max(last[0], score), [*last[1], row])
        else:
            moments.append((score, [row]))
    moments.sort(key=lambda m: (-m[0], m[1][0].t))
    moments = moments[:k]
    starts = catalog.video_starts([group[0].video_id for _, group in moments])
    hits = []
    for score, group in moments:
        first = group[0]
        extra: dict[str, Any] = {"ocr": first.text, "idx": first.idx}
        if first.place:
            extra["place"] = first.place
        hits.append(Hit(modality="ocr", video_id=first.video_id, t0=first.t, t1=group[-1].t, score=score,
                        text=f"text: '{first.text}'", offset_s=first.t - starts.get(first.video_id, first.t),
                        extra=extra))
    return hits
