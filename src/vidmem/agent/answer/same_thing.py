"""The same thing seen again: what the footage names while it is in view teaches how that thing looks.

People name what they show or hold ("look, I found this coin", "I think that umbrella is Nia's":
`open_seen.pointed_at`). The seconds of such a line show the thing in the wearer's near view, whatever the
image labeller calls it (it has no class for a coin or a key, and reads drawings as other things). Another
moment whose near view looks the same (image features, cosine ≥ `same_thing_min`) shows the same thing. So
"what was I holding while Rosa said …" is answered by the moments the options were named in, not by class
names alone. A near view that looks different proves nothing: a thing is sometimes named as it is put away,
after its line's seconds stop showing it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from vidmem.agent.config import DEFAULT, AgentConfig

Span = tuple[int, float, float]  # video id, absolute start, absolute end
Appearance = Callable[[Sequence[Span]], "np.ndarray | None"]  # seconds → their near view's unit feature
Named = Callable[[str], list[Span]]  # a thing → the lines that point at it ("this coin"), as spans


@dataclass(frozen=True)
class Likeness:
    """Per thing: how much the asked moment looks like the likeliest moment it was named in (None: never
    named while in view, or nothing could be read), and that moment."""

    cos: list[float | None]
    named_at: list[Span | None]


class SameThing:
    """things × asked seconds → `Likeness`."""

    def __init__(self, appearance: Appearance, named: Named, config: AgentConfig = DEFAULT) -> None:
        self.appearance = appearance
        self.named = named
        self.config = config

    def __call__(self, things: Sequence[str], spans: Sequence[Span]) -> Likeness:
        none = Likeness([None] * len(things), [None] * len(things))
        if not things or not spans:
            return none
        moments = [self.named(thing)[: self.config.same_thing_moments] for thing in things]
        if not any(moments):
            return none  # nothing named: the asked moment need not be decoded
        here = self.appearance(spans)
        if here is None:
            return none
        cos: list[float | None] = []
        named_at: list[Span | None] = []
        for spans_of_thing in moments:
            best: tuple[float, Span] | None = None
            for span in spans_of_thing:
                there = self.appearance([span])
                if there is not None:
                    c = float(np.dot(here, there))
                    best = max(best, (c, span)) if best else (c, span)
            cos.append(best[0] if best else None)
            named_at.append(best[1] if best else None)
        return Likeness(cos, named_at)
