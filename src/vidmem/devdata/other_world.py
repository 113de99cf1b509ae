"""A second world: other names, places, things, signs, facts and dialogue wording, for seeds >= 2000.

These pools and wordings were written apart from the first world (world.py, script.py) and apart from the
code that reads the footage and answers questions about it, by a different hand with different habits. Seeds
from 2000 on draw from them, to measure how the system does on names, places, things, signs, facts and ways of
saying things it was never developed on, rather than on the one world it may have been fitted to.

DIALOGUES holds, for each topic, one entry per line position of that topic's dialogue in script.py, each a
tuple of alternative str.format wordings with exactly the same placeholders as the line they stand in for.
"""

from __future__ import annotations

# First names of many origins, by the kind of voice that speaks them (none in, or a letter or two from, world.NAMES).
NAMES: dict[str, tuple[str, ...]] = {
    "f": ("Astrid", "Beatriz", "Camille", "Dagny", "Fiona", "Gabriela", "Dorota", "Isabel", "Jasmin", "Lakshmi",
          "Marisol", "Magdalena", "Noor", "Paloma", "Renata", "Sakura", "Consuelo", "Ursula", "Valentina", "Wanjiru",
          "Ximena", "Zainab", "Adaeze", "Bronwen", "Brigitte", "Harriet", "Oksana", "Tamsin", "Yolanda", "Zeynep",
          "Anouk", "Margot", "Natasha", "Svetlana", "Francesca", "Thandiwe", "Ngozi", "Sunita"),
    "m": ("Chidi", "Bjorn", "Alejandro", "Tariq", "Hiroshi", "Nikolai", "Pedro", "Rafael", "Sergei", "Tendai",
          "Viktor", "Xavier", "Yannick", "Zoltan", "Benedikt", "Cormac", "Darius", "Esteban", "Gunnar", "Ignacio",
          "Kwame", "Leonardo", "Mustafa", "Nikhil", "Anselm", "Gideon", "Tobias", "Vikram", "Magnus", "Bruno",
          "Cyrus", "Desmond", "Enzo", "Haruto", "Idris", "Rodrigo", "Callum", "Gustavo", "Ibrahim", "Joaquin"),
}

# Places a person goes to in a day, as they name them.
PLACE_NAMES: tuple[str, ...] = (
    "laundrette", "bus depot", "swimming pool", "hardware store", "dentist", "zoo", "barber", "florist",
    "aquarium", "bowling alley", "ice rink", "butcher", "art gallery", "stadium", "vet clinic", "allotment",
    "theatre", "pier",
)

# What someone else calls each pictured thing of world.OBJECT_LOOKS.
OBJECT_NAMES: dict[str, str] = {
    "coffee cup": "mug", "cat": "kitty", "motorcycle": "motorbike", "coins": "loose change",
    "clock": "wall clock", "horse figurine": "toy horse", "umbrella": "brolly", "apple": "fruit",
    "book": "paperback", "key": "house key", "ball": "rubber ball", "bottle": "flask",
}

# Sign and notice texts: short, upper case, clear for OCR.
SIGNS: tuple[str, ...] = (
    "GATE D7", "PLATFORM 14", "ROOM 318", "NO SMOKING", "KEEP CLEAR", "DELIVERIES ONLY", "OPEN 24 HOURS",
    "MIND YOUR HEAD", "FLOOR 3", "CHECK IN HERE", "PLEASE QUEUE HERE", "NO CYCLING", "EMERGENCY EXIT",
    "ICE CREAM", "FRESH FLOWERS", "BAGGAGE CLAIM", "USE OTHER DOOR", "PULL DOOR", "WET FLOOR", "OUT OF ORDER",
    "PRIVATE PROPERTY", "NO PHOTOS", "BUS 42", "HALF PRICE", "CLOSED MONDAY", "OPEN 8 TO 6", "LUNCH 12 TO 2",
    "DESK 5", "LEVEL 2", "PLATFORM 16", "GATE A4", "ROOM 9C", "CHESS CLUB 7 PM", "BOOK SWAP", "RECYCLING ONLY",
    "NO BALL GAMES", "ONE WAY", "GIVE WAY", "CAUTION HOT", "ORDER HERE", "COLLECT HERE", "SILENCE PLEASE",
    "TEA AND CAKE", "BACK IN 10 MINUTES",
)

# Fact pools the dialogues state (no weekday: weekdays are the same in every world).
FACT_POOLS: dict[str, tuple[str, ...]] = {
    "platform": ("one", "ten", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "twenty",
                 "twenty one", "three", "six"),
    "time": ("twenty past six", "quarter past one", "ten to eight", "half past nine", "five past three",
             "quarter to twelve", "twenty to four", "eleven fifteen", "one o'clock", "three forty five",
             "five thirty", "ten past ten", "twenty five past two", "seven fifty"),
    "restaurant": ("the Copper Pot", "Nonna's", "El Faro", "the Salt Cellar", "Chez Nous", "the Jade Palace",
                   "Noodle Box", "the Hungry Bear", "Trattoria Bella", "the Spice Route", "the Lighthouse",
                   "Dosa Corner", "the Wandering Goat", "Bistro Lune", "the Fig Tree", "the Painted Door"),
    "spot": ("reception", "canteen", "lobby", "newsagent", "pub", "hotel", "airport", "front desk", "staff room",
             "corner shop", "community centre", "tennis club", "dry cleaner", "taxi rank", "ferry terminal",
             "university", "kiosk", "hairdresser"),
    "item": ("purse", "phone", "reading glasses", "lanyard", "travel card", "lunch box", "pencil case", "watch",
             "cardigan", "tablet", "diary", "raincoat", "mittens", "earbuds", "hairbrush", "bike helmet"),
    "gift": ("sewing machine", "scooter", "microwave", "armchair", "drone", "skateboard", "vacuum cleaner",
             "mirror", "bookcase", "suitcase", "barbecue", "hammock", "violin", "kayak"),
    "price": ("twelve", "twenty five", "forty five", "fifty five", "sixty five", "seventy five", "eighty five",
              "ninety five", "one hundred twenty", "two hundred", "thirty", "eighteen"),
    "city": ("Vancouver", "Montreal", "Toronto", "Houston", "Nashville", "Pittsburgh", "Edinburgh", "Glasgow",
             "Marseille", "Seville", "Bologna", "Hamburg", "Prague", "Vienna", "Istanbul", "Cairo", "Accra", "Seoul",
             "Hanoi", "Melbourne", "Auckland", "Kyoto"),
}

# Ways the wearer says where they are on arriving ({place} is the place's name).
ARRIVALS: tuple[str, ...] = (
    "Right then, here's the {place}.", "This is us, the {place}.", "Pulling up at the {place} now.",
    "So this is the {place}.", "The {place}, at last.", "Okay, {place}. Here we go.",
    "Just walked into the {place}.", "Got here, the {place}.", "Stopping in at the {place} for a bit.",
    "Next stop, the {place}.", "Here I am at the {place}.", "Let's see, the {place}. In we go.",
)

# Per topic, one entry per line position of that topic's dialogue in script.py; each entry gives alternative
# wordings with exactly that line's placeholders.
DIALOGUES: dict[str, tuple[tuple[str, ...], ...]] = {
    "train": (
        ("{b}, have you got our train tickets?",
         "Did you pick up the tickets for the train, {b}?",
         "Quick question, {b}. Do you have the train tickets?"),
        ("Got them, {a}. Our train departs from platform {platform} at {time}.",
         "Sure, {a}, the train goes from platform {platform} and it leaves at {time}.",
         "I do, {a}. The train is at {time}, from platform {platform}."),
        ("Good, see you at the station then.",
         "Lovely. I will find you at the station.",
         "Okay, we can meet up at the station."),
    ),
    "dinner": (
        ("Where do you fancy eating tonight, {b}?",
         "{b}, any ideas where we should go for dinner tonight?",
         "So {b}, where are we having dinner this evening?"),
        ("Let's try {restaurant}. I can get us a table at {time}.",
         "What about {restaurant}? There is a table free at {time}.",
         "We could go to {restaurant}. They have a table for us at {time}."),
        ("Sounds good. I will see if {other} wants to join us.",
         "Great, I will invite {other} as well.",
         "Nice, let me ask {other} along too."),
    ),
    "meeting": (
        ("{b}, when do we meet next?",
         "Remind me, {b}, when is our next meeting?",
         "Do you know when our next meeting is, {b}?"),
        ("{a}, we meet on {weekday} at the {spot}.",
         "It is at the {spot} on {weekday}, {a}.",
         "On {weekday}, {a}. We are meeting at the {spot}."),
        ("Okay, I will take my {item} along.",
         "Good, I will remember to bring my {item}.",
         "Right, I will have my {item} with me."),
    ),
    "shopping": (
        ("So {b}, did you end up buying the new {gift}?",
         "{b}, did you get that new {gift} in the end?",
         "Have you bought the new {gift} yet, {b}?"),
        ("I did, and it was only {price} dollars.",
         "Yes, I paid {price} dollars for it.",
         "Yes, it came to {price} dollars."),
        ("Not bad at all, {b}.",
         "{b}, that is a real bargain.",
         "That is cheap, {b}. Nice one."),
    ),
    "lost": (
        ("{b}, I cannot find my {item} anywhere. Have you seen it?",
         "Have you come across my {item}, {b}?",
         "Any idea where my {item} went, {b}?"),
        ("Your {item}? You left it at the {spot}, I think.",
         "I saw your {item} at the {spot}. You must have left it there.",
         "You left your {item} at the {spot}, I am pretty sure."),
        ("Oh good, I will go and check.",
         "Thanks, I will head over and look.",
         "Cheers, I will look there."),
    ),
    "trip": (
        ("{b}, is our trip to {city} still on for {weekday}?",
         "Are we still on for {city} on {weekday}, {b}?",
         "We are still going to {city} on {weekday}, right {b}?"),
        ("We are, {a}. We set off at {time} sharp.",
         "Still on, {a}. We leave at {time}.",
         "{a}, yes, we are leaving at {time}."),
    ),
    "object": (
        ("{b}, check out this {thing}. It was lying near the {spot}.",
         "Hey {b}, look at this {thing} I picked up near the {spot}.",
         "See this {thing}, {b}? I found it near the {spot}."),
        ("That {thing} belongs to {owner}, I am sure.",
         "Oh, I know that {thing}. It is the one {owner} owns.",
         "That looks like the {thing} {owner} lost. It is theirs."),
        ("I will hand it back to {owner} later, then.",
         "Okay, I will return it to {owner} when I see them.",
         "Right, I will drop it off with {owner} later."),
    ),
    "aside": (
        ("Mind if I tag along, {a}? I need to stop at the {spot} first.",
         "{a}, can I join you? I have to go to the {spot} before that.",
         "Could I come with you, {a}? I will be at the {spot} beforehand."),
        ("Sure thing, {c}.",
         "{c}, of course you can.",
         "Yes, come along, {c}."),
    ),
}
