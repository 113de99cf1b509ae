"""Seventeenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. Typed fast on a phone and sent without checking: all lower case, no
   apostrophes ("whats", "wheres", "whos", "dont", "cant"), often no final
   question mark, and usually one autocorrect slip that puts a real but
   wrong word in place of a common one -- "were was i when ...", "witch of
   ...", "did i fist get to", "herd", "sigh" for "sign", "write when" for
   "right when", "conversions".  The slip is always a real word (never a
   letter jumble) and never falls inside a name, place, quote, time or
   listed choice.
2. An it-cleft, the way people talk when a detail is on the tip of their
   tongue -- "Who was it that said ...?", "What place was it that I was at
   when ...?", "Roughly what time was it that I first got to ...?", "How
   many separate times was it that ...?".
3. The reason for asking comes first, in the same sentence, and leads into
   the question with "so" -- "I'm filling in a timesheet and need a start
   time, so roughly what time did I first ...?", "I'm retracing my route,
   so after ... where did I go next?".  The reason never names a person,
   place, object or time and never hints at an answer.
4. A follow-up typed in a chat that is already going -- "ok, next one:",
   "Also --", "One more:", "Thanks. Now,", "Different question:", "Got it,
   thanks. And ...".  The opener never refers back to any earlier answer
   or adds a fact.
5. A careful asker who stresses the word that matters with *asterisks* or
   CAPITALS so it cannot be misread -- "did I *first* get to", "How many
   SEPARATE times", "at *both* the ...", "*apart from me*", "WHO said",
   "The actual words, please.".  Only the asker's own words are stressed.
6. A friendly chat message with an emoji or two as a tone marker and
   contractions -- "Hey! ... 🤔", "Totally blanking 😅", "... 🙏 thanks!",
   "Ugh, can't remember 🙈", "👀".  The emoji never stand for a word,
   a time, a place or an answer.

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
        "What was it that {S} said about {about} at around {C} {when}?",
        "cant remember something {S} sad {when} - {wh} did {S} say {rest}",
        "ok, next one: what did {S} say about {about} around {C12} {when}?",
        "I need to act on something {S} said {when} and I don't want to get it wrong, so {wh} did {S} say "
        "{rest}?",
        "Hey, what did {S} say about {about} around {C12} {when}? Totally blanking \U0001f605",
        "What *exactly* did {S} say about {about} at around {C} {when}? The actual words, please.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "whos the person that said '{Q}' {when}",
        'Who was it that said "{Q}" {when}?',
        "I'd like to follow up with whoever said '{Q}' {when}, but I don't know who that was, so who said it?",
        'Also \u2014 who said "{Q}" {when}?',
        "WHO said '{Q}' {when}? I just need the name.",
        'Ugh, can\'t remember who said "{Q}" {when} \U0001f648 who was it?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "Which object was it that was in view at the moment {S} said '{Q}' {when}?",
        'whats the object that was in view write when {S} said "{Q}" {when}',
        "One more: when {S} said '{Q}' {when}, what object was in view?",
        "I'm trying to work out what I was looking at during a conversation, so what object was in view at "
        'the moment {S} said "{Q}" {when}?',
        "\U0001f914 When {S} said '{Q}' {when}, what object was in view right then?",
        'What object was in view at the *exact* moment {S} said "{Q}" {when}?',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "were was i when {S} said '{Q}' {when}",
        'What place was it that I was at when {S} said "{Q}" {when}?',
        "I'm retracing my steps and want to pin down one moment, so where was I when {S} said '{Q}' {when}?",
        'ok and where was I when {S} said "{Q}" {when}?',
        "Where was *I* when {S} said '{Q}' {when}? Which place?",
        'Where was I when {S} said "{Q}" {when}? \U0001f648 Can\'t place it at all.',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Roughly what time was it that I first got to the {P} {when}?",
        "roughly what time did i fist get to the {P} {when}",
        "Thanks. Now, roughly what time did I first get to the {P} {when}?",
        "I'm filling in a timesheet and need a start time, so roughly what time did I first get to the {P} "
        "{when}?",
        "Hey! Roughly what time did I first get to the {P} {when}? \U0001f64f",
        "Roughly what time did I *first* get to the {P} {when}? No need to be exact to the minute.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "whats the place i usually see {N} at",
        "Where is it that I usually see {N}?",
        "I'd like to catch {N} in person, so where do I usually see {N}?",
        "Different question: where do I usually see {N}?",
        "Where do I *usually* see {N}? Just the place.",
        "Where do I usually see {N}? \U0001f914",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Of {L}, which one was it that I saw first {when}?",
        "witch of {L} did i see first {when}",
        "And another one \u2014 of {L}, which did I see first {when}?",
        "I'm putting my notes in order and need the sequence right, so of {L}, which did I see first {when}?",
        "Of {L}, which did I see first {when}? \U0001f440",
        "Of {L}, which did I see FIRST {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "of {L} which one did i go too first {when}",
        "Which of {L} was it that I went to first {when}?",
        "I'm writing up my route and want the order right, so of {L}, which did I go to first {when}?",
        "ok next: of {L}, which did I go to first {when}?",
        "Of {L}, which did I go to *first* {when}?",
        "Of {L}, which did I go to first {when}? \U0001f64f thanks!",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Of {L}, who was it that spoke first {when}?",
        "who spoke fist {when} out of {L}",
        "Follow-up: of {L}, who spoke first {when}?",
        "I'm writing up notes on a conversation and need the order of speakers, so of {L}, who spoke first "
        "{when}?",
        "Hey! Of {L}, who spoke first {when}? \U0001f60a",
        "Of {L}, who spoke *first* {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "of {L} which one was mentioned first in conversion {when}",
        "Of {L}, which was it that got mentioned first in conversation {when}?",
        "I'm tracing how a topic came up, so of {L}, which was mentioned first in conversation {when}?",
        "Also, of {L}, which was mentioned first in conversation {when}?",
        "Of {L}, which was *mentioned* first in conversation {when}?",
        "Of {L}, which was mentioned first in conversation {when}? \U0001f914",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "How many separate times was it that the {O} {be} in view {when}?",
        "how many separate times {be} the {O} in view {when}, lost count",
        "Next question: how many separate times {be} the {O} in view {when}?",
        "I'm checking how often something turned up, so how many separate times {be} the {O} in view {when}?",
        "How many separate times {be} the {O} in view {when}? Lost count \U0001f605",
        "How many *separate* times {be} the {O} in view {when}? Just the number.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "how many separate conversions did {S} speak in {when}",
        "How many separate conversations was it that {S} spoke in {when}?",
        "I'm keeping a log of conversations, so in how many separate conversations did {S} speak {when}?",
        "ok, and in how many separate conversations did {S} speak {when}?",
        "In how many SEPARATE conversations did {S} speak {when}?",
        "In how many separate conversations did {S} speak {when}? \U0001f914 just the number is fine",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "How many separate times was it that I went to the {P} {when}?",
        "how many separate times did i go two the {P} {when}",
        "One more thing \u2014 how many separate times did I go to the {P} {when}?",
        "I'm tallying my trips for an expense claim, so how many separate times did I go to the {P} {when}?",
        "How many separate times did I go to the {P} {when}? \U0001f648",
        "How many *separate* times did I go to the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "who spoke at the place were i saw the {O} {when}",
        "Who was it that spoke at the place where I saw the {O} {when}?",
        "I'd like to ask around about the {O}, so who spoke at the place where I saw the {O} {when}?",
        "Next: who spoke at the place where I saw the {O} {when}?",
        "Who spoke at the *place* where I saw the {O} {when}?",
        "Who spoke at the place where I saw the {O} {when}? \U0001f64f",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "What object was it that was in view the first time I heard {N} speak {when}?",
        "the first time i herd {N} speak {when}, whats the object that was in view",
        "Got it, thanks. And the first time I heard {N} speak {when}, what object was in view?",
        "I'm trying to piece together the first time I heard {N} speak {when}, so what object was in view at "
        "that moment?",
        "The first time I heard {N} speak {when}, what object was in view? \U0001f440",
        "The *first* time I heard {N} speak {when}, what object was in view?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "whos the one who spoke at both the {P1} and the {P2}",
        "Who was it that spoke at both the {P1} and the {P2}?",
        "I'm matching up people across two places, so who spoke at both the {P1} and the {P2}?",
        "Another one: who spoke at both the {P1} and the {P2}?",
        "Who spoke at *both* the {P1} and the {P2}?",
        "Who spoke at both the {P1} and the {P2}? \U0001f914",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'Where was it that I went next after the place with the "{T}" sign {when}?',
        "after the place with the '{T}' sigh {when} where did i go next",
        'ok, and after the place with the "{T}" sign {when}, where did I go next?',
        "I'm retracing my route, so after the place with the '{T}' sign {when}, where did I go next?",
        'After the place with the "{T}" sign {when}, where did I go next? \U0001f64f',
        "After the place with the '{T}' sign {when}, where did I go *next*?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "apart from me who spoke at the {P} around {C12} {when}, dont need me in the list",
        "Apart from me, who was it that spoke at the {P} around {C} {when}?",
        "I'm noting down who took part in the talking, so apart from me, who spoke at the {P} around {C12} "
        "{when}?",
        "Also \u2014 apart from me, who spoke at the {P} around {C} {when}?",
        "Who spoke at the {P} around {C12} {when}, *apart from me*?",
        "Apart from me, who spoke at the {P} around {C} {when}? \U0001f60a",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "What object was it that was in view the last time I was at the {P} {when}?",
        "the last time i was at the {P} {when}, whats the object that was in view",
        "Thanks! Next: the last time I was at the {P} {when}, what object was in view?",
        "I'm trying to picture the {P} as I last saw it, so the last time I was at the {P} {when}, what "
        "object was in view?",
        "The last time I was at the {P} {when}, what object was in view? \U0001f914",
        "The *last* time I was at the {P} {when}, what object was in view?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "what did the sign at the {P} {when} say, cant remember the words",
        "What was it that the sign I saw at the {P} {when} said?",
        "I want to look the place up again, so what did the sign I saw at the {P} {when} say?",
        "Different one: what did the sign at the {P} {when} say?",
        "What did the sign at the {P} {when} *say*? The actual words, please.",
        "What did the sign at the {P} {when} say? \U0001f440",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "What was it that the sign in view said when {S} said '{Q}' {when}?",
        'whats on the sign that was in view when {S} said "{Q}" {when}',
        "And one last thing \u2014 when {S} said '{Q}' {when}, what did the sign in view say?",
        "I'm trying to work out where a conversation happened, so when {S} said \"{Q}\" {when}, what did the "
        "sign in view say?",
        "When {S} said '{Q}' {when}, what did the sign in view say? \U0001f605",
        'When {S} said "{Q}" {when}, what did the *sign* in view say?',
    ),
}
