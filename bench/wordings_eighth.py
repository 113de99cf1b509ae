"""Eighth bank of fresh question wordings, written without sight of the
project's own phrasings, to measure how well the question reader copes with
wording it has never seen.

Every bank holds six ``str.format`` templates, one per voice:

1. British colloquial -- "reckon", "nip down the", "clock the", "natter",
   "came out with", "rock up".
2. Non-native speaker -- German/Spanish-like word order (verb left in the
   embedded-clause position in direct questions), "has said" for a simple
   past, "from" for "of", "stood on the sign"; slips only in common words.
3. Voice-assistant command -- "Find ...", "Look up ...", "Tell me ...",
   "Count ...", "Read me ...", phrased so the reply is still the asked thing.
4. Terse search query -- lower case fragments, no greeting ("first speaker
   {when}? {L}", "words on the sign at the {P} {when}").
5. Elderly, verbose and polite -- "I wonder if you could tell me, dear",
   "Would you be so kind", often opening with "{When}, I ...".
6. Teenager texting -- lower case with "wait", "lol", "ngl", "tbh", "fr";
   never any typo inside names, quotes, numbers or the listed choices.

Voices 4 and 6 start with a lower-case word, so they are typed casually and
the whole question is lower-cased.  Template n is held-out when n is even and
dev when n is odd; banks alternate between the voice orders
(1, 2, 3, 4, 5, 6) and (2, 1, 4, 3, 6, 5) so every voice lands in both splits.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order A: British, non-native, assistant, terse, elderly, teen
    "said": (
        "Go on then, what was it {S} said about {about} {when}?",
        "Tell me please, {wh} {S} said {rest} {when}?",
        "Look up what {S} said about {about} while I was at the {P} {when}.",
        "{wh} {S} said {rest} {when}?",
        "I wonder if you could tell me, dear, {wh} {S} said {rest}, at around {C} {when}.",
        "wait what did {S} say about {about} {when} lol i forgot",
    ),
    # order B: non-native, British, terse, assistant, teen, elderly
    "speaker_of": (
        'Who has said the words "{Q}" {when}?',
        'Who was it came out with "{Q}" {when}? Can\'t for the life of me remember.',
        'speaker of "{Q}" {when}?',
        'Search for the line "{Q}" {when} and tell me who said it.',
        'ok who actually said "{Q}" {when} lol',
        "{When}, I heard someone say \"{Q}\" at the {P}, and I'm afraid I can't recall who it was. Would you "
        "be so kind as to remind me, dear?",
    ),
    # order A
    "object_during": (
        'Reckon you can tell me what I had in front of me when {S} said "{Q}" {when}?',
        'Which thing I had in front of me as {S} said "{Q}" {when}?',
        'Show me the object that was in view when {S} said "{Q}" {when}.',
        'object in view when {S} said "{Q}" {when}',
        '{When}, I believe {S} said "{Q}", and I\'m trying to remember what object I had before me at that '
        "moment. Could you help me, dear?",
        'wait what was i looking at when {S} said "{Q}" {when} tbh i forgot',
    ),
    # order B
    "place_during": (
        'In which place I was when {S} said "{Q}" {when}?',
        'Where was I when {S} came out with "{Q}" {when}? Can\'t place it.',
        'my location when {S} said "{Q}" {when}',
        'Tell me where I was at the moment {N} said "{Q}" {when}.',
        'lol where was i when {S} said "{Q}" {when}',
        '{When}, I recall that {S} said "{Q}", but I simply cannot think where I was at the time. Would '
        "you mind telling me, dear?",
    ),
    # order A
    "first_visit_at": (
        "What time did I first rock up at the {P} {when}?",
        "At what time I came first to the {P} {when}?",
        "Find the moment I first arrived at the {P} {when} and tell me the time.",
        "time of first arrival at the {P} {when}",
        "I wonder if you could tell me, dear, at what time I first arrived at the {P} {when}.",
        "bruh what time did i first get to the {P} {when}",
    ),
    # order B
    "usual_place": (
        "Where I see {N} most often?",
        "Where do I usually bump into {N}, would you say?",
        "usual place i see {N}",
        "Tell me the place where I see {N} most often.",
        "where do i usually see {N} tho",
        "Forgive me, dear, but where is it that I most often see {N}? I do like to keep track of these things.",
    ),
    # order A
    "first_object": (
        "Out of {L}, which did I clap eyes on first {when}?",
        "Which from {L} I have seen first {when}?",
        "Check {L} and tell me which one I saw first {when}.",
        "first one i saw {when} out of {L}",
        "I wonder, dear, which of {L} I happened to see first {when}. Would you tell me?",
        "tbh can't remember which i saw first out of {L} {when}",
    ),
    # order B
    "first_place": (
        "To which from {L} I went first {when}?",
        "Of {L}, where'd I pop into first {when}?",
        "first place i went to out of {L} {when}",
        "Tell me which of {L} I went to first {when}.",
        "ok so out of {L} which'd i hit up first {when}",
        "Would you kindly remind me, dear, which of {L} I visited first {when}?",
    ),
    # order A
    "first_speaker": (
        "Reckon you can tell me who spoke first out of {L} {when}?",
        "Who from {L} has spoken first {when}?",
        "Find out which of {L} spoke first {when}.",
        "first speaker {when}? {L}",
        "I'm trying to recall, dear, which of {L} was the first to speak {when}. Could you help an old memory out?",
        "wait who talked first out of {L} {when} lol",
    ),
    # order B
    "first_mention": (
        "What from {L} somebody mentioned first in conversation {when}?",
        "Out of {L}, what got brought up first when we were nattering {when}?",
        "which got mentioned first {when}? {L}",
        "Find which of {L} was mentioned first in conversation {when}.",
        "lol which did ppl bring up first out of {L} {when}",
        "Could you tell me, dear, which of {L} was mentioned first when we were talking {when}? My memory "
        "isn't what it was.",
    ),
    # order A
    "count_sightings": (
        "How many separate times did I clock the {O} {when}?",
        "How many separate times the {O} {be} in my view {when}?",
        "Count the separate times I saw the {O} {when}.",
        "number of separate times i saw the {O} {when}",
        "I wonder, dear, how many separate times the {O} {be} in front of me {when}. Would you count them up for me?",
        "how many times did i see the {O} {when} lol like separately",
    ),
    # order B
    "count_conversations": (
        "In how many conversations {S} was talking {when}?",
        "How many separate natters was {S} part of {when}?",
        "count of separate conversations {S} spoke in {when}",
        "Tell me how many separate conversations {S} took part in {when}.",
        "wait how many different convos was {S} in {when} fr",
        "{When}, I'd like to know how many separate conversations {S} took part in. Could you tell me, dear?",
    ),
    # order A
    "count_visits": (
        "How many separate times did I nip down the {P} {when}?",
        "How many times I was at the {P} {when}? I mean separate visits.",
        "Count my separate visits to the {P} {when}.",
        "how many visits to the {P} {when}?",
        "Would you be so kind, dear, as to tell me how many separate times I went to the {P} {when}?",
        "lol how many separate times was i at the {P} {when}",
    ),
    # order B
    "spoke_where_object": (
        "Who was talking at the place where I have seen the {O} {when}?",
        "Who was chatting away at the place where I spotted the {O} {when}?",
        "who spoke where i saw the {O} {when}",
        "Find the place where the {O} {be} in view {when} and tell me who spoke there.",
        "who was even talking at the spot where i saw the {O} {when}",
        "{When}, I saw the {O} at some place or other. Would you tell me, dear, who was speaking at that very place?",
    ),
    # order A
    "object_at_first_meeting": (
        "What was in front of me the first time I heard {N} piping up {when}?",
        "What thing I had in view when I heard {N} speak the first time {when}?",
        "Find the first time I heard {N} speak {when} and tell me which object was in view.",
        "object in view first time {N} spoke {when}",
        "{When}, I heard {N} speak for the first time. Do you happen to know what object was in front of me "
        "just then, dear?",
        "wait what was i looking at the first time {N} talked {when}",
    ),
    # order B
    # the one who spoke at both may be the wearer, so these no longer say "apart from me" (they did, and so
    # contradicted the truth whenever it was the wearer)
    "spoke_at_both": (
        "Who has spoken at the {P1} and also at the {P2}? The same person both times.",
        "Who was it that had a natter at both the {P1} and the {P2}?",
        "speaker at both the {P1} and the {P2}",
        "Tell me who spoke at both the {P1} and the {P2}.",
        "who talked at the {P1} and the {P2} both?? lol",
        "Pardon me, dear, but could you tell me who it was that spoke both at the {P1} and at the {P2}?",
    ),
    # order A
    "place_after_sign": (
        'Where\'d I head off to after the place with the "{T}" sign {when}?',
        'Where I went next after the place with the sign "{T}" {when}?',
        'Find the place with the sign "{T}" {when} and tell me where I went right after.',
        'next place after "{T}" sign {when}',
        '{When}, I was at a place with a sign reading "{T}". Could you remind me, dear, where I went next '
        "after that place?",
        'where did i go after the "{T}" sign place {when} lol',
    ),
    # order B
    "spoke_at_place_near": (
        "Who except me has talked at the {P} around {C} {when}?",
        "Who was having a natter at the {P} round about {C12} {when}? Not counting me.",
        "who else talking at the {P} around {C} {when}",
        "Tell me who, other than me, was speaking at the {P} at about {C12} {when}.",
        "ngl who was yapping at the {P} around {C} {when} (not me lol)",
        "Could you tell me, dear, who besides myself was speaking at the {P} at around {C12} {when}?",
    ),
    # order A
    "object_last_visit": (
        "What was in front of me the last time I was down the {P} {when}?",
        "Which object I had in view when I was the last time at the {P} {when}?",
        "Pull up my last visit to the {P} {when} and name the object in view.",
        "object in view, last visit to the {P} {when}",
        "{When}, I was at the {P}, and I'd love to know what object was before me the very last time I was "
        "there. Could you tell me, dear?",
        "wait what was in front of me last time i was at the {P} {when} lol",
    ),
    # order B
    "sign_at": (
        "What stood on the sign at the {P} {when}?",
        "What did that sign at the {P} say {when}? Can't remember for toffee.",
        "words on the sign at the {P} {when}",
        "Read me the sign I saw at the {P} {when}.",
        "ok what did the sign at the {P} say {when} i forgot lol",
        "{When}, I noticed a sign at the {P}, but my eyes aren't what they used to be. What did it say, dear?",
    ),
    # order A
    "sign_during": (
        'What did the sign in front of me say when {S} went "{Q}" {when}?',
        'Which words were on the sign in my view, when {S} said "{Q}" {when}?',
        'Find the moment {S} said "{Q}" {when} and read me the sign that was in view.',
        'sign text when {S} said "{Q}" {when}',
        '{When}, {S} said "{Q}". I\'d be ever so grateful if you could tell me what the sign in view said '
        "at that moment, dear.",
        'wait what did the sign in front of me say when {S} said "{Q}" {when} lol',
    ),
}
