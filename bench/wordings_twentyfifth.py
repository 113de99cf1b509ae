"""Twenty-fifth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  Each
voice is a speaker of an established World English typing a question in the
ordinary written register of their community -- the everyday words, particles,
tags and constructions people really use, never a caricature -- while the
question stays plain to any English reader:

1. Singapore / Malaysian English, typed casually and usually all in lower
   case: sentence-final discourse particles, the local existential and
   habitual uses of common verbs, dropped tense endings and auxiliaries where
   speakers drop them, and the local way of choosing among listed options.
2. Nigerian English: a polite request word fronted straight onto the
   question, the emphatic sentence-final particles and softeners of everyday
   Nigerian writing, the local verb for arriving, and the local use of a common adverb to say
   that something is no longer remembered.
3. Caribbean English (Trinidadian / Jamaican everyday written register): a
   habitual auxiliary, a past-marking auxiliary before a plain verb,
   uninflected past verbs, the local preposition for being at a place, the
   local way of asking how many, and the short tags and urging particles of
   the region.
4. Scottish English: the local verb for remembering with its negative
   contracted the Scots way, a fronted topic opener, relative clauses with no
   relative word, the local words for whereabouts and approximately, and the
   agreeing and checking tags of everyday Scottish speech.
5. South African English: the common agreeing word, the exclamations of
   dismay and mild exasperation, the sentence-final checking tag, and the
   local phrasal verbs for arriving somewhere and for going across to a place.
6. Philippine English: the polite particle of respect, a sentence-final
   word for something already forgotten, the polite formula for asking to be
   told something, and the courteous closers and softeners common in
   Filipino messages.

The person asking is always the camera wearer, speaking in the first person.  Openers, tags and
closers never name a person, place, object or time, never add a fact and
never hint at an answer.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "Please o, what did {S} say about {about} at around {C} {when}? I can't remember again.",
        "eh {S} said something {when} ah, {wh} did {S} say {rest}? cannot remember leh",
        "Aye, what was it {S} said about {about} round about {C} {when}? I cannae mind.",
        "wait nah, {S} say something {when} \u2014 {wh} {S} did say {rest}?",
        "What did {S} say about {about} around {C12} {when}? I forgot already, sorry po.",
        "Eish, what did {S} say about {about} at about {C12} {when}, hey? It's gone from my head.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "eh who said '{Q}' {when} ah? cannot remember who leh",
        'Please who was the person that said "{Q}" {when}? I want to know o.',
        "Who it was that say '{Q}' {when}? I cyah remember at all.",
        'Who was it said "{Q}" {when}, eh? I cannae mind.',
        "Ag, who said '{Q}' {when}, hey? Just the name, ja.",
        'Who was the one who said "{Q}" {when}? I forgot already.',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "Abeg, what object was in view when {S} said '{Q}' {when}? I have forgotten sha.",
        'when {S} said "{Q}" {when} hor, what object was in view ah?',
        "See when {S} said '{Q}' {when}? What object was in view then, eh?",
        'When {S} say "{Q}" {when}, what object was in view? Tell me nah.',
        "What object was in view when {S} said '{Q}' {when}? Just asking po, hehe.",
        'Ja, when {S} said "{Q}" {when}, what object was in view, hey?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "where was i when {S} said '{Q}' {when} ah? which place leh",
        'Please where exactly was I when {S} said "{Q}" {when}? Help me check o.',
        "Where I was when {S} say '{Q}' {when}? Which place, eh?",
        'Whereabouts was I when {S} said "{Q}" {when}? Cannae mind at all, aye.',
        "Eish, where was I when {S} said '{Q}' {when}? Which place, hey?",
        'Where was I when {S} said "{Q}" {when}? What place was that again po?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Please, about what time did I first reach the {P} {when}? Roughly is fine.",
        "roughly what time i first reach the {P} {when} ah? no need exact one",
        "Roughly what time was it I first got to the {P} {when}? Doesnae need to be exact.",
        "Round about what time I did first reach the {P} {when}?",
        "Around what time did I first arrive at the {P} {when}? Just an estimate is okay po.",
        "Roughly what time did I first pitch up at the {P} {when}, hey?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "where do i usually see {N} ah? which place one",
        "Please where do I normally see {N}? Which place?",
        "Where I does usually see {N}, eh?",
        "Whereabouts do I usually see {N}? Just the place, aye.",
        "Ja, where do I usually see {N}, hey?",
        "Where do I usually see {N} po? What place?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Please, out of {L}, which one did I see first {when}?",
        "between {L}, which one i see first {when} ah?",
        "Out of {L}, which was it I saw first {when}, eh?",
        "From {L}, which one I see first {when}? Tell me nah.",
        "Among {L}, which one did I see first {when}? I forgot already eh.",
        "Of {L}, which did I see first {when}, hey? Eish, can't remember.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "between {L}, which one i go first {when} ah?",
        "Out of {L}, which place did I go to first {when}? Please help me check.",
        "Of {L}, which one I went by first {when}?",
        "Of {L}, which did I go to first {when}, eh? Cannae mind the order.",
        "Ja, of {L}, which did I go to first {when}, hey?",
        "Which of {L} did I go to first {when}? Just asking po.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Abeg, out of {L}, who was the first to talk {when}?",
        "among {L}, who talk first {when} ah?",
        "Out of {L}, who was first to speak {when}, eh? Cannae mind.",
        "Of {L}, who did speak first {when}?",
        "Of {L}, who was the one who spoke first {when}? Thanks in advance!",
        "Of {L}, who spoke first {when}, hey? Ag, I've lost track.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "between {L}, which one kena mentioned first in conversation {when} ah?",
        "Please, of {L}, which one was mentioned first in conversation {when}? I can't remember again.",
        "Of {L}, which one did get mentioned first in conversation {when}?",
        "Of {L}, which was it got mentioned first in conversation {when}, eh?",
        "Of {L}, which came up first in conversation {when}, hey?",
        "Among {L}, which was mentioned first in conversation {when}? Thank you po.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "Please, how many separate times {be} the {O} in view {when}? I have lost count o.",
        "how many separate times the {O} {be} in view {when} ah? i lost count already",
        "How many separate times {be} the {O} in view {when}, eh? I've lost count, aye.",
        "How much separate times {be} the {O} in view {when}? I lose count.",
        "How many separate times {be} the {O} in view {when}? Just the number po.",
        "Eish, how many separate times {be} the {O} in view {when}? Lost count, hey.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "how many separate conversations {S} talk in {when} ah?",
        "Please, how many separate conversations did {S} talk in {when}? I have lost count o.",
        "How much separate conversations {S} did talk in {when}?",
        "How many separate conversations did {S} speak in {when}, eh? Just the number, aye.",
        "Ja, in how many separate conversations did {S} speak {when}, hey?",
        "In how many separate conversations did {S} speak {when}? Just the count is enough po.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "Please, how many separate times did I go to the {P} {when}? I can't remember again.",
        "how many separate times i went to the {P} {when} ah? lost count already",
        "How many separate times was I in at the {P} {when}, eh?",
        "How much separate times I went by the {P} {when}?",
        "How many separate times did I go to the {P} {when}? I already lost count.",
        "How many separate times did I go through to the {P} {when}, hey?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "the place where i saw the {O} {when} ah, who got speak there?",
        "Please, who spoke at the place where I saw the {O} {when}? Help me check o.",
        "Who talk by the place where I see the {O} {when}?",
        "Who was it spoke at the place I saw the {O} {when}, eh?",
        "At the place where I saw the {O} {when}, who spoke there, hey?",
        "Who spoke at the place where I saw the {O} {when}? Just curious po.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "Please, the first time I heard {N} talk {when}, what object was in view? I can't remember again.",
        "first time i hear {N} talk {when} ah, what object was in view?",
        "See the first time I heard {N} speak {when}? What object was in view then?",
        "The first time I did hear {N} talk {when}, what object was in view, eh?",
        "What object was in view the first time I heard {N} speak {when}? I forgot already.",
        "Ja, the first time I heard {N} speak {when}, what object was in view, hey?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "who got speak at both the {P1} and the {P2} ah?",
        "Please o, who is the person that spoke at both the {P1} and the {P2}?",
        "Who talk by both the {P1} and the {P2}, eh?",
        "Who spoke at both the {P1} and the {P2}? Cannae mind, aye.",
        "Who spoke at both the {P1} and the {P2}, hey? Eish, I've forgotten.",
        "May I know who spoke at both the {P1} and the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'Abeg, after the place with the "{T}" sign {when}, where did I go next?',
        "after the place with the '{T}' sign {when} ah, where i go next?",
        'Where did I head next after the place with the "{T}" sign {when}, eh?',
        "After the place with the '{T}' sign {when}, where I went next, eh?",
        'After the place with the "{T}" sign {when}, where did I go next? I forgot already, sorry.',
        "After the place with the '{T}' sign {when}, where did I go next, hey? Eish, lost the thread.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "other than me, who got talk at the {P} around {C12} {when} ah?",
        "Please, apart from me, who else spoke at the {P} around {C} {when}?",
        "Besides me, who talk at the {P} around {C12} {when}?",
        "Leaving me out, who spoke at the {P} round about {C} {when}, eh?",
        "Not counting me, who spoke at the {P} at about {C12} {when}, hey?",
        "Aside from me, who spoke at the {P} around {C} {when}? Thank you po.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "Please, the last time I was at the {P} {when}, what object was in view? I have forgotten sha.",
        "the last time i was at the {P} {when} hor, what object was in view ah?",
        "See the last time I was at the {P} {when}? What object was in view, eh?",
        "The last time I was by the {P} {when}, what object was in view, eh?",
        "What object was in view the last time I was at the {P} {when}? Just asking, thanks po.",
        "The last time I was at the {P} {when}, what object was in view, hey? Ag, can't remember.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "the sign at the {P} {when} ah, what it say? forgot already",
        "Please, what did the sign at the {P} {when} say? I can't remember again.",
        "What the sign by the {P} {when} say, eh?",
        "What was it the sign at the {P} said {when}? Cannae mind the words.",
        "What did the sign at the {P} {when} say, hey? Just the words, ja.",
        "May I know what the sign at the {P} {when} said?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "Please, when {S} said '{Q}' {when}, what did the sign in view say? I have forgotten o.",
        'when {S} said "{Q}" {when} ah, what the sign in view say?',
        "See when {S} said '{Q}' {when}? What did the sign in view say, eh?",
        'When {S} say "{Q}" {when}, what the sign in view was saying?',
        "When {S} said '{Q}' {when}, what did the sign in view say? Thanks in advance po.",
        'When {S} said "{Q}" {when}, what did the sign in view say, hey? Eish.',
    ),
}
