"""Eleventh set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. Asking on someone else's behalf -- "My wife wants to know ...", "My boss
   is asking ...", often reported as an indirect question ending in a full
   stop; the person asked about is still the wearer ("where I was").
2. A quizmaster or teacher testing the assistant -- "Quiz time:", "Memory
   test:", "Can you tell me which ...", "Bonus question:".
3. Apologetic and unsure of themselves -- "Sorry, silly question, but ...",
   "Sorry to bother you again --", "I feel daft asking, but ...".
4. Impatient or exasperated -- "Come on,", "Seriously,", "For the last
   time:", "Just the name, please.", "No waffle:".
5. Pseudo-cleft statements -- "What I want to know is ...", "The thing I
   can't remember is ...", "All I need is ...", usually with no question
   mark at all.
6. The question first, then a trailing reason or afterthought that adds no
   new fact ("..., so I can go back and look?", "... ? I'm trying to retrace
   my steps.").

The person asking is always the camera wearer ("I", "me").

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (1, 2, 3, 4, 5, 6); the banks
between them list voices in order (2, 1, 4, 3, 6, 5).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (1, 2, 3, 4, 5, 6)
    "said": (
        "{When} {S} said something I can't recall, and my wife wants to "
        "know: {wh} did {S} say {rest}?",
        "Memory test for you: what did {S} say about {about} at around "
        "{C12} {when}?",
        "Sorry, I know I should remember this, but {wh} did {S} say {rest} "
        "at the {P} {when}?",
        "Come on, I've asked twice already: what did {S} say about {about} "
        "at {C} {when}?",
        "What I'm trying to get straight is {wh} {S} said {rest} {when}.",
        "Tell me {wh} {S} said {rest} {when}, because I'd hate to get it "
        "wrong when I pass it on.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "speaker_of": (
        'Here\'s one to test you: somebody said "{Q}" {when}. Who was it?',
        'My brother wants to know who said "{Q}" {when}, and I\'ve no idea.',
        "Just give me the name: who said '{Q}' {when}?",
        'Sorry to bother you with this, but who was it that said "{Q}" at '
        "the {P} {when}?",
        'Who said "{Q}" {when}, so I know who to follow up with?',
        "What I want to know is who said '{Q}' {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_during": (
        "My daughter asked me what I was looking at when {S} said "
        '"{Q}" {when} \u2014 what object was in view?',
        "Can you tell me which object was in view at the moment {S} said "
        '"{Q}" {when}?',
        "Sorry, this might sound odd, but what object was in front of me "
        "when {S} said '{Q}' {when}?",
        'Ugh. {When} {S} said "{Q}" \u2014 what object was in view? '
        "Quickly, please.",
        "The thing I can't picture is which object was in view when {S} "
        'said "{Q}" {when}.',
        "What object was in view when {S} said '{Q}' {when}? I want to see "
        "if it matches what I remember.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_during": (
        "Let's see how good your memory is: where was I when {S} said "
        '"{Q}" {when}?',
        "My mum wants to know where I was at the moment {S} said "
        '"{Q}" {when}.',
        "Seriously, where was I when {S} said '{Q}' {when}? Just the place.",
        'Sorry, me again \u2014 where was I at the time {S} said "{Q}" '
        "{when}?",
        'Where was I when {S} said "{Q}" {when}, so I can go back and look?',
        "All I need is the place I was in when {S} said '{Q}' {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_visit_at": (
        "My boss is asking what time I first got to the {P} {when}. "
        "Roughly, what time was it?",
        "Can you tell me roughly what time I first arrived at the {P} "
        "{when}?",
        "Sorry if this is a dull one, but about what time did I first get "
        "to the {P} {when}?",
        "Come on, what time did I first reach the {P} {when}? Roughly is "
        "fine.",
        "What I'm after is roughly the time I first showed up at the {P} "
        "{when}.",
        "About what time did I first get to the {P} {when}? I need it for "
        "an expenses form.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "usual_place": (
        "Okay, quiz time: where do I usually see {N}?",
        "My wife wants to know where I normally run into {N}.",
        "I've asked this before, so: where do I usually see {N}?",
        "Sorry, I feel daft asking, but where is it I usually see {N}?",
        "Where do I mostly see {N}, so I know where to look for them?",
        "What I'm trying to work out is where I usually bump into {N}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_object": (
        "My son asked me which of these I saw first {when}, and I couldn't "
        "tell him: {L}.",
        "Memory test: which of these did I see first {when} \u2014 {L}?",
        "Sorry, I know it's fiddly, but which of these came into view first "
        "{when}: {L}?",
        "Just tell me which one I saw first {when}: {L}. No essay, please.",
        "What I want to know is which of these I saw first {when}: {L}.",
        "Which of these did I see first {when}: {L}? I'm trying to get the "
        "order right for my notes.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_place": (
        "Here's a tricky one: which of these places did I go to first "
        "{when} \u2014 {L}?",
        "My partner wants to know where I went first {when}: {L}?",
        "Quick answer, please: which place did I get to first {when} "
        "\u2014 {L}?",
        "Sorry to ask, but out of {L}, which place did I visit first "
        "{when}?",
        "Which of these places did I go to first {when}: {L}? I want to do "
        "the same route again.",
        "The thing I can't remember is which place I went to first {when}: "
        "{L}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_speaker": (
        "My colleague is asking who spoke first {when}: {L}?",
        "Can you tell me who spoke first {when}, out of {L}?",
        "Sorry if this is a weird one, but who was the first to speak "
        "{when}: {L}?",
        "Come on, who spoke first {when}: {L}? It's not that hard.",
        "What I want to know is who spoke first {when} \u2014 {L}.",
        "Who spoke first {when}: {L}? I'd like to know who got the talking "
        "started.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_mention": (
        "Question for you: which of these got mentioned first in "
        "conversation {when} \u2014 {L}?",
        "My flatmate wants to know which of these came up first in "
        "conversation {when}: {L}.",
        "Which of these was mentioned first {when}: {L}? I need a straight "
        "answer this time.",
        "Sorry, I should know this, but which of these was brought up first "
        "in conversation {when}: {L}?",
        "Which of these got mentioned first in the talk {when}: {L}? I'm "
        "trying to remember how the conversation went.",
        "The bit I'm missing is which of these was mentioned first {when}: "
        "{L}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_sightings": (
        "My wife wants to know how many separate times the {O} {be} in "
        "view {when}.",
        "Memory test: how many separate times {be} the {O} in view {when}?",
        "Sorry, this one's a bit picky, but how many separate times {be} "
        "the {O} in view {when}?",
        "Just give me a number: how many separate times {be} the {O} in "
        "view {when}?",
        "What I'd like is the number of separate times the {O} {be} in view "
        "{when}.",
        "How many separate times {be} the {O} in view {when}? I want to "
        "check whether I'm imagining things.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_conversations": (
        "Right, test question: in how many separate conversations did {S} "
        "speak {when}?",
        "My manager is asking how many separate conversations {S} spoke in "
        "{when}.",
        "Seriously, how many separate conversations did {S} speak in "
        "{when}? A number will do.",
        "Sorry to be a pain, but in how many separate conversations did {S} "
        "speak {when}?",
        "In how many separate conversations did {S} speak {when}? I'm "
        "trying to work out how busy things got.",
        "What I'm curious about is the number of separate conversations {S} "
        "spoke in {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_visits": (
        "My dad keeps asking how many separate times I went to the {P} "
        "{when}.",
        "Can you tell me how many separate times I was at the {P} {when}?",
        "Sorry, I've lost count \u2014 how many separate times was I at the "
        "{P} {when}?",
        "For the last time: how many separate visits did I make to the {P} "
        "{when}?",
        "The number I'm after is how many separate times I went to the {P} "
        "{when}.",
        "How many separate times was I at the {P} {when}? I'm starting to "
        "think I live there.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_where_object": (
        "See if you know this one: who spoke at the place where the {O} "
        "{be} seen {when}?",
        "My neighbour wants to know who spoke at the place where I saw the "
        "{O} {when}.",
        "Come on, who spoke at the place where I saw the {O} {when}? I "
        "haven't got all day.",
        "Sorry, bit of an odd one: who spoke at the spot where I saw the "
        "{O} {when}?",
        "Who spoke at the place where I saw the {O} {when}? I remember the "
        "{O} but not the people.",
        "What I'm trying to remember is who spoke at the place where the "
        "{O} {be} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_at_first_meeting": (
        "My partner asked what was in view the first time I heard {N} speak "
        "{when} \u2014 what object was it?",
        "Can you tell me which object was in view the first time I heard "
        "{N} speak {when}?",
        "Sorry, this is a strange one, but what object was in view the "
        "first time I heard {N} talking {when}?",
        "Just tell me what object was in view the first time I heard {N} "
        "speak {when}. Nothing else.",
        "The thing I want to know is what object was in view the first "
        "time I heard {N} speak {when}.",
        "What object was in view the first time I heard {N} speak {when}? "
        "It might help me remember how we met.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_both": (
        "Bonus question: who spoke at both the {P1} and the {P2}?",
        "My sister wants to know who it was that spoke at both the {P1} and "
        "the {P2}.",
        "Who spoke at both the {P1} and the {P2}? Just the name, please.",
        "Sorry, I'm hopeless with faces \u2014 who spoke at both the {P1} "
        "and the {P2}?",
        "Who was it that spoke at the {P1} and also at the {P2}, since I "
        "keep thinking it was the same person?",
        "What I'd like to know is who spoke both at the {P1} and at the "
        "{P2}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_after_sign": (
        "My husband wants to know where I went next after the place where "
        'I saw the "{T}" sign {when}.',
        "Here's one for you: {When} I saw a sign that said '{T}'. Where did "
        "I go next after that place?",
        'Sorry if this is confusing, but after the place with the "{T}" '
        "sign {when}, where did I go next?",
        "Where did I go right after the place with the '{T}' sign {when}? "
        "I need it now.",
        "What I can't remember is where I went next after the place where "
        'I saw the sign reading "{T}" {when}.',
        'Where did I go next after the place with the "{T}" sign {when}? '
        "I'm trying to retrace my steps.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_place_near": (
        "Can you tell me who, apart from me, spoke at the {P} around {C} "
        "{when}?",
        "My boss wants to know who else was talking at the {P} at about "
        "{C12} {when} \u2014 someone other than me.",
        "Who spoke at the {P} around {C} {when}, other than me? Quickly, "
        "please.",
        "Sorry, I know I was there, but who besides me spoke at the {P} "
        "around {C12} {when}?",
        "Who other than me spoke at the {P} around {C12} {when}? I'd like "
        "to get in touch with them.",
        "What I'm after is who, apart from me, was speaking at the {P} at "
        "about {C} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_last_visit": (
        "My mum is asking what object was in view the last time I was at "
        "the {P} {when}.",
        "Test question: what object was in view on my last visit to the "
        "{P} {when}?",
        "Sorry, one more: what object was in view the last time I was at "
        "the {P} {when}?",
        "Come on, what object was in view the last time I went to the {P} "
        "{when}?",
        "The thing I need is the object that was in view during my last "
        "visit to the {P} {when}.",
        "What object was in view the last time I was at the {P} {when}? I "
        "want to compare it with my photos.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_at": (
        "Let's see if you noticed this: what did the sign I saw at the {P} "
        "{when} say?",
        "My friend wants to know what the sign I saw at the {P} {when} "
        "said.",
        "Word for word, and quickly: what did the sign at the {P} {when} "
        "say?",
        "Sorry, I didn't read it properly \u2014 what was written on the "
        "sign I saw at the {P} {when}?",
        "What did the sign at the {P} {when} say? I might need to go back "
        "there.",
        "What I'd like to know is what the sign I saw at the {P} {when} "
        "said.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_during": (
        "My son is asking what the sign in view read when {S} said "
        '"{Q}" {when}.',
        "Can you tell me what the sign in view said while {S} was saying "
        "'{Q}' {when}?",
        'Sorry, bit of a niche one: when {S} said "{Q}" {when}, what did '
        "the sign in view say?",
        "No waffle: what did the sign in view say when {S} said '{Q}' "
        "{when}?",
        "What I'm trying to recall is the text of the sign in view when {S} "
        'said "{Q}" {when}.',
        'What did the sign in view say when {S} said "{Q}" {when}? I\'d '
        "like to look the place up later.",
    ),
}
