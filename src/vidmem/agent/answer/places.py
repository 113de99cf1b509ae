"""Where answers from place visits (`place_search` hits): each option is compared with the names of the places
the evidence puts the wearer at, weighted by how surely each name is that visit's (the user's name, its own
arrival line, the place's inferred name …) and by how much the visit is the moment asked about.

- "where was I when Rosa said …": the visit covering the line (the search's window) votes, others a little;
- "where do I usually see Omar": every moment with Omar (his lines by voice, his face) votes for the visit
  it falls in, so the most frequent place wins;
- "where did I go next": the first visit at another place than the one the window starts at.

Where a visit has no name matching an option, the first line heard on arriving there (`heard`) is compared
with the option by sound, more weakly: speech recognition turns "the playground" into "the plane round",
so the line gave no name, yet it still says which option the place was.

Where the visit of the moment goes by no name at all, an option that is the name of another of the Library's
places is likely not where the wearer was (`named_elsewhere`): the scorer prefers the options naming no place.

Nothing here reads ImageNet labels: where no visit's names or arrival line match an option, the scorer's word
and label matching decides as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from rapidfuzz import fuzz

from vidmem.agent.answer.types import Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.query.types import Query
from vidmem.agent.speakers import sounds_alike
from vidmem.retrieval.places import name_similarity, normalise, same_place

Cosines = Callable[[Sequence[str], Sequence[str]], "object"]  # (a, b) → cosine matrix
VoiceWeight = Callable[[Evidence, str], float]  # how likely the evidence's voice is the person's


_WORD = re.compile(r"[a-z0-9']+")


def heard_like(option: str, line: str) -> float:
    """How much `line` says `option` as heard: the option's sounds against every run of one to three of the
    line's words, spaces dropped ("plane round" / playground, "workshop" / bookshop)."""
    wanted = "".join(normalise(option).split())
    words = _WORD.findall(line.lower())
    if len(wanted) < 3 or not words:
        return 0.0
    runs = ("".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1))
    return max((sounds_alike(wanted, run) for run in runs), default=0.0)


def _names(ev: Evidence) -> list[tuple[str, float]]:
    return [(str(n.get("name", "")), float(n.get("weight", 0.0))) for n in ev.hit.extra.get("names") or []]


def _containing(moment: Evidence, visits: Sequence[Evidence]) -> Evidence | None:
    mid = (moment.hit.t0 + moment.hit.t1) / 2
    inside = [v for v in visits if v.hit.video_id == moment.hit.video_id and v.hit.t0 <= mid <= v.hit.t1]
    return inside[0] if inside else None


def _shows(ev: Evidence, about: Sequence[str]) -> bool:
    """The frame shows one of the people by name (a face search whose filter the Library could not apply
    returns frames of anyone)."""
    seen = {str(p).lower() for p in ev.hit.extra.get("people") or []}
    return any(who.lower() in seen or any(who.lower() in s.split() for s in seen) for who in about)


def _votes(query: Query, evidence: Sequence[Evidence], visits: Sequence[Evidence], about: Sequence[str],
           voice_weight: VoiceWeight, config: AgentConfig) -> list[tuple[Evidence, float]]:
    """(visit, weight of its vote) for the question asked."""
    if query.usually and about:
        votes: list[tuple[Evidence, float]] = []
        for e in evidence:
            if e.hit.modality == "audio":
                weight = max(voice_weight(e, who) for who in about)
                if weight < config.voice_min:
                    continue
            elif e.hit.modality == "visual" and _shows(e, about):
                weight = 1.0  # the person's face in view
            else:
                continue
            visit = _containing(e, visits)
            if visit is not None:
                votes.append((visit, weight))
        if votes:
            return votes
    ordered = sorted(visits, key=lambda v: v.hit.t0)
    if query.next and ordered:
        here = ordered[0].hit.extra.get("place_id")
        here_name = ordered[0].hit.extra.get("place")
        # another place: another cluster, and not one going by the same name (two clusters of one room)
        moved = [v for v in ordered if v.hit.extra.get("place_id") != here and
                 not same_place(str(v.hit.extra.get("place") or ""), str(here_name or ""))]
        # the first one that goes by a name a person said or gave: a scene cut off the next place (a second, no
        # line heard) says nothing of where the wearer went, and one merely looking like a named place little
        said = next((v for v in moved if any(kind not in WEAK_KINDS for _, kind in _kinds(v))), None)
        alike = next((v for v in moved if any(kind != SHOWN_ONLY for _, kind in _kinds(v))), None)
        first = said or alike or (moved[0] if moved else None)
        return [(first, 1.0)] if first is not None else []
    top = max((v.hit.score for v in visits), default=0.0) or 1.0
    return [(v, v.hit.score / top) for v in visits]


def _misheard(bodies: Sequence[str], visit: Evidence, config: AgentConfig) -> list[float]:
    """Per option, how surely a name the visit was heard by ("Alright, reach it is.": "reach") is that option
    misheard: only the option spelt most like it, by a clear margin over the others (so one wrong letter in
    "reach" counts for "beach", never for "cinema")."""
    out = [0.0] * len(bodies)
    heard = [normalise(n) for n, kind in _kinds(visit) if kind == "arrival line"]
    for name in (n for n in heard if n):
        ratios = [fuzz.ratio(normalise(b), name) for b in bodies]
        best = max(range(len(bodies)), key=lambda i: ratios[i])
        rest = max((r for i, r in enumerate(ratios) if i != best), default=0.0)
        if ratios[best] >= config.misheard_place_ratio and ratios[best] - rest >= config.misheard_place_margin:
            out[best] = max(out[best], ratios[best] / 100.0)
    return out


def _kinds(ev: Evidence) -> list[tuple[str, str]]:
    return [(str(n.get("name", "")), str(n.get("kind", ""))) for n in ev.hit.extra.get("names") or []]


def where_scores(bodies: Sequence[str], query: Query, evidence: Sequence[Evidence], about: Sequence[str],
                 voice_weight: VoiceWeight, cosines: Cosines | None = None, config: AgentConfig = DEFAULT
                 ) -> tuple[list[float], list[list[Evidence]]] | None:
    """Each option's support from the visits' names, or None when no visit's name matches any option."""
    visits = [e for e in evidence if e.hit.modality == "place"]
    if not visits or not bodies:
        return None
    votes = _votes(query, evidence, visits, about, voice_weight, config)
    names = sorted({n for v, _ in votes for n, _ in _names(v)})
    cos: dict[tuple[int, str], float] = {}
    if cosines is not None and names:
        matrix = cosines([normalise(b) or b for b in bodies], [normalise(n) or n for n in names])
        cos = {(i, n): float(matrix[i][j]) for i in range(len(bodies)) for j, n in enumerate(names)}  # type: ignore[index]
    scores = [0.0] * len(bodies)
    support: list[list[Evidence]] = [[] for _ in bodies]
    for visit, weight in votes:
        misheard = _misheard(bodies, visit, config)
        for i, body in enumerate(bodies):
            match = max((name_similarity(body, n, cos.get((i, n))) * w for n, w in _names(visit)), default=0.0)
            if match <= 0:
                sound = heard_like(body, str(visit.hit.extra.get("heard") or ""))
                match = sound * config.heard_place_weight if sound >= config.name_sound_min else 0.0
            if match <= 0 and misheard[i] > 0:
                match = misheard[i] * config.heard_place_weight
            if match > 0:
                scores[i] += weight * match
                if visit not in support[i]:
                    support[i].append(visit)
    if max(scores) <= 0:
        return None
    total = sum(w for _, w in votes) or 1.0
    return [s / total for s in scores], support


def named_elsewhere(bodies: Sequence[str], evidence: Sequence[Evidence], place_names: Mapping[int, str]
                    ) -> list[bool] | None:
    """Per option, whether it names another of the Library's places (`place_names`: place id → name) than the
    one the moment is at; None unless the best visit found goes by no name (its place unnamed, no line heard
    naming it on arrival)."""
    visits = sorted((e for e in evidence if e.hit.modality == "place"), key=lambda e: -e.hit.score)
    if not visits or not place_names:
        return None
    here = visits[0].hit.extra.get("place_id")
    if here in place_names or any(kind not in WEAK_KINDS for _, kind in _kinds(visits[0])):
        return None
    others = [name for place, name in place_names.items() if place != here]
    return [any(same_place(body, name) for name in others) for body in bodies]


SHOWN_ONLY = "what it shows"  # a visit's name made of its frames' labels and text: no name a person would say
WEAK_KINDS = {SHOWN_ONLY, "looks like"}  # names nobody said for that visit or its place


def open_place(query: Query, evidence: Sequence[Evidence], about: Sequence[str], voice_weight: VoiceWeight,
               cosines: Cosines | None = None, config: AgentConfig = DEFAULT
               ) -> tuple[str, float, list[Evidence]] | None:
    """An open "where …": the names the visits found go by (as said or given, never a description of what the
    frames show) are the candidates, scored as options would be (`where_scores`); the best (name, share of
    the support, its visits), or None when no visit found has such a name."""
    candidates = list(dict.fromkeys(
        str(n.get("name")) for e in evidence if e.hit.modality == "place"
        for n in e.hit.extra.get("names") or [] if n.get("name") and n.get("kind") != SHOWN_ONLY))
    if not candidates:
        return None
    scored = where_scores(candidates, query, evidence, about, voice_weight, cosines, config)
    if scored is None:
        return None
    scores, support = scored
    best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
    return candidates[best], scores[best] / (sum(scores) or 1.0), support[best]
