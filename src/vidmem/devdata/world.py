"""The world of one seed: who is in it (names, voices, faces), where they go, what is held, what signs say.

Every seed draws its own world from pools much larger than one world, so a rule keyed to one world's
names, voices, places or weekdays cannot carry over to another seed. Seeds < 1000 are for development;
seeds ≥ 1000 are held out for judging (`is_heldout_seed`). Seeds ≥ 2000 (`is_other_world_seed`) draw
from another author's pools (`other_world`: names, places, names of things, signs, facts) and speak that
author's dialogue wording: what nobody developed on, the nearest we have to a user's own footage. Dev
seeds 500–749 (`is_third_world_seed`) and 750–999 (`is_fourth_world_seed`) draw from a third and a fourth
author's pools and wording (`third_world`, `fourth_world`), so what fails on a world other than ours can be
seen and mended on dev seeds, and judged on the second author's.

Only the pools and the seed decide a world, never what happens to be installed: a pool voice or photo that
is missing is an error (VoiceUnavailable / MissingAsset), not a quiet swap that would change the truth.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from vidmem.devdata.truth import ME, Person

THIRD_WORLD_SEEDS_FROM = 500  # dev seeds from here: a third author's world …
FOURTH_WORLD_SEEDS_FROM = 750  # … from here to HELDOUT_SEEDS_FROM: a fourth author's
HELDOUT_SEEDS_FROM = 1000
OTHER_WORLD_SEEDS_FROM = 2000
PEOPLE_PER_WORLD = (5, 7)  # the wearer included
MIN_FEMALE_VOICES = 2
PLACES_PER_WORLD = (7, 9)
OBJECTS_PER_WORLD = (4, 6)
SIGNS_PER_WORLD = 12
FACTS_PER_SLOT = 8  # each fact slot (platform, city, …) uses this many values of its pool in one world
PHOTO_FACE_SHARE = 0.6  # of the people other than the wearer; the rest are drawn figures
MIN_PHOTO_FACES = 2
FIRST_START = date(2026, 1, 5)
START_SPREAD_DAYS = 700  # start dates spread over about two years: every weekday and month comes up


def is_heldout_seed(seed: int) -> bool:
    return seed >= HELDOUT_SEEDS_FROM


def is_other_world_seed(seed: int) -> bool:
    return seed >= OTHER_WORLD_SEEDS_FROM


def is_third_world_seed(seed: int) -> bool:
    return THIRD_WORLD_SEEDS_FROM <= seed < FOURTH_WORLD_SEEDS_FROM


def is_fourth_world_seed(seed: int) -> bool:
    return FOURTH_WORLD_SEEDS_FROM <= seed < HELDOUT_SEEDS_FROM


@dataclass(frozen=True)
class VoiceSpec:
    key: str  # engine:voice, as speech.voice_from_key reads it
    sex: str  # "f" | "m": a name of the same kind is given to its speaker
    group: str  # voices of one group sound nearly the same: a world takes at most one per group


def _espeak(language: str, variant: str, sex: str) -> VoiceSpec:
    return VoiceSpec(f"espeak-ng:{language}+{variant}", sex, f"espeak-{variant.lower()}")


# Every offline voice that speaks English intelligibly: Piper's joe, Debian flite's CMU voices (`flite -lv`;
# not awb_time, which can only say clock times), and espeak-ng accents × variants (formant voices; one per
# variant so a world never holds two near-identical ones; the novelty variants — robots, whisper, croak — left out).
VOICES: tuple[VoiceSpec, ...] = (
    VoiceSpec("piper:en_US-joe-medium", "m", "piper-joe"),
    VoiceSpec("flite:awb", "m", "flite-awb"),
    VoiceSpec("flite:rms", "m", "flite-rms"),
    VoiceSpec("flite:slt", "f", "flite-slt"),
    VoiceSpec("flite:kal16", "m", "flite-kal"),
    VoiceSpec("flite:kal", "m", "flite-kal"),
    _espeak("en-us", "f2", "f"),
    _espeak("en-gb", "f3", "f"),
    _espeak("en-us", "f4", "f"),
    _espeak("en-gb-scotland", "f5", "f"),
    _espeak("en-029", "f1", "f"),
    _espeak("en-us", "Annie", "f"),
    _espeak("en-gb", "linda", "f"),
    _espeak("en-us-nyc", "steph", "f"),
    _espeak("en-gb-x-rp", "belinda", "f"),
    _espeak("en-us", "Andrea", "f"),
    _espeak("en-us", "m3", "m"),
    _espeak("en-gb", "m1", "m"),
    _espeak("en-029", "m7", "m"),
    _espeak("en-us-nyc", "m4", "m"),
    _espeak("en-gb-x-rp", "m5", "m"),
    _espeak("en-gb-scotland", "m2", "m"),
    _espeak("en-us", "david", "m"),
    _espeak("en-gb", "Michael", "m"),
)

# First names of many origins, by the kind of voice that speaks them.
NAMES: dict[str, tuple[str, ...]] = {
    "f": ("Amara", "Priya", "Ingrid", "Mei", "Sofia", "Fatima", "Nadia", "Yuki", "Leila", "Chiara", "Zofia",
          "Aisha", "Elena", "Hana", "Olga", "Rosa", "Keiko", "Ana", "Maya", "Freya", "Lucia", "Nia", "Esther",
          "Imani"),
    "m": ("Mateo", "Yusuf", "Kenji", "Lars", "Omar", "Rahul", "Tomasz", "Diego", "Kofi", "Arjun", "Felix",
          "Ivan", "Hugo", "Ravi", "Theo", "Samir", "Jonas", "Dmitri", "Luca", "Andre", "Malik", "Pablo", "Sean",
          "Chen"),
}

# Places as a person names them; each world gives its places looks from PLACE_LOOKS (photo or drawn street).
PLACE_NAMES: tuple[str, ...] = (
    "bakery", "harbour", "library", "market", "train station", "park", "museum", "cafe", "pharmacy", "gym",
    "office", "garden", "temple", "beach", "bookshop", "town hall", "playground", "cinema",
)
PLACE_LOOKS: tuple[str, ...] = (
    "sklearn:china.jpg", "sklearn:flower.jpg", "skimage:rocket.jpg", "skimage:grass.png", "skimage:brick.png",
    "skimage:gravel.png", "skimage:hubble_deep_field.jpg", "skimage:moon.png", "skimage:ihc.png",
    "skimage:retina.jpg", "drawn:street:0", "drawn:street:1", "drawn:street:2", "drawn:street:3",
    "drawn:street:4", "drawn:street:5",
)

# Held objects: name → picture (a real photo cropped to the thing, or a drawing).
OBJECT_LOOKS: dict[str, str] = {
    "coffee cup": "skimage:coffee.png", "cat": "skimage:chelsea.png", "motorcycle": "skimage:motorcycle_left.png",
    "coins": "skimage:coins.png", "clock": "skimage:clock_motion.png", "horse figurine": "skimage:horse.png",
    "umbrella": "drawn:umbrella", "apple": "drawn:apple", "book": "drawn:book", "key": "drawn:key",
    "ball": "drawn:ball", "bottle": "drawn:bottle",
}

# Faces: real photos a face detector finds, and drawn figures (head and shoulders).
PHOTO_FACES: tuple[str, ...] = (
    "skimage:astronaut.png", "matplotlib:grace_hopper.jpg",
    *(f"skimage:lfw_subset.npy#{i}" for i in (74, 72, 3, 11, 20, 36, 48, 0, 5, 14, 25, 31, 42, 53, 64, 77, 86, 95)),
)
DRAWN_FACES: tuple[str, ...] = tuple(f"drawn:figure:{i}" for i in range(8))

# Sign and whiteboard texts: short, upper case, clear for OCR.
SIGNS: tuple[str, ...] = (
    "PLATFORM 4", "GATE B12", "EXIT ONLY", "OPEN 9 TO 5", "ROOM 204", "NO PARKING", "FRESH BREAD",
    "TICKETS HERE", "WET PAINT", "BUS STOP 18", "SALE 30% OFF", "STAFF ONLY", "MEETING AT 3 PM",
    "CAFE OPEN", "LOST AND FOUND", "KEEP LEFT", "QUIET PLEASE", "FIRE EXIT", "LOADING ZONE", "ROOM 12B",
    "PUSH DOOR", "CASH ONLY", "NO DOGS", "MIND THE STEP", "TOILETS", "LIFT OUT OF ORDER", "PAY HERE",
    "CLOSED SUNDAY", "DRINKING WATER", "SLOW DOWN", "HOT COFFEE", "BIKES HERE", "PLATFORM 9", "GATE C3",
    "ROOM 7", "FREE WIFI", "NO ENTRY", "YOGA AT 6", "SOUP OF THE DAY", "FERRY AT NOON",
)

# Fact pools the dialogues state (a world uses FACTS_PER_SLOT of each).
FACT_POOLS: dict[str, tuple[str, ...]] = {
    "platform": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "eleven", "twelve"),
    "time": ("nine", "half past seven", "ten thirty", "noon", "six fifteen", "eight o'clock", "quarter to five",
             "eleven", "two thirty", "seven forty", "midnight", "four twenty"),
    "restaurant": ("the Blue Lantern", "Rosa's Kitchen", "the Golden Dragon", "Luigi's", "the Green Olive",
                   "the Harbor Grill", "the Red Fox", "Maple House", "the Silver Spoon", "Casa Verde",
                   "the Lotus Garden", "Saffron", "the Old Mill", "Taqueria Sol"),
    "spot": ("library", "bakery", "station", "museum", "harbor", "post office", "gym", "market", "pharmacy",
             "cinema", "bank", "hospital", "bus stop", "car park", "school", "church"),
    "item": ("umbrella", "keys", "wallet", "notebook", "sunglasses", "charger", "jacket", "passport",
             "headphones", "scarf", "laptop", "gloves", "water bottle", "hat"),
    "gift": ("lamp", "bicycle", "kettle", "backpack", "guitar", "camera", "tent", "blender", "telescope",
             "toaster", "rug", "printer"),
    "price": ("twenty", "thirty five", "forty", "sixty", "eighty", "ninety", "one hundred", "fifteen",
              "seventy", "fifty"),
    "city": ("Boston", "Denver", "Chicago", "Seattle", "Portland", "Dallas", "Phoenix", "Atlanta", "Miami",
             "Detroit", "Lisbon", "Nairobi", "Osaka", "Krakow", "Lima", "Dublin", "Mumbai", "Oslo"),
    "weekday": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
}


@dataclass(frozen=True)
class Pools:
    """What a world is drawn from. Voices, faces and place looks are shared: they are all we have installed."""

    names: dict[str, tuple[str, ...]]
    places: tuple[str, ...]
    objects: dict[str, str]  # name of a held thing → its picture source
    signs: tuple[str, ...]
    facts: dict[str, tuple[str, ...]]
    wording: str  # whose dialogue wording the world speaks (`script.WORDINGS`)


OUR_POOLS = Pools(NAMES, PLACE_NAMES, OBJECT_LOOKS, SIGNS, FACT_POOLS, "ours")


def author_pools(wording: str) -> Pools:
    """Another author's world ("other", "third" or "fourth", module `<wording>_world`): the same pictures under the
    names that author gives the things."""
    module = importlib.import_module(f"vidmem.devdata.{wording}_world")
    objects = {module.OBJECT_NAMES[name]: look for name, look in OBJECT_LOOKS.items()}
    facts = {**module.FACT_POOLS, "weekday": FACT_POOLS["weekday"]}
    return Pools(module.NAMES, module.PLACE_NAMES, objects, module.SIGNS, facts, wording)


def pools_for(seed: int) -> Pools:
    if is_other_world_seed(seed):
        return author_pools("other")
    if is_third_world_seed(seed):
        return author_pools("third")
    return author_pools("fourth") if is_fourth_world_seed(seed) else OUR_POOLS


@dataclass(frozen=True)
class World:
    seed: int
    people: tuple[Person, ...]  # the wearer ("me") first
    places: tuple[str, ...]
    objects: tuple[str, ...]
    signs: tuple[str, ...]
    facts: dict[str, tuple[str, ...]]
    looks: dict[str, str]  # place or object name → picture source
    start_date: date
    sexes: dict[str, str] = field(default_factory=dict)  # person id → "f" | "m" (the voice's)
    wording: str = "ours"  # whose dialogue wording its people speak (`script.WORDINGS`)

    @property
    def heldout(self) -> bool:
        return is_heldout_seed(self.seed)


def draw_world(seed: int, start_date: date | None = None) -> World:
    """The world of `seed` (its own random stream: the same seed always draws the same world)."""
    rng = random.Random(f"vidmem-world-{seed}")
    pools = pools_for(seed)
    size = rng.randint(*PEOPLE_PER_WORLD)
    voices = _draw_voices(rng, size)
    used: set[str] = set()
    people: list[Person] = []
    sexes: dict[str, str] = {}
    # a fixed mix of photo faces and drawn figures, so no world is left with (nearly) no real faces
    others = len(voices) - 1
    photos = max(MIN_PHOTO_FACES, round(PHOTO_FACE_SHARE * others))
    faces = [*rng.sample(PHOTO_FACES, photos), *rng.sample(DRAWN_FACES, others - photos)]
    rng.shuffle(faces)
    for i, voice in enumerate(voices):
        name = rng.choice([n for n in pools.names[voice.sex] if n not in used])
        used.add(name)
        pid = ME if i == 0 else name
        people.append(Person(pid, name, voice.key, faces[i - 1] if i else None))
        sexes[pid] = voice.sex
    places = tuple(rng.sample(pools.places, rng.randint(*PLACES_PER_WORLD)))
    looks = dict(zip(places, rng.sample(PLACE_LOOKS, len(places)), strict=True))
    objects = tuple(rng.sample(sorted(pools.objects), rng.randint(*OBJECTS_PER_WORLD)))
    looks.update({o: pools.objects[o] for o in objects})
    facts = {slot: tuple(rng.sample(pool, min(FACTS_PER_SLOT, len(pool)))) for slot, pool in pools.facts.items()}
    facts["weekday"] = pools.facts["weekday"]
    # a fact "spot" that is also one of the world's places would blur "where was I" with "where was it"
    spots = [s for s in pools.facts["spot"] if s not in places and not any(s in p or p in s for p in places)]
    facts["spot"] = tuple(rng.sample(spots, min(FACTS_PER_SLOT, len(spots))))
    start = start_date or FIRST_START + timedelta(days=rng.randrange(START_SPREAD_DAYS))
    return World(seed, tuple(people), places, objects, tuple(rng.sample(pools.signs, SIGNS_PER_WORLD)), facts, looks,
                 start, sexes, pools.wording)


def _draw_voices(rng: random.Random, size: int) -> list[VoiceSpec]:
    """`size` voices from distinct groups, at least MIN_FEMALE_VOICES of them female, in random order. Each
    pick first draws an engine (among those with an unused group left), so worlds mix engines instead of
    taking mostly espeak-ng variants, the largest part of the pool."""
    chosen: list[VoiceSpec] = []
    groups: set[str] = set()

    def pick(sex: str | None) -> None:
        free = [v for v in VOICES if v.group not in groups and (sex is None or v.sex == sex)]
        engine = rng.choice(sorted({v.key.split(":")[0] for v in free}))
        voice = rng.choice([v for v in free if v.key.startswith(engine + ":")])
        chosen.append(voice)
        groups.add(voice.group)

    for _ in range(MIN_FEMALE_VOICES):
        pick("f")
    while len(chosen) < size:
        pick(None)
    rng.shuffle(chosen)
    return chosen
