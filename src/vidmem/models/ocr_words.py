"""Words put back into what OCR reads off a sign: RapidOCR often drops the gaps between a sign's words
("MINDTHESTEP", "MEETINGAT3PM") and reads an O inside a word as a zero ("RO0M"). A user searches and reads
"mind the step", so a run-together token is split where every piece is a common English word (wordninja's
Wikipedia unigram ranks), and left alone where it is not: a name or a foreign word ("KOWALCZYK", "Parkplatz")
splits into fragments no sign would print.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

# a piece must be at least this common (or be the plural of such a word): at 30,000, 12 of 60 shop, street and
# brand words in other languages came apart ("Park platz", "Ross mann", "Halt estelle"), at 10,000 3 did
COMMON_WORD_RANK = 10_000
MIN_JOINED_LEN = 5  # shorter tokens are words or codes ("12B", "EXIT"), not several words run together
MIN_MEAN_PIECE_LEN = 3.0  # "la und re tte" is a word torn apart, "soup of the day" is four
_SINGLE_LETTER_WORDS = {"a", "i"}

_ZERO_IN_WORD = re.compile(r"(?<=[A-Za-z])0(?=[A-Za-z])|\b0(?=[A-Za-z]{2,}\b)")
_TOKEN = re.compile(r"[A-Za-z0-9]+")


@cache
def _model() -> tuple[Any, dict[str, float], float]:
    import wordninja

    model = wordninja.DEFAULT_LANGUAGE_MODEL
    costs: dict[str, float] = model._wordcost  # cost = log(rank × log N), as wordninja builds it
    return model, costs, math.log(len(costs))


def _rank(word: str) -> float:
    _, costs, log_n = _model()
    cost = costs.get(word)
    return math.inf if cost is None else math.exp(cost) / log_n


def _is_common(piece: str) -> bool:
    if piece.isdigit():
        return True
    if len(piece) == 1:
        return piece in _SINGLE_LETTER_WORDS
    plural = len(piece) > 3 and piece.endswith("s")
    return _rank(piece) <= COMMON_WORD_RANK or (plural and _rank(piece[:-1]) <= COMMON_WORD_RANK)


def split_joined(token: str) -> str:
    """`token` with spaces between its words when it is common words run together, else as it was."""
    if len(token) < MIN_JOINED_LEN or not token.isalnum() or token.isdigit():
        return token
    lower = token.lower()
    if _rank(lower) <= COMMON_WORD_RANK:
        return token
    model, _, _ = _model()
    pieces = model.split(lower)
    words = [p for p in pieces if not p.isdigit()]
    if len(pieces) < 2 or "".join(pieces) != lower or not all(_is_common(p) for p in pieces) \
            or not words or sum(map(len, words)) / len(words) < MIN_MEAN_PIECE_LEN:
        return token
    out, at = [], 0
    for piece in pieces:  # slices of the original, so its case is kept
        out.append(token[at:at + len(piece)])
        at += len(piece)
    return " ".join(out)


def _zero_as_o(found: re.Match[str]) -> str:
    text, at = found.string, found.start()
    neighbour = text[at - 1] if at > 0 and text[at - 1].isalpha() else text[at + 1]
    return "o" if neighbour.islower() else "O"


def tidy(text: str) -> str:
    """What a sign says, as a reader would write it: zeros inside words read as O, joined words apart."""
    text = _ZERO_IN_WORD.sub(_zero_as_o, text)
    return _TOKEN.sub(lambda m: split_joined(m[0]), text)
