"""Twenty-fourth set of fresh question templates for the video-memory QA benchmark.

Every bank holds exactly six ``str.format`` templates, one per voice.  All six
voices are careful, articulate native speakers who deliberately steer clear of
the stock vocabulary that questions of this kind usually lean on, choosing
natural everyday alternatives instead while keeping each question plain.

1. A solicitor: formal, complete direct questions in precise, slightly
   elevated wording.
2. A schoolteacher: courteous requests that ask the listener to supply the
   detail.
3. A journalist: states what needs to be established as a plain declarative
   sentence rather than asking outright.
4. An editor: short, economical direct questions with nothing superfluous.
5. A retired librarian of reflective temperament: muses aloud, wondering about
   the detail.
6. A novelist who types everything in lower case: relaxed, idiomatic wording
   with contractions and full punctuation.

The person asking is always the camera wearer.  No template adds a fact,
hints at an answer, or changes what its bank asks.

Split rule: template n, counted from 1, is held-out when n is even and dev
when n is odd.  Banks alternate voice order: the first bank (and every
other one after it) lists voices in order (2, 1, 4, 3, 6, 5); the banks
between them list voices in order (1, 2, 3, 4, 5, 6).  That way every voice
lands in the held-out split in some banks and in the dev split in others.
"""

FRESH_BANKS: dict[str, tuple[str, ...]] = {
    # order (2, 1, 4, 3, 6, 5)
    "said": (
        "Could you tell me what {S} mentioned about {about} at around {C} {when}?",
        "What remark did {S} make about {about} at approximately {C12} {when}?",
        "What did {S} mention about {about} near {C} {when}?",
        "I'd like to pin down a remark {S} made {when}: {wh} did {S} mention {rest}?",
        "i've half forgotten something {S} brought up {when}. {wh} did {S} mention {rest}?",
        "I wonder what {S} remarked regarding {about} at around {C12} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "speaker_of": (
        "Who uttered the words '{Q}' {when}?",
        'Could you tell me who came out with "{Q}" {when}?',
        "I'd like to know who made the remark '{Q}' {when}.",
        'Who remarked "{Q}" {when}?',
        "I wonder who voiced the line '{Q}' {when}.",
        'remind me who piped up with "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_during": (
        "Could you tell me what item was visible when {S} uttered '{Q}' {when}?",
        "Which item was within the camera's frame at the moment {S} stated \"{Q}\" {when}?",
        "What item was on camera as {S} remarked '{Q}' {when}?",
        'I\'d like to know which item I had before my eyes when {S} used the words "{Q}" {when}.',
        "what thing was in shot right as {S} came out with '{Q}' {when}?",
        'I wonder which item showed up on camera just as {S} remarked "{Q}" {when}.',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "place_during": (
        "At which location was I when {S} uttered '{Q}' {when}?",
        'Could you tell me where I was when {S} came out with "{Q}" {when}?',
        "I'd like to know my whereabouts at the moment {S} remarked '{Q}' {when}.",
        'Where was I as {S} stated "{Q}" {when}?',
        "I wonder where I happened to be when {S} used the words '{Q}' {when}.",
        'where was i right when {S} piped up with "{Q}" {when}?',
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_visit_at": (
        "Could you tell me roughly when I first arrived at the {P} {when}?",
        "Approximately when did I first reach the {P} {when}?",
        "Roughly when did I first get to the {P} {when}?",
        "I'd like a rough idea of when I first turned up at the {P} {when}.",
        "around when did i first show up at the {P} {when}?",
        "I wonder roughly when I first made my way to the {P} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "usual_place": (
        "At which location do I usually encounter {N}?",
        "Could you tell me where I usually cross paths with {N}?",
        "I'd like to know where I most often come across {N}.",
        "Where do I usually meet {N}?",
        "I wonder where I generally catch sight of {N}.",
        "where am i usually when i run into {N}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_object": (
        "Could you tell me which of {L} I noticed first {when}?",
        "Of {L}, which item came into my field of vision earliest {when}?",
        "Which of {L} showed up on camera first {when}?",
        "I'd like to know which of {L} I spotted first {when}.",
        "out of {L}, which did i clap eyes on first {when}?",
        "I wonder which of {L} I caught sight of first {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_place": (
        "Of {L}, which location did I visit first {when}?",
        "Could you tell me which of {L} I got to first {when}?",
        "I'd like to know which of {L} I arrived at first {when}.",
        "Which of {L} did I reach first {when}?",
        "I wonder which of {L} I stopped at first {when}.",
        "out of {L}, which did i make it to first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "first_speaker": (
        "Could you tell me which of {L} was heard first {when}?",
        "Of {L}, whose voice was audible first {when}?",
        "Of {L}, who was first to pipe up {when}?",
        "I'd like to know which of {L} was the earliest to be heard {when}.",
        "out of {L}, who got a word in first {when}?",
        "I wonder which of {L} uttered the first words {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "first_mention": (
        "Of {L}, which was the first to be mentioned in discussion {when}?",
        "Could you tell me which of {L} got mentioned first {when}?",
        "I'd like to know which of {L} was brought up first {when}.",
        "Which of {L} was first mentioned aloud {when}?",
        "I wonder which of {L} came up first in discussion {when}.",
        "out of {L}, which one got a mention first {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_sightings": (
        "Could you tell me on how many separate occasions the {O} {be} visible {when}?",
        "On how many distinct occasions {be} the {O} within the camera's frame {when}?",
        "On how many occasions {be} the {O} on camera {when}?",
        "I'd like a count of the separate occasions when the {O} {be} in frame {when}.",
        "any idea on how many separate occasions the {O} {be} in shot {when}?",
        "I wonder how many separate occasions there were when the {O} {be} before my eyes {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "count_conversations": (
        "In how many distinct discussions did {S} take part {when}?",
        "Could you tell me how many separate chats {S} joined in {when}?",
        "I'd like a count of the separate discussions {S} contributed to {when}.",
        "How many separate exchanges was {S} heard in {when}?",
        "I wonder how many separate discussions {S} chimed in on {when}.",
        "how many separate chats did {S} get a word in {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "count_visits": (
        "Could you tell me how many separate visits I paid to the {P} {when}?",
        "On how many distinct occasions did I visit the {P} {when}?",
        "How many separate trips did I make to the {P} {when}?",
        "I'd like a count of my separate visits to the {P} {when}.",
        "how often did i drop by the {P} {when}? separate visits, i mean.",
        "I wonder on how many separate occasions I called in at the {P} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_where_object": (
        "Who was heard at the location where I noticed the {O} {when}?",
        "Could you tell me who piped up at the spot where I caught sight of the {O} {when}?",
        "I'd like to know who was audible at the location where the {O} showed up on camera {when}.",
        "Who chatted where I spotted the {O} {when}?",
        "I wonder who was chatting at the spot where the {O} caught my eye {when}.",
        "who was doing the chatting where i clapped eyes on the {O} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_at_first_meeting": (
        "Could you tell me what item was visible when I first heard {N} pipe up {when}?",
        "Which item was within the camera's frame on the first occasion I heard {N}'s voice {when}?",
        "What item was on camera when {N} first piped up {when}?",
        "I'd like to know which item I had before my eyes when I first heard {N} chatting {when}.",
        "when i first heard {N} chatting {when}, what thing was in shot?",
        "I wonder which item was visible when {N} first made a remark {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_both": (
        "Which person was heard at both the {P1} and the {P2}?",
        "Could you tell me who chatted at both the {P1} and the {P2}?",
        "I'd like to know who piped up at the {P1} as well as at the {P2}.",
        "Who was audible at both the {P1} and the {P2}?",
        "I wonder who joined in at both the {P1} and the {P2}.",
        "who got a word in at both the {P1} and the {P2}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "place_after_sign": (
        "Could you tell me where I headed next after the spot displaying the '{T}' notice {when}?",
        'To which location did I proceed next, after the one with the "{T}" placard {when}?',
        "Where did I head next after the spot with the '{T}' board {when}?",
        'I\'d like to know where I made my way to next after the location with the "{T}" signage {when}.',
        "after the spot where '{T}' was written up {when}, where did i end up next?",
        'I wonder where I turned up next after the spot with the "{T}" lettering {when}.',
    ),
    # order (1, 2, 3, 4, 5, 6)
    "spoke_at_place_near": (
        "Other than myself, who was heard at the {P} at approximately {C12} {when}?",
        "Could you tell me who, apart from me, chatted at the {P} around {C} {when}?",
        "I'd like to know who besides me was audible at the {P} at about {C12} {when}.",
        "Excluding me, who piped up at the {P} near {C} {when}?",
        "I wonder who, aside from me, was chatting at the {P} around {C12} {when}.",
        "leaving me out, who got a word in at the {P} around {C} {when}?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "object_last_visit": (
        "Could you tell me what item was visible on my last visit to the {P} {when}?",
        "On my final visit to the {P} {when}, which item was within the camera's frame?",
        "What item was on camera during my last stop at the {P} {when}?",
        "I'd like to know which item I had before my eyes on the last occasion I was at the {P} {when}.",
        "on my last visit to the {P} {when}, what thing was in shot?",
        "I wonder which item showed up on camera when I last called in at the {P} {when}.",
    ),
    # order (1, 2, 3, 4, 5, 6)
    "sign_at": (
        "What wording appeared on the notice at the {P} {when}?",
        "Could you tell me what the board at the {P} read {when}?",
        "I'd like to know the wording of the placard at the {P} {when}.",
        "What did the lettering at the {P} read {when}?",
        "I wonder what was written on the signage at the {P} {when}.",
        "what did the notice at the {P} {when} read, word for word?",
    ),
    # order (2, 1, 4, 3, 6, 5)
    "sign_during": (
        "Could you tell me what the visible notice read when {S} uttered '{Q}' {when}?",
        'What wording appeared on the board within the camera\'s frame as {S} stated "{Q}" {when}?',
        "What did the notice on camera read as {S} remarked '{Q}' {when}?",
        'I\'d like to know the wording of the placard I had before my eyes when {S} came out with "{Q}" {when}.',
        "when {S} piped up with '{Q}' {when}, what did the lettering in shot read?",
        'I wonder what the board in frame read when {S} used the words "{Q}" {when}.',
    ),
}
