"""Fifteenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. A tired parent asking while minding a small child, breaking off mid-
   question to say something to the child and then carrying on -- "hang on
   -- put that down, please -- sorry,", "no, sweetheart, not now --",
   "inside voice, please --".  The asides never name anyone, never mention
   a place, object, time or order word, so the question itself is unchanged.
2. A podcast host introducing a segment -- "Today on the show we're asking:
   ...", "Welcome back, listeners. This week's mystery: ...", "On this
   week's episode we're counting ...", "The question for this segment --".
3. Phrasebook English from a visitor: short fragments, the topic first,
   simple grammar, "please" at the end -- "The ... . I arrived first time --
   what time, about? Please.", "Things: ... . Which I saw first ...?
   Please.", "Sign: '...'. After that place, I went where?".
4. A programmer thinking in pseudo-code but writing English, all lower case
   -- "given ..., return ...", "among ..., return the one ...", "count the
   separate ...; return the number", "on event: ... -> return ...".
5. Archaic, Shakespearean English -- "Pray tell,", "spake", "whither ...
   thence", "mine eyes", "how oft", "save myself", "am I wont to", "set
   foot in".  Old words only where their meaning is plain.
6. A radio operator on an open channel -- "Control, come in.", "Control,
   location check.", "Requesting ...", "tally request:", always signing off
   with "Over.".

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
        "Today on the show we're asking just one thing: what did {S} say about {about} at around {C12} {when}?",
        "Quick one about something {S} said {when} \u2014 no, sweetheart, put that down \u2014 okay, sorry: "
        "{wh} did {S} say {rest}?",
        "find what {S} said on the topic of {about} at around {C} {when}; return the words",
        "Please, a question. Topic: {about}. Time: about {C12} {when}. What did {S} say?",
        "Control, come in. Something {S} said {when} \u2014 {wh} did {S} say {rest}? Over.",
        "Pray tell, what spake {S} of {about} near the hour of {C12} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Somebody said '{Q}' {when} and \u2014 no, not in your mouth! \u2014 sorry. Who said it?",
        'Welcome back, listeners. Someone said "{Q}" {when}, and this week\'s mystery is: who said it?',
        "Someone said '{Q}' {when}. Who? The name, please.",
        'given the quote "{Q}" heard {when}, return the name of the speaker',
        "Whose voice spake the words '{Q}' {when}? Pray tell me who.",
        'Control, do you read? Someone said "{Q}" {when}. Who was the speaker? Over.',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "On today's episode: {S} said '{Q}' {when}, and we want to know what object was in view at that very "
        "moment.",
        'When {S} said "{Q}" {when} \u2014 hang on \u2014 put that down, please \u2014 what object was in view '
        "right then?",
        "on event: {S} said '{Q}' {when} -> return the object in view at that instant",
        'Moment: {S} said "{Q}" {when}. Object in view then \u2014 what was it, please?',
        "Control, requesting a visual. At the moment {S} said '{Q}' {when}, what object was in view? Over.",
        'Pray, what object lay before mine eyes when {S} spake "{Q}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "Hang on \u2014 stop that, please \u2014 sorry. What place was I at when {S} said '{Q}' {when}?",
        'Today on the show: {S} said "{Q}" {when}. The question for this segment \u2014 where was I when that '
        "was said?",
        "When {S} said '{Q}' {when} \u2014 I was where? Which place, please?",
        'find the place I was at when {S} said "{Q}" {when}; return just that place',
        "Whither had I wandered when {S} spake '{Q}' {when}? In what place was I, pray?",
        'Control, location check. When {S} said "{Q}" {when}, where was I? Over.',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Today on the show we're asking: roughly what time did I first get to the {P} {when}?",
        "Roughly what time did I first \u2014 no, put it back, please \u2014 first get to the {P} {when}?",
        "return the approximate time I first arrived at the {P} {when}; minute precision not required",
        "The {P} {when}. I arrived first time \u2014 what time, about? Please.",
        "Control, request arrival time at the {P} {when}. Roughly what time did I first get there? Over.",
        "At what hour, roughly, did I first set foot in the {P} {when}? Pray tell.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Where do I usually \u2014 sit down, please, sweetheart \u2014 where do I usually see {N}?",
        "Time for the segment about the people in my life. Today: where do I usually see {N}?",
        "Person: {N}. Usual place I see {N} \u2014 where? Please.",
        "return the place where I usually see {N}, i.e. the one where I see {N} most often",
        "Where am I wont to see {N}? Pray tell me the place.",
        "Control, this is me. Where do I usually see {N}? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Our question today: of {L}, which did I see first {when}?",
        "Which of {L} did I \u2014 oh, careful, careful! \u2014 sorry \u2014 which of them did I see first {when}?",
        "among {L}, return the one I saw earliest {when}",
        "Things: {L}. Which I saw first {when}? Please.",
        "Control, sighting order request: of {L}, which did I see first {when}? Over.",
        "Of {L}, which did mine eyes first behold {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Of {L} \u2014 no, we're not doing that \u2014 which did I go to first {when}?",
        "On today's show, a question with a list attached: {L}. Which of those places did I go to first {when}?",
        "Places: {L}. Which one I went to first {when}? Please.",
        "sort {L} by the time of my first visit {when} and return the head of the list",
        "Which of {L} did my feet first carry me to {when}, pray?",
        "Control, route check. Of {L}, which did I go to first {when}? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Welcome back! Today's question: who spoke first {when} \u2014 {L}?",
        "Who spoke first {when}, out of {L}? \u2014 hey, give that back, please \u2014 sorry, which of them was it?",
        "among {L}, return whoever spoke first {when}",
        "People: {L}. Who spoke first {when}? Please.",
        "Control, comms check. Of {L}, who was first to speak {when}? Over.",
        "Who spake first {when}: {L}? Pray, tell me which.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Which of these was mentioned first in conversation {when} \u2014 no, sweetheart, not now \u2014 {L}?",
        "Today on the show, a word race: {L}. Which was mentioned first in conversation {when}?",
        "Words: {L}. In conversation {when}, which one was mentioned first? Please.",
        "among {L}, return whichever was mentioned first in conversation {when}",
        "Of {L}, which was first spoken of in conversation {when}? Pray tell.",
        "Control, keyword watch: {L}. Which was mentioned first in conversation {when}? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "Today on the show, we're counting: how many separate times {be} the {O} in view {when}?",
        "How many separate times \u2014 hang on, stop climbing, please \u2014 {be} the {O} in view {when}?",
        "count the separate occasions the {O} {be} in view {when}; return the number",
        "The {O} {be} in view {when} \u2014 how many separate times? Please.",
        "Control, need a count. How many separate times {be} the {O} in view {when}? Over.",
        "How oft {be} the {O} within my sight {when}? Count each separate time, I pray.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "In how many separate conversations did {S} speak {when}? \u2014 no, inside voice, please \u2014 sorry, "
        "just the number.",
        "On this week's episode we're counting conversations. In how many separate ones did {S} speak {when}?",
        "Please, how many? Separate conversations where {S} spoke {when} \u2014 the number, please.",
        "count the separate conversations {S} spoke in {when}; return the number",
        "Pray tell, in how many separate conversations did {S} speak {when}? Count each but once.",
        "Control, tally request: in how many separate conversations did {S} speak {when}? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "Today on the show: the {P}. How many separate times did I go there {when}?",
        "How many separate times did I go to \u2014 not now, love \u2014 to the {P} {when}?",
        "count my separate visits to the {P} {when}; return the number",
        "The {P}. How many separate times I went there {when}? Please.",
        "Control, visit count: how many separate times did I go to the {P} {when}? Over.",
        "How oft did I betake myself to the {P} {when}? Each separate time, pray.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who spoke at the place where I saw the {O} {when}? \u2014 hey, that's not yours \u2014 sorry, who was it?",
        "Today's puzzle: I saw the {O} at some place {when}. Who spoke at that place?",
        "I saw the {O} {when}. At that place \u2014 who spoke? Please.",
        "find the place where I saw the {O} {when}, then return who spoke there",
        "Where the {O} met mine eyes {when}, who spake in that place?",
        "Control, the place where I saw the {O} {when} \u2014 who spoke there? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "Today on the show: the first time I heard {N} speak {when}. What object was in view?",
        "The first time I heard {N} speak {when} \u2014 no, put that back, please \u2014 what object was in view?",
        "find the first time I heard {N} speak {when}; return the object in view at that moment",
        "Person: {N}. First time I heard {N} speak {when} \u2014 object in view, which? Please.",
        "Control, re {N}: the first time I heard {N} speak {when}, what object was in view? Over.",
        "When first I heard {N} speak {when}, what object lay within my sight? Pray tell.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Who spoke at both the {P1} and \u2014 sweetheart, please, one minute \u2014 and the {P2}?",
        "Two places on today's show, the {P1} and the {P2}. The question: who spoke at both?",
        "The {P1}. The {P2}. Who spoke at both places, please?",
        "intersect the speakers at the {P1} with the speakers at the {P2}; return whoever is in both",
        "Who spake both at the {P1} and at the {P2}? Pray, who was it?",
        "Control, cross-check: who spoke at both the {P1} and the {P2}? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        "Today on the show we're following my trail: after the place with the '{T}' sign {when}, where did I "
        "go next?",
        'After the place with the "{T}" sign {when} \u2014 no, we don\'t throw things \u2014 where did I go next?',
        "find the place with the sign '{T}' {when}; return the next place I went to after it",
        'Sign: "{T}". After that place {when}, I went where? Next place, please.',
        "Control, tracking request. After the place with the '{T}' sign {when}, where did I go next? Over.",
        'Having left the place whose sign read "{T}" {when}, whither did I go next?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Apart from me, who spoke at the {P} \u2014 no, don't touch \u2014 around {C12} {when}?",
        "Today on the show: the {P}, around {C} {when}. Apart from me, who spoke there?",
        "The {P}, about {C12} {when}. Other people, not me \u2014 who spoke there? Please.",
        "list the speakers at the {P} around {C} {when}, excluding me",
        "Who, save myself, spake at the {P} about the hour of {C12} {when}?",
        "Control, at the {P} around {C} {when}, who spoke besides me? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "Today on the show: my last visit to the {P} {when}. What object was in view?",
        "The last time I was at the {P} {when} \u2014 shh, shh, it's okay \u2014 what object was in view?",
        "take my last visit to the {P} {when}; return the object in view during it",
        "The {P}, last visit {when}. Object in view \u2014 what? Please.",
        "Control, re my last visit to the {P} {when}: what object was in view? Over.",
        "When last I stood within the {P} {when}, what object lay before mine eyes?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What did the sign at the {P} {when} \u2014 hands to yourself, please \u2014 what did it say?",
        "Today on the show, a reading challenge: the sign I saw at the {P} {when}. What did it say?",
        "The {P} {when}. Sign there \u2014 what words? Please.",
        "read the sign I saw at the {P} {when} and return its text",
        "What words were writ upon the sign at the {P} {when}? Pray tell.",
        "Control, the sign I saw at the {P} {when} \u2014 what did it say? Over.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        'Today on the show: {S} said "{Q}" {when}, and a sign was in view. What did it say?',
        "When {S} said '{Q}' {when} \u2014 hang on, hang on, wait for me \u2014 what did the sign in view say?",
        'on event: {S} said "{Q}" {when} -> return the text of the sign in view',
        "Moment: {S} said '{Q}' {when}. Sign in view \u2014 what words? Please.",
        'Control, when {S} said "{Q}" {when}, what did the sign in view say? Over.',
        "When {S} spake '{Q}' {when}, what words did the sign before mine eyes bear?",
    ),
}
