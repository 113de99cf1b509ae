"""Thirteenth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice:

1. Dictating a diary entry or a note to self that turns into a question
   half-way -- "Dear diary, ... I went to the ... -- hang on, roughly what
   time did I first get there?", "Note to self: ... -- actually, who ...?".
2. Settling a bet or a friendly argument, never naming a candidate answer --
   "Settle a bet for me: ...", "Help me win an argument: ...", "We've got a
   bet on about ... -- so ...?".
3. Spoken self-repair: the asker takes back a word mid-question or searches
   for one ("Roughly what time did I leave -- no, sorry, first arrive at --
   the ...?", "Who said -- wait, let me get the words right -- ...?",
   "the, um, what's it called, the ...").  The word taken back is
   always a generic word (a verb, "first"/"last", "in my hand"), never a
   name, place, time or quote, so the final wording asks exactly one thing.
4. Casual Southern US speech -- "Well shoot,", "I plumb forgot", "I done
   lost count", "might could you", "fixin' to", "where was I at", "hon",
   "who was it spoke first".
5. A formal written letter with salutation and sign-off -- "Dear Assistant,
   I write to enquire ...", "I should be grateful if you would ...",
   "Yours faithfully.", "Kind regards.".
6. Rehearsing an answer for later -- "If anyone asks me ..., what do I tell
   them?", "Just so I've got my answer ready: ...?", "Someone's bound to
   ask me ... -- what's the answer?".

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
        "Note to self: {S} said something about {about} at around {C12} {when} \u2014 hang on, what was it again?",
        "Settle a bet for me: {wh} did {S} say {rest} at the {P} {when}?",
        "What did {S} ask \u2014 sorry, not ask, say \u2014 about {about} at around {C} {when}?",
        "Well shoot, I done plumb forgot {wh} {S} said {rest} {when}. What was it, hon?",
        "Dear Assistant, I write to enquire what {S} said regarding {about} {when}. Yours faithfully.",
        "If anyone asks me what {S} said about {about} at the {P} around {C12} {when}, what should I tell them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "speaker_of": (
        "Help me win an argument: who was it that said '{Q}' {when}?",
        'Note to self: find out who said "{Q}" {when} \u2014 actually, you tell me, who was it?',
        "I'm fixin' to get this straight, so who was it said '{Q}' at the {P} {when}?",
        'Who said \u2014 wait, let me get the words right \u2014 "{Q}" {when}?',
        "Someone's bound to ask me who said '{Q}' {when} \u2014 what's the answer?",
        'Dear Assistant, I should be grateful if you would tell me who said "{Q}" {when}. Kind regards.',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_during": (
        'Dear diary, {S} said "{Q}" {when}, and I was looking at \u2014 hmm, what object was it?',
        "Settle a bet for me: what object was in view when {S} said '{Q}' {when}?",
        'What was I holding \u2014 no, not holding, what object was in view \u2014 when {S} said "{Q}" {when}?',
        "Might could you tell me what object was in view when {S} said '{Q}' {when}? I plumb forgot.",
        'To whom it may concern: please let me know which object was in view at the moment {S} said "{Q}" '
        "{when}. With thanks.",
        "If anybody asks me what object was in view when {S} said '{Q}' {when}, what's my answer?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_during": (
        'We\'ve got a bet on about where I was when {S} said "{Q}" {when} \u2014 so where was I?',
        "Memo to self: work out where I was when {S} said '{Q}' {when} \u2014 actually, can you just tell me where?",
        'Well shoot, where in the world was I at when {S} said "{Q}" {when}?',
        "Where did I go \u2014 no, scratch that, where was I \u2014 when {S} said '{Q}' {when}?",
        'Just so I\'ve got my answer ready if it comes up: where was I when {S} said "{Q}" {when}?',
        "Dear Assistant, would you please advise me of my whereabouts when {S} said '{Q}' {when}? Yours sincerely.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_visit_at": (
        "Dear diary, {when} I went to the {P} \u2014 hang on, roughly what time did I first get there?",
        "Settle a bet: roughly what time did I first get to the {P} {when}?",
        "Roughly what time did I leave \u2014 no, sorry, first arrive at \u2014 the {P} {when}?",
        "Hey hon, about what time did I first get over to the {P} {when}? I done forgot.",
        "Dear Assistant, I would be obliged if you could tell me at approximately what time I first arrived "
        "at the {P} {when}. Yours faithfully.",
        "If somebody asks me roughly what time I first got to the {P} {when}, what should I tell them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "usual_place": (
        "Settle an argument for me: where do I usually see {N}?",
        "Reminder to self: catch {N} at the usual place \u2014 hang on, where is it I usually see {N}?",
        "Where do I usually see {N} at, hon? I'd be much obliged.",
        "Where do I usually meet \u2014 well, not meet, see \u2014 {N}?",
        "If anyone asks me where I usually see {N}, what do I tell them?",
        "Dear Assistant, I should like to know where I usually see {N}. With kind regards.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_object": (
        "Dear diary, I saw all sorts of things {when} \u2014 wait, which of these did I see first: {L}?",
        "Settle a bet for me: which of {L} did I see first {when}?",
        "Which of these did I pick up \u2014 no, see, just see \u2014 first {when}: {L}?",
        "Which of these did I lay eyes on first {when}, hon \u2014 {L}? I'm fixin' to write it down.",
        "Dear Assistant, please inform me which of the following I saw first {when}: {L}. Yours faithfully.",
        "Someone's bound to ask me which I saw first {when} out of {L} \u2014 what's the answer?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_place": (
        "Help me win a bet: which of {L} did I go to first {when}?",
        "Note for the diary: {when} I started off at \u2014 wait, which of {L} did I go to first?",
        "Which of {L} did I head to first {when}? I done lost track, hon.",
        "Which of these places did I go to \u2014 sorry, go to first \u2014 {when}: {L}?",
        "Just so I've got my answer ready if anyone asks: which of {L} did I go to first {when}?",
        "Dear Sir or Madam, I would be grateful to learn which of the following places I visited first "
        "{when}: {L}. Yours sincerely.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_speaker": (
        "Dear diary, the talking started {when} \u2014 hang on, who spoke first: {L}?",
        "Settle a bet: who spoke first {when} \u2014 {L}?",
        "Who spoke \u2014 sorry, who spoke first \u2014 out of {L} {when}?",
        "Who was it spoke first {when}, hon \u2014 {L}?",
        "Dear Assistant, would you kindly tell me which of {L} spoke first {when}? Yours faithfully.",
        "If anyone asks me who spoke first {when} out of {L}, what do I tell them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_mention": (
        "Settle a bet for me: which of these was mentioned first in conversation {when} \u2014 {L}?",
        "Note to self: go back over the conversation {when} \u2014 actually, just tell me, which of these got "
        "mentioned first: {L}?",
        "Which of these came up first in conversation {when}, hon: {L}? I plumb can't recall.",
        "Which of these was said \u2014 sorry, mentioned \u2014 first in conversation {when}: {L}?",
        "If somebody asks me which of {L} was mentioned first in conversation {when}, what do I say?",
        "Dear Assistant, I write to ask which of the following was mentioned first in conversation {when}: "
        "{L}. Yours sincerely.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_sightings": (
        "Note to self: tally up what I saw {when} \u2014 actually, you tell me, how many separate times {be} "
        "the {O} in view?",
        "Settle a bet: how many separate times {be} the {O} in view {when}?",
        "How many separate times {be} the {O} in my hand \u2014 sorry, in view \u2014 {when}?",
        "How many separate times {be} the {O} in view {when}? I done lost count, hon.",
        "Dear Assistant, I should be grateful to know on how many separate occasions the {O} {be} in view "
        "{when}. Yours faithfully.",
        "If anyone asks how many separate times the {O} {be} in view {when}, what number do I give them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_conversations": (
        "Settle a bet for me: in how many separate conversations did {S} speak {when}?",
        "Note to self: count up the conversations {when} \u2014 actually, how many separate ones did {S} speak in?",
        "Lord, I've lost count \u2014 how many separate conversations did {S} speak in {when}?",
        "How many people did {S} talk to \u2014 no, scratch that, how many separate conversations did {S} "
        "speak in {when}?",
        "If I get asked how many separate conversations {S} spoke in {when}, what's the number?",
        "Dear Assistant, I should be grateful to know in how many separate conversations {S} spoke {when}. "
        "Yours sincerely.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_visits": (
        "Dear diary, {when} I went to the {P} \u2014 wait, how many separate times did I go there?",
        "Settle a bet: how many separate times did I go to the {P} {when}?",
        "How many separate times did I go past \u2014 no, go to \u2014 the {P} {when}?",
        "Well shoot, how many separate times did I go over to the {P} {when}?",
        "Dear Assistant, I would be obliged if you could tell me how many separate visits I made to the {P} "
        "{when}. Yours faithfully.",
        "Someone's bound to ask me how many separate times I went to the {P} {when} \u2014 what do I tell them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_where_object": (
        "Settle a bet for me: who spoke at the place where I saw the {O} {when}?",
        "Note to self: {when} I saw the {O} somewhere \u2014 hang on, who spoke at that place?",
        "Now who in the world spoke at the place where I saw the {O} {when}? I plumb forgot.",
        "Who did I see \u2014 no, who spoke \u2014 at the place where I saw the {O} {when}?",
        "If anyone asks who spoke at the place where the {O} {be} {when}, what do I say?",
        "Dear Assistant, I should like to know who spoke at the place where I saw the {O} {when}. Kind regards.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_at_first_meeting": (
        "Dear diary, {when} I heard {N} speak for the first time \u2014 wait, what object was in view then?",
        "Settle a bet: what object was in view the first time I heard {N} speak {when}?",
        "What object was in view the last \u2014 no, the first \u2014 time I heard {N} speak {when}?",
        "What object was in view the first time I heard {N} speak {when}? I'm plumb stumped, hon.",
        "Dear Assistant, I write to ask what object was in view on the first occasion I heard {N} speak "
        "{when}. Yours faithfully.",
        "If anybody asks me what object was in view the first time I heard {N} speak {when}, what should I tell them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_both": (
        "Settle a bet for me: who spoke at both the {P1} and the {P2}?",
        "Note to self: somebody spoke at the {P1} and at the {P2} \u2014 hang on, who was that?",
        "Who's the one that spoke at both the {P1} and the {P2}? I'm fixin' to call 'em.",
        "Who did I see at \u2014 no, who spoke at \u2014 both the {P1} and the {P2}?",
        "If anyone asks me who spoke at both the {P1} and the {P2}, what's my answer?",
        "Dear Assistant, would you be good enough to tell me who spoke at both the {P1} and the {P2}? Yours sincerely.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_after_sign": (
        'Dear diary, {when} I was at the place with the "{T}" sign, and then I went on to \u2014 hang on, where '
        "did I go next?",
        "Settle a bet: where did I go next after the place with the '{T}' sign {when}?",
        'Where did I go before \u2014 sorry, after \u2014 the place with the "{T}" sign {when}? The very next '
        "place, I mean.",
        "Where'd I head off to next after the place with the '{T}' sign {when}? I done forgot, hon.",
        "Dear Assistant, I should be grateful if you could tell me where I went next after the place with "
        'the "{T}" sign {when}. Yours faithfully.',
        "If someone asks me where I went next after the place with the '{T}' sign {when}, what do I tell them?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_place_near": (
        "Settle a bet for me: who, apart from me, spoke at the {P} around {C12} {when}?",
        "Note to self: at the {P} around {C} {when}, someone besides me spoke \u2014 wait, who was it?",
        "Who besides me was talkin' at the {P} around {C12} {when}, hon?",
        "Who was at \u2014 no, who spoke at \u2014 the {P} around {C} {when}, other than me?",
        "If anyone asks who besides me spoke at the {P} at about {C12} {when}, what should I tell them?",
        "Dear Assistant, I write to ask who, other than myself, spoke at the {P} at approximately {C} {when}. "
        "Yours sincerely.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_last_visit": (
        "Dear diary, my last visit to the {P} {when} \u2014 hang on, what object was in view then?",
        "Settle a bet: what object was in view the last time I was at the {P} {when}?",
        "What object was in view the first \u2014 no, the last \u2014 time I was at the {P} {when}?",
        "What object was in view the last time I was over at the {P} {when}? I done forgot, hon.",
        "Dear Assistant, please let me know what object was in view on my last visit to the {P} {when}. "
        "Yours faithfully.",
        "If anyone asks what object was in view on my last visit to the {P} {when}, what's my answer?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_at": (
        "Settle a bet for me: what did the sign I saw at the {P} {when} say?",
        "Dear diary, I saw a sign at the {P} {when} that said \u2014 hmm, what did it say?",
        "What'd that sign at the {P} {when} say, hon? I plumb forgot.",
        "What did the sign at the, um, what's it called, the {P} {when} say?",
        "If anyone asks what the sign at the {P} {when} said, what do I tell them?",
        "Dear Assistant, I should be grateful if you could let me know the wording of the sign I saw at the "
        "{P} {when}. Yours faithfully.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_during": (
        'Dear diary, {S} said "{Q}" {when}, and there was a sign in view \u2014 hang on, what did it say?',
        "Settle a bet for me: what did the sign in view say when {S} said '{Q}' {when}?",
        'What did the sign in view look like \u2014 sorry, say \u2014 when {S} said "{Q}" {when}?',
        "Well shoot, what'd the sign in view say when {S} said '{Q}' {when}?",
        'Dear Assistant, I write to enquire what the sign in view said at the moment {S} said "{Q}" {when}. '
        "Yours sincerely.",
        "If anyone asks me what the sign in view said when {S} said '{Q}' {when}, what should I tell them?",
    ),
}
