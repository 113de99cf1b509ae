"""Open "what did X say …" questions: the line that answers, and the short part of it that is the answer.

The line: by the asked speaker's voice, about the question's topic (its words, or MiniLM similarity for a
paraphrase), a question when the question asks what was *asked*, else a statement (answers are statements).
The short answer: the phrase of that line the question asks for — a day for "which day", a clock time for
"what time", an amount for "how many dollars", a place for "where", else the line's first new noun phrase —
never words the question already says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from vidmem.agent.analyzer import hit_terms
from vidmem.agent.answer.types import Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import TIME_NOUNS, terms
from vidmem.agent.lexicon import stem as stem_of
from vidmem.agent.query.types import Query
from vidmem.agent.speakers import addressed, same_name
from vidmem.retrieval.audio import asks
from vidmem.retrieval.types import Hit

ByThem = Callable[[Hit, Sequence[str]], float]  # how much a line counts as said by one of these people, in [0, 1]
Similarity = Callable[[Sequence[str], Sequence[str]], Any]

# entity labels (spaCy) that answer what a question word asks for
_WANTS: dict[str, set[str]] = {
    "when": {"DATE", "TIME"}, "time": {"TIME", "DATE", "CARDINAL"}, "hour": {"TIME", "DATE", "CARDINAL"},
    "day": {"DATE"}, "date": {"DATE"}, "weekday": {"DATE"},
    "where": {"GPE", "LOC", "FAC", "ORG"}, "city": {"GPE", "LOC"}, "country": {"GPE"}, "town": {"GPE"},
    "dollar": {"MONEY", "CARDINAL"}, "euro": {"MONEY", "CARDINAL"}, "price": {"MONEY", "CARDINAL"},
    "cost": {"MONEY", "CARDINAL"}, "money": {"MONEY", "CARDINAL"}, "fare": {"MONEY", "CARDINAL"},
    "much": {"MONEY", "CARDINAL", "QUANTITY"}, "many": {"CARDINAL", "QUANTITY"},
    "who": {"PERSON"}, "person": {"PERSON"},
}
_SPLIT_DECIMAL = re.compile(r"(\d) \.(\d)")
_PERSONLIKE = {"who", "person"}
_PLACELIKE = {"where", "place", "spot", "location", "restaurant", "shop", "city", "town", "room", "building"}
_PLACE_PREPS = {"at", "in", "near", "to", "from", "by", "inside", "outside", "behind"}
# "belongs to Hana", "gave it to Ravi": "to" after these verbs leads to a person, not a place
_TO_SOMEONE = {"belong", "give", "hand", "lend", "send", "say", "tell", "talk", "speak", "listen", "reply", "answer",
               "write", "show", "explain", "introduce", "sell", "pay", "offer", "mention", "pass"}
_PRONOUNS = {"i", "you", "he", "she", "it", "we", "they", "me", "him", "her", "us", "them", "this", "that",
             "something", "anything", "everything", "one", "what", "there", "my", "your", "his", "its", "our",
             "their"}  # possessives too: "your keys" is nothing new about "my keys"


def best_line(query: Query, about: Sequence[str], evidence: Sequence[Evidence], by_them: ByThem,
              similarity: Similarity | None, parse: Callable[[str], Any] | None = None,
              config: AgentConfig = DEFAULT) -> Evidence | None:
    """The transcript line that best answers an open question about what someone said."""
    ranked = ranked_lines(query, about, evidence, by_them, similarity, parse, config)
    return ranked[0][1] if ranked else None


def ranked_lines(query: Query, about: Sequence[str], evidence: Sequence[Evidence], by_them: ByThem,
                 similarity: Similarity | None, parse: Callable[[str], Any] | None = None,
                 config: AgentConfig = DEFAULT) -> list[tuple[float, Evidence]]:
    """Transcript lines by how well each answers an open question about what someone said, best first."""
    lines = sorted((e for e in evidence if e.hit.modality == "audio"), key=lambda e: (e.hit.video_id, e.hit.t0))
    if not lines:
        return []
    # "what were Ivan and Amara talking about at the train station": a place it was said at (one the Library
    # knows) is no topic of it; "what time is dinner at the Lotus Garden" names a place talked of
    settings = {w for p in query.known_places
                if re.search(rf"\b(?:at|in|inside|outside|near) (?:the |my )?{re.escape(p)}\b", query.target or "",
                             re.I)
                for w in terms(p)}
    asked = terms(" ".join(query.terms)) - settings
    topical = [0.0] * len(lines)
    if similarity is not None and query.target:
        sims = similarity([query.target], [e.hit.text for e in lines])
        topical = [float(x) for x in sims[0]]
    for i, e in enumerate(lines):
        words = hit_terms(e.hit)
        topical[i] = max(topical[i], len(asked & words) / len(asked) if asked else 0.0)
    asks = query.said_verb == "ask"
    wanted = _WANTS.get(query.asked_for or "", set())

    def score(i: int, ev: Evidence) -> float:
        topic = topical[i]
        before = lines[i - 1] if i > 0 else None
        if before is not None and before.hit.video_id == ev.hit.video_id and _is_question(before.hit.text) \
                and not _is_question(ev.hit.text) and ev.hit.t0 - before.hit.t1 <= config.reply_gap_s:
            topic = max(topic, config.reply_share * topical[i - 1])  # the reply to a question on the topic
        theirs = by_them(ev.hit, about) if about else 1.0
        holds = bool(wanted) and parse is not None and _holds(parse(ev.hit.text), query.asked_for or "", wanted)
        typed = 0.7 if wanted and parse is not None and not holds else 1.0
        # answers are statements; but a question that names what is asked for states it too ("Are we still
        # going to Lisbon on Friday?" says where we are going)
        form = 1.0 if _is_question(ev.hit.text) == asks else config.asked_but_holds if holds else 0.6
        # "what did I ask Chen": a line that calls on Chen ("Chen, where …?") was said to Chen
        to = 1.0 if not query.said_to or parse is None or any(
            same_name(n, c) for n in query.said_to for c in addressed(ev.hit.text, parse)) else config.not_said_to
        return (0.3 + 0.7 * topic) * theirs * form * typed * to * (0.7 + 0.3 * ev.relevance)

    scored = [(score(i, e), e) for i, e in enumerate(lines)]
    return sorted(scored, key=lambda pair: (-pair[0], pair[1].number))


def _holds(doc: Any, asked_for: str, wanted: set[str]) -> bool:
    """The line names what is asked for: an entity of that type, or for a place, a noun after at / in / near
    (places are mostly common nouns: "the pharmacy")."""
    if asked_for in _PLACELIKE:
        return any(t.pos_ in {"NOUN", "PROPN"} and t.dep_ == "pobj" and t.head.lower_ in _PLACE_PREPS and
                   t.lemma_.lower() not in TIME_NOUNS and
                   not (t.head.lower_ == "to" and t.head.head.lemma_.lower() in _TO_SOMEONE) for t in doc)
    if asked_for in _PERSONLIKE:
        # a name, however tagged ("belongs to Mateo": GPE), but not one only spoken to ("Mateo, I found …")
        return any(c.root.pos_ == "PROPN" and not _addressed(c) for c in doc.noun_chunks) or any(
            ent.label_ in wanted and not _addressed(ent) for ent in doc.ents)
    return any(ent.label_ in wanted and _answers(ent, asked_for) for ent in doc.ents)


_CLOCK_WORDS = {"noon", "midnight", "o'clock", "oclock"}


def _answers(ent: Any, asked_for: str) -> bool:
    """An entity of the asked type that is an answer: a time asked for is a clock reading ("half past seven",
    "noon"; the tagger may call it a date), not a part of a day or a day ("tonight", "Saturday")."""
    if asked_for in {"time", "hour"} and ent.label_ in {"TIME", "DATE"}:
        return any(t.like_num or t.lower_ in _CLOCK_WORDS for t in ent)
    return True


def _labels_a_thing(ent: Any) -> bool:
    """A bare number that names the noun it is attached to ("platform 8", "room 12"): no time nor amount."""
    root = ent.root
    return ent.label_ == "CARDINAL" and root.dep_ == "nummod" and root.head.pos_ in {"NOUN", "PROPN"} and \
        root.head.i < root.i


_SUGGESTING = re.compile(r"^\W*(?:(?:well|so|hmm|um|ok(?:ay)?|then)\W+)?(?:how|what) about\b|^\W*why not\b", re.I)


def _is_question(text: str) -> bool:
    """A line that asks (however the recogniser ended it: "Yusuf, when is our next meeting."); a suggestion
    put as a question ("How about the Golden Dragon?") answers one."""
    return asks(text) and not _SUGGESTING.search(text)


def short_answer(query: Query, line: str, parse: Callable[[str], Any]) -> str | None:
    """The phrase of `line` the question asks for, or None when no part of it is new to the question."""
    doc = parse(_SPLIT_DECIMAL.sub(r"\1.\2", line))  # "6 .15" as older Libraries spelt 6.15
    known = terms(" ".join([*query.terms, *(p.name or "" for p in query.people), *query.places]))

    def new(text: str) -> bool:
        words = {w for w in terms(text) if w not in _PRONOUNS}
        return bool(words - known)

    wanted = _WANTS.get(query.asked_for or "", set())
    if wanted:
        for ent in doc.ents:
            if ent.label_ in wanted and new(ent.text) and not _addressed(ent) and not _labels_a_thing(ent) and \
                    _answers(ent, query.asked_for or ""):
                return _with_clock_words(ent).text if query.asked_for in _CLOCK_ASKS else ent.text
        if query.asked_for in _CLOCK_ASKS and (clock := _clock_phrase(doc)) is not None and new(clock.text):
            return clock.text  # "quarter to 8", which the tagger may not see as a time at all
    if query.asked_for in _PERSONLIKE:
        # the tagger often calls a name a place or a company ("belongs to Mateo": GPE): any proper noun will do
        names = [c for c in doc.noun_chunks if c.root.pos_ == "PROPN" and not _addressed(c) and new(c.text)]
        if names:
            return names[0].root.text if len(names[0]) == 1 else " ".join(
                t.text for t in names[0] if t.pos_ == "PROPN")
    # a chunk of function words only ("any": a misheard name in "Look in any, …") names nothing
    chunks = [_whole(c) for c in doc.noun_chunks
              if c.root.lower_ not in _PRONOUNS and not c.root.is_stop and not _addressed(c) and new(_whole(c).text)]
    placelike = query.asked_for in _PLACELIKE
    if wanted and not placelike:
        return None  # a day, a time or an amount was asked for and the line names none: quote it whole
    if placelike:
        placed = [c for c in chunks if c.root.head.lower_ in _PLACE_PREPS and c.root.lemma_.lower() not in TIME_NOUNS]
        if placed:
            return placed[0].text
    if query.asked_for and query.asked_for not in {"where", "when", "who"}:
        # "which platform" → "platform two": the chunk that names the asked noun, with what is new in it
        named = [c for c in chunks if stem_of(query.asked_for) in terms(c.text)]
        if named:
            return named[0].text
    objects = [c for c in chunks if c.root.dep_ in {"dobj", "attr", "pobj", "nsubjpass", "appos"}]
    if objects:
        return objects[0].text
    # a number, not an ordinal that only qualifies ("I will be there first" names nothing: quote the line)
    numbers = [t.text for t in doc if t.like_num and t.pos_ == "NUM" and new(t.text)]
    return chunks[0].text if chunks else numbers[0] if numbers else None


_CLOCK_ASKS = {"time", "hour", "when"}
_CLOCK_LEADS = {"quarter", "half", "five", "ten", "twenty", "5", "10", "20", "25"}  # the tagger splits "twenty-five"


def _with_clock_words(ent: Any) -> Any:
    """A clock time with the words before its hour that the tagger left out ("quarter to" of "quarter to 8")."""
    doc, start = ent.doc, ent.start
    if start >= 2 and doc[start - 1].lower_ in ("to", "past") and doc[start - 2].lower_ in _CLOCK_LEADS:
        start -= 2
        if start >= 1 and doc[start - 1].lower_ == "a" and doc[start].lower_ == "quarter":
            start -= 1
    return doc[start:ent.end]


def _clock_phrase(doc: Any) -> Any | None:
    """The first "quarter to 8" / "twenty past eleven" of a line: an hour after "to" or "past" and a lead."""
    for token in doc:
        if token.like_num and token.i >= 2:
            phrase = _with_clock_words(doc[token.i:token.i + 1])
            if phrase.start < token.i:
                return phrase
    return None


def _whole(chunk: Any) -> Any:
    """A noun chunk with what follows its noun ("platform" → "platform nine")."""
    root = chunk.root
    end = max([chunk.end] + [t.i + 1 for t in root.rights if t.dep_ in {"nummod", "compound"}])
    return chunk.doc[chunk.start:end]


_CALLS = {"look", "hey", "oh", "so", "well", "listen", "see", "hi", "hello", "right", "okay", "ok", "yes", "no"}


def _addressed(chunk: Any) -> bool:
    """A name set off by a comma at the line's edge: who is spoken to ("Priya, …", "…, Tomasz."), not an answer."""
    doc = chunk.doc
    if not chunk.root.text[:1].isupper():  # names are capitalised in transcripts; the tagger often misses them
        return False
    # at the start, or after a word that only calls for attention ("Look, Ravi, I found …", "Oh Ravi, …")
    before = [t for t in doc[:chunk.start] if not t.is_punct]
    calls = len(before) <= 1 and all(t.pos_ in {"INTJ", "VERB"} or t.lower_ in _CALLS for t in before)
    opens = calls and chunk.end < len(doc) and doc[chunk.end].text == ","
    closes = chunk.start > 0 and doc[chunk.start - 1].text == "," and \
        all(t.is_punct for t in doc[chunk.end:])
    return opens or closes
