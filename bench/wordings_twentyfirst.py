"""Twenty-first set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  All six
voices ask plainly, in standard English; what sets them apart is vocabulary
and sentence structure, not tone.  Each voice keeps its own everyday choice of
verbs for saying, seeing, arriving and talking, and its own nouns for places,
things, signs, conversations, times and counts.

1. A direct asker: a short, plain question in ordinary word order, using
   common everyday verbs and nouns.
2. An indirect asker: the question is wrapped in a polite lead-in that asks
   whether the listener knows, followed by an embedded question in statement
   word order.
3. An anchor-first asker: the sentence opens with the moment, place, thing or
   set of choices the question hinges on, and the question comes after it.
4. A noun-and-relative-clause asker: names what is wanted as a noun and pins
   it down with a relative clause, rather than asking with a bare question
   word.
5. A relaxed typist: writes in lower case, with casual but correctly spelled
   everyday words and phrasal verbs, sometimes ending on a preposition.
6. A precise asker: fuller, somewhat formal wording with exact terms for
   location, occasion, timing and visibility.

The person asking is always the camera wearer.  No template adds a fact,
hints at an answer, or changes what the bank asks.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "Do you know {wh} {S} said {rest} {when}?",
        "What did {S} have to say about {about} near {C12} {when}?",
        "What was the remark that {S} made about {about} close to {C} {when}?",
        "At about {C} {when}, on the topic of {about}, what did {S} say?",
        "What exactly did {S} state about {about} at approximately {C12} {when}?",
        "{wh} did {S} mention {rest} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Who came out with '{Q}' {when}?",
        'Do you happen to know who was saying "{Q}" {when}?',
        "As for the line '{Q}' {when}, which person said it?",
        'Whose was the voice that said "{Q}" {when}?',
        "who did i hear say '{Q}' {when}?",
        'Which individual was the speaker of the words "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "Any idea which item was in my line of sight as {S} said '{Q}' {when}?",
        'What thing was visible to me just as {S} said "{Q}" {when}?',
        "What was the object that showed up on camera when {S} said '{Q}' {when}?",
        'Right as {S} said "{Q}" {when}, which item could I see?',
        "Which object was within my field of view at the moment {S} said '{Q}' {when}?",
        'what was in front of my eyes when {S} came out with "{Q}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "Which spot was I in when {S} said '{Q}' {when}?",
        'Do you know where I happened to be when {S} said "{Q}" {when}?',
        "Just as {S} said '{Q}' {when}, where was I?",
        'What\'s the name of the place where I was when {S} said "{Q}" {when}?',
        "where was i right when {S} said '{Q}' {when}?",
        'At which location was I present when {S} said "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Any idea what time I first turned up at the {P} {when}?",
        "When did I first reach the {P} {when}?",
        "What time was it when I first made it to the {P} {when}?",
        "Thinking of the {P} {when}, how early did I first get there?",
        "What was the approximate time of my first arrival at the {P} {when}?",
        "roughly when did i first show up at the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Where do I mostly see {N}?",
        "Do you know where {N} and I usually cross paths?",
        "When it comes to {N}, which spot do I usually see them at?",
        "What's the usual spot where I come across {N}?",
        "where do i usually end up seeing {N}?",
        "At which location do I most frequently encounter {N}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Do you know which of {L} I laid eyes on first {when}?",
        "Which of {L} did I spot before the others {when}?",
        "What was the first thing that I saw {when}, out of {L}?",
        "Among {L}, which showed up in front of me first {when}?",
        "Of {L}, which item did I observe earliest {when}?",
        "out of {L}, which did i get a look at first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Which of {L} did I get to first {when}?",
        "Any idea which of {L} I made it to first {when}?",
        "Among {L}, which place came first on my route {when}?",
        "What's the first of {L} that I turned up at {when}?",
        "out of {L}, which one did i swing by first {when}?",
        "Which of {L} was the earliest location I visited {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Any idea which of {L} was the first to speak up {when}?",
        "Who among {L} spoke before the others {when}?",
        "Who was the first person that I heard talking {when}, out of {L}?",
        "With {L} in mind, who was first to chime in {when}?",
        "Which of {L} was the earliest to speak {when}?",
        "of {L}, whose voice did i hear first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Which of {L} was raised first in conversation {when}?",
        "Any idea which of {L} got mentioned earliest {when}?",
        "In what was said {when}, which of {L} was named first?",
        "Which was the first of {L} that anybody talked about {when}?",
        "which of {L} popped up first in a chat {when}?",
        "Which of {L} was the earliest to be referred to in conversation {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "Do you know how often the {O} {be} in sight {when}?",
        "How many different times {be} the {O} on camera {when}?",
        "What's the number of occasions that the {O} {be} in view {when}?",
        "Across all my footage {when}, how many distinct times {be} the {O} in view?",
        "On how many distinct occasions {be} the {O} within my field of view {when}?",
        "how many separate times {be} the {O} in shot {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "How many different chats did {S} take part in {when}?",
        "Do you know how many separate conversations {S} had something to say in {when}?",
        "Out of all the conversations {when}, how many did {S} talk in?",
        "What's the number of separate exchanges that {S} spoke up in {when}?",
        "how many different conversations did {S} say anything in {when}?",
        "In how many distinct conversations did {S} participate as a speaker {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "Any idea how many times I dropped in at the {P} {when}?",
        "How many trips did I make to the {P} {when}?",
        "What's the number of separate visits that I paid to the {P} {when}?",
        "As far as the {P} goes, how many separate times did I show up there {when}?",
        "On how many distinct occasions did I visit the {P} {when}?",
        "how many times did i swing by the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who had something to say at the place where I saw the {O} {when}?",
        "Do you know who was speaking where I had the {O} in view {when}?",
        "At the place where I laid eyes on the {O} {when}, who was talking?",
        "Which voices could be heard at the location where I saw the {O} {when}?",
        "who was talking over where i saw the {O} {when}?",
        "Who spoke at the location in which I observed the {O} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "Do you know which item was in view when I first heard {N} talking {when}?",
        "What did I see when I first heard {N} talk {when}?",
        "What was the item that was on camera the first time I heard {N}'s voice {when}?",
        "The very first time I heard {N} {when}, what object could I see?",
        "Which object was within my field of view upon first hearing {N} speak {when}?",
        "when {N} first started talking {when}, what did i have in view?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Who did I hear at the {P1} as well as at the {P2}?",
        "Do you know which person was speaking in both places, the {P1} and the {P2}?",
        "Thinking of the {P1} and the {P2}, who said something at both?",
        "Who is the speaker that was heard at the {P1} and also at the {P2}?",
        "who spoke at the {P1} and at the {P2} as well?",
        "Which individual spoke at the {P1} and likewise at the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'Any idea where I went once I left the spot with the "{T}" lettering {when}?',
        "Where was my next stop after the place with the '{T}' sign {when}?",
        'What was the next place that I went to after the one with the "{T}" board {when}?',
        "From the place with the '{T}' placard {when}, where did I move on to?",
        'Which location did I proceed to immediately after the place displaying the "{T}" sign {when}?',
        "where did i head off to after the place with the '{T}' sign {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Who other than me had something to say at the {P} near {C} {when}?",
        "Do you know who, not counting me, spoke at the {P} around {C12} {when}?",
        "At roughly {C} {when}, at the {P}, who did I hear talking apart from myself?",
        "Which voices other than mine could be heard at the {P} close to {C12} {when}?",
        "who else was chatting away at the {P} around {C12} {when}?",
        "Excluding myself, who spoke at the {P} at approximately {C} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "Any idea what was in view on my most recent trip to the {P} {when}?",
        "What did I see the last time I went to the {P} {when}?",
        "What's the object that was on camera during my last stop at the {P} {when}?",
        "During my last time at the {P} {when}, what could I see?",
        "Which object was within my field of view during my final visit to the {P} {when}?",
        "last time i dropped by the {P} {when}, what was in view?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What words were on the sign at the {P} {when}?",
        "Any idea what the lettering on the sign at the {P} was {when}?",
        "Over at the {P} {when}, what did the sign there say?",
        "What was the text that appeared on the sign at the {P} {when}?",
        "what did the sign up at the {P} say {when}?",
        "What was the exact wording of the sign at the {P} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "Any idea what the visible notice read when {S} said '{Q}' {when}?",
        'What words were on the sign I could see when {S} said "{Q}" {when}?',
        "What was the text on the sign that was visible when {S} said '{Q}' {when}?",
        'While {S} was saying "{Q}" {when}, what did the sign on camera read?',
        "What was the exact wording of the sign within my field of view when {S} said '{Q}' {when}?",
        'what did the sign i had in view say when {S} came out with "{Q}" {when}?',
    ),
}
