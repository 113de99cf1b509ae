"""Who "me" is: the words a question uses for the camera wearer, shared by every tool and the agent."""

from __future__ import annotations

import re

from vidmem.graph.evidence import WEARER

# how people name the wearer of a first-person camera, in a question or an option
WEARER_WORDS = frozenset({"me", "i", "myself", "my", "mine", "the wearer", "wearer", "camera wearer",
                          "the camera wearer", "(the camera wearer)"})
_WEARER_TEXT = re.compile(r"\b(me|myself|the camera wearer|camera wearer|wearer)\b|\(the camera wearer\)", re.I)


def is_wearer(text: str) -> bool:
    """True when `text` (a name, an option) names the wearer: "me", "Me (the camera wearer)", "myself"."""
    low = text.strip().lower()
    return low in WEARER_WORDS or bool(_WEARER_TEXT.search(text))


__all__ = ["WEARER", "WEARER_WORDS", "is_wearer"]
