"""Who was heard (or with me) at a place or moment, asked without options: every person the evidence supports
nearly as well as the likeliest, not only the likeliest ("who spoke at the pier" may have several answers).

The wearer speaks nearly everywhere, so "me" is named after the others (and alone only when nobody else was
heard); a face or voice known by no name ("Person 2") is named only when nobody named was; "who other
than me" leaves out every line whose likeliest voice is the wearer's (a voice cluster may also carry a name
guessed for the wearer, "Kiko", which is not someone else). "Who spoke at both A and B" ranks first the people
heard at every place searched.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vidmem.agent.answer.types import Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.query.types import Query

_UNNAMED = re.compile(r"^(?:person|speaker|voice)\s*\d+$|^s\d+$", re.I)  # a label, not a name
Voices = Callable[[Evidence], dict[str, float]]  # a line's candidate speakers, name → weight ("me": the wearer)
Company = Callable[[Evidence], list[str]]  # other people an item names (graph partners, faces in view)


@dataclass
class Heard:
    """Support per person: summed weight × relevance, and the steps (places) each was heard in."""

    weight: Counter[str] = field(default_factory=Counter)
    steps: dict[str, set[int]] = field(default_factory=dict)
    evidence: dict[str, list[Evidence]] = field(default_factory=dict)

    def add(self, name: str, value: float, ev: Evidence) -> None:
        self.weight[name] += value
        self.steps.setdefault(name, set()).add(ev.subtask)
        self.evidence.setdefault(name, []).append(ev)


def _shortest(name: str, names: dict[str, float]) -> str:
    """A name as its shortest form among a line's candidates ("Luke Eleanor", misheard "Look Eleanor", is
    "Eleanor")."""
    words = set(name.lower().split())
    inside = [n for n in names if n != name and n != "me" and set(n.lower().split()) < words]
    return min(inside, key=len) if inside else name


def _says(query: Query) -> bool:
    """The question looks for words said (beyond the places it names), not for who was heard somewhere."""
    place_words = {w for p in query.places + query.both for w in p.lower().split()}
    return any(t not in place_words for t in query.terms)


def heard(query: Query, ranked: Sequence[Evidence], voices: Voices, company: Company,
          config: AgentConfig = DEFAULT) -> Heard:
    out = Heard()
    for ev in ranked:
        found = voices(ev)
        if query.excludes_wearer and found and max(found, key=lambda n: found[n]) == "me":
            continue  # the wearer's own line: none of its names is "someone other than me"
        for name, weight in found.items():
            # a faint guess ("Theo" at 0.09 on each of the wearer's lines) would add up over many lines
            if weight >= config.voice_min and not (query.excludes_wearer and name == "me"):
                out.add(_shortest(name, found), weight * ev.relevance, ev)
        for name in company(ev):
            out.add(name, ev.relevance, ev)
    return out


def open_people(query: Query, ranked: Sequence[Evidence], voices: Voices, company: Company,
                config: AgentConfig = DEFAULT) -> tuple[list[str], float, list[Evidence]]:
    """The people to name, likeliest first and the wearer ("me") last; their share of all support; the evidence
    to cite (the likeliest person's first). Empty when nobody is supported."""
    support = heard(query, ranked, voices, company, config)
    if not support.weight:
        return [], 0.0, []

    def key(name: str) -> tuple[int, float]:
        # a two-place question: heard at more of the places first
        return (len(support.steps[name]) if query.both else 0, support.weight[name])

    # the wearer does not compete (heard nearly everywhere); a face or voice known by no name ("Person 2")
    # only where nobody named is supported
    named = [n for n in support.weight if n != "me" and not _UNNAMED.match(n)]
    others = sorted(named or [n for n in support.weight if n != "me"], key=key, reverse=True)
    # "who did I talk to right before I left": one moment next to the anchor, so one person; "who spoke at
    # the pier" (a place, a time, the moment of something) may have several answers
    # — and "who said the ferry is late" (words of its own to find) is one line's speaker
    most = 1 if (query.anchor is not None and query.anchor.relation in {"before", "after"}) or _says(query) \
        else config.open_who_max
    names: list[str] = []
    if others:
        top = key(others[0])
        names = [n for n in others if key(n)[0] == top[0] and support.weight[n] >= config.open_who_share * top[1]]
        names = names[:most]
    mine = support.weight.get("me", 0.0)
    if mine > 0 and len(names) < most and (not names or
                                                         mine >= config.open_who_share * support.weight[names[0]]):
        names.append("me")  # named after the others: "who spoke there" is seldom asking about me
    total = sum(support.weight.values())
    share = sum(support.weight[n] for n in names) / total if total else 0.0
    cited: dict[int, Evidence] = {}
    for name in names[:2]:
        for e in sorted(support.evidence[name], key=lambda e: -e.relevance)[:2]:
            cited.setdefault(e.number, e)
    return names, share, list(cited.values())[:3]


def join_names(names: Sequence[str]) -> str:
    """"Kofi", "Kofi and Rosa", "Kofi, Rosa and me"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


__all__ = ["Heard", "heard", "join_names", "open_people"]
