"""`lite` extraction: rules over what ingest already knows, no LLM.

- talks_to: a speaker addressing someone by name ("Carol, can you…", "thanks, Dave"), and turn
  taking (a different speaker answering within a few seconds talks to the one before).
- mentions / uses / located_at from utterances: spaCy entities and dependency triples
  ("I use the red laptop" → speaker uses red laptop; "the keys are in the blue drawer" → keys located_at
  blue drawer, and the speaker mentions keys).
- co_present: people on screen together; the wearer ("me") is co-present with everyone seen.
- located_at / interacts_with: the wearer at a recognised place; frame labels seen while there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from vidmem.graph.evidence import WEARER, SegmentEvidence, SpokenLine
from vidmem.store.graph import EdgeRow, norm_name

TURN_GAP_S = 3.0  # a reply starts within this many seconds of the previous line's end
GREETINGS = {"hi", "hey", "hello", "thanks", "thank", "bye", "goodbye", "morning", "evening", "night", "dear",
             "oh", "ok", "okay", "yes", "no", "sorry", "please", "welcome", "see", "look", "listen", "well", "right"}
USE_VERBS = {"use", "hold", "carry", "grab", "open", "drive", "ride", "wear", "fix", "borrow", "type", "cook",
             "wash", "charge", "read", "play", "pick"}
PLACE_VERBS = {"be", "leave", "put", "keep", "place", "store", "hide", "lock", "find", "lose", "forget", "stay"}
PLACE_PREPS = {"in", "on", "at", "under", "inside", "behind", "near", "beside", "by", "into", "onto"}
STOP_NOUNS = {"thing", "things", "time", "way", "lot", "bit", "one", "day", "today", "tomorrow", "yesterday",
              "minute", "minutes", "second", "moment", "idea", "kind", "sort", "stuff", "bunch", "part"}
PLACE_ENTS = {"GPE", "LOC", "FAC"}
SKIP_ENTS = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"}


def load_spacy() -> Any:
    """The process's shared English pipeline (the speakers stage's name rules use the same one): loading a
    second copy cost ~0.5 CPU-s per ingest and gave the same parses."""
    from vidmem.models.language import shared_nlp

    return shared_nlp()


class RuleExtractor:
    def __init__(self, nlp: Any | None = None) -> None:
        self._nlp = nlp
        # (voice identity, name) for each time a voice was addressed by that name: see _address_hints
        self.hints: list[tuple[str, str]] = []

    @property
    def nlp(self) -> Any:
        # loaded on first use: a video with no speech never pays for spaCy
        if self._nlp is None:
            self._nlp = load_spacy()
        return self._nlp

    def extract(self, segments: Sequence[SegmentEvidence], known_people: Iterable[str] = ()) -> list[EdgeRow]:
        lines = [(seg, line) for seg in segments for line in seg.lines]
        docs = list(self.nlp.pipe([line.text for _, line in lines])) if lines else []
        people = {norm_name(p) for p in known_people} | {norm_name(line.speaker) for _, line in lines}
        # first pass: names people are called by are person names, whatever NER thought
        for doc in docs:
            people |= {norm_name(span.text) for span in _vocatives(doc, people)}
        people.discard("unknown speaker")
        edges: list[EdgeRow] = []
        self.hints = _address_hints([line for _, line in lines], docs, people)
        previous: SpokenLine | None = None
        for (seg, line), doc in zip(lines, docs, strict=True):
            edges += self._line_edges(seg, line, doc, people)
            if (previous is not None and previous.speaker != line.speaker and line.t0 - previous.t1 <= TURN_GAP_S
                    and "unknown speaker" not in (previous.speaker, line.speaker)):
                edges.append(EdgeRow(line.speaker, "person", previous.speaker, "person", "talks_to", line.t0, line.t1,
                                     line.text, seg.segment_id, 0.6, source_identity=line.speaker_identity,
                                     target_identity=previous.speaker_identity))
            previous = line
        for seg in segments:
            edges += _sighting_edges(seg)
        return edges

    def _line_edges(self, seg: SegmentEvidence, line: SpokenLine, doc: Any, people: set[str]) -> list[EdgeRow]:
        out: list[EdgeRow] = []
        me = line.speaker
        if me == "unknown speaker":
            return out

        def edge(source: str, s_type: str, target: str, t_type: str, rel: str, conf: float) -> None:
            if norm_name(source) == norm_name(target):
                return
            out.append(EdgeRow(source, s_type, target, t_type, rel, line.t0, line.t1, line.text, seg.segment_id, conf,
                               source_identity=line.speaker_identity if source == me else None))

        addressed = _vocatives(doc, people)
        for span in addressed:
            edge(me, "person", _name(span), "person", "talks_to", 0.9)
        addressed_tokens = {t.i for span in addressed for t in span}
        for span in _name_spans(doc):
            if span.start in addressed_tokens or span.label_ in SKIP_ENTS:
                continue
            kind = _kind(span, people)
            edge(me, "person", _name(span), kind, "mentions", 0.8)
        for subject, verb, obj, prep, place in _triples(doc, me, people):
            if obj is not None and subject is not None and verb in USE_VERBS:
                edge(subject, "person", obj, "object", "uses", 0.7)
            elif obj is not None:
                edge(me, "person", obj, "object", "mentions", 0.6)
            if place is None:
                continue
            edge(me, "person", place, "location", "mentions", 0.5)
            if verb in PLACE_VERBS and prep in PLACE_PREPS:
                if obj is not None:
                    edge(obj, "object", place, "location", "located_at", 0.7)
                elif subject is not None:
                    edge(subject, "person", place, "location", "located_at", 0.5)
        return out


def _address_hints(lines: Sequence[SpokenLine], docs: Sequence[Any], people: set[str]) -> list[tuple[str, str]]:
    """Who a voice is called: "Carol, …" makes the next different speaker Carol; "Yes Carol, …" (a reply)
    makes the previous different speaker Carol. Only turns within TURN_GAP_S count."""
    hints = []
    for i, (line, doc) in enumerate(zip(lines, docs, strict=True)):
        for span in _vocatives(doc, people):
            name = _name(span)
            for j in (i + 1, i - 1):
                if not 0 <= j < len(lines):
                    continue
                other = lines[j]
                gap = other.t0 - line.t1 if j > i else line.t0 - other.t1
                if other.speaker != line.speaker and other.speaker_identity and gap <= TURN_GAP_S:
                    hints.append((other.speaker_identity, name))
                    break
    return hints


def _name(span: Any) -> str:
    return " ".join(t.text for t in span if not t.is_punct)


def _name_spans(doc: Any) -> list[Any]:
    """Runs of proper nouns (NER misses or mislabels many names), labelled by NER where it overlaps."""
    spans, start = [], None
    for token in [*doc, None]:
        if token is not None and token.pos_ == "PROPN" and token.text[:1].isupper():
            start = token.i if start is None else start
            continue
        if start is not None:
            end = token.i if token is not None else len(doc)
            span = doc[start:end]
            label = next((e.label_ for e in doc.ents if e.start <= start < e.end), "")
            spans.append(doc.char_span(span.start_char, span.end_char, label=label) or span)
            start = None
    return spans


def _vocatives(doc: Any, people: set[str]) -> list[Any]:
    """Name spans used to address someone: at the start or after a greeting/comma, followed by punctuation."""
    out = []
    for span in _name_spans(doc):
        if span.label_ in PLACE_ENTS | SKIP_ENTS and norm_name(span.text) not in people:
            continue
        before = doc[span.start - 1] if span.start > 0 else None
        after = doc[span.end] if span.end < len(doc) else None
        opens = before is None or before.text == "," or before.lower_ in GREETINGS
        closes = after is None or after.is_punct
        if opens and closes:
            out.append(span)
    return out


def _kind(span: Any, people: set[str]) -> str:
    if norm_name(span.text) in people or span.label_ == "PERSON":
        return "person"
    if span.label_ in PLACE_ENTS:
        return "location"
    return "object"


def _phrase(token: Any) -> str | None:
    """A noun with the modifiers right before it ("blue drawer"); None for pronouns and filler nouns."""
    if token.pos_ not in ("NOUN", "PROPN") or token.lower_ in STOP_NOUNS:
        return None
    start = token.i
    while start > 0 and token.doc[start - 1].dep_ in ("amod", "compound", "nummod") \
            and token.i >= token.doc[start - 1].head.i >= start:
        start -= 1
    text = " ".join(t.text for t in token.doc[start : token.i + 1])
    return text.lower() if token.pos_ == "NOUN" else text


Triple = tuple[str | None, str, str | None, str | None, str | None]


def _triples(doc: Any, speaker: str, people: set[str]) -> list[Triple]:
    """(subject or None, verb lemma, object phrase, place preposition, place phrase) per verb.

    "I" is the speaker; a named person is themselves; other subjects (you, it, they) stay None."""
    out: list[Triple] = []
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") or verb.dep_ == "aux":
            continue
        subject, obj = None, None
        for s in (c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")):
            if s.lower_ == "i":
                subject = speaker
            elif s.pos_ == "PROPN" and norm_name(s.text) in people:
                subject = s.text
            elif s.pos_ == "NOUN" and verb.lemma_ == "be":
                obj = _phrase(s)  # "the keys are in the drawer": the subject is the thing placed
        for o in (c for c in verb.children if c.dep_ in ("dobj", "attr")):
            obj = obj or _phrase(o)
        place, prep_word = None, None
        for p in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in PLACE_PREPS):
            pobj = next((c for c in p.children if c.dep_ == "pobj"), None)
            if pobj is not None and pobj.pos_ == "NOUN" and (phrase := _phrase(pobj)):
                place, prep_word = phrase, p.lower_
                break
        if obj is None and place is None:
            continue
        out.append((subject, verb.lemma_.lower(), obj, prep_word, place))
    return out


def _sighting_edges(seg: SegmentEvidence) -> list[EdgeRow]:
    out: list[EdgeRow] = []
    for s in seg.sightings:
        seen = sorted({p.name: p for p in s.people}.values(), key=lambda p: p.name)
        what = s.description or ""
        for i, a in enumerate(seen):
            out.append(EdgeRow(WEARER, "person", a.name, "person", "co_present", s.t, s.t, what, seg.segment_id, 0.8,
                               target_identity=a.identity))
            for b in seen[i + 1 :]:
                out.append(EdgeRow(a.name, "person", b.name, "person", "co_present", s.t, s.t, what, seg.segment_id,
                                   0.8, source_identity=a.identity, target_identity=b.identity))
        if s.place:
            out.append(EdgeRow(WEARER, "person", s.place, "location", "located_at", s.t, s.t, what,
                               seg.segment_id, 0.7))
            for p in seen:
                out.append(EdgeRow(p.name, "person", s.place, "location", "located_at", s.t, s.t, what,
                                   seg.segment_id, 0.6, source_identity=p.identity))
        for label in s.labels:
            out.append(EdgeRow(WEARER, "person", label, "object", "interacts_with", s.t, s.t, what, seg.segment_id,
                               0.4))
            if s.place:
                out.append(EdgeRow(label, "object", s.place, "location", "located_at", s.t, s.t, what,
                                   seg.segment_id, 0.5))
    return out
