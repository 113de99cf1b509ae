"""Nineteenth set of fresh question templates for the video-memory QA benchmark.

The voice of this set is imperfect but understandable English, the way real
people type when they are careless or when English is not their first
language.  Every bank holds exactly six ``str.format`` templates, one per
voice:

1. Keyboard slips: one or two of the asker's own words carry a typing error
   (two letters swapped, a letter doubled, dropped or replaced by its
   neighbour on the keyboard).  The slip never produces a real word and
   never falls inside a name, place, quote, time, sign or listed choice.
   Capitals and apostrophes are kept as normal.
2. A learner of English: a dropped article, a wrong tense or agreement, a
   missing auxiliary verb, or statement word order kept inside a question.
3. Run-together words and stray punctuation: a space missing between two of
   the asker's own words, a space before a comma or question mark, doubled
   or mixed end punctuation.  Nothing is ever glued onto a placeholder.
4. A busy adult's text-speak: ordinary words cut to common short forms,
   digits or symbols standing in for short words, and a brief courtesy
   abbreviation at the end.  No teenage slang.
5. A learner who picks a slightly wrong but understandable word: a
   near-synonym, a calque or an odd preposition or adverb that a native
   speaker would not choose, with the meaning of the question unchanged.
6. Typed in a hurry: a few words a little out of order, or one word typed
   twice.

The person asking is always the camera wearer ("I", "me").  Every template
starts with a capital letter, so none of them is lower-cased.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "What did {S} said about {about} at around {C} {when}?",
        "Waht did {S} say about {about} arround {C12} {when}?",
        "Wht did {S} say abt {about} approx {C12} {when}? thx",
        "Forgotsomething {S} said {when} .. {wh} did {S} say {rest} ?",
        "What about {about} did {S} say around {C12} {when}?",
        "What did {S} tell about {about} at approximately {C} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        'Who siad "{Q}" {when}? Just need teh name.',
        "Who was person that said '{Q}' {when}?",
        'Whosaid "{Q}" {when}?? ,just the name',
        "Pls, who said '{Q}' {when}? Need the name, thx",
        'Who pronounced "{Q}" {when}?',
        "Who said said '{Q}' {when}? Who was it?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "What object was in view in moment when {S} said '{Q}' {when}?",
        'What obejct was in veiw when {S} said "{Q}" {when}?',
        "When {S} said '{Q}' {when}, wht obj was in view? thx",
        'When {S} said "{Q}" {when} ,what object was inview??',
        "What object in view was when {S} said '{Q}' {when}?",
        'What object stood in my sight when {S} said "{Q}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "Wehre was I when {S} said '{Q}' {when}?",
        'Where I was when {S} said "{Q}" {when}?',
        "Wherewas I when {S} said '{Q}' {when}?? which place .",
        'Where was I when {S} said "{Q}" {when}? Need the loc pls',
        "Where was I situated when {S} said '{Q}' {when}?",
        'Where was I was when {S} said "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Roughly what time I first arrived to the {P} {when}?",
        "Roughly what tiem did I frist get to the {P} {when}?",
        "Approx what time did I 1st get to the {P} {when}? thx",
        "Roughly whattime did I first get to the {P} {when} ??",
        "What time roughly did I get first to the {P} {when}?",
        "At approximately which hour did I firstly reach the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Where do I usaully see {N}?",
        "Where I usually see {N}?",
        "Wheredo I usually see {N} ?!",
        "Where do I usu see {N}? Just the place pls",
        "In which place do I mostly see {N}?",
        "Where usually do I see {N}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "From {L}, which one I saw first {when}?",
        "Of {L}, whihc did I see frist {when}?",
        "Of {L}, which did I see 1st {when}? thx",
        "Of {L} ,whichone did I see first {when}?",
        "Of {L}, which first did I see {when}?",
        "Of {L}, which did I see foremost {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Of {L}, which did I go to firts {when}?",
        "From {L}, which one I went first {when}?",
        "Of {L} ,which did I goto first {when}??",
        "Of {L}, which did I go 2 first {when}? thx",
        "Of {L}, which did I reach firstly {when}?",
        "Which of {L} first did I go to {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "From {L}, who was speak first {when}?",
        "Of {L}, who sopke first {when}?",
        "Of {L}, who spoke 1st {when}? thx",
        "Of {L} ,whospoke first {when}?!",
        "Who of {L} spoke {when} first?",
        "Of {L}, whose voice sounded first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Of {L}, which was mentinoed first in conversaton {when}?",
        "Of {L}, which one was mention first in conversation {when}?",
        "Of {L},which was mentioned first inconversation {when}??",
        "Of {L}, which was mentioned 1st in convo {when}? thx",
        "Of {L}, which got named first in conversation {when}?",
        "Of {L}, which was first mentioned first in conversation {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "How many separate time the {O} {be} in view {when}?",
        "How many seperate times {be} the {O} in veiw {when}?",
        "How many separate times {be} the {O} in view {when}? Just the no. pls",
        "Howmany separate times {be} the {O} in view {when} ?,",
        "How many times separate {be} the {O} in view {when}?",
        "On how many apart occasions {be} the {O} in view {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "In how many seperate converstaions did {S} speak {when}?",
        "In how many separate conversation {S} spoke {when}?",
        "Inhow many separate conversations did {S} speak {when} ?",
        "How many separate convos did {S} speak in {when}? Just the no. pls",
        "In how many separate talks did {S} speak {when}?",
        "In how many separate conversations {S} did speak {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "How many separate time I went to {P} {when}?",
        "How many separate tiems did I go to the {P} {when}?",
        "Pls count: how many separate times did I go 2 the {P} {when}? thx",
        "How many separate times did I goto the {P} {when}?!",
        "How many separate times did I go the to {P} {when}?",
        "How many separate times did I make a travel to the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who spoek at the place where I saw teh {O} {when}?",
        "Who spoke at place where I have seen the {O} {when}?",
        "Who spoke at the place whereI saw the {O} {when}??",
        "Who spoke @ the place where I saw the {O} {when}? pls",
        "Who spoke at the place where I looked the {O} {when}?",
        "Who spoke at the place where the {O} I saw {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "What object was in view first time I heard {N} speaking {when}?",
        "What object was in view the frist time I hread {N} speak {when}?",
        "The 1st time I heard {N} speak {when}, wht obj was in view?",
        "The first time I heard {N} speak {when} ,what object was inview?",
        "What object was in view the time first I heard {N} speak {when}?",
        "The first time I listened {N} talking {when}, what object was in sight?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Who spoke at btoh the {P1} and the {P2}?",
        "Who did speak at both {P1} and {P2}?",
        "Who spoke atboth the {P1} and the {P2} ?!",
        "Who spoke @ both the {P1} & the {P2}? thx",
        "Who told something at both the {P1} and the {P2}?",
        "Who who spoke at both the {P1} and the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'Where I went next after place with the "{T}" sign {when}?',
        "Where did I go nxet after the place with the '{T}' sgin {when}?",
        'Where did I go next after the place w/ the "{T}" sign {when}? thx',
        "After the place with the '{T}' sign {when} ,where did I gonext??",
        'After the place with the "{T}" sign {when}, where next did I go?',
        "Following the place that had the '{T}' plate {when}, where did I go next?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Apart frmo me, who spoke at the {P} aruond {C12} {when}?",
        "Except me, who was speak at {P} around {C} {when}?",
        "Apartfrom me,who spoke at the {P} around {C12} {when}??",
        "Apart from me, who spoke at the {P} approx {C} {when}? thx",
        "Other from me, who spoke at the {P} near {C12} {when}?",
        "Who apart from me at the {P} spoke around {C} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "What object was in view last time I am at {P} {when}?",
        "The lsat time I was at the {P} {when}, what obejct was in view?",
        "The last time I was @ the {P} {when}, wht obj was in view?",
        "The last time I was at the {P} {when} ,whatobject was in view??",
        "What object the last time I was at the {P} {when} was in view?",
        "The latest time I was at the {P} {when}, what object was in sight?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What did teh sign at the {P} {when} sya?",
        "What was saying the sign at {P} {when}?",
        "Whatdid the sign at the {P} {when} say ?!",
        "Wht did the sign at the {P} {when} say? Exact words pls",
        "What did the sign at the {P} {when} tell?",
        "What did say the sign at the {P} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        'What the sign in view said when {S} said "{Q}" {when}?',
        "When {S} said '{Q}' {when}, what did the sgin in veiw say?",
        'When {S} said "{Q}" {when}, wht did the sign in view say? thx',
        "When {S} said '{Q}' {when} ,what did thesign in view say??",
        'When {S} said "{Q}" {when}, what did the sign in in view say?',
        "When {S} said '{Q}' {when}, what did the sign in sight tell?",
    ),
}
