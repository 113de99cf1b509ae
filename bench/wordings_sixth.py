"""A sixth bank of question templates, written independently of the project's question reader.

Used like the other alternative banks (`bench/wording.py --bank bench/wordings_sixth.py`) to measure how
robust the question reader is to wording it never saw. Each bank holds six ``str.format`` templates that
ask the same thing as the generator's bank of that name, with only the placeholders that bank's own
templates use. Six voices, one per template, in an order that alternates between banks so each voice
lands in both splits (odd positions are held-out):

- a non-native English speaker: dropped articles, unusual word order, simple verbs and tenses
  ("Which object I was looking at when ...", "Who is person that said ...", "Place where I go first ..."),
- a search-box query: lower case, no verb or almost none, as typed into a search field
  ("object in view when ... said ...", "first place visited ...", "sign text at ..."),
- casual American speech with contractions ("where'd", "what'd", "who'd", "how many times'd", "y'know",
  "gonna", "kinda"), lower case,
- a formal report voice, passive or imperative ("By whom was ... said", "Identify the object ...",
  "State the number of separate ...", "Specify ..."),
- a hedged, uncertain asker who puts the time in a sentence or clause of its own with a doubt ("I think it
  was ..., not sure.", "Maybe ...?"); where the time may be left out, the doubt is about the memory
  instead, so the sentence still reads right without it,
- the setting first, in a sentence of its own, then a short question pointing back at it ("..., {S} said
  ... . What was I looking at right then?", "There was a sign at the ... . What did it say?").

Where a filled slot may be the wearer ({S} = "I", or "me" among the listed choices), the templates keep
verbs that agree with both ("said", "was") so the sentence still reads right for the wearer.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # non-native, search box, casual American, formal, hedged, setting first
    "said": (
        "{When}, {S} talk about {about}. What it was, the thing {S} said?",
        "{about} - what {S} said {when}",
        "so {S} said somethin' about {about} {when} - what'd {S} say, y'know?",
        "State {wh} {S} said {rest} at around {C} {when}.",
        "I might be wrong, but I think it was {when}, maybe around {C12}. So {wh} did {S} say {rest}?",
        "{When}, I was at the {P}. {S} talked about {about} there. What did {S} say?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "speaker_of": (
        'speaker of "{Q}" {when}',
        'Who is person that said "{Q}" {when}?',
        'By whom was "{Q}" said {when}?',
        'okay so who was it that said "{Q}" {when}? can\'t remember, y\'know',
        '{When}, I was at the {P}. Somebody there said "{Q}". Who was it?',
        'I\'m not sure I remember it right, but someone said "{Q}" {when}. Who was that?',
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "object_during": (
        'Which object I was looking at when {S} was saying "{Q}" {when}?',
        'object in view when {S} said "{Q}" {when}',
        'what\'d i have in front of me when {S} said "{Q}" {when}? kinda blanking',
        'Identify the object that was in view when {S} said "{Q}" {when}.',
        'I think {S} said "{Q}" {when}, though I may be mixing things up. What object was in view then?',
        '{When}, {S} said "{Q}". What was I looking at right then?',
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "place_during": (
        'my location when {S} said "{Q}" {when}',
        'Where I was when {S} said "{Q}" {when}?',
        'State the place where I was when {S} said "{Q}" {when}.',
        'where\'d i happen to be when {S} said "{Q}" {when}? can\'t recall',
        '{S} said "{Q}" {when}. Where was I right then?',
        'I believe {S} said "{Q}" {when}, but I could be wrong about that. Where was I at the time?',
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "first_visit_at": (
        "What time I arrive first time at {P} {when}?",
        "first arrival time {P} {when}",
        "what time'd i first get to the {P} {when}? gonna need that",
        "State the time at which I first arrived at the {P} {when}.",
        "I think it was {when}, not sure. What time did I first get to the {P} that day?",
        "{When}, I went to the {P}. What time did I first get there?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "usual_place": (
        "usual place i see {N}",
        "In which place I usually am seeing {N}?",
        "Specify the place where I usually see {N}.",
        "where do i usually bump into {N}, y'know? kinda forget",
        "Think of {N}. At which place do I usually see this person?",
        "Maybe it's always the same place, not sure. Where do I usually see {N}?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "first_object": (
        "Which from these I see first {when}: {L}?",
        "first seen {when}: {L}",
        "which'd i see first {when}, y'know: {L}?",
        "Identify which of the following came into view first {when}: {L}.",
        "Maybe {when}? Which of these did I see first: {L}",
        "{When}, I saw lots of things. Which of these came first: {L}?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "first_place": (
        "first place visited {when}: {L}",
        "Place where I go first {when}, is it {L}?",
        "Specify which of the following places I visited first {when}: {L}.",
        "where'd i go first {when}? {L}, y'know",
        "{When}, I went to a few places. Which did I get to first: {L}?",
        "I think it was {when}, though I'm not certain. Which of these places did I go to first: {L}?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "first_speaker": (
        "Who speak first {when}: {L}?",
        "first speaker {when}: {L}",
        "who talked first {when}, y'know? {L} - can't remember",
        "Identify who spoke first {when}: {L}.",
        "Perhaps {when}, I'm not sure. Who spoke first: {L}?",
        "{When}, there was some talking. Of {L}, who spoke first?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "first_mention": (
        "earliest mention {when}: {L}",
        "Which thing people talk about first {when}: {L}?",
        "Identify which of the following was mentioned first {when}: {L}.",
        "what'd folks bring up first {when}? {L}, y'know",
        "{When}, there was a lot of talk. Which of these came up first: {L}?",
        "It was {when}, I think, not completely sure. Which of these got mentioned first: {L}?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "count_sightings": (
        "How many separate times I see {O} {when}?",
        "count of times {O} in view {when}",
        "how many times'd i spot the {O} {when}? y'know, separate times",
        "State the number of separate times the {O} {be} in view {when}.",
        "I think it was {when}, but don't quote me. How many separate times {be} the {O} in view?",
        "{When}, the {O} may have come into view. How many separate times did that happen?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "count_conversations": (
        "number of conversations {S} spoke in {when}",
        "In how many conversation {S} was speaking {when}?",
        "State the number of separate conversations in which {S} spoke {when}.",
        "how many separate convos'd {S} end up talkin' in {when}?",
        "{When}, {S} was talking to people. In how many separate conversations did {S} speak?",
        "Not sure, but I think it was {when}. How many separate conversations did {S} speak in?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "count_visits": (
        "How many times I was at {P} {when}, separate times?",
        "number of visits {P} {when}",
        "how many times'd i end up at the {P} {when}?",
        "State the number of separate visits I made to the {P} {when}.",
        "Maybe {when}? Not sure. How many separate times was I at the {P}?",
        "Picture the {P} {when}. How many separate times was I there?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "spoke_where_object": (
        "speaker at place with {O} {when}",
        "Who is talking in place where I see {O} {when}?",
        "Identify the person who spoke at the place where the {O} {be} seen {when}.",
        "who'd i hear talkin' where i saw the {O} {when}?",
        "{When}, I saw the {O} somewhere. Who spoke at that place?",
        "I think it was {when}, I'm not positive. Who was speaking at the place where I saw the {O}?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "object_at_first_meeting": (
        "First time I hear {N} speaking {when}, which object was there in view?",
        "object in view first time {N} spoke {when}",
        "first time i heard {N} talk {when}, what'd i see there? like what object",
        "Identify the object that was in view in the scene where I first heard {N} speak {when}.",
        "I think it was {when}, not a hundred percent sure. What object was in view when I first heard {N} speak?",
        "{When}, I heard {N} speak for the first time that day. What object was in view there?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "spoke_at_both": (
        "speaker at both {P1} and {P2}",
        "Who is person talking at {P1} and also at {P2}?",
        "Identify the person who spoke both at the {P1} and at the {P2}.",
        "who's the one that talked at the {P1} and at the {P2} too, y'know?",
        "Think of the {P1} and the {P2}. Who spoke at both?",
        "Maybe I'm misremembering, but who spoke both at the {P1} and at the {P2}?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "place_after_sign": (
        'After place with sign "{T}" {when}, where I go next?',
        'place after sign "{T}" {when}',
        'where\'d i head next after the spot with the "{T}" sign {when}?',
        'Specify the place I went to next after the place where the sign "{T}" was seen {when}.',
        'I think this was {when}, not sure. Where did I go right after the place with the sign "{T}"?',
        '{When}, I passed a sign that said "{T}". Where did I go after that place?',
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "spoke_at_place_near": (
        "speaker at {P} around {C} {when} besides me",
        "Who else, not me, is speaking at {P} around {C12} {when}?",
        "Identify the person other than me who spoke at the {P} at about {C} {when}.",
        "who'd i hear at the {P} around {C12} {when}, besides me?",
        "{When}, around {C}, I was at the {P}. Who else spoke there?",
        "I believe it was {when}, maybe around {C12}, not sure. Who besides me spoke at the {P} then?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "object_last_visit": (
        "Last time I am at {P} {when}, what object I see?",
        "object in view last visit {P} {when}",
        "last time i swung by the {P} {when}, what'd i see? like what thing",
        "Identify the object that was in view during my last visit to the {P} {when}.",
        "Possibly {when}, I'm not sure. What object was in view the last time I was at the {P}?",
        "{When}, think of my last visit to the {P}. What object was in view?",
    ),
    # search box, non-native, formal, casual American, setting first, hedged
    "sign_at": (
        "sign text at {P} {when}",
        "Sign at {P} {when}, what it is saying?",
        "State what was written on the sign at the {P} {when}.",
        "what'd the sign at the {P} say {when}? kinda forgot",
        "There was a sign at the {P} {when}. What did it say?",
        "I think it was {when}, not sure. What did the sign at the {P} say?",
    ),
    # non-native, search box, casual American, formal, hedged, setting first
    "sign_during": (
        'When {S} said "{Q}" {when}, sign in view, what it was saying?',
        'sign text while {S} said "{Q}" {when}',
        'what\'d the sign say when {S} said "{Q}" {when}? y\'know, the one in view',
        'State the text of the sign that was in view when {S} said "{Q}" {when}.',
        'I think {S} said "{Q}" {when}, if I remember right. What did the sign in view say?',
        '{S} said "{Q}" {when}. What did the sign in view read right then?',
    ),
}
