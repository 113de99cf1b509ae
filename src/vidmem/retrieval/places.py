"""place_search: where the wearer was, and when they were at a named place.

Each place visit (a scene of the vision stage) is a hit carrying the names a person would say for it,
surest first: the user's name for its place; what was said on arriving at that very visit (right even
where the place cluster merged two rooms that look alike); the place's inferred name; names heard at the
place's other visits; and last what its frames show (labels, signs: a description, not a name).

A visit is cut where a line well into it names another place than its earlier lines (two places that
look alike, walked between without a new scene). With a place name as the query, the visits whose names
match it (same words, a spelling variant such as harbor/harbour, or a paraphrase by MiniLM) are returned,
best match first. With no name ("", "*", "place"), every visit in the time range is returned, the one
covering most of it first: "where was I at 3 pm" or "… when Rosa said that".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from rapidfuzz import fuzz

from vidmem.ingest.place_naming import ARRIVAL_S, LEAD_S, Mention, Visit, visit_of
from vidmem.retrieval.types import Hit
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import Place, VisionStore

# a visit's own arrival line is direct evidence about that visit: it outranks the cluster's name (inferred
# from all its visits, some of which may be another place that looks alike)
OWN_LINE_BONUS = 0.3
OTHER_VISITS_FACTOR = 0.5  # a name heard at another visit of the same place cluster
CONTRADICTED_FACTOR = 0.3  # a cluster's name at a visit whose own arrival line says another name
DESCRIPTION_WEIGHT = 0.2  # what the frames show (labels, sign text) stands in for a name, weakly
PARTIAL_MATCH = 0.7  # one name's words inside the other's ("station" / "train station")
SPELLING_MATCH = 85.0  # rapidfuzz ratio at which two names are spelling variants ("harbor" / "harbour")
PARAPHRASE_FLOOR = 0.7  # MiniLM cosine from which two names may be the same place ("bookshop" / "bookstore")
MATCH_MIN = 0.25  # a visit matches a place name when similarity × the name's weight reaches this
# the first line heard this soon after a visit starts is carried as said (`heard`), however it was transcribed:
# where a misheard arrival line ("We just bought it on the plane round.") gave no name, the answerer can still
# compare an option with it by sound
HEARD_S = 10.0
ANY_PLACE = {"", "*", "place", "places", "where", "location", "somewhere"}

_DETERMINERS = {"the", "a", "an", "this", "that", "our", "my", "your", "their", "his", "her"}
_WORD = re.compile(r"[a-z0-9']+")

Similarity = Callable[[Sequence[str], Sequence[str]], np.ndarray]


@dataclass(frozen=True)
class VisitName:
    name: str
    weight: float
    kind: str  # user name | arrival line | inferred name | heard at another visit | what it shows
    text: str = ""  # the line or sign it came from
    t: float | None = None


def normalise(name: str) -> str:
    """A place name as compared: lower case, without articles and possessives ("The Old Bakery" → "old bakery")."""
    words = _WORD.findall(name.lower())
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    return " ".join(words)


def name_similarity(a: str, b: str, cosine: float | None = None) -> float:
    """How surely two place names name the same place, in [0, 1]: the same words; one's head noun ending the
    other ("station" / "train station"); a spelling variant; else a paraphrase by embedding cosine."""
    x, y = normalise(a), normalise(b)
    if not x or not y:
        return 0.0
    if x == y:
        return 1.0
    xs, ys = x.split(), y.split()
    ratio = fuzz.ratio(x, y)
    if ratio >= SPELLING_MATCH:
        return ratio / 100.0
    if xs[-1] == ys[-1] or set(xs) <= set(ys) or set(ys) <= set(xs):
        return PARTIAL_MATCH
    if cosine is not None and cosine >= PARAPHRASE_FLOOR:
        return float(cosine)
    return 0.0


def visit_names(place: Place | None, own: Sequence[Mention]) -> list[VisitName]:
    """The names a visit goes by, surest first (see the module's docstring)."""
    out: list[VisitName] = []
    if place is not None and place.name:
        out.append(VisitName(place.name, 1.0, "user name"))
    for m in sorted(own, key=lambda m: -m.weight):
        out.append(VisitName(m.phrase, round(min(1.0, m.weight + OWN_LINE_BONUS), 3), "arrival line", m.text, m.t))
    if place is not None:
        if place.inferred_name:
            out.append(VisitName(place.inferred_name, float(place.name_confidence or 0.0), "inferred name"))
        heard = [e for e in place.name_evidence if e.get("kind") not in {"sign", "sign agreeing"}]
        total = sum(float(e.get("weight", 0.0)) for e in heard) or 1.0
        for e in heard:
            share = float(e.get("weight", 0.0)) / total
            out.append(VisitName(str(e.get("name", "")), round(share * OTHER_VISITS_FACTOR, 3),
                                 "heard at another visit", str(e.get("text", "")), e.get("t")))
        if place.auto_name:
            out.append(VisitName(place.auto_name, DESCRIPTION_WEIGHT, "what it shows"))
    own_names = [n.name for n in out if n.kind == "arrival line"]
    if own_names:
        # names from the cluster's other visits count little where this visit was itself called something
        # else ("Back at the beach" at a visit of a cluster also heard called "garden")
        out = [n if n.kind not in {"inferred name", "heard at another visit"} or
               any(name_similarity(n.name, o) >= SPELLING_MATCH / 100.0 for o in own_names)
               else VisitName(n.name, round(n.weight * CONTRADICTED_FACTOR, 3), n.kind, n.text, n.t) for n in out]
    best: dict[str, VisitName] = {}
    for n in out:
        key = normalise(n.name)
        if key and (key not in best or n.weight > best[key].weight):
            best[key] = n
    return sorted(best.values(), key=lambda n: -n.weight)


def place_search(library: Any, query: str = "", time_range: tuple[float, float] | None = None, k: int = 20,
                 videos: Sequence[int] | None = None, similarity: Similarity | None = None) -> list[Hit]:
    """Place visits as hits: those named like `query`, or (no name) those in `time_range` (see the module)."""
    catalog = library.catalog if hasattr(library, "catalog") else library
    store = VisionStore(catalog)
    lo, hi = time_range if time_range is not None else (None, None)
    rows = store.visits_between(lo, hi, videos)
    if not rows or k <= 0:
        return []
    places = {p.id: p for p in store.places()}
    mentions = [Mention(*m) for m in store.place_mentions()]
    wanted = "" if normalise(query) in ANY_PLACE else query
    every_visit = rows
    if wanted:  # only visits whose place or file could go by that name (a week holds thousands of visits)
        keep_places, keep_videos = _candidates(wanted, places, mentions, similarity)
        rows = [r for r in rows if r[1] in keep_places or r[0] in keep_videos]
        if not rows:
            return []
    # every visit of those videos, to give each arrival line to the visit it speaks about (by video: a line
    # only ever belongs to one of its own file's visits)
    video_ids = sorted({r[0] for r in rows})
    wanted_videos = set(video_ids)
    visits_of: dict[int, list[Visit]] = defaultdict(list)
    every = every_visit if lo is None and hi is None else store.visits_between(None, None, video_ids)
    for v, p, t0, t1, *_ in every:
        if v in wanted_videos:
            visits_of[v].append(Visit(v, p, t0, t1))
    own: dict[tuple[int, float], list[Mention]] = {}
    for m in mentions:
        if m.video_id in wanted_videos and (visit := visit_of(m, visits_of.get(m.video_id, []))) is not None:
            own.setdefault((visit.video_id, visit.t0), []).append(m)
    by_place: dict[int, list[VisitName]] = {}
    named = [(part, _names_of(places.get(row[1]), lines, row[1], by_place)) for row in rows
             for part, lines in _split(row, own.get((row[0], row[2]), []))
             if lo is None or hi is None or (part[3] >= lo and part[2] <= hi)]
    if wanted:
        scored = _match(wanted, named, similarity)
    else:
        span = (hi - lo) if lo is not None and hi is not None else 0.0
        scored = [(_cover(row, lo, hi, span), row, names) for row, names in named]
    scored.sort(key=lambda s: (-s[0], s[1][2]))
    scored = scored[:k]
    shown = sorted({row[0] for _, row, _ in scored})
    starts = catalog.video_starts(shown)
    speech = SpeechStore(catalog)
    said = {v: [(u.t0, u.text) for u in speech.utterances(v)] for v in shown}
    hits = []
    for score, (video_id, place_id, t0, t1, n_frames, visit_id), names in scored:
        place = places.get(place_id)
        label = place.label if place is not None else f"P{place_id}"
        best = names[0].name if names else label
        why = names[0] if names else None
        how = f'{why.kind} "{why.text[:80]}"' if why is not None and why.text else why.kind if why else "unnamed"
        others = "; ".join(n.name for n in names[1:4])
        text = f"at {best} ({label}, {how})" + (f"; also called: {others}" if others else "")
        hits.append(Hit(modality="place", video_id=video_id, t0=t0, t1=t1, score=round(score, 4), text=text,
                        offset_s=max(0.0, t0 - starts.get(video_id, t0)), source_id=visit_id,
                        extra={"place": best, "place_id": place_id, "n_frames": n_frames,
                               "heard": _heard(said.get(video_id, []), t0),
                               "names": [{"name": n.name, "weight": n.weight, "kind": n.kind} for n in names]}))
    return hits


def _names_of(place: Place | None, lines: Sequence[Mention], place_id: int,
              cache: dict[int, list[VisitName]]) -> list[VisitName]:
    """`visit_names`; a visit without lines of its own goes by its place's names, computed once a call."""
    if lines:
        return visit_names(place, lines)
    if place_id not in cache:
        cache[place_id] = visit_names(place, ())
    return cache[place_id]


def _split(row: tuple, lines: Sequence[Mention]) -> list[tuple[tuple, list[Mention]]]:
    """The visit cut where a line well into it names another place than its earlier lines did: the wearer
    walked on to a place that looks alike, and the pictures alone did not start a new scene there."""
    video_id, place_id, t0, t1, n_frames, visit_id = row
    parts: list[tuple[tuple, list[Mention]]] = []
    start, current = t0, []
    for m in sorted(lines, key=lambda m: m.t):
        other = bool(current) and all(name_similarity(m.phrase, c.phrase) < SPELLING_MATCH / 100.0 for c in current)
        if other and m.t > max(start, t0 + ARRIVAL_S):
            parts.append(((video_id, place_id, start, m.t, n_frames, visit_id), current))
            start, current = m.t, []
        current.append(m)
    parts.append(((video_id, place_id, start, t1, n_frames, visit_id), current))
    return parts


def _heard(lines: Sequence[tuple[float, str]], t0: float) -> str:
    """The first line said as the visit starts (from `LEAD_S` before it to `HEARD_S` into it), else ""."""
    return next((text for t, text in sorted(lines) if t0 - LEAD_S <= t <= t0 + HEARD_S), "")


def _cover(row: tuple, lo: float | None, hi: float | None, span: float) -> float:
    """The share of the time range the visit covers (1 when no range: every visit equally)."""
    if lo is None or hi is None or span <= 0:
        return 1.0 if lo is None or hi is None else float(row[2] <= lo <= row[3])
    return max(0.0, min(hi, row[3]) - max(lo, row[2])) / span


def _cosines(query: str, names: set[str], similarity: Similarity | None) -> dict[str, float]:
    unique = sorted(names)
    if not unique:
        return {}
    row = (similarity or _minilm)([normalise(query)], [normalise(u) or u for u in unique])[0]
    return {u: float(c) for u, c in zip(unique, row, strict=True)}


def _candidates(query: str, places: dict[int, Place], mentions: Sequence[Mention], similarity: Similarity | None
                ) -> tuple[set[int], set[int]]:
    """Places whose own names, and files whose arrival lines, could match `query`. A visit goes by its
    place's names and its own lines' (weights at most 1, only ever lowered by the other), so no visit
    outside these places and files reaches MATCH_MIN."""
    own_names = {pid: visit_names(place, ()) for pid, place in places.items()}
    cosines = _cosines(query, {n.name for names in own_names.values() for n in names} |
                       {m.phrase for m in mentions}, similarity)
    similar: dict[str, float] = {}

    def sim(name: str) -> float:
        if name not in similar:
            similar[name] = name_similarity(query, name, cosines.get(name))
        return similar[name]

    keep_places = {pid for pid, names in own_names.items() if any(sim(n.name) * n.weight >= MATCH_MIN for n in names)}
    return keep_places, {m.video_id for m in mentions if sim(m.phrase) >= MATCH_MIN}


def _match(query: str, named: list[tuple[tuple, list[VisitName]]], similarity: Similarity | None
           ) -> list[tuple[float, tuple, list[VisitName]]]:
    cosines = _cosines(query, {n.name for _, names in named for n in names}, similarity)
    out = []
    similar: dict[str, float] = {}  # a week repeats the same few names over thousands of visits
    judged: dict[int, tuple[float, float]] = {}  # visits without lines of their own share their place's list
    for row_, names in named:
        if id(names) not in judged:
            for n in names:
                if n.name not in similar:
                    similar[n.name] = name_similarity(query, n.name, cosines.get(n.name))
            pairs = [(similar[n.name], n.weight) for n in names]
            judged[id(names)] = (max((s * w for s, w in pairs), default=0.0),
                                 max((s * w for s, w in pairs if s >= SPELLING_MATCH / 100.0), default=0.0))
        score, exact = judged[id(names)]
        if score >= MATCH_MIN:
            out.append((score, exact >= MATCH_MIN, row_, names))
    # a place the Library knows by the very name asked for outranks places whose names only share a word
    # with it ("park" asked, "car park" heard elsewhere)
    if any(exact for _, exact, _, _ in out):
        out = [o for o in out if o[1]]
    return [(score, row_, names) for score, _, row_, names in out]


def _minilm(a: Sequence[str], b: Sequence[str]) -> np.ndarray:
    from vidmem.retrieval.embed import similarity

    return similarity(a, b)


__all__ = ["VisitName", "name_similarity", "normalise", "place_search", "visit_names"]
