"""Questions as people type and speak them, in plain words: texting shorthand ("wut did u c", "1st", "abt",
"w/"), spoken fillers ("um", "uh", "like where did i go"), and the wearer named in the third person ("the
camera wearer", "My dad wears the camera. When did he …"), which the rest of the reader knows as "I".

Quoted words are never touched: the caller holds them out of the text (as slots) before this runs.
"""

from __future__ import annotations

import re

_MONTHS = r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
# whole words typed short → the words they stand for
_TYPED: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.I), w) for p, w in (
    (r"\b(?:wut|wat|wht|whut|wot)\b", "what"),
    (r"\b(?:abt|bout)\b", "about"),
    (r"\b4got\b", "forgot"),
    (r"\bb4\b", "before"),
    (r"\bw/o(?=\s)", "without"),
    (r"\bw/(?=\s)", "with"),
    (r"\bppl\b", "people"),
    (r"\bsb\b", "somebody"),
    (r"\b(?:smth|sth)\b", "something"),
    (r"\b(?:thru)\b", "through"),
    (r"\b(?:2day)\b", "today"),
    (r"\b(?:yday|ystrday)\b", "yesterday"),
    (r"\bu\b", "you"),
    (r"\bur\b", "your"),
    (r"\b(?:cuz|coz|b/c)\b", "because"),
    # spoken contractions: "what'd he say", "where'd i go", "how many times'd i …", "what time'd i …"
    (r"\b(what|where|who|when|how|why|which|times?)'d\b", r"\1 did"),
    (r"\b(\w+)in'(?=[\s,.?!]|$)", r"\1ing"),  # "somethin'", "talkin'"
    (r"(?:^|(?<=\s))#\s*(?=[a-z])", "number of "),  # "# visits to the gym"
    (r"\bapprox\b\.?", "approximate"),
    (r"\bmore or less\b", "about"),  # not a list's "or"
    (r"\bround about(?= \d)", "around"),
    (r"\b(talk|talked|spoke|speak|speaking|talking) by both\b", r"\1 at both"),  # "who talk by both the A and the B"
    (r"\bgoto\b", "go to"),
    (r"(?<=\s)@(?=\s)", "at"),  # "the last time I was @ the pier"
    (r"\b(go|goes|went|get|got|come|came) 2 (?=the\b)", r"\1 to "),  # "did I go 2 the gym"
    (r"(?<=\w )firstly\b", "first"),  # "which did I reach firstly" (not a list's "Firstly, …")
    (r"\bobj\b\.?", "object"),
    (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"),
    (r"\bkinda\b", "kind of"),
    # "c" for "see" only where a verb stands: "did i c", "could u c", "to c"
    (r"\b((?:i|you|we|to|can|could|did|do) )c\b", r"\1see"),
    # "n" for "and" only between two words ("the gym n the pier")
    (r"(?<=\w )n(?= \w)", "and"),
    # a real word put for the word meant (autocorrect), where only the word meant fits: "were was i", "how many
    # separate conversions did …"
    (r"^were (?=(?:was|were|did|do|does|is|are|had|have)\b)", "where "),
    (r"\b(separate|different|distinct|many|the|my|our) conversions\b", r"\1 conversations"),
))
# apostrophes left out: "whats", "wheres", "dont", "didnt" (put back before slips are mended: "whos" is no slip)
_NO_APOSTROPHE = ((re.compile(r"\b(what|where|who|how|that|there)s\b", re.I), r"\1's"),  # not "its"
                  (re.compile(r"\b(do|does|did|is|was|were|could|would|should|have|has|had|ca)nt\b", re.I), r"\1n't"))


def apostrophes(text: str) -> str:
    """`text` with the apostrophes a fast typist leaves out put back ("whats" → "what's", "didnt" → "didn't")."""
    for pattern, word in _NO_APOSTROPHE:
        text = pattern.sub(word, text)
    return text


# *emphasis* typed with asterisks, and emoji: "at *both* the cafe …", "🤔 When I said …"
_EMPHASIS = re.compile(r"\*(?=\w)([^*\n]{1,40}?)(?<=\w)\*")
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]+")
# "1st" is "first" unless it is a date ("on march 1st", "the 1st")
# "on the 1st" is a date; "the 1st time" is not
_FIRST = re.compile(rf"\b(?P<before>(?:the|on|of|{_MONTHS})\s+)?1st\b(?P<noun> (?:time|visit|trip|occasion)\b)?", re.I)
_SPOKEN_FILLER = re.compile(r"(?:^|(?<=\s))(?:u+m+|u+h+|e+rm*|uhm|hmm+|mm+|y'know)\b[,.]?\s*", re.I)
# "like" that only fills: before a question word or a word that points ("and like where did i go", "was like in
# view", "like separate times"); never the verb ("which did i like")
_FILLER_LIKE = re.compile(r"(?<!\bi )(?<!\byou )(?<!\bwe )(?<!\bthey )\blike,?\s+(?=(?:what|which|who|whom|where|when|"
                          r"how|first|right|just|really|totally|exactly|literally|separate|different|the one|out of|"
                          r"in (?:view|front|sight))\b)", re.I)
# a question said twice, the second time short: "what object was in front of me what was it"
_ASKED_AGAIN = re.compile(r"(?<=\w)[\s,]+(?:what|who|which one|where) (?:was|were|is) (?:it|that|they)\s*(?=[?.!]*$)",
                          re.I)
_WH = re.compile(r"\b(?:what|who|whom|which|where|when|how)\b", re.I)
# the wearer in the third person: "the camera wearer", "the wearer", "the person wearing the camera"
_WEARER = re.compile(r"\b(?:the (?:camera )?wearer|the (?:person|one) (?:who (?:is |was )?)?wearing the camera|"
                     r"whoever (?:wore|wears|was wearing) the camera)\b(?P<own>'s)?", re.I)
_OBJECT_PLACE = re.compile(r"\b(?:to|with|at|by|from|for|near|beside|than|and|or|but)\s*$", re.I)
# "My dad wears the camera.": whom "he" / "she" stands for in the question after it
_WEARS = re.compile(r"^\s*(?:(?:my|our|the) [\w' -]{1,30}?|he|she) (?:wears|is wearing|was wearing|wore|had on|has on) "
                    r"(?:the|a|this|that|his|her) (?:body[ -]?)?(?:camera|cam)\b[^.?!]*[.!]\s*", re.I)
_THIRD_PERSON = (
    (re.compile(r"\b(?:he|she)\b", re.I), "I"),
    (re.compile(r"\b(?:him|her)(?=\s*(?:[,.?!]|$|\b(?:at|in|on|to|when|while|as|and|or|first|last|before|after|"
                r"speak|say|talk|there|here)\b))", re.I), "me"),
    (re.compile(r"\b(?:his|her)\b", re.I), "my"),
    (re.compile(r"\b(?:himself|herself)\b", re.I), "myself"),
)


# a word of address set off by commas asks nothing: "Could you tell me, dear, …", "where was I, mate?"
_ADDRESS_WORD = r"(?:dear|dearie|love|mate|pal|buddy|bro|dude|darling|sweetie|sweetheart|honey|sir|madam|ma'am)"
# a radio call sign opening the call: "Control, come in."
_CALL_SIGN = r"(?:control|base|dispatch|command|hq|headquarters|computer)"
_ADDRESS = re.compile(rf",\s*{_ADDRESS_WORD}\b\s*(?=[,.?!]|$)|^(?:{_ADDRESS_WORD}|{_CALL_SIGN})\s*,\s*|"
                      rf"(?:^|(?<=[.!?]\s)){_CALL_SIGN}\s*[,:]\s*", re.I)
# colloquial ways of going somewhere or seeing something, in the words the reader knows: "nip down the temple",
# "pop over to", "swing by", "rock up at", "hit up the cafe", "was down the pub", "clap eyes on", "before me"
_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.I), w) for p, w in (
    (r"\b(?:nipped|popped|dropped|swung|stopped|headed) (?:down|over|round|across|out|up|off|in|by)"
     r"(?: (?:to|at|into))?(?= (?:the|my|our|a)\b)", "went to"),
    (r"\b(?:nip|pop|drop|swing|stop|head) (?:down|over|round|across|out|up|off|in|by)"
     r"(?: (?:to|at|into))?(?= (?:the|my|our|a)\b)", "go to"),
    (r"\b(?:rocked|turned|showed) up (?:at|to|in)\b", "arrived at"),
    (r"\b(?:rock|turn|show) up (?:at|to|in)\b", "arrive at"),
    (r"\bhit up\b", "go to"),
    (r"\b(was|were) down (?=the\b)", r"\1 at "),
    # "heard Mei piping up" (the tagger reads "piping" as a form of "pip")
    (r"\b(?:piping|chiming) (?:up|in)\b", "speaking"),
    (r"\b(?:piped|chimed) (?:up|in)\b", "spoke"),
    (r"\b(?:clapped|laid) eyes on\b", "saw"),
    (r"\b(?:clap|lay) eyes on\b", "see"),
    # a word to the listener around the question: "Tell me one thing, …", "A question: …", "…, tell me please?"
    (r"^(?:tell me one thing|(?:a|one|quick) question)\s*[,:]\s*", ""),
    (r",\s*(?:please )?tell me(?:,? please)?(?=\s*[?.!]*\s*$)", ""),
    # "roughly when did I …", "do you know roughly when I …": when (a time asked for is a rough one)
    (r"^(?:about|around),? (?=when\b)|\b(?:roughly|approximately),? (?=when\b)", ""),
    # "where am I usually when I run into Ana?", "When I run into Ana, where am I usually?": where I usually see her
    (r"^where (?:am|are) (i|we) (usually|normally|mostly|typically|generally) when (?:i|we) (?:see|run into|meet|"
     r"bump into|come across|find) ([^?]+?)\s*\?", r"where do \1 \2 see \3?"),
    (r"^when (i|we) (?:see|run into|meet|bump into|come across|find) ([^,?]+),\s*where (?:am|are) (?:i|we) "
     r"(usually|normally|mostly|typically|generally)\s*\?", r"where do \1 \3 see \2?"),
    (r"\b(?:came|stumbled|ran) (?:across|upon)\b", "saw"),
    (r"\b(?:come|stumble|run) (?:across|upon)\b", "see"),
    # "as Ana voiced 'hi'", "remarked 'hi'": said (a voice heard is another matter)
    (r"\b(?:voiced|remarked|uttered|stated|exclaimed|commented|declared|announced)(?= *[,:]? *[\x00\"'“])", "said"),
    (r"\bmy whereabouts\b", "where I was"),
    # "On my last visit to the pier, what …": during it
    (r"^on (?=(?:my|our) (?:very )?(?:first|last|final|latest|most recent|previous) (?:visit|trip|stop)\b)", "during "),
    (r"\bin (?:shot|frame)\b", "in view"),
    # "the spot where 'CASH ONLY' was written up": the place with that sign
    (r"\bthe (spot|place|location) where (\x00\d+\x00|\"[^\"]+\"|'[^']+') (?:was|were|is) (?:written|displayed|posted|"
     r"shown|printed|painted)(?: up)?", r"the \1 with the sign \2"),
    # "the sign of 'CASH ONLY'": the sign that says it
    (r"\b(sign|board|notice|poster|placard|banner) of (?=[\x00\"'“])", r"\1 "),
    # "conversations Ana contributed to", "ones where Ana did some of the talking": spoke in
    (r"\b(did|do|does|(?:i|we|you|he|she|they) (?:would|might|could)) (\w[\w'-]*) contribute to\b", r"\1 \2 speak in"),
    (r"\bcontributed to\b(?=[^?.!]*\?|\s+(?:on|in|at|yesterday|today|during)\b|\s*$)", "spoke in"),
    (r"\bdid (?:(?:some|any|most|all|much|part|a (?:bit|lot)) of )?the talking\b", "spoke"),
    # "how many chats did Ana take part in": speak in (a talk is taken part in by talking)
    (r"\b(did|do|does) (\w[\w'-]*) take part in(?=\s*(?:on|in|at|during|yesterday|today|this|last|\?|$))",
     r"\1 \2 speak in"),
    (r"^(in how many (?:separate |different |distinct )?(?:conversations|chats|discussions|talks) (?:did|do|does) "
     r"\w[\w'-]*) take part\b(?! as)", r"\1 speak"),
    (r"\btook part as (?:a )?speaker\b", "spoke"),
    (r"\btake part as (?:a )?speaker\b", "speak"),
    # "the final occasion that I was at the gym": the last time
    (r"\bthe (first|last|final|next) occasion (?:that|when|on which)\b", r"the \1 time"),
    # "what object I had before me", "was before me": in front of me (not "who spoke before me": a time)
    (r"\b((?:had|was|were|lay|stood|sat|right|directly|just) )before (me|us)\b", r"\1in front of \2"),
    # old words whose meaning is plain: "who spake", "whither did I go", "am I wont to see", "mine eyes",
    # "writ upon the sign", "first spoken of", "about the hour of three"
    (r"\bspake\b", "spoke"),
    (r"\bwhither\b", "where"),
    # (a typist's "wont" is mended to "went" first: "am I went to" can only be it)
    (r"\b(?:am|is|are) (i|we|you|he|she|they) (?:wont|went) to\b", r"do \1 usually"),
    (r"\b(?:was|were) (i|we|you|he|she|they) wont to\b", r"did \1 usually"),
    (r"\b(?:am|is|are|was|were) wont to\b", "usually"),
    (r"\b(?:met|caught|greeted) (?:mine|my) eyes?\b", "was in view"),
    (r"\bmine (?=[aeiouh])", "my "),
    (r"\bwrit (?=(?:up)?on\b)", "written "),
    (r"\bspoken of\b", "mentioned"),
    (r"\b(?:at|about|around) the hour of\b", "around"),
    # "Pray tell, …", "Pray, who was it?", "…, pray?": please
    (r"(?:^|(?<=[.?!]\s))pray(?: tell)?\b,?\s*(?=(?:who|whom|whose|what|which|where|when|how|in|at|of|on)\b)", ""),
    (r"(?:^|(?<=[.?!]\s))pray (?=tell me\b)", ""),
    (r",?\s*\bpray(?: tell)?\b(?=\s*[?.!]*\s*$)", ""),
))


# a learner's word order and tense around "the first time": "the time first I heard Ana", "first time I heard Ana",
# "the last time I am at the gym", "What object the last time I was at the gym was in view?"
_ORDINAL_TIME = r"(?:first|last|next|final|previous)"
_WORD_ORDER: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.I), w) for p, w in (
    (rf"\bthe time ({_ORDINAL_TIME}) (?=(?:i|we)\b)", r"the \1 time "),
    (rf"(?<!\bthe )(?<!\bmy )(?<!\bour )(?<!\bthat )(?<!\bthis )(?<!\bvery )(?<!\bone )\b({_ORDINAL_TIME}) time "
     r"(?=(?:i|we) )", r"the \1 time "),
    (rf"\b(the {_ORDINAL_TIME} time i) am\b", r"\1 was"),
    (rf"\b(the {_ORDINAL_TIME} time we) are\b", r"\1 were"),
    (rf"^(what|which) (\w+) ((?:on |during )?the {_ORDINAL_TIME} time [^?]+?) (was|were) "
     r"(in view|visible|in sight|seen)\s*(\?*)$", r"\1 \2 \4 \5 \3\6"),
    (r"\bin moment (?=when\b)", "at the moment "),
    # the helper verb left out: "how many conversations sean talk in" (did Sean talk in)
    (r"^(how many (?:separate |different |distinct )?(?:conversations|chats|times|visits|trips)) "
     r"(?!(?:did|do|does|was|were|had|have|has|am|are|is)\b)(\w+) (?=(?:talk|speak|go|see|visit|hear)\b)",
     r"\1 did \2 "),
))


# a telegram: capitals, sentences ended by "STOP"
_TELEGRAM_STOP = re.compile(r"\s*\bSTOP\b\s*")
# a question's words in capitals (past an acronym or two): typed with caps lock, or a telegram
_SHOUTED_SHARE = 0.4
_SHOUTED_MIN_WORDS = 3


def _unshouted(text: str) -> str:
    """A question typed in capitals, in lower case (the reader capitalises the names it knows), its "STOP"s as
    sentence ends."""
    words = re.findall(r"[A-Za-z]{2,}", text)
    shouted = sum(w.isupper() for w in words)
    if shouted < _SHOUTED_MIN_WORDS or shouted < _SHOUTED_SHARE * len(words):
        return text
    # a telegram ends with "STOP" (a sign's "BUS STOP" inside a question in capitals does not)
    telegram = re.search(r"\bSTOP\W*$", text) is not None
    sentences = [p.strip() for p in _TELEGRAM_STOP.split(text) if p.strip()] if telegram else [text]
    # a telegram's question ends with "STOP" as its other sentences do
    return " ".join(p if p[-1] in ".?!" else p + ("?" if _WH.search(p) else ".") for p in sentences).lower()


def plain_words(text: str) -> str:
    """`text` (quotes held out) with typed shorthand spelt out, spoken fillers dropped and the wearer as "I"."""
    text = _unshouted(_EMPHASIS.sub(r"\1", _EMOJI.sub(" ", text)))
    for pattern, word in _TYPED:
        text = pattern.sub(word, text)
    text = _ADDRESS.sub("", text)
    for pattern, word in (*_IDIOMS, *_WORD_ORDER):
        text = pattern.sub(word, text)
    text = _FIRST.sub(lambda m: m[0] if m["before"] and not m["noun"] else f"{m['before'] or ''}first{m['noun'] or ''}",
                      text)
    text = _FILLER_LIKE.sub("", _SPOKEN_FILLER.sub("", text))
    if _ASKED_AGAIN.search(text) and _WH.search(_ASKED_AGAIN.split(text)[0]):  # asked in full before
        text = _ASKED_AGAIN.sub("", text)
    text = _WEARER.sub(lambda m: "my" if m["own"] else "me" if _OBJECT_PLACE.search(text[:m.start()]) else "I", text)
    if (wears := _WEARS.match(text)) is not None:
        text = text[wears.end():]
        for pattern, word in _THIRD_PERSON:
            text = pattern.sub(word, text)
    return re.sub(r"\s*,\s*(?=[?.!]|$)", "", " ".join(text.split()))  # a filler's comma left before the end
