"""Ninth set of fresh question wordings, written without sight of existing phrasings.

Every bank holds six ``str.format`` templates, one per voice:

1. Indian English, formal ("Kindly tell me", "what all", "itself", "only" as
   emphasis, "the one who", "do one thing and tell me").
2. Dictated by voice to a phone: all lower case, no punctuation at all except
   inside quotes, filler words ("um", "like", "uh"), run-on phrasing.
3. Investigator / police-report register ("Establish ...", "At what point ...",
   "Identify the individual who ...", "State the number of occasions ...").
4. A child, or very plain words ("the thing I saw", "who talked").
5. Workplace chat / email ("Quick q:", "Can you confirm ...", "Could you pull
   up ...", "-- thanks!").
6. Indirect, hedged, embedded questions ("I was wondering whether you might
   know ...", "I can't recall ..., do you happen to know?", "Any idea ...").

Split rule: template n of a bank, counted from 1, is held-out when n is even and
dev when n is odd.  Banks alternate between voice order (1, 2, 3, 4, 5, 6) and
(2, 1, 4, 3, 6, 5), in the order they appear below, so that every voice lands in
both splits.  The voice of each template is noted in a trailing comment.
"""

from __future__ import annotations

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (1, 2, 3, 4, 5, 6)
    "said": (
        "Kindly tell me, when I was at the {P} {when}, what all {S} said about {about}.",  # v1
        "so um {wh} was it that {S} said {rest} {when} like i totally forgot",  # v2
        "Establish {wh} {S} stated {rest}, with reference to the exchange at approximately {C} {when}.",  # v3
        "what did {S} say about {about} {when}?",  # v4
        "Quick q: can you confirm {wh} {S} said {rest} around {C12} {when}? Thanks!",  # v5
        "I can't recall {wh} {S} said {rest} {when} \u2014 do you happen to know?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "speaker_of": (
        "so um who was it that said like \"{Q}\" {when}",  # v2
        "Do one thing and tell me who is the one who said \"{Q}\" {when}.",  # v1
        "who said \"{Q}\" {when}? i forget who it was",  # v4
        "Identify the individual who stated \"{Q}\" {when} at the {P}.",  # v3
        "Any idea who it was that came out with \"{Q}\" {when}?",  # v6
        "Can you confirm who said \"{Q}\" {when}? Need it for my notes \u2014 thanks!",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_during": (
        "Kindly tell me which object I was seeing at the time {S} said \"{Q}\" {when}.",  # v1
        "um what was i looking at when {S} said \"{Q}\" {when} like what thing was in view",  # v2
        "Identify the object within view at the moment {S} said \"{Q}\" {when}.",  # v3
        "what thing did i see when {S} said \"{Q}\" {when}?",  # v4
        "Could you pull up what object was on camera when {S} said \"{Q}\" {when}? Thanks!",  # v5
        "I can't recall what was in view when {S} said \"{Q}\" {when} \u2014 do you happen to know?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_during": (
        "where was i um when {S} said \"{Q}\" {when} like what place",  # v2
        "Do one thing and tell me at which place I was when {S} said \"{Q}\" {when}.",  # v1
        "where was i when {S} said \"{Q}\" {when}?",  # v4
        "Establish my location at the time {S} said \"{Q}\" {when}.",  # v3
        "I was wondering whether you might know where I was when {S} said \"{Q}\" {when}.",  # v6
        "Quick q: what place was I at when {S} said \"{Q}\" {when}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_visit_at": (
        "At approximately what time did I reach the {P} for the first time {when} itself? Kindly tell me.",  # v1
        "um what time did i first get to the {P} {when} roughly",  # v2
        "Establish the approximate time at which I first arrived at the {P} {when}.",  # v3
        "what time did i get to the {P} the first time {when}?",  # v4
        "Can you confirm roughly what time I first got to the {P} {when}?",  # v5
        "Any idea around what time I first showed up at the {P} {when}?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "usual_place": (
        "um where do i usually like see {N}",  # v2
        "Kindly tell me at which place I am generally seeing {N}.",  # v1
        "where do i see {N} most of the time?",  # v4
        "Identify the location where I most frequently encounter {N}.",  # v3
        "I can't recall where I normally see {N} \u2014 any idea?",  # v6
        "Quick q: where do I usually run into {N}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_object": (
        "Out of these, kindly tell me which one I saw first {when}: {L}.",  # v1
        "um so which one did i see first {when} like out of {L}",  # v2
        "Of the following items, identify the one that came into view first {when}: {L}.",  # v3
        "which thing did i see first {when}: {L}?",  # v4
        "Could you pull up which of these showed up first on camera {when}: {L}? Thanks!",  # v5
        "I was wondering whether you might know which of these I saw first {when}: {L}.",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_place": (
        "uh where did i go first {when} was it {L}",  # v2
        "Do one thing and tell me which place I went to first {when}: {L}.",  # v1
        "where did i go first {when}: {L}?",  # v4
        "Establish which of the following locations I visited first {when}: {L}.",  # v3
        "Any idea which of these places I went to first {when}: {L}?",  # v6
        "Quick q: which of these places did I hit first {when}: {L}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_speaker": (
        "Among these people, kindly tell me who is the one who spoke first {when}: {L}.",  # v1
        "so um who talked first {when} out of {L}",  # v2
        "Identify which of the following individuals spoke first {when}: {L}.",  # v3
        "who talked first {when}: {L}?",  # v4
        "Can you confirm who spoke first {when}? Options: {L}.",  # v5
        "I can't recall who spoke first {when} \u2014 was it {L}?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_mention": (
        "um which of these came up first when people were talking {when} like {L}",  # v2
        "Kindly tell me which one was mentioned first in the conversation {when} itself: {L}.",  # v1
        "which one did somebody talk about first {when}: {L}?",  # v4
        "Establish which of the following was first mentioned in conversation {when}: {L}.",  # v3
        "Any idea which of these got mentioned first in conversation {when}: {L}?",  # v6
        "Quick q: which of these was brought up first in conversation {when}: {L}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_sightings": (
        "Kindly tell me how many separate times the {O} {be} there in view {when}.",  # v1
        "so like how many different times {be} the {O} in view {when}",  # v2
        "State the number of occasions on which the {O} {be} in view {when}.",  # v3
        "how many times {be} the {O} in front of me {when}?",  # v4
        "Quick q: on how many separate occasions {be} the {O} on camera {when}?",  # v5
        "I can't recall how many separate times the {O} {be} in view {when} \u2014 any idea?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_conversations": (
        "um how many different conversations did {S} talk in {when}",  # v2
        "In how many separate conversations did {S} speak {when}? Kindly give me the number only.",  # v1
        "in how many different chats did {S} say something {when}?",  # v4
        "State the number of separate conversations in which {S} spoke {when}.",  # v3
        "I was wondering whether you might know in how many separate conversations {S} spoke {when}.",  # v6
        "Could you pull up how many separate conversations {S} spoke in {when}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_visits": (
        "Kindly tell me how many separate times I was at the {P} {when}.",  # v1
        "so like how many separate times was i at the {P} {when}",  # v2
        "State the number of occasions on which I was present at the {P} {when}.",  # v3
        "how many times was i at the {P} {when}?",  # v4
        "Quick q: how many separate visits did I make to the {P} {when}?",  # v5
        "Any idea how many different times I ended up at the {P} {when}?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_where_object": (
        "um who was talking at the place where i saw the {O} {when}",  # v2
        "Where I saw the {O} {when}, who is the one who spoke at that place itself?",  # v1
        "who talked at the place where i saw the {O} {when}?",  # v4
        "Identify the individual who spoke at the location where the {O} {be} observed {when}.",  # v3
        "I can't recall who was speaking where I saw the {O} {when} \u2014 do you happen to know?",  # v6
        "Can you confirm who spoke at the spot where the {O} {be} in view {when}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_at_first_meeting": (
        "Kindly tell me what object was in view in the scene where I first heard {N} speak {when}.",  # v1
        "um what thing was in view like the first time i heard {N} talk {when}",  # v2
        "Identify the object in view during the scene in which {N} was first heard speaking {when}.",  # v3
        "what thing did i see the first time i heard {N} talk {when}?",  # v4
        "Could you pull up what object was on camera the first time I heard {N} speak {when}?",  # v5
        "Any idea what was in view when I first heard {N} say something {when}?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_both": (
        "um who talked at both the {P1} and the {P2}",  # v2
        "Kindly tell me the one who spoke at the {P1} and at the {P2} also.",  # v1
        "who talked at the {P1} and also at the {P2}?",  # v4
        "Identify the individual who spoke at both the {P1} and the {P2}.",  # v3
        "I was wondering whether you might know who spoke both at the {P1} and at the {P2}.",  # v6
        "Quick q: who spoke at both the {P1} and the {P2}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_after_sign": (
        "After the place where I saw the sign saying \"{T}\" {when}, where did I go next? Kindly tell me.",  # v1
        "so um after the place with the {T} sign where did i go next {when}",  # v2
        "Establish where I proceeded next after leaving the location of the sign reading \"{T}\" {when}.",  # v3
        "where did i go after the place with the sign that said \"{T}\" {when}?",  # v4
        "Can you confirm where I headed next after the place with the \"{T}\" sign {when}?",  # v5
        "Any idea where I went next after the spot where I saw the sign that read \"{T}\" {when}?",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "spoke_at_place_near": (
        "um who else besides me was talking at the {P} around {C12} {when}",  # v2
        "Kindly tell me who, other than me, spoke at the {P} at around {C} {when}.",  # v1
        "who talked at the {P} around {C12} {when}? not me, someone else",  # v4
        "Identify the individual, other than myself, who spoke at the {P} at approximately {C} {when}.",  # v3
        "I can't recall who besides me was speaking at the {P} around {C12} {when} \u2014 any idea?",  # v6
        "Quick q: apart from me, who spoke at the {P} around {C} {when}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "object_last_visit": (
        "The last time I went to the {P} {when}, what object was there in view? Kindly tell me.",  # v1
        "um what thing was in view the last time i was at the {P} {when}",  # v2
        "Identify the object in view during my final visit to the {P} {when}.",  # v3
        "what thing did i see the last time i was at the {P} {when}?",  # v4
        "Could you pull up what object was on camera during my last visit to the {P} {when}? Thanks!",  # v5
        "I was wondering whether you might know what was in view the last time I was at the {P} {when}.",  # v6
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_at": (
        "uh what did the sign at the {P} say {when}",  # v2
        "Kindly tell me what was written on the sign I saw at the {P} {when}.",  # v1
        "what did the sign at the {P} have on it {when}?",  # v4
        "State the text of the sign observed at the {P} {when}.",  # v3
        "I can't recall what the sign I saw at the {P} said {when} \u2014 do you happen to know?",  # v6
        "Can you confirm what the sign at the {P} said {when}?",  # v5
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_during": (
        "Kindly tell me what was written on the sign in view when {S} said \"{Q}\" {when}.",  # v1
        "um what did the sign say like the one in view when {S} said \"{Q}\" {when}",  # v2
        "State the text of the sign in view at the moment {S} said \"{Q}\" {when}.",  # v3
        "what words were on the sign when {S} said \"{Q}\" {when}?",  # v4
        "Could you pull up what the visible sign said while {S} was saying \"{Q}\" {when}?",  # v5
        "Any idea what the sign in view said while {S} said \"{Q}\" {when}?",  # v6
    ),
}
