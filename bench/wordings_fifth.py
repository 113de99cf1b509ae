"""A fifth bank of question templates, written independently of the generator's own phrasing banks.

Used like the other alternative banks (`bench/wording.py --bank bench/wordings_fifth.py`) to measure how
robust the question reader is to wording it never saw. Each bank holds six ``str.format`` templates that
ask the same thing as the generator's bank of that name, with only the placeholders that bank's own
templates use. Six voices, one per template, in an order that alternates between banks so each voice
lands in both splits (odd positions are held-out):

- a spoken transcript: lower case, no punctuation but perhaps the last, fillers ("um", "uh", "like"), run-on,
- a formal, polite British voice ("Might you tell me ...", "I should be grateful to know ..."),
- texting abbreviations and slang, lower case ("wut", "u", "ppl", "1st", "w/"), names and quotes kept whole,
- an embedded or indirect question ("I was wondering ...", "Do you happen to know ...", "Can you check ..."),
  often without a question mark,
- a caregiver or reviewer asking about the camera wearer in the third person ("the camera wearer",
  "the wearer", "he"/"she"); in banks where a filled slot may itself be the wearer ({S} = "I", or "me" in
  the listed choices) the reviewer asks about "the footage" or "the recording" instead, so the sentence
  still reads right when the wearer is "I",
- a question after a sentence or two of irrelevant, name-free context ("We are planning the budget ...").
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # transcript, formal, texting, embedded, third person (footage), context
    "said": (
        "um so like we were at the {P} {when} and uh {wh} did {S} say {rest}",
        "Would you be so kind as to remind me {wh} {S} said {rest} {when}?",
        "wut did {S} say abt {about} {when}? i 4got",
        "I was wondering {wh} {S} said {rest} {when}",
        "Going back over the footage from around {C} {when}: {wh} did {S} say {rest}?",
        "My sister is coming to stay and I'm trying to get organised. What did {S} say about {about} {when}?",
    ),
    # formal, transcript, embedded, texting, context, third person
    "speaker_of": (
        'Might you tell me who it was that said "{Q}" {when}?',
        'uh who was it that said like "{Q}" {when} at the {P}',
        'Do you happen to know who said "{Q}" {when}',
        'sry but who said "{Q}" {when}? cant remember who it was rn',
        "We're sorting out the spare room and my head is all over the place. Who said \"{Q}\" {when}?",
        'When the camera wearer was at the {P} {when}, who said "{Q}"?',
    ),
    # transcript, formal, embedded, texting, context, third person (footage)
    "object_during": (
        'so um when {S} said "{Q}" {when} what object was in front of me uh what was it',
        'Would you be so kind as to tell me which object was in view when {S} said "{Q}" {when}?',
        'Can you check what I could see at the moment {S} said "{Q}" {when}',
        'wut did i c when {S} said "{Q}" {when}? like wut object',
        "I'm making a scrapbook for the grandchildren and want to get the details right. "
        'What object was in view when {S} said "{Q}" {when}?',
        'On the footage, what object was in front of the camera when {S} said "{Q}" {when}?',
    ),
    # formal, transcript, texting, embedded, third person, context
    "place_during": (
        'Might you tell me where I was when {S} said "{Q}" {when}?',
        'uh where was i when {S} said "{Q}" {when} um like which place',
        'yo which place was i at when {S} said "{Q}" {when}? need it asap',
        'I was wondering where I was when {S} said "{Q}" {when}',
        'Where was the camera wearer when {N} said "{Q}" {when}?',
        "The nurse wants me to keep a diary, so I'm filling in the gaps. "
        'Where was I when {S} said "{Q}" {when}?',
    ),
    # transcript, formal, texting, embedded, third person, context
    "first_visit_at": (
        "um what time did i like first get to the {P} {when}",
        "I should be grateful to know at what time I first arrived at the {P} {when}.",
        "wat time did i 1st get to the {P} {when} pls",
        "Do you happen to know what time I first got to the {P} {when}?",
        "My dad wears the camera. What time did he first get to the {P} {when}?",
        "We are planning the budget for next month and I'm going through everything. "
        "What time did I first get to the {P} {when}?",
    ),
    # formal, transcript, embedded, texting, context, third person
    "usual_place": (
        "Might you tell me where I usually see {N}?",
        "um where do i usually like see {N} uh which place",
        "I was wondering where I most often run into {N}",
        "where do i usually c {N} lol",
        "I've got something to return and I'd rather hand it over in person. Where do I usually see {N}?",
        "Where does the camera wearer usually see {N}?",
    ),
    # transcript, formal, embedded, texting, context, third person
    "first_object": (
        "so um {when} which of these did i see first like {L}",
        "Would you be so kind as to tell me which of {L} I saw first {when}?",
        "Can you check which of these I saw first {when}: {L}",
        "{when} wut did i see 1st: {L}?",
        "My grandson is doing a project on memory and wants to test me. Which of these did I see first {when}: {L}?",
        "{When}, which of these came into the camera wearer's view first: {L}?",
    ),
    # formal, transcript, texting, embedded, third person, context
    "first_place": (
        "Might you tell me which of these places I went to first {when}: {L}?",
        "uh {when} where did i go first like was it {L}",
        "where did i go 1st {when}? {L}",
        "I was wondering which of these places I got to first {when}: {L}",
        "Of {L}, which did the wearer go to first {when}?",
        "I'm claiming back my travel costs and the form is fiddly. Of {L}, which place did I go to first {when}?",
    ),
    # transcript, formal, texting, embedded, third person (footage), context
    "first_speaker": (
        "um {when} who spoke first like out of {L}",
        "I should be grateful to know which of {L} spoke first {when}.",
        "who talked 1st {when}? {L}",
        "I was wondering who spoke first {when}: {L}",
        "Going back over my footage, who spoke first {when}: {L}?",
        "My brother and I have a bet on this, so please settle it. Who spoke first {when}: {L}?",
    ),
    # formal, transcript, embedded, texting, context, third person
    "first_mention": (
        "Might you tell me which of these was mentioned first {when}: {L}?",
        "uh what came up first when people were talking {when} like {L}",
        "Do you happen to know which of these got mentioned first {when}: {L}?",
        "wut did ppl mention 1st {when}: {L}?",
        "My wife says I never listen, so I'm testing myself. Which of these was brought up first {when}: {L}?",
        "Which of these did the wearer hear mentioned first {when}: {L}?",
    ),
    # transcript, formal, embedded, texting, context, third person
    "count_sightings": (
        "um how many times did i see the {O} {when} like separate times",
        "Would you be so kind as to tell me on how many separate occasions I saw the {O} {when}?",
        "Can you check how many separate times the {O} {be} in view {when}",
        "how many times did i c the {O} {when}?",
        "The optician says I should pay more attention to things. How many separate times {be} the {O} in view {when}?",
        "My mum wears the camera. How many separate times did she see the {O} {when}?",
    ),
    # formal, transcript, texting, embedded, third person (recordings), context
    "count_conversations": (
        "Might you tell me in how many separate conversations {S} spoke {when}?",
        "um how many different conversations did {S} like talk in {when}",
        "how many chats did {S} jump into {when}?",
        "I was wondering in how many separate conversations {S} said something {when}",
        "Going by the recordings, in how many separate conversations did {S} speak {when}?",
        "I'm updating the family calendar and got sidetracked. "
        "In how many separate conversations did {S} speak {when}?",
    ),
    # transcript, formal, texting, embedded, third person, context
    "count_visits": (
        "uh how many times did i go to the {P} {when} like separate trips",
        "I should be grateful to know how many separate visits I made to the {P} {when}.",
        "how many times did i hit up the {P} {when}?",
        "Do you happen to know how many separate times I was at the {P} {when}?",
        "How many separate times did the camera wearer visit the {P} {when}?",
        "My step counter has been acting up, so I'm checking another way. "
        "How many separate trips did I make to the {P} {when}?",
    ),
    # formal, transcript, embedded, texting, context, third person
    "spoke_where_object": (
        "Might you tell me who spoke at the place where I saw the {O} {when}?",
        "um who was talking at the place where i saw the {O} {when} like who was it",
        "I was wondering who spoke at the place where the {O} {be} {when}",
        "who was talkin where i saw the {O} {when}?",
        "My daughter thinks I'm getting muddled and I'd like to prove her wrong. "
        "Who spoke at the place where I saw the {O} {when}?",
        "Who spoke at the place where the camera wearer saw the {O} {when}?",
    ),
    # transcript, formal, embedded, texting, context, third person
    "object_at_first_meeting": (
        "um the first time i heard {N} speak {when} what object was like in view there",
        "Would you be so kind as to tell me which object was in view when I first heard {N} speak {when}?",
        "Can you check what object I could see the first time I heard {N} {when}",
        "wut object was around the 1st time {N} talked {when}?",
        "I'm writing a letter to my cousin abroad and want to describe things properly. "
        "What object was in view the first time I heard {N} speak {when}?",
        "{When}, what object was in view when the camera wearer first heard {N} speak?",
    ),
    # formal, transcript, texting, embedded, third person, context
    "spoke_at_both": (
        "Might you tell me who spoke both at the {P1} and at the {P2}?",
        "uh who was it that talked at the {P1} and like also at the {P2}",
        "who talked at both the {P1} n the {P2}?",
        "I was wondering who spoke at the {P1} as well as at the {P2}",
        "Which person spoke at both the {P1} and the {P2} while the camera wearer was there?",
        "We're planning a street party and I'm making a list. Who spoke both at the {P1} and at the {P2}?",
    ),
    # transcript, formal, texting, embedded, third person, context
    "place_after_sign": (
        'um so {when} there was a sign saying "{T}" and like where did i go after that place',
        'I should be grateful to know where I went next {when}, after the place with the sign reading "{T}".',
        'where did i go after the place w/ the "{T}" sign {when}?',
        'Do you happen to know where I went right after the place with the "{T}" sign {when}?',
        '{When}, where did the camera wearer go next after the place with the sign "{T}"?',
        'A friend wants to copy my walking route. Where did I go right after the place with the sign "{T}" {when}?',
    ),
    # formal, transcript, embedded, texting, context, third person
    "spoke_at_place_near": (
        "Might you tell me who, apart from me, was speaking at the {P} at about {C} {when}?",
        "um who else was talking at the {P} around {C12} {when} like not me someone else",
        "I was wondering who besides me spoke at the {P} around {C12} {when}",
        "who else was talkin at the {P} around {C} {when}? not me obvs",
        "The club newsletter wants a few lines from me, so I'm checking my facts. "
        "Who other than me spoke at the {P} around {C12} {when}?",
        "Who, other than the camera wearer, spoke at the {P} around {C} {when}?",
    ),
    # transcript, formal, embedded, texting, context, third person
    "object_last_visit": (
        "um what was in view the last time i was at the {P} {when} like what object",
        "Would you be so kind as to tell me which object I saw on my last visit to the {P} {when}?",
        "Can you check what object was in view the last time I was at the {P} {when}",
        "wut did i see the last time i was at the {P} {when}? like wut object",
        "My hearing aid needs new batteries, which is beside the point. "
        "Anyway, what object was in view the last time I was at the {P} {when}?",
        "{When}, what object was in view during the camera wearer's last visit to the {P}?",
    ),
    # formal, transcript, texting, embedded, third person, context
    "sign_at": (
        "Might you tell me what the sign at the {P} said {when}?",
        "uh {when} at the {P} there was a sign and um what did it say",
        "wut did the sign at the {P} say {when}?",
        "I was wondering what was written on the sign at the {P} {when}",
        "{When}, the camera wearer passed a sign at the {P}. What did it say?",
        "I was doing the crossword and got distracted, as usual. What did the sign at the {P} say {when}?",
    ),
    # transcript, formal, texting, embedded, third person (footage), context
    "sign_during": (
        'um what did the sign say when {S} said "{Q}" {when} like the one in view',
        'Could I trouble you to tell me what the sign in view read while {S} was saying "{Q}" {when}?',
        'wut did the sign say when {S} said "{Q}" {when}?',
        'Can you check what was written on the sign in view when {S} said "{Q}" {when}',
        'In the footage, what did the sign in shot read as {S} said "{Q}" {when}?',
        "My grandson is teaching me to use the tablet, bless him. "
        'What did the sign in view say when {S} said "{Q}" {when}?',
    ),
}
