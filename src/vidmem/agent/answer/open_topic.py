"""Open "what were Ivan and Amara talking about" questions: no topic is asked about, the topic is the answer.

The conversation (`counting.conversations`: talk broken by silence, or by the wearer turning to other voices) is
the one the asked people hold most: the most lines in their voices or calling them by name. Its topics are the
noun phrases its lines say, in order, without the people in it, pronouns or times ("next meeting, bus stop,
laptop"); the lines themselves follow, cited.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from vidmem.agent.answer.types import Evidence
from vidmem.agent.lexicon import TIME_NOUNS, terms
from vidmem.agent.query.types import Query

TALK_VERBS = {"talk", "discuss", "chat", "speak", "converse"}
# words that only say talk happened ("what was the conversation about")
_TALK_NOUNS = {"conversation", "convers", "talk", "chat", "discussion", "discuss", "topic", "subject"}
_TALK_NOUN = re.compile(r"\b(?:conversations?|chats?|discussions?|talks?)\b.*\babout\b", re.I)
_LEADING = {"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these", "those",
            "some", "any"}

Weight = Callable[[Evidence], float]  # how much a line is the asked people's: their voice, or said to them


def asks_topic(query: Query) -> bool:
    """"What were Ivan and Amara talking about (at the station)", "what did Imani and I discuss": talk is asked
    about and nothing names its topic (places, people and times only set it)."""
    talked = query.said_verb in TALK_VERBS or any(t in _TALK_NOUNS for t in query.terms) or \
        _TALK_NOUN.search(query.target or query.text) is not None
    if query.intent not in {"what", "other"} or not talked or query.quoted:
        return False
    told = {w for p in query.places for w in terms(p)} | \
        {w for p in query.people if p.name and not p.wearer for w in terms(p.name)}
    return not (set(query.terms) - told - _TALK_NOUNS - TIME_NOUNS)


def their_conversation(talks: Sequence[Sequence[Evidence]], weight: Weight) -> list[Evidence]:
    """The conversation (`talks`: lines grouped as `counting.conversations` does) the asked people hold most
    (summed `weight`; the earliest on a tie), in time order; none when no line is theirs at all."""
    held = [(sum(weight(e) for e in talk), -i) for i, talk in enumerate(talks)]
    if not held or max(held)[0] <= 0:
        return []
    return sorted(talks[-max(held)[1]], key=lambda e: e.hit.t0)


def topics(lines: Sequence[str], parse: Callable[[str], Any], names: Sequence[str], places: Sequence[str] = (),
           most: int = 3) -> list[str]:
    """The things a conversation is about, as said and in order: its noun phrases without a leading determiner,
    none that is a pronoun, a name (of the people in it or anyone), a time, a number alone, or the place the
    question says it was held at ("at the train station": where, not what)."""
    known = {n.lower() for n in names}
    where = {" ".join(terms(p)) for p in places}
    out: list[str] = []
    for line in lines:
        doc = parse(line)
        for chunk in doc.noun_chunks:
            root = chunk.root
            if root.pos_ in {"PRON", "PROPN"} or root.lower_ in known or root.like_num or \
                    root.lemma_.lower() in TIME_NOUNS or root.ent_type_ in {"PERSON", "DATE", "TIME"}:
                continue
            start = chunk.start + 1 if chunk[0].lower_ in _LEADING else chunk.start
            phrase = doc[start:chunk.end].text.strip()
            if phrase and " ".join(terms(phrase)) in where:
                continue
            if phrase and phrase.lower() not in {o.lower() for o in out}:
                out.append(phrase)
            if len(out) >= most:
                return out
    return out


__all__ = ["TALK_VERBS", "asks_topic", "their_conversation", "topics"]
