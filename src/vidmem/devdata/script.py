"""Short natural dialogues: people call each other by name and talk about plans, objects and places.

Each dialogue states a few facts (a platform, a time, a restaurant …) drawn from the world's pools, cycled
through, so facts rarely repeat within a corpus and questions about them can have one right answer. On
arriving somewhere the wearer often says where they are, worded variously (ARRIVALS).
"""

from __future__ import annotations

import importlib
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


# Our dialogue wording: per topic, per line position, the ways that line may be worded ({a} speaks first and
# {b} answers; {c} is a third speaker; {other} and {owner} are people who are not there). One way each: a
# world of another author's wording (`other_world.DIALOGUES`) varies them.
OUR_DIALOGUES: dict[str, tuple[tuple[str, ...], ...]] = {
    "train": (("Hey {b}, did you get the train tickets?",),
              ("Yes {a}, the train leaves from platform {platform} at {time}.",),
              ("Great, I will meet you at the station.",)),
    "dinner": (("{b}, where should we have dinner tonight?",),
               ("How about {restaurant}? They have a table at {time}.",),
               ("Perfect, I will ask {other} to come too.",)),
    "meeting": (("{b}, when is our next meeting?",),
                ("It is on {weekday} at the {spot}, {a}.",),
                ("Thanks, I will bring my {item}.",)),
    "shopping": (("{b}, did you buy the new {gift}?",),
                 ("Yes, it cost {price} dollars at the market.",),
                 ("That is a good price, {b}.",)),
    "lost": (("{b}, have you seen my {item}?",),
             ("I think you left your {item} at the {spot}.",),
             ("Thank you, I will go and look there.",)),
    "trip": (("Are we still going to {city} on {weekday}, {b}?",),
             ("Yes {a}, we leave at {time}. Do not be late.",)),
    "object": (("Look {b}, I found this {thing} near the {spot}.",),
               ("I think that {thing} belongs to {owner}.",),
               ("Then I will give it back to {owner} later.",)),
    "aside": (("{a}, can I come along? I will be at the {spot} first.",),
              ("Of course, {c}.",)),
}


@dataclass(frozen=True)
class Wording:
    """How a world's people talk: dialogue lines by topic and position, and the wearer's arrival lines."""

    dialogues: dict[str, tuple[tuple[str, ...], ...]]
    arrivals: tuple[str, ...]

    def say(self, topic: str, position: int, rng: random.Random, **values: str) -> str:
        ways = self.dialogues[topic][position]
        # one way draws nothing, so worlds of our wording stay as they always were
        return (ways[0] if len(ways) == 1 else rng.choice(ways)).format(**values)


OUR_WORDING = Wording(OUR_DIALOGUES, ARRIVALS)


def wording(name: str) -> Wording:
    """"ours", or another author's: "other" (`other_world`, for worlds nobody developed on), "third" or
    "fourth" (`third_world`, `fourth_world`, for dev worlds other than ours)."""
    if name == "ours":
        return OUR_WORDING
    module = importlib.import_module(f"vidmem.devdata.{name}_world")
    return Wording(module.DIALOGUES, module.ARRIVALS)


def _n(cast: Cast, pid: str) -> str:
    return cast.names[pid]


def _train(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    platform, time = s.deal("platform"), s.deal("time")
    return [
        Line(a, b, w.say("train", 0, r, b=_n(c, b))),
        Line(b, a, w.say("train", 1, r, a=_n(c, a), platform=platform, time=time),
             {"platform": platform, "time": time}),
        Line(a, b, w.say("train", 2, r)),
    ]


def _dinner(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    restaurant, time = s.deal("restaurant"), s.deal("time")
    other = r.choice(c.absent) if c.absent else b
    return [
        Line(a, b, w.say("dinner", 0, r, b=_n(c, b))),
        Line(b, a, w.say("dinner", 1, r, restaurant=restaurant, time=time), {"restaurant": restaurant, "time": time}),
        Line(a, b, w.say("dinner", 2, r, other=_n(c, other))),
    ]


def _meeting(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    weekday, spot, item = s.deal("weekday"), s.deal("spot"), s.deal("item")
    return [
        Line(a, b, w.say("meeting", 0, r, b=_n(c, b))),
        Line(b, a, w.say("meeting", 1, r, weekday=weekday, spot=spot, a=_n(c, a)), {"weekday": weekday, "spot": spot}),
        Line(a, b, w.say("meeting", 2, r, item=item), {"item": item}),
    ]


def _shopping(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    gift, price = s.deal("gift"), s.deal("price")
    return [
        Line(a, b, w.say("shopping", 0, r, b=_n(c, b), gift=gift), {"gift": gift}),
        Line(b, a, w.say("shopping", 1, r, price=price), {"price": price}),
        Line(a, b, w.say("shopping", 2, r, b=_n(c, b))),
    ]


def _lost(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    item, spot = s.deal("item"), s.deal("spot")
    return [
        Line(a, b, w.say("lost", 0, r, b=_n(c, b), item=item), {"item": item}),
        Line(b, a, w.say("lost", 1, r, item=item, spot=spot), {"spot": spot}),
        Line(a, b, w.say("lost", 2, r)),
    ]


def _trip(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    city, weekday, time = s.deal("city"), s.deal("weekday"), s.deal("time")
    return [
        Line(a, b, w.say("trip", 0, r, city=city, weekday=weekday, b=_n(c, b)), {"city": city, "weekday": weekday}),
        Line(b, a, w.say("trip", 1, r, a=_n(c, a), time=time), {"time": time}),
    ]


def _object(c: Cast, s: Slots, r: random.Random, w: Wording) -> list[Line]:
    a, b = c.speakers[:2]
    thing = c.object or "bag"
    spot = s.deal("spot")
    owner = r.choice(c.absent) if c.absent else b
    return [
        Line(a, b, w.say("object", 0, r, b=_n(c, b), thing=thing, spot=spot), {"spot": spot}),
        Line(b, a, w.say("object", 1, r, thing=thing, owner=_n(c, owner)), {"owner": owner}),
        Line(a, b, w.say("object", 2, r, owner=_n(c, owner))),
    ]


Writer = Callable[[Cast, Slots, random.Random, Wording], list[Line]]

WRITERS: dict[str, Writer] = {
    "train": _train, "dinner": _dinner, "meeting": _meeting, "shopping": _shopping, "lost": _lost,
    "trip": _trip,
}


ASIDE = "aside"  # the topic of a remark whose facts belong to no conversation topic


def write_dialogue(cast: Cast, slots: Slots, rng: random.Random, words: Wording = OUR_WORDING) -> Dialogue:
    """A dialogue between cast.speakers; a third speaker joins in with a short reply."""
    if cast.object is not None and rng.random() < 0.6:
        topic = "object"
        lines = _object(cast, slots, rng, words)
    else:
        topic = rng.choice(sorted(WRITERS))
        lines = WRITERS[topic](cast, slots, rng, words)
    if len(cast.speakers) > 2:
        a, c = cast.speakers[0], cast.speakers[2]
        spot = slots.deal("spot")
        lines += [
            Line(c, a, words.say(ASIDE, 0, rng, a=_n(cast, a), spot=spot), {"spot": spot}, ASIDE),
            Line(a, c, words.say(ASIDE, 1, rng, c=_n(cast, c))),
        ]
    return Dialogue(topic, tuple(lines))


def arrival_line(place: str, rng: random.Random, words: Wording = OUR_WORDING) -> Line:
    """What the wearer says on arriving at `place` (the place is stated as a fact of the line)."""
    return Line(ME, "", rng.choice(words.arrivals).format(place=place), {"arrived": place})
