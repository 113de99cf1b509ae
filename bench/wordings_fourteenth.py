"""Fourteenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. A hard-boiled detective-novel narrator musing about the case -- "The
   question that kept me up all night: ...", "Two places, one voice.",
   "Everybody talks sooner or later.", "Follow the ..., I told myself.".
   Metaphors only; no invented scene, weather or fact.
2. Reading off a checklist or a form in numbered fragments -- "1) place:
   the ... 2) what I need: roughly what time I first got there", "1) sign:
   '...' 2) need: where I went next".
3. Doubting what the asker believes and checking it, without ever saying
   what that belief is -- "I have a feeling I've got the time wrong in my
   head -- roughly what time did I actually ...?", "I think I know ..., but
   I could be wrong -- which was it really?".
4. A scientist's precise, hedged style -- "To the nearest few minutes,",
   "Counting each distinct occasion once,", "Operationally, by 'where' I
   mean which place:", "Intersection query:", "Give or take a few
   minutes.".
5. An excited sports commentator with exclamations -- "And there I am,
   arriving at the ...!", "Let's go to the replay!", "Scoreboard check!",
   "...?!".
6. A short opening sentence that sets one thing up, then a question that
   only points back at it ("it", "there", "that", "them", "of them", or the
   name repeated; never "he"/"she") -- "The ... -- how many separate times
   did I go there?", "{N} -- you know them. Where do I usually see them?".

The person asking is always the camera wearer ("I", "me").

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "1) topic: {about} 2) time: around {C12} {when} 3) what I need: what {S} said about it",
        "Something {S} said {when} kept me up all night. The question: {wh} did {S} say {rest}?",
        "For my notes, allowing a minute either way: what did {S} say about {about} at approximately {C} {when}?",
        "I have a feeling I've got this mixed up in my head \u2014 what did {S} actually say {when} about {about}?",
        "Around {C12} {when}, {S} said something at the {P} about {about}. What was it?",
        "Let's go to the replay of what {S} said {when}! Here's the big one \u2014 {wh} did {S} say {rest}?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Somebody said '{Q}' {when}, and I needed a name. Whose voice was it?",
        '1) heard: "{Q}" {when} 2) what I need: who said it',
        "I thought I knew who said '{Q}' {when}, but now I'm second-guessing myself \u2014 who actually said it?",
        'Attribution query, to be precise: who was the speaker of the words "{Q}" {when}?',
        "What a line! Who said '{Q}' {when}?! Let's go to the replay!",
        'Someone said "{Q}" at the {P} {when}. Who was it?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        '1) moment: {S} said "{Q}" {when} 2) what I need: the object in view right then',
        "The words stuck with me: {S} said '{Q}' {when}. What slipped away was the object in view. What was it?",
        'At the exact moment {S} said "{Q}" {when}, which object was in view? That moment precisely, not before '
        "or after.",
        "I've a feeling I'm picturing the wrong thing \u2014 what object was actually in view when {S} said '{Q}' "
        "{when}?",
        '{S} said "{Q}" {when}. What object was in view when that was said?',
        "Let's go to the replay! {S} said '{Q}' {when} \u2014 and what object was in view right then?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        'Every case starts with a place. Mine: where was I when {S} said "{Q}" {when}?',
        "Item 1 \u2014 the moment {S} said '{Q}' {when}. Item 2 \u2014 where was I?",
        'I keep picturing myself somewhere, but I don\'t trust it \u2014 where was I really when {S} said "{Q}" '
        "{when}?",
        "Operationally, by 'where' I mean which place: where was I when {S} said '{Q}' {when}?",
        'What a moment! {S} said "{Q}" {when} \u2014 and where in the world was I?!',
        "{S} said '{Q}' {when}. Where was I when that happened?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "1) place: the {P} {when} 2) what I need: roughly what time I first got there",
        "The {P}. I knew I'd been there {when}, but the clock in my head had stopped. Roughly what time did I "
        "first get there?",
        "To the nearest few minutes, at what time did I first arrive at the {P} {when}? An approximate figure is fine.",
        "I have a feeling I've got the time wrong in my head \u2014 roughly what time did I actually first get to "
        "the {P} {when}?",
        "The {P} \u2014 I went there {when}. Roughly what time did I first get there?",
        "And there I am, arriving at the {P} {when}! Roughly what time was that first arrival?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Everybody has a usual haunt. Where's the place I usually see {N}?",
        "1) person: {N} 2) what I need: the usual place I see {N}",
        "I think I know where I usually see {N}, but I'm not sure I'm right \u2014 where is it really?",
        "Taking the most frequent place as the usual one, where do I usually see {N}?",
        "Here's one for the fans! Where do I usually see {N}?!",
        "{N} \u2014 you know them. Where do I usually see them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "1) options: {L} 2) what I need: which of them I saw first {when}",
        "The suspects lined up: {L}. Which one did I see first {when}?",
        "In strict chronological order, which of {L} did I see first {when}? Only the earliest is needed.",
        "I think I know which of {L} I saw first {when}, but I could be wrong \u2014 which was it really?",
        "Picture these: {L}. Which of them did I see first {when}?",
        "It's a race, folks \u2014 {L}! Which one did I see first {when}?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "I retraced my steps like a gumshoe on a cold trail. Which of {L} did I go to first {when}?",
        "1) places: {L} 2) what I need: which one I went to first {when}",
        "I have a feeling I'm remembering the order wrong \u2014 which of {L} did I really go to first {when}?",
        "Ordering by time of first arrival: which of {L} did I go to first {when}?",
        "And they're off! Which of {L} did I hit first {when}?!",
        "Take these places: {L}. Which of them did I go to first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "1) candidates: {L} 2) what I need: who spoke first {when}",
        "Everybody talks sooner or later. Who talked first {when} \u2014 {L}?",
        "By onset of speech, which of {L} spoke first {when}?",
        "I'm fairly sure I know who spoke first {when}, but I don't trust my memory \u2014 out of {L}, who "
        "actually did?",
        "Here's my list: {L}. Which of them spoke first {when}?",
        "Who got the first word in {when} \u2014 {L}?! What a start!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "The talk {when} was full of clues. Which of these was mentioned first in conversation: {L}?",
        "1) terms: {L} 2) what I need: which was mentioned first in conversation {when}",
        "I believe I know which of {L} was mentioned first in conversation {when}, but I'm doubting myself "
        "\u2014 which was it really?",
        "Measured by first occurrence in conversation {when}, which of these was mentioned first: {L}?",
        "It's a race in conversation {when}! Which of {L} was mentioned first?!",
        "Consider these: {L}. Which of them was mentioned first in conversation {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "1) object: the {O} 2) what I need: how many separate times the {O} {be} in view {when}",
        "Something about the {O} didn't sit right. How many separate times {be} the {O} in view {when}?",
        "Counting each distinct occasion once, how many separate times {be} the {O} in view {when}?",
        "I've got a rough count in my head, but I don't trust it \u2014 how many separate times {be} the {O} "
        "actually in view {when}?",
        "Keep the {O} in mind. How many separate times {be} the {O} in view {when}?",
        "Keep your eyes on the {O}, folks! How many separate times {be} the {O} in view {when}?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "Talk is cheap, but I was keeping count. In how many separate conversations did {S} speak {when}?",
        "1) what to count: separate conversations {S} spoke in {when} 2) answer: a number",
        "I have a feeling I've lost count \u2014 in how many separate conversations did {S} actually speak {when}?",
        "Treating each separate conversation as one unit, in how many did {S} speak {when}?",
        "Let's look at the stats! In how many separate conversations did {S} speak {when}?!",
        "Take the conversations {when}. In how many separate ones did {S} speak?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "1) place: the {P} 2) what I need: how many separate times I went there {when}",
        "I had a hunch about the {P}. How many separate times did I go there {when}?",
        "Counting each separate visit once, how many times did I go to the {P} {when}?",
        "My own count feels off \u2014 how many separate times did I really go to the {P} {when}?",
        "The {P} \u2014 how many separate times did I go there {when}?",
        "Scoreboard check! How many separate times did I go to the {P} {when}?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Follow the {O}, I told myself. Who spoke at the place where I saw the {O} {when}?",
        "1) clue: where I saw the {O} {when} 2) what I need: who spoke at that place",
        "I have a feeling I'm mixing up who spoke where \u2014 who actually spoke at the place where I saw the "
        "{O} {when}?",
        "Defining 'the place' as wherever I saw the {O} {when}: who spoke there?",
        "Eyes on the {O}! Who was doing the talking at the place where I saw the {O} {when}?!",
        "I saw the {O} at some place {when}. Who spoke there?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "1) person: {N} 2) moment: the first time I heard {N} speak {when} 3) what I need: the object in view",
        "I'll never forget the first time I heard {N} speak {when} \u2014 except I forgot what object was in "
        "view. What was it?",
        "At the first instance of {N} speaking in my hearing {when}, which object was in view?",
        "I think I remember what was in view the first time I heard {N} speak {when}, but I'm not certain "
        "\u2014 what object was it really?",
        "{N} \u2014 the first time I heard them speak {when}, what object was in view?",
        "First words from {N}! What object was in view the first time I heard {N} speak {when}?!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Two places, one voice. Who spoke at both the {P1} and the {P2}?",
        "1) place A: the {P1} 2) place B: the {P2} 3) what I need: who spoke at both",
        "I have a hunch who spoke at both the {P1} and the {P2}, but I could be wrong \u2014 who was it really?",
        "Intersection query: who spoke at both the {P1} and the {P2}?",
        "A double appearance! Who spoke at both the {P1} and the {P2}?!",
        "Take the {P1} and the {P2}. Who spoke at both of them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        "1) sign: '{T}' {when} 2) what I need: where I went next after the place with that sign",
        'The sign said "{T}". I was at that place {when}, and then I moved on. Where did I go next?',
        "Immediately after the place with the '{T}' sign {when}, where did I go next? The very next place only.",
        'I think I know where I went after the place with the "{T}" sign {when}, but I may be wrong \u2014 '
        "where did I actually go next?",
        "There was a place with a '{T}' sign {when}. Where did I go next after it?",
        'And I\'m off from the place with the "{T}" sign {when}! Where did I go next?!',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "The {P}, around {C12} {when}. Somebody besides me was talking. Who?",
        "1) place: the {P} 2) time: around {C} {when} 3) what I need: who spoke there, other than me",
        "I have a feeling I'm wrong about who else spoke at the {P} around {C12} {when} \u2014 apart from me, "
        "who was it actually?",
        "Excluding myself, who spoke at the {P} at approximately {C} {when}? Give or take a few minutes.",
        "Live from the {P}, around {C12} {when}! Who spoke there besides me?!",
        "I was at the {P} around {C} {when}. Who else spoke there, apart from me?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "1) place: the {P} 2) visit: the last one {when} 3) what I need: the object in view",
        "My last visit to the {P} {when}. Something was in view, and it's the one detail I lost. What object was it?",
        "Restricting to my final visit to the {P} {when}: what object was in view?",
        "I think I know what was in view the last time I was at the {P} {when}, but I'm not sure \u2014 what "
        "object was it really?",
        "The {P} \u2014 the last time I was there {when}, what object was in view?",
        "And here's my last visit to the {P} {when}! What object was in view?! Let's see it again!",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "There was a sign at the {P} {when}. I read it once, and the words got away from me. What did it say?",
        "1) place: the {P} {when} 2) what I need: what the sign there said",
        "I have a feeling I'm misremembering the sign at the {P} {when} \u2014 what did it actually say?",
        "Verbatim, as far as possible: what did the sign I saw at the {P} {when} say?",
        "Look at that sign at the {P} {when}! What did it say?!",
        "I saw a sign at the {P} {when}. What did it say?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        '1) moment: {S} said "{Q}" {when} 2) what I need: what the sign in view said',
        "{S} said '{Q}' {when}, and there was a sign in view. The words on it are what I'm after. What did it say?",
        'At the precise moment {S} said "{Q}" {when}, what did the sign in view say?',
        "I think I remember the sign in view when {S} said '{Q}' {when}, but I don't trust it \u2014 what did it "
        "actually say?",
        '{S} said "{Q}" {when}. What did the sign in view at that moment say?',
        "Replay time! {S} said '{Q}' {when} \u2014 what did the sign in view say?!",
    ),
}
