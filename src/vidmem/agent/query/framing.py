"""What only frames a question, taken off before it is read: a label before a colon ("Memory test: …", "No
waffle: …"), an apology before "but" ("Sorry, I should know this, but which …"), asking on someone's behalf ("My
wife wants to know where I …"), a pseudo-cleft ("What I'm after is the time I first …", "The number I need is how
many …"), a reason after the question (", so I can go back and look?", "? I'm trying to retrace my steps."), the
question said again ("? or what did it say, i mean"), "while I was there" (the wearer is where the camera is).

Each frame is dropped only where it tells nothing the question could need: no time, no place, no quoted words,
no name, no question word of its own.
"""

from __future__ import annotations

import re
from collections.abc import Collection

_SLOT = "\x00"
_WH = re.compile(r"\b(?:who|whom|whose|what|which|where|when|how)\b", re.I)
# what a frame must not hold: a time, a place or a person spoken of, a clock time
_TELLS = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|yesterday|tonight|morning|afternoon|"
                    r"evening|night|day|o'clock|noon|midnight|ago|earlier|week|weekend|jan(?:uary)?|feb(?:ruary)?|"
                    r"march|april|june|july|aug(?:ust)?|sept(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|"
                    r"\d|"
                    r"\b(?:at|in|into|inside|near|to|from) (?:the|a|an|my|our)\b", re.I)
# "For the last time:" is exasperation, not a visit
_EXASPERATION = re.compile(r"^for the (?:last|final|hundredth|umpteenth|third|second) time\s*[:,!]\s*", re.I)
# "Memory test for you:", "Sorry, bit of a niche one:", "Come on, I've asked twice already:"
_LABEL = re.compile(r"^(?P<label>[^:?.!\x00]{1,60}?):\s+(?=\S)")
# "…: of the van, the kite or the cup, which …": the question after the label starts with its list
_OF_LIST_WHICH = re.compile(r"(?:of|among(?:st)?|from|out of)\b[^?\x00]*,\s*(?:which|who|what)\b", re.I)
# a list one picks from is no label, nor what a label introduces ("Pick one: the van, the kite or …")
_LIST = re.compile(r"^[^.?!\x00]*,[^.?!\x00]*\b(?:or|and)\b")
# "Sorry, I know I was there, but who …", "Sorry to ask, but out of …"
_BUT = re.compile(r"^(?P<aside>[^?\x00]{1,80}?),?\s+but\s+(?=\S)", re.I)
_APOLOGY = re.compile(r"^(?:sorry|apologies|forgive me|excuse me|pardon me|i know|i feel|i'm sure|i am sure|"
                      r"i should|i ought|this (?:might|may|is|will)|it's (?:a|an|probably|maybe)|i hate to|i keep|"
                      r"i always|i'm (?:terrible|hopeless|bad|useless|tired|confused))\b", re.I)
# "My wife wants to know …", "My boss is asking …", "My son asked me …", "…, and my wife wants to know: …"
_BEHALF = re.compile(r"(?:^|,\s*(?:and|so)\s+|(?<=[.!?])\s+)(?:my|our) (?:[a-z'-]+ ){0,2}?[a-z'-]+ "
                     r"(?:(?:wants|wanted|would like|needs|needed|has asked me|asked me|asks me) to (?:know|find out)|"
                     r"(?:is|was|keeps|kept) asking(?: me)?|asked me|asks me|is wondering|was wondering|wonders|"
                     r"wondered)"
                     r"(?: (?:if|whether) you know)?\s*:?\s*(?=(?:who|whom|whose|what|which|where|when|how|"
                     r"if|whether)\b)", re.I)
# "My daughter asked me and I couldn't tell her. What time …": a sentence of someone asking, before the question
_ASKED_ME = re.compile(r"^(?:my|our) (?:[a-z'-]+ ){0,2}?[a-z'-]+ (?:asked|was asking|keeps asking|kept asking|"
                       r"wants to know|wanted to know)(?: me)?(?: (?:this|that|it))?(?:,? (?:and|but) i (?:couldn't|"
                       r"could not|can't|cannot|didn't|did not) (?:tell|answer|remember)(?: (?:him|her|them))?)?"
                       r"\s*[.!]\s+(?=\S)", re.I)
# "which words did the sign show? or what did it say, i mean": the question said again
_SAID_AGAIN = re.compile(r"\?\s+or\s+(?:what|which|who|where|when|how)\b[^?\x00]*?[?.!]*\s*$", re.I)
# "Which person spoke at both … while the camera wearer was there?": the wearer is where the camera is
_WEARER_THERE = re.compile(r",?\s*\b(?:while|when) (?:i|the (?:camera )?wearer) (?:was|were) (?:there|present)"
                           r"(?=\s*[?.!]*\s*$)", re.I)
# "What I'm after is …", "The thing I can't picture is …", "All I need is …", "The bit I'm missing is …"
_CLEFT = re.compile(r"^(?:what|all|the (?:only )?(?:thing|bit|part|number|question|piece|detail|one thing)) "
                    r"(?:i|i'm|i am|i'd|i would|i've|i have|we)\b[^,.?!\x00]{0,40}? is\s+"
                    r"(?P<rest>(?:who|whom|whose|what|which|where|when|how|whether|if|the|roughly|about|approximately|"
                    r"around|just)\b.*)$", re.I)
# ", so I can go back and look?", ", because I'd hate to get it wrong", ", since I keep thinking it was her?"
_PURPOSE = re.compile(r",\s*(?:so(?: that)? (?:i|we) (?:can|could|know|'ll|will|might|may|don't)|"
                      r"because (?:i|we|it)|since (?:i|we) (?:keep|think|need|want|have|can't|don't|'m|am))\b"
                      r"[^?\x00]*?(?P<end>[?.!]*)\s*$", re.I)
# a sentence after the question that only says why or how to answer: "I'm trying to retrace my steps.",
# "It might help me remember.", "Just the place.", "Quickly, please.", "A number will do."
_AFTERTHOUGHT = re.compile(r"^(?:(?:i|i'm|i'd|i've|i'll|it|it's|that|that's|this|we|we're|my)\b|"
                           r"(?:(?:just|only|quickly|please|no|roughly|nothing|(?:a|one|the) (?:number|name|word))\b"
                           r"[\w' ,]{0,25}[.!]*$))", re.I)


# "Q: first arrival at the cinema / approx. time?": a label of one word, then the thing and what is asked of it
_Q_LABEL = re.compile(r"^(?:q|question|query|item|need)\s*:\s*(?=\S)", re.I)
# "Re the time we leave: what did Mei say / approx. 10:12 on Saturday?": the topic, the question, its time
_RE_TOPIC = re.compile(r"^re:?\s+(?P<topic>[^:?\x00]{1,60}):\s*(?P<ask>(?:what|who|when|where|which)\b[^/?]+?)"
                       r"(?:\s+/\s+(?P<when>[^/?]+?))?\s*(?P<end>[?.!]*)\s*$", re.I)
_VISIT_TOPIC = re.compile(r"^(?:my|the|our) (?:very )?(?:first|last|final|latest|previous|most recent) "
                          r"(?:visit|trip|stop)\b", re.I)
_HOW_MANY_ONES = re.compile(r"^how many (?P<sep>(?:separate|different|distinct) )?ones?$", re.I)
_SLASHED = re.compile(r"^(?P<thing>[^/?]+?)\s+/\s+(?P<ask>[^/?\x00]{1,40}?)\s*(?P<end>[?.!]*)\s*$")
_NEXT_STOP = re.compile(r"^(?:the )?next (?:stop|place|destination|location)$", re.I)
_AT_MOMENT = re.compile(r"\s+/\s+(?:at the )?(?:moment|time|when)\s*:\s*", re.I)
_NUMBER_OF = re.compile(r"\bno\.?\s+of\b", re.I)  # "no. of separate times"
# "I was going about my day, and someone said …": the day going on tells nothing
_IDLE = re.compile(r"\b(?:i was|i'm|i am) (?:just )?(?:going about|getting on with) my (?:day|business|morning|"
                   r"afternoon|evening|work),?\s*(?:and|when)\s+", re.I)

# a letter's greeting and signing off: "Dear Assistant, …", "To whom it may concern: …", "… Yours faithfully."
_GREETING = re.compile(r"^(?:dear [\w .'-]{1,30}?|to whom it may concern|greetings|good day)\s*[,:]\s+(?=\S)",
                       re.I)
_SIGN_OFF = re.compile(r"(?<=[.?!\x00])\s*(?:yours (?:faithfully|sincerely|truly)|(?:with|many) thanks|"
                       r"thanks in advance|"
                       r"kind(?:est)? regards|best (?:wishes|regards)|regards|respectfully|sincerely)\b[^?\x00]{0,30}$",
                       re.I)
# a radio call's ending: "… what object was in view? Over."
_OVER = re.compile(r"(?<=[.?!\x00])\s*over(?: and out)?\s*[.!]*\s*$", re.I)
# a radio call's opening words, which ask nothing themselves: "come in.", "tracking request.", "requesting a visual."
_CALL_OPENING = re.compile(r"^(?:come in|(?:[a-z]+ ){0,2}(?:request|check|query)|"
                           r"requesting (?:an? )?[a-z]+(?: [a-z]+)?|need(?:ing)? an? [a-z]+)[.!]\s+(?=\S)", re.I)
# a log entry's framing: "Captain's log, supplemental.", "Personal log.", "End log."
_LOG = re.compile(r"^(?:(?:captain's|personal|ship's|mission|daily|field|work) log(?:,? (?:supplemental|"
                  r"stardate [\d.]+|entry))?|log entry|dear diary)\s*[.,:]\s*", re.I)
_END_LOG = re.compile(r"(?<=[.?!\x00])\s*end (?:of )?(?:log|entry|transmission)\s*[.!]*\s*$", re.I)
# a sentence with a gap for the answer: "Fill in the blank with a number: I went to the pier ____ separate times."
_BLANK_LEAD = re.compile(r"^(?:(?:please )?(?:fill in|fill|complete|finish) (?:the |this )?(?:blanks?|gaps?|sentence|"
                         r"line)(?: with (?P<hint>[^:\x00]{1,60}?))?\s*:\s*)?(?P<s>.*?_{2,}[^?]*?)\s*[.?!]*$", re.I)
_THE_PLACE = re.compile(r"^the (?:place|spot|location)(?: where| at which| in which)? (?P<clause>.+?)$", re.I)
# verse's turned order: "Off to the pier on Monday I went": I went to the pier on Monday
_OFF_TO = re.compile(r"^(?:off|out|over) to (?P<place>the [^—–,.?!\x00]+?) (?P<who>i|we) "
                     r"(?P<verb>went|came|walked|ran)\b", re.I)
# "what was the hour when …": what time
_THE_HOUR = re.compile(r"\bwhat (?:was|is) the hour\b", re.I)
_GAP = r"_{2,}"
_GAP_COUNT = re.compile(rf"^(?P<a>.*?)\s*{_GAP}\s+(?P<unit>(?:separate |different |distinct )?\w+)(?P<b>.*)$")
# "As for the words 'hi', the person who said them is who?": the topic first, the question word last
_TOPIC_LAST_WH = [re.compile(r"^(?:as for|regarding|as to|concerning|about)\s+" + topic + r",\s+"
                              r"(?P<np>(?:the|in|on|at|during)\b.+?)\s+(?P<v>is|are|was|were)\s+"
                              r"(?P<wh>who|what|which|where|when|how many)\s*[?.!]*$", re.I)
                   # a list first ("As for the kite, the van or the lamp, the one …"), then any topic
                   for topic in (r"(?P<x>(?:[^,]+, )+[^,]+? (?:or|and) [^,]+?)", r"(?P<x>.+?)")]
# a question set as verse, its lines parted by " / ": two or more, or one after a comma or dash (a single " / "
# after a bare phrase is shorthand: "visits to the pier / how many?")
_VERSE_LINE = re.compile(r"\s+/\s+")
_LINE_AFTER_PAUSE = re.compile(r"(?<=[,;:—–])\s+/\s+")
# a show's host introducing the question: "Today on the show we're asking: …", "On today's episode: …", "Welcome
# back! Today's question: …" ("today" there is the show's, not a time of the footage)
_SHOW = re.compile(r"^(?:welcome back\b[^.!?:\x00]{0,20}[.!]\s*)?"
                   r"(?:(?:today|tonight|this week) on (?:the|our|this) (?:show|programme|program|podcast|episode|"
                   r"segment|channel|stream)|on (?:today's|tonight's|this week's) (?:show|episode|programme|program|"
                   r"podcast|segment)|"
                   r"(?:today's|tonight's|this week's|our|the) (?:[a-z]+ )?(?:question|mystery|puzzle|segment)"
                   r"(?: (?:for )?(?:today|tonight|this week))?)"
                   r"(?:,? we(?:'re| are) [^:.?!\x00]{1,40})?\s*:\s*(?=\S)", re.I)
# an exclamation before the question: "Well shoot, where …", "Gosh, who …"
_EXCLAIMED = re.compile(r"^(?:well,?\s+)?(?:shoot|gosh|golly|heck|darn|dang|drat|blimey|crikey|jeez|geez|gee|boy|"
                        r"oh (?:my|dear|boy|man)|lordy|goodness|my goodness|good grief)\s*[,!]\s*", re.I)
# "where in the world", "who on earth", "what the heck": the question word alone
_INTENSIFIED = re.compile(r"\b(who|whom|what|which|where|when|how)\s+(?:in the world|on earth|in heaven's name|"
                          r"the (?:heck|hell|dickens))\b", re.I)
# "where was I at when …": "where … at" says no more than "where"
_WHERE_AT = re.compile(r"^(where\b[^?\x00]*?\b(?:was|were|am|are|is) (?:i|we|you|he|she|they))\s+at\b"
                       r"(?=\s+(?:when|while|after|before|on|in|yesterday|today|this)\b|\s*[?.!]*\s*$)", re.I)
# a polite request before the question: "please let me know which …", "I write to ask what …"
_REQUEST = re.compile(r"^(?:(?:please|kindly)\s+)?(?:let me know|i (?:write|am writing|'m writing) to (?:ask|enquire|"
                      r"inquire)(?: about)?|i (?:would|'d) (?:like|love) to (?:know|learn)|i wish to (?:know|ask))"
                      r"\s*,?\s*(?=(?:who|whom|whose|what|which|where|when|how|whether|if)\b)", re.I)
# "on the first occasion I heard Chen": the first time
_OCCASION = re.compile(r"(?:(?<=\w )on )?\b((?:the|that|this) (?:very )?(?:first|last|next|only|one) )occasion\b",
                       re.I)
# an exclamation that asks nothing, before or after the question: "What a line!", "Let's go to the replay!"
_EXCLAMATION = re.compile(r"(?:^|(?<=[.!?])\s+)(?:what an? [^.!?\x00]{1,30}|how [a-z]+|wow|whoa|oh boy|here we go|"
                          r"and (?:they're|we're) off|let's go[^.!?\x00]{0,30}|incredible|amazing|unbelievable)"
                          r"!+(?=\s|$)", re.I)
# a question asked in the statement's order: "— I was where?", "and you went where?"
_ECHO = re.compile(r"\b(i|we|you|he|she|they) (was|were|am|are|is) (where|who|what)(?=\s*\?)", re.I)
_ECHO_WENT = re.compile(r"\b(i|we|you|he|she|they) went where(?=\s*\?)", re.I)
# "Whose voice was it?": who said it
_WHOSE_VOICE = re.compile(r"\bwhose voice (?:was|is) (?:it|that|this)\b", re.I)
# "Amara — the first time I heard them speak …": a name set before the question, pointed back at as they/them
_NAME_FIRST = re.compile(r"^(?P<name>[A-Z][\w'-]+)\s*[—–]\s*(?:(?:you know|remember) (?:them|him|her)[.?!]?\s*)?"
                         r"(?P<rest>.*\b(?:them|they|their)\b.*)$")
# "The library — the last time I was there …": a place set before the question, pointed back at as "there"
# (or said alone first, with its time: "The temple on Saturday. Sign there — what words?")
_PLACE_FIRST = re.compile(r"^(?P<place>the [a-z][\w'-]*(?: [a-z][\w'-]*)?)"
                          r"(?P<when> (?:on|yesterday|today|tonight|this|last|in the)\b[^.?!—–:\x00]{0,30})?"
                          r"\s*(?:[—–:]|\.(?=\s))\s*(?P<rest>.*\bthere\b.*)$", re.I)
# two places said alone first: "The town hall. The station. Who spoke at both places?"
_TWO_PLACES_FIRST = re.compile(r"^(?P<one>the [a-z][\w'-]*(?: [a-z][\w'-]*)?)\.\s+"
                               r"(?P<two>the [a-z][\w'-]*(?: [a-z][\w'-]*)?)\.\s+"
                               r"(?P<rest>.*\bboth (?:places|of them|of those|of these)\b.*)$", re.I)
# "Sign there — what words?": what did it say
_WHAT_WORDS = re.compile(r"(?<=[—–:]\s)(?:what|which) (?:words|text|writing)(?=\s*[?.!])", re.I)
_TO_THERE = re.compile(r"\b(went|go|goes|going|gone|get|got|getting|came|come|coming|headed|walked|drove|drive|"
                       r"driving|ran|rode|cycled|travell?ed|moved|made it|back)\s+there\b", re.I)
# what the asker needs said inside the question: "…, and I needed a name. Whose voice was it?"
_NEEDED = re.compile(r",?\s*and (?:i|we) (?:needed|need|wanted|want|was after|am after|'m after) (?:a|an|the) "
                     r"(?:name|answer|place|time|number|word)\b", re.I)
# "Look at that sign at the bakery! What did it say?": what is looked at is the topic of the question after it
_LOOK_AT = re.compile(r"^(?:look at|check out|get a load of) (?P<thing>(?:that|this|the) [^!?.\x00]{1,60}?)!+\s+"
                      r"(?=(?:who|whom|whose|what|which|where|when|how)\b)", re.I)
# "Restricting to my final visit to the station: …": what the question is about, said as a limit
_LIMIT = re.compile(r"^(?:restricting|restricted|limiting|limited|sticking|keeping|looking only|only looking) "
                    r"(?:it |this |things )?to\s+(?P<limit>[^:?\x00]{1,60}):\s+(?P<ask>(?:who|whom|whose|what|which|"
                    r"where|when|how)\b[^?]*)\?*\s*$", re.I)
_FINAL = re.compile(r"\b(my|the) final (visit|time|trip|stop)\b", re.I)
# a place and a time said on their own before the question: "The bakery, around 3:03 pm on Friday. Who …?"
_PLACE_TIME = re.compile(r"^(?P<place>the [a-z][\w'-]*(?: [a-z][\w'-]*)?),\s*(?P<when>[^.?!\x00]{1,40})\.\s+(?=\S)",
                         re.I)
# "Follow the cat, I told myself.": what the asker told themself before asking
_TOLD_MYSELF = re.compile(r"^[^.?!\x00]{1,60},\s*i (?:told|said to|thought to|reminded) myself[.!]\s+(?=\S)", re.I)
# doubting one's own memory before the question: "I have a feeling I'm misremembering the sign at the library —
# what did it actually say?" (the thing doubted is what "it" points back at)
_MISREMEMBER = re.compile(r"^i (?:have a feeling|think|suspect|fear|worry|keep thinking)(?: that)? "
                          r"i(?:'m| am| might be|'ve been| have been)? (?:misremembering|mis-remembering|mixing up|"
                          r"muddling|remembering|getting|picturing)\s+(?P<thing>[^—–?\x00]*?)(?:\s+(?:wrong|wrongly|incorrectly))?\s*"
                          r"[—–:]\s*(?P<ask>(?:who|whom|whose|what|which|where|when|how)\b.*)$", re.I)
# "what did it actually say", "which did I really go to first": the question without its insistence
_VERIFYING = re.compile(r"\b((?:did|do|does|was|were|have|had) (?:i|we|you|they|it|[A-Z][\w'-]*) )(?:actually|really|"
                        r"truly) ", re.I)
# a sentence between the setting and the question that only says the asker forgot: "I read it once, and the words
# got away from me."
_FORGOT = re.compile(r"(?<=[.!])\s+[^.?!\x00]{0,60}\b(?:got away from me|slipped my mind|escaped me|went out of my "
                     r"head|i(?:'ve| have)? forgot(?:ten)?|i can(?:'t|not) remember|i don't remember)\b[^.?!\x00]{0,30}"
                     r"[.!]\s+(?=\S)", re.I)
# rehearsing an answer: "If anyone asks me who …, what do I tell them?", "Someone's bound to ask me … — what's the
# answer?"
_REHEARSED = re.compile(r"^(?:if (?:anyone|anybody|someone|somebody|people|they|my \w+) (?:asks?|wants? to know)|"
                        r"in case (?:anyone|anybody|someone|somebody) asks|"
                        r"(?:someone|somebody|people|they)(?:'s| is| are|'re) (?:bound|going|sure|likely) to ask)"
                        r"(?: me)?\s*:?\s*(?P<q>.+?)\s*(?:,|[—–-]+)\s*"
                        r"(?:what(?:'s| is| should| do| shall| would)? (?:my |the |i )?(?:answer|reply|"
                        r"tell (?:them|him|her)|say(?: to (?:them|him|her))?|"
                        r"should i (?:tell|say)(?: (?:them|him|her))?)|"
                        r"how (?:do|should|shall) i (?:answer|reply))\s*[?.!]*\s*$", re.I)
# an aside between dashes that says nothing: "Who said — wait, let me get the words right — …"
_ASIDE = re.compile(r"\s+[—–]\s*(?P<aside>(?:wait|hang on|hold on|let me|sorry|um+|er+|hmm+|i mean|how do i put it)"
                    r"\b[^—–\x00?]{0,40}?)\s*[—–]\s+", re.I)
# a word between dashes to someone else in the room (a child, a dog), which says nothing of the question: "— no,
# not in your mouth! —", "— sweetheart, please, one minute —", "— hands to yourself, please —"
_TO_SOMEONE = re.compile(r"\s*[—–]\s*(?P<aside>[^—–\x00?]{1,50}?)\s*[—–]\s*(?:(?:ok(?:ay)?,?\s*)?sorry\b[,.:]?\s*)?")
_ADDRESSED = re.compile(r"\b(?:you|your|yours|yourself|please|sweetheart|sweetie|honey|darling|kiddo|buddy|"
                        r"not now|(?:we|you)(?:'re| are) not)\b|!|"
                        r"^(?:no,?\s*)?(?:don't|do not|stop|sit|put|hands|hey|careful|shh+|quiet|leave|give|get)\b",
                        re.I)
# a slip put right: "what time did I leave — no, sorry, first arrive at — the cinema", "the first — no, the last —
# time": the words after "no" stand for the word (or the determiner's phrase) before the dash
_REPAIR = re.compile(r"(?P<before>\S+)\s+[—–]\s*no\b,?\s*(?:sorry,?\s*|wait,?\s*|i mean,?\s*|scratch that,?\s*)*"
                     r"(?P<fix>[^—–\x00?]{1,40}?)\s*[—–]\s+", re.I)
# a story broken off for the question: "… and there was a sign in view — hang on, what did it say?", "Note to self:
# find out who … — actually, you tell me, who was it?"
_BREAK_OFF = re.compile(r"\s*[—–]\s*(?:hang on|hold on|wait|actually|hmm+|oh)\b,?\s*(?:you tell me,?\s*)?"
                        r"(?=(?:who|whom|whose|what|which|where|when|how)\b)", re.I)


# a form filled in: "1) place: the cafe 2) visit: the last one on Saturday 3) what I need: the object in view"
_FORM_FIELD = re.compile(r"(?:^|\s)\d{1,2}[).]\s*(?P<key>[a-z][a-z ]{0,20}?)\s*:\s*(?P<value>[^\n]*?)"
                         r"(?=\s+\d{1,2}[).]\s*[a-z][a-z ]{0,20}?\s*:|\s*$)", re.I)
_FORM_ASK = re.compile(r"^(?:what i (?:need|want|(?:'m|am) after)|need|question|looking for|to find|find)$", re.I)
_FORM_LIST = re.compile(r"^(?:options|choices|candidates|places|things|terms|people|names|items)$", re.I)
_WH_START = re.compile(r"^(?:who|whom|whose|what|which|where|when|how|whether)\b", re.I)


def _form(text: str) -> str:
    """A form filled in (`_FORM_FIELD`) as its question: what is needed, with the other fields put where it points
    back at them ("there", "that sign", "about it", "of them", "at that place") or after it ("when …", a time)."""
    fields = [(m["key"].strip().lower(), m["value"].strip().rstrip(".")) for m in _FORM_FIELD.finditer(text)]
    asks = [v for k, v in fields if _FORM_ASK.match(k)]
    count = next((v for k, v in fields if k.startswith("what to count")), None)
    if len(fields) < 2 or not (asks or count):
        return text
    ask = f"how many {count}" if count is not None else asks[0] if _WH_START.match(asks[0]) else f"what was {asks[0]}"
    said = " ".join(v for k, v in fields if not (_FORM_ASK.match(k) or k in {"person", "who"}))
    tail: list[str] = []
    place = next((v for k, v in fields if k in {"place", "location", "where"}), None)
    both = [v for k, v in fields if k in {"place a", "place b", "first place", "second place"}]
    for key, value in fields:
        if _FORM_ASK.match(key) or key.startswith("what to count") or key in {"answer", "format"}:
            continue
        if _FORM_LIST.match(key):
            ask = re.sub(r"\bwhich one\b|\bwhich of them\b", f"which of {value}", ask, count=1, flags=re.I) \
                if re.search(r"\bwhich (?:one|of them)\b", ask, re.I) else f"{ask}: {value}"
        elif key == "sign" and re.search(r"\b(?:that|the) sign\b", ask, re.I):
            ask = re.sub(r"\b(?:that|the) sign\b", f"the sign {value}", ask, count=1, flags=re.I)
        elif key == "topic" and re.search(r"\babout it\b", ask, re.I):
            ask = re.sub(r"\babout it\b", f"about {value}", ask, count=1, flags=re.I)
        elif key in {"heard", "quote", "line"} and re.search(r"\bsaid it\b", ask, re.I):
            ask = re.sub(r"\bsaid it\b", f"said {value}", ask, count=1, flags=re.I)
        elif key == "clue" and re.search(r"\bthat place\b", ask, re.I):
            ask = re.sub(r"\bthat place\b", f"the place {value}", ask, count=1, flags=re.I)
        elif key == "visit" and place is not None:
            tail.append(re.sub(r"\bone\b", f"time I was at {place}", value, count=1))
            place = None
        elif key in {"moment", "heard", "clue"}:
            tail.append(value if re.match(r"the (?:very )?(?:first|last|next) time\b", value, re.I)
                        else f"when {value}")
        elif key in {"time", "date", "day", "when", "topic"}:
            tail.append(f"about {value}" if key == "topic" else value)
        elif key in {"person", "who"} and value.lower() not in f"{ask} {said}".lower():
            ask = re.sub(r"\b(?:them|they)\b", value, ask, count=1) if re.search(r"\b(?:them|they)\b", ask) \
                else f"{ask} with {value}"
    if both and ask.rstrip().lower().endswith("both"):
        ask = f"{ask} {' and '.join(both[:2])}"
    if place is not None:
        if re.search(r"\bthere\b", ask):
            ask = re.sub(r"\bthere\b", f"at {place}", _TO_THERE.sub(lambda m: f"{m[1]} to {place}", ask))
        else:
            tail.insert(0, f"at {place}")
    return " ".join([ask, *tail]).strip() + "?"


def _blank_filled(text: str) -> str:
    """A sentence with a gap for the answer (`_BLANK_LEAD`) as the question it asks, in the order of an embedded
    question: "I went to the pier ____ separate times" → "how many separate times I went to the pier", "when Ana
    said 'hi', the object in view was ____" → "what was the object in view when Ana said 'hi'"."""
    m = _BLANK_LEAD.match(text)
    if m is None:
        return text
    hint, said = (m["hint"] or "").strip(), m["s"].strip()
    listed = re.match(r"(?:one of|any of|a choice from)\s+(?P<items>.+)$", hint, re.I)
    wh = f"which of {listed['items']}" if listed else "what"
    count = _GAP_COUNT.match(said)
    if count is not None and (re.search(r"number|count|how many", hint, re.I) or count["unit"].endswith("s")):
        return f"how many {count['unit']} {count['a']}{count['b']}?"
    if (time := re.match(rf"^(?P<a>.*?)\s*(?P<prep>at about|at around|at roughly|around|about|at)\s+{_GAP}(?P<b>.*)$",
                         said, re.I)) is not None:
        return f"{time['prep']} what time {time['a']}{time['b']}?"
    if (be := re.match(rf"^(?P<lead>.*,\s*)?(?P<np>[^,]+?) (?P<v>was|were|is|are) {_GAP}(?P<b>.*)$", said)) is not None:
        lead = f" {be['lead'].strip(' ,')}" if be["lead"] else ""
        if re.fullmatch(r"the next (?:place|stop)(?: (?:that )?(?:i|we) went(?: to)?)?", be["np"], re.I):
            return f"where did I go next{be['b']}{lead}?"
        return f"{wh} {be['v']} {be['np']}{be['b']}{lead}?"
    if (did := re.match(rf"^(?P<lead>.*,\s*)?(?P<np>[^,]+?) (?P<v>said|read|showed|mentioned|told me) {_GAP}(?P<b>.*)$",
                        said)) is not None:
        lead = f" {did['lead'].strip(' ,')}" if did["lead"] else ""
        return f"what {did['np']} {did['v']}{did['b']}{lead}?"
    return text


def _topic_last_wh(text: str) -> str:
    """"As for X, the Y is who?" as "who is the Y", with X where the Y points back at it ("them", "it", "there",
    "then", "both places"), or the list a "which" picks from."""
    m = next((m for pattern in _TOPIC_LAST_WH if (m := pattern.match(text)) is not None), None)
    if m is None:
        return text
    x, np, verb, wh = m["x"].strip(), m["np"], m["v"], m["wh"].lower()
    if wh == "which" and _LIST.match(x):
        return f"which of {x} {verb} {np}?"
    if (place := _THE_PLACE.match(np)) is not None:  # "the place I was at then is which?": where was I then
        clause = place["clause"]
        being = re.match(r"(i|we) (was|were)(?: at)?\b(?P<rest>.*)$", clause, re.I)
        np = f"where {being[2]} {being[1]}{being['rest']}" if being else f"where {clause}"
        verb, wh = "", ""
        if re.search(r"\bthen\b", np) and re.match(r"when\b", x, re.I):
            return re.sub(r"\bthen\b", x, np, count=1) + "?"
        return f"{np}?" if all(w.lower() in np.lower() for w in re.findall(r"[A-Za-z]+", x)) else f"{np}, {x}?"
    pointers = [(r"\bboth (?:places|of them)\b", f"both {x}"), (r"\bthere\b", f"at {x}"), (r"\bthen\b", x),
                (r"\b(?:them|it)\b", x)]
    for pointer, put in pointers:
        if re.search(pointer, np, re.I) and (pointer != r"\bthen\b" or re.match(r"when\b", x, re.I)) and \
                (pointer != r"\bthere\b" or re.match(r"the\b", x, re.I)):
            return f"{wh} {verb} {re.sub(pointer, put, np, count=1, flags=re.I)}?"
    if (ones := re.search(r"\bones\b", np)) is not None and (unit := re.match(r"(\w+s)\b(.*)$", x)) is not None:
        return f"{wh} {verb} {np[:ones.start()]}{unit[1]}{np[ones.end():]}{unit[2]}?"
    if all(w.lower() in np.lower() for w in re.findall(r"[A-Za-z]+", x)):  # "As for Rosa, the place I see Rosa …"
        return f"{wh} {verb} {np}?"
    return f"{wh} {verb} {np}, {x}?"


def _pointed_back(text: str) -> str:
    """A name or a place set before the question and pointed back at (`_NAME_FIRST`, `_PLACE_FIRST`), put where
    the pronoun stands: "Amara — the first time I heard them speak" → "the first time I heard Amara speak"."""
    if (named := _NAME_FIRST.match(text)) is not None and _SLOT not in named["name"]:
        name = named["name"]
        return re.sub(r"\b(them|they|their)\b", lambda m: f"{name}'s" if m[1].lower() == "their" else name,
                      named["rest"], count=1)
    if (placed := _PLACE_FIRST.match(text)) is not None:
        place = placed["place"][0].lower() + placed["place"][1:] + (placed["when"] or "").rstrip()
        rest = _TO_THERE.sub(lambda m: f"{m[1]} to {place}", _WHAT_WORDS.sub("what did it say", placed["rest"]))
        return re.sub(r"\bthere\b", f"at {place}", rest, count=1)
    if (two := _TWO_PLACES_FIRST.match(text)) is not None:
        places = f"both {two['one'][0].lower()}{two['one'][1:]} and {two['two'][0].lower()}{two['two'][1:]}"
        return re.sub(r"\bboth (?:places|of them|of those|of these)\b", places, two["rest"], count=1)
    return text


def _without_asides(text: str) -> str:
    """The question without words to someone else (`_TO_SOMEONE`); a break stays where the question starts again
    ("What did the sign at the mill — hands to yourself — what did it say?"), a comma where it goes on to ask
    ("Of the mill or the pier — no, not now — which did I …"), and a word said on both sides once ("both the mill
    and — sweetheart — and the pier")."""
    pos = 0
    while (aside := _TO_SOMEONE.search(text, pos)) is not None:
        if not (_ADDRESSED.search(aside["aside"]) and _frames(aside["aside"])):
            pos = aside.start("aside")
            continue
        before, after = text[:aside.start()], text[aside.end():]
        if _WH_START.match(after) and after[:1].isupper():  # a new sentence: "… and — sorry. Who said it?"
            before, gap = re.sub(r"[\s,]*\b(?:and|but|so)?[\s,]*$", "", before), ". "
        elif _WH_START.match(after):
            gap = " — " if _WH_START.match(before) else ", "
        else:
            gap = "" if after[:1] in ".?!" else " "
            if before.split()[-1:] == after.split()[:1]:
                after = after.split(" ", 1)[1] if " " in after else ""
        text = before + gap + after
        pos = len(before)
    return text


def _repaired(text: str) -> str:
    """A slip put right (`_REPAIR`): the fix takes the place of the word before the dash, or of the phrase from a
    determiner the fix starts with ("the first — no, the last —" → "the last")."""
    while (m := _REPAIR.search(text)) is not None:
        head = text[:m.start("before")].rstrip().split(" ")
        fix = m["fix"].split()
        if fix and head and head[-1].lower() == fix[0].lower() and fix[0].lower() in _DETERMINERS:
            head = head[:-1]
        text = " ".join([*head, *fix]).strip() + " " + text[m.end():]
    return text


_DETERMINERS = {"the", "a", "an", "my", "our", "this", "that"}


def unframed(text: str) -> str:
    """The question without what only frames it (see the module's doc); quoted words are held as slots."""
    text = _SHOW.sub("", _OVER.sub("", _SIGN_OFF.sub("", _GREETING.sub("", text)))).strip()
    text = _CALL_OPENING.sub("", _END_LOG.sub("", _LOG.sub("", text))).strip()
    text = _VERSE_LINE.sub(" ", text) if len(_VERSE_LINE.findall(text)) >= 2 else _LINE_AFTER_PAUSE.sub(" ", text)
    text = _topic_last_wh(_blank_filled(text))
    text = _THE_HOUR.sub("roughly what time was it", _OFF_TO.sub(r"\g<who> \g<verb> to \g<place>", text))
    text = _ECHO_WENT.sub(r"where did \1 go", _ECHO.sub(r"\3 \2 \1", text))
    text = _WHOSE_VOICE.sub("who was it", _EXCLAMATION.sub("", text).replace("?!", "?")).strip()
    text = _VERIFYING.sub(r"\1", _pointed_back(_form(text)))
    if (doubt := _MISREMEMBER.match(text)) is not None:
        thing, ask = doubt["thing"].strip(), doubt["ask"]
        text = re.sub(r"\bit\b", thing, ask, count=1) if thing and re.match(r"(?:the|my|that|this) ", thing, re.I) \
            else ask
    text = " ".join(p for p in re.split(r"(?<=[.!])\s+", _FORGOT.sub(" ", text)) if p)
    text = _FINAL.sub(r"\1 last \2", _NEEDED.sub("", _TOLD_MYSELF.sub("", text)))
    text = _LOOK_AT.sub(lambda m: f"{m['thing']}: ", _LIMIT.sub(lambda m: f"{m['ask']} on {m['limit']}?", text))
    if (setting := _PLACE_TIME.match(text)) is not None and _TELLS.search(setting["when"]):
        # the setting joins the first sentence after it ("Somebody was talking at the bakery, around 3 pm. Who?")
        rest = text[setting.end():]
        end = re.search(r"[.?!]", rest)
        at = f" at {setting['place'][0].lower()}{setting['place'][1:]}, {setting['when']}"
        text = rest[:end.start()] + at + rest[end.start():] if end else rest + at
    text = _OCCASION.sub(r"\1time", _REQUEST.sub("", _EXCLAIMED.sub("", text)))
    if (rehearsed := _REHEARSED.match(text)) is not None:
        text = rehearsed["q"].rstrip(" ,") + "?"
    text = _without_asides(text)
    text = _repaired(_ASIDE.sub(" ", text))
    text = _BREAK_OFF.sub(". ", _WHERE_AT.sub(r"\1", _INTENSIFIED.sub(r"\1", text)))
    text = _IDLE.sub("", _Q_LABEL.sub("", _EXASPERATION.sub("", _ASKED_ME.sub("", text))))
    text = _shorthand(_NUMBER_OF.sub("number of", text))
    text = _AT_MOMENT.sub(" when ", text)  # "what object was in view / moment: I said …"
    text = _WEARER_THERE.sub("", _SAID_AGAIN.sub("?", text))
    text = _BEHALF.sub(lambda m: "" if m.start() == 0 else ". " if m[0].startswith(",") else " ", text, count=1)
    if (label := _LABEL.match(text)) is not None and _frames(label["label"]) and _WH.search(text[label.end():]) \
            and (_WH.match(text[label.end():]) or not _LIST.match(text[label.end():])
                 or _OF_LIST_WHICH.match(text[label.end():])) \
            and not _LIST.match(label["label"]):
        text = text[label.end():]
    if (but := _BUT.match(text)) is not None and _APOLOGY.match(but["aside"]) and _frames(but["aside"], asks=True) \
            and _WH.search(text[but.end():]):
        text = text[but.end():]
    if (cleft := _CLEFT.match(text)) is not None:
        rest = cleft["rest"]
        text = rest if _WH.match(rest) else f"tell me {rest}"
    if (purpose := _PURPOSE.search(text)) is not None and _WH.search(text[:purpose.start()]):
        text = text[:purpose.start()] + (purpose["end"] or "?")
    return text


def _shorthand(text: str) -> str:
    """A manager's shorthand as its question: "Re X: what did Mei say / approx. 10:12?", "the thing / what is asked
    of it" ("visits to the beach / how many separate ones?", "last visit to the pier / object in view?")."""
    if (topic := _RE_TOPIC.match(text)) is not None:
        when = " " + re.sub(r"^(?:approximate(?:ly)?|approx\.?|about|~)\s*", "around ", topic["when"], flags=re.I) \
            if topic["when"] else ""
        about = "during" if _VISIT_TOPIC.match(topic["topic"]) else "about"  # "re my last visit to the pier: …"
        text = f"{topic['ask']} {about} {topic['topic']}{when}{topic['end'] or '?'}"
    if (slashed := _SLASHED.match(text)) is not None and (ones := _HOW_MANY_ONES.match(slashed["ask"])):
        text = f"how many {ones['sep'] or ''}{slashed['thing']}?"  # "visits to the beach / how many separate ones?"
    elif slashed is not None and _NEXT_STOP.match(slashed["ask"]):
        text = f"where did I go next {slashed['thing']}?"  # "after the place with the sign / next stop?"
    elif slashed is not None and re.search(r"\btime\b", slashed["ask"], re.I):
        text = f"{slashed['thing']}, {slashed['ask']}{slashed['end'] or '?'}"  # "first arrival / approx. time?"
    elif slashed is not None and not _WH.match(slashed["thing"]):
        text = f"{slashed['ask']}, {slashed['thing']}{slashed['end'] or '?'}"  # "last visit / object in view?"
    return text


def is_afterthought(part: str, names: Collection[str]) -> bool:
    """A sentence after a complete question that asks and tells nothing (see `_AFTERTHOUGHT`)."""
    if not _AFTERTHOUGHT.match(part) or _WH.match(part) or part.rstrip().endswith("?"):
        return False
    return _frames(part) and not any(re.search(rf"\b{re.escape(n)}\b", part, re.I) for n in names if n)


def _frames(words: str, asks: bool = False) -> bool:
    """Nothing in `words` the question could need: no time, place, quoted words, name or question word (`asks`:
    a question word may stand in it, as in an apology's "when I'm tired")."""
    if _SLOT in words or _TELLS.search(words) or (not asks and _WH.search(words)):
        return False
    # a capitalised word past the first (but "I") may be a name
    return not any(w[:1].isupper() and w.strip(",.!;'") not in {"I", "I'm", "I'd", "I've", "I'll"}
                   for w in words.split()[1:])
