"""Typing slips in the words that shape a question ("waht", "teh", "frist", "wehre", "seperate") and two such words
run together ("wherewas", "atboth", "whereI"): a fast typist's question reads as typed once those words are mended.

Only a word no English word list knows (`known_words`, the text embedder's vocabulary) and no name the Library
knows is mended, and only to a shaping word one edit away (a letter missed, added, changed, or two swapped),
when exactly one is (or one by a swap, or one by a letter missed), or to two shaping words when exactly one split
gives them: names, places and things are never guessed at, and quoted words are held out by the caller. A
capitalised word is a name, except the first of a sentence ("Wehre was I").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache

from rapidfuzz.distance import OSA

from vidmem.agent.lexicon import QUESTION_STOP

# words a question's shape rests on (its question words, the verbs and nouns the reader keys on), beyond the
# function words of `QUESTION_STOP`
_SHAPING = frozenset({
    "said", "say", "says", "saw", "see", "seen", "spoke", "speak", "talk", "talked", "mentioned", "mention",
    "heard", "visited", "visit", "arrived", "went", "around", "about", "separate", "different", "conversation",
    "conversations", "object", "objects", "sign", "written", "holding", "front", "view", "where", "which",
    "what", "when", "who", "whose", "first", "last", "next", "before", "after", "usually", "times", "often",
    "place", "people", "person", "someone", "somebody", "something", "yesterday", "today", "morning",
    "afternoon", "evening", "night", "the", "there", "their", "with", "from", "that", "this", "were", "was",
    "did", "does", "many", "much", "both", "while", "during", "saying", "seeing", "looking", "again",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "apart",
})
_MIN_LENGTH = 3  # "th", "i", "u": too short to tell a slip from a word
# a lower-case word, or the capitalised first word of a sentence; "whereI": a word run into "I"
_WORD = re.compile(r"\b[a-z]+(?:I\b)?\b|(?:^|(?<=[.?!]\s))[A-Z][a-z]+(?:I\b)?\b")


@lru_cache(maxsize=1)
def _shaping() -> tuple[str, ...]:
    return tuple(sorted(_SHAPING | {w for w in QUESTION_STOP if w.isalpha() and len(w) >= _MIN_LENGTH}))


@lru_cache(maxsize=1)
def _joinable() -> frozenset[str]:
    """Words a typist runs together: the shaping words and every function word ("at", "in", "do", "i")."""
    return frozenset(_shaping()) | {w for w in QUESTION_STOP if w.isalpha()} | {"i"}


def _split(word: str) -> str | None:
    """Two shaping words run together ("wherewas" → "where was", "whereI" → "where I"), when one split gives them."""
    if word.endswith("I") and word[:-1].lower() in _joinable():
        return f"{word[:-1]} I"
    low = word.lower()
    splits = [(low[:i], low[i:]) for i in range(2, len(low) - 1)
              if low[:i] in _joinable() and low[i:] in _joinable()]
    if len(splits) != 1:
        return None
    first, second = splits[0]
    return f"{word[0]}{first[1:]} {second}"


def _mended(word: str) -> str:
    """The shaping word one edit from `word` (lower case), or `word` when none is, or more than one."""
    near = [w for w in _shaping() if abs(len(w) - len(word)) <= 1 and OSA.distance(word, w) == 1]
    if len(near) > 1:
        # two letters swapped is the likeliest slip ("wehre": where, not were), then a letter missed ("whn": when,
        # not who or why)
        swapped = [w for w in near if sorted(w) == sorted(word)]
        near = swapped or [w for w in near if len(w) == len(word) + 1]
    return near[0] if len(near) == 1 else word


def mend_slips(text: str, names: Collection[str] = (), words: Callable[[], frozenset[str]] | None = None) -> str:
    """`text` with each typing slip in a shaping word mended (see the module's doc)."""
    known = (words or _known_words)()
    if not known:
        return text
    keep = {w for name in names for w in name.lower().split()}

    def mend(m: re.Match[str]) -> str:
        word = m[0]
        low = word.lower()
        if len(word) < _MIN_LENGTH or low in known or low in keep:
            return word
        if (split := _split(word)) is not None:
            return split
        if word.endswith("I"):
            return word
        mended = _mended(low)
        return mended.capitalize() if word[0].isupper() else mended
    return _WORD.sub(mend, text)


def _known_words() -> frozenset[str]:
    from vidmem.models.text_embedding import known_words

    return known_words()
