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
_HOW_MANY_ONES = re.compile(r"^how many (?P<sep>(?:separate|different|distinct) )?ones?$", re.I)
_SLASHED = re.compile(r"^(?P<thing>[^/?]+?)\s+/\s+(?P<ask>[^/?\x00]{1,40}?)\s*(?P<end>[?.!]*)\s*$")
_NEXT_STOP = re.compile(r"^(?:the )?next (?:stop|place|destination|location)$", re.I)
_AT_MOMENT = re.compile(r"\s+/\s+(?:at the )?(?:moment|time|when)\s*:\s*", re.I)
_NUMBER_OF = re.compile(r"\bno\.?\s+of\b", re.I)  # "no. of separate times"
# "I was going about my day, and someone said …": the day going on tells nothing
_IDLE = re.compile(r"\b(?:i was|i'm|i am) (?:just )?(?:going about|getting on with) my (?:day|business|morning|"
                   r"afternoon|evening|work),?\s*(?:and|when)\s+", re.I)


def unframed(text: str) -> str:
    """The question without what only frames it (see the module's doc); quoted words are held as slots."""
    text = _IDLE.sub("", _Q_LABEL.sub("", _EXASPERATION.sub("", _ASKED_ME.sub("", text))))
    text = _shorthand(_NUMBER_OF.sub("number of", text))
    text = _AT_MOMENT.sub(" when ", text)  # "what object was in view / moment: I said …"
    text = _WEARER_THERE.sub("", _SAID_AGAIN.sub("?", text))
    text = _BEHALF.sub(lambda m: "" if m.start() == 0 else ". " if m[0].startswith(",") else " ", text, count=1)
    if (label := _LABEL.match(text)) is not None and _frames(label["label"]) and _WH.search(text[label.end():]) \
            and (_WH.match(text[label.end():]) or not _LIST.match(text[label.end():])) \
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
        text = f"{topic['ask']} about {topic['topic']}{when}{topic['end'] or '?'}"
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
