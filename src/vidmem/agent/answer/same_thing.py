"""The same thing seen again: what the footage names while it is in view teaches how that thing looks.

People name what they show or hold ("look, I found this coin", "I think that umbrella is Nia's":
`open_seen.pointed_at`). The seconds of such a line show the thing in the wearer's near view, whatever the
image labeller calls it (it has no class for a coin or a key, and reads drawings as other things). A frame of
another moment whose near view looks the same (image features, cosine ≥ `same_thing_min`) shows the same
thing. A thing is sometimes named as it is put away, after its line's seconds stop showing it, but it is shown
as it is named: a moment unlike both its named moments and their lines' first second (`look`) does not show it,
where that moment is a line's (a moment found otherwise is less sure). A thing named at two moments far apart
that look alike has a known look, and any moment none of whose frames looks like it does not show it.

The look of a named moment also finds the thing where no line names it: every key frame whose near view
ingest kept is compared with it (`sightings`), for how many times it was in view and when it was first seen.
Asked "what was I holding" without options, the candidates are every thing some line of the Library points
at (`called`): the thing shown then goes by the word its owner used, where the labeller says "espresso" for a
coffee cup or "nematode" for a drawn horse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from vidmem.agent.config import DEFAULT, AgentConfig

Span = tuple[int, float, float]  # video id, absolute start, absolute end
Views = Callable[[Sequence[Span]], "np.ndarray | None"]  # seconds → their frames' near views (unit rows)
Named = Callable[[str], list[Span]]  # a thing → the lines that point at it ("this coin"), as spans
Things = Callable[[], Sequence[str]]  # every thing some line of the Library points at ("this coffee cup")
# [t0, t1] (None: open) → the key frames with near views kept at ingest: (video, time, end of the frames
# repeating it, unit view), in time order
KeyViews = Callable[["float | None", "float | None"], list[tuple[int, float, float, np.ndarray]]]


@dataclass(frozen=True)
class Likeness:
    """Per thing: how much the asked moment's likeliest frame looks like a moment the thing was named in
    (None: never named while in view, or nothing could be read), that moment, whether the thing's look
    is known (alike at two named moments far apart), and whether the moment looks unlike it: unlike every
    moment it was named in and unlike its `look`, or unlike its known look (`same_thing_unlike`)."""

    cos: list[float | None]
    named_at: list[Span | None]
    known: list[bool]
    unlike: list[bool] = field(default_factory=list)


class SameThing:
    """things × asked seconds → `Likeness`."""

    def __init__(self, views: Views, named: Named, config: AgentConfig = DEFAULT,
                 key_views: KeyViews | None = None, things: Things | None = None) -> None:
        self.views = views
        self.named = named
        self.config = config
        self.key_views = key_views
        self.things = things or (lambda: ())

    def called(self, spans: Sequence[Span]) -> tuple[str, float, Span] | None:
        """What the thing in view at `spans` is called: among every thing a line points at (`things`), the one
        whose named moment looks `same_thing_min` alike and `same_thing_margin` more than any other's, with
        that likeness and moment; None where none does (or nothing was named in view)."""
        things = self._likeliest(list(self.things()), spans)
        like = self(things, spans)
        known = sorted(((c, i) for i, c in enumerate(like.cos) if c is not None), reverse=True)
        if not known:
            return None
        best, i = known[0]
        runner_up = known[1][0] if len(known) > 1 else 0.0
        at = like.named_at[i]
        if best < self.config.same_thing_min or best - runner_up < self.config.same_thing_margin or at is None:
            return None
        return things[i], best, at

    def look(self, thing: str) -> np.ndarray | None:
        """How the thing looks: the mean of the near views of its surest named moment and of the others alike
        to it (`same_thing_min`), unit length; None where no line named it in view. A moment is its line's first
        `same_thing_lead_s`: a thing is shown as it is named, and may be put away while the talk goes on."""
        lead = self.config.same_thing_lead_s
        looks = [look for v, t0, t1 in self.named(thing)[: self.config.same_thing_moments]
                 if (look := self.look_of((v, t0, min(t1, t0 + lead)))) is not None]
        if not looks:
            return None
        mean = np.mean([look for look in looks if float(look @ looks[0]) >= self.config.same_thing_min], axis=0)
        return np.asarray(mean / max(float(np.linalg.norm(mean)), 1e-6), dtype=np.float32)

    def sightings(self, thing: str, ranges: Sequence[tuple[float, float]] | None = None) -> list[Span] | None:
        """The separate times the thing was in view within `ranges` (None: ever), found by its `look`: key frames
        whose near view is `same_thing_min` alike, frames closer than `event_gap_s` one sighting. None where no
        line named it in view or ingest kept no near views there (nothing can be said)."""
        ranges = ranges or None
        if self.key_views is None or (look := self.look(thing)) is None:
            return None
        keys = self.key_views(min(a for a, _ in ranges), max(b for _, b in ranges)) if ranges else \
            self.key_views(None, None)
        keys = [k for k in keys if ranges is None or any(a <= k[1] <= b for a, b in ranges)]
        if not keys:
            return None
        alike = np.stack([view for *_, view in keys]) @ look >= self.config.same_thing_min
        out: list[Span] = []
        for (video_id, t, end, _), seen in zip(keys, alike, strict=True):
            if not seen:
                continue
            if out and out[-1][0] == video_id and t - out[-1][2] <= self.config.event_gap_s:
                out[-1] = (video_id, out[-1][1], max(end, out[-1][2]))
            else:
                out.append((video_id, t, end))
        return out

    def _likeliest(self, things: list[str], spans: Sequence[Span]) -> list[str]:
        """The `same_thing_shortlist` things whose named moments look most like the asked one by the near views
        ingest kept (no decoding): a Library's lines may point at dozens of things, and each thing compared in
        full decodes its named moments. All of them where no views were kept."""
        if self.key_views is None or len(things) <= self.config.same_thing_shortlist:
            return things
        here = self._kept(spans)
        if here is None:
            return things
        best: list[tuple[float, int]] = []
        for i, thing in enumerate(things):
            lead = self.config.same_thing_lead_s
            views = [self._kept([(v, t0, min(t1, t0 + lead))]) for v, t0, t1 in
                     self.named(thing)[: self.config.same_thing_moments]]
            cos = max((float((here @ view.T).max()) for view in views if view is not None), default=None)
            if cos is not None:
                best.append((cos, i))
        return [things[i] for _, i in sorted(best, reverse=True)[: self.config.same_thing_shortlist]]

    def _kept(self, spans: Sequence[Span]) -> np.ndarray | None:
        """The near views ingest kept of the key frames showing those seconds (a key frame stands for the frames
        repeating it, up to its end), as rows; None where none was kept."""
        assert self.key_views is not None
        rows = [view for v, t0, t1 in spans
                for video, t, end, view in self.key_views(t0 - self.config.same_thing_key_reach_s, t1)
                if video == v and end >= t0]
        return np.stack(rows) if rows else None

    def look_of(self, span: Span) -> np.ndarray | None:
        """A named moment's look: the mean of its frames' near views, unit length."""
        views = self.views([span])
        if views is None or not len(views):
            return None
        mean = views.mean(axis=0)
        return np.asarray(mean / max(float(np.linalg.norm(mean)), 1e-6), dtype=np.float32)

    def __call__(self, things: Sequence[str], spans: Sequence[Span]) -> Likeness:
        n = len(things)
        none = Likeness([None] * n, [None] * n, [False] * n, [False] * n)
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
        unlike: list[bool] = []
        for thing, spans_of_thing in zip(things, moments, strict=True):
            looks = [(span, look) for span in spans_of_thing if (look := self.look_of(span)) is not None]
            best = max(((float((here @ look).max()), span) for span, look in looks), default=None)
            cos.append(best[0] if best else None)
            named_at.append(best[1] if best else None)
            known.append(any(self._apart(a, b) and float(la @ lb) >= self.config.same_thing_min
                             for k, (a, la) in enumerate(looks) for b, lb in looks[k + 1:]))
            far = best is not None and best[0] < self.config.same_thing_unlike
            unlike.append(far and (known[-1] or ((look := self.look(thing)) is not None
                                                 and float((here @ look).max()) < self.config.same_thing_unlike)))
        return Likeness(cos, named_at, known, unlike)

    def _apart(self, a: Span, b: Span) -> bool:
        """Two named moments of different scenes: another file, or `same_thing_apart_s` apart."""
        return a[0] != b[0] or abs(a[1] - b[1]) >= self.config.same_thing_apart_s
