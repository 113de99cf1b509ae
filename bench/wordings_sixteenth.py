"""Sixteenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. A starship captain dictating a log entry and then querying the ship's
   computer -- "Captain's log, supplemental.", "Personal log.", "Computer,
   ...?", "Report the count.", "End log.", "first contact with ...".  The
   log framing never adds a crew member, a ship's name or any other fact.
2. A telegram: capitals for every word the asker writes (the filled-in
   names, places, quotes and times keep their own case), articles often
   dropped, "STOP" between sentences, no question marks -- "FIRST ARRIVAL AT
   ... STOP ROUGHLY WHAT TIME STOP", "NAME ONLY STOP", "REPLY PAID STOP".
3. English translated word for word from Japanese: the topic first with
   "As for ...," or "Regarding ...,", the question word moved to the very
   end -- "... is which?", "... is who?", "... was what?", "... is how
   many?" -- and "Please teach me." for "please tell me".
4. A fill-in-the-blank (cloze) exercise: a first-person statement with a
   gap "____" where the answer goes, sometimes with the kind of answer
   named -- "Fill in the blank with a number: I went to the ... ____
   separate times ...", "Complete the sentence: ...".
5. A chef writing a recipe card or calling a kitchen ticket -- "Recipe card
   -- ingredients: ... Method: ... Serve: ...", "Kitchen ticket:",
   "Today's special question:", "sift out", "plate up".  Kitchen words
   only as plain metaphors for find, keep, count and answer.
6. A line or two of light verse, lines split by " / ", a loose rhyme where
   one comes easily -- "Of all the conversations ... / in how many separate
   ones did ... speak? / Just the number is what I seek.".

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
        "NEED WHAT {S} SAID ABOUT {about} AROUND {C12} {when} STOP EXACT WORDS PLEASE STOP",
        "Captain's log, supplemental. Something {S} said {when} is missing from my log. "
        "Computer: {wh} did {S} say {rest}?",
        "Complete the sentence: at around {C} {when}, on the subject of {about}, {S} said ____.",
        "As for {about}, the thing {S} said at about {C12} {when} was what? Please teach me.",
        "Near {C12} {when} {S} spoke of {about} / and now the words escape me \u2014 / what did {S} say?",
        "Kitchen ticket: something {S} said {when}. Sift out the rest and plate up just this \u2014 "
        "{wh} did {S} say {rest}?",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Captain's log, supplemental. Someone said '{Q}' {when}. Computer, identify the speaker: who said it?",
        'WHO SAID "{Q}" {when} STOP NAME ONLY STOP',
        "As for the words '{Q}' {when}, the person who said them is who?",
        'Fill in the blank with a name: the words "{Q}" were said {when} by ____.',
        "Kitchen ticket: one line, '{Q}', heard {when}. Plate me the name of whoever said it.",
        'Someone said "{Q}" {when} / and I am left to wonder who \u2014 / who said it? Name them true.',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "{S} SAID '{Q}' {when} STOP WHAT OBJECT IN VIEW AT THAT MOMENT STOP",
        'Captain\'s log, supplemental. At the moment {S} said "{Q}" {when}, something was on my viewscreen. '
        "Computer: what object was in view right then?",
        "Fill in the blank with an object: when {S} said '{Q}' {when}, the object in view at that moment was ____.",
        'Regarding the moment {S} said "{Q}" {when}, the object that was in view at that time was what?',
        "The moment {S} said '{Q}' {when}, / something was before my eyes \u2014 / what object was in view "
        "right then?",
        'Recipe card \u2014 base: the moment {S} said "{Q}" {when}. Method: pick out the object in view at '
        "that very moment. Serve: the object.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "Personal log. Position check: where was I when {S} said '{Q}' {when}? Computer, name the place.",
        'WHERE WAS I WHEN {S} SAID "{Q}" {when} STOP PLACE ONLY STOP',
        "As for when {S} said '{Q}' {when}, the place I was at then is which?",
        'Fill in the blank with a place: when {S} said "{Q}" {when}, I was at the ____.',
        "Kitchen ticket: the moment {S} said '{Q}' {when}. Plate up the place where I was right then.",
        'When {S} said "{Q}" {when}, / where was I standing, where was I then? / Which place was it?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "FIRST ARRIVAL AT {P} {when} STOP ROUGHLY WHAT TIME STOP",
        "Captain's log, supplemental. Arrival times at the {P} {when} are not in my log. Computer: roughly "
        "what time did I first get there?",
        "Fill in the blank with a rough time: I first got to the {P} {when} at about ____.",
        "As for the {P} {when}, the time I first arrived there was about what time?",
        "Off to the {P} {when} I went \u2014 / what was the hour, roughly told, / when I first got there?",
        "Recipe card \u2014 ingredient: the {P} {when}. Method: find when I first got there. Serve: the rough "
        "time; no need to be exact to the minute.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "Captain's log, supplemental. Query for the computer: in which place do I usually see {N}?",
        "WHERE DO I USUALLY SEE {N} STOP PLACE ONLY STOP",
        "As for {N}, the place where I usually see {N} is where?",
        "Fill in the blank with a place: I usually see {N} at the ____.",
        "Today's special question: {N}. Where do I usually see {N}? Just the place, plated simply.",
        "Where does my path most often cross with {N}? / Where do I usually see {N}? / Name me that place.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "OF {L} WHICH DID I SEE FIRST {when} STOP ONE ANSWER STOP",
        "Captain's log, supplemental. Sighting order unclear. Computer: of {L}, which did I see first {when}?",
        "Fill in the blank with one of {L}: the first of them I saw {when} was ____.",
        "As for {L}, among them the one I saw first {when} is which?",
        "Out of {L}, / one met my eye before the rest {when} \u2014 / which one did I see first?",
        "Today's tasting menu: {L}. Which did I see first {when}? Serve me just that one.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Captain's log. Course history needed. Computer: of {L}, which did I go to first {when}?",
        "PLACES {L} STOP WHICH DID I GO TO FIRST {when} STOP",
        "As for {L}, the place I went to first {when} is which?",
        "Fill in the blank with one of {L}: the first of those places I went to {when} was ____.",
        "Recipe card \u2014 ingredients: {L}. Method: line them up in the order I first went to them {when}. "
        "Serve: the one at the front.",
        "Of {L}, / which did I go to first {when}, / before the rest? Which place?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "WHO SPOKE FIRST {when} STOP CHOICES {L} STOP",
        "Captain's log, supplemental. Comms review. Computer: of {L}, who spoke first {when}?",
        "Fill in the blank with one of {L}: the first of them to speak {when} was ____.",
        "As for {L}, the person who spoke first {when} is who?",
        "Of {L}, / who spoke up before the rest {when}? / Who spoke first?",
        "Kitchen ticket: {L}. Who spoke first {when}? Plate me that one name.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Captain's log, supplemental. Computer: of {L}, which was mentioned first in conversation {when}?",
        "WORDS {L} STOP WHICH MENTIONED FIRST IN CONVERSATION {when} STOP",
        "As for {L}, in conversation {when}, the one mentioned first is which?",
        "Fill in the blank with one of {L}: in conversation {when}, the first of them to be mentioned was ____.",
        "Recipe card \u2014 ingredients: {L}. Method: go through the conversation {when} and see which one is "
        "mentioned first. Serve: that one.",
        "In conversation {when}, / of {L}, / which was the first to be mentioned?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "HOW MANY SEPARATE TIMES {be} THE {O} IN VIEW {when} STOP NUMBER ONLY STOP",
        "Captain's log, supplemental. Tracking the {O}. Computer: how many separate times {be} the {O} in view "
        "{when}?",
        "Fill in the blank with a number: the {O} {be} in view ____ separate times {when}.",
        "As for the {O}, the separate times that the {O} {be} in view {when}, they are how many?",
        "I'd like to know, and plainly hear: / how many separate times {be} the {O} in view {when}?",
        "Recipe card \u2014 ingredient: the {O}. Method: count each separate time the {O} {be} in view {when}. "
        "Serve: the number.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "Captain's log, supplemental. Computer, a tally: in how many separate conversations did {S} speak {when}?",
        "IN HOW MANY SEPARATE CONVERSATIONS DID {S} SPEAK {when} STOP NUMBER ONLY STOP",
        "Regarding conversations {when}, the separate ones in which {S} spoke are how many?",
        "Fill in the blank with a number: {S} spoke in ____ separate conversations {when}.",
        "Recipe card: take the conversations {when}, keep each separate one where {S} spoke, and count them. "
        "Serve: the number.",
        "Of all the conversations {when}, / in how many separate ones did {S} speak? / Just the number is what "
        "I seek.",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "HOW MANY SEPARATE TIMES DID I GO TO THE {P} {when} STOP NUMBER ONLY STOP",
        "Personal log. Computer: how many separate times did I go to the {P} {when}? Report the count. End log.",
        "Fill in the blank with a number: I went to the {P} ____ separate times {when}.",
        "As for the {P}, the number of separate times I went there {when} is how many?",
        "The {P}: I'd like it counted plain \u2014 / how many separate times did I go there {when}?",
        "Recipe card \u2014 ingredient: the {P}. Method: count my separate visits there {when}. Serve: one number.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Captain's log, supplemental. Computer: who spoke at the place where I saw the {O} {when}?",
        "I SAW THE {O} {when} STOP WHO SPOKE AT THAT PLACE STOP",
        "As for the place where I saw the {O} {when}, the person who spoke there is who?",
        "Fill in the blank with a name: at the place where I saw the {O} {when}, ____ spoke.",
        "Recipe card \u2014 start with the place where I saw the {O} {when}. Method: listen for who spoke there. "
        "Serve: the speaker.",
        "Where I saw the {O} {when}, / someone there had words to say \u2014 / who spoke at that place?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "FIRST TIME I HEARD {N} SPEAK {when} STOP WHAT OBJECT IN VIEW STOP",
        "Captain's log, supplemental. First contact with {N}: the first time I heard {N} speak {when}. "
        "Computer, what object was in view?",
        "Fill in the blank with an object: the first time I heard {N} speak {when}, the object in view was ____.",
        "As for {N}, at the first time I heard {N} speak {when}, the object in view was what?",
        "The first time I heard {N} speak {when}, / what object was there in view? / That is what I'd like "
        "from you.",
        "Recipe card \u2014 base: the first time I heard {N} speak {when}. Method: pick out the object in view "
        "at that moment. Serve: the object.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Captain's log, supplemental. Cross-referencing two locations, the {P1} and the {P2}. Computer: who "
        "spoke at both? End log.",
        "WHO SPOKE AT BOTH THE {P1} AND THE {P2} STOP REPLY PAID STOP",
        "As for the {P1} and the {P2}, the person who spoke at both places is who?",
        "Fill in the blank with a name: ____ spoke at both the {P1} and the {P2}.",
        "Recipe card \u2014 two ingredients: the speakers at the {P1} and the speakers at the {P2}. Method: keep "
        "only whoever is in both. Serve: that person.",
        "At the {P1} someone spoke, / and at the {P2} they spoke too \u2014 / who spoke at both?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        'LEFT PLACE WITH SIGN "{T}" {when} STOP WHERE DID I GO NEXT STOP',
        "Captain's log, supplemental. Plotting my course: after the place with the '{T}' sign {when}, where did "
        "I go next? Computer, the next place only.",
        'Fill in the blank with a place: after the place with the "{T}" sign {when}, the next place I went to '
        "was ____.",
        "As for the place with the sign '{T}' {when}, the place I went to next after it is where?",
        'A sign that read "{T}" {when} \u2014 / I left that place and went on to ... where? / Where did I go '
        "next?",
        "Recipe card \u2014 start with the place with the '{T}' sign {when}. Method: follow me out of there to "
        "the very next place. Serve: that place.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Captain's log, supplemental. The {P}, around {C} {when}. Computer: apart from me, who spoke there?",
        "AT THE {P} AROUND {C12} {when} STOP WHO SPOKE BESIDES ME STOP",
        "As for the {P} around {C} {when}, the people who spoke there, apart from me, are who?",
        "Fill in the blank: apart from me, the people who spoke at the {P} around {C12} {when} were ____.",
        "Recipe card \u2014 the {P}, around {C} {when}. Method: sift out my own voice. Serve: whoever else "
        "spoke there.",
        "At the {P} near {C12} {when}, / leave me out \u2014 who else spoke then?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "LAST VISIT TO THE {P} {when} STOP WHAT OBJECT IN VIEW STOP",
        "Captain's log, supplemental. Reviewing my last visit to the {P} {when}. Computer: what object was in "
        "view?",
        "Fill in the blank with an object: the last time I was at the {P} {when}, the object in view was ____.",
        "As for my last visit to the {P} {when}, the object in view then was what?",
        "The last time I was at the {P} {when}, / what object was in view back then?",
        "Recipe card \u2014 base: my last visit to the {P} {when}. Method: pick out the object in view. Serve: "
        "its name.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "Captain's log, supplemental. A sign at the {P} {when} needs entering in the log. Computer: what did "
        "it say?",
        "SIGN AT THE {P} {when} STOP WHAT DID IT SAY STOP EXACT WORDS STOP",
        "As for the sign I saw at the {P} {when}, the words written on it were what?",
        "Fill in the blank with the sign's words: the sign I saw at the {P} {when} said ____.",
        "Recipe card \u2014 ingredient: the sign I saw at the {P} {when}. Method: read it. Serve: its words.",
        "A sign at the {P} {when} \u2014 / I saw it there but lost its text; / what did it say?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "{S} SAID '{Q}' {when} STOP WHAT DID SIGN IN VIEW SAY STOP",
        'Captain\'s log, supplemental. When {S} said "{Q}" {when}, a sign was in view. Computer: what did it '
        "say?",
        "Fill in the blank: when {S} said '{Q}' {when}, the sign in view said ____.",
        'As for the moment {S} said "{Q}" {when}, the sign in view then, what did it say?',
        "When {S} said '{Q}' {when}, / a sign was there in view \u2014 / what words did that sign hold?",
        'Recipe card \u2014 base: the moment {S} said "{Q}" {when}. Method: find the sign in view. Serve: '
        "its words.",
    ),
}
