"""A question told in parts is read as one question with an anchor clause (made-up names and lines)."""

from __future__ import annotations

import pytest

from vidmem.agent.query.discourse import join_parts


@pytest.mark.parametrize(("told", "joined"), [
    # a quote alone, then who said it, then the question pointing back at the moment
    ('"Grab the blue folder." — Tomasz said that. What was on the desk at that moment?',
     'What was on the desk when Tomasz said "Grab the blue folder."?'),
    # no pointer back: a question about something said asks about the moment it was said
    ("i said 'the gate code is four four one' — what was i carrying?",
     "what was i carrying when i said 'the gate code is four four one'?"),
    # words said without quote marks are quoted; the opening setting reads in lower case mid-sentence
    ("On Sunday Wren said the van is parked by the silo. - where was I right then?",
     'where was I when on Sunday Wren said "the van is parked by the silo"?'),
    # "after that place": after the place where it happened
    ('i walked past a banner saying "CLOSED FOR REPAIRS" — where did i go straight after that spot?',
     'where did i go straight after the place where i walked past a banner saying "CLOSED FOR REPAIRS"?'),
    ("I parked at the depot. Who was talking there?", "Who was talking at the place where I parked at the depot?"),
    # a when-question whose subject is the event told
    ("Yesterday I got to the quarry — what time was that the first time?",
     "what time was it the first time yesterday I got to the quarry?"),
    # a bare name, then a question about them
    ("Ingrid — where do I usually run into her?", "where do I usually run into Ingrid?"),
    # an embedded question, then who said its answer
    ("I'm trying to remember which dock the ferry leaves from — Pablo said it on Tuesday.",
     "which dock did Pablo say the ferry leaves from on Tuesday?"),
    # the question first, then what it is about
    ("where was i -- wren said 'the van is by the silo' on sunday?",
     "where was i when wren said 'the van is by the silo' on sunday?"),
    # "who was that?" asks who the somebody told of is
    ('We waited at the depot and someone said "Is this seat free?" - who was that?',
     'who said "Is this seat free?" when we waited at the depot?'),
    ("overheard 'mind the gap' near the kiosk -- who said that?", "who said 'mind the gap' near the kiosk?"),
    # the words said after "who said this"
    ("do you know who said this? the keys are under the mat.", 'do you know who said "the keys are under the mat"?'),
    # "it" is the written thing told of
    ("I went by the gym on Monday and there was a poster up. What did it say?",
     "What did the poster say when I went by the gym on Monday?"),
    ('notice in view when i said "ok" - what did it read?', 'what did the notice in view read when i said "ok"?'),
    # "there" is the place told of
    ("We were at the boathouse on day 2 at about 09:10. Who else was talking there?",
     "Who else was talking at the boathouse on day 2 at about 09:10?"),
    ("place where the kite was in view - who spoke there?", "who spoke at the place where the kite was in view?"),
    ("I was at the forge and at the dairy. Who talked at both of them?", "Who talked at both the forge and the dairy?"),
    # words for "about" and "when"
    ("what did wren say re the time the bus goes?", "what did wren say about the time the bus goes?"),
    ('What was I holding at the moment Ines said "hello"?', 'What was I holding when Ines said "hello"?'),
    # fillers, commands, a first part that describes what the second asks for, a setting told after
    ("ok so where did wren park the van lol", "where did wren park the van"),
    ("what was like right in front of me", "what was right in front of me"),
    ('Name the object that was on the table while Ines said "hello".',
     'what object was on the table while Ines said "hello".'),
    ("State the number of separate trips to the quarry on day 2.", "how many separate trips to the quarry on day 2."),
    ("Give me the clock time on day 1 when I first got to the dairy.",
     "what time was it on day 1 when I first got to the dairy."),
    ('Whoever said "the gate is stuck" at the forge - what is their name?',
     'who said "the gate is stuck" at the forge?'),
    ("The thing on the desk as Ines spoke - what was it?", "what was the thing on the desk as Ines spoke?"),
    ("The trips I made to the dairy yesterday - how many were there?", "how many trips I made to the dairy yesterday?"),
    ("when i said 'see you' what was in front of me", "when i said 'see you', what was in front of me"),
    ("right as ines said 'it's on the left', what could i see", "as ines said 'it's on the left', what could i see"),
    ("usual spot where i hear wren talking?", "where usually i hear wren talking?"),
    ("last time at the dairy on day 1 - what was in view?", "what was in view the last time at the dairy on day 1?"),
    ("on day 1 i ended up at the dairy, but at what time did i first get there",
     "at what time did i first get to the dairy on day 1?"),
    ("I stopped by the kiosk on Friday - what time did I first get there?",
     "what time did I first get to the kiosk on Friday?"),
    ("same person talking at the dairy and the forge - who?",
     "who is the same person talking at the dairy and the forge?"),
    ("Someone spoke at the dairy and at the forge too. Who was that?", "who spoke at the dairy and at the forge too?"),
    ("The time I first showed up at the forge yesterday - what was it?",
     "what time I first arrived at the forge yesterday?"),
    ("The next place I went after the kiosk - which was it?", "which place was the next place I went after the kiosk?"),
    ('speaker of "the kettle is on"', 'who said "the kettle is on"'),
    ("On Monday Wren said the bus leaves at... what time exactly?",
     "On Monday what time did Wren say the bus leaves at?"),
    ("That remark Ines made at the dairy about the bus - what was it?",
     "what did Ines say at the dairy about the bus?"),
    ('The spot on Monday where I heard Ines say "hi there" - which place was that?',
     'where was I when I heard Ines say "hi there" on Monday?'),
    ("The place where I usually run into Ines - which one is it?", "where I usually run into Ines?"),
    ("Count the trips to the dairy on Monday.", "how many trips to the dairy on Monday."),
    ("the last time i was at the forge what was in view", "the last time i was at the forge, what was in view"),
    ("Identify the individual, other than the wearer, who spoke at the forge.",
     "who, other than me, spoke at the forge."),
    ("on monday, the last time i popped into the dairy, what was in front of me?",
     "what was in front of me the last time i popped into the dairy on monday?"),
    ("I heard Ines talking on Monday - on the very first occasion, what could I see?",
     "the first time I heard Ines talking on Monday, what could I see?"),
    ("The separate times on Monday that the kite was in view - how many were there?",
     "how many separate times on Monday the kite was in view?"),
    # a preamble about the asker and a hedge say nothing; a conjunction opens the question
    ("I'm sorry to bother you again. I passed a sign saying \"WET PAINT\" on Monday, I remember that much. "
     "But where did I go after that place?",
     'where did I go after the place where I passed a sign saying "WET PAINT" on Monday?'),
    # said something about …, then what it was
    ("My memory is not what it was. Wren said something about where the van is, on Monday at the quarry. "
     "What was it?", "what did Wren say about where the van is, on Monday at the quarry?"),
    # typed as into a search box, or in a nominal style
    ("ok, place where wren said 'see you' yesterday?", "where was I when wren said 'see you' yesterday?"),
    ("hey, usual spot for ines?", "where do I usually see ines?"),
    ("The details Wren gave at the quarry regarding the time the van leaves?",
     "what did Wren say at the quarry about the time the van leaves?"),
    ("what was in view the very first time I heard Ines?", "what was in view the first time I heard Ines?"),
    # the moment told, something seen then, and what it was
    ("On Monday, the very first time I heard Ines speak, there was some object in view. What was it?",
     "what object was in view the first time I heard Ines speak On Monday?"),
    ("The last time I was at the quarry, there was something in view, I'm sure. What object was it?",
     "what object was in view The last time I was at the quarry?"),
    # the moment told by a line said, "and there was …", a word on how the asker is first
    ("I'm a bit scatterbrained, friend. On Monday evening Wren said \"The kite is mine.\", and there was some "
     "thing in view right then. What was it?",
     'what thing was in view On Monday evening when Wren said "The kite is mine."?'),
    ("ok, speaker where the kite was on monday?", "who spoke where the kite was on monday?"),
    # typed and spoken: shorthand, fillers, a run-on "and where …", a setting before a colon, a trailer after
    ("um so on monday there was a sign saying \"wet paint\" and like where did i go after that place",
     'where did i go after the place where on monday there was a sign saying "wet paint"?'),
    ("Looking back through the recordings from around 10:15 on day 2: where did Wren say the van is?",
     "Looking back through the recordings from around 10:15 on day 2, where did Wren say the van is?"),
    ("wut did wren say abt the van? i 4got", "what did wren say about the van?"),
    ("On Monday, the wearer passed a poster at the quarry. What did it say?",
     "What did the poster at the quarry say on Monday?"),
    ("I saw a note at the forge when Wren said \"see you\". What did it say?",
     'What did the note at the forge say when Wren said "see you"?'),
    # "each time …" told, then how many times that was: the times are counted
    ("Every time on Tuesday that I stopped at the quarry - how many separate times was that?",
     "how many times on Tuesday I stopped at the quarry?"),
    ("each time the kite was in view yesterday -- how many?", "how many times the kite was in view yesterday?"),
    ("speaker at both the dairy and the forge?", "who spoke at both the dairy and the forge?"),
    ("what did the poster at the forge say on Monday when I saw it?",
     "what did the poster at the forge say on Monday?"),
    ("what could i see while ines said the gate code is four one?",
     'what could i see while ines said "the gate code is four one"'),
    ('I said Yes Ines, we leave at six. Do not be late. — what was in view right then?',
     'what was in view when I said "Yes Ines, we leave at six Do not be late"?'),
    ("Remind me what Pablo said about the bus - it was on Tuesday at the depot.",
     "Remind me what Pablo said about the bus on Tuesday at the depot?"),
    ("what time did i first get to the quarry on day 2? gonna need that",
     "what time did i first get to the quarry on day 2?"),
    ('I was at the quarry. Somebody there said "the gate is open". Who was it?',
     'who said "the gate is open" when I was at the quarry?'),
    ("so ines said somethin' about where the kite was found - what'd ines say, y'know?",
     "what did ines say about where the kite was found?"),
    # an errand, then what to report of it: "find X and tell me Y" is the question Y about X
    ("Locate the moment I got to the dairy on Monday and give me the time.",
     "at what time I got to the dairy on Monday?"),
    ('Find when Ines said "see you at six" and read me the notice that was up.',
     'what did the notice up say when Ines said "see you at six"?'),
    ("Check kite, van or lamp and tell me which one I saw last on Monday.",
     "which of kite, van or lamp I saw last on Monday?"),
    ("Bring up my most recent trip to the forge and name the thing in view.",
     "what thing was in view the last time I was at the forge?"),
    ('Look for the words "the gate is open" and tell me who said them.', 'who said "the gate is open"?'),
    ("Find the very first time I heard Ines on Monday and show me what was in view.",
     "what was in view the first time I heard Ines on Monday?"),
    ("go on then, what was it Ines said about the van? i forgot", "what did Ines say about the van?"),
    ("Where was I when Ines said hello? I forget who it was.", "Where was I when Ines said hello?"),
    ("I can't recall what the poster at the forge said on Monday — do you happen to know?",
     "I can't recall what did the poster at the forge say on Monday?"),
    ("tell me what the sign I saw at the dairy said", "what did the sign I saw at the dairy say"),
    ("who spoke at the dairy, any idea?", "who spoke at the dairy?"),
    # the asker speaking as if the assistant had been there; a topic set first; a blank; a cleft; an errand's time
    ("You heard someone say 'see you at six' — who was that?", "who said 'see you at six'?"),
    ('Somebody said "the gate is open", and I just can\'t think who — who was it that said it?',
     'who said "the gate is open"?'),
    ("That bit about the bus to the quarry — what did Wren say?", "what did Wren say about the bus to the quarry?"),
    ("The dairy — how many separate times was I there on Monday?",
     "how many separate times was I at the dairy on Monday?"),
    ("The forge on Monday — about what time did I first get there?",
     "about what time did I first get to the forge on Monday?"),
    ("The forge, my last visit there on Monday — what object was in view?",
     "what object was in view during my last visit to The forge on Monday?"),
    ("You were with me at the dairy on Monday; who, besides me, spoke there?",
     "who, besides me, spoke at the dairy on Monday?"),
    ("You saw the poster at the forge with me — what did it say?", "what did the poster at the forge say?"),
    ("1st arrival at the forge on Monday, approx time?",
     "the approximate time of first arrival at the forge on Monday?"),
    ("# visits to the dairy on monday?", "number of visits to the dairy on monday?"),
    ("What time did I first rock up at the dairy, roughly?", "What time did I first arrive at the dairy?"),
    ("My sister keeps asking me about this and it is doing my head in. Who spoke at the dairy?",
     "Who spoke at the dairy?"),
    ("I was going to post a card but lost the address. Where is it that I usually see Wren?",
     "Where I usually see Wren?"),
    ("Speaker present at the location where the kite was observed on Monday",
     "who spoke at the location where the kite was observed on Monday"),
    ("Establish which day Wren stated the van comes, with reference to the exchange at approximately 10:15 on "
     "Monday.", "which day Wren stated the van comes at approximately 10:15 on Monday."),
    ("count of separate chats wren had on monday fr", "how many separate chats wren had on monday"),
    ("first place i went to out of dairy, forge, the old quarry or bakery on monday",
     "which of dairy, forge, the old quarry or bakery was the first place i went to on monday?"),
    ("last thing i saw from kite, lamp or van yesterday?",
     "which of kite, lamp or van was the last thing i saw yesterday?"),
    ("What from Porto, Monday or the dairy got mentioned first?",
     "which of Porto, Monday or the dairy got mentioned first?"),
    # the question proper after a connective and a lead-in of its own; a closing request that asks nothing
    ('Wren said "see you", and I\'d like to know what I had in my hand at that moment. Would you help me out?',
     'what I had in my hand when Wren said "see you"?'),
    ("On Monday, I was at the quarry, and I wonder what was in view the last time I was there. Could you tell me?",
     "what was in view the last time I was at the quarry on Monday?"),
    # a radio call: its call sign, opening words and "Over." go
    ("Dispatch, tracking request. After the depot on Monday, where did I go next? Over.",
     "After the depot on Monday, where did I go next?"),
    ("Base, come in. Who spoke at the silo on Monday? Over and out.", "Who spoke at the silo on Monday?"),
    # a question written as a program's steps
    ("on event: Wren said 'see you at nine' -> return the object in view",
     "what object was in view when Wren said 'see you at nine'?"),
    ("count the separate trips to the silo on Monday; return the number",
     "how many separate trips to the silo on Monday"),
    ("among Wren, Pablo or Ines, return whoever waved first", "among Wren, Pablo or Ines, who waved first"),
    ("find the place with the poster 'NO DOGS'; return the next place I went to",
     "where did I go next after the place with the poster 'NO DOGS'?"),
    # a question in the statement's order after its time clause; places said alone first, then pointed back at
    ("When Wren waved — I was where?", "where was I when Wren waved?"),
    ("The silo on Monday. Poster there — what words?", "what did the poster at the silo say on Monday?"),
    ("The quay. The depot. Who talked at both places?", "Who talked at both the quay and the depot?"),
    # what was said, told only as "something", sets the time; a visit or a show's topic as the moment
    ("Something Wren said on Monday — which day did Wren say the party is?",
     "which day did Wren say the party is on Monday?"),
    ("Today on the show: my first trip to the quay. Who was with me?",
     "Who was with me during my first trip to the quay?"),
    ("re my last visit to the depot: what was I holding?", "what was I holding during my last visit to the depot?"),
    ("Of the quay, the silo or the depot, which did I reach first? Which one, please?",
     "Of the quay, the silo or the depot, which did I reach first?"),
    # a telegram: capitals, "STOP" between its sentences, the answer's form after the question
    ("WHO SPOKE AT THE quay STOP NAME ONLY STOP", "who spoke at the quay?"),
    ("LAST VISIT TO THE depot STOP WHAT OBJECT IN VIEW STOP", "what object in view during my last visit to the depot?"),
    ('LEFT PLACE WITH SIGN "NO DOGS" STOP WHERE DID I GO NEXT STOP',
     'where did i go next after the place with sign "NO DOGS"?'),
    ("WHO SPOKE FIRST STOP CHOICES Wren, Ines or me STOP", "who spoke first: wren, ines or me?"),
    # verse, its lines parted by " / "
    ("Out of the kite, the van or the lamp, / one caught my eye before the rest — / which one did I see first?",
     "which of the kite, the van or the lamp did I see first?"),
    ("Near noon Wren spoke of the ferry / and now the words escape me — / what did Wren say?",
     "what did Wren say about the ferry near noon?"),
    ("Off to the silo on Monday I went — / what was the hour / when I first got there?",
     "roughly what time was it when I first got to the silo on Monday?"),
    ("As for when Wren waved, the place I was at then is which?", "where was I when Wren waved?"),
    # typed fast on a phone: apostrophes left out, a real word for the word meant, emoji, *emphasis*
    ("were was i when wren waved", "where was i when wren waved"),
    ("whats the place i usually see wren at", "where i usually see wren at"),
    ("whos the one who waved at the quay", "who waved at the quay"),
    ("how many separate conversions did wren speak in", "how many separate conversations did wren speak in"),
    ("🤔 Who spoke at *both* the quay and the silo? 🙏", "Who spoke at both the quay and the silo?"),
    # a question after others in a chat; why the asker asks, before "so"
    ("Thanks! One more: who waved at the quay?", "who waved at the quay?"),
    ("I'd like to thank Wren in person, so where do I usually see Wren?", "where do I usually see Wren?"),
    ("I'd like to thank whoever said 'see you at nine', but I don't know who that was, so who said it?",
     "who said 'see you at nine'?"),
    # a time clause, and a thing in view then that the question points back at
    ("When Wren said 'see you soon', a poster was in view. What did it say?",
     "What did the poster in view say when Wren said 'see you soon'?"),
    # a setting told first and pointed back at with "then" is the question's setting
    ("At the quay at noon — who spoke then?", "who spoke at the quay at noon?"),
    # a list told first, then "which one": the time before the list stays the question's
    ("on Monday, the quay, the silo or the depot — which one was I at first?",
     "which of the quay, the silo or the depot was I at first on Monday?"),
])
def test_told_parts_become_one_question(told: str, joined: str) -> None:
    assert join_parts(told) == joined


@pytest.mark.parametrize("question", [
    'Who said "wait - is the gate open?" on Monday?',  # a dash inside quoted words
    "I mentioned something to pack for the hike. What was it?",  # "it" is the thing told of, not a moment
    "Today I went to a few shops. Which came first, the bakery or the bank?",  # a setting, nothing pointed at
    "what did the poster at the gym say",
    "you're sure the bus goes at nine?",  # "re" inside "you're" is no "about"
    "when did i see what i saw",  # "when" asks: no clause to set off
    "I kept seeing the kite on Monday - how many sightings of it were there?",  # "there" is no place here
])
def test_questions_in_one_part_or_without_a_pointer_stay(question: str) -> None:
    assert join_parts(question) == question


def test_doubt_goes_and_what_is_doubted_stays() -> None:
    assert join_parts("I might be wrong, but I think it was on Tuesday, maybe around 3 pm. So what did Ines say "
                      "about the van?") == "on Tuesday, around 3 pm. what did Ines say about the van?"
    assert join_parts('I think Ines said "the gate is open" yesterday, though I may be mixing things up. What was I '
                      'holding then?') == 'What was I holding when Ines said "the gate is open" yesterday?'
    assert join_parts("Maybe on Tuesday? Which of these did I see first: the kite, the van or the kettle?") == \
        "on Tuesday, Which of these did I see first: the kite, the van or the kettle?"
    assert join_parts("Possibly on day 2, I am not sure. Who spoke at the quarry?") == \
        "on day 2. Who spoke at the quarry?"
    assert join_parts('Who said "maybe on Tuesday"?') == 'Who said "maybe on Tuesday"?'  # words said are kept


def test_a_time_to_picture_is_the_setting_and_a_command_the_question() -> None:
    assert join_parts('Think back to Monday. Ines said "the gate is open". What was I holding right then?') == \
        'What was I holding when Monday, Ines said "the gate is open"?'
    assert join_parts("Specify the place where I usually see Wren.") == "where I usually see Wren."


def test_a_quote_of_two_sentences_goes_where_the_pronoun_was() -> None:
    assert join_parts('"We eat at six. Bring bread." — I said that on day 2. What was I holding then?') == \
        'What was I holding when I said "We eat at six. Bring bread." on day 2?'


def test_why_the_asker_asks_goes_but_a_name_time_or_moment_stays() -> None:
    names = {"wren", "quarry"}
    assert join_parts("The dentist wants me to keep a diary. How many times was the kite in view on Monday?",
                      names) == "How many times was the kite in view on Monday?"
    assert join_parts("My boots need mending, which is beside the point. Anyway, who spoke at the quarry?",
                      names) == "who spoke at the quarry?"
    # a list pointed at is what the question picks from
    assert join_parts("The kettle, the van or the kite. Which of these did I see first?", names) == \
        "which of the kettle, the van or the kite did I see first?"
    for kept in ("Wren is my neighbour. What did she say about the van?",  # a name the Library knows
                 "I saw a kite. What colour was it?",  # the question points back
                 "Monday was busy. Who spoke first?"):  # a time
        assert join_parts(kept, names) == kept


def test_the_time_when_and_the_ones_told_of() -> None:
    assert join_parts("At the time when Wren was at the quarry, what did Ines say about the van?") == \
        "when Wren was at the quarry, what did Ines say about the van?"
    assert join_parts("What did the clock say at the moment that I first arrived at the quarry?") == \
        "what time was it when I first arrived at the quarry?"
    assert join_parts("Ines spoke on Monday. Count the conversations. In how many separate ones did Ines speak?") \
        .endswith("In how many separate conversations did Ines speak?")
    assert join_parts("Which van did I see prior to the kite?") == "Which van did I see before the kite?"


def test_a_word_on_the_asker_after_the_question_goes_but_a_question_stays() -> None:
    assert join_parts("On Monday, how many times I was going to the quarry? Kindly tell.") == \
        "On Monday, how many times I was going to the quarry?"
    assert join_parts("what did Ines say about the van? I am not remembering.") == "what did Ines say about the van?"
    # a setting asked about on its own ("Maybe on Monday?") is a setting; a question before another is not
    assert join_parts("On Monday, who spoke? Where was I?").startswith("On Monday, who spoke?")


def test_places_to_think_of_are_where_the_question_points() -> None:
    assert join_parts("Think of the quarry. Think of the pier. Who spoke at both places?") == \
        "Who spoke at both the quarry and the pier?"
    assert join_parts("Think of the quarry and the pier. Who spoke at both?") == \
        "Who spoke at both the quarry and the pier?"
    assert join_parts("Pick one: the van, the kite or the kettle. Which did I see first?") == \
        "Which did I see first: the van, the kite or the kettle?"
    assert join_parts("Which of the van, the kite or the kettle came into view prior to the others?") == \
        "Which of the van, the kite or the kettle came into view first?"


def test_the_precise_moment_and_the_field_of_view() -> None:
    assert join_parts('At the precise moment that Ines said "hi", which object was in my field of view?') == \
        'when Ines said "hi", which object was in my view?'


@pytest.mark.parametrize(("asked", "read"), [
    # the noun told stands for "one", and "during it" points back at it
    ("The trip I mean is my first one to the quarry. Who was talking during it?",
     "Who was talking during my first trip to the quarry?"),
    ("The place is the silo. How many times did I go there on Monday?",
     "How many times did I go to the silo on Monday?"),
    ("What was the comment Wren made about the van at noon?", "what did Wren say about the van at noon?"),
    ("What was the rough time of my last arrival at the silo?", "what time was my last arrival at the silo?"),
    ("What was my next stop after the quay on Monday?", "where did I go next after the quay on Monday?"),
    ("I need a count of the times the kettle was in view.", "how many times the kettle was in view."),
    ("What is the number of separate times that the kettle was in view?",
     "how many separate times the kettle was in view?"),
    ("What statement did Wren make about the van?", "what did Wren say about the van?"),
    ("After the quay, what was the next place that I went to?", "After the quay, where did I go next?"),
])
def test_nouns_for_what_is_asked_read_as_the_plain_question(asked: str, read: str) -> None:
    assert join_parts(asked, ["Wren"]) == read
