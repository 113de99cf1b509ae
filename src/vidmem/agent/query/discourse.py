"""A question told in parts — first what happened, then the question about it — read as one question.

People often set the scene before they ask, and point back at it: '"See you at nine." — Rosa said that. What was
in view at that moment?', 'on monday i passed a sign reading "EXIT" — where did i go after that place?',
'I heard Omar say we leave at six - where was I at the time?'. The reader reads a question as the clause asked
plus an anchor clause joined by a connective ("when", "after", "where"); `join_parts` rewrites the told form into
that one: 'What was in view when Rosa said "See you at nine."?'.

Only the form is changed: words are moved, never guessed. A question in one part, or whose first part says
nothing the question points back at, is returned as it was.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from vidmem.agent.lexicon import TEXT_NOUNS
from vidmem.agent.query.framing import is_afterthought, unframed
from vidmem.agent.query.intent import strip_lead, strip_lead_in
from vidmem.agent.query.narration import in_the_past
from vidmem.agent.query.shorthand import apostrophes, plain_words
from vidmem.agent.query.slips import mend_slips

# quoted words: double or typographic quotes, or single quotes around words with a space (not "i'm")
QUOTED = re.compile(r"[\"“”]([^\"“”]{2,})[\"“”]|(?<![\w])'((?:[^']|\b'\b){3,}?\s(?:[^']|\b'\b)*?)'(?![\w])")
_SLOT = "\x00{}\x00"
_SLOT_RE = re.compile(r"\x00(\d+)\x00")

# where one part ends and the next begins: a dash set off by spaces, a sentence end, a semicolon
_BREAK = re.compile(r"\s+[—–]\s*|\s*[—–]\s+|\s+-{1,2}\s+|(?<=[.!?;])\s+(?=\S)|"
                    # "… and where did i go after that" (spoken: with or without the comma)
                    r"(?:,\s*|\s+)(?:but|so|and)\s+(?=(?:what|who|where|when|which|how|at what)\b)")
_ASKS = re.compile(r"^(?:(?:roughly|approximately|about|around|exactly|precisely) )?"
                   r"(?:(?:at|in|on|from|to|near) (?:what|which)|who|whom|whose|what|which|where|when|how)\b|"
                   # a yes-no form asks only with its question mark ("Do not be late." tells)
                   r"^(?:did|does|do|was|were|is|are|can|could|would)\b(?=.*\?\s*$)", re.I)
_SPEECH = re.compile(r"\b(?:said|says|say|saying|told me|tell me|asked me|asks me)\b", re.I)
# "… said that." / "… said it on Monday": the pronoun stands for quoted words in the other part
_SAID_PRONOUN = re.compile(r"\b(said|says|say|told me|asked me|asked)\s+(that|it|this)\b", re.I)
_SAID_END = re.compile(r"\b(said|says|told me|asked me|asked)\s*[.!]?$", re.I)

# "at that moment", "in the same instant"
_AT_THAT = r"(?:at|in) (?:that|the same|this) (?:very )?(?:moment|point|instant|time|second)\b"
# the question's pointer back at the first part, and the connective it becomes
_ADVERB = r"(?P<adverb>(?:right|just|straight|immediately|directly|shortly) )?"
_THAT = r"(?:(?:leaving|visiting|passing|seeing) )?(?:that|this|it)(?: (?P<noun>place|spot|stop|room|one))?\b"
_BACK: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"\b{_ADVERB}after {_THAT}", re.I), "after"),
    (re.compile(rf"\b{_ADVERB}before {_THAT}", re.I), "before"),
    (re.compile(r"\b(?:on )?the (?:very )?(?P<ordinal>first|last|final) (?:occasion|time)\b", re.I), "ordinal"),
    (re.compile(rf"\b{_AT_THAT}|"
                r"\bat the time\b|\b(?:right|just|even|back) then\b|\bthen\b(?=\s*[?.!]?\s*$)", re.I), "when"),
    # "who spoke there?" (not "how many were there?")
    (re.compile(r"\b(?:at |in )?(?:that|this|the same) (?:place|spot|room)\b|"
                r"(?<!\bwere )(?<!\bwas )(?<!\bis )(?<!\bare )\bthere\b(?=\s*[?.!]?\s*$)", re.I), "where"),
]
_PRONOUN_SUBJECT = re.compile(r"\b(was|is) (?:that|it)\b", re.I)
# "when was that", "what time was it": the pronoun is the event told (in "what was it?" it is a thing told of)
_ASKS_WHEN = re.compile(r"^(?:at )?(?:when|what time|(?:what|which) day|how long ago)\b", re.I)
_ORDINAL_TOLD = re.compile(r"(the |my )?(?:very )?(?:first|last|final|next|previous) (?:time|visit|trip|stop)\b",
                           re.I)
_ORDINAL_TIME = re.compile(r",?\s*\b(the (?:first|last|final|next) time)$", re.I)
# a setting that opens the told part ("On day 1 Omar said …") reads mid-sentence in lower case
_OPENING = re.compile(r"^(?:On|In|At|Around|During|Yesterday|Today|Tonight|This|Last|Earlier|Then|The|After|Before|We|"
                      r"They|He|She|Somebody|Someone)\b")
_PERSON_PRONOUN = re.compile(r"\b(?:them|him|her)\b", re.I)
# "… — Rosa said it on Monday": who said what the first part asks about, and when
_ATTRIBUTION = re.compile(r"(?P<who>I|[A-Z][\w'-]*(?: [A-Z][\w'-]*)?|[a-z][\w'-]+) (?:said|mentioned|told me) "
                          r"(?:it|that|so)(?P<when> .+)?", re.I)
# an embedded question: its question phrase ("what time", "which day", "near which place", "what") and the rest
_EMBEDDED = re.compile(r"(?P<wh>(?:(?:near|at|in|on|from|to) )?(?:what|which|where|when|who|how (?:many|much))"
                       r"(?: (?!the\b|a\b|an\b|my\b|our\b|his\b|her\b|their\b|i\b|we\b|they\b|he\b|she\b|you\b|"
                       r"it\b|was\b|were\b|is\b|are\b|had\b|would\b|will\b)[a-z]+)?) (?P<rest>.+)$", re.I)
# "who was that?", "who said that?", "who was it": the person is the one told of
_WHO_THAT = re.compile(r"(?:and )?(?:who|which person) (?:was|is|said|says|did) (?:that|it|this)"
                       r"(?: (?:one|person|say|that said (?:it|that|this)|who said (?:it|that|this)))?", re.I)
# the one told of as saying something, and the verb: "somebody said", "someone asked", "overheard", "I heard"
_INTENTION = re.compile(r"i(?:'d| would)? (?:like|want|wanted|need|needed|hope|hoped|mean|meant|wish) to\b", re.I)
_SAYER = re.compile(r"(?:\b(?:some(?:body|one)|whoever|a (?:person|man|woman|guy|girl|boy|friend|voice)|"
                    r"one of (?:them|us))\s+"
                    r"(?:(?:there|here|then|nearby|also|too)\s+)?(?:said|says|asked|shouted|called out|told me)|"
                    r"\b(?:i )?(?:over)?heard(?: (?:some(?:body|one) )?"
                    r"(?:say|said|saying))?)\s*$", re.I)
# "who said this? i think it is hers.": the words said come after the question
_SAID_THIS = re.compile(r"^(.*?\b(?:said|say|says|wrote) (?:this|the following|these words))\s*[?:.—-]+\s*"
                        r"(\S.{2,}?)[.?!]*$", re.I)
# "what did it say?", "what did it read?", "what was written on it?": "it" is a thing told of
_IT_SAID = re.compile(r"((?:what|which words?|which text)(?: exactly)? (?:did|does|was|is)) (?:it|that)( say| read|"
                      r"(?: written| printed)(?: on it)?)$", re.I)
_WRITTEN_THING = re.compile(rf"\b(?:(?:a|an|the|that|this) )?(?:{'|'.join(sorted(TEXT_NOUNS))})\b"
                            r"(?: (?:in view|up|there|in front of me))?", re.I)
# "what did rosa say re the train", "regarding the train": about
_ABOUT = re.compile(r"(?<!['’\w])(?:re|regarding|concerning|in regard to|with regard to)\b(?=:?\s)", re.I)
# "at the moment I said …", "the instant Rosa said …": when
_MOMENT = re.compile(r"\b(?:(?:at |in )?the (?:very |precise |exact )?(?:moment|instant|second|minute)|"
                     r"(?:at|during) the (?:very |precise |exact )?time)"
                     r"(?: that| when)?(?= (?:i|we|he|she|they|you|[a-z][\w'-]*) (?:first |last |finally |just )?"
                     r"(?:said|say|says|was|were|heard|saw|got|came|walked|"
                     r"spoke|talked|asked|told|mentioned|arrived|left|went|reached)\b)", re.I)
# "Think of the pier. Think of the gym. Who spoke at both?": one setting of the two
_THINK_AGAIN = re.compile(r"(?P<first>\bthink (?:back )?(?:of|about) [^.?!\x00]+?)[.!]\s+"
                          r"think (?:back )?(?:of|about) (?P<second>[^.?!\x00]+?)(?=[.!])", re.I)
# "Pick one: the pier, the gym or the bank. Where did I go first?": the list is what the question lists
_PICK_ONE = re.compile(r"^(?:pick|choose|select) one(?: of these)?:\s*(?P<items>[^.?!\x00]+?,[^.?!\x00]+?)[.!]\s+"
                       r"(?P<ask>(?:what|which|who|whom|where|when)\b[^?\x00]+?)\s*\?*$", re.I)
# "which came into view before the others": first; "after all the others": last
_BEFORE_OTHERS = re.compile(r"\b(before|ahead of|after) (?:all )?(?:of )?the (?:others?|rest)\b", re.I)
# "in my field of view", "in my line of sight": in view (no field is a place here)
_FIELD_OF_VIEW = re.compile(r"\b(?:field of (?:view|vision)|line of sight)\b", re.I)
# "what was on camera", "showed up on camera": in view (the camera is what sees, not a thing seen)
_ON_CAMERA = re.compile(r"\b(?:on|in) (?:the |my )?(?:camera|video|footage|screen)\b", re.I)
# "in the interval of my last visit": during
_INTERVAL = re.compile(r"\bin the (?:interval|course|span) of\b", re.I)
# an embedded question about a sign's words ("I can't recall what the sign I saw at the pier said"): asked outright,
# as the parser reads it ("what did the sign I saw at the pier say")
_WHAT_IT_SAID = re.compile(r"\bwhat (?P<np>(?:the|that|this|a|an) (?:" + "|".join(sorted(TEXT_NOUNS)) +
                           r")\b[^?.!]*?) (?:said|read|showed)\b", re.I)
# the asker talking to the assistant as if it had been there: "You heard someone say '…' — who was that?", "You were
# with me at the gym; who spoke there?", "where were we, you and me?": the wearer's own hearing, seeing and being
_YOU_HEARD = re.compile(r"\b[Yy]ou heard (someone|somebody|anyone|people|[A-Z][\w'-]*|[a-z]+(?= say))\s+"
                        r"(?:say|saying)\b")
_YOU_WITH_ME = [
    (re.compile(r"\byou were (?:there )?with me (at|in|near)\b", re.I), r"I was \1"),
    (re.compile(r"\byou (saw|spotted|noticed|passed) (.+?) with me\b", re.I), r"I \1 \2"),
    (re.compile(r"\bwhere were we(?:,? you and (?:me|i))?", re.I), "where was I"),
    (re.compile(r",? you and (?:me|i)(?=\s*[?.!]*\s*$)", re.I), ""),
]
# "Somebody said '…', and I just can't think who": the asker's blank, not part of what is told
_BLANK = re.compile(r",?\s*(?:and|but) i (?:just |simply )?(?:can't|cannot|can not|don't|do not|couldn't|could not|"
                    r"didn't|did not) (?:think|remember|recall|place|know|(?:tell|answer) (?:him|her|them))"
                    r"(?: of)?(?: (?:who|what|where|which|when)\b"
                    r"(?: (?:it was|that was|said it))?)?(?=\s*[—–.?!;:,]|\s*$)|"
                    # "… and now the words escape me"
                    r",?\s*(?:and|but) (?:now |somehow )?(?:the words|it|that|the answer|the name) (?:escapes?|escaped|"
                    r"slips?|slipped|eludes?|eluded) me(?=\s*[—–.?!;:]|\s*$)", re.I)
# "where is it that I usually see Omar": where do I …; "who was it that said it": who said it
_CLEFT = re.compile(r"\b(where|when|who|what) (?:is|was) it that (?=(?:i|we|you|he|she|they)\b)", re.I)
# "That bit about the time we leave for Lima — what did Imani say?": what Imani said about it
_BIT_ABOUT = re.compile(r"^(?:that|the) (?:bit|part|thing|stuff) about (?P<topic>.+?)\s*[—–:-]+\s*"
                        r"what did (?P<who>\w+) say\s*(?P<end>[?.!]*)\s*$", re.I)
# "The museum — how many times was I there today?": the topic set before the question is where "there" is
_TOPIC_THERE = re.compile(r"^(?P<np>(?:the|my|that) [\w' ]{1,30}?)\s*[—–:]\s*(?P<ask>(?:how|what|who|where|when|which|"
                          r"at what|about what)\b[^?]*?)\b(?P<verb>(?:get|got|go|went|come|came|head|headed) )?"
                          r"there\b", re.I)
# "The playground, my last visit there on Monday — what object was in view?": the question during that visit
_TOPIC_VISIT = re.compile(r"^(?P<np>(?:the|my|that) [\w' ]{1,30}?),\s*(?P<visit>(?:my|the|our) (?:very )?"
                          r"(?:first|last|final|latest|earliest) (?:visit|trip|time|stop)) there\b(?P<rest>[^—–:?]*?)"
                          r"\s*[—–:]\s*(?P<ask>(?:how|what|who|where|when|which)\b[^?]*?)\s*[?.!]*\s*$", re.I)
# "1st arrival at the station on Monday, approximate time?": the time of it
_WH_WORD = re.compile(r"\b(?:who|whom|whose|what|which|where|when|how)\b", re.I)
_TIME_OF = re.compile(r"^(?P<event>[^,?]+?),\s*(?:the )?(?P<adj>approximate |rough |exact )?time\s*[?.!]*\s*$", re.I)
# "…, with reference to the exchange at approximately 15:16": the talk named only to say when it was
_THE_TALK_AT = re.compile(r",?\s*\b(?:(?:with|in) (?:reference|regard|relation) to|in|during|from) (?:the|that|our|my) "
                          r"(?:exchange|conversation|chat|talk|discussion)(?=\s+(?:at|around|about|on|near|approximately|"
                          r"roughly|just|shortly)\b)", re.I)
# "how many separate ones": the things counted are named in a sentence before
_ONES = re.compile(r"\b((?:separate|different|distinct|many) )ones\b", re.I)
_UNITS_TOLD = re.compile(r"\b(conversations|chats|visits|trips|times|occasions|sightings)\b[^?]*(?:[.!,]|\s[—–-]+)\s",
                         re.I)
# "prior to", "subsequent to": before, after
_PRIOR_WORDS = {"prior": "before", "previous": "before", "subsequent": "after"}
_PRIOR = re.compile(r"\b(prior|previous|subsequent) to\b", re.I)
# "we were at the mill on day 1. who spoke there?": there is the place told of
_BEING_AT = re.compile(r"^(?P<lead>(?:on|yesterday|today|this|last|in the)\b[^,]*?,?\s+)?"
                       r"(?:i|we) (?:was|were|went|got|stopped(?: off)?|dropped|popped|spent (?:some )?time|stayed|"
                       r"ended up|arrived|headed|walked|came) (?:at|in|to|into|by|in at) "
                       r"(?P<place>(?:the |my |our )?[\w' -]+?)"
                       r"(?P<rest>(?:,? (?:on|at|around|about|in|this|yesterday|today|last)\b.*)?)$", re.I)
# what follows "said" that is not the words said: "said things at the mill", "said that …", "said to me"
_NOT_WORDS_SAID = re.compile(r"(?:something|things|stuff|anything|a (?:few|lot|word)|some|words|about|to|that|out loud|"
                             r"aloud|in (?:a |the )?conversation)\b", re.I)
_SOMEONE = re.compile(r"\b(?:some(?:body|one)|a (?:person|man|woman|guy|girl|boy|friend|voice))\b", re.I)
_TOLD_PLACES = re.compile(r"(?:\b(?:at|in|to)|\bthink (?:back )?(?:of|about)|(?<=\w) and) "
                          r"((?:the|my|our) [\w' ]+?)(?=,| and\b| or\b| on\b| yesterday\b| today\b|$)", re.I)
_BOTH_OF_THEM = re.compile(r"\b(?:both|each|either) (?:of (?:them|those|these|those places|these places)|places)\b|"
                           r"\bboth(?=\s*[?.!]*$)", re.I)
# chat fillers that ask nothing: "ok so …", "wait …", "… lol", "… tho", "like right in front of me"
_FILLER_START = re.compile(r"^(?:(?:ok(?:ay)?,? so|so|wait|um+|uh+|hmm+|erm|right|alright|yo|ngl|lowkey|"
                           r"go on(?: then)?|come on|right then)\b[,!]?\s*|"
                           r"(?:now|well|but|and|hey|hi|ok(?:ay)?)\s*,\s*|"
                           # a word that only opens: "Aye,", "Ja,", "Eish,", "Abeg,", "Please o,", "Please,"
                           r"(?:aye|ja|ag|eish|abeg|please o|please|oi|ah|eh|wah)\s*[,!]\s*|"
                           r"(?:thanks|thank you|cheers|got it|great|perfect|cool)(?:,? thanks)?\s*[.!,]+\s*|"
                           # a question after others in a chat: "ok, and …", "One more:", "Next:"
                           r"(?:ok(?:ay)?,? )?and\s+(?=(?:after|before|when|where|what|who|which|how)\b)|"
                           r"(?:(?:and |oh,? )?(?:one|a) (?:last|final|more|other|quick)(?: (?:thing|question|one|q))?|"
                           r"next(?: one| question| up)?)"
                           r"\s*[:,—–!-]+\s*)+", re.I)
# a sentence before the question that only says something of the asker: "I'm sorry to bother you again.",
# "My memory is not what it was." (it names no one, nothing said, no time)
_PREAMBLE = re.compile(r"^(?:(?:i'm|i am) (?:sorry|afraid|getting old)|sorry|excuse me|forgive me|pardon me|"
                       r"hello|hi|hey|good (?:morning|afternoon|evening)|bear with me|help me out|quick question|"
                       r"my (?:memory|eyes|mind|head|brain)\b|"
                       # why it nags the asker: "I keep replaying this in my head and it's driving me mad."
                       r"i keep (?:replaying|thinking|wondering|going over|coming back)\b|"
                       r"(?:[^\x00\"]*\b)?(?:driving me (?:mad|crazy|nuts|up the wall)|bugging me|doing my head in)\b|"
                       # how the asker is ("I'm getting forgetful, dear.", "I am so tired"): one word for it
                       r"(?:i'm|i am) (?:(?:getting|becoming|so|very|a bit|a little|really|quite|such an?)\s+)*"
                       r"[a-z]+(?:\s*,\s*[a-z]+)?\s*[.!]*$)", re.I)
# a hedge after what is told: "…, I remember that much", "…, I'm sure"
_HEDGE = re.compile(r",?\s*\b(?:i(?:'m| am) (?:sure|certain|positive)|i (?:remember|recall|know|think|believe)"
                    r"(?: that much| it| so)?|if i remember (?:rightly|correctly))\s*(?=[.!?]*\s*$)", re.I)
# doubt that asks nothing: "I might be wrong, but I think it was …", "Maybe on Saturday?", "…, if I remember right",
# "…, though I may be mixing things up" (what is doubted stays: the time, the words said)
_SENTENCE_START = r"(?:^|(?<=[.?!]\s)|(?<=[.?!]\x00\s))"
_DOUBT_LEAD = re.compile(_SENTENCE_START + r"(?:(?:i (?:might|may|could) be wrong|correct me if i'm wrong|if i "
                         r"remember (?:right|rightly|correctly)|if i'm not mistaken|not sure),?\s*(?:but\s+)?)?"
                         r"(?:(?:i (?:think|believe|guess|reckon|suppose))(?: that)?\s+)?"
                         r"(?=\S)", re.I)
# a time asked to be pictured, as a setting: "Think back to Tuesday. Ines said …" → "Tuesday, Ines said …"
_RECALL = re.compile(_SENTENCE_START + r"(?:think (?:back )?(?:to|of|about)|picture|imagine|remember|recall)\s+"
                     r"(?P<setting>(?:on|in|during|yesterday|today|tonight|this|last|day \d|the (?:morning|afternoon|"
                     r"evening)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[^.?!\x00]*)[.!]\s+(?=\S)", re.I)
_DOUBT_WORD = re.compile(r"\b(?:maybe|perhaps|possibly|probably)\b,?\s*", re.I)
_DOUBT_TAIL = re.compile(r",?\s*\b(?:if i (?:remember|recall) (?:right|rightly|correctly)|if i'm not mistaken|"
                         r"though i (?:may|might|could) be (?:wrong|mistaken|mixing (?:things|it|them) up)|"
                         r"(?:but )?i(?:'m| am) not (?:sure|certain)|not sure|or so|i think|i believe)"
                         r"(?=\s*[.?!,]|\s*$)", re.I)
# what is left of a doubted setting, as a setting: "it was yesterday, around 3 pm. So where …", "on Saturday? Which …"
_SETTING_WORDS = r"(?:on|in|at|around|about|during|yesterday|today|tonight|this|last|day \d)\b"
_IT_WAS_SETTING = re.compile(_SENTENCE_START + r"it was (?=" + _SETTING_WORDS + ")", re.I)
_SETTING_ASKED = re.compile(r"^(?P<setting>" + _SETTING_WORDS +  # a setting asks nothing: no question word
                            r"(?:(?!\b(?:what|who|whom|whose|which|where|when|how)\b)[^?.!\x00])*)\?\s+(?=\S)", re.I)
# a conjunction opening the question after what was told: "… But where did I go after that place?"
_ASK_OPENING = re.compile(r"^(?:but|and|so|now|then|well|anyway|anyhow)\b,?\s*", re.I)
_FILLER_END = re.compile(r"(?:\s*[,!—–-]?\s*\b(?:lol|lmao|haha+|tho|though|rn|pls|plz|thx|thanks|fr|ngl|imo|idk|smh|"
                         r"istg|fam|any ideas?|(?:do|would) you (?:happen to )?(?:know|remember)|roughly|approximately|"
                         r"more or less|or so|give or take|exactly|precisely|(?:would|d')\s?y(?:a|ou) reckon|"
                         # a World English particle, in lower case ("… with Po?" ends with a name)
                         r"again|sorry|(?-i:ah|leh|lah|lor|meh|eh|hey|sha|po|ja|hehe))\b)+"
                         r"(?=\s*[?!.]*\s*$)", re.I)
# a setting set off by a colon before the question: "around 15:19 on day 2: where did I …" (as with a comma); a
# list before it ("the cat, the cup or the key: which …") is no setting
_SETTING_COLON = re.compile(r"^(?P<setting>(?:(?!\b(?:what|who|whom|whose|which|where|when|how|or|and)\b)"
                            r"(?:\d:\d|[^:?,\x00]))+?)"
                            r":\s+(?=(?:what|who|whom|whose|which|where|when|how)\b)", re.I)
# after the question, a word on the asker only: "? i forgot", "? need it asap", "? thanks"
_TRAILER = re.compile(r"^(?:i (?:forg[eo]t\b[^?]*|have forgotten\b[^?]*|have no idea)|"
                      # "I can't remember again.", "cannot remember who", "I cannae mind" (Scots: remember)
                      r"(?:i )?(?:can't|cannot|can not|cannae|canna|cyah|don't|do not|dinnae) (?:remember|recall|"
                      r"mind)\b[^?]*|"
                      # how exact the answer must be, or why one asks: "Roughly is fine.", "Just asking."
                      r"(?:roughly|approximately|an? (?:estimate|rough (?:time|idea|answer))) (?:is|will be) (?:fine|"
                      r"ok(?:ay)?|enough)\b[^?]*|(?:it )?(?:doesn't|doesnae|does not|don't|dinnae) (?:need|have) to "
                      r"be exact\b[^?]*|just asking\b[^?]*|"
                      # a question that only asks whether the answer is known: "— do you happen to know?"
                      r"(?:(?:do|would|does) (?:you|anyone) (?:happen to )?(?:know|remember)|any ideas?|"
                      r"(?:does )?(?:that|it) ring a bell)|"
                      r"i(?:'m| am) not (?:remembering|recalling|sure)|"
                      r"(?:please |kindly )?(?:tell|let me know)(?: me)?(?: (?:the|that) (?:count|number|answer))?|"
                      # the question said again as a request: "Tell me who.", "Tell me the place."
                      r"(?:please |kindly )?tell me (?:who|what|where|which|when|the (?:name|place|person|time|"
                      r"number|words?))|(?:the|a|just the) (?:name|place|number|word)s?(?:,? please)?|"
                      r"count each (?:one )?(?:but |only |just )?once|"
                      # the answer's form: "Number only.", "Exact words, please.", "One answer."
                      r"(?:(?:the|a|an|just the|just a|one|exact|only the) )?(?:name|place|number|words?|answer|time)s?"
                      r"(?: only)?(?:,? please)?|"
                      r"no idea|(?:i(?:'m| am) )?(?:i )?(?:going to )?need (?:it|that|this|to know)"
                      r"(?: (?:asap|now|soon|quickly|urgently))?|asap|kind of blanking|(?:i'm|i am) blanking|"
                      r"thanks?(?: you)?(?: (?:so much|a lot|in advance))?|cheers|ty|"
                      # a request that only repeats the ask: "Could you help me?", "Would you count them up for me?"
                      r"(?:(?:could|would|can|will) you (?:please )?)?(?:help(?: me| an? [\w ]{1,25}?)?(?: out)?|"
                      r"tell me|let me know|remind me|count (?:them|it|those|these)(?: up)?(?: for me)?|"
                      r"check(?: for me)?)(?: please)?)\W*$", re.I)
# a question asked once more in brief after it was asked in full: "… — I was where? Which place, please?"
_RESTATED = re.compile(r"^(?:which|what) (?:place|one|person|day|time)(?:,? please)?\W*$", re.I)
# what keeps a sentence told before a self-contained question: a time, a setting, a moment (the question may
# lean on it); a question pointing back ("what was it", "who was there") keeps every part
_TIME_HINT = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|yesterday|tonight|morning|afternoon|"
                        r"evening|night|day \d+|\d{1,2}(?::\d\d|\s*[ap]\.?m\b)|o'clock|noon|midnight|ago|earlier|"
                        r"last|week|weekend|jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?|"
                        r"sept(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b", re.I)
_SETTING_HINT = re.compile(r"\b(?:(?:at|in|into|inside|outside|near|to|from|by)|think (?:back )?(?:of|about)) "
                           r"(?:the|a|an|my|our)\b|"
                           # (not an intention: "I was going to drop a card off")
                           r"\b(?:i|we) (?:saw|heard|met|passed|went|was|were|said|told|asked|visited|arrived|left)\b"
                           r"(?! (?:going|trying|about|hoping|planning|meaning|supposed) to\b)|"
                           r"\b(?:said|told|asked|mentioned|someone|somebody)\b", re.I)
_POINTS_BACK = re.compile(r"\b(?:it|there|then|them|he|she|him|her|they|that (?:place|time|moment|"
                          r"person|one|day|sign|thing|object)|the same)\b|\bthat\s*[?.!]*$", re.I)
# a word that begins a setting, and a word of a place's name before it ("the train station on Monday")
_SETTING_WORD = r"(?:on|in|at|yesterday|today|this|last|during|around|when|while|as|and)\b"
_PLACE_WORD = rf"(?!{_SETTING_WORD})[^\s,.;\x00]+"
# "about that moment when i said …, which place was i at": the when-clause is the moment
_THAT_MOMENT = re.compile(r"^(?:about|regarding|thinking (?:about|of)|so|and) (?:that|the) (?:moment|time|point)\s+"
                          r"(?=when\b)", re.I)
# "find X and tell me Y": X is what Y asks about ("Find the moment I said 'hi' and read me the sign in view",
# "Check the cat, the key or the cup and tell me which one I saw first", "Pull up my last visit to the pier and
# name the object in view")
_FIND_THEN = re.compile(r"^(?:please )?(?:find|look up|pull up|bring up|search for|look for|locate|check|"
                        r"go (?:back )?to|look at|take)\s+(?P<x>.+?),?\s+and (?:then )?"
                        r"(?P<verb>tell me|read(?: out)?(?: to)? me|read out|show me|give me|name|say|let me know|"
                        r"return)"
                        r"\s+(?P<y>.+?)\s*[?.!]*$", re.I)
_FOUND_MOMENT = re.compile(r"^(?:when|the (?:very |exact )?(?:moment|time|point|instant|second|minute))"
                           r"(?: when| that| at which)?\s+(?P<clause>.+)$", re.I)
_FOUND_ORDINAL = re.compile(r"^the (?:very )?(?:first|last|final|next|previous) (?:time|occasion)\b", re.I)
_FOUND_VISIT = re.compile(r"^(?:my|the) (?:very )?(?P<ord>first|last|final|previous|latest|most recent) "
                          r"(?:visit|trip|stop) (?:to|at) (?P<rest>.+)$", re.I)
_FOUND_SAYING = re.compile(r"^the (?:line|words|phrase|sentence|quote|remark|comment)\s+(?=\x00)", re.I)
_AT_THAT_MOMENT = re.compile(rf"\s*\b{_AT_THAT}", re.I)
_NEXT_PLACE = re.compile(r"^the (?:next place|place (?:i|we) went(?: to)? next|place after)(?: (?:that )?(?:i|we) "
                         r"went(?: to)?)?(?: (?:after|from) (?:it|that|there))?$", re.I)
_ASKED_TIME = re.compile(r"^(?:the |what )?(?:exact )?(?:clock )?time(?: it was)?$", re.I)
_ASKED_THING = re.compile(r"^the (?P<noun>[\w-]+)(?: (?:that|which))?(?: (?:was|were|is))? (?P<rest>.+)$", re.I)
_POINTER_IT = re.compile(r"\b(?:it|that|this|them|those|these)\b"
                         r"(?=\s*$|\s+(?:on|at|in|yesterday|today|this|last)\b)", re.I)
_DURING_IT = re.compile(r"\s+(?:during|on|in) (?:it|that|this)$", re.I)  # the visit told, pointed back at
_ENDS_AFTER = re.compile(r"\b(?:after|before)\s*$", re.I)
# "…, and I'm trying to remember what …": the question proper begins after the connective
_AND_ASK = re.compile(r"(?:,\s*|\s+)(?:and|but|so)\s+(?=\S)", re.I)
# "the last time I was there" after "I was at the pharmacy": there is that place
_ORDINAL_THERE = re.compile(r"\bthe (?:first|last|final|next|previous) (?:time|occasion) (?:i|we) "
                            r"(?P<verb>was|were|went|got) (?P<there>there)\b", re.I)
# "first place i went to out of the gym, the pier or the mill today", typed as into a search box: which of them
# was the first place I went to; "what from X, Y or Z …" / "which out of …": which of
_NOMINAL_ORDER = re.compile(r"^(?:the )?(?P<ord>first|last|earliest|latest|final) "
                            r"(?P<noun>place|spot|thing|object|item|one|person|word|topic)"
                            r"(?P<rest>(?: (?!(?:out of|of|from|among|amongst)\b)[^\s,]+)*?) "
                            r"(?:out of|of|from|among(?:st)?) "
                            r"(?P<items>[^?]+?,[^?]+?\b(?:or|and)\b [^\s?]+(?: [^\s?]+)??)"
                            r"(?P<tail> (?:today|yesterday|tonight|on|this|last|in the|during|around|at)\b[^?]*)?"
                            r"\s*[?.!]*$", re.I)
_WHICH_FROM = re.compile(r"\b(?:which|what)(?: one)? (?:from|out of|amongst|among) (?=[^?.!]*,)", re.I)
# a command for an answer, as the question it stands for
_COMMAND = r"^(?:please )?(?:give me|tell me|name|state|identify|specify|indicate|determine|find|show me|say|" \
           r"establish|ascertain|confirm|verify|report|provide|pull up|look up|find out|return)\s+"
# a question written as a program's steps: "find the moment I said 'hi'; return the object in view", "on event: Rosa
# said 'hi' -> return the sign's text", "among the mill, the pier or the cafe, return the one I saw first"
_STEP_RETURN = re.compile(r"\s*(?:;|->|→|,)\s*(?=return\b)", re.I)
_ON_EVENT = re.compile(r"^on (?:event|trigger)\s*:\s*", re.I)
_RETURN_ONE = re.compile(r"\breturn (?:the one|whichever(?: one)?)(?: (?:that|which))?\b", re.I)
_RETURN_WHO = re.compile(r"\breturn (?:whoever|the (?:person|one) who)\b", re.I)
_RETURN_ALL = re.compile(r"\s*(?:;|->|→|,)\s*return (?:the|a|that|its)? ?(?:number|count|answer|result|words|value|"
                         r"total)\s*[.?!]*\s*$", re.I)
_COMMANDS: list[tuple[re.Pattern[str], str]] = [
    # "Establish the approximate time at which I first arrived …": what time was it when I first arrived
    (re.compile(_COMMAND + r"the (?:exact |approximate |rough |precise )?(?:clock )?time(?: at which| when| that)?\s+"
                r"(?=(?:i|we|you|he|she|they)\b)", re.I), "what time was it when "),
    (re.compile(_COMMAND + r"the (?:exact |approximate |rough |precise )?(?:clock )?time\b", re.I), "what time was it"),
    # "what did the clock say when …": the time
    (re.compile(r"\bwhat (?:did|does) (?:the|my|a) (?:clock|watch) (?:say|show|read)\b", re.I), "what time was it"),
    # "The details Rosa gave at the mill regarding the bus": what Rosa said about it
    (re.compile(r"^(?:the )?(?:details|information|info|specifics|facts) (?P<who>I|[A-Za-z][\w'-]*) "
                r"(?:gave|shared|provided|offered|mentioned)\b", re.I), r"what did \g<who> say"),
    # "what was it Rosa said about …": what did Rosa say about …
    (re.compile(r"\bwhat (?:was|is) it (?:that )?(?P<who>I|[A-Za-z][\w'-]*) (?:said|mentioned)\b", re.I),
     r"what did \g<who> say"),
    # "what was the remark Rosa made about …", "what statement did I make": what did … say
    (re.compile(r"\bwhat (?:was|is|were) the (?:remarks?|comments?|statements?) (?:that )?(?P<who>I|[A-Za-z][\w'-]*) "
                r"(?:made|said|mentioned)\b", re.I), r"what did \g<who> say"),
    (re.compile(r"\bwhat (?:remarks?|comments?|statements?) did (?P<who>I|[A-Za-z][\w'-]*) make\b", re.I),
     r"what did \g<who> say"),
    (re.compile(r"\bwhat (?P<who>I|[A-Za-z][\w'-]*) had to say\b", re.I), r"what did \g<who> say"),
    # "what was the approximate time of my first arrival at …": what time was it
    (re.compile(r"\bwhat (?:was|is) the (?:exact |approximate |rough |precise )?(?:clock )?time of\b", re.I),
     "what time was"),
    # "what was my next stop after …": where I went next
    (re.compile(r"\bwhat (?:was|is) (?:my|our) next (?:stop|destination)\b|"
                r"\bwhat (?:was|is) the next (?:place|location|stop)(?: that| which)? (?:i|we) "
                r"(?:went|headed|moved) to\b", re.I), "where did I go next"),
    # "what is the number of separate times …" (not "what was the number of the platform": a number said)
    (re.compile(r"^what (?:is|was) the (?:total )?number of(?: the)? (?=(?:separate|different|distinct|times|"
                r"occasions|visits|trips|conversations|chats|sightings)\b)", re.I), "how many "),
    (re.compile(r"(?:" + _COMMAND + r"|^(?:i'd like|i would like|i want|i need)(?: to (?:have|get|see))? )"
                r"(?:the|a) (?:total )?(?:number|count|tally) of(?: the)?\b|"
                r"^(?:please )?count(?: up)?(?: of)?(?: the| all the)?\b", re.I), "how many"),
    # "how many separate times that the kettle was in view": the times it was
    (re.compile(r"\b(how many (?:separate |different |distinct )?(?:times|occasions)) that\b", re.I), r"\1"),
    (re.compile(r"^(?:the )?(?:speakers?|person talking|one talking)(?: (?:present|heard|talking|speaking))?"
                r"(?= (?:at|in|around|where|when)\b)", re.I), "who spoke"),
    (re.compile(r",? when (?:i|we) (?:saw|read|noticed|passed|spotted|was there|were there)(?: (?:it|that|them))?"
                r"(?=\s*[?.!]*\s*$)", re.I), ""),
    (re.compile(r"\s*\bwhen (?:people|we|they|everyone|everybody) (?:talked|were talking|spoke|chatted)\b", re.I), ""),
    (re.compile(r"^(?:" + _COMMAND[1:] + r")?(?:the )?speaker of"
                r"(?: the (?:line|words|remark|sentence))?", re.I), "who said"),
    (re.compile(_COMMAND + r"the (?:person|individual|one|people|speaker)"
                r"(?P<but>,? (?:other than|besides|apart from|except) (?:me|the (?:camera )?wearer),?)?"
                r"(?: who| that)?\b", re.I), r"who\g<but>"),
    (re.compile(_COMMAND + r"the (?:place|location|spot|room)(?: where| at which| in which| to which)?\b", re.I),
     "where"),
    (re.compile(_COMMAND + r"the (object|thing|item|words?|text|writing)(?: that| which)?\b", re.I), r"what \1"),
    (re.compile(_COMMAND + r"(?:word for word |exactly |precisely )?(?=(?:who|what|which|where|when|how)\b)", re.I),
     ""),
]
# "on friday, the last time i was at the office, what …": a moment named by its order before the question
_ORDINAL_CLAUSE = re.compile(r"^(?P<setting>[^,]{1,40},\s*)(?P<clause>(?:on |at )?(?:the )?(?:very )?"
                             r"(?:first|last|final|next|previous) (?:time|occasion)\b[^,]+),\s*"
                             r"(?P<ask>(?:what|which|who|whom|where|when|how)\b[^?]+?)\s*[?.!]*(?P<after>\s+[^?]*)?$",
                             re.I)
# "usual spot where i hear rosa": where usually; "usual spot for rosa": where do I usually see rosa
# "what's the place I usually see Rosa at": where do I usually see her; "who's the one who spoke …": who spoke
_WHATS_THE_PLACE = re.compile(r"^what(?:'s| is| was) the (?:place|spot|location)(?: where| that| which)?\s+"
                              r"(?=(?:i|we)\s)", re.I)
_WHOS_THE_ONE = re.compile(r"^who(?:'s| is| was) the (?:one|person|people)(?: who| that)\s+", re.I)
_USUAL_SPOT = re.compile(r"^(?:the |my )?usual (?:spot|place|location|room|hangout)(?: where)?\s+", re.I)
_USUAL_SPOT_FOR = re.compile(r"^(?:the |my )?usual (?:spot|place|location|room|hangout) (?:for|of|with)\s+", re.I)
# "place where rosa said …" typed as into a search box: where was I when rosa said …
_PLACE_FRAGMENT = re.compile(r"^(?:the )?(?:place|spot|location|room) (?:where|at which|in which)\s+(?=\S)", re.I)
_HABIT = re.compile(r"(?:i|we)\s+(?:usually|normally|often|mostly|tend|always)\b", re.I)
# "the very first time": the ordinal itself
_VERY = re.compile(r"\bvery (?=(?:first|last|next|final)\b)", re.I)
# words said, without quote marks, ending the clause that sets the moment: "… while rahul said the bus is late"
_SAID_AT_END = re.compile(r"\b((?:while|as|when|after|before) (?:i|[a-z][\w'-]*) (?:said|was saying|says))\s+"
                          r"(?!(?:about|that|this|these|the following|to|something|anything|what|which|where|when|who|"
                          r"how|out loud|aloud|in (?:a |the )?conversation)\b)([^\"?]{12,}?)"
                          r"\s*[.?!]*$", re.I)
# "when i said 'hi' what was in front of me": the clause that sets the moment, then the question, without a comma
_TIME_CLAUSE = re.compile(r"^(?:when|while|as|after|before|once)\s+(?!(?:did|do|does|was|were|is|are|will|would|have|"
                          r"had|can|could)\b)(?:I|we|you|he|she|they|[A-Za-z][\w'-]*)\s", re.I)
_LEADING_WHEN = re.compile(r"^((?:when|while|as|after|before|once|where|the (?:first|last|final|next) time)\s+"
                           r"(?!(?:did|do|does|was|were|is|are|will|would|have|had|can|could)\b)[^,?]+?)\s+"
                           r"((?:what|which|who|whom|where|how many|how often)\b[^,]*)$", re.I)
# a question that only points at what the other part describes: "who was that?", "what is their name?"
_POINTING_QUESTION = re.compile(r"(?P<wh>who|what|which one|which|how many)(?: (?:place|person|thing|object|time|day))?"
                                r"(?: (?:separate |different |distinct )?"
                                r"(?:times|occasions|visits|trips|conversations))?"
                                r"(?: (?:was|is|were|are|'s))? "
                                r"(?:it|that|this|they|there|their name|his name|her name|the name|those|these)"
                                r"(?: (?:called|one|person|thing|place|were|was))?", re.I)
_PLACE_WHERE_TOLD = re.compile(r"the (?:place|spot|location|room)(?P<mid> [^\"\x00]{1,40}?)? "
                               r"(?:where|at which|in which)\s+", re.I)
_REMARK = re.compile(r"(?:that|the) (?:remark|comment|thing|words?|line|point)(?: that| which)? (?P<who>[\w'-]+) "
                     r"(?:made|said|mentioned|brought up|raised)\s*", re.I)
# a question of only its question phrase: "which day exactly?", "what?", "how many dollars again?"
_BARE_WH = re.compile(r"((?:what|which|how many|how much)(?: \w+)?|where|when|who)(?: (?:was|is) (?:it|that))?"
                      r"(?: (?:exactly|precisely|again|then))?", re.I)
# "Sofia told me when our next meeting was": what she said of it
_TOLD_WH = re.compile(r"^(?:when|where|what time|which day|what day|how much)\s+(?=\S)", re.I)
# "(on monday) rosa said the meeting is": who said, and the words left open
# ("mentioned" takes the thing itself: "Rosa mentioned the price. What was it?" asks for the price)
_SAID_CLAUSE = re.compile(r"(?P<lead>.*?)(?P<who>\bI|\b[A-Za-z][\w'-]*) (?:said|told me|reckoned) "
                          r"(?P<rest>(?!(?:that|it|this|so|something)\b).+)", re.I)
# "<when>, there was some object in view": what was in view then
_THERE_WAS = re.compile(r"(?P<setting>.+?),?(?:\s+(?:and|so))?\s+there (?:was|were) (?:some |an? |something )?"
                        r"(?P<thing>object|thing|item)?\s*(?P<where>in view|in front of me|(?:visible|in sight)"
                        r"(?: to me)?)(?:\s*,?\s*(?:right |just )?(?:then|there|at that (?:moment|time|point)|"
                        r"at the time))?", re.I)
# "On Friday I said 'hi'": a setting that tells a moment by a clause (someone said …), to be joined with "when"
_LEADING_WHEN_WORD = re.compile(r"\b(?:when|while|as|after|before|once|time)\s*$", re.I)
_TOLD_CLAUSE = re.compile(r"(?P<lead>.*?)(?P<clause>\b(?:I|we|he|she|they|[A-Z][\w'-]*) (?:was |were )?"
                          r"(?:said|saying|asked|asking|told|telling|mentioned)\b.*)")
# "Today, the first time I heard Ana": the moment by its order, after a setting
_SET_ORDINAL = re.compile(r"(?P<lead>[^,]{1,40}),\s*(?P<clause>the (?:first|last|final|next|previous) "
                          r"(?:time|occasion)\b.+)", re.I)
_SAID_SOMETHING = re.compile(r"(?P<lead>[^,]{1,40},\s*)?(?P<who>I|[A-Za-z][\w'-]*) (?:said|mentioned|told me|"
                             r"talked about) something (?P<where>(?:at|in|near|by) (?:the |my |our )?[\w'-]+"
                             r"(?: [\w'-]+)? )?(?P<about>(?:about|regarding|on) .+)", re.I)
_CHOICES_AFTER = re.compile(r"^(?:the )?(?:choices|options|candidates)(?: are)?:?\s+(?P<items>[^?]+,[^?]+)$", re.I)
_SPOKE_OF = re.compile(r"(?P<lead>.*?)\b(?P<who>I|[A-Za-z][\w'-]*) (?:spoke of|talked of|brought up|mentioned) "
                       r"(?P<about>.+)", re.I)
_MOVED = re.compile(r"\b(?:got|get|gets|went|go|goes|came|come|comes|walked|drove|headed|returned)\s*$", re.I)
_WHICH_ONE = re.compile(r"which (?:one|of them|of those|of these)\b", re.I)
_TOLD_LIST = re.compile(r"(?P<items>(?:[\w' -]+, )+[\w' -]+? (?:or|and) [\w' -]+?)(?=,|\s*$|\s+[—–])")
_TOLD_TIME = re.compile(r"\b(?:on (?:day \d+|\w+day|\w+ \d{1,2}(?:st|nd|rd|th)?)|yesterday|today|tonight|"
                        r"this (?:morning|afternoon|evening)|last night)\b", re.I)
_SETTING_TOLD = re.compile(r"(?:at|in|on|near|around|about|during|inside|outside|yesterday|today|tonight)\b", re.I)
_SEEN_CLAUSE = re.compile(r",\s*(?:and\s+)?(?:there (?:was|were) )?(?:(?:a|an|the|some) (?P<thing>[\w-]+)|something)"
                          r"(?: (?:was|were))?(?: there)? "
                          r"(?:in view|before my eyes|in front of me|on (?:my )?\w*screen)$", re.I)
_CLAUSE_WORD = re.compile(r"\b(?:i|we|he|she|they|\w+ed|said|says|say|was|were|is|are|went|saw|heard|spoke|got|came|"
                          r"left|did|do|does)\b|\x00", re.I)
_LEFT_PLACE = re.compile(r"^(?:i |we )?(?:left|leaving|after leaving) (?:the )?(?P<place>(?:place|spot|room)\b.+)$",
                         re.I)
_BARE_TIME_ASK = re.compile(r"(?:roughly |about |approximately |around )?(?:at )?what time", re.I)
# "Something Rosa said on Monday — where did Rosa say the meeting is?": the told part only sets the question's time
_SOMETHING_SAID = re.compile(r"something (?P<who>I|[A-Za-z][\w'-]*) (?:said|mentioned|told me)(?P<setting>(?: .+)?)",
                             re.I)
_WHAT_SAID = re.compile(r"what (?:did|does) (?:I|[A-Za-z][\w'-]*) (?:say|mention|tell me)(?: exactly| again)?", re.I)
_HEAD_NOUN = re.compile(r"the (?:\w+ )?(place|person|thing|object|sign|day|time)\b", re.I)
_DESCRIPTION = re.compile(r"(?:the|whoever|whatever|that|those|these|each|every|all)\b", re.I)
# "… - it was on Monday at the mill, around 9": where and when, told after the question
_SETTING_AFTER = re.compile(r"(?:it|this|that) (?:was|happened|would have been)\s+((?:on|at|in|around|about|during|"
                            r"yesterday|today|this|last)\b.*)", re.I)
_CONTENT = re.compile(r"[A-Za-z0-9\x00]")


def join_parts(question: str, names: Collection[str] = ()) -> str:
    """The question with a told first part joined in as its anchor clause (see the module's doc)."""
    text = " ".join(question.split())
    quotes: list[str] = []

    def hold(m: re.Match[str]) -> str:
        quotes.append(m[0])
        return _SLOT.format(len(quotes) - 1)

    held = _plain(mend_slips(apostrophes(QUOTED.sub(hold, text)), names))
    text = _SLOT_RE.sub(lambda m: quotes[int(m[1])], held)
    if not quotes and (this := _SAID_THIS.search(held)) is not None:
        # "who said this? i think that cat is hers.": the words after it are the ones said
        asked = re.sub(r"\s+(?:this|the following|these words)$", "", this[1], flags=re.I)
        return f'{asked} "{this[2].strip()}"?'
    parts = [p.strip() for p in _BREAK.split(held) if p and _CONTENT.search(p)]
    if len(parts) >= 2 and (_TRAILER.match(parts[-1]) or (parts[-2].endswith("?") and (
            _RESTATED.match(parts[-1]) or _asked_again(parts[-1], parts[-2])))):
        parts = [*parts[:-2], parts[-2].rstrip(" —–-,;:")]
        held = " ".join(parts)
        text = _SLOT_RE.sub(lambda m: quotes[int(m[1])], held)
    if len(parts) >= 2 and (choices := _CHOICES_AFTER.match(parts[-1])) is not None and \
            _ASKS.match(strip_lead(parts[-2])):
        # "who spoke first today? choices: Rosa, Ana or me": the list the question picks from
        parts = [*parts[:-2], f"{parts[-2].rstrip(' ?.!')}: {choices['items'].rstrip(' ?.!')}?"]
        held = " ".join(parts)
        text = _SLOT_RE.sub(lambda m: quotes[int(m[1])], held)
    if len(parts) >= 2 and parts[-2].endswith("?") and is_afterthought(parts[-1], names):
        parts = parts[:-1]  # "… was it? I'm trying to retrace my steps."
        held = " ".join(parts)
        text = _SLOT_RE.sub(lambda m: quotes[int(m[1])], held)
    if len(parts) >= 2:
        asked = _ASK_OPENING.sub("", parts[-1])
        aside = _ASKS.match(strip_lead(asked)) is not None and not _POINTS_BACK.search(asked)
        kept = [p for i, p in enumerate(parts) if i == len(parts) - 1 or _SLOT_RE.search(p) or
                not (_PREAMBLE.match(p) or (aside and _says_nothing_asked(p, names, parts[-1])))]
        kept = [*(_HEDGE.sub("", p) for p in kept[:-1]), _ASK_OPENING.sub("", kept[-1])]
        if kept != parts:  # the question as read: without what only surrounds it
            parts = kept
            text = _SLOT_RE.sub(lambda m: quotes[int(m[1])], " ".join(parts))
    if len(parts) < 2:
        return text
    if len(parts) == 2 and _TIME_CLAUSE.match(parts[0]) and not parts[0].endswith("?") and \
            _ASKS.match(strip_lead(parts[1])) and (timed := _time_clause_asked(parts[0], parts[1])) is not None:
        return _SLOT_RE.sub(lambda m: quotes[int(m[1])], timed)
    if len(parts) == 2:
        two = _attributed(parts[0], parts[1]) or _completed(parts[0], parts[1]) or _seen_then(parts[0], parts[1]) \
            or _described(parts[0], parts[1]) \
            or _set_after(parts[0], parts[1])
        if two is not None:
            return _SLOT_RE.sub(lambda m: quotes[int(m[1])], two)
    asking = [i for i, p in enumerate(parts) if _ASKS.match(strip_lead(p))]
    if asking == [0] and len(parts) == 2:
        # the question first, then what it is about: "where was i -- keiko said 'see you' on day 2?"
        parts = [parts[1], parts[0]]
    elif asking != [len(parts) - 1]:
        return text  # no one question at the end: nothing to join
    told, ask = _told(parts[:-1], quotes), strip_lead_in(parts[-1])
    if told is None:
        return text
    joined = _join(told, ask)
    if joined is None:
        return text
    return _SLOT_RE.sub(lambda m: quotes[int(m[1])], joined)


def _time_clause_asked(clause: str, ask: str) -> str | None:
    """"When Rosa said 'hi' — I was where?" → "where was I when Rosa said 'hi'?": the question, then its time
    clause; a clause after it that only says something was in view goes, the thing taking the place of "it" ("When
    I said 'hi', a sign was in view — what did it say?"). None where the clause goes on to tell more."""
    if "," in clause:
        seen = _SEEN_CLAUSE.search(clause.rstrip(" .;"))
        if seen is None:
            return None
        clause = clause[:seen.start()]
        if seen["thing"]:
            ask = re.sub(r"\b(?:it|that \w+)\b", f"the {seen['thing'].lower()} in view", ask, count=1, flags=re.I)
    return f"{ask.strip(' ?.!,')} {clause[0].lower()}{clause[1:].rstrip(' ,.;')}?"


def _asked_again(part: str, before: str) -> bool:
    """`part` a question whose every word the question before it holds: "Who spoke up first? Who spoke first?"."""
    words = set(re.findall(r"[a-z0-9']+", part.lower()))
    return part.rstrip().endswith("?") and bool(words) and words <= set(re.findall(r"[a-z0-9']+", before.lower()))


def _says_nothing_asked(part: str, names: Collection[str], asked: str = "") -> bool:
    """A sentence before a question that stands alone and names no time, place, person the Library knows (but one
    the question names again) or moment: why the asker asks ("My grandson is doing a project on memory.", "I'd like
    to catch Rosa in person, so where do I usually see Rosa?"), which the question does not need."""
    low = part.lower()
    names = [n for n in names if not re.search(rf"\b{re.escape(n)}\b", asked, re.I)]
    if _ASKS.match(strip_lead(part)) or _TIME_HINT.search(part) or _SETTING_HINT.search(part) or \
            re.search(r",.*\b(?:or|and)\b", part):  # a list the question may point at
        return False
    return not any(re.search(rf"\b{re.escape(name)}\b", low) for name in names if name)


# "The visit I mean is my last one to the gym.": my last visit to the gym (the noun told stands for "one")
_MEANT = re.compile(_SENTENCE_START + r"the (?P<noun>visit|trip|time|moment|occasion|day|place|spot|person|thing|"
                    r"object|conversation)s? (?:i|we) (?:mean|have in mind|am thinking of|'m thinking of|am asking "
                    r"about|'m asking about) (?:is|are|was|were) (?P<rest>[^.?!]*)", re.I)


def _meant(m: re.Match[str]) -> str:
    return re.sub(r"\bones?\b", m["noun"], m["rest"], count=1)


# "The place is the gym. How many times did I go there?": the place said alone first
_PLACE_IS = re.compile(r"^the (?:place|spot|location)(?: in question)? (?:is|was) "
                       r"(?=(?:the|my|our) [^.?!:]{1,40}[.:]\s)", re.I)


# a topic set before the question: "When it comes to Rosa, where do I see her?", "As for the line 'hi', who said
# it?" (the topic said alone first); "Thinking of the pier and the mill, who spoke at both?" (places to think of)
_WH_NEXT = r"(?=(?:who|whom|whose|what|which|where|when|how)\b)"
# (only where the question points back at it: "When it comes to the bus, what did Rosa say?" keeps its topic)
_POINTS_BACK_AT = r"(?=[^?]*\b(?:them|him|her|there|both)\b)"
_TOPIC_FIRST = re.compile(r"^(?:when it comes to|as for|as regards|speaking of|talking of) "
                          r"(?:(?:the (?:line|words|quote|phrase|sentence|remark|comment) )?(?P<quote>\x00\d+\x00),\s*"
                          + _WH_NEXT +
                          r"|(?P<topic>[^,?\x00]{1,60}),\s*" + _WH_NEXT + _POINTS_BACK_AT + ")", re.I)
_THINKING_OF = re.compile(r"^thinking (?P<back>back )?(?P<of>of|about) (?P<topic>[^,?]{1,60}),\s*" + _WH_NEXT, re.I)


def _topic_first(m: re.Match[str]) -> str:
    return f"{m['quote'] or m['topic']} — "


# two places said first, then a question about both: "The pier and the mill: who spoke at both?"
_TWO_THEN_BOTH = re.compile(r"^(?P<a>the [\w' ]{1,30}?) and (?P<b>the [\w' ]{1,30}?)\s*(?:[:,]|\s[—–-])\s*"
                            r"(?P<ask>(?:(?:who|whom|whose|what|which|where|when|how)\b[^?]*?)?)\s*(?:\b(?:at|in) )?"
                            r"\bboth(?: places| of them| of those| of these)?\b(?P<rest>[^?]*\??)$", re.I)


def _two_then_both(m: re.Match[str]) -> str:
    ask = f"{m['ask']} " if m["ask"] else ""
    return f"{ask}at both {m['a'][0].lower()}{m['a'][1:]} and {m['b']}{m['rest']}"


# "See the last time I was at the pier? What was in view?" (Scots and Irish): the moment, then the question
_SEE_THEN = re.compile(r"^see (?P<told>(?:the|when|that|my)\b[^?\x00]{3,}?(?:\x00\d+\x00[^?\x00]*?)?)\?\s+"
                       + _WH_NEXT, re.I)


def _plain(text: str) -> str:
    """The question without chat fillers ("ok so", "lol", "like right in front"), commands as questions ("Name
    the object that …" → "what object …", "State the number of …" → "how many …"), "re" as "about" and "at the
    moment I said" as "when I said"."""
    text = _TWO_THEN_BOTH.sub(_two_then_both, _TOPIC_FIRST.sub(_topic_first, in_the_past(plain_words(text))))
    text = _SEE_THEN.sub(r"\g<told> — ", text)
    text = unframed(_PLACE_IS.sub("", _THINKING_OF.sub(r"think \g<back>\g<of> \g<topic>. ", text)))
    text = _MEANT.sub(_meant, _DOUBT_LEAD.sub("", _DOUBT_TAIL.sub("", _DOUBT_WORD.sub("", text))))
    text = _SETTING_ASKED.sub(r"\g<setting>, ", _IT_WAS_SETTING.sub("", _RECALL.sub(r"\g<setting>, ", text)))
    text = _THAT_MOMENT.sub("", _FILLER_START.sub("", _FILLER_END.sub("", text)))
    text = _RETURN_WHO.sub("who", _RETURN_ONE.sub("which one", _RETURN_ALL.sub("", text)))
    text = _STEP_RETURN.sub(" and ", _ON_EVENT.sub("find the moment when ", text))
    text = _ask_after_and(_find_then_ask(text))
    if (order := _NOMINAL_ORDER.match(text)) is not None:
        text = f"which of {order['items']} was the {order['ord']} {order['noun']}{order['rest']}{order['tail'] or ''}?"
    text = _WHICH_FROM.sub("which of ", text)
    text = _SETTING_COLON.sub(r"\g<setting>, ", text)
    text = _VERY.sub("", text)  # a filling "like" went with the other fillers (`shorthand`)
    text = _THINK_AGAIN.sub(r"\g<first> and \g<second>", text)
    text = _PICK_ONE.sub(r"\g<ask>: \g<items>?", text)
    if (ones := _ONES.search(text)) is not None and (told := _UNITS_TOLD.search(text[:ones.start()])) is not None:
        # "Count the conversations. In how many separate ones did …": the ones told of before
        text = text[:ones.start()] + ones[1] + told[1].lower() + text[ones.end():]
    text = _WHOS_THE_ONE.sub("who ", _WHATS_THE_PLACE.sub("the place where ", text))
    if (place := _PLACE_FRAGMENT.match(text)) is not None and not _BREAK.search(text):
        rest = text[place.end():]
        text = f"where {rest}" if _HABIT.match(rest) else f"where was I when {rest}"
    for pattern, asked in _COMMANDS:
        text = pattern.sub(asked, text, count=1)
    text = _LEADING_WHEN.sub(_set_off, _USUAL_SPOT.sub("where usually ", _USUAL_SPOT_FOR.sub(
        "where do I usually see ", text)))
    if (ordinal := _ORDINAL_CLAUSE.match(text)) is not None:
        # "on friday, the last time i was at the office, what did i see?": the question, then its moment
        clause = re.sub(r"^(?=(?:very )?(?:first|last|final|next|previous)\b)", "the ", ordinal["clause"], flags=re.I)
        text = f"{ordinal['ask']} {clause} {ordinal['setting'].strip(' ,')}?{ordinal['after'] or ''}"
    if "\x00" not in text:  # "which thing could i see while rahul said the bus is late": the words said
        text = _SAID_AT_END.sub(r'\1 "\2"', text)
    text = _PRIOR.sub(lambda m: _PRIOR_WORDS[m[1].lower()], _FIELD_OF_VIEW.sub("view", _ON_CAMERA.sub("in view", text)))
    text = _BEFORE_OTHERS.sub(lambda m: "first" if m[1].lower() in {"before", "ahead of"} else "last", text)
    text = _WHAT_IT_SAID.sub(r"what did \g<np> say", _THE_TALK_AT.sub("", text))
    text = _you_as_me(text)
    return _MOMENT.sub("when", _ABOUT.sub("about", _INTERVAL.sub("during", text)))


def _set_off(m: re.Match[str]) -> str:
    """A leading clause set off by a comma; "where I went after the place where I saw …" is one embedded question."""
    if m[1].split()[0].lower() == "where" and m[2].split()[0].lower() == "where":
        return m[0]
    return f"{m[1]}, {m[2]}"


def _you_as_me(text: str) -> str:
    """The asker's own hearing and being where they speak as if the assistant had been there; a cleft ("where is it
    that I …"), a topic set before the question ("That bit about X — what did Ana say?", "The museum — how many
    times was I there?") and a time asked after its event ("1st arrival at the pier, approx time?") asked plainly."""
    text = _BLANK.sub("", _YOU_HEARD.sub(lambda m: f"{m[1]} said", text))
    for pattern, plain in _YOU_WITH_ME:
        text = pattern.sub(plain, text)
    text = _CLEFT.sub(r"\1 ", text)
    if (bit := _BIT_ABOUT.match(text)) is not None:
        text = f"what did {bit['who']} say about {bit['topic']}{bit['end'] or '?'}"
    if (visit := _TOPIC_VISIT.match(text)) is not None:
        to = "to" if visit["visit"].split()[-1].lower() in {"visit", "trip"} else "at"
        text = f"{visit['ask']} during {visit['visit']} {to} {visit['np']}{visit['rest']}?"
    if (topic := _TOPIC_THERE.match(text)) is not None:
        place = topic["np"]
        where = f"{topic['verb']}to {place}" if topic["verb"] else f"at {place}"
        text = f"{topic['ask']}{where}{text[topic.end():]}"
    if (event := _TIME_OF.match(text)) is not None and not _WH_WORD.search(event["event"]):
        text = f"the {event['adj'] or ''}time of {event['event']}?"
    return text


def _ask_after_and(text: str) -> str:
    """"I think Rosa said 'hi', and I'm trying to remember what I held then" → "… said 'hi'. what I held then": a
    question that opens, after a connective, with a lead-in of its own begins a new part."""
    for m in _AND_ASK.finditer(text):
        rest = text[m.end():]
        asked = strip_lead_in(rest)
        if asked != rest and _ASKS.match(asked):
            return f"{text[:m.start()]}. {asked}"
    return text


def _find_then_ask(text: str) -> str:
    """"Find X and tell me Y" as the question Y about X (see `_FIND_THEN`); unchanged where Y is no question."""
    m = _FIND_THEN.match(text)
    if m is None:
        return text
    found, verb, wanted = m["x"].strip(" ,"), m["verb"].lower(), m["y"].strip()
    if _ASKS.match(wanted):
        asked = wanted
    elif _NEXT_PLACE.match(wanted):
        asked = "where did I go next after"
    elif _ASKED_TIME.match(wanted):
        asked = "what time was it"
    elif (thing := _ASKED_THING.match(wanted)) is not None:
        asked = f"what did the {thing['noun']} {thing['rest']} say" if verb.startswith("read") else \
            f"what {thing['noun']} was {thing['rest']}"
    else:
        return text
    asked = _AT_THAT_MOMENT.sub("", asked)  # "… in view at that moment": the moment found
    if (moment := _FOUND_MOMENT.match(found)) is not None:
        clause = moment["clause"]
        return f"at what time {clause}?" if asked == "what time was it" else f"{asked} when {clause}?"
    if (visit := _FOUND_VISIT.match(found)) is not None:
        ordinal = {"latest": "last", "most recent": "last", "final": "last"}.get(visit["ord"].lower(), visit["ord"])
        found = f"the {ordinal} time I was at {visit['rest']}"
    if _FOUND_ORDINAL.match(found):
        return f"{asked} {found}?"
    if "," in found and re.search(r"\b(?:or|and)\b", found) and re.match(r"which(?: one)?\b", asked, re.I):
        return re.sub(r"^which(?: one)?\b", f"which of {found}", asked, count=1, flags=re.I) + "?"
    found = _FOUND_SAYING.sub("", found)
    if (it := _POINTER_IT.search(asked)) is not None:
        return f"{asked[:it.start()]}{found}{asked[it.end():]}?"
    if _ENDS_AFTER.search(asked):
        return f"{asked} {found}?"
    return text


def _completed(told: str, ask: str) -> str | None:
    """"Rosa said the meeting is... which day exactly?" → "which day did Rosa say the meeting is?": a question of
    only its question phrase asks for the part of what was said that the told part leaves open."""
    wh = _BARE_WH.fullmatch(strip_lead_in(ask).rstrip(" ?.!"))
    said = _SAID_CLAUSE.fullmatch(told.rstrip(" .!?…"))
    if wh is None or said is None or _SLOT_RE.search(told):
        return None
    return f"{said['lead']}{wh[1]} did {said['who']} say {_TOLD_WH.sub('', said['rest'])}?"


def _seen_then(told: str, ask: str) -> str | None:
    """"The last time I was at the mill, there was something in view. What object was it?" → "what object was in
    view the last time I was at the mill?": what was seen then, the moment told."""
    seen = _THERE_WAS.fullmatch(told.rstrip(" .!?,"))
    asked = _POINTING_QUESTION.fullmatch(strip_lead_in(ask).rstrip(" ?.!"))
    if seen is None or asked is None:
        return None
    thing = re.search(r"\b(object|thing|item)\b", ask, re.I)
    what = (thing[1] if thing else seen["thing"] or "thing").lower()
    setting = seen["setting"]
    if (ordinal := _SET_ORDINAL.fullmatch(setting)) is not None:
        setting = f"{ordinal['clause']} {ordinal['lead']}"
    elif (told_clause := _TOLD_CLAUSE.fullmatch(setting)) is not None and not _LEADING_WHEN_WORD.search(
            told_clause["lead"]):
        setting = f"{told_clause['lead'].strip(' ,')} when {told_clause['clause']}".strip()
    return f"what {what} was {seen['where']} {setting}?"


def _described(told: str, ask: str) -> str | None:
    """"Whoever said 'hi' at the gym - what is their name?" → "who said 'hi' at the gym?"; "The thing in front of me
    as Ana spoke - what was it?" → "what was the thing in front of me as Ana spoke?": the first part describes what
    the second asks for."""
    m = _POINTING_QUESTION.fullmatch(strip_lead_in(ask).rstrip(" ?.!"))
    described = told.rstrip(" ?.!,")
    if m is None or not _DESCRIPTION.match(described):
        return None
    wh = m["wh"].lower()
    if (whoever := re.match(r"(?:whoever|the (?:person|one|individual|speaker|people)(?: who| that)?)\s+", described,
                            re.I)) is not None:
        return f"who {described[whoever.end():]}?"
    if (place := _PLACE_WHERE_TOLD.match(described)) is not None:
        # "the spot on monday where i heard omar …": where was i when i heard omar … on monday ("the place where i
        # usually see omar": where i usually see omar)
        rest = f"{described[place.end():]}{place['mid'] or ''}"
        was_i = re.match(r"(?:i|we)\s+(?!(?:usually|normally|often|mostly|tend|always)\b)", rest, re.I)
        return f"where was I when {rest}?" if was_i else f"where {rest}?"
    if (remark := _REMARK.match(described)) is not None:
        # "that remark I made at the mill about the bus": what did I say at the mill about the bus
        return f"what did {remark['who']} say {described[remark.end():]}?"
    if (moment := re.match(r"the (?:time|moment|hour)(?: when| that| at which)?\s+", described, re.I)):
        return f"what time {described[moment.end():]}?"
    if wh == "how many":
        return _how_many(described)
    if wh.startswith("which") and (head := _HEAD_NOUN.match(described)) is not None:
        wh = f"which {head[1].lower()}"  # "the next place I went … - which was it?": which place
    return f"{wh} was {described[0].lower()}{described[1:]}?"


def _how_many(described: str) -> str:
    """"The separate times on Monday that the kite was in view" / "each time I stopped at the temple" → "how many
    times …?": the times are counted, not a moment's anchor."""
    counted = re.sub(r"^(?:the|each|every|all(?: the)?) ", "", described, flags=re.I)
    counted = re.sub(r"^(time|occasion|visit|trip|conversation|chat)\b", r"\1s", counted, flags=re.I)
    counted = re.sub(r"^(.*?\b(?:times|occasions|visits|trips|conversations|chats)\b.*?)\s+"
                     r"(?:that|when|on which|in which)\s+", r"\1 ", counted, count=1, flags=re.I)
    return f"how many {counted}?"


def _set_after(ask: str, told: str) -> str | None:
    """"what did Rosa say - it was on Monday at the mill" → "what did Rosa say on Monday at the mill?"."""
    m = _SETTING_AFTER.fullmatch(told.rstrip(" ?.!"))
    if m is None or not _ASKS.match(strip_lead_in(ask)):
        return None
    return f"{ask.rstrip(' ?.!')} {m[1]}?"


def _attributed(asked: str, told: str) -> str | None:
    """"what time the train leaves — Rosa said it on Monday" → "what time did Rosa say the train leaves on
    Monday?": an embedded question, then who said its answer."""
    said = _ATTRIBUTION.fullmatch(told.rstrip(" .!?"))
    embedded = _EMBEDDED.search(asked.rstrip(" .!?"))
    if said is None or embedded is None:
        return None
    return f"{embedded['wh']} did {said['who']} say {embedded['rest']}{said['when'] or ''}?"


def _who_said(told: str) -> str:
    """"We stopped at the mill and somebody said 'Q' — who was that?" → "who said 'Q' when we stopped at the mill?";
    "overheard 'Q' at the mill — who said that?" → "who said 'Q' at the mill?"."""
    slot = _SLOT_RE.search(told)
    assert slot is not None
    saying = _SAYER.search(told[:slot.start()])
    start = saying.start() if saying is not None else slot.start()
    rest = (told[:start] + told[slot.end():]).strip(" ,")
    rest = re.sub(r"\s*\b(?:and|but|so|then|when)$", "", rest, flags=re.I).strip(" ,")
    asked = f"who said {slot[0]}"
    if not rest or _INTENTION.match(rest):  # "I'd like to thank whoever said …": why, not when
        return f"{asked}?"
    if re.match(r"(?:at|in|on|near|by|during|around|outside|inside|yesterday|today|this|last)\b", rest, re.I):
        return f"{asked} {rest}?"
    return f"{asked} when {rest}?"


def _told(parts: list[str], quotes: list[str]) -> str | None:
    """The first part as one clause: a quote standing alone goes where the other part points at it ("— Rosa
    said that"); words said without quote marks are quoted ("Omar said we leave at six")."""
    parts = [p.rstrip(" .!?;,") for p in parts]
    alone = [i for i, p in enumerate(parts) if _SLOT_RE.fullmatch(p)]
    for i in alone:
        others = [j for j in range(len(parts)) if j != i and parts[j]]
        for j in others:
            pronoun = _SAID_PRONOUN.search(parts[j])
            end = _SAID_END.search(parts[j])
            if pronoun is not None:
                parts[j] = parts[j][:pronoun.start(2)] + parts[i] + parts[j][pronoun.end(2):]
            elif end is not None:
                parts[j] = parts[j][:end.end(1)] + " " + parts[i] + parts[j][end.end(1):]
            else:
                continue
            parts[i] = ""
            break
    clause = " ".join(p for p in parts if p)
    if not clause:
        return None
    if _OPENING.match(clause):
        clause = clause[0].lower() + clause[1:]
    if not quotes and not _SLOT_RE.search(clause):
        said = _SPEECH.search(clause)
        rest = clause[said.end():].strip() if said else ""
        if said is not None and len(rest.split()) >= 3 and not _NOT_WORDS_SAID.match(rest) and \
                not _SOMETHING_SAID.fullmatch(clause):
            clause = f'{clause[:said.end()]} "{rest}"'
    return clause


def _join(told: str, ask: str) -> str | None:
    body, mark = ask.rstrip(" ?.!"), "?"
    if (seen := _seen_then(told, body)) is not None:
        return seen
    if (one := _WHICH_ONE.match(body)) is not None and (items := _TOLD_LIST.search(told)) is not None:
        # "Out of the cat, the cup or the key, one caught my eye yesterday — which one did I see first?"
        after = _TOLD_TIME.search(told[items.end():])
        setting = f" {after[0]}" if after else ""
        listed = re.sub(r"^(?:out of|of|from|among(?:st)?)\s+", "", items["items"].strip(), flags=re.I)
        if (first := re.match(rf"({_TOLD_TIME.pattern}),\s*", listed, re.I)) is not None:  # "today, A, B or C"
            setting, listed = f" {first[1]}", listed[first.end():]
        return f"which of {listed}{body[one.end():]}{setting}{mark}"
    if (left := _LEFT_PLACE.match(told)) is not None and re.search(r"\bnext\b", body, re.I):
        return f"{body} after the {left['place']}{mark}"  # "left the place with the sign. where did I go next?"
    if _BARE_TIME_ASK.fullmatch(body) and not _WH_WORD.search(told):
        return f"{told}, {body}{mark}"  # "first arrival at the pier. roughly what time?"
    if (spoke := _SPOKE_OF.fullmatch(told.rstrip(" .!?,"))) is not None and \
            re.fullmatch(rf"what did {re.escape(spoke['who'])} (?:say|mention)(?: exactly)?", body, re.I):
        # "Near 3 pm Rosa spoke of the meeting — what did Rosa say?"
        lead = spoke["lead"].strip()
        lead = f" {lead[:1].lower()}{lead[1:]}" if lead else ""
        return f"what did {spoke['who']} say about {spoke['about']}{lead}{mark}"
    said = _SOMETHING_SAID.fullmatch(told.rstrip(" .!?,"))
    if said is not None and re.search(rf"\bdid {re.escape(said['who'])} (?:say|mention|tell me)\b", body, re.I):
        return f"{body}{said['setting']}{mark}"
    something = _SAID_SOMETHING.fullmatch(told.rstrip(" .!?,"))
    if something is not None and (_POINTING_QUESTION.fullmatch(strip_lead_in(body)) or _WHAT_SAID.fullmatch(body)):
        # "Rosa said something about where the meeting is, on Monday. What was it?": what Rosa said about it (a
        # setting before it, or where it was said, kept: "Around 3 pm, Rosa said something at the mill about …")
        where = f" {something['where'].strip()}" if something["where"] else ""
        return f"{something['lead'] or ''}what did {something['who']} say {something['about']}{where}{mark}"
    if _WHO_THAT.fullmatch(body) and len(_SLOT_RE.findall(told)) == 1:
        return _who_said(told)
    if (_WHO_THAT.fullmatch(body) or body.lower() == "who") and (one := _SOMEONE.search(told)) is not None:
        # "Someone spoke at the mill and at the pier too. Who was that?": who did what the someone did
        before = re.sub(r"[\s,]*\b(?:and|but|so|then)?[\s,]*$", "", told[:one.start()])
        return f"who{told[one.end():]}" + (f" when {before}" if before else "") + mark
    if (bare := re.fullmatch(r"(who|what|where|when|which one|how many)", body, re.I)) is not None:
        # "same person talking at the mill and the pier - who?"
        if bare[1].lower() == "how many" and _DESCRIPTION.match(told):
            return _how_many(told.rstrip(" ?.!,"))
        return f"{bare[1]} is {'' if _DESCRIPTION.match(told) else 'the '}{told}{mark}"
    if (it := _IT_SAID.match(body)) is not None and (thing := _WRITTEN_THING.search(told)) is not None:
        # "sign in view when i said 'hi' - what did it say?": "it" is the written thing told of
        # "I passed a sign at the harbour": the sign keeps its place ("the sign at the harbour")
        at = re.match(rf"\s+(?:at|in|near|by|outside|inside|on) (?:the )?{_PLACE_WORD}(?: {_PLACE_WORD}){{0,2}}"
                      rf"(?=\s*(?:[,.;]|$)|\s+{_SETTING_WORD})", told[thing.end():], re.I)
        after = told[thing.end() + (at.end() if at else 0):]
        rest = " ".join((told[:thing.start()] + " " + after).split()).strip(" ,")
        # the verb that only brought the thing in ("I passed", "there was") goes with it
        rest = re.sub(rf"\s*\b(?:and|but|so)?\s*(?:there (?:was|were|is)|i (?:saw|passed|noticed|spotted))"
                      rf"(?=\s*(?:[,.;]|$)|\s+{_SETTING_WORD})", "", rest, flags=re.I).strip(" ,")
        if rest and not re.match(r"(?:when|while|as|at|in|on|near|by|during|around|yesterday|today)\b", rest, re.I):
            rest = f"when {rest}"
        # "On Tuesday, I passed at the market": the setting, then the moment
        rest = re.sub(r"^([^,]+),\s*(?=(?:i|we)\s)", r"\1 when ", rest, flags=re.I)
        name = re.sub(r"^(?:a|an|that|this)\s+|\s+(?:up|there)$", "", thing[0].lower(), flags=re.I)
        name = name if name.lower().startswith("the ") else f"the {name}"
        joined = f"{it[1]} {name}{at[0] if at else ''}{it[2]}"
        return f"{joined} {rest}{mark}" if rest else f"{joined}{mark}"
    if (there := _ORDINAL_THERE.search(body)) is not None and (being := _BEING_AT.match(told)) is not None:
        # "I was at the pharmacy on Friday. What was in view the last time I was there?"
        setting = " ".join(x.strip(" ,") for x in (being["rest"], being["lead"] or "") if x.strip(" ,"))
        place = f"{'to' if there['verb'].lower() in {'went', 'got'} else 'at'} {being['place']}" + \
            (f" {setting}" if setting else "")
        return f"{body[:there.start('there')]}{place}{body[there.end('there'):]}{mark}"
    for pattern, connective in _BACK:
        m = pattern.search(body)
        if m is None:
            continue
        if connective == "ordinal":  # "I heard Ravi on Friday - on the very first occasion, what …?"
            anchor = f"the {m['ordinal'].lower()} time {told}"
            if _ASKS_WHEN.match(body):  # "what time was that the first time": the event told
                body = _PRONOUN_SUBJECT.sub(r"\1 it", body)
                m = pattern.search(body)
                assert m is not None
        elif connective == "where" and (being := _BEING_AT.match(told)) is not None:
            anchor = f"at {being['place']}{being['rest']}" + (f" {being['lead'].strip(' ,')}" if being["lead"] else "")
        elif connective == "where" and re.match(r"(?:the )?(?:place|spot|room) (?:where|with)\b", told, re.I):
            anchor = f"at {told}" if told.lower().startswith("the ") else f"at the {told}"
        elif connective == "where":
            anchor = f"at the place where {told}"
        elif m.groupdict().get("noun"):  # "after that place": after the place where it happened
            anchor = f"{m['adverb'] or ''}{connective} the place where {told}"
        else:
            anchor = f"{m['adverb'] or ''}{connective} {told}" if "adverb" in m.groupdict() else f"{connective} {told}"
            if connective == "when" and _SETTING_TOLD.match(told) and not _CLAUSE_WORD.search(told):
                # a setting, no clause: "At the pier at noon — who spoke then?"
                anchor = told
        if connective == "where" and _MOVED.search(body[:m.start()]):  # "when I first got there": got to the gym
            anchor = re.sub(r"^at ", "to ", anchor)
        return f"{body[:m.start()]}{anchor}{body[m.end():]}{mark}"
    if (ordinal := _ORDINAL_TOLD.match(told)) is not None:
        # "last time at the bookshop - what was in view?": the told part names the moment
        if (ordinal[1] or "").lower().strip() == "my":  # "my last visit to the cafe. What was in view (during it)?"
            return f"{_DURING_IT.sub('', body)} during {told}{mark}"
        if not ordinal[1] and re.match(r"(?:very )?\w+ (?:visit|trip|stop)\b", told, re.I):  # "last visit to the cafe"
            return f"{body} during my {told}{mark}"
        return f"{body} {'' if ordinal[1] else 'the '}{told}{mark}"
    if _SLOT_RE.search(told) or _SPEECH.search(told):
        # something said, asked about with no pointer ("i said 'hi' — what was i holding?"): when it was said
        return f"{body} when {told}{mark}"
    if _ASKS_WHEN.match(body) and _PRONOUN_SUBJECT.search(body):
        # "I got to the pier — what time was that the first time?": "what time was it the first time I got …"
        body = _PRONOUN_SUBJECT.sub(r"\1 it", body)
        ordinal = _ORDINAL_TIME.search(body)
        if ordinal is not None:
            return f"{body[:ordinal.start()]} {ordinal[1]} {told}{mark}"
        return f"{body} when {told}{mark}"
    places = _TOLD_PLACES.findall(told)
    if len(places) >= 2 and (them := _BOTH_OF_THEM.search(body)) is not None:
        # "I was at the mill and at the pier. Who spoke at both of them?"
        return f"{body[:them.start()]}both {places[0]} and {places[1]}{body[them.end():]}{mark}"
    if len(told.split()) <= 3 and _PERSON_PRONOUN.search(body):
        # "Rosa — where do I usually hear them?"
        return f"{_PERSON_PRONOUN.sub(told, body, count=1)}{mark}"
    return None


__all__ = ["QUOTED", "join_parts"]
