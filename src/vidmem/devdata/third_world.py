"""A third author's world: names, places, names of things, signs, facts and dialogue wording.

Written apart from our world (`world`, `script`), apart from the other author's (`other_world`), and apart
from the code that reads footage and answers questions, so that nothing here was shaped by what that code
expects. The pictures are shared (only the names given to the pictured things are this author's own); the
dialogue lines carry the same facts with the same placeholders as ours, worded the way this author talks.
"""

from __future__ import annotations

# First names of many origins, by the kind of voice that speaks them.
NAMES: dict[str, tuple[str, ...]] = {
    "f": ("Rosalind", "Dagmar", "Isadora", "Colette", "Catalina", "Noriko", "Leonora", "Henrietta", "Bernadette",
          "Wangari", "Zawadi", "Makena", "Nkechi", "Ifeoma", "Annelise", "Theodora", "Philippa", "Clementine",
          "Genevieve", "Esperanza", "Graciela", "Fernanda", "Antonella", "Anastasia", "Tatiana", "Michiko",
          "Megumi", "Meilin", "Deepika", "Radhika", "Farzana", "Soraya", "Khadija", "Nilufar", "Ingeborg",
          "Johanna", "Octavia", "Imogen", "Delphine"),
    "m": ("Bernard", "Olusegun", "Chinedu", "Babatunde", "Jabari", "Mwangi", "Themba", "Kwabena", "Giacomo",
          "Leopold", "Cornelius", "Wolfgang", "Khalid", "Ernesto", "Ruben", "Anton", "Jerome",
          "Horatio", "Takeshi", "Bogdan", "Sanjay", "Barnaby", "Rupert", "Godfrey", "Konstantin", "Joachim",
          "Goran", "Massimo", "Salvatore", "Emiliano", "Gonzalo", "Florian", "Kazuki", "Ramesh", "Pradeep",
          "Suleiman", "Mehmet", "Timur", "Tigran", "Rasmus", "Alistair", "Fergus", "Declan"),
}

# Places a person goes to in a day, as they name them (said after "the": "the {place}").
PLACE_NAMES: tuple[str, ...] = (
    "laundromat", "pet shop", "bike shop", "pizzeria", "noodle bar", "greengrocer", "car wash", "concert hall",
    "optician", "tailor", "shoe shop", "fishmonger", "ice cream parlour", "food court", "charity shop",
    "leisure centre", "climbing wall", "escape room", "brewery", "dance studio", "locksmith", "planetarium",
    "health centre",
)

# The name this author gives each pictured held thing (keyed by our name for the picture, `world.OBJECT_LOOKS`).
OBJECT_NAMES: dict[str, str] = {
    "coffee cup": "teacup", "cat": "kitten", "motorcycle": "moped", "coins": "cash", "clock": "timepiece",
    "horse figurine": "pony", "umbrella": "parasol", "apple": "Braeburn", "book": "hardback", "key": "latchkey",
    "ball": "football", "bottle": "carafe",
}

# Sign and notice texts: short, upper case, clear for OCR.
SIGNS: tuple[str, ...] = (
    "PLATFORM 21", "GATE A7", "ENTRANCE", "CHECKOUT 3", "BIKE LANE", "AISLE 5", "DO NOT DISTURB", "RING BELL",
    "TAXI RANK", "WAIT HERE", "BACK IN 10", "CLOSED FOR LUNCH", "NO FOOD OR DRINK", "HIGH VOLTAGE",
    "SPEED LIMIT 20", "WASH YOUR HANDS", "STAIRS", "CHECK IN", "DEPARTURES", "LOCKERS", "FIRST AID",
    "INFORMATION", "TRAM 6", "ALL DAY BREAKFAST", "STUDY ROOM 5", "WARD 11", "SEAT 23A", "FLOOR 6", "NO U TURN",
    "BUS 57", "OPEN 7 DAYS", "TWO FOR ONE", "FRESH FISH", "QUEUE HERE", "GOODS IN", "DOOR ALARMED", "LANE 4",
    "PIER 9", "SCREEN 3", "BAY 14", "HELP POINT", "KNOCK FIRST", "DOGS ON LEADS", "CLOSED MONDAYS",
)

# Fact pools the dialogues state (a world uses some of each; weekdays are shared with ours).
FACT_POOLS: dict[str, tuple[str, ...]] = {
    "platform": ("nineteen", "twenty two", "twenty three", "twenty four", "twenty six", "twenty seven",
                 "twenty eight", "thirty one", "thirty two", "thirty four", "thirty six"),
    "time": ("quarter past three", "half past eleven", "five to four", "one fifteen", "nine forty five",
             "three o'clock", "twelve thirty", "six fifty", "quarter to eight", "twenty to ten", "ten to two",
             "eight fifteen"),
    "restaurant": ("the Brass Monkey", "Bella Napoli", "the Yellow Door", "Pho Saigon", "the Salty Pelican",
                   "Little Bombay", "the Painted Fish", "Trattoria Bruno", "the Velvet Plum", "the Tin Whistle",
                   "the Orchard Table", "the Lucky Pickle", "the Sleepy Owl"),
    "spot": ("fountain", "town square", "cloakroom", "bandstand", "war memorial", "boathouse", "waiting room",
             "courtyard", "newsstand", "picnic table", "bus shelter", "vending machine", "footbridge", "duck pond",
             "information desk"),
    "item": ("lunchbox", "bus pass", "wristwatch", "thermos", "handbag", "sketchbook", "satchel", "briefcase",
             "power bank", "gym bag", "library card", "beanie"),
    "gift": ("coffee maker", "ukulele", "rice cooker", "projector", "easel", "waffle iron", "record player",
             "air fryer", "harmonica", "chess set", "surfboard", "typewriter", "rocking chair"),
    "price": ("twenty nine", "thirty three", "thirty eight", "forty two", "forty nine", "fifty four",
              "sixty three", "seventy two", "eighty eight", "ninety four", "one hundred and ten", "three hundred"),
    "city": ("Helsinki", "Bangkok", "Budapest", "Naples", "Havana", "Copenhagen", "Stockholm", "Barcelona",
             "Munich", "Zurich", "Athens", "Warsaw", "Singapore", "Wellington", "Casablanca", "Montevideo",
             "Manchester", "Brisbane"),
}

# Ways the wearer says where they are on walking in ({place} is the place's name, used after "the").
ARRIVALS: tuple[str, ...] = (
    "The {place}, here we go.", "Okay, that's us at the {place} now.", "Just walked in, this is the {place}.",
    "So here's the {place} then.", "Quick stop at the {place}.", "In the {place} now, won't be long.",
    "Let's have a look round the {place}.", "Popping into the {place} for a minute.",
    "Right then, the {place}.", "Stopping at the {place} on the way.", "We're inside the {place} now.",
    "Needed to come by the {place} anyway.", "Good, the {place} is still open.", "First the {place}, then home.",
)

# This author's dialogue wording: per topic and line position (as `script.OUR_DIALOGUES`), three ways to say
# that line with the same facts and the same placeholders.
DIALOGUES: dict[str, tuple[tuple[str, ...], ...]] = {
    "train": (
        ("{b}, you sorted out the train tickets?", "Did the train tickets come through, {b}?",
         "So {b}, have we got tickets for the train?"),
        ("Platform {platform}, {a}, and it goes at {time}.",
         "Got them, {a}. We leave at {time} from platform {platform}.",
         "Yep. It's platform {platform}, departing {time}, {a}."),
        ("Lovely, see you at the station then.", "Okay, I'll find you at the station.",
         "Good. Let's meet up at the station."),
    ),
    "dinner": (
        ("Where are we eating tonight, {b}?", "{b}, any ideas for dinner tonight?",
         "What are you in the mood for tonight, {b}?"),
        ("I booked {restaurant} for {time}.", "There's a table free at {restaurant} at {time}, how's that?",
         "We could do {restaurant}. They can seat us at {time}."),
        ("Sounds good, I'll tell {other} to join us.", "Great. {other} should come along too, I'll ask.",
         "Nice, let me invite {other} as well."),
    ),
    "meeting": (
        ("When's the next meeting, {b}?", "{b}, remind me, when do we meet next?",
         "Do you know when we're meeting again, {b}?"),
        ("{a}, it's {weekday}, over at the {spot}.", "We're meeting at the {spot} on {weekday}, {a}.",
         "On {weekday}, {a}. The {spot}, same as usual."),
        ("Okay, I'll have my {item} with me.", "Got it. I'll remember to bring my {item}.",
         "Right, I'll pack my {item} for it."),
    ),
    "shopping": (
        ("So did you get that new {gift}, {b}?", "{b}, you bought the new {gift} in the end?",
         "Is that the new {gift}, {b}? Did you buy it?"),
        ("I did, it was {price} dollars.", "Yeah, paid {price} bucks for it.",
         "Only {price} dollars, believe it or not."),
        ("{b}, you did well there.", "{b}, that's a real bargain.", "Can't complain at that price, {b}."),
    ),
    "lost": (
        ("Have you spotted my {item} anywhere, {b}?", "{b}, my {item} has gone missing. Seen it anywhere?",
         "I can't find my {item}, {b}. Any idea?"),
        ("Your {item}? I'm pretty sure it was at the {spot}.", "Last I saw, your {item} was at the {spot}.",
         "Try the {spot}, I think your {item} got left there."),
        ("Thanks, I'll go check.", "Cheers, I'll head over and look.", "Oh good, I'll pop back for it."),
    ),
    "trip": (
        ("{b}, is {city} still on for {weekday}?", "We're still off to {city} on {weekday}, right {b}?",
         "Still heading to {city} on {weekday}, {b}?"),
        ("Yes, {a}. We set off at {time}, so don't be late.", "{a}, we're leaving at {time} sharp. Be on time.",
         "Definitely. Be ready by {time}, {a}, that's when we go."),
    ),
    "object": (
        ("{b}, see this {thing}? I picked it up by the {spot}.", "Hey {b}, this {thing} was lying near the {spot}.",
         "Found this {thing} over by the {spot}, {b}. Look."),
        ("That {thing} looks like {owner}'s.", "Oh, I'm fairly sure the {thing} is {owner}'s.",
         "I reckon {owner} owns that {thing}, actually."),
        ("I'll hand it back to {owner} when I see them.", "Okay, I'll return it to {owner} later.",
         "Then {owner} can have it back later on."),
    ),
    "aside": (
        ("Mind if I tag along, {a}? I'll be at the {spot} beforehand.",
         "{a}, can I join you? I'm going to the {spot} first.",
         "I'll stop at the {spot} first, {a}, but can I come after?"),
        ("Sure, come along, {c}.", "{c}, of course. The more the merrier.", "Yes, come with us, {c}."),
    ),
}
