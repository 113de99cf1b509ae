"""Twenty-second set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  Each
voice is a fluent, educated speaker of English as a second language whose
first language shows through in word choice, prepositions, articles, tense
and sentence shape -- never broken English, never a typo, and always a
question that an English speaker reads at once as the same question:

1. A French speaker: calques of French expressions of time, place and
   seeing, the present perfect where English would use the simple past,
   French-style relative clauses after nouns of time, and a liking for
   slightly formal verbs.
2. A Spanish or Portuguese speaker: questions that keep the statement word
   order and rely on the question mark, Romance prepositions for arriving
   at and being in a place, approximations carried over word for word, and
   nominalised ordinal constructions from those languages.
3. A Mandarin Chinese speaker: the topic named first and then commented on,
   the question word left in place at the end of the sentence, and time
   words and superlatives used the Chinese way.
4. An Arabic speaker: a polite formal opener, nominal phrasing with
   definite articles where English would leave them out, formal relative
   clauses, and number and dual constructions carried over from Arabic.
5. A Russian or Polish speaker: polite imperative openers set off with
   commas, emphatic particles carried over as an extra adverb,
   demonstratives where English would use the article, and Slavic verbs of
   being located, meeting and approximating.
6. A Hindi or Bengali speaker (South Asian English): the progressive for
   states and habits, statement order in direct questions, a conversational
   opener announcing a query, and South Asian verbs for arriving and
   prepositions for places.

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
        "A question: {wh} {S} said {rest} {when}?",
        "What is it that {S} said on the subject of {about} towards {C} {when}?",
        "Is it possible to tell me {wh} {S} said {rest} {when}?",
        "About {about}, around {C12} {when} {S} said what?",
        "Tell me one thing, what did {S} tell about {about} {when}?",
        "Remind me, please, what exactly {S} said about {about} approximately at {C} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Who is the person who has said '{Q}' {when}?",
        'Who was the one who said "{Q}" {when}? I don\'t remember well.',
        "The sentence '{Q}' was said by who {when}?",
        'Please, who is the person who said "{Q}" {when}?',
        "Tell me, please, who exactly said '{Q}' {when}?",
        'One doubt: who was the one saying "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "What thing was in view in the moment that {S} said '{Q}' {when}?",
        'Which object was in the field of view at the moment where {S} said "{Q}" {when}?',
        "Please, what is the object which was in view when {S} said '{Q}' {when}?",
        'When {S} said "{Q}" {when}, at that time the object in view was what?',
        "What object was there in view when {S} was saying '{Q}' {when}?",
        'And what object was in view exactly in that moment when {S} said "{Q}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "Where did I find myself when {S} said '{Q}' {when}?",
        'Where I was when {S} said "{Q}" {when}?',
        "When {S} said '{Q}' {when}, I was in which place?",
        'Please, what is the place where I was present when {S} said "{Q}" {when}?',
        "Remind me, please, where was I located when {S} said '{Q}' {when}?",
        'Where was I at that time when {S} said "{Q}" {when}? I am not remembering.',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "More or less at what hour I arrived to the {P} for the first time {when}?",
        "Around what hour did I arrive for the first time at the {P} {when}?",
        "Please, what was the approximate time of my first arrival to the {P} {when}?",
        "The {P}, {when} I first got there at roughly what time?",
        "Approximately what time I reached the {P} first {when}?",
        "Tell me, please, approximately at what time did I first come to the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "In which place do I see {N} the most often?",
        "Where I normally see {N}, in what place?",
        "Usually I see {N} in which place?",
        "Please, what is the place which I usually see {N} in?",
        "Where do I usually meet {N}, tell me please?",
        "Where am I usually seeing {N}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Of {L}, which was the first that I saw {when}?",
        "Among {L}, which one have I seen in first {when}?",
        "Please, from among {L}, which one did I see before the others {when}?",
        "Among {L}, the earliest one I saw {when} was which?",
        "Tell me one thing, out of {L}, which one I saw first {when}?",
        "Which of {L} did I see earlier than the others {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Among {L}, where did I make my first visit {when}?",
        "Of {L}, to which I went first {when}?",
        "These places, {L}, I went to which one first {when}?",
        "Please, which of {L} was the first place that I went to {when}?",
        "And which of {L} did I go to earliest of all {when}?",
        "Out of {L}, which place did I reach first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Of {L}, who was the first in talking {when}?",
        "Among {L}, who has spoken the first {when}?",
        "Please, from {L}, who was the first one who spoke {when}?",
        "Among {L}, the first to speak {when} was who?",
        "Out of {L}, who was the first person speaking {when}?",
        "Tell me, please, who of {L} spoke first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Among {L}, which one has been mentioned the first in conversation {when}?",
        "Of {L}, which was the first to be mentioned in conversation {when}?",
        "Among {L}, the one mentioned earliest in conversation {when} is which?",
        "Please, from {L}, which one was mentioned before the others in the conversation {when}?",
        "Which of {L} was mentioned first of all in conversation {when}, tell me please?",
        "Out of {L}, which one was mentioned first in conversation {when}? I am not able to recall.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "How many separate times the {O} {be} in view {when}?",
        "How many distinct times {be} the {O} in the field of view {when}?",
        "For how many separate times {be} the {O} in view {when}?",
        "The {O} {be} in view {when}, in total how many separate times?",
        "How many separate times {be} the {O} coming in view {when}?",
        "How many separate times, in sum, {be} the {O} in view {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "How many separate conversations were there where {S} spoke {when}?",
        "In how many separate conversations {S} talked {when}?",
        "The separate conversations in which {S} spoke {when}, there were how many?",
        "Please, what is the number of the separate conversations which {S} spoke in {when}?",
        "How many separate conversations in total did {S} speak in {when}, tell me please?",
        "Tell me one thing, in how many separate conversations {S} was speaking {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "How many separate times I was in the {P} {when}?",
        "How many separate visits have I made to the {P} {when}?",
        "Please, for how many separate times did I go to the {P} {when}?",
        "The {P}, {when} I went there how many separate times?",
        "How many separate times I have gone to the {P} {when}?",
        "Remind me, please, how many separate times I came to the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who has spoken in the place where I have seen the {O} {when}?",
        "Who talked in the place where I saw the {O} {when}?",
        "The place where I saw the {O} {when}, who spoke there?",
        "Please, who is the person who spoke in the place which I saw the {O} in {when}?",
        "Who exactly spoke at that place where I saw the {O} {when}?",
        "At the place where I saw the {O} {when}, who was speaking there?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "What thing was in view the first time that I heard {N} talking {when}?",
        "The first time I have heard {N} speak {when}, which object was visible?",
        "Please, what was the object which was in view in the first time that I heard {N} speaking {when}?",
        "First time hearing {N} speak {when}, at that moment what object was in view?",
        "What object was there in view when I heard {N} speaking for the first time {when}?",
        "Remind me, please, which object was in view that first time when I heard {N} speak {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Who is the one who has spoken at the {P1} and also at the {P2}?",
        "Who was the person that talked in the {P1} and in the {P2} too?",
        "The {P1} and the {P2}, in both places who spoke?",
        "Please, who is the person who spoke in the two places, the {P1} and the {P2}?",
        "Who exactly spoke both at the {P1} and at the {P2}?",
        "Who was the one speaking at the {P1} as well as at the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        "After the place with the sign of '{T}' {when}, where I went next?",
        'Once I left the place with the sign marked "{T}" {when}, where did I go after?',
        "Please, what is the place which I went to after the place that has the sign '{T}' {when}?",
        'After the place with the "{T}" sign {when}, next I went where?',
        "After the place having the '{T}' sign {when}, which place I went to next?",
        'And where did I go after that place with the sign "{T}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Apart from me, who has spoken at the {P} towards {C} {when}?",
        "Without counting me, who talked in the {P} more or less at {C12} {when}?",
        "Around {C} {when} at the {P}, except me, who else spoke?",
        "Please, other than me, who spoke in the {P} at approximately {C12} {when}?",
        "Who besides me spoke at the {P} approximately at {C} {when}?",
        "Leaving me aside, who was speaking at the {P} around {C12} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "The last time that I was in the {P} {when}, what thing was in view?",
        "During my last visit at the {P} {when}, which object was visible?",
        "Please, what is the object which was in view in the last time that I was in the {P} {when}?",
        "The {P}, the last time I was there {when}, the object in view was what?",
        "When I went to the {P} for the last time {when}, which object was coming in view?",
        "Which object was in view during that last time when I was at the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What was marked on the sign of the {P} {when}?",
        "What did it say, the sign in the {P} {when}?",
        "The sign at the {P} {when}, on it was written what?",
        "Please, what is the text which was written on the sign at the {P} {when}?",
        "What exactly was written on that sign at the {P} {when}?",
        "Tell me one thing, the sign at the {P} {when}, what was written on it?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "In the moment that {S} said '{Q}' {when}, what was written in the sign that was in view?",
        'At the moment where {S} said "{Q}" {when}, what was marked on the sign in the field of view?',
        "Please, what was written on the sign which was in view when {S} said '{Q}' {when}?",
        'When {S} said "{Q}" {when}, the sign in view said what?',
        "What was the sign in view saying when {S} said '{Q}' {when}?",
        'And what exactly was written on the sign in view at that moment when {S} said "{Q}" {when}?',
    ),
}
