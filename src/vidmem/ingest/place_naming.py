"""A name for each place cluster, from what was said on arriving there and from the signs seen there.

Spoken evidence: a line that says where the speaker is (`name_rules.place_mentions`) belongs to the
visit it falls in (or the one starting within `LEAD_S` after it: people name a place as they walk in,
before the view settles). Lines in a visit's first `ARRIVAL_S` count fully, later ones less, and the
wearer's own lines (the voice heard most) a little more than others'. Each visit gives a phrase group
(by head noun: "the bakery", "this bakery", "Bakery" are one) its strongest line once, so a place is
named by agreement across visits rather than by one chatty visit.

Signs: on-screen text read at the place. A sign that shares a word with a spoken phrase supports it;
signs alone name a place only when nothing was said, and less surely: a sign's text ("FRESH BREAD",
"PLATFORM 4") is often what a place shows rather than what people call it. A place's own sign is there
whenever one comes back, so a sign alone names it only when read on `SIGN_ONLY_MIN_VISITS` visits, and
never when the same text is read at another place too: a notice that happened to be in view once ("WET
FLOOR", "NO SMOKING") or one seen everywhere ("EXIT") is no name.

Confidence, as for voices: items of one name combine as 1 − Π(1 − w), scaled by that name's share of all
evidence, so places that hear two different names are less sure. A user's name (`vidmem places rename`)
is stored apart and always wins.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

LEAD_S = 10.0  # a line this long before a visit starts names that visit (said while walking in)
ARRIVAL_S = 30.0  # lines in a visit's first seconds are arrival lines …
LATER_FACTOR = 0.6  # … later lines in the visit count less
OTHER_SPEAKER_FACTOR = 0.8  # someone else saying where we are is good evidence, the wearer's own a bit better
SIGN_WEIGHT = 0.5  # one visit where a sign was read
SIGN_ONLY_FACTOR = 0.8  # a name from signs alone is less sure than a spoken one
SIGN_MIN_SCORE = 0.8  # OCR confidence of a sign worth reading as a name
SIGN_MAX_WORDS = 5
SIGN_ONLY_MIN_VISITS = 2  # visits a sign alone must be read on to name a place
MIN_CONFIDENCE = 0.35

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")


@dataclass(frozen=True)
class Visit:
    video_id: int
    place_id: int
    t0: float
    t1: float


@dataclass(frozen=True)
class Mention:
    video_id: int
    utterance_id: int
    t: float
    phrase: str
    head: str
    weight: float
    kind: str
    speaker_id: int | None
    text: str


@dataclass(frozen=True)
class Sign:
    place_id: int
    video_id: int
    t: float
    text: str
    score: float


def visit_of(mention: Mention, visits: Sequence[Visit]) -> Visit | None:
    """The visit a line speaks about: the one it falls in, or one that starts just after it."""
    inside = [v for v in visits if v.video_id == mention.video_id and v.t0 <= mention.t <= v.t1]
    starting = [v for v in visits if v.video_id == mention.video_id and v.t0 - LEAD_S <= mention.t < v.t0]
    # "here we are at the market" said as the view changes belongs to the new scene, not the street before
    if starting and (not inside or mention.t >= inside[0].t1 - LEAD_S):
        return min(starting, key=lambda v: v.t0)
    return inside[0] if inside else None


def spoken_evidence(mentions: Sequence[Mention], visits: Sequence[Visit], wearer: int | None) -> dict[int, list[dict]]:
    """place id → evidence items from speech, one per (visit, phrase group): the strongest line."""
    best: dict[tuple[int, int, float, str], dict] = {}
    for m in mentions:
        visit = visit_of(m, visits)
        if visit is None:
            continue
        weight = m.weight
        arrival = m.t <= visit.t0 + ARRIVAL_S
        if not arrival:
            weight *= LATER_FACTOR
        if wearer is not None and m.speaker_id != wearer:
            weight *= OTHER_SPEAKER_FACTOR
        key = (visit.place_id, visit.video_id, visit.t0, m.head)
        item = {"name": m.phrase, "group": m.head, "kind": "arrival line" if arrival else "line during visit",
                "weight": round(weight, 3), "video_id": m.video_id, "t": round(m.t, 2), "text": m.text[:200],
                "speaker_id": m.speaker_id, "visit_t0": round(visit.t0, 2)}
        if key not in best or weight > best[key]["weight"]:
            best[key] = item
    out: dict[int, list[dict]] = defaultdict(list)
    for (place_id, *_), item in sorted(best.items(), key=lambda kv: kv[1]["t"]):
        out[place_id].append(item)
    return out


def sign_evidence(signs: Sequence[Sign], visits: Sequence[Visit]) -> dict[int, list[dict]]:
    """place id → one item per (visit, sign text) for text that could be a name (short, wordy, read clearly)."""
    best: dict[tuple[int, int, float, str], dict] = {}
    for sign in signs:
        words = _WORD.findall(sign.text)
        if sign.score < SIGN_MIN_SCORE or not words or len(sign.text.split()) > SIGN_MAX_WORDS:
            continue
        visit = next((v for v in visits if v.video_id == sign.video_id and v.place_id == sign.place_id
                      and v.t0 <= sign.t <= v.t1), None)
        visit_key = visit.t0 if visit is not None else sign.t
        text = " ".join(sign.text.split())
        key = (sign.place_id, sign.video_id, visit_key, text.lower())
        if key not in best:
            best[key] = {"name": _sign_name(text), "group": text.lower(), "kind": "sign", "weight": SIGN_WEIGHT,
                         "video_id": sign.video_id, "t": round(sign.t, 2), "text": text}
    out: dict[int, list[dict]] = defaultdict(list)
    for (place_id, *_), item in sorted(best.items(), key=lambda kv: kv[1]["t"]):
        out[place_id].append(item)
    return out


def _sign_name(text: str) -> str:
    """Signs shout; people don't: "FRESH BREAD" → "fresh bread" (mixed case is kept: "Rosa's Kitchen")."""
    return text.lower() if text.isupper() else text


def _longest_with_suffix(key: str, keys: set[str]) -> str:
    """"station" joins "train station" when that is the only longer name ending in it heard at the place."""
    longer = [k for k in keys if k != key and k.endswith(" " + key)]
    return longer[0] if len(longer) == 1 else key


def _combine(weights: Sequence[float]) -> float:
    return 1.0 - float(np.prod([1.0 - w for w in weights]))


def decide_place_name(spoken: Sequence[dict], signs: Sequence[dict]) -> tuple[str | None, float | None, list[dict]]:
    """(name, confidence, evidence used) for one place; (None, best confidence, evidence) when unsure."""
    groups: dict[str, list[dict]] = defaultdict(list)
    keys = {item["group"] for item in spoken}
    for item in spoken:
        groups[_longest_with_suffix(item["group"], keys)].append(item)
    evidence = list(spoken)
    if groups:
        # a sign that shares a word with a spoken name supports it ("BAKERY" for "the bakery")
        for sign in signs:
            sign_words = {w.lower() for w in _WORD.findall(sign["text"])}
            for group, items in groups.items():
                if group in sign_words or any(set(i["name"].lower().split()) & sign_words for i in items):
                    support = {**sign, "kind": "sign agreeing", "group": group}
                    items.append(support)
                    evidence.append(support)
                    break
        factor = 1.0
    else:
        for sign in signs:
            groups[sign["group"]].append(sign)
        evidence = list(signs)
        factor = SIGN_ONLY_FACTOR
        # one item per visit: a text read on one visit only is what happened to be in view, not the place's own
        groups = defaultdict(list, {g: items for g, items in groups.items() if len(items) >= SIGN_ONLY_MIN_VISITS})
    if not groups:
        return None, None, []
    total = sum(i["weight"] for items in groups.values() for i in items)
    scored = {g: _combine([i["weight"] for i in items]) * sum(i["weight"] for i in items) / total * factor
              for g, items in groups.items()}
    best = max(scored, key=lambda g: (scored[g], len(groups[g])))
    confidence = round(scored[best], 3)
    spoken_names = [i["name"] for i in groups[best] if i["kind"] != "sign agreeing"]
    name = max(set(spoken_names), key=lambda n: (spoken_names.count(n), -len(n))) if spoken_names else None
    if name is None or confidence < MIN_CONFIDENCE:
        return None, confidence, evidence
    return name, confidence, evidence


def name_places(place_ids: Sequence[int], mentions: Sequence[Mention], visits: Sequence[Visit],
                signs: Sequence[Sign], wearer: int | None) -> list[tuple[int, str | None, float | None, list[dict]]]:
    """(place id, name, confidence, evidence) for every place."""
    spoken = spoken_evidence(mentions, visits, wearer)
    read = sign_evidence(signs, visits)
    places_of: dict[str, set[int]] = defaultdict(set)
    for place_id, items in read.items():
        for item in items:
            places_of[item["group"]].add(place_id)
    # a text read at several places is a notice, no place's name
    read = {p: [i for i in items if len(places_of[i["group"]]) == 1] for p, items in read.items()}
    out = []
    for place_id in place_ids:
        name, confidence, evidence = decide_place_name(spoken.get(place_id, []), read.get(place_id, []))
        out.append((place_id, name, confidence, evidence))
    return out
