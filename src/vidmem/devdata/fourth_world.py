"""A fourth author's world: names, places, names of things, signs, facts and dialogue wording.

Written apart from the other three authors' worlds and from the code that reads footage, by an author who
speaks Irish English: "grand", "so" at the end of a line, "sure" at the start, "we're after landing", "give
someone a shout", "see will they come", "come here till I show you". The spelling stays standard so speech
synthesis and recognition see ordinary words. Same shapes as `world` and `script` pools, none of their values.
"""

from __future__ import annotations

# First names of many origins, by the kind of voice that speaks them ("f" | "m").
NAMES: dict[str, tuple[str, ...]] = {
    "f": ("Gwendolyn", "Matilda", "Deirdre", "Anjali", "Winifred", "Cordelia", "Josephine", "Philomena", "Eileen",
          "Maureen", "Loretta", "Rosaleen", "Kavitha", "Meenakshi", "Madhuri", "Sharmila", "Chiamaka", "Yewande",
          "Thandeka", "Lindiwe", "Solveig", "Gudrun", "Liesbeth", "Hildegard", "Wilhelmina", "Guadalupe", "Florencia",
          "Montserrat", "Tomoko", "Hiroko", "Roxana", "Marguerite", "Lavinia", "Penelope", "Jacinta", "Benedetta",
          "Donatella", "Dragana"),
    "m": ("Bartholomew", "Sebastian", "Maximilian", "Vladimir", "Yaroslav", "Satoshi", "Suresh", "Prakash", "Babajide",
          "Lorenzo", "Thaddeus", "Lachlan", "Gregor", "Brendan", "Malachy", "Dermot", "Fintan", "Venkatesh", "Sandeep",
          "Harish", "Dinesh", "Karthik", "Obinna", "Adebayo", "Kayode", "Otieno", "Sipho", "Bongani", "Haakon",
          "Jesper", "Gottfried", "Friedrich", "Konrad", "Santiago", "Leonid", "Masato", "Shigeru", "Farhad", "Ambrose",
          "Percival", "Vittorio"),
}

# Places a person goes to in a day, as an Irish speaker names them (said after "the").
PLACE_NAMES: tuple[str, ...] = (
    "chipper", "off licence", "chemist", "launderette", "credit union", "hardware shop", "shopping centre",
    "parish hall", "creche", "doctor's surgery", "bookies", "golf club", "takeaway", "deli", "garage", "sweet shop",
    "mechanic's", "youth club", "beauty salon", "graveyard",
)

# What this author calls each pictured thing (keys are `world.OBJECT_LOOKS`' names for the same pictures).
OBJECT_NAMES: dict[str, str] = {
    "coffee cup": "cuppa", "cat": "tabby", "motorcycle": "superbike", "coins": "pennies", "clock": "timer",
    "horse figurine": "racehorse ornament", "umbrella": "sunshade", "apple": "russet", "book": "novel",
    "key": "yale", "ball": "basketball", "bottle": "fizzy drink",
}

# Sign and notice texts: short, upper case, clear for OCR.
SIGNS: tuple[str, ...] = (
    "SHUT ON MONDAYS", "BACK IN 10 MINS", "DOOR 3", "AISLE 14", "CHECKOUT 5", "NO LOITERING", "BUS LANE",
    "DANGER DEEP WATER", "SLIPPERY FLOOR", "CUSTOMERS ONLY", "TAKE A NUMBER", "DELIVERIES AT REAR", "OPEN LATE",
    "NEW POTATOES", "SCONES 2 FOR 3", "DESK 11", "BAY 7", "ZONE D", "BABY CHANGING", "KEEP OFF THE GRASS",
    "MATCH AT 4", "BINGO FRIDAY", "QUIZ NIGHT 9 PM", "TRAD SESSION 8 PM", "WIPE YOUR FEET", "SECOND FLOOR",
    "SHOP 14A", "PLEASE RING TWICE", "FRESH FISH TODAY", "MASS AT 10", "PAY AND DISPLAY", "STRICTLY PRIVATE",
    "WATCH YOUR STEP", "SMOKING AREA", "LIVE MUSIC TONIGHT", "TAXI 24 HOURS", "BERTH 4", "COUNTER 8", "TILL 6",
    "WARD 5", "LOW BRIDGE", "SHEEP ON ROAD", "CATTLE CROSSING", "DUBLIN 120", "FROZEN FOOD", "KNOCK LOUDLY",
    "NO CAMPING", "RED FLAG",
)

# Fact pools the dialogues state (a world uses a few of each; weekdays come from `world`).
FACT_POOLS: dict[str, tuple[str, ...]] = {
    "platform": ("twenty five", "twenty nine", "thirty", "thirty three", "thirty five", "thirty seven", "forty",
                 "forty one", "forty two", "forty six"),
    "time": ("half eight", "quarter past ten", "ten to nine", "five to seven", "half one", "twenty five past eleven",
             "five forty", "half six", "ten past eight", "quarter to one", "twenty to eleven", "ten to three",
             "five past two", "eleven forty"),
    "restaurant": ("the Hungry Heron", "Nolan's Grill", "the Laughing Trout", "Mama Rosetta's", "the Jade Pagoda",
                   "Spice of Kerala", "Doyle's Bistro", "the Salty Anchor", "Fitzgerald's", "the Crooked Chimney",
                   "Little Saigon", "Brannigan's", "Madras Junction", "the Lazy Otter"),
    "spot": ("tennis courts", "phone box", "ticket machine", "lighthouse", "lifeguard hut", "ball alley", "lock gates",
             "cash machine", "coat rack", "trolley bay", "jetty", "gatehouse", "pavilion", "sundial"),
    "item": ("rain jacket", "bobble hat", "car keys", "swimming togs", "hoodie", "leap card", "student card",
             "glasses case", "rucksack", "earphones", "inhaler", "rosary beads", "tote bag", "gilet"),
    "gift": ("hoover", "slow cooker", "deckchair", "hairdryer", "electric blanket", "jigsaw", "board game",
             "fishing rod", "dartboard", "pressure washer", "lawnmower", "wheelbarrow", "trampoline", "patio heater"),
    "price": ("a hundred and twenty", "a hundred and fifty", "a hundred and ten", "two hundred and fifty", "sixteen",
              "nineteen", "thirty nine", "forty four", "sixty nine", "seventy nine", "eighty nine", "ninety nine",
              "four hundred"),
    "city": ("Galway", "Limerick", "Belfast", "Cork", "Waterford", "Kilkenny", "Sligo", "Derry", "Liverpool",
             "Bristol", "Cardiff", "Chennai", "Bordeaux", "Valencia", "Porto", "Gdansk", "Bilbao", "Adelaide"),
}

# Ways the wearer says where they are on walking in ({place} is the place's name, said after "the").
ARRIVALS: tuple[str, ...] = (
    "Grand, we're at the {place} now.", "Right so, the {place}.", "Here's the {place} now.",
    "That's us at the {place}.", "We're after landing at the {place}.", "In at the {place} now, so.",
    "Okay so, this is the {place}.", "So here we are at the {place}, finally.", "The {place}. Grand job.",
    "Just in the door of the {place}.", "Now, the {place}, we made it.", "Arrived at the {place} there.",
    "Sure look, we're at the {place}.",
)

# Dialogue wording: per topic, per line position, three ways of saying that line with the same facts
# ({a} speaks first, {b} answers, {c} is a third speaker, {other} and {owner} are not there).
DIALOGUES: dict[str, tuple[tuple[str, ...], ...]] = {
    "train": (
        ("{b}, did you sort out the train tickets?", "Did you get the tickets for the train, {b}?",
         "Any luck with the train tickets, {b}?"),
        ("I did, {a}. Platform {platform}, and it goes at {time}.",
         "Sorted, {a}. It's leaving from platform {platform} at {time}.",
         "Yeah {a}, got them. The train's at {time} from platform {platform}."),
        ("Grand so, I'll see you at the station.", "Deadly, I'll meet you down at the station.",
         "Lovely, see you at the station, so."),
    ),
    "dinner": (
        ("{b}, where'll we go for dinner tonight?", "So where are we going for dinner tonight, {b}?",
         "Have you any notion where we'd get dinner tonight, {b}?"),
        ("What about {restaurant}? They've a table for us at {time}.",
         "We could try {restaurant}, they can fit us in at {time}.",
         "I was thinking {restaurant}. There's a table free at {time}."),
        ("Lovely, I'll ask {other} along as well.", "Grand, I'll give {other} a shout to come too.",
         "Class, I'll text {other} and see will they come too."),
    ),
    "meeting": (
        ("{b}, when's the next meeting on?", "When are we meeting again, {b}?",
         "{b}, what day is our next meeting, do you know?"),
        ("It's on {weekday}, {a}, down at the {spot}.", "Sure it's {weekday} at the {spot}, {a}.",
         "It's at the {spot} on {weekday}, {a}."),
        ("Grand, I'll bring my {item} so.", "Right, I'll bring along my {item}.",
         "Cheers, I'll have my {item} with me."),
    ),
    "shopping": (
        ("{b}, did you get the new {gift} in the end?", "So did you buy that new {gift}, {b}?",
         "You got the new {gift}, {b}, yeah?"),
        ("I did, yeah. It came to {price} dollars.", "Got it, yeah. Set me back {price} bucks at the market.",
         "I did so, and it was {price} dollars."),
        ("That's not bad at all, {b}.", "Ah, that's a good price, {b}.", "Sure that's a bargain, {b}."),
    ),
    "lost": (
        ("{b}, is my {item} after walking off on me?", "Did you see my {item} at all, {b}?",
         "{b}, I can't find my {item}. Any sign of it?"),
        ("I'd say you left your {item} at the {spot}.", "Your {item}? Sure you left it at the {spot}.",
         "You left the {item} at the {spot}, I'm nearly sure."),
        ("Thanks, I'll go and have a look there.", "Cheers, I'll head over there and check.",
         "Ah thanks, I'll go look there so."),
    ),
    "trip": (
        ("Are we still heading to {city} on {weekday}, {b}?", "{b}, we're still going to {city} on {weekday}, yeah?",
         "{b}, are we still doing the trip to {city} on {weekday}?"),
        ("We are, {a}. We're leaving at {time}, so don't be late.",
         "Yeah {a}, we head off at {time}. Don't be late now.",
         "We go at {time}, {a}, so don't be late, yeah?"),
    ),
    "object": (
        ("{b}, look, I found this {thing} over by the {spot}.",
         "Here, {b}, look at this {thing} I found near the {spot}.",
         "Come here till I show you, {b}. I found this {thing} beside the {spot}."),
        ("I'd say that {thing} belongs to {owner}.", "That {thing} is {owner}'s, I think.",
         "Sure that's {owner}'s {thing}."),
        ("Right, I'll give it back to {owner} later so.", "I'll drop it back to {owner} later, so.",
         "Grand, I'll hand it back to {owner} later on."),
    ),
    "aside": (
        ("{a}, can I tag along? I'll be at the {spot} first.",
         "Mind if I come too, {a}? I'll be at the {spot} beforehand.",
         "{a}, would I be alright to come? I'll be over at the {spot} first."),
        ("Course you can, {c}.", "Sure why not, {c}.", "No bother, {c}."),
    ),
}
