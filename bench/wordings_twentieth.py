"""Twentieth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  The
voices imitate the written, neutral style of people who author published
video question-answering benchmarks and other assistants' test sets:

1. An egocentric-video benchmark author.  Wherever the question refers to
   the wearer and no placeholder stands for them, the wearer is named in the
   third person as the camera wearer (or, where a speaker placeholder could
   itself be the wearer, the camera is named instead so the sentence still
   reads correctly).  Otherwise the wording is plain annotation prose.
2. An author who frames every question against the recording, opening with
   a short phrase that points at the video, footage or recording before the
   question itself.
3. A long-video benchmark author who puts the anchor of the question -- the
   clock time, the triggering moment, the place, the scope or the time
   reference -- at the front or as early as the sentence allows, and then
   asks very briefly.
4. A crowd-worker writing plain, slightly wordy questions that spell things
   out with full noun phrases rather than pronouns or shorthand.
5. An author of a personal-assistant test set writing natural first-person
   questions with everyday verbs.
6. An author who writes each question as one compact sentence that starts
   with the question word and, where the meaning is unchanged, swaps the
   usual nouns for more formal ones.

Apart from voice 1, the person asking is the camera wearer in the first
person.  No voice adds a fact, hints at an answer or changes what is asked.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "In the recording {when}, {wh} did {S} say {rest}?",
        "What did {S} say about {about} at approximately {C} {when}?",
        "What did {S} say on the topic of {about} at around {C12} {when}?",
        "Around {C12} {when}, what did {S} say about {about}?",
        "What statement did {S} make about {about} at about {C} {when}?",
        "What was {S} saying about {about} around {C12} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Who was the speaker of the line '{Q}' {when}?",
        'According to the footage, who said "{Q}" {when}?',
        "For the line '{Q}' {when}, who was the speaker?",
        'Who was the person who said the words "{Q}" {when}?',
        "Who came out with '{Q}' {when}?",
        'Which individual said "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        'In the video, what object was in view when {S} said "{Q}" {when}?',
        "Which object was visible at the moment {S} said '{Q}' {when}?",
        'What was the object that was in view at the time when {S} said the words "{Q}" {when}?',
        "At the moment {S} said '{Q}' {when}, what object was in view?",
        'Which item was in view when {S} said "{Q}" {when}?',
        "What object could I see when {S} said '{Q}' {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        'Where was the camera when {S} said "{Q}" {when}?',
        "Based on the recording, where was I when {S} said '{Q}' {when}?",
        'When {S} said "{Q}" {when}, where was I?',
        "What was the place where I was at the time that {S} said '{Q}' {when}?",
        'Where did I happen to be when {S} said "{Q}" {when}?',
        "Which location was I in when {S} said '{Q}' {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "From the video, roughly what time did I first arrive at the {P} {when}?",
        "At approximately what time did the camera wearer first reach the {P} {when}?",
        "At about what time of day did I arrive at the {P} for the first time {when}?",
        "On the first arrival at the {P} {when}, roughly what time was it?",
        "What was the approximate time of my first arrival at the {P} {when}?",
        "Around what time did I first show up at the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Where does the camera wearer usually see {N}?",
        "Based on the recordings, where do I usually see {N}?",
        "Across all days, where do I usually see {N}?",
        "What is the place where I see {N} most of the time?",
        "Where do I tend to see {N}?",
        "At which location do I usually see {N}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "In the video, which of {L} did I see first {when}?",
        "Which of {L} did the camera wearer see first {when}?",
        "Among {L}, which one was the first that I saw {when}?",
        "Of {L}, which appeared first {when}?",
        "Which item among {L} did I see first {when}?",
        "Which of {L} did I spot first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Which of {L} did the camera wearer go to first {when}?",
        "According to the footage, which of {L} did I go to first {when}?",
        "Of {L}, which was visited first {when}?",
        "Out of {L}, which place was the first one that I went to {when}?",
        "Which of {L} did I head to first {when}?",
        "Which location among {L} did I visit first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "In the recording, who among {L} spoke first {when}?",
        "Which of {L} spoke first {when}?",
        "Out of {L}, which person was the first one to say something {when}?",
        "Of {L}, who talked first {when}?",
        "Which individual among {L} spoke first {when}?",
        "Who out of {L} spoke up first {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Which of {L} was the first to be mentioned in conversation {when}?",
        "Based on the recording, which of {L} was mentioned first in conversation {when}?",
        "Of {L}, which came up first in conversation {when}?",
        "Out of {L}, which one was the first that somebody mentioned in a conversation {when}?",
        "Which of {L} got brought up first in conversation {when}?",
        "Which one of {L} was mentioned earliest in conversation {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "In the video, how many separate times {be} the {O} in view {when}?",
        "On how many separate occasions {be} the {O} in the camera wearer's view {when}?",
        "What is the number of separate times that the {O} {be} in view {when}?",
        "How many separate times {when} {be} the {O} in view?",
        "How many distinct times {be} the {O} visible {when}?",
        "How many separate times {be} the {O} in front of me {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "In how many separate conversations did {S} take part as a speaker {when}?",
        "In the footage, how many separate conversations did {S} speak in {when}?",
        "How many separate conversations {when} did {S} speak in?",
        "What is the total number of separate conversations that {S} spoke in {when}?",
        "How many separate conversations did {S} talk in {when}?",
        "How many separate discussions did {S} speak in {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "According to the footage, how many separate times did I go to the {P} {when}?",
        "How many separate times did the camera wearer go to the {P} {when}?",
        "What is the number of separate trips that I made to the {P} {when}?",
        "How many separate times {when} did I go to the {P}?",
        "How many separate visits did I pay to the {P} {when}?",
        "How many separate times did I head over to the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who spoke at the place where the camera wearer saw the {O} {when}?",
        "In the video, who spoke at the place where I saw the {O} {when}?",
        "At the place where I saw the {O} {when}, who spoke?",
        "Who was the person who spoke at the place in which I saw the {O} {when}?",
        "Who was talking in the place where I spotted the {O} {when}?",
        "Which individual spoke at the location where I saw the {O} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "Based on the recording, what object was in view the first time I heard {N} speak {when}?",
        "What object was in view the first time the camera wearer heard {N} speak {when}?",
        "On the first occasion that I heard the voice of {N} {when}, what was the object that was in view?",
        "On first hearing {N} speak {when}, what object was in view?",
        "Which item was in view when I first heard {N} speak {when}?",
        "What object could I see the first time I heard {N} talk {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Who was a speaker at both the {P1} and the {P2}?",
        "In the recordings, who spoke at both the {P1} and the {P2}?",
        "At both the {P1} and the {P2}, who spoke?",
        "Who is the person that spoke both at the {P1} and also at the {P2}?",
        "Who talked at both the {P1} and the {P2}?",
        "Which individual spoke at both the {P1} and the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'In the video, where did I go next after the place with the "{T}" sign {when}?',
        "Where did the camera wearer go next after the place with the '{T}' sign {when}?",
        'After leaving the place that had the sign reading "{T}" {when}, what was the next place that I went to?',
        "Right after the place with the '{T}' sign {when}, where did I go?",
        'Which location did I go to next after the place with the "{T}" sign {when}?',
        "Where did I head next after the place with the '{T}' sign {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Other than the camera wearer, who spoke at the {P} around {C} {when}?",
        "In the footage, apart from me, who spoke at the {P} around {C12} {when}?",
        "Around {C} {when} at the {P}, who spoke apart from me?",
        "Not including myself, who was speaking at the {P} at approximately {C12} {when}?",
        "Who was talking at the {P} around {C} {when}, not counting me?",
        "Who besides me spoke at the {P} at about {C12} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "According to the footage, what object was in view the last time I was at the {P} {when}?",
        "What object was in view during the camera wearer's last visit to the {P} {when}?",
        "On the final occasion that I was at the {P} {when}, what was the object that I could see?",
        "On my last visit to the {P} {when}, what object was in view?",
        "Which item was in view the last time I was at the {P} {when}?",
        "What object did I see the last time I went to the {P} {when}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What did the sign that the camera wearer saw at the {P} {when} say?",
        "In the video, what did the sign at the {P} {when} say?",
        "At the {P} {when}, what did the sign say?",
        "What were the words written on the sign that was at the {P} {when}?",
        "What was written on the sign I spotted at the {P} {when}?",
        "What text appeared on the sign at the {P} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        'Based on the recording, what did the sign in view say when {S} said "{Q}" {when}?',
        "What did the visible sign read at the moment {S} said '{Q}' {when}?",
        'At the time that {S} said the words "{Q}" {when}, what was written on the sign that was in view?',
        "As {S} said '{Q}' {when}, what did the sign in view say?",
        'What text was on the sign in view when {S} said "{Q}" {when}?',
        "What was the sign in front of me saying when {S} said '{Q}' {when}?",
    ),
}
