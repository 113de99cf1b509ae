"""Tenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. Australian / Irish casual -- "reckon", "yer man", "arvo", "heaps",
   "was it", "grand", but still clear about what is asked.
2. A researcher annotating footage -- precise, nominal, fragments allowed
   ("Timestamp of first arrival at ...", "Number of distinct ...").
3. Back-to-front -- the topic comes first, then the question
   ("That sign at the bakery: what did it say?").
4. Second person, as if the assistant had been there with the wearer
   ("You were with me at the bakery -- who spoke there?").
5. Very short, lower case, abbreviations, few verbs
   ("# visits to the bakery on tues").
6. Long and rambling, with an irrelevant preamble sentence before the
   real question.

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
        "Go on then, {wh} did {S} say {rest} back at the {P} {when}?",
        "Content of what {S} said {when} at approx. {C} regarding {about}",
        "That bit about {about} around {C12} {when} \u2014 what did {S} say?",
        "You were there {when} too \u2014 {wh} did {S} say {rest}?",
        "what {S} said re {about} {when}?",
        "My sister keeps asking me about this and I honestly can't "
        "remember, it's been bugging the two of us all week. {When} I "
        "caught a bit of the talk \u2014 {wh} did {S} say {rest}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "speaker_of": (
        'Identity of the speaker who said "{Q}" {when}',
        'Who was it said "{Q}" {when}? Can\'t for the life of me place them.',
        "You heard someone say '{Q}' {when} \u2014 who was that?",
        "That line at the {P}, \"{Q}\" \u2014 who said it {when}?",
        "I keep replaying this in my head on the drive home and it's "
        'driving me mad. Somebody said "{Q}" {when}, and I just can\'t '
        "think who \u2014 who was it that said it?",
        "speaker of '{Q}' {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_during": (
        'What thing was in front of me when {S} came out with "{Q}" '
        "{when}, d'ya reckon?",
        'Object visible while {S} said "{Q}" {when}',
        "That moment {when} when {S} said '{Q}': which object was in view?",
        'You were there when {S} said "{Q}" {when} \u2014 what object '
        "could we see?",
        "obj in view when {S} said '{Q}' {when}?",
        "I was trying to describe the scene to a friend over dinner and "
        'got completely stuck. {When} {S} said "{Q}" \u2014 what object '
        "was in view at that moment?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_during": (
        'Location of the camera wearer at the moment {S} said "{Q}" {when}',
        "Where was I at when {S} said '{Q}' {when}? Haven't a clue meself.",
        'When {S} said "{Q}" {when}, where were we, you and me?',
        "'{Q}', said by {S} {when} \u2014 where was I when that was said?",
        "Bit of a random one, and I know I should have written it down at "
        'the time. {S} said "{Q}" at some point {when}; where was I when '
        "that happened?",
        "my location when {S} said '{Q}' {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_visit_at": (
        "What time did I first rock up at the {P} {when}, roughly?",
        "Timestamp of first arrival at the {P} {when} (approximate)",
        "The {P} {when} \u2014 about what time did I first get there?",
        "You'd have seen when I first reached the {P} {when} \u2014 about "
        "what time was it?",
        "1st arrival at the {P} {when}, approx time?",
        "The parking meter nearly got me a ticket, which is half the "
        "reason I'm asking. Roughly what time did I first turn up at the "
        "{P} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "usual_place": (
        "Most frequent location at which {N} is seen",
        "Where would I usually run into {N}, would ya say?",
        "You've seen me bump into {N} plenty \u2014 where does that mostly "
        "happen?",
        "{N} \u2014 where is it I usually see them?",
        "I was going to drop a birthday card off but realised I don't have "
        "an address. Where is it that I usually see {N}, most of the time?",
        "usual place i see {N}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_object": (
        "Which of these did I clap eyes on first {when}: {L}?",
        "Earliest-sighted object {when}, from: {L}",
        "Those things I saw {when} \u2014 which came first: {L}?",
        "You were watching along with me {when}; which did we see first: "
        "{L}?",
        "1st seen {when}: {L}?",
        "I'm trying to put together a little diary of the day and the "
        "order's all jumbled. Which of these did I see first {when}: {L}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_place": (
        "First location visited {when}, among: {L}",
        "Where'd I head to first {when}, was it {L}?",
        "You tagged along {when} \u2014 which place did we hit first: {L}?",
        "The places I went {when} \u2014 which one was first: {L}?",
        "My step counter says I walked miles, no wonder my feet hurt. Out "
        "of these places, which one did I go to first {when}: {L}?",
        "1st place {when}: {L}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_speaker": (
        "Who piped up first {when}, reckon \u2014 {L}?",
        "First speaker {when}, among: {L}",
        "The people who talked {when}: who spoke first out of {L}?",
        "You heard them all {when} \u2014 who spoke first: {L}?",
        "who spoke 1st {when}: {L}?",
        "There's a bet going at work and I'd love to settle it once and "
        "for all. Of these people, who spoke first {when}: {L}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_mention": (
        "Earliest item mentioned in conversation {when}, from: {L}",
        "Which got brought up first in the chat {when}: {L}?",
        "You were listening in {when} \u2014 which of these came up first in "
        "conversation: {L}?",
        "The talk {when} \u2014 which was mentioned first: {L}?",
        "I've a terrible memory for who said what and in what order. When "
        "people were talking {when}, which of these got mentioned first: "
        "{L}?",
        "1st mentioned {when}: {L}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_sightings": (
        "How many separate times {be} the {O} in view {when}, would ya "
        "reckon?",
        "Number of distinct occasions on which the {O} {be} visible {when}",
        "The {O} {be} in view {when} \u2014 how many separate times, "
        "exactly?",
        "You were keeping an eye out {when}: how many separate times {be} "
        "the {O} in view?",
        "# times the {O} {be} in view {when}?",
        "I'm convinced I kept seeing the same thing over and over, and it's "
        "bugging me. How many separate times {be} the {O} in view {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_conversations": (
        "Number of distinct conversations in which {S} spoke {when}",
        "In how many separate chats did {S} have a say {when}, would ya "
        "say?",
        "You heard all the talking {when} \u2014 in how many separate "
        "conversations did {S} speak?",
        "Conversations {when} where {S} spoke: how many separate ones?",
        "Someone told me I never let anyone get a word in, which seems "
        "unfair. Anyway, in how many separate conversations did {S} speak "
        "{when}?",
        "# convos w/ {S} speaking {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_visits": (
        "How many times did I end up at the {P} {when}? Heaps, I'd say, "
        "but how many?",
        "Number of distinct visits to the {P} {when}",
        "The {P} \u2014 how many separate times was I there {when}?",
        "You came along {when}; how many separate times were we at the "
        "{P}?",
        "# visits to the {P} {when}?",
        "The staff are starting to recognise me, which is a bit "
        "embarrassing. How many separate times was I at the {P} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_where_object": (
        "Speaker present at the location where the {O} {be} observed "
        "{when}",
        "Who was yakking away at the spot where I saw the {O} {when}?",
        "You saw the {O} with me {when}; who spoke at that place?",
        "The place where the {O} {be} {when} \u2014 who spoke there?",
        "I remember the {O} clearly but nothing about the people, which is "
        "typical of me. Who spoke at the place where I saw the {O} {when}?",
        "speaker at place w/ the {O} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_at_first_meeting": (
        "What thing could I see the first time I heard {N} talking "
        "{when}, reckon?",
        "Object in view during the first scene in which {N} is heard "
        "speaking {when}",
        "The first time I heard {N} speak {when} \u2014 what object was in "
        "view?",
        "You'd have heard {N} speak for the first time {when} along with "
        "me \u2014 what object was in view in that scene?",
        "obj in view, 1st time {N} heard speaking {when}?",
        "I'm writing a thank-you note and want to mention something "
        "specific. Thinking back to the first time I heard {N} speak "
        "{when}, what object was in view?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_both": (
        "Identity of the speaker heard at both the {P1} and the {P2}",
        "Who was it spoke at the {P1} and at the {P2} both, would ya know?",
        "You were with me at the {P1} and the {P2} \u2014 who spoke at "
        "both?",
        "The {P1} and the {P2}: who spoke at both of them?",
        "Funny how you keep bumping into the same faces around town. Who "
        "was it that spoke both at the {P1} and at the {P2}?",
        "speaker at both the {P1} & the {P2}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_after_sign": (
        'After the spot with the "{T}" sign {when}, where\'d I head next?',
        "Next location visited after the place where the sign '{T}' was "
        "seen {when}",
        "That '{T}' sign {when} \u2014 where did I go next after the place I "
        "saw it?",
        'You saw the sign that read "{T}" {when}; where did we go next '
        "after that place?",
        "next place after sign '{T}' {when}?",
        "I took a wrong turn at some point and I'm trying to retrace it. "
        '{When} I passed a sign that said "{T}" \u2014 where did I go next '
        "after that place?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_place_near": (
        "Speaker other than the wearer at the {P} around {C} {when}",
        "Who else was talking at the {P} round about {C12} {when} \u2014 not "
        "me, like?",
        "You were with me at the {P} {when} around {C12}; who, besides me, "
        "spoke there?",
        "The {P}, about {C} {when} \u2014 who spoke there, apart from me?",
        "The receipt in my pocket has a time on it and not much else. "
        "Around {C12} {when}, at the {P}, who other than me was speaking?",
        "who spoke at the {P} ~{C} {when}, not me?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_last_visit": (
        "What was the thing in view the last time I was down at the {P} "
        "{when}, reckon?",
        "Object visible during the final visit to the {P} {when}",
        "The {P}, my last visit there {when} \u2014 what object was in view?",
        "You were with me the last time I was at the {P} {when} \u2014 what "
        "object could we see?",
        "obj in view, last visit to the {P} {when}?",
        "I think I might have left something behind, though that's another "
        "story. What object was in view the last time I was at the {P} "
        "{when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_at": (
        "Text of the sign observed at the {P} {when}",
        "What did the sign at the {P} say, the one I saw {when}? Grand if "
        "ya can tell me.",
        "You saw the sign at the {P} with me {when} \u2014 what did it say?",
        "That sign at the {P} {when}: what did it say?",
        "I meant to take a photo of it and of course forgot. What did the "
        "sign I saw at the {P} {when} say?",
        "sign text at the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_during": (
        'When {S} came out with "{Q}" {when}, what\'d the sign in view say?',
        "Text of the sign visible while {S} said '{Q}' {when}",
        'The sign in view when {S} said "{Q}" {when} \u2014 what did it say?',
        "You were there while {S} said '{Q}' {when} \u2014 what did the sign "
        "in view say?",
        "sign text when {S} said '{Q}' {when}?",
        "My cousin swears there was a sign nearby, and I've no memory of it "
        'at all. While {S} was saying "{Q}" {when}, what did the sign in '
        "view say?",
    ),
}
