"""Words as they sound: speech recognisers spell a name or a rare word they heard another way ("Sophia" for
Sofia, "crack" for Krakow), so such words are compared by their spelling reduced to sounds."""

from __future__ import annotations

import re
from functools import lru_cache

# spellings that sound alike, reduced to one (applied to both words compared, in this order)
_SOUNDS = [("ph", "f"), ("ch", "j"), ("sh", "s"), ("th", "t"), ("gh", "g"), ("kh", "k"), ("ck", "k"),
           ("c(?=[eiy])", "s"), ("c", "k"), ("q", "k"), ("x", "ks"), ("z", "s"), ("y", "i"), ("^h", ""),
           ("(?<=[aeiou])h$", "")]  # "Hannah" is "Hana"


@lru_cache(maxsize=4096)
def sound_key(word: str) -> str:
    """A word's spelling reduced to how it sounds ("Sophia" → "sofia", "Cracow" → "krakow")."""
    key = re.sub(r"[^a-z]", "", word.lower())
    for pattern, sound in _SOUNDS:
        key = re.sub(pattern, sound, key)
    return re.sub(r"(.)\1+", r"\1", key)  # doubled letters sound as one
