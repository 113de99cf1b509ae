"""place_search: where the wearer was, and when they were at a named place.

Each place visit (a scene of the vision stage) is a hit carrying the names a person would say for it,
surest first: the user's name for its place; what was said on arriving at that very visit (right even
where the place cluster merged two rooms that look alike); the place's inferred name; names heard at the
place's other visits; and last what its frames show (labels, signs: a description, not a name).

A visit is cut where a line well into it names another place than its earlier lines, or a place when
none did before (two places that look alike, walked between without a new scene). With a place name as the
query, the visits whose names match it (same words, a spelling variant such as harbor/harbour, or a
paraphrase by MiniLM) are returned, best match first. With no name ("", "*", "place"), every visit in the
time range is returned, the one covering most of it first: "where was I at 3 pm" or "… when Rosa said that".
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
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
# asked about a place no visit goes by ("at the beach around 17:56" where no line ever said "beach"), a visit
# surely known by another name is less likely the one: its share of the asked time counts down to this much
NAMED_OTHERWISE_FACTOR = 0.5
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


def same_place(a: str, b: str) -> bool:
    """Two names of one place: the same words, or a spelling variant ("harbor" / "harbour")."""
    return name_similarity(a, b) >= SPELLING_MATCH / 100.0


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
                 videos: Sequence[int] | None = None, similarity: Similarity | None = None,
                 unnamed_first: bool = False) -> list[Hit]:
    """Place visits as hits: those named like `query`, or (no name) those in `time_range` (see the module).

    `unnamed_first` (no name asked: the place asked about goes by a name no visit has): a visit surely named
    something else covers the time range for less (`NAMED_OTHERWISE_FACTOR`)."""
    catalog = library.catalog if hasattr(library, "catalog") else library
    store = VisionStore(catalog)
    lo, hi = time_range if time_range is not None else (None, None)
    if k <= 0:
        return []
    places = {p.id: p for p in store.places()}
    wanted = "" if normalise(query) in ANY_PLACE else query
    spoken = _spoken_visits(catalog, store)
    if wanted:
        rows = _named_candidates(store, spoken, _candidates(wanted, places, heard_place_names(catalog), similarity),
                                 lo, hi, videos, k)
    else:  # with no range, every visit scores alike and the earliest come first: no need to read the rest
        rows = store.visits_between(lo, hi, videos, limit=k if lo is None and hi is None else None)
    if not rows:
        return []
    parts = [(part, lines) for row in rows for part, lines in _split(row, spoken.get((row[0], row[2]), ((), []))[1])
             if lo is None or hi is None or (part[3] >= lo and part[2] <= hi)]
    if wanted:
        scored = _match(wanted, parts, places, similarity)
    else:
        span = (hi - lo) if lo is not None and hi is not None else 0.0
        scored = [(_cover(part, lo, hi, span) * (_named_otherwise(places.get(part[1]), lines) if unnamed_first
                                                 else 1.0), part, lines) for part, lines in parts]
    scored.sort(key=lambda s: (-s[0], s[1][2]))
    # names (each with the very line it came from) only for the visits shown
    named = [(score, part, visit_names(places.get(part[1]), lines)) for score, part, lines in scored[:k]]
    shown = sorted({part[0] for _, part, _ in named})
    starts = catalog.video_starts(shown)
    speech = SpeechStore(catalog)
    hits = []
    for score, (video_id, place_id, t0, t1, n_frames, visit_id), names in named:
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
                               "heard": speech.first_line(video_id, t0 - LEAD_S, t0 + HEARD_S) or "",
                               "names": [{"name": n.name, "weight": n.weight, "kind": n.kind} for n in names]}))
    return hits


def _named_otherwise(place: Place | None, own: Sequence[Mention]) -> float:
    """How much a visit counts as a place no visit is known by: less the surer a person's name for it is."""
    said = [n.weight for n in visit_names(place, own) if n.kind != "what it shows"]
    return 1.0 - (1.0 - NAMED_OTHERWISE_FACTOR) * min(1.0, max(said, default=0.0))


def heard_place_names(library: Any) -> list[Mention]:
    """Every line that says where the speaker is ("Alright, pharmacy it is."), read once until the Library
    changes."""
    catalog = library.catalog if hasattr(library, "catalog") else library
    return list(catalog.memo("place_mentions", lambda: [Mention(*m) for m in VisionStore(catalog).place_mentions()]))


def _spoken_visits(catalog: Any, store: VisionStore) -> dict[tuple[int, float], tuple[tuple, list[Mention]]]:
    """(video id, visit start) → (the visit's row, the lines that speak about that very visit), for every
    visit some line names, worked out once until the Library changes: a line only ever belongs to one of its
    own file's visits."""
    def compute() -> dict[tuple[int, float], tuple[tuple, list[Mention]]]:
        mentions = heard_place_names(catalog)
        with_lines = {m.video_id for m in mentions}
        visits_of: dict[int, list[Visit]] = defaultdict(list)
        rows: dict[tuple[int, float], tuple] = {}
        # every visit read once and filtered here: a year of files named in SQL would pass SQLite's variable limit
        for row in (r for r in store.visits_between() if r[0] in with_lines):
            visits_of[row[0]].append(Visit(*row[:4]))
            rows[(row[0], row[2])] = row
        out: dict[tuple[int, float], tuple[tuple, list[Mention]]] = {}
        for m in mentions:
            if (visit := visit_of(m, visits_of.get(m.video_id, []))) is not None:
                out.setdefault((visit.video_id, visit.t0), (rows[(visit.video_id, visit.t0)], []))[1].append(m)
        return out
    return catalog.memo("place_spoken_visits", compute)  # type: ignore[no-any-return]


def _named_candidates(store: VisionStore, spoken: dict[tuple[int, float], tuple[tuple, list[Mention]]],
                      candidates: tuple[set[int], set[int]], lo: float | None, hi: float | None,
                      videos: Sequence[int] | None, k: int) -> list[tuple]:
    """The visits that could go by a name (`_candidates`: their places, the files whose lines say it), in
    time order. A week holds thousands of visits of one place; those no line speaks about all go by their
    place's names and score alike, so only the first k of each place (after its spoken ones) can be shown."""
    keep_places, keep_videos = candidates
    allowed = None if videos is None else set(videos)
    rows = [row for row, _ in spoken.values() if (row[1] in keep_places or row[0] in keep_videos)
            and (allowed is None or row[0] in allowed)
            and (lo is None or row[3] >= lo) and (hi is None or row[2] <= hi)]
    spoken_at = Counter(row[1] for row, _ in spoken.values())
    for place_id in sorted(keep_places):
        rows += [row for row in store.visits_between(lo, hi, videos, place_id=place_id, limit=k + spoken_at[place_id])
                 if (row[0], row[2]) not in spoken]
    return sorted(rows, key=lambda row: (row[2], row[3], row[0], row[1], row[4], row[5]))


def _split(row: tuple, lines: Sequence[Mention]) -> list[tuple[tuple, list[Mention]]]:
    """The visit cut where a line well into it names another place than its earlier lines did, or names a place
    when none did before: the wearer walked on to a place that looks alike, and the pictures alone did not
    start a new scene there."""
    if not lines:
        return [(row, [])]
    video_id, place_id, t0, t1, n_frames, visit_id = row
    parts: list[tuple[tuple, list[Mention]]] = []
    start, current = t0, []
    for m in sorted(lines, key=lambda m: m.t):
        other = not current or all(name_similarity(m.phrase, c.phrase) < SPELLING_MATCH / 100.0 for c in current)
        if other and m.t > max(start, t0 + ARRIVAL_S):
            parts.append(((video_id, place_id, start, m.t, n_frames, visit_id), current))
            start, current = m.t, []
        current.append(m)
    parts.append(((video_id, place_id, start, t1, n_frames, visit_id), current))
    return parts


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


def _match(query: str, parts: list[tuple[tuple, list[Mention]]], places: dict[int, Place],
           similarity: Similarity | None) -> list[tuple[float, tuple, list[Mention]]]:
    """(score, part, its lines) of the visit parts whose names match `query`. A part's names, and so its
    score, follow from its place and its lines' phrases and weights: a week repeats the same few over
    thousands of visits, so each such key is judged once."""
    names_of: dict[tuple, list[VisitName]] = {}
    keys = []
    for part, lines in parts:
        key = (part[1], tuple(sorted((m.phrase, m.weight) for m in lines)) if lines else ())
        if key not in names_of:
            names_of[key] = visit_names(places.get(part[1]), lines)
        keys.append(key)
    cosines = _cosines(query, {n.name for names in names_of.values() for n in names}, similarity)
    judged: dict[tuple, tuple[float, float]] = {}
    for key, names in names_of.items():
        pairs = [(name_similarity(query, n.name, cosines.get(n.name)), n.weight) for n in names]
        judged[key] = (max((s * w for s, w in pairs), default=0.0),
                       max((s * w for s, w in pairs if s >= SPELLING_MATCH / 100.0), default=0.0))
    out = [(judged[key][0], judged[key][1] >= MATCH_MIN, part, lines)
           for key, (part, lines) in zip(keys, parts, strict=True) if judged[key][0] >= MATCH_MIN]
    # a place the Library knows by the very name asked for outranks places whose names only share a word
    # with it ("park" asked, "car park" heard elsewhere)
    if any(exact for _, exact, _, _ in out):
        out = [o for o in out if o[1]]
    return [(score, part, lines) for score, _, part, lines in out]


def _minilm(a: Sequence[str], b: Sequence[str]) -> np.ndarray:
    from vidmem.retrieval.embed import similarity

    return similarity(a, b)


__all__ = ["VisitName", "heard_place_names", "name_similarity", "normalise", "place_search", "same_place",
           "visit_names"]
