"""A seventh bank of question templates, written independently of the project's question reader.

Used like the other alternative banks (`bench/wording.py --bank bench/wordings_seventh.py`) to measure how
robust the question reader is to wording it never saw. Each bank holds six ``str.format`` templates that
ask the same thing as the generator's bank of that name, with only the placeholders that bank's own
templates use. Six voices, one per template, in an order that alternates between banks so each voice
lands in both splits (odd positions are held-out):

- a memory-assistant user ("Do you remember ...", "Remind me ...", "Help me recall ..."),
- a paraphraser who picks less common verbs and nouns for the same thing ("bring up ... in passing",
  "utter", "pipe up", "stop off at", "pop by", "swing by", "catch sight of", "clock", "lay eyes on",
  "natter", "the spot"); names, quotes and listed choices are kept exactly as given,
- Indian or South Asian English idiom ("Kindly tell ...", "Tell me one thing, ...", "What all ...",
  "... only", "do the needful", subject-first questions, continuous tenses for past events: "I am not
  remembering", "which place I am going to first"),
- short sentences in very simple words, the key fact first and the ask last ('"..." {S} said this. A sign
  was in view. What did the sign say?'), repeating the name instead of a pronoun so it reads right for "I",
- a timeline or detective voice ("at the moment that", "at the time when", "prior to", "subsequent to",
  "in the interval ..."),
- a fast typist: lower case, casual, with at most two slips in common words only ("waht", "teh", "wehn",
  "frist", "objcet"), never inside a name, quote, number or listed choice.

Where a filled slot may be the wearer ({S} = "I", or "me" among the listed choices), the templates keep
verbs that agree with both ("said", "was", "spoke") and never put "me" after {S}; where the time may be
left out ({when} empty), it either opens the question ("{When}, ...", dropped with its comma) or closes a
clause, never stands as a sentence of its own, so the question still reads right without it.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "said": (
        "Help me recall {wh} {S} said {rest} {when}.",
        "{When}, in passing, {S} brought up {about}. What did {S} remark?",
        "Tell me one thing, {wh} {S} was saying {rest} at around {C} {when}? I am not remembering.",
        "{S} spoke {when}. It was about {about}. What did {S} say?",
        "At the time when I was at the {P} {when}, {wh} did {S} say {rest}?",
        "waht did {S} say abuot {about} {when}",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "speaker_of": (
        'Who uttered the words "{Q}" {when}?',
        'Do you remember who said "{Q}" {when}?',
        '"{Q}" Someone said this {when}. I was at the {P}. Who said it?',
        'Kindly tell me, who was the person saying "{Q}" {when}?',
        'who was it taht said "{Q}" {when}, i forgot',
        'At the moment that someone said "{Q}" {when}, I was at the {P}. Who was the speaker?',
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "object_during": (
        'Can you remind me which object was in view when {S} said "{Q}" {when}?',
        'Which thing did I catch sight of as {S} uttered "{Q}" {when}?',
        'When {S} was saying "{Q}" {when}, what object I was seeing in front of me? Kindly tell.',
        '"{Q}" {S} said this {when}. Something was in view then. What object was it?',
        'At the precise moment that {S} said "{Q}" {when}, which object was in my field of view?',
        'what objcet was in view wehn {S} said "{Q}" {when}',
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "place_during": (
        'Which spot was I at when {S} uttered "{Q}" {when}?',
        'Can you help me recall where I was when {S} said "{Q}" {when}?',
        '"{Q}" {S} said this {when}. Where was I then?',
        'Where exactly I was when {N} was telling "{Q}" {when}? Kindly do the needful.',
        'where was i whn {S} said "{Q}" {when}',
        'At the moment that {S} said "{Q}" {when}, where was I located?',
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "first_visit_at": (
        "Do you remember what time I first got to the {P} {when}?",
        "At what time did I first stop off at the {P} {when}?",
        "Tell me one thing, {when} at what time I am first reaching the {P}?",
        "I went to the {P}. It was {when}. What time did I first get there?",
        "What did the clock say at the moment that I first arrived at the {P} {when}?",
        "waht time did i frist get to the {P} {when}",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "usual_place": (
        "At which spot do I most often lay eyes on {N}?",
        "Remind me where I usually run into {N}.",
        "I often see {N}. It is mostly at one place. Which place is it?",
        "Where I am usually meeting {N}? Just tell the place only.",
        "where do i usualy see {N}",
        "Across the whole interval recorded, at which place did I usually encounter {N}?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "first_object": (
        "Help me recall which of these I saw first {when}: {L}.",
        "{When}, which did I catch sight of first: {L}?",
        "Out of {L}, which one I am seeing first {when}? Kindly tell.",
        "Pick one: {L}. Which one did I see first {when}?",
        "{When}, which of {L} came into view prior to the others?",
        "wich of these did i see frist {when}: {L}?",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "first_place": (
        "{When}, which of these spots did I stop off at first: {L}?",
        "Do you remember which of these places I went to first {when}: {L}?",
        "Pick one: {L}. Where did I go first {when}?",
        "Out of {L}, which place I am going to first {when}? Kindly tell me.",
        "where did i go frist {when}, {L}?",
        "{When}, which of {L} did I visit prior to the others?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "first_speaker": (
        "Remind me who spoke first {when}: {L}.",
        "{When}, who was first to utter a word: {L}?",
        "Tell me one thing, {when} who is speaking first, out of {L}?",
        "Pick one: {L}. Who spoke first {when}?",
        "{When}, which of {L} spoke prior to all the others?",
        "who talkd first {when}: {L}?",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "first_mention": (
        "{When}, which of these got brought up first in a chat: {L}?",
        "Help me recall which of these was mentioned first {when}: {L}.",
        "Pick one: {L}. Which one was talked about first {when}?",
        "What all was discussed {when}, I am forgetting. Out of {L}, which one came up first?",
        "whcih of these came up frist {when}: {L}?",
        "{When}, which of {L} was mentioned in conversation prior to the rest?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "count_sightings": (
        "Do you remember how many separate times I saw the {O} {when}?",
        "On how many separate occasions did I lay eyes on the {O} {when}?",
        "{When}, how many times the {O} {be} coming in front of me? Kindly tell the count.",
        "I want a count. It is for the {O}. How many separate times did I see the {O} {when}?",
        "Going through the timeline {when}, on how many separate occasions {be} the {O} in view?",
        "how many tiems did i see the {O} {when}",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "count_conversations": (
        "In how many separate chats did {S} chime in {when}?",
        "Remind me in how many separate conversations {S} spoke {when}.",
        "{S} spoke {when}. Count the conversations. In how many separate ones did {S} speak?",
        "{When}, in how many separate conversations {S} was speaking? Kindly tell the count.",
        "how many seperate conversations did {S} speak in {when}",
        "In the interval from morning to night {when}, in how many separate conversations did {S} speak?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "count_visits": (
        "Do you remember how many separate times I was at the {P} {when}?",
        "How many separate times did I pop by the {P} {when}?",
        "{When}, how many separate times I was going to the {P}? Kindly tell.",
        "This is about the {P}. How many separate times was I there {when}?",
        "Tracking my movements {when}, on how many separate occasions was I present at the {P}?",
        "how many times was i at teh {P} {when}",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "spoke_where_object": (
        "Who piped up at the spot where I caught sight of the {O} {when}?",
        "Help me recall who spoke at the place where I saw the {O} {when}.",
        "I saw the {O} {when}. Someone spoke at that place. Who was it?",
        "{When}, at the place where I was seeing the {O}, who was speaking? Kindly tell.",
        "who spoke wehre i saw the {O} {when}",
        "{When}, at the location where the {O} {be} observed, who was heard speaking?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "object_at_first_meeting": (
        "Remind me what object was in view the first time I heard {N} speak {when}.",
        "The first time {N} piped up {when}, which object did I catch sight of there?",
        "{When}, first time {N} is speaking, what object is there in front of me? Kindly tell.",
        "{N} spoke {when}. Think of the first time. What object was in view then?",
        "{When}, at the moment that I first heard {N} speak, which object was in view?",
        "what objcet was in view the frist time {N} spoke {when}",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "spoke_at_both": (
        "Who had a natter both at the {P1} and at the {P2}?",
        "Do you remember who spoke both at the {P1} and at the {P2}?",
        "Think of the {P1}. Think of the {P2}. Who spoke at both places?",
        "Who is the one who was speaking at the {P1} and at the {P2} also? Kindly tell.",
        "who spoke at both teh {P1} and the {P2}",
        "Who was heard speaking at the {P1} and, on a separate occasion, at the {P2}?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "place_after_sign": (
        'Remind me where I went next {when}, after the place with the sign "{T}".',
        '{When}, where did I swing by next after the spot with the "{T}" sign?',
        '{When}, I am seeing one sign "{T}" somewhere. After that place, where I am going next? Kindly tell.',
        'I saw a sign {when}. It said "{T}". Where did I go after that place?',
        'Subsequent to the place where I saw the sign "{T}" {when}, which place did I go to next?',
        'where did i go nxet after the place wiht the "{T}" sign {when}',
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "spoke_at_place_near": (
        "Around {C12} {when}, who apart from me was having a natter at the {P}?",
        "Do you remember who, besides me, spoke at the {P} around {C} {when}?",
        "I was at the {P} {when}. It was around {C}. Who spoke there, apart from me?",
        "Tell me one thing, who other than me was speaking at the {P} around {C12} {when}?",
        "who else spoke at teh {P} aroud {C} {when}, not me",
        "At the time when the clock read about {C} {when}, who other than me was speaking at the {P}?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "object_last_visit": (
        "Help me recall which object was in view the last time I was at the {P} {when}.",
        "The last time I dropped in at the {P} {when}, which object did I lay eyes on?",
        "{When}, last time I am going to the {P}, what object I am seeing there? Kindly tell.",
        "I went to the {P} {when}. Think of my last visit. What object was in view?",
        "In the interval of my final visit to the {P} {when}, which object was in view?",
        "what object was in view teh last time i was at the {P} {when}",
    ),
    # paraphraser, memory, short sentences, Indian English, typist, detective
    "sign_at": (
        "{When}, what was written on the sign I clocked at the {P}?",
        "Do you remember what the sign at the {P} said {when}?",
        "There was a sign at the {P}. I saw it {when}. What did it say?",
        "{When}, at the {P} one sign was there. What it was saying? Kindly tell.",
        "waht did teh sign at the {P} say {when}",
        "At the time when I was at the {P} {when}, what did the sign there read?",
    ),
    # memory, paraphraser, Indian English, short sentences, detective, typist
    "sign_during": (
        'Can you remind me what the sign in view said when {S} said "{Q}" {when}?',
        'As {S} uttered "{Q}" {when}, what did the sign in my line of sight read?',
        'When {S} was saying "{Q}" {when}, what the sign in front of me was saying? Kindly tell.',
        '"{Q}" {S} said this {when}. A sign was in view. What did the sign say?',
        'At the moment that {S} said "{Q}" {when}, what text was on the sign in view?',
        'what did teh sign say wehn {S} said "{Q}" {when}',
    ),
}
