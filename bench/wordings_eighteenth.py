"""Eighteenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  All six
are ordinary people asking plainly in their own words; the aim is lexical and
structural variety rather than any particular style:

1. Everyday synonyms: the usual question, but with other common verbs for
   speaking, seeing, going and arriving, and other common nouns for the place,
   the object, the sign, the time and the conversation.
2. Passive voice and noun phrases: the action is turned into a passive verb or
   a noun (a visit, an arrival, a remark, a count), so the question is built
   around that noun rather than around a plain active verb.
3. A prepositional or interrogative-determiner opening: the question starts
   with a preposition phrase that sets the scene, or with an interrogative
   determiner followed by a noun, before the main clause.
4. A request stated as a need: a plain declarative sentence saying what the
   asker wants to know, ending with a full stop instead of a question mark.
   It is not a command to a device and not a hedged or polite embedding.
5. A different grammatical subject: the thing, the place, the sign, a voice,
   the camera, the footage or the conversations are the subject of the verb
   instead of the wearer.
6. Two short plain sentences: the first names the setting or the items being
   asked about without adding any fact, the second asks the question.

The person asking is always the camera wearer, in the first person.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "What was the remark {S} made about {about} at roughly {C} {when}?",
        "What comment did {S} make concerning {about} close to {C12} {when}?",
        "I need one detail from something {S} said {when}, namely {wh} {S} said {rest}.",
        "On the subject of {about}, what did {S} say at around {C} {when}?",
        "Around {C12} {when}, {S} spoke about {about}. What did {S} say about it?",
        "What was the message when {S} talked about {about} near {C} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Who came out with '{Q}' {when}?",
        'Who was the speaker of "{Q}" {when}?',
        "Which person said '{Q}' {when}?",
        'I\'d like the name of whoever said "{Q}" {when}.',
        "Whose voice said '{Q}' {when}?",
        'Somebody said "{Q}" {when}. Who was the speaker?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "What object was seen by me when {S} said '{Q}' {when}?",
        'What thing was in sight as {S} uttered "{Q}" {when}?',
        "I need to know which item was in front of me when {S} said '{Q}' {when}.",
        'At the moment {S} said "{Q}" {when}, which object could be seen?',
        "There was a moment {when} when {S} said '{Q}'. What object was in view then?",
        'What object did the camera have in view when {S} said "{Q}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "What spot was I in as {S} voiced '{Q}' {when}?",
        'What was my location at the point {S} said "{Q}" {when}?',
        "In which place was I when {S} said '{Q}' {when}?",
        'I want to know the place I was in when {S} said "{Q}" {when}.',
        "What place did the footage show at the moment {S} said '{Q}' {when}?",
        'At some point {when}, {S} said "{Q}". Where was I at that point?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "What was the approximate time of my first arrival at the {P} {when}?",
        "Approximately what time did I initially reach the {P} {when}?",
        "I need a rough time for when I first showed up at the {P} {when}.",
        "At about what hour {when} did I first make it to the {P}?",
        "I went to the {P} {when}. About what time was my first arrival there?",
        "Roughly when did my first visit to the {P} {when} start?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Where do I typically come across {N}?",
        "What is the usual location of my encounters with {N}?",
        "In which spot do I tend to find {N}?",
        "I'd like to know the place where I mostly encounter {N}.",
        "Where is {N} generally to be found when I see them?",
        "My question is about {N}. In what place do I usually see them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Among {L}, which was the first to be seen by me {when}?",
        "Which thing did I notice earliest {when}, out of {L}?",
        "I want to know which of {L} I saw before the others {when}.",
        "Which item among {L} was the first one I saw {when}?",
        "Here are the options: {L}. Which did I see first {when}?",
        "Which of {L} entered my view first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Which of {L} did I head to earliest {when}?",
        "What was my first stop {when} among {L}?",
        "To which of {L} did I go first {when}?",
        "I'd like to find out which one of {L} I reached first {when}.",
        "Which of {L} got my first visit {when}?",
        "Here's the list: {L}. Which of those did I go to first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Who was the first speaker {when} out of {L}?",
        "Which of {L} talked earliest {when}?",
        "I'd like to know which of {L} spoke before the others {when}.",
        "Among {L}, which person spoke first {when}?",
        "The people I mean are {L}. Who spoke first {when}?",
        "Of {L}, whose voice was the first one heard {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Which of {L} came up in talk earliest {when}?",
        "Out of {L}, which got the earliest mention in conversation {when}?",
        "In conversation {when}, which of {L} was mentioned before the others?",
        "I want to find out which of {L} was spoken of first {when}.",
        "Which of {L} turned up first in what was said {when}?",
        "The list is {L}. Which was mentioned in conversation first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "What was the number of separate occasions on which the {O} {be} in sight {when}?",
        "How many distinct times {be} the {O} within my sight {when}?",
        "I'd like a count of the separate times the {O} {be} visible {when}.",
        "On how many separate occasions {when} {be} the {O} in view?",
        "My question concerns the {O}. How many separate times {be} the {O} in view {when}?",
        "How many separate stretches did the camera record {when} in which the {O} {be} in view?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "How many distinct discussions did {S} say something in {when}?",
        "How many separate conversations were there {when} in which {S} spoke?",
        "In total, how many separate conversations did {S} contribute to {when}?",
        "I need a count of the separate conversations {S} spoke in {when}.",
        "How many separate conversations {when} were ones where {S} did some of the talking?",
        "This one is about conversations {when}. In how many separate ones did {S} speak?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "How many separate trips to the {P} were made by me {when}?",
        "How many distinct times did I head over to the {P} {when}?",
        "I'd like to know how many separate visits I paid to the {P} {when}.",
        "For the {P}, how many separate visits did I make {when}?",
        "The place is the {P}. How many separate times did I go there {when}?",
        "How many separate visits from me did the {P} get {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who was chatting in the location where I spotted the {O} {when}?",
        "Who was heard talking at the place where the {O} got spotted {when}?",
        "In the spot where I came across the {O} {when}, who was talking?",
        "I need to know who spoke at the place where I caught sight of the {O} {when}.",
        "Whose voice was heard at the place where I saw the {O} {when}?",
        "I saw the {O} at some place {when}. Who spoke there?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "What was the object in view on the first occasion I heard {N} talk {when}?",
        "What item was in sight the first time {N}'s voice reached me {when}?",
        "I'd like to know what thing I could see when I first heard {N} talking {when}.",
        "On the first occasion I heard {N} speak {when}, which object was in view?",
        "The moment I mean is the first time I heard {N} speak {when}. What object was in view then?",
        "Which object did my field of view contain the first time I heard {N} speak {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Which person did some talking at the {P1} as well as the {P2}?",
        "Who was the speaker common to the {P1} and the {P2}?",
        "At the {P1} and also the {P2}, who said something?",
        "I want the name of the person who spoke at the {P1} and at the {P2} as well.",
        "Whose voice was heard at the {P1} and also at the {P2}?",
        "I'm thinking of the {P1} and the {P2}. Who spoke at both?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        "What was my next stop after the place with the '{T}' sign {when}?",
        'Where did I move on to after the spot showing the "{T}" notice {when}?',
        "I need to know where I went after leaving the place with the '{T}' sign {when}.",
        'From the place with the "{T}" sign {when}, where did I go next?',
        "One place I was at {when} had a '{T}' sign. Which place did I go to next?",
        'Which place came next after the one with the "{T}" sign {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Other than me, who was talking in the {P} at about {C12} {when}?",
        "Who was heard speaking at the {P} near {C} {when}, leaving me out?",
        "Around {C12} {when}, at the {P}, who spoke besides me?",
        "I'd like the names of anyone other than me who spoke at the {P} at roughly {C} {when}.",
        "Whose voices, other than mine, were heard at the {P} near {C12} {when}?",
        "The place is the {P}, around {C} {when}. Who spoke there, not counting me?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "What was the object in view during my final visit to the {P} {when}?",
        "What thing was in sight the most recent time I was at the {P} {when}?",
        "I need to know which object was in view on my latest visit to the {P} {when}.",
        "On my last trip to the {P} {when}, which object was visible?",
        "The visit I mean is my last one to the {P} {when}. What object was in view during it?",
        "Which object showed up in the footage from my last time at the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What did the board at the {P} read {when}?",
        "What text was shown on the sign at the {P} {when}?",
        "Which words were on the sign at the {P} {when}?",
        "I'd like the wording of the sign I saw at the {P} {when}.",
        "What did the lettering on the sign at the {P} {when} spell out?",
        "I saw a sign at the {P} {when}. What was on it?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "What was the text of the sign in view when {S} said '{Q}' {when}?",
        'What did the notice in sight read while {S} was saying "{Q}" {when}?',
        "I need the words on the sign that was in view when {S} said '{Q}' {when}.",
        'Which text was on the sign in view when {S} said "{Q}" {when}?',
        "A sign was in view when {S} said '{Q}' {when}. What did it say?",
        'What message did the sign in view carry when {S} said "{Q}" {when}?',
    ),
}
