"""Twelfth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. A journalist fact-checking a story -- "For the record, ...", "Can you
   confirm for me ...", "I need to verify ...", "Before this goes out:".
2. Negative questions and negation, never offering a candidate answer --
   "Didn't I ...? Where was that?", "Wasn't somebody ...? Who?", "I don't
   suppose you know ...", "You don't know ..., do you?".
3. The question buried mid-sentence in chatter about the asker's day, with
   no names or places in the chatter ("I was filling in my timesheet, coffee
   going cold, and I realised I don't know ... -- do you?").
4. A manager's shorthand with colons and slashes -- "Q: first arrival at the
   ... / approx. time?", "Re ...:", "Item: ...", "Need: ...".
5. A storyteller setting the scene in the historic present -- "So I'm at the
   ... and there's a sign. What does it say?", "So the talking starts ...
   Who speaks first?".
6. Reasoning aloud with modal guesses -- "I must have been somewhere when
   ... -- where would that have been?", "Someone must have said ... -- who
   would that have been?".

The person asking is always the camera wearer ("I", "me").

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (1, 2, 3, 4, 5, 6); the banks
between them list voices in order (2, 1, 4, 3, 6, 5).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "Didn't {S} say something about {about} at around {C12} {when}? What was it?",
        "For the record, can you confirm {wh} {S} said {rest} at the {P} {when}?",
        "Re {about}: what did {S} say / approx. {C} {when}?",
        "I've been going round in circles all afternoon trying to remember {wh} {S} said {rest} {when} and "
        "it's driving me up the wall, so can you help?",
        "I must have heard what {S} said about {about} {when}, but it's gone \u2014 what would it have been?",
        "So I'm at the {P} {when}, about {C12}, and the subject of {about} comes up. What did {S} say about it?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        'I\'m attributing a quote and need to be sure: who said "{Q}" {when}?',
        "Wasn't somebody saying '{Q}' {when}? Who was that?",
        'My head is all over the place today after the early start, and somewhere in it is who said "{Q}" '
        "at the {P} {when}, but I can't dig it out \u2014 who was it?",
        'Quote: "{Q}" / said {when} / by whom?',
        "So I'm going about my day {when}, and someone comes out with '{Q}'. Who is it?",
        'Someone must have said "{Q}" {when} \u2014 who would that have been?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "Wasn't there something in front of me when {S} said \"{Q}\" {when}? What object was it?",
        "Can you confirm for me which object was in view at the moment {S} said '{Q}' {when}?",
        'Q: what object was in view / moment: {S} said "{Q}" {when}',
        "I was halfway through tidying up earlier when it hit me that I couldn't say what object was in view "
        "when {S} said '{Q}' {when}, so what was it?",
        'Something must have been in view when {S} said "{Q}" {when} \u2014 what object would that have been?',
        "So picture it: {S} said '{Q}' {when}, and I'm looking at something. What object is in view right then?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        'Can you confirm for me where I was when {S} said "{Q}" {when}? It has to be accurate.',
        "You don't know where I was when {S} said '{Q}' {when}, do you?",
        'Between the errands and the phone calls I\'ve completely lost track of where I was when {S} said "{Q}" '
        "{when}, and I really need to know, so where was it?",
        "Need: location / when {S} said '{Q}' {when} / where was I?",
        'So {S} said "{Q}" {when}, right, and I\'m standing somewhere \u2014 where am I at that point?',
        "I must have been somewhere when {S} said '{Q}' {when} \u2014 where would that have been?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Didn't I get to the {P} at some point {when}? Roughly what time was I first there?",
        "For the record, roughly what time did I first arrive at the {P} {when}?",
        "Q: first arrival at the {P} {when} / approx. time?",
        "I was filling in my timesheet this morning, coffee going cold, and I realised I don't know roughly "
        "what time I first got to the {P} {when} \u2014 do you?",
        "I'd have got to the {P} at some point {when} \u2014 roughly what time would my first arrival have been?",
        "So I head out {when} and end up at the {P}. Roughly what time do I first get there?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Can you confirm for me where I usually see {N}?",
        "Isn't there a place where I usually see {N}? Where is it?",
        "I was telling someone about my week and it struck me that I couldn't say where I usually see {N}, "
        "which is silly \u2014 where is it?",
        "Re {N}: usual place I see them?",
        "So whenever I see {N}, where am I, usually?",
        "There must be somewhere I usually see {N} \u2014 where would that be?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Didn't one of these show up before the others {when}: {L}? Which did I see first?",
        "For the record, which of these did I see first {when}: {L}?",
        "Q: first seen {when}, out of {L}?",
        "I was sorting through my bag earlier, half asleep, and couldn't work out which of these I saw first "
        "{when} \u2014 {L} \u2014 so which was it?",
        "One of these must have come first {when}: {L}. Which would I have seen first?",
        "So I'm out and about {when}, seeing things \u2014 which of these do I see first: {L}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Before this goes out: which of these places did I go to first {when} \u2014 {L}?",
        "Wasn't one of these my first stop {when}: {L}? Which one?",
        "I've been trying to plan tomorrow and I keep getting muddled about which place I went to first {when} "
        "out of {L}, so which was it?",
        "Item: first place visited {when} / {L}?",
        "So I set off {when}, and the first place I go to is one of {L}. Which one?",
        "I must have started somewhere {when} \u2014 which of {L} would I have gone to first?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Didn't one of {L} speak before the others {when}? Who was first?",
        "For the record, who spoke first {when}: {L}?",
        "Q: first speaker {when} / {L}?",
        "I was just making dinner and thinking back, and I honestly can't tell who spoke first {when}, {L}, "
        "so who was it?",
        "Someone has to have spoken first {when} \u2014 out of {L}, who would it have been?",
        "So the talking starts {when}. Who speaks first: {L}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "I need to verify something: which of these was mentioned first in conversation {when} \u2014 {L}?",
        "Didn't one of these come up before the others in conversation {when}: {L}? Which one?",
        "I was going over the day while waiting for the kettle and I can't recall which of these got mentioned "
        "first {when}, {L}, so can you tell me?",
        "Re conversation {when}: first thing mentioned / {L}?",
        "So we're all talking {when}, and one of these comes up first: {L}. Which is it?",
        "One of these must have been mentioned first {when}: {L}. Which would it have been?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "I don't suppose you counted how many separate times the {O} {be} in view {when}?",
        "For the record, how many separate times {be} the {O} in view {when}?",
        "Q: no. of separate times the {O} {be} in view {when}?",
        "I've had a long day of errands and I'm second-guessing myself about how many separate times the {O} "
        "{be} in view {when}, so what's the count?",
        "However often the {O} {be} in view {when}, I must have lost count \u2014 how many separate times "
        "would that be?",
        "So I'm going about my business {when}. How many separate times {be} the {O} in view?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "Can you confirm for me how many separate conversations {S} spoke in {when}?",
        "I don't suppose you know in how many separate conversations {S} spoke {when}?",
        "With everything going on today I lost track of how many separate conversations {S} spoke in {when}, "
        "and I need the actual number \u2014 how many was it?",
        "Item: separate conversations {S} spoke in {when}: how many?",
        "So {when} I'm in and out of conversations \u2014 how many separate ones did {S} speak in?",
        "How many separate conversations would {S} have spoken in {when}? I must have lost count.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "Isn't there some record of how many separate times I went to the {P} {when}? How many was it?",
        "For the record, how many separate visits did I make to the {P} {when}?",
        "Q: visits to the {P} {when} / how many separate ones?",
        "I was counting receipts on the bus home and it got me wondering how many separate times I went to "
        "the {P} {when} \u2014 what's the number?",
        "If I had to guess I'd get it wrong, so how many separate times would I have gone to the {P} {when}?",
        "So {when} I go to the {P} \u2014 how many separate times do I go there?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Can you confirm for me who spoke at the place where I saw the {O} {when}?",
        "Wasn't somebody talking at the place where the {O} {be} {when}? Who was it?",
        "I've been racking my brains all through lunch and can't recall who spoke at the place where I saw "
        "the {O} {when}, so who was it?",
        "Q: place where I saw the {O} {when} / who spoke there?",
        "So I spot the {O} somewhere {when}, and at that place someone speaks up \u2014 who is it?",
        "Someone must have spoken where I saw the {O} {when} \u2014 who would that have been?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "I don't suppose you noticed what object was in view the first time I heard {N} speak {when}?",
        "For the record, what object was in view the first time I heard {N} speak {when}?",
        "Q: first time I heard {N} speak {when} / object in view?",
        "I was half watching the news tonight when I started wondering what object was in view the first "
        "time I heard {N} speak {when} \u2014 any idea what it was?",
        "I'd have been looking at something the first time I heard {N} speak {when}; what object would that "
        "have been?",
        "So {when} I hear {N} speak for the first time, and there's an object in view. What is it?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Can you confirm for me who spoke at both the {P1} and the {P2}?",
        "Wasn't there someone who spoke at both the {P1} and the {P2}? Who?",
        "I keep mixing people up when I'm tired like this, but who was it that spoke at the {P1} and at the "
        "{P2} both, do you know?",
        "Q: speaker at both the {P1} and the {P2} \u2014 name?",
        "So someone speaks at the {P1}, and the same someone speaks at the {P2} too. Who is it?",
        "Somebody must have spoken at both the {P1} and the {P2} \u2014 who would that be?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        "Didn't I go somewhere right after the place with the \"{T}\" sign {when}? Where was that?",
        "For the record, where did I go next after the place where I saw the '{T}' sign {when}?",
        'Q: after the place with the "{T}" sign {when} / next stop?',
        "I was stuck in traffic earlier and got to thinking about where I went next after the place with the "
        "'{T}' sign {when}, and I can't remember, so where was it?",
        'I must have gone on somewhere after the place with the "{T}" sign {when} \u2014 where would that '
        "have been?",
        "So I'm at the place with the '{T}' sign {when}, and then I leave. Where do I go next?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Can you confirm for me who, besides me, spoke at the {P} around {C} {when}?",
        "Wasn't someone other than me talking at the {P} around {C12} {when}? Who?",
        "I had a mad rush of a day and the details are hazy, but who apart from me spoke at the {P} at about "
        "{C12} {when}, if you know?",
        "Q: the {P} / approx. {C} {when} / who spoke (not me)?",
        "So I'm at the {P} at around {C12} {when}, and someone other than me speaks. Who is it?",
        "Someone besides me must have spoken at the {P} around {C} {when} \u2014 who would that have been?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "Can't you tell me what object was in view the last time I was at the {P} {when}?",
        "For the record, what object was in view on my last visit to the {P} {when}?",
        "Q: last visit to the {P} {when} / object in view?",
        "I was going through my photos on the train and realised I'd no idea what object was in view the "
        "last time I was at the {P} {when} \u2014 what was it?",
        "I'd have been looking at something the last time I went to the {P} {when} \u2014 what object would "
        "that have been?",
        "So it's my last visit to the {P} {when}, and something's in view. What object is it?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "I need to verify the exact wording: what did the sign I saw at the {P} {when} say?",
        "I don't suppose you can tell me what the sign at the {P} {when} said?",
        "I was out walking the dog after work and it popped into my head that I never properly read what the "
        "sign at the {P} {when} said \u2014 what did it say?",
        "Q: sign at the {P} {when} / text?",
        "So I'm at the {P} {when} and there's a sign. What does it say?",
        "The sign I saw at the {P} {when} must have had some words on it \u2014 what would they have been?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "Wasn't there a sign in view when {S} said \"{Q}\" {when}? What did it say?",
        "Can you confirm for me what the sign in view read when {S} said '{Q}' {when}?",
        'Q: sign text / in view when {S} said "{Q}" {when}?',
        "I was dozing on the sofa after a long shift and it came back to me that there was a sign in view "
        "when {S} said '{Q}' {when}, but not what it said \u2014 what did it say?",
        'There must have been a sign in view when {S} said "{Q}" {when} \u2014 what would it have said?',
        "So {S} said '{Q}' {when}, and there's a sign in view right then. What does it say?",
    ),
}
