"""The same thing seen again: what the footage names while it is in view teaches how that thing looks.

People name what they show or hold ("look, I found this coin", "I think that umbrella is Nia's":
`open_seen.pointed_at`). The seconds of such a line show the thing in the wearer's near view, whatever the
image labeller calls it (it has no class for a coin or a key, and reads drawings as other things). A frame of
another moment whose near view looks the same (image features, cosine ≥ `same_thing_min`) shows the same
thing. A thing is sometimes named as it is put away, after its line's seconds stop showing it, so one named
moment only ever says what a thing looks like, never what it does not; a thing named at two moments far
apart that look alike has a known look, and a moment none of whose frames looks like it does not show it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from vidmem.agent.config import DEFAULT, AgentConfig

Span = tuple[int, float, float]  # video id, absolute start, absolute end
Views = Callable[[Sequence[Span]], "np.ndarray | None"]  # seconds → their frames' near views (unit rows)
Named = Callable[[str], list[Span]]  # a thing → the lines that point at it ("this coin"), as spans


@dataclass(frozen=True)
class Likeness:
    """Per thing: how much the asked moment's likeliest frame looks like a moment the thing was named in
    (None: never named while in view, or nothing could be read), that moment, and whether the thing's look
    is known (alike at two named moments far apart)."""

    cos: list[float | None]
    named_at: list[Span | None]
    known: list[bool]


class SameThing:
    """things × asked seconds → `Likeness`."""

    def __init__(self, views: Views, named: Named, config: AgentConfig = DEFAULT) -> None:
        self.views = views
        self.named = named
        self.config = config

    def look_of(self, span: Span) -> np.ndarray | None:
        """A named moment's look: the mean of its frames' near views, unit length."""
        views = self.views([span])
        if views is None or not len(views):
            return None
        mean = views.mean(axis=0)
        return np.asarray(mean / max(float(np.linalg.norm(mean)), 1e-6), dtype=np.float32)

    def __call__(self, things: Sequence[str], spans: Sequence[Span]) -> Likeness:
        n = len(things)
        none = Likeness([None] * n, [None] * n, [False] * n)
        if not things or not spans:
            return none
        moments = [self.named(thing)[: self.config.same_thing_moments] for thing in things]
        if not any(moments):
            return none  # nothing named: the asked moment need not be decoded
        here = self.views(spans)
        if here is None or not len(here):
            return none
        cos: list[float | None] = []
        named_at: list[Span | None] = []
        known: list[bool] = []
        for spans_of_thing in moments:
            looks = [(span, look) for span in spans_of_thing if (look := self.look_of(span)) is not None]
            best = max(((float((here @ look).max()), span) for span, look in looks), default=None)
            cos.append(best[0] if best else None)
            named_at.append(best[1] if best else None)
            known.append(any(self._apart(a, b) and float(la @ lb) >= self.config.same_thing_min
                             for k, (a, la) in enumerate(looks) for b, lb in looks[k + 1:]))
        return Likeness(cos, named_at, known)

    def _apart(self, a: Span, b: Span) -> bool:
        """Two named moments of different scenes: another file, or `same_thing_apart_s` apart."""
        return a[0] != b[0] or abs(a[1] - b[1]) >= self.config.same_thing_apart_s
