"""A fourth bank of question templates, written independently of the generator's own phrasing banks.

Used like the other alternative banks (`bench/wording.py --bank bench/wordings_fourth.py`) to measure how
robust the question reader is to other people's wording. Each bank holds six ``str.format`` templates that
ask the same thing as the generator's bank of that name, with the same placeholders. Six voices, one per
template, in an order that alternates between banks so each voice lands in both splits (odd positions are
held-out):

- a non-native English speaker (slightly odd grammar),
- a terse voice-assistant query ("hey, ..."),
- a chatty elderly person who opens with a preamble,
- the time or place put first as a fronted phrase,
- passive or nominal style ("the object in view ..."),
- a question with a follow-up tag or self-correction ("..., i mean ...").
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    "said": (
        "{wh} {S} was saying {rest} {when}?",
        "hey, {wh} was it {S} said {rest} {when}",
        "My memory is not what it was, I'm afraid. {S} said something about {about} {when}, "
        "and now I can't recall it. What was it?",
        "{When}, at the {P} around {C}: what did {S} say about {about}?",
        "The details {S} gave at the {P} {when} regarding {about}?",
        "{wh} did {S} say {rest} {when}? i mean while i was at the {P}",
    ),
    "speaker_of": (
        'hey assistant, who said "{Q}" at the {P}',
        'Please, who is it that was saying "{Q}" {when}?',
        '{When}, while I was at the {P}, who came out with "{Q}"?',
        "Oh, it keeps going round in my head. Someone said \"{Q}\" {when} and I simply can't place who. "
        "Can you tell me?",
        'who said "{Q}" {when}, or was it me who said it? i mean, whose line was that',
        'Name of whoever said "{Q}" {when}, please.',
    ),
    "object_during": (
        'What was the thing I was seeing when {S} was saying "{Q}"?',
        'hey, what could i see while {S} said "{Q}" {when}',
        "I'm getting forgetful, dear. {When} {S} said \"{Q}\", and there was some object in front of me "
        "right then. What was it?",
        '{When}, just as {S} said "{Q}", which object was in view?',
        'The object visible at the moment {S} said "{Q}" {when}?',
        'which object did i see when {S} said "{Q}" {when}? i mean the thing in view, not a person',
    ),
    "place_during": (
        'ok, place where {S} said "{Q}" {when}?',
        'In which place I was {when}, when {N} was telling me "{Q}"?',
        '{When}, when {S} said "{Q}" — where was I?',
        "Goodness, my poor head. I know that {S} said \"{Q}\" {when}, but I can't think where we were. "
        "Where was it?",
        'where was i when {S} said "{Q}" {when}? the place, i mean, not the time',
        'Location at which {S} said "{Q}" {when}?',
    ),
    "first_visit_at": (
        "At what o'clock I arrived to the {P} the first time {when}?",
        "ok, clock time i first got to the {P} {when}",
        "My daughter asked me and I couldn't tell her. What time did I first get to the {P} {when}?",
        "{When}, at the {P} — what time did I turn up there first?",
        "Time of my first arrival at the {P} {when}?",
        "what time did i get to the {P} {when}? the first time, i mean, not later on",
    ),
    "usual_place": (
        "hey, usual spot for {N}?",
        "Where I am usually meeting {N}?",
        "More often than anywhere else, where do I come across {N}?",
        "I'm an old woman and I mix people up. {N} — where is it that I usually see {N}?",
        "where would i usually bump into {N}? or hear {N}, i mean, where does {N} usually talk",
        "The place where {N} is most often heard?",
    ),
    "first_object": (
        "Which from these I saw before the others {when}: {L}?",
        "ok, seen first {when}: {L}?",
        "Forgive me, I get things jumbled. Out of {L}, which did I set eyes on first {when}?",
        "{When}, out of {L}, which one was in view first?",
        "Earliest sighting {when} among {L}?",
        "which of these did i see first {when}: {L}? i mean first in view, not first mentioned",
    ),
    "first_place": (
        "hey, first place i went {when}: {L}",
        "Which of this places I went before the others {when}: {L}?",
        "{When}, of {L}, which place did I reach first?",
        "I was all over town and now it's a blur. {When}, which did I go to first: {L}?",
        "where did i go first {when}, {L}? i mean which one came earliest, not where i stayed longest",
        "The earliest-visited place {when}, out of {L}?",
    ),
    "first_speaker": (
        "Who was speaking first {when} between {L}?",
        "yo assistant, {L}, who talked earliest {when}",
        "My memory plays tricks on me. {When}, which of {L} was the first to speak?",
        "{When}, of {L}, whose voice came first?",
        "The first speaker {when}, among {L}?",
        "who spoke first {when}, {L}? or who said the first word, i mean",
    ),
    "first_mention": (
        "hey, mentioned first {when}: {L}",
        "Which of these thing was talked first {when}: {L}?",
        "{When}, in what people said, which came up first: {L}?",
        "People talk so much and I lose track. {When}, which of these got mentioned first: {L}?",
        "what got mentioned first {when}, {L}? i mean said out loud in conversation, not seen",
        "The earliest mention {when}, out of {L}?",
    ),
    "count_sightings": (
        "How many times the {O} {be} coming in my view {when}?",
        "hey, how many sightings of the {O} {when}",
        "My eyes aren't what they were, so help me out. On how many different occasions {be} the {O} "
        "in front of me {when}?",
        "{When}, how many different times did I see the {O}?",
        "Number of separate sightings of the {O} {when}?",
        "how many times {be} the {O} in view {when}? i mean separate times, not minutes",
    ),
    "count_conversations": (
        "hey, number of chats {S} spoke up in {when}",
        "In how many conversations {S} was talking {when}?",
        "{When}, in total, how many distinct conversations was {S} part of?",
        "Old age, I suppose, but I can't keep count. How many separate conversations did {S} have a say in {when}?",
        "how many conversations did {S} talk in {when}? separate ones, i mean, not lines",
        "Separate conversations {S} spoke in {when} — the number of them?",
    ),
    "count_visits": (
        "How much times I went in the {P} {when}?",
        "hey, visits to the {P} {when}, how many",
        "I go back and forth so much I lose count. How many separate trips did I make to the {P} {when}?",
        "{When}, at the {P}: how many separate times was I there?",
        "Separate visits paid to the {P} {when}: how many in total?",
        "how many times did i visit the {P} {when}? separate visits, i mean, not how long i stayed",
    ),
    "spoke_where_object": (
        "ok, speaker where the {O} {be} {when}?",
        "In the place where I was seeing the {O} {when}, who was speaking?",
        "{When}, in the same place as the {O}, who did I hear talking?",
        "Bear with me, dear. {When} I saw the {O} somewhere, and someone was talking there. Who was it?",
        "who spoke at the place where i saw the {O} {when}? the place, i mean, not just the moment i saw it",
        "The speaker at the place where the {O} {be} seen {when}?",
    ),
    "object_at_first_meeting": (
        "When I heard {N} for first time {when}, what object was there in view?",
        "hey, what was in view when {N} first spoke {when}",
        "I'm sorry to bother you again. {When}, the very first time I heard {N} speak, there was some object "
        "in view. What was it?",
        "{When}, at {N}'s first words, what object was around?",
        "The object in view at the scene of {N}'s first words {when}?",
        "what object was there when {N} spoke {when}? the first time, i mean, when i first heard {N}",
    ),
    "spoke_at_both": (
        "hey, who talked at both, {P1} and {P2}",
        "Who is the person that was speaking in the {P1} and in the {P2} both?",
        "At the {P1} and again at the {P2}, who did I hear speak?",
        "I've been meaning to ask. Who was it I heard speak at the {P1} and also at the {P2}?",
        "who spoke at the {P1}, and also at the {P2}? i mean the same person at both places",
        "Voice heard at the {P1} as well as at the {P2} — whose?",
    ),
    "place_after_sign": (
        'After the place with sign "{T}" {when}, where I was going next?',
        'hey, where did i go after the "{T}" sign {when}',
        'There was a sign that said "{T}" {when}, I remember that much. But where did I go after that place?',
        '{When}, after leaving the place with the "{T}" sign, where did I head next?',
        'The next place after the one with the sign reading "{T}" {when}?',
        'where did i go after the place where the sign said "{T}" {when}? the very next place, i mean',
    ),
    "spoke_at_place_near": (
        "ok, {P}, around {C12}, {when}: who was talking besides me",
        "Who was speaking in the {P} near to {C} {when}, except me?",
        "{When}, at about {C} at the {P}, who was talking apart from me?",
        "I was at the {P} {when}, round about {C12}, and somebody was chatting away. Not me, mind you. "
        "Who was it?",
        "who spoke at the {P} around {C} {when}? someone other than me, i mean",
        "Identity of the speaker, other than myself, at the {P} around {C12} {when}?",
    ),
    "object_last_visit": (
        "What thing was in view in my last going to the {P} {when}?",
        "hey, what was in view on my last visit to the {P} {when}",
        "Now, the last time I was at the {P} {when}, there was something in view, I'm sure. What object was it?",
        "{When}, the final time I went to the {P}, what object did I have in view?",
        "The object in view during my last visit to the {P} {when}?",
        "what object did i see at the {P} {when}? the last time i was there, i mean, not the first",
    ),
    "sign_at": (
        "hey, what words were up on that sign at the {P} {when}",
        "On the sign of the {P}, what it was saying {when}?",
        "{When}, at the {P}, what did the sign there read?",
        "My eyes are not good, I could barely make it out. {When} there was a sign at the {P}. What did it say?",
        "which words did the sign at the {P} show {when}? or what did it say, i mean",
        "The text of the sign at the {P} {when}?",
    ),
    "sign_during": (
        'When {S} was saying "{Q}", the sign that I see, what it was saying?',
        'assistant, what did the sign read as {S} said "{Q}" {when}',
        "I remember that {S} said \"{Q}\" {when}, and there was a sign in view. What did the sign say?",
        '{When}, right as {S} said "{Q}", what was written on the sign in view?',
        'The text on the sign in view at the moment {S} said "{Q}" {when}?',
        'when {S} said "{Q}" {when}, there was a sign, right? what was written on it?',
    ),
}
