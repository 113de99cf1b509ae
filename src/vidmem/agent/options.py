"""Multiple-choice options: their letters and bodies, and the letter a free-text reply chose."""

from __future__ import annotations

import re
from collections.abc import Sequence

LETTERS = "ABCDEFGH"
_LETTER_PREFIX = re.compile(r"^\s*\(?[A-Ha-h][.):]\s*")


def option_body(option: str) -> str:
    """ "B. a cat" → "a cat"; an option without a letter is its own body."""
    return _LETTER_PREFIX.sub("", option).strip()


def option_lines(options: Sequence[str]) -> list[str]:
    """ "A. gym", "B. jacket", … whatever letters the caller's options carried."""
    return [f"{LETTERS[i]}. {option_body(o)}" for i, o in enumerate(options)]


_ANSWER_IS = re.compile(
    r"(?:answer|choice|option)\s*(?:is|would be|:)?\s*[:\-]?\s*(?:option\s*)?(?:\(([A-Ha-h])\)|\b([A-H])\b(?![\w']))",
    re.I)
_LEADING = re.compile(r"^\s*\(?([A-H])\)?(?:[.):]|\s*$|\s)")
_PAREN = re.compile(r"\(([A-H])\)")
_BARE = re.compile(r"(?<![\w'])([A-H])(?![\w'])")


def parse_choice(text: str, options: Sequence[str] = (), n: int | None = None) -> str | None:
    """The letter a reply chose: "The answer is (C)." → C, "THE ANSWER IS C" → C, "B. a cat" → B."""
    count = n or (len(options) if options else 4)
    valid = LETTERS[:count]
    matches = [m for m in _ANSWER_IS.finditer(text) if (m[1] or m[2]).upper() in valid]
    # an answer phrase with an uppercase letter, or a parenthesised one; the last one wins (after reasoning)
    matches = [m for m in matches if m[1] or m[2].isupper()]
    if matches:
        m = matches[-1]
        return (m[1] or m[2]).upper()
    lead = _LEADING.match(text)
    if lead and lead[1] in valid:
        return lead[1]
    parens = [m[1] for m in _PAREN.finditer(text) if m[1] in valid]
    if parens:
        return parens[-1]
    bodies = {LETTERS[i]: option_body(o).lower() for i, o in enumerate(options)}
    named = [letter for letter, body in bodies.items() if body and body in text.lower()]
    if len(named) == 1:
        return named[0]
    bare = {m[1] for m in _BARE.finditer(text) if m[1] in valid and m[1] not in "AI"}
    if len(bare) == 1:
        return bare.pop()
    return None
