"""Short natural dialogues: people call each other by name and talk about plans, objects and places.

Each dialogue states a few facts (a platform, a time, a restaurant …) drawn from the world's pools, cycled
through, so facts rarely repeat within a corpus and questions about them can have one right answer. On
arriving somewhere the wearer often says where they are, worded variously (ARRIVALS).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from vidmem.devdata.truth import ME

# Ways the wearer says where they are on arriving ({place} is the place's name).
ARRIVALS: tuple[str, ...] = (
    "Ok, we're at the {place}.", "Made it to the {place}.", "Here we are, the {place}.",
    "Right, this is the {place}.", "Finally at the {place}.", "And now the {place}.",
    "We just got to the {place}.", "So, the {place}. Let's go in.", "Back at the {place} again.",
    "Alright, {place} it is.",
)


class Slots:
    """Each pool is shuffled once and dealt in order, reshuffled when used up (deterministic per seed)."""

    def __init__(self, rng: random.Random, pools: dict[str, tuple[str, ...]]) -> None:
        self.rng = rng
        self.pools = pools  # the world's fact pools and signs
        self._decks: dict[str, list[str]] = {}

    def deal(self, pool: str, avoid: tuple[str, ...] = (), values: tuple[str, ...] | None = None) -> str:
        """The next value of `pool` (one of `pools`, or `values`) that is not in `avoid`."""
        deck = self._decks.setdefault(pool, [])
        for _ in range(2):
            if not deck:
                deck.extend(values if values is not None else self.pools[pool])
                self.rng.shuffle(deck)
            for i, value in enumerate(deck):
                if value not in avoid:
                    return deck.pop(i)
            deck.clear()
        raise ValueError(f"pool {pool} cannot avoid {avoid}")


@dataclass(frozen=True)
class Line:
    speaker: str  # person id
    addressee: str  # person id, "" when talking to everyone
    text: str
    facts: dict[str, str] = field(default_factory=dict)  # slot -> value stated in this line
    # what this line's facts are about when not the dialogue's topic (a remark aside from the conversation);
    # questions ask a fact by (slot, topic), so a spot stated aside must not pass for the topic's spot
    topic: str = ""


@dataclass(frozen=True)
class Dialogue:
    topic: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Cast:
    """Who speaks (ids, in turn order), what each is called, who is elsewhere, what is in view."""

    speakers: tuple[str, ...]
    names: dict[str, str]
    absent: tuple[str, ...]
    object: str | None
    place: str


Writer = Callable[[Cast, Slots, random.Random], list[Line]]


def _n(cast: Cast, pid: str) -> str:
    return cast.names[pid]


def _train(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    platform, time = s.deal("platform"), s.deal("time")
    return [
        Line(a, b, f"Hey {_n(c, b)}, did you get the train tickets?"),
        Line(b, a, f"Yes {_n(c, a)}, the train leaves from platform {platform} at {time}.",
             {"platform": platform, "time": time}),
        Line(a, b, "Great, I will meet you at the station."),
    ]


def _dinner(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    restaurant, time = s.deal("restaurant"), s.deal("time")
    other = r.choice(c.absent) if c.absent else b
    return [
        Line(a, b, f"{_n(c, b)}, where should we have dinner tonight?"),
        Line(b, a, f"How about {restaurant}? They have a table at {time}.", {"restaurant": restaurant, "time": time}),
        Line(a, b, f"Perfect, I will ask {_n(c, other)} to come too."),
    ]


def _meeting(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    weekday, spot, item = s.deal("weekday"), s.deal("spot"), s.deal("item")
    return [
        Line(a, b, f"{_n(c, b)}, when is our next meeting?"),
        Line(b, a, f"It is on {weekday} at the {spot}, {_n(c, a)}.", {"weekday": weekday, "spot": spot}),
        Line(a, b, f"Thanks, I will bring my {item}.", {"item": item}),
    ]


def _shopping(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    gift, price = s.deal("gift"), s.deal("price")
    return [
        Line(a, b, f"{_n(c, b)}, did you buy the new {gift}?", {"gift": gift}),
        Line(b, a, f"Yes, it cost {price} dollars at the market.", {"price": price}),
        Line(a, b, f"That is a good price, {_n(c, b)}."),
    ]


def _lost(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    item, spot = s.deal("item"), s.deal("spot")
    return [
        Line(a, b, f"{_n(c, b)}, have you seen my {item}?", {"item": item}),
        Line(b, a, f"I think you left your {item} at the {spot}.", {"spot": spot}),
        Line(a, b, "Thank you, I will go and look there."),
    ]


def _trip(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    city, weekday, time = s.deal("city"), s.deal("weekday"), s.deal("time")
    return [
        Line(a, b, f"Are we still going to {city} on {weekday}, {_n(c, b)}?", {"city": city, "weekday": weekday}),
        Line(b, a, f"Yes {_n(c, a)}, we leave at {time}. Do not be late.", {"time": time}),
    ]


def _object(c: Cast, s: Slots, r: random.Random) -> list[Line]:
    a, b = c.speakers[:2]
    thing = c.object or "bag"
    spot = s.deal("spot")
    owner = r.choice(c.absent) if c.absent else b
    return [
        Line(a, b, f"Look {_n(c, b)}, I found this {thing} near the {spot}.", {"spot": spot}),
        Line(b, a, f"I think that {thing} belongs to {_n(c, owner)}.", {"owner": owner}),
        Line(a, b, f"Then I will give it back to {_n(c, owner)} later."),
    ]


WRITERS: dict[str, Writer] = {
    "train": _train, "dinner": _dinner, "meeting": _meeting, "shopping": _shopping, "lost": _lost,
    "trip": _trip,
}


ASIDE = "aside"  # the topic of a remark whose facts belong to no conversation topic


def write_dialogue(cast: Cast, slots: Slots, rng: random.Random) -> Dialogue:
    """A dialogue between cast.speakers; a third speaker joins in with a short reply."""
    if cast.object is not None and rng.random() < 0.6:
        topic = "object"
        lines = _object(cast, slots, rng)
    else:
        topic = rng.choice(sorted(WRITERS))
        lines = WRITERS[topic](cast, slots, rng)
    if len(cast.speakers) > 2:
        a, c = cast.speakers[0], cast.speakers[2]
        spot = slots.deal("spot")
        lines += [
            Line(c, a, f"{_n(cast, a)}, can I come along? I will be at the {spot} first.", {"spot": spot},
                 ASIDE),
            Line(a, c, f"Of course, {_n(cast, c)}."),
        ]
    return Dialogue(topic, tuple(lines))


def arrival_line(place: str, rng: random.Random) -> Line:
    """What the wearer says on arriving at `place` (the place is stated as a fact of the line)."""
    return Line(ME, "", rng.choice(ARRIVALS).format(place=place), {"arrived": place})
