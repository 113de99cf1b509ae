"""The things a question asks to put in order, wherever it lists them, and which end of the order it wants.

People word an ordering question many ways: "which of these did I see first: cat, coins or clock?",
"of the pier and the gym, which did I visit earlier", "which came first, the bakery or the gym",
"did I go to the bakery, the gym or the pier first?", "did nia or jonas speak first", "which was brought up
first dallas, noon or the harbor", "I went to the mill, the quay and the pier. Which was first?". The list is
read once here, by plain splitting on commas and "or" / "and" (no nested optional patterns: those backtrack
badly on long questions). Where the list is not set off by punctuation, the clause's words around it are cut
away: the list starts after the last verb, pronoun or preposition before its items ("was the bus stop",
"did nia") and ends at the first one after them ("krakow mentioned", "the cafe did I get to"). The parts of
speech come from the reader's parse (`tags`) where it gives one, else from a small list of such words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

Side = Literal["first", "last"]
# a word of the question (lower case) → its part of speech there (spaCy's coarse tags), or TIME for a word of a
# date or time the parser found ("yesterday", "on day 2")
Tags = Mapping[str, str]

_FIRST = re.compile(r"\b(first|earliest|earlier|sooner|soonest|initially)\b", re.I)
_LAST = re.compile(r"\b(last|latest|later|most recent(?:ly)?|final)\b", re.I)
_CLOCK_COLON = re.compile(r"(?<!\d):(?!\d)")  # a colon that is not a clock time's
_SPLIT = re.compile(r"\s*(?:,|\s[-–—]\s)\s*(?:(?:or|and)\s+)?|\s+(?:or|and|vs\.?|versus)\s+", re.I)
# a part that only points at the list ("of these places — a, b, c — which …", "the following")
_BACK_REF = re.compile(r"^(?:these|those|the following|the next)\b", re.I)
# "of the pier and the gym, which …", "between X and Y, what …", "out of X and Y, whose voice …"
_LEADING = re.compile(r"^(?:out of|of|between|(?:from )?among(?:st)?|from)\s+([^?]+?)(?:,|\s[-–—])\s*"
                      r"(?:which|what|who|whose|where)\b", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an|my|our)\s+", re.I)
_INNER_ARTICLE = re.compile(r"\s+(?=(?:the|a|an)\s)", re.I)  # "the market the garden the gym"
_QUESTION_WORD = re.compile(r"\b(?:which|what|who|whose|where)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])[\s,]+")  # also "harbour., which" (a time taken out after the stop)
# what joins a list to its clause, by part of speech; a preposition only where the list is not set off
_CLAUSE_POS = {"VERB", "AUX", "PRON", "SCONJ", "PART"}
_CLAUSE_POS_LOOSE = _CLAUSE_POS | {"ADP"}
# the same without a parse: auxiliaries, subjects, prepositions and the verbs ordering questions use
_CLAUSE_WORDS = {"did", "do", "does", "was", "were", "is", "are", "am", "will", "would", "can", "could", "have",
                 "has", "had", "i", "we", "you", "he", "she", "they", "someone", "somebody", "anyone", "it",
                 "which", "what", "who", "whose", "where", "these", "those", "them"}
_CLAUSE_WORDS_LOOSE = _CLAUSE_WORDS | {
    "to", "at", "in", "into", "from", "of", "about", "on", "see", "saw", "seen", "visit", "visited", "reach",
    "reached", "hear", "heard", "meet", "met", "mention", "mentioned", "notice", "noticed", "spot", "spotted",
    "read", "say", "said", "came", "come", "happened", "happen", "go", "went", "get", "got", "speak", "spoke",
    "talk", "talked"}
# a time right after the order word sets when, it is no listed thing ("which came first yesterday, A or B")
_TIME_WORDS = re.compile(r"^(?:(?:on|in|at|during|this|last)\s+)*(?:today|yesterday|tonight|morning|afternoon|"
                         r"evening|day \d+|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$", re.I)
_RELATIVE_DAY = re.compile(r"^(?:today|yesterday|tonight)$", re.I)
_ITEM_PRONOUNS = {"me", "myself"}  # the wearer is a thing a list holds ("who spoke first: me, Rosa or Ines")
MAX_ITEMS = 8
MAX_ITEM_WORDS = 5


def order_side(text: str) -> Side | None:
    """"first" for first / earliest / earlier / sooner, "last" for last / latest / later; None otherwise."""
    if _FIRST.search(text):
        return "first"
    if _LAST.search(text):
        return "last"
    return None


def listed_items(text: str, tags: Tags | None = None) -> list[str]:
    """The things listed to choose among, as written (articles dropped), in the order given; [] when the
    question lists none (a list has at least two things joined by commas, "or" or "and")."""
    text = " ".join(text.split()).strip()
    tags = tags or {}
    for read in (_after_colon, _leading, _after_order_word, _before_order_word, _earlier_sentence):
        items = read(text, tags)
        if items:
            return items
    return []


def _clause_word(word: str, tags: Tags, loose: bool) -> bool:
    low = word.lower().strip(".,;:!?'\"")
    if low in _ITEM_PRONOUNS:
        return False
    pos = tags.get(low)
    if pos is not None:
        return pos in (_CLAUSE_POS_LOOSE if loose else _CLAUSE_POS)
    return low in (_CLAUSE_WORDS_LOOSE if loose else _CLAUSE_WORDS)


def _parts(segment: str) -> list[str]:
    """The segment split on commas and "or" / "and", and a part that runs several things together each
    behind its article ("the market the garden the gym") split at the articles."""
    out: list[str] = []
    for part in _SPLIT.split(segment.strip(" ?.!")):
        part = part.strip(" ?.!,;:'\"-–—")
        if _BACK_REF.match(part):
            continue
        pieces = _INNER_ARTICLE.split(part) if _ARTICLE.match(part) else [part]
        out += [p for p in pieces if p]
    return out


def _trim(parts: list[str], tags: Tags, loose: bool) -> list[str]:
    """The list without the clause around it: the last part ends at its first clause word after a thing
    ("krakow mentioned"); where the list is not set off, it starts after the last clause word of the last
    part that has one ("was the bus stop", "did nia"): the parts before it belong to the clause."""
    words = parts[-1].split()
    end = next((k for k in range(1, len(words)) if _clause_word(words[k], tags, loose)), len(words))
    parts = [*parts[:-1], " ".join(words[:end])]
    if not loose:
        return parts
    start = 0
    for i, part in enumerate(parts):
        words = part.split()
        marks = [k for k, w in enumerate(words) if _clause_word(w, tags, loose)]
        if marks and marks[-1] < len(words) - 1:
            parts[i], start = " ".join(words[marks[-1] + 1:]), i
    # "came up first in conversation the hospital or the cinema": the first thing starts at its article
    words = parts[start].split()
    inner = next((k for k in range(1, len(words)) if _ARTICLE.match(f"{words[k]} ")), None)
    if inner is not None and not _ARTICLE.match(f"{words[0]} "):
        parts[start] = " ".join(words[inner:])
    return parts[start:]


def _items(segment: str, tags: Tags, loose: bool = False) -> list[str]:
    parts = _parts(segment)
    if len(parts) < 2:
        return []
    parts = [_ARTICLE.sub("", p) for p in _trim(parts, tags, loose)]
    parts = [p for p in parts if p]
    if not 2 <= len(parts) <= MAX_ITEMS or any(len(p.split()) > MAX_ITEM_WORDS for p in parts):
        return []
    if any(_QUESTION_WORD.search(p) or order_side(p) for p in parts):
        return []
    if any(all(_clause_word(w, tags, loose) for w in p.split()) for p in parts):
        return []  # "who said imani, can i come along": "can" is no thing
    return list(dict.fromkeys(parts))


def _after_colon(text: str, tags: Tags) -> list[str]:
    """"which of these did I see first: cat, coins, clock?", or before it: "the cat, the coins or the clock:
    which did I see first?"."""
    parts = _CLOCK_COLON.split(text)
    if len(parts) < 2:
        return []
    return _items(parts[-1], tags) or (_items(parts[0], tags) if _QUESTION_WORD.search(parts[-1]) else [])


def _leading(text: str, tags: Tags) -> list[str]:
    """"of the pier and the gym, which did I visit earlier"."""
    m = _LEADING.match(text)
    if m is None:
        return []
    listing, _, tail = m[1].rpartition(",")
    # "of nia, jonas or olga, today, who spoke first": a time after the list sets when, it is no listed thing
    return _items(listing if listing and _is_time(tail, tags) else m[1], tags)


def _after_order_word(text: str, tags: Tags) -> list[str]:
    """"which came first, the bakery or the gym", "which did I see earlier — X or Y", and without the mark:
    "which was brought up first dallas, noon or the harbor"."""
    m = _FIRST.search(text) or _LAST.search(text)
    if m is None:
        return []
    tail = text[m.end():].lstrip(" ,-–—:")
    set_off = tail != text[m.end():].lstrip()
    first = _SPLIT.split(tail, maxsplit=1)
    if not set_off and len(first) == 2 and _is_setting(first[0], tags):
        tail = first[1]
    return _items(tail, tags, loose=not set_off)


def _is_setting(phrase: str, tags: Tags) -> bool:
    """A time that sets when before the list ("first yesterday, A or B", "first on day 1 - A, B or C"); a bare
    weekday may be a listed thing itself ("first Thursday, Dallas or noon")."""
    phrase = phrase.strip()
    return _is_time(phrase, tags) and (_RELATIVE_DAY.match(phrase) is not None or
                                       re.match(r"^(?:on|in|at|during|this|last)\s", phrase, re.I) is not None)


def _is_time(phrase: str, tags: Tags) -> bool:
    """A day or time ("yesterday", "on day 2"), by its words or the parser's dates."""
    words = [w.lower() for w in phrase.split()]
    if not words:
        return False
    parsed = all(tags.get(w) in {"TIME", "ADP"} for w in words) and any(tags.get(w) == "TIME" for w in words)
    return parsed or _TIME_WORDS.match(phrase.strip()) is not None


def _before_order_word(text: str, tags: Tags) -> list[str]:
    """"did I go to the bakery, the gym or the pier first?": the list ends at the order word and starts after
    the clause's last verb, pronoun or preposition before it."""
    m = _FIRST.search(text) or _LAST.search(text)
    if m is None or m.start() == 0:
        return []
    head = _SENTENCE.split(text[:m.start()].strip(" ,"))[-1]  # a list in an earlier sentence is read below
    if not re.search(r",|\bor\b|\band\b", head):
        return []
    return _items(head, tags, loose=True)


def _earlier_sentence(text: str, tags: Tags) -> list[str]:
    """"I went to the mill, the quay and the pier yesterday. Which was first?": the asking sentence names an
    end of the order but lists nothing; the list is in a sentence before it."""
    sentences = [s for s in _SENTENCE.split(text) if s.strip()]
    if len(sentences) < 2 or order_side(sentences[-1]) is None:
        return []
    for sentence in reversed(sentences[:-1]):
        if sentence.rstrip().endswith("?"):
            continue  # a list is stated before the question, not asked ("who said nia, can I come? … first")
        items = _items(sentence, tags, loose=True)
        if items:
            return items
    return []
