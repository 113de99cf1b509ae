"""What an utterance says about names, read from spaCy's parse rather than fixed sentence templates.

- `self_names`: a name the speaker gives for themself: the name is the complement of "be" whose
  subject is "I" or "my name" ("I'm Carol", "my name's Carol Diaz"), what the speaker asks to be
  called ("call me Jo", "I go by Jo"), or a name opening a line and followed by "here"/"speaking".
- `vocatives`: names a speaker calls someone by: a name set off from the clause by punctuation or the
  utterance's edge ("Carol, can you…", "…, Dave?", "thanks Dave", "hey Bob!"), not a name the clause
  is about ("Carol and I went").
- `place_mentions`: where the speaker says they are or have just arrived: the object of a locative
  preposition (at/in/to/into/inside) governed by an arrival verb or by "be" with "I"/"we"/"here"
  ("we're at the bakery", "just got to the harbour", "made it to Rosa's Kitchen", "welcome to the
  museum"), the direct object of reach/enter ("we've reached the old mill"), or "this is the library".
  Plans, past visits, negations and questions are left out or weighed down.

A name must be a person entity or a proper noun (the tagger decides, not a list of names); a place is
a noun chunk without its determiner, lower-cased unless it is a proper name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# --- people ----------------------------------------------------------------------------------------

_SELF_SUBJECTS = {"i"}
_NAME_NOUNS = {"name"}
_CALL_VERBS = {"call"}
_SELF_MARKERS = {"here", "speaking"}
_ATTENTION_VERBS = {"look", "listen", "wait"}  # "look Carol, …": a call, never an action done to Carol
# a name is never one of these parts of a clause when it is said *to* someone
_CLAUSE_ROLES = {"nsubj", "nsubjpass", "dobj", "pobj", "conj", "poss", "compound", "attr", "appos", "agent",
                 "dative", "oprd", "acomp", "xcomp", "ccomp", "amod", "nmod"}
# the small model's recogniser often calls an unfamiliar first name GPE or PRODUCT, so only kinds a
# name is never mistaken for rule a proper noun out; the slot it stands in does the rest
_NOT_NAME_ENTS = {"DATE", "TIME", "NORP", "LANGUAGE", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"}
_NOT_NAME_TAGS = {"PRON", "DET", "AUX", "ADP", "CCONJ", "SCONJ", "PART", "ADJ"}
# words that open a reply or an exclamation, never a name, however the small model tags them
_REPLY_WORDS = {"yep", "yup", "yeah", "yes", "aye", "nope", "nah", "no", "okay", "ok", "alright", "sure", "cheers",
                "thanks", "ta", "hey", "hi", "hello", "oh", "ooh", "ah", "well", "hmm", "wow", "oops", "right", "great",
                "cool", "lovely", "brilliant", "sorry", "please", "definitely", "absolutely", "indeed", "bye", "grand",
                "nice", "perfect", "fine", "good", "excellent", "super", "awesome", "fab", "fantastic", "wonderful"}
_TITLES = {"mr", "mrs", "ms", "miss", "dr", "doctor", "professor", "prof", "uncle", "aunt", "auntie", "sir", "madam"}


def _is_name_token(token: Any) -> bool:
    """A person's name by spelling and the tagger's judgement, not by a list: a capital letter inside a
    sentence marks a proper name (transcripts capitalise names); at a sentence's start, where every word
    has one, the tagger or recogniser must call it a proper noun or a person."""
    if not token.text[:1].isupper() or not token.text.rstrip(".").replace("-", "").isalpha() or token.lower_ == "i":
        return False
    if token.lower_ in _REPLY_WORDS:
        return False  # "Yep, it's platform 9": the tagger calls an unfamiliar reply word a name
    if token.ent_type_ == "PERSON":
        return True
    # the small model calls some first names a group ("Sean", "Christian": NORP); a group word a person could
    # be called by is a singular proper noun, where "American" is an adjective and "Americans" a plural
    group_name = token.ent_type_ == "NORP" and token.tag_ == "NNP"
    if (token.ent_type_ in _NOT_NAME_ENTS and not group_name) or token.pos_ in _NOT_NAME_TAGS:
        return False
    return token.pos_ == "PROPN" or not token.is_sent_start


def _name_span(token: Any) -> str:
    """The whole name a token belongs to ("Carol Diaz"), titles dropped."""
    doc = token.doc
    start = end = token.i
    while start > 0 and _is_name_token(doc[start - 1]) and doc[start - 1].lower_.rstrip(".") not in _TITLES:
        start -= 1
    while end + 1 < len(doc) and _is_name_token(doc[end + 1]):
        end += 1
    return " ".join(t.text for t in doc[start:end + 1])


def self_names(doc: Any) -> list[str]:
    """Names the speaker gives for themself in one parsed utterance."""
    found = [_name_span(t) for t in doc
             if _is_name_token(t) and t.lower_.rstrip(".") not in _TITLES and _introduces_self(t)]
    return list(dict.fromkeys(found))


def _introduces_self(token: Any) -> bool:
    head = token.head
    if _after_my_name(token):  # "my name's Amara Okafor": the parser often loses "'s" here
        return True
    if token.dep_ in ("attr", "acomp", "npadvmod", "oprd", "nsubj", "dobj") and head.lemma_ == "be" and _names_with_be(
        head, token
    ):
        subjects = [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass") and c is not token]
        if any(s.lower_ in _SELF_SUBJECTS for s in subjects) or any(
            s.lemma_ in _NAME_NOUNS and any(p.lower_ == "my" for p in s.children) for s in subjects
        ):
            return True
        # "This is Diane (in New Jersey)" / "it's Carol" opening a line, unless it presents someone else
        # ("this is Carol, my sister")
        if any(s.lower_ in ("this", "it") and _opens_line(s) for s in subjects) and not any(
            c.dep_ == "appos" for c in token.children
        ):
            return True
    called = head.lemma_ in _CALL_VERBS and token.dep_ in ("oprd", "xcomp", "ccomp", "dobj", "attr", "npadvmod")
    if called and any(c.lower_ == "me" for c in head.children if c is not token):
        return True
    if token.dep_ == "pobj" and head.lower_ == "by" and head.head.lemma_ == "go" and any(
        c.lower_ in _SELF_SUBJECTS for c in head.head.children
    ):
        return True  # "I go by Jo"
    # "Carol here." / "Hey, Carol speaking" / "This is Carol speaking" opening a line
    doc, end = token.doc, token.i
    while end + 1 < len(doc) and _is_name_token(doc[end + 1]):
        end += 1
    before = [t.lower_ for t in doc[max(0, token.i - 2):token.i]]
    return end + 1 < len(doc) and doc[end + 1].lower_ in _SELF_MARKERS and (
        _opens_line(token) or before in (["this", "is"], ["it", "'s"])
    )


def addresses_previous(doc: Any, names: Sequence[str] = ()) -> bool:
    """A line that answers the one before ("thanks, Carol", "yes Carol, it is", "of course, Carol.") rather
    than calling on someone to answer ("Carol, can you…?"): it asks nothing, and opens with an interjection
    or a thank or ends with the name."""
    if doc.text.rstrip().endswith("?"):
        return False
    first = doc[_first_word(doc)] if len(doc) else None
    if first is not None and (first.pos_ == "INTJ" or first.lemma_ in ("thank", "thanks")):
        return True
    end = doc.text.rstrip(" .!…\"'”’").lower()
    return any(end.endswith(name.lower()) for name in names)


def _names_with_be(be: Any, token: Any) -> bool:
    """"I'm Carol", not "I'll be at the cinema first, Carol" nor "I am here now, Carol": no modal on the
    verb, and nothing but adverbs between it and a name that follows it."""
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in be.children):
        return False
    between = token.doc[be.i + 1:token.i]
    return all(t.pos_ == "ADV" and not t.is_punct for t in between)


def _after_my_name(token: Any) -> bool:
    """The first name word right after "(my) name is / (my) name's" (not "her name is")."""
    doc, i = token.doc, token.i
    if i >= 2 and doc[i - 1].lower_ in ("is", "'s", "’s") and doc[i - 2].lower_ == "name":
        owner = doc[i - 3] if i >= 3 else None
        return owner is None or owner.lower_ == "my" or owner.is_punct or owner.pos_ == "INTJ"
    return False


def _opens_line(token: Any) -> bool:
    """Only punctuation and interjections ("oh, hi, …") come before the token."""
    return all(t.is_punct or t.pos_ == "INTJ" for t in token.doc[:token.i])


def _first_word(doc: Any) -> int:
    return next((t.i for t in doc if not t.is_punct), 0)


def vocatives(doc: Any) -> list[str]:
    """Names a speaker calls someone by: set off by punctuation or the line's edge, outside the clause."""
    found: list[str] = []
    words = [t for t in doc if not t.is_space]
    for token in words:
        if not _is_name_token(token) or token.lower_ in _TITLES:
            continue
        start = token.i
        while start > 0 and _is_name_token(doc[start - 1]):
            start -= 1
        end = token.i
        while end + 1 < len(doc) and _is_name_token(doc[end + 1]):
            end += 1
        if start != token.i:
            continue  # only look at each name once, from its first word
        while start > 0 and doc[start - 1].lower_.rstrip(".") in _TITLES:
            start -= 1  # "Thank you, Dr. Patel"
        before = doc[start - 1] if start > 0 else None
        after = doc[end + 1] if end + 1 < len(doc) else None
        # lead-in: the line's start, punctuation, or an interjection/greeting at the line's start ("hey", "thanks")
        opened = before is None or before.is_punct or _short_lead_in(doc, start)
        closed = after is None or (after.is_punct and after.text not in ("'", "-"))
        if not (opened and closed):
            continue
        span = doc[start:end + 1]
        roles = {t.dep_ for t in span}
        # a name standing alone as the whole line ("Carol.") or outside the clause's roles
        if roles & _CLAUSE_ROLES and not _set_off_both_sides(None if _calling_lead_in(doc, start) else before, after):
            continue
        if _is_self_name_slot(span):
            continue
        found.append(" ".join(t.text for t in span if t.lower_.rstrip(".") not in _TITLES) or span.text)
    return list(dict.fromkeys(found))


def _short_lead_in(doc: Any, start: int) -> bool:
    """At most two words open the line before the name, none of them part of a clause's frame
    (a pronoun, auxiliary, determiner, preposition, question word): "hey Bob", "thanks Greta", "listen Omar",
    but not "where's Nadia" or "I saw Dave"."""
    words = [t for t in doc[:start] if not t.is_punct]
    if not words or len(words) > 2:
        return False
    return all(t.pos_ in ("INTJ", "VERB", "NOUN", "ADJ", "PROPN", "ADV") and t.tag_ not in ("WRB", "WP", "WDT")
               and t.pos_ != "AUX" and t.lower_ not in ("not", "never") for t in words)


def _calling_lead_in(doc: Any, start: int) -> bool:
    """The line opens with a call or an interjection and then the name ("look Carol, …", "listen Omar, …",
    "oh hey Carol, …"): the parser often makes the name the verb's subject, but it is said to someone."""
    words = [t for t in doc[:start] if not t.is_punct]
    if not 0 < len(words) <= 2 or not all(t.pos_ == "INTJ" for t in words[1:]):
        return False
    if words[0].pos_ == "INTJ":
        return True
    # an imperative whose object the name is not ("ask Carol, she knows" is about Carol); English's
    # attention-getting verbs take no object, whatever the parser makes of the name after them
    return words[0].tag_ == "VB" and (words[0].lemma_ in _ATTENTION_VERBS
                                      or doc[start].dep_ not in ("dobj", "dative", "iobj"))


def _set_off_both_sides(before: Any, after: Any) -> bool:
    """Commas (or the line's edges) on both sides: "Thanks, Carol, that helps" / "Carol, …" at the start.

    The parser often labels such a name as a subject or object anyway; being cut off on both sides
    is the stronger signal, unless a coordinating word follows ("Carol, Bob and I")."""
    left = before is None or before.text in (",", "!", "?", ".", ";", ":", "—")
    right = after is None or after.text in (",", "!", "?", ".", ";", ":", "—")
    if not (left and right):
        return False
    if after is not None and after.text == ",":
        nxt = after.doc[after.i + 1] if after.i + 1 < len(after.doc) else None
        if nxt is not None and (_is_name_token(nxt) or nxt.lower_ in ("and", "or")):
            return False
    return True


def _is_self_name_slot(span: Any) -> bool:
    head = span.root.head
    return head.lemma_ == "be" and any(c.lower_ in _SELF_SUBJECTS for c in head.children)


# --- places ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlaceMention:
    phrase: str  # what a user would call it: "bakery", "old train station", "Rosa's Kitchen"
    head: str  # the head noun with its compounds, lemmas in lower case ("train station"): mentions group by it
    weight: float  # how strongly the line says the speaker is there now
    kind: str  # "arrival" | "presence" | "this is" | "state" | "named" | "announced"


ARRIVAL_WEIGHT = 0.8
PRESENCE_WEIGHT = 0.7
DEMONSTRATIVE_WEIGHT = 0.5
QUESTION_FACTOR = 0.4  # "are we at the bakery?" says less than "we're at the bakery"

_LOCATIVE_PREPS = {"at", "in", "to", "into", "inside", "onto", "outside"}
_FRONT_NOUNS = {"front", "outside", "inside"}  # "in front of the town hall": the place is after "of"
_PRESENCE_VERBS = {"stand", "sit", "wait", "stay"}  # "standing in front of the town hall", "we're sitting in the …"
_ARRIVAL_VERBS = {"arrive", "get", "come", "reach", "enter", "make", "walk", "step", "pull", "show", "land", "return",
                  "head", "stop", "drop", "pop", "swing", "turn", "end", "park", "roll", "drive", "ride", "wander",
                  "stroll"}
_DIRECT_ARRIVAL_VERBS = {"reach", "enter"}
_PASSING_PREPS = {"by"}  # only after a verb of coming: "come by the bakery", "stopping by the bank"
# adverbs a line may say right after a place that are not part of its name
_AFTER_PLACE_ADVERBS = {"early", "late", "later", "soon", "outside", "inside", "upstairs", "downstairs", "nearby",
                        "instead", "tomorrow", "yesterday", "today", "tonight", "again", "already", "first", "next",
                        "home", "abroad", "ahead", "anyway", "afterwards", "overnight", "tho", "though", "too"}
_FOUND_STATES = {"open", "busy", "packed", "quiet", "empty", "crowded", "heaving", "rammed"}
_OBLIGATION_VERBS = {"need", "have"}  # "needed to / had to stop at the bank": done, not planned
_PRESENT_SUBJECTS = {"i", "we", "you", "us", "me"}  # "me and Jake are at the arcade"
_HERE_WORDS = {"here", "back", "finally", "now"}
_PLAN_AUX = {"will", "'ll", "wo", "shall", "should", "must", "might", "could", "would", "'d", "can", "may"}
_PLAN_VERBS = {"go", "plan", "want", "need", "have", "try", "hope", "let", "mean", "decide", "promise", "like", "love"}
_PAST_MARKERS = {"yesterday", "ago", "last", "before", "once", "earlier", "tomorrow", "later", "tonight", "soon"}
# nouns that follow "in/at" in set phrases and are not places
_NOT_PLACES = {"time", "moment", "minute", "minutes", "second", "seconds", "hour", "hours", "hurry", "fact", "least",
               "most", "all", "general", "case", "mood", "trouble", "love", "charge", "touch", "way", "order", "front",
               "place", "spot", "area", "end", "middle", "side", "top", "bottom", "bit", "while", "line", "rush",
               "advance", "total", "person", "course", "mind", "luck", "progress", "danger", "shape", "use", "work",
               "peace", "favour", "favor", "turn", "detail", "part", "particular", "thing", "one", "lot"}
BARE_WEIGHT = 0.5  # a noun phrase on its own ("Okay, the library.") names where one is less surely than a verb
_BARE_MAX_WORDS = 4
_PLACE_DETERMINERS = {"the", "this"}
_NOT_NAMING_DETERMINERS = {"a", "an", "my", "your", "his", "her", "our", "their", "some", "any", "no", "every",
                           "that", "these", "those", "its", "next"}
# words that open or close a line without saying anything (read as such whatever the tagger calls them)
_DISCOURSE = {"so", "ok", "okay", "alright", "right", "well", "now", "and", "then", "finally", "oh", "ah", "hey",
              "yes", "yeah", "no", "thanks", "thank", "sorry", "hello", "hi", "bye", "cheers", "wow", "here",
              "there", "at", "last", "again", "just", "all", "um", "uh"}
_PLACE_ENTS = {"ORG", "FAC", "GPE", "LOC"}  # what a proper name without an article must be to name a place
_SKIP_ENTS = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT", "PERSON", "NORP", "LANGUAGE"}


def place_mentions(doc: Any) -> list[PlaceMention]:
    """Places the speaker says they are at, or have just reached, in one parsed utterance."""
    out: list[PlaceMention] = []
    for token in doc:
        target = None
        kind = ""
        if (token.dep_ in ("prep", "ROOT") or _misread_agent(token)) and (token.lower_ in _LOCATIVE_PREPS or (
                token.lower_ in _PASSING_PREPS and token.head.lemma_ in _ARRIVAL_VERBS)):
            obj = _front_of(next((c for c in token.children if c.dep_ == "pobj"), None))
            if obj is None:
                continue
            head = token.head
            if head.pos_ == "ADV" and head.lower_ in _HERE_WORDS:  # "here at the market", "back in the kitchen"
                if (head.dep_ == "ROOT" or _opens_line(head)) and token.lower_ != "to":  # a verbless line: "Back at the
                    # office." / "Back at the hotel, my feet are killing me."
                    target, kind = obj, "presence"
                head = head.head
            if target is not None:
                pass
            elif token.dep_ == "ROOT" or _opens_line(token):  # "At the pharmacy, finally." / "Um, in the kitchen
                # now." / "Inside the cinema now, lights are down." — not "At a good price, Rosa.": without a
                # verb saying one is there, only a place named as such (the, this, a name) says where
                if token.lower_ != "to" and not any(c.dep_ == "det" and c.lower_ in _NOT_NAMING_DETERMINERS
                                                    for c in obj.children):
                    target, kind = obj, "presence"
                    if token.dep_ != "ROOT":  # set off: the verb the parser hung it on is another clause's
                        said = _mention(obj, kind)
                        if said is not None and not any(t.lower_ in _PAST_MARKERS for t in doc):
                            out.append(said)
                        continue
            elif head.lemma_ in _ARRIVAL_VERBS or (head.lemma_ == "welcome" and token.lower_ == "to"):
                target, kind = obj, "arrival"
            elif (head.lemma_ == "be" or head.lemma_ in _PRESENCE_VERBS) and token.lower_ != "to" and (
                _subject_of(head) in _PRESENT_SUBJECTS or _has_here(head) or _is_us(head)
                or (head.lemma_ in _PRESENCE_VERBS and not _subject_of(head))
            ):
                target, kind = obj, "presence"
        elif token.dep_ == "dobj" and token.head.lemma_ in _DIRECT_ARRIVAL_VERBS:
            target, kind = token, "arrival"
        elif token.dep_ == "attr" and token.head.lemma_ == "be" and _subject_of(token.head) in ("this", "here"):
            target, kind = token, "this is"
        elif _found_open(token):
            target, kind = token, "state"
        elif token.dep_ == "nsubj" and token.head.lemma_ == "be" and token.i > token.head.i and any(
                c.lower_ == "here" and c.dep_ == "advmod" and c.i < token.head.i for c in token.head.children):
            target, kind = token, "this is"  # "Here's the stadium": the place stands after the verb
        if target is None or _is_plan_or_past(target, doc):
            continue
        said = _mention(target, kind)
        if said is not None:
            out.append(said)
    set_off = _set_off_place(doc)
    # "Here we are, the botanical garden, in full bloom": the phrase announced first names the place
    if set_off and (not out or set_off[0].kind == "announced"):
        out = set_off
    return out


_QUESTION_OPENERS = {"what", "where", "who", "when", "why", "how", "which", "do", "does", "did", "is", "are", "can",
                     "could", "will", "would", "should", "have", "has", "shall"}


def _asked(token: Any) -> bool:
    """The sentence holding `token` asks about it ("are we at the bakery?", "The pier, at last?" say less than
    "we're at the bakery"), unless the question is a clause of its own after a comma: "I'm at the pharmacy
    now, what did you need?" says where one is."""
    sentence = token.sent
    if not sentence.text.rstrip().endswith("?"):
        return False
    comma = next((t for t in sentence if t.i > token.i and t.text == ","), None)
    after = next((t for t in sentence if comma is not None and t.i > comma.i and not t.is_punct), None)
    return after is None or after.lower_ not in _QUESTION_OPENERS


def _mention(target: Any, kind: str) -> PlaceMention | None:
    """The place `target` names, weighed by how the line says one is there (less when its clause asks)."""
    phrase = _place_phrase(target)
    if phrase is None:
        return None
    weight = {"arrival": ARRIVAL_WEIGHT, "presence": PRESENCE_WEIGHT, "this is": DEMONSTRATIVE_WEIGHT,
              "state": BARE_WEIGHT}[kind]
    return PlaceMention(phrase[0], phrase[1], round(weight * (QUESTION_FACTOR if _asked(target) else 1.0), 3), kind)


def _segments(doc: Any) -> list[list[Any]]:
    """The line cut at punctuation: "So, the museum, let's go in." → [So] [the museum] [let's go in]."""
    out: list[list[Any]] = [[]]
    for t in doc:
        if t.is_punct and t.text not in ("'", "’", "-"):
            if out[-1]:
                out.append([])
        else:
            out[-1].append(t)
    return [seg for seg in out if seg]


def _bare_phrase(words: list[Any]) -> Any | None:
    """The head of `words` when they are just a definite noun phrase ("the old mill") or a compound name
    without one ("hardware store", "Harbor View Diner"), else None. Indefinite and possessive phrases ("a cat",
    "my keys") point at things, not at where one is."""
    if not words:
        return None
    if words[0].lower_ in _PLACE_DETERMINERS:
        words = words[1:]
    elif len(words) < 2 or any(w.pos_ not in ("NOUN", "PROPN") for w in words) or (
            words[-1].pos_ == "PROPN" and words[-1].ent_type_ not in _PLACE_ENTS):
        return None  # without an article only a name of two or more nouns: "food court", not "good morning"
    if not words or len(words) > _BARE_MAX_WORDS or any(w.lower_ in _NOT_NAMING_DETERMINERS for w in words):
        return None
    head = words[-1]
    if any(w.pos_ not in ("NOUN", "PROPN", "ADJ") for w in words[:-1]) or not head.is_alpha or \
            head.pos_ not in ("NOUN", "PROPN") or head.tag_ == "NNS":  # "the tickets": things, not a place
        return None
    if head.lower_ in _DISCOURSE or head.lower_ in _NOT_PLACES or head.ent_type_ in _SKIP_ENTS or head.is_stop:
        return None
    return head


def _set_off_place(doc: Any) -> list[PlaceMention]:
    """A place named by a noun phrase standing on its own, as people do on walking in: "Okay, the library.",
    "The harbour, at last.", "There we are, the town hall.", "Museum it is.", "Skate park time!", "Made it,
    the botanical garden.", "Right, hardware store." (a verbless line, or the first phrase of the line set off
    by punctuation, after nothing but words such as "so", "right", "and now", a lone call or exclamation
    ("Jake", "look", "ooh") or a clause saying one has arrived ("made it", "we're here"))."""
    if any(t.lower_ == "please" for t in doc):
        return []  # "The coffee, please." asks for a thing
    segments = _segments(doc)
    announced = False
    for seg in segments:
        if _here_we_are(seg) or _arrived(seg):
            announced = True  # "Here we are, the harbour": the phrase after it names the place
            continue
        words = list(seg)
        while words and (words[0].lower_ in _DISCOURSE or words[0].pos_ in ("INTJ", "CCONJ") or (
                words[0].lower_ in _ANNOUNCE_ORDER and len(words) > 1 and words[1].lower_ == "the")):
            words = words[1:]  # "First the pet shop, then home.": the round's next place
        while words and words[-1].lower_ in _DISCOURSE:
            words = words[:-1]
        if not words:
            continue
        lows = [w.lower_ for w in words]
        chosen = lows[-2:] in (["it", "is"], ["it", "'s"]) and len(words) >= 3  # "museum it is": a choice made
        if chosen or (lows[-1] == "time" and len(words) >= 2):  # "bowling alley time!": what comes next
            head = words[-3] if chosen else words[-2]
            # a line's first word is capitalised, and the tagger then takes "Bookshop" for a person
            person_by_case = head.ent_type_ == "PERSON" and head.is_sent_start
            if head.is_alpha and not head.is_stop and (head.ent_type_ not in _SKIP_ENTS or person_by_case) and \
                    head.lower_ not in _NOT_PLACES and head.lower_ not in _DISCOURSE:
                phrase = " ".join(w.text for w in words[:-2 if chosen else -1] if w.lower_ not in _PLACE_DETERMINERS)
                asked = QUESTION_FACTOR if _asked(head) else 1.0
                return [PlaceMention(_name_case(phrase), head.lemma_.lower() if head.pos_ == "NOUN" else head.lower_,
                                     round(BARE_WEIGHT * asked, 3), "named")]
            return []
        head = _bare_phrase(words) if words[0].lower_ != "this" else None  # "this motorbike, Tom": a thing shown
        if head is None:
            if len(words) == 1 and (words[0].pos_ in ("PROPN", "INTJ") or words[0].lemma_ in _ATTENTION_VERBS
                                    or (words[0].text[:1].isupper() and words[0].lower_ != "i")):
                continue  # "Jake, …", "Look, …", "Ooh, …": a call or an exclamation before what is said
            return []
        phrase = " ".join(w.text for w in words if w.lower_ not in _PLACE_DETERMINERS)
        key = " ".join(w.lemma_.lower() for w in words if w.lower_ not in _PLACE_DETERMINERS and w.pos_ != "ADJ")
        weight = (PRESENCE_WEIGHT if announced else BARE_WEIGHT) * (QUESTION_FACTOR if _asked(head) else 1.0)
        return [PlaceMention(_name_case(phrase), key or head.lower_, round(weight, 3),
                             "announced" if announced else "named")]
    return []


def _here_we_are(seg: list[Any]) -> bool:
    lows = [t.lower_ for t in seg]
    return lows[-3:] in (["here", "we", "are"], ["there", "we", "are"], ["we", "'re", "here"], ["we", "are", "here"])


_ANNOUNCE_ORDER = {"first", "next", "last", "final", "second", "third", "another"}
_ANNOUNCE_STOP = {"stop", "up"}


def _arrived(seg: list[Any]) -> bool:
    """A clause that only says one has arrived: "made it", "we've arrived", "got here", "finally made it"; or
    one that announces the next place of a round: "next stop", "first up today", "next up on the tour"."""
    lows = [t.lower_ for t in seg]
    if len(lows) >= 2 and lows[0] in _ANNOUNCE_ORDER and lows[1] in _ANNOUNCE_STOP:
        return True
    rest = [t for t in seg if t.lower_ not in _DISCOURSE and t.lower_ not in ("it", "here", "there")
            and not (t.pos_ == "PRON" and t.lower_ in _PRESENT_SUBJECTS) and t.dep_ != "aux"]
    return len(rest) == 1 and rest[0].pos_ == "VERB" and rest[0].lemma_ in _ARRIVAL_VERBS


def _name_case(phrase: str) -> str:
    """Proper names keep their capitals ("Rosa's Kitchen"); a common noun at a line's start does not."""
    words = phrase.split()
    return phrase if len(words) > 1 and all(w[:1].isupper() for w in words) else phrase.lower()


def _subject_of(verb: Any) -> str:
    """The verb's subject; a pronoun first, as a name set off before it is often parsed as one too ("Nina,
    look, we're at the …")."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "expl")]
    subject = next((c for c in subjects if c.pos_ == "PRON"), subjects[0] if subjects else None)
    return subject.lower_ if subject is not None else ""


def _opens_line(token: Any) -> bool:
    """Nothing but words that say nothing ("um", "okay so") stands before `token` in its sentence."""
    before = [t for t in token.sent if t.i < token.i and not t.is_punct]
    return all(t.lower_ in _DISCOURSE or t.pos_ in ("INTJ", "ADV") for t in before)  # "currently at the …"


def _front_of(obj: Any | None) -> Any | None:
    """"in front of the town hall" → "town hall": the place is the object of "of", not "front"."""
    if obj is not None and obj.lower_ in _FRONT_NOUNS:
        of = next((c for c in obj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        return next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else obj
    return obj


def _found_open(token: Any) -> bool:
    """"Good, the bakery is still open.", "The gym is packed.": what one finds a place like on walking in
    (present tense, "the" place, nothing said of when: "the bakery is open until six" is a fact, not a visit)."""
    verb = token.head
    return token.dep_ == "nsubj" and verb.lemma_ == "be" and verb.tag_ in ("VBZ", "VBP") and any(
        c.dep_ == "det" and c.lower_ == "the" for c in token.children) and any(
        c.dep_ == "acomp" and c.lower_ in _FOUND_STATES for c in verb.children) and not any(
        c.dep_ == "prep" for c in verb.children) and not any(t.ent_type_ in ("DATE", "TIME") for t in token.doc)


def _misread_agent(token: Any) -> bool:
    """"Just swung by the bank": the parser takes a past tense for a passive with its agent; a real passive
    ("the bus is parked by the school") has its helper verb."""
    return token.dep_ == "agent" and not any(c.dep_ == "auxpass" for c in token.head.children)


def _is_us(verb: Any) -> bool:
    """"That's us at the bakery", "this is me at the gym": the speaker is what "be" points at."""
    return any(c.dep_ == "attr" and c.lower_ in ("us", "me") for c in verb.children)


def _has_here(verb: Any) -> bool:
    return any(c.lower_ in ("here", "there") and c.dep_ == "advmod" for c in verb.children) and _subject_of(verb) in (
        "", "here", "we", "i")


def _is_plan_or_past(token: Any, doc: Any) -> bool:
    """A plan ("we'll go to…", "let's get to…"), a past visit ("we were at … yesterday"), a negation."""
    verb = token
    while verb.dep_ not in ("ROOT",) and verb.pos_ not in ("VERB", "AUX"):
        verb = verb.head
        if verb.head is verb:
            break
    chain = [verb]
    # up to the verbs that govern it, said before it ("we need to get to …", "let's go to …"); a clause after
    # it that the parser hung it on is another sentence ("I'm at the pharmacy now, what did you need?")
    while chain[-1].dep_ in ("xcomp", "ccomp", "advcl", "conj") and chain[-1].head.i < chain[-1].i:
        chain.append(chain[-1].head)
    for v in chain:
        children = list(v.children)
        if any(c.dep_ == "neg" for c in children):
            return True
        if any(c.dep_ == "aux" and c.lower_ in _PLAN_AUX for c in children) and not (
                v.lemma_ == "be" and any(c.lower_ == "must" for c in children)):
            return True  # "we'll go to …"; "this must be the cathedral" is where one is, inferred
        if v is not verb and v.lemma_ in _PLAN_VERBS and not (
                v.lemma_ in _OBLIGATION_VERBS and v.tag_ in ("VBD", "VBN")):
            return True
        if v.lemma_ == "let" or any(c.lower_ == "let" and c.i < v.i for c in children):
            return True  # "let's get to …", not "pulled into the campsite, let's unpack"
        if v.lemma_ == "be" and v.tag_ == "VBD" and v is verb:
            return True  # "we were at the beach" is not arriving now
        # "going to the bakery" said as a plan: progressive go with a later time
    if any(t.lower_ in _PAST_MARKERS for t in doc):
        return True
    # "we're going to the market" is on the way, not there
    return verb.lemma_ == "go" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in verb.children)


def _place_phrase(token: Any) -> tuple[str, str] | None:
    """(phrase, head lemma) for the noun chunk headed by `token`, or None when it is not a place."""
    if token.pos_ not in ("NOUN", "PROPN") or token.lower_ in _NOT_PLACES:
        return None
    # the small model calls many a proper place name a person ("Lucy's Bookshop", "Greenfield Mall"): one
    # word after "at" is a person's ("at Tom"), two or more with the head a proper noun may be a place
    before = token.doc[token.i - 1] if token.i > 0 else None
    named_so = token.ent_type_ == "PERSON" and token.pos_ == "PROPN" and before is not None and (
        before.pos_ == "PROPN" or before.tag_ == "POS")
    if token.ent_type_ in _SKIP_ENTS and not named_so:
        return None
    words = [t for t in token.subtree if t.i <= token.i and t.dep_ not in ("det", "predet")
             and not (t.dep_ == "poss" and t.pos_ == "PRON") and not t.is_punct]
    # keep only the contiguous run of modifiers ending at the head ("the old train station" → "old train station")
    run: list[Any] = []
    for t in reversed(words):
        if run and t.i != run[-1].i - 1 and not (t.i == run[-1].i - 2 and t.doc[t.i + 1].tag_ == "POS"):
            break
        run.append(t)
    run.reverse()
    if token.lower_ in _NOT_PLACES or not run:
        return None
    tail = _misread_tail(token)
    if tail is not None:
        run.append(tail)
    proper = any(t.pos_ == "PROPN" for t in run)
    text = "".join(t.text_with_ws for t in run).strip()
    if token.i + 1 < len(token.doc) and token.doc[token.i + 1].tag_ == "POS":
        return None  # "at Carol's" names a person's home only through the person
    phrase = text if proper else text.lower()
    key = " ".join(t.lemma_.lower() for t in run if t.dep_ == "compound" or t is token or t is tail)
    return phrase, key


def _misread_tail(head: Any) -> Any | None:
    """The last word of a place's name that the small tagger took for an adverb ("the ice cream parlour now",
    "the take away."): an unfamiliar word right after the noun, ending the clause, that is no adverb of time
    or place a line says after a place ("at the gym early", "at the lake away from it all")."""
    doc = head.doc
    if head.i + 1 >= len(doc):
        return None
    word = doc[head.i + 1]
    after = doc[word.i + 1] if word.i + 1 < len(doc) else None
    ends = after is None or after.is_punct or after.lower_ in _HERE_WORDS
    if word.pos_ == "ADV" and word.dep_ == "advmod" and word.is_alpha and not word.is_stop and ends and \
            not word.lower_.endswith("ly") and word.lower_ not in _AFTER_PLACE_ADVERBS:
        return word
    return None


_ASR_IM = re.compile(r"\bIm\b")


def parse(texts: Iterable[str]) -> list[Any]:
    """spaCy docs for many lines at once (the shared pipeline, loaded on first use). Transcripts sometimes
    drop the apostrophe of "I'm" ("Hi, Im Carol"), which the parser then reads as a name."""
    from vidmem.models.language import shared_nlp

    return list(shared_nlp().pipe([_ASR_IM.sub("I'm", t) for t in texts]))
