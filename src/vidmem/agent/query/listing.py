"""The things a question asks to put in order, wherever it lists them, and which end of the order it wants.

People word an ordering question many ways: "which of these did I see first: cat, coins or clock?",
"of the pier and the gym, which did I visit earlier", "which came first, the bakery or the gym",
"did I go to the bakery, the gym or the pier first?". The list is read once here, by plain splitting on
commas and "or" / "and" (no nested optional patterns: those backtrack badly on long questions).
"""

from __future__ import annotations

import re
from typing import Literal

Side = Literal["first", "last"]

_FIRST = re.compile(r"\b(first|earliest|earlier|sooner|soonest|initially)\b", re.I)
_LAST = re.compile(r"\b(last|latest|later|most recent(?:ly)?|final)\b", re.I)
_CLOCK_COLON = re.compile(r"(?<!\d):(?!\d)")  # a colon that is not a clock time's
_SPLIT = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and|vs\.?|versus)\s+", re.I)
# "of the pier and the gym, which …", "between X and Y, what …"
_LEADING = re.compile(r"^(?:out of|of|between|among)\s+([^?]+?),\s*(?:which|what|who|where)\b", re.I)
# the words that end a question's verb phrase before its first listed thing ("did I go to the bakery, …")
_BEFORE_ITEM = re.compile(r"^.*\b(?:to|at|in|into|from|see|saw|seen|visit|visited|reach|reached|hear|heard|"
                          r"meet|met|mention|mentioned|notice|noticed|spot|spotted|read|say|said|was|were|"
                          r"is|are|came|come|happened|happen|these|of)\s+", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an|my|our)\s+", re.I)
_QUESTION_WORD = re.compile(r"\b(?:which|what|who|where)\b", re.I)
MAX_ITEMS = 8
MAX_ITEM_WORDS = 5


def order_side(text: str) -> Side | None:
    """"first" for first / earliest / earlier / sooner, "last" for last / latest / later; None otherwise."""
    if _FIRST.search(text):
        return "first"
    if _LAST.search(text):
        return "last"
    return None


def listed_items(text: str) -> list[str]:
    """The things listed to choose among, as written (articles dropped), in the order given; [] when the
    question lists none (a list has at least two things joined by commas, "or" or "and")."""
    text = " ".join(text.split()).strip()
    for read in (_after_colon, _leading, _after_order_word, _before_order_word):
        items = read(text)
        if items:
            return items
    return []


def _items(segment: str) -> list[str]:
    parts = [_ARTICLE.sub("", p.strip(" ?.!,;:'\"")) for p in _SPLIT.split(segment.strip(" ?.!"))]
    parts = [p for p in parts if p]
    if not 2 <= len(parts) <= MAX_ITEMS or any(len(p.split()) > MAX_ITEM_WORDS for p in parts):
        return []
    if any(_QUESTION_WORD.search(p) or order_side(p) for p in parts):
        return []
    return list(dict.fromkeys(parts))


def _after_colon(text: str) -> list[str]:
    """"which of these did I see first: cat, coins, clock?"."""
    parts = _CLOCK_COLON.split(text)
    return _items(parts[-1]) if len(parts) > 1 else []


def _leading(text: str) -> list[str]:
    """"of the pier and the gym, which did I visit earlier"."""
    m = _LEADING.match(text)
    return _items(m[1]) if m else []


def _after_order_word(text: str) -> list[str]:
    """"which came first, the bakery or the gym", "which did I see earlier — X or Y"."""
    m = _FIRST.search(text) or _LAST.search(text)
    if m is None:
        return []
    tail = text[m.end():].lstrip(" ,-–—:")
    if tail == text[m.end():].lstrip():  # the list must be set off from the order word
        return []
    return _items(tail)


def _before_order_word(text: str) -> list[str]:
    """"did I go to the bakery, the gym or the pier first?": the list ends at the order word and starts after
    the verb phrase's last preposition or verb."""
    m = _FIRST.search(text) or _LAST.search(text)
    if m is None or m.start() == 0:
        return []
    head = text[:m.start()].strip(" ,")
    if not re.search(r",|\bor\b|\band\b", head):
        return []
    start = _BEFORE_ITEM.match(_SPLIT.split(head, maxsplit=1)[0] + " ")
    segment = head[start.end():] if start else head
    return _items(segment)
