"""Robust multiple-choice answer parsing.

A model's reply is read the way a careful grader would: an explicit "answer is (C)" wins (the last one,
since models reason first and conclude last); then a reply that starts with a letter; then a bracketed
or bare letter when it is the only one mentioned; then the text of exactly one option. The article
"A" ("A man walks in") is never taken as option A, and a reply that names several letters without
concluding is unparseable (None), never a guess.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Parsed:
    choice: str | None
    method: str  # "explicit" | "leading" | "bracketed" | "lone-letter" | "option-text" | "none"


_L = r"([A-Z])"
_AFTER = r"(?![A-Za-z])"
# Keyword phrases are case-insensitive; the letter itself must be a capital (or bracketed, see below).
_STRONG = [
    re.compile(r"\\boxed\{\s*\(?" + _L + r"\)?\s*\}"),
    re.compile(
        r"(?i:\b(?:answer|(?:correct|right|best)\s+(?:option|choice)"
        r"|i\s+(?:would\s+)?(?:choose|pick|select|go\s+with)))"
        r"(?i:\s+(?:is|would\s+be|will\s+be|should\s+be))?\s*[:=\-–]?\s*(?:\*\*|\")?\s*\(?\s*" + _L + _AFTER
    ),
    re.compile(r"(?:\*\*|\")?\(?" + _L + r"\)?(?:\*\*|\")?(?i:\s+is\s+(?:the\s+)?(?:correct|right|best|answer))"),
]
# "option C" alone is weaker: reasoning often walks through options after concluding
_WEAK = [re.compile(r"(?i:\b(?:option|choice))\s*[:\-]?\s*\(?" + _L + _AFTER)]
_LEADING = re.compile(r"^\s*(?:\*\*)?\(?\s*" + _L + r"\s*(?:\)|\.|:|\*\*|,|$|\s+[-–—]\s)")
_BRACKETED = re.compile(r"\(\s*([A-Za-z])\s*\)")
_LONE = re.compile(r"(?<![A-Za-z'’-])([A-Z])(?![A-Za-z'’-])")
_WORD = re.compile(r"[a-z0-9]+")


def _norm(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def parse_choice(reply: str | None, letters: str = "ABCD", options: Sequence[str] = ()) -> Parsed:
    """The option letter a reply commits to, or Parsed(None, "none") when it commits to none."""
    if not reply or not reply.strip():
        return Parsed(None, "none")
    text = reply.strip()
    valid = set(letters)

    # 1. explicit statements; the last one is the model's conclusion
    for patterns in (_STRONG, _WEAK):
        found = [(m.start(), m[1]) for pattern in patterns for m in pattern.finditer(text) if m[1] in valid]
        if found:
            return Parsed(max(found)[1], "explicit")

    # 2. a reply that opens with the letter: "C", "C.", "(C) the red car", "**C**"
    leading = _LEADING.match(text)
    if leading and leading[1] in valid and not _is_article(text, leading.start(1)):
        return Parsed(leading[1], "leading")

    # 3. one distinct bracketed letter: "(c)" counts whatever its case
    bracketed = {m[1].upper() for m in _BRACKETED.finditer(text)} & valid
    if len(bracketed) == 1:
        return Parsed(bracketed.pop(), "bracketed")

    # 4. one distinct lone capital letter that is not the article "A"
    lone = {m[1] for m in _LONE.finditer(text) if m[1] in valid and not _is_article(text, m.start(1))}
    if len(lone) == 1 and not bracketed:
        return Parsed(lone.pop(), "lone-letter")
    if lone or bracketed:
        return Parsed(None, "none")

    # 5. the text of exactly one option
    if options:
        said = _norm(text)
        hits = [letters[i] for i, option in enumerate(options) if _norm(option) and _contains(said, _norm(option))]
        if len(hits) > 1:  # one option's text inside another's ("red" vs "red car"): keep the longest
            longest = max(len(_norm(options[letters.index(h)])) for h in hits)
            hits = [h for h in hits if len(_norm(options[letters.index(h)])) == longest]
        if len(hits) == 1:
            return Parsed(hits[0], "option-text")
    return Parsed(None, "none")


def _contains(haystack: str, needle: str) -> bool:
    return f" {needle} " in f" {haystack} "


_NOT_NOUNS = frozenset(
    ["and", "or", "nor", "but", "vs", "is", "was", "seems", "seem", "would", "could", "might", "because", "then",
     "if", "as", "fits", "matches", "looks"]
)


def _is_article(text: str, at: int) -> bool:
    """'A' followed by a lower-case noun phrase ("A man walks in") is the article, not option A."""
    if text[at] != "A":
        return False
    match = re.match(r"A\s+([a-z]+)", text[at:])
    return match is not None and match[1] not in _NOT_NOUNS


def majority(choices: Sequence[str | None]) -> str | None:
    """Majority vote over parsed choices (unparseable ones do not vote); ties go to the earliest sample."""
    counted = Counter(c for c in choices if c is not None)
    if not counted:
        return None
    best = max(counted.values())
    return next(c for c in choices if c is not None and counted[c] == best)
