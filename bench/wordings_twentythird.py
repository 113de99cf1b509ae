"""Twenty-third set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  The six
voices are everyday users of a personal memory assistant for their wearable
camera.  Each has a real reason for asking but puts only the question into
words, in plain and ordinary English:

1. Someone who lost track of a thing and is retracing their day: leads with
   the moment, place or thing they are anchoring on, then asks a short,
   direct question about it.
2. Someone checking what a friend or colleague said: makes a polite request
   of the assistant to look something up or tell them, in full sentences.
3. Someone filling in a log of where they went: types terse, lower-case
   fragments the way one types into a search box, with no question verb
   where one is not needed.
4. Someone curious about who they ran into: chatty, with a short casual
   opener and everyday contractions.
5. Someone settling the order in which things happened: asks the assistant
   to remind them or jog their memory, as an imperative sentence ending in a
   full stop.
6. Someone who wants counts for a habit tracker: asks indirectly whether the
   assistant knows, or asks for the number outright, with counting
   vocabulary.

The person asking is always the camera wearer ("I", "me").  No template adds
a fact, hints at an answer or changes what the bank's question asks.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "Can you tell me what {S} said about {about} at about {C12} {when}?",
        "Around {C} {when}, {S} said something about {about}. What was it?",
        "Hey, about something {S} said {when}: {wh} did {S} say {rest}?",
        "what {S} said on {about} near {C12} {when}",
        "Any idea what {S} had to say about {about} around {C} {when}?",
        "Remind me what {S} said about {about} at around {C12} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        'Someone said "{Q}" {when}. Who was that?',
        "Could you check who said '{Q}' {when}?",
        'person who said "{Q}" {when}',
        "Hey, who's the one that said '{Q}' {when}?",
        'Remind me who said "{Q}" {when}.',
        "Do you know who came out with '{Q}' {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "Can you tell me what object was in view as {S} said '{Q}' {when}?",
        'Right as {S} said "{Q}" {when}, what object could I see?',
        "Hey, what object did I have in view when {S} said '{Q}' {when}?",
        'visible object the moment {S} said "{Q}" {when}',
        "Do you know which object was in view when {S} said '{Q}' {when}?",
        'Remind me what object was in view the moment {S} said "{Q}" {when}.',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        'At the moment {S} said "{Q}" {when}, where was I?',
        "Could you look up where I was when {S} said '{Q}' {when}?",
        'where i was when {S} said "{Q}" {when}',
        "So where was I at the time {S} said '{Q}' {when}?",
        'Help me remember where I was when {S} said "{Q}" {when}.',
        "Any idea what spot I was at when {S} said '{Q}' {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Can you tell me what time I first arrived at the {P} {when}?",
        "The first time I got to the {P} {when}, what time was it?",
        "So what time did I first turn up at the {P} {when}?",
        "time i first got to the {P} {when}",
        "Do you know roughly when I first reached the {P} {when}?",
        "Remind me what time I first made it to the {P} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "When I run into {N}, where am I usually?",
        "Can you tell me where I usually see {N}?",
        "where i mostly see {N}",
        "So where do I usually end up seeing {N}?",
        "Remind me where I usually see {N}.",
        "Do you know what place I usually see {N} at?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Could you tell me which of {L} I saw first {when}?",
        "Thinking of {L}: which one came into view first {when}?",
        "Hey, out of {L}, what did I spot first {when}?",
        "which of {L} i saw first {when}",
        "Any idea which of {L} I saw earliest {when}?",
        "Remind me which of {L} I saw before the others {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "With {L} in mind, which did I get to first {when}?",
        "Could you check which of {L} I went to first {when}?",
        "first stop {when} out of {L}",
        "So which one did I visit first {when}: {L}?",
        "Remind me which of {L} I reached first {when}.",
        "Do you know which of {L} I got to first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Can you tell me who spoke first {when} out of {L}?",
        "Among {L}, who was first to speak {when}?",
        "Hey, who's the one of {L} that spoke first {when}?",
        "first to speak {when} among {L}",
        "Do you know which of {L} spoke first {when}?",
        "Help me remember which of {L} spoke before the others {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "In conversation {when}, which of {L} got mentioned first?",
        "Could you check which of {L} was brought up first in conversation {when}?",
        "earliest mention in conversation {when} out of {L}",
        "So out of {L}, what came up first when people were talking {when}?",
        "Remind me which of {L} was mentioned first in conversation {when}.",
        "Any idea which of {L} got talked about first in conversation {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "Can you tell me how many separate times the {O} {be} in view {when}?",
        "On how many different occasions {be} the {O} in view {when}?",
        "Ok so how many different times {be} the {O} in view {when}?",
        "count of separate times the {O} {be} in view {when}",
        "What number of distinct times {be} the {O} in view {when}?",
        "Remind me how many separate times the {O} {be} in view {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "Counting conversations {when}, how many separate ones did {S} speak in?",
        "Could you check how many separate conversations {S} spoke in {when}?",
        "count of separate conversations {S} spoke in {when}",
        "Hey, how many different conversations did {S} speak up in {when}?",
        "Help me remember how many separate conversations {S} spoke in {when}.",
        "What number of separate conversations did {S} speak in {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "Can you tell me how many separate times I went to the {P} {when}?",
        "The {P} {when}: how many separate times did I go there?",
        "Hey, how many separate trips did I make to the {P} {when}?",
        "count of separate visits to the {P} {when}",
        "What number of separate visits did I pay to the {P} {when}?",
        "Remind me how many separate times I went to the {P} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "At the place where I saw the {O} {when}, who was speaking?",
        "Could you tell me who spoke at the spot where I saw the {O} {when}?",
        "who talked at the place where i saw the {O} {when}",
        "So who was talking at the place I saw the {O} {when}?",
        "Remind me who spoke at the place where I saw the {O} {when}.",
        "Do you know who spoke at the place where I spotted the {O} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "Can you tell me what object was in view the first time I heard {N} speak {when}?",
        "When I first heard {N} speak {when}, what object could I see?",
        "Hey, what was the object in view when I first heard {N} talk {when}?",
        "object in view first time i heard {N} speak {when}",
        "Do you know which object was in view the first time I heard {N} speak {when}?",
        "Remind me what object was in view the first time I heard {N} speak {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "The {P1} and the {P2}: who spoke at both?",
        "Could you check who spoke at both the {P1} and the {P2}?",
        "who talked at the {P1} as well as the {P2}",
        "Hey, who did I hear speak at both the {P1} and the {P2}?",
        "Remind me who spoke at both the {P1} and the {P2}.",
        "Do you know who spoke at the {P1} and also at the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'Can you tell me where I went next after the place with the "{T}" sign {when}?',
        "After the place with the '{T}' sign {when}, what was my next stop?",
        'Hey, where\'d I head next after the place with the "{T}" sign {when}?',
        "next place after the one with the '{T}' sign {when}",
        'Do you know where I went right after the place with the "{T}" sign {when}?',
        "Remind me where I went next after the place with the '{T}' sign {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "At the {P} around {C} {when}, who spoke besides me?",
        "Could you check who, other than me, spoke at the {P} around {C12} {when}?",
        "who spoke at the {P} near {C} {when} not counting me",
        "Hey, who else was talking at the {P} around {C12} {when}?",
        "Remind me who spoke at the {P} around {C} {when}, leaving me out.",
        "Do you know who besides me spoke at the {P} around {C12} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "Can you tell me what object was in view the last time I was at the {P} {when}?",
        "My last time at the {P} {when}, what object could I see?",
        "Hey, what object was in view on my final visit to the {P} {when}?",
        "object visible during my last visit to the {P} {when}",
        "Do you know which object was in view the last time I was at the {P} {when}?",
        "Remind me what object was in view the last time I was at the {P} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "At the {P} {when}, what did the sign say?",
        "Could you check what the sign at the {P} {when} said?",
        "words on the sign at the {P} {when}",
        "Hey, what was on the sign at the {P} {when}?",
        "Remind me what the sign at the {P} {when} said.",
        "Do you know what the sign at the {P} {when} said?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "Can you tell me what the sign in view said when {S} said '{Q}' {when}?",
        'While {S} was saying "{Q}" {when}, what did the sign in view say?',
        "Hey, what was on the sign I could see when {S} said '{Q}' {when}?",
        'words on the sign in view as {S} said "{Q}" {when}',
        "Do you know what the sign in view said when {S} said '{Q}' {when}?",
        'Remind me what the sign in view said at the moment {S} said "{Q}" {when}.',
    ),
}
