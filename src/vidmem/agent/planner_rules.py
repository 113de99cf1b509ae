"""The lite planner: parse the question (spaCy + patterns) and fill at most 5 ordered tool calls.

A question is split at its temporal connective ("… right before I left the garden …") into a target
and an anchor: the anchor is located first, and the target is searched in a window relative to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vidmem.agent.config import DEFAULT
from vidmem.agent.lexicon import QUESTION_STOP, SMALL_WORDS
from vidmem.agent.options import option_body
from vidmem.agent.state import MAX_SUBTASKS, TOOL_NAMES, Intent, Plan, Relation, Subtask
from vidmem.models.language import shared_nlp

SPEECH_VERBS = {"say", "said", "mention", "talk", "tell", "ask", "speak", "discuss", "call", "reply", "answer",
                "suggest", "promise", "explain", "remind", "agree", "propose", "shout", "whisper", "announce"}
VISUAL_VERBS = {"see", "look", "view", "hold", "carry", "watch", "show", "wear", "pick", "notice", "spot",
                "visible", "appear"}
PLACE_VERBS = {"leave", "arrive", "enter", "go", "walk", "come", "reach", "return", "exit"}
TEXT_WORDS = {"sign", "written", "write", "whiteboard", "text", "poster", "label", "screen", "read", "banner",
              "board", "note"}
STOP = QUESTION_STOP

# transcript search is lexical: to list what was said in an anchor's window, match the commonest words
ANY_WORDS = "the you i a to is it and"

_DAY = re.compile(r"\bday\s+(\d{1,4})\b", re.I)
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?\b|\b(\d{1,2})\s*(am|pm)\b", re.I)
_CONNECTIVE = re.compile(
    r"\b(?:right |just |shortly |immediately |soon )?(before|after|while|when|during|as)\b", re.I)
_QUOTED = re.compile(r"[\"“]([^\"”]{3,})[\"”]")


@dataclass
class ParsedQuestion:
    text: str
    intent: Intent
    target: str  # the clause asked about
    anchor: str | None  # the clause that locates it in time
    relation: Relation | None
    day: int | None
    clock: tuple[str, str] | None
    names: list[str] = field(default_factory=list)
    target_terms: list[str] = field(default_factory=list)
    anchor_terms: list[str] = field(default_factory=list)
    target_speech: bool = False
    target_visual: bool = False
    anchor_kind: str = "none"  # speech | place | visual | none
    anchor_speaker: str | None = None
    target_speaker: str | None = None
    places: list[str] = field(default_factory=list)
    quoted: str | None = None
    quote_in_anchor: bool = False
    anchor_leaves: bool = False  # the anchor is an ending ("left", "finished"): windows hang on its end
    anchor_first: bool = False  # "where I first heard Carol speak": the earliest anchor, not the best
    both: list[str] = field(default_factory=list)  # "both at the garden and at the temple"
    listed: list[str] = field(default_factory=list)  # "which of these …: cat, coins, motorcycle?"


def nlp() -> Any:
    """The parser: the process's one English pipeline (the runtime holds it)."""
    return shared_nlp()


def _hms(hour: int, minute: int, second: int, meridiem: str | None) -> str:
    if meridiem:
        meridiem = meridiem.lower()
        if meridiem == "pm" and hour < 12:
            hour += 12
        if meridiem == "am" and hour == 12:
            hour = 0
    return f"{min(hour, 23):02d}:{minute:02d}:{second:02d}"


def _clock_times(text: str) -> list[tuple[int, str]]:
    out = []
    for m in _CLOCK.finditer(text):
        if m[1] is not None:
            out.append((m.start(), _hms(int(m[1]), int(m[2]), int(m[3] or 0), m[4])))
        else:
            out.append((m.start(), _hms(int(m[5]), 0, 0, m[6])))
    return out


def _fmt(sec: int) -> str:
    return f"{sec // 3600:02d}:{sec % 3600 // 60:02d}:{sec % 60:02d}"


def _clock_range(text: str) -> tuple[str, str] | None:
    """A local window from clock times: between A and B; after/before A; at/around A (±5 min)."""
    times = _clock_times(text)
    if not times:
        return None
    if len(times) >= 2:
        first, second = sorted((times[0][1], times[1][1]))
        return first, second
    pos, value = times[0]
    lead = text[max(0, pos - 12):pos].lower()
    h, m, s = (int(x) for x in value.split(":"))
    sec = h * 3600 + m * 60 + s
    if "after" in lead:
        return value, "23:59:59"
    if "before" in lead:
        return "00:00:00", value
    return _fmt(max(0, sec - int(DEFAULT.around_clock_s))), _fmt(min(86_399, sec + int(DEFAULT.around_clock_s)))


_PREFIX = re.compile(r"^\s*(?:(?:on\s+)?day\s+\d+|(?:at\s+)?(?:about|around|roughly)\s+[\d:]+\s*(?:am|pm)?|"
                     r"at\s+[\d:]+\s*(?:am|pm)?|(?:in the|this) (?:morning|afternoon|evening))\s*,?\s*", re.I)


def _strip_times(text: str) -> str:
    while (m := _PREFIX.match(text)) and m.end() > 0:
        text = text[m.end():]
    text = re.sub(r"\b(?:on|during)\s+day\s+\d+\b", " ", text, flags=re.I)
    text = _DAY.sub(" ", text)
    text = re.sub(r"\b(?:at|around|about|between)?\s*" + _CLOCK.pattern, " ", text, flags=re.I)
    return " ".join(text.split())


def _intent(lower: str) -> Intent:
    if re.search(r"\bhow (many|often)\b", lower):
        return "how_many"
    if re.match(r"\s*(when|at what time|what time|at about what time|about what time)\b", lower):
        return "when"
    if re.search(r"\b(happened|came|occurred|was|did \w+|spoke|\w+ed) (first|last|earliest|most recently)\b", lower) \
            or re.search(r"\bwhich (of these|one|event)\b.*\b(first|earliest|last|latest)\b", lower):
        return "order"
    if re.match(r"\s*(who|whom)\b", lower) or re.search(r"\b(with|to) whom\b", lower):
        return "who"
    if re.match(r"\s*where\b", lower):
        return "where"
    if re.match(r"\s*(when|at what time|what time|at about what time|about what time)\b", lower):
        return "when"
    if re.search(r"\b(sign|whiteboard|poster|board|screen|banner|label|note)\b", lower) and \
            re.search(r"\b(say|said|says|written|read|text|write)\b", lower):
        return "text"
    if re.match(r"\s*(what|which)\b", lower):
        return "what"
    if re.match(r"\s*(did|was|were|is|are|do|does|have|has)\b", lower):
        return "yes_no"
    return "other"


_PLACE_WHERE = re.compile(r"\b(?:the )?(?:place|scene|room|spot|moment|time)s? (where|when)\b", re.I)


def _split(text: str, intent: Intent) -> tuple[str, str | None, Relation | None]:
    """Split at the first temporal connective that is not the question word itself."""
    where = _PLACE_WHERE.search(text)
    candidates = [m for m in _CONNECTIVE.finditer(text)]
    for m in candidates:
        word = m[1].lower()
        if m.start() == 0 or (word == "when" and intent == "when" and m.start() < 12):
            continue
        if where is not None and where.start() < m.start():
            break
        if word == "as" and not re.match(r"\s*(i|he|she|they|we|[A-Z]\w+)\b", text[m.end():]):
            continue  # "as" only as a connective ("as Carol said …"), not "same as"
        relation: Relation = {"before": "before", "after": "after"}.get(word, "during")  # type: ignore[assignment]
        target, anchor = text[:m.start()].strip(), text[m.end():].strip(" ?.")
        if anchor:
            return target, anchor, relation
    if where is not None:
        target, anchor = text[:where.start()].strip(), text[where.end():].strip(" ?.")
        if anchor:
            return target, anchor, "around"
    return text, None, None


_QUOTE_MARK = "QUOTED"


def _quote_terms(quote: str) -> list[str]:
    words = re.findall(r"[A-Za-z0-9']+", quote)
    out = []
    for w in words:
        low = w.lower().strip("'")
        if low and low not in STOP and low not in _SMALL and low not in out:
            out.append(low)
    return out


_SMALL = SMALL_WORDS


NEXT_WINDOW_S = DEFAULT.next_place_s


def _clause_info(clause: str, names: Sequence[str], quote: str | None = None) -> dict[str, Any]:
    doc = nlp()(clause)
    lemmas = {t.lemma_.lower() for t in doc} | {t.text.lower() for t in doc}
    # a quoted text right after "sign" (the sign "CAFE OPEN") is read in frames, not heard
    sign_quote = re.search(r"\b(sign|board|whiteboard|poster|screen|banner|label|note)\s*" + re.escape(_QUOTE_MARK),
                           clause, re.I) is not None
    speech = bool(lemmas & SPEECH_VERBS) or (_QUOTE_MARK in clause and not sign_quote)
    visual = bool(lemmas & VISUAL_VERBS) or "in view" in clause.lower() or "in front of" in clause.lower() \
        or sign_quote
    place_verb = bool(lemmas & PLACE_VERBS)
    terms: list[str] = []
    places: list[str] = []
    name_words = {w.lower() for n in names for w in n.split()}
    for tok in doc:
        low = tok.lemma_.lower()
        if tok.text == _QUOTE_MARK or tok.is_punct or tok.is_space or low in STOP or tok.text.lower() in STOP \
                or tok.is_stop:
            continue
        if low in SPEECH_VERBS or low in VISUAL_VERBS or low in PLACE_VERBS or tok.pos_ in {"AUX", "PRON", "DET"}:
            continue
        if tok.text.lower() in name_words:
            continue
        if tok.pos_ in {"NOUN", "PROPN", "ADJ", "NUM", "VERB", "X"}:
            word = tok.text.lower() if tok.pos_ in {"PROPN", "NUM"} else low
            if word not in terms:
                terms.append(word)
            head = tok.head
            if tok.pos_ in {"NOUN", "PROPN"} and (
                (tok.dep_ == "pobj" and head.lemma_.lower() in {"in", "at", "to", "from", "into", "near", "inside"})
                or (tok.dep_ == "dobj" and head.lemma_.lower() in PLACE_VERBS)
            ):
                places.append(low)
    if quote is not None and _QUOTE_MARK in clause:
        terms = _quote_terms(quote) + [t for t in terms if t not in _quote_terms(quote)]
    speaker = None
    m = re.search(r"\b([A-Z][a-z]+|I)\s+(?:\w+\s+)?(?:said|say|says|asked|mentioned|told|speak|spoke|talked|"
                  r"suggested|replied|answered)\b", clause)
    if m and (m[1] == "I" or m[1].lower() in name_words):
        speaker = "me" if m[1] == "I" else next((n for n in names if m[1].lower() in n.lower().split()), m[1])
    return {"speech": speech, "visual": visual, "place": place_verb or bool(places), "terms": terms,
            "places": places, "speaker": speaker}


def _names(text: str) -> list[str]:
    doc = nlp()(text)
    found = [ent.text for ent in doc.ents if ent.label_ in {"PERSON", "ORG", "GPE"} and not _DAY.search(ent.text)
             and _QUOTE_MARK not in ent.text]
    for tok in doc:
        if tok.pos_ == "PROPN" and tok.i > 0 and tok.text[:1].isupper() and tok.text not in " ".join(found) \
                and tok.text.lower() not in STOP and not tok.text.isupper():
            found.append(tok.text)
    return list(dict.fromkeys(found))


def _listed(text: str) -> list[str]:
    """The items after a colon: "which of these did I see first: cat, coins, motorcycle?"."""
    m = re.search(r":\s*([^:?]+)\?*\s*$", text)
    if not m or _QUOTE_MARK in m[1]:
        return []
    return [x.strip() for x in re.split(r",|\bor\b", m[1]) if x.strip()]


def parse_question(question: str, options: Sequence[str] = ()) -> ParsedQuestion:
    text = " ".join(question.split())
    quote_match = _QUOTED.search(text)
    quote = quote_match[1] if quote_match else None
    masked = text[:quote_match.start()] + _QUOTE_MARK + text[quote_match.end():] if quote_match else text
    day_match = _DAY.search(masked)
    day = int(day_match[1]) if day_match else None
    clock = _clock_range(masked)
    body = _strip_times(masked)
    intent = _intent(body.lower())
    names = _names(body)
    target, anchor, relation = _split(body, intent)
    t_info = _clause_info(target, names, quote)
    a_info = _clause_info(anchor, names, quote) if anchor else None
    anchor_kind = "none"
    if a_info is not None:
        anchor_kind = "speech" if a_info["speech"] else "place" if a_info["place"] and not a_info["visual"] \
            else "visual" if a_info["visual"] or a_info["terms"] else "none"
    both = re.search(r"\bboth (?:at|in) (?:the )?([\w ]+?) and (?:at|in) (?:the )?([\w ]+?)\s*\??$", body, re.I)
    return ParsedQuestion(
        text=text, intent=intent, target=target, anchor=anchor, relation=relation, day=day, clock=clock,
        names=names, target_terms=t_info["terms"], anchor_terms=a_info["terms"] if a_info else [],
        target_speech=t_info["speech"], target_visual=t_info["visual"], anchor_kind=anchor_kind,
        anchor_speaker=a_info["speaker"] if a_info else None, target_speaker=t_info["speaker"],
        places=t_info["places"] + (a_info["places"] if a_info else []),
        quoted=quote, quote_in_anchor=bool(anchor and _QUOTE_MARK in anchor),
        anchor_leaves=bool(anchor and re.search(r"\b(left|leav\w*|exit\w*|finish\w*|end\w*|stopp?\w*)\b",
                                                anchor.lower())),
        anchor_first=bool(anchor and re.search(r"\b(first|earliest)\b", anchor.lower())),
        both=[both[1].strip(), both[2].strip()] if both else [],
        listed=_listed(body),
    )


_option_text = option_body


def _query(terms: Sequence[str], fallback: str) -> str:
    text = " ".join(terms).strip()
    return text or fallback


class RulePlanner:
    """Fills tool calls from the parsed question. `slot_filler` (the small LLM) is asked only when the
    rules find no search terms at all."""

    def __init__(self, tools: Sequence[str] = TOOL_NAMES,
                 slot_filler: Callable[[str], str | None] | None = None) -> None:
        self.tools = set(tools)
        self.slot_filler = slot_filler

    def plan(self, question: str, options: Sequence[str] = ()) -> Plan:
        p = parse_question(question, options)
        subtasks = self._subtasks(p, [_option_text(o) for o in options])
        subtasks = [s for s in subtasks if s.tool in self.tools] or self._fallback(p)
        return Plan(intent=p.intent, subtasks=subtasks[:MAX_SUBTASKS], source="rules")

    def _fill(self, terms: list[str], p: ParsedQuestion) -> str:
        if terms:
            return " ".join(terms)
        if self.slot_filler is not None:
            filled = self.slot_filler(p.text)
            if filled:
                return filled
        return " ".join(p.names) or p.target or p.text

    def _fallback(self, p: ParsedQuestion) -> list[Subtask]:
        tool = next(iter(sorted(self.tools)), "audio_search")
        args: dict[str, Any] = {"entities": p.names or [p.text[:80]]} if tool == "entity_graph_search" \
            else {"query": self._fill(p.target_terms + p.anchor_terms, p)}
        return [Subtask(goal="search everything for the question's words", tool=tool, args=args, day=p.day,
                        clock=p.clock)]  # type: ignore[arg-type]

    def _subtasks(self, p: ParsedQuestion, options: list[str]) -> list[Subtask]:
        base: dict[str, Any] = {"day": p.day, "clock": p.clock}
        out: list[Subtask] = []

        def add(goal: str, tool: str, args: dict[str, Any], **kw: Any) -> int:
            if tool not in self.tools or len(out) >= MAX_SUBTASKS:
                return -1
            fields = dict(base)
            if kw.get("ref") is not None:
                fields = {"day": p.day, "clock": None}
            fields.update(kw)
            out.append(Subtask(goal=goal, tool=tool, args=args, **fields))  # type: ignore[arg-type]
            return len(out) - 1

        def speech_args(terms: list[str], speaker: str | None, k: int, fallback: str) -> dict[str, Any]:
            args: dict[str, Any] = {"query": _query(terms, fallback), "k": k}
            # a clock window or a quoted line already narrows the search; a speaker filter would also drop
            # every line whose voice got no (or a wrong) name, so it is used only to narrow an open search
            if speaker and speaker != "me" and p.clock is None and p.quoted is None:
                args["speaker"] = speaker
            return args

        # multi-hop over places: "who spoke both at the garden and at the temple?"
        if p.both and p.intent == "who":
            for place in p.both[:2]:
                idx = add(f"find when I was at the {place}", "visual_search", {"query": place, "k": 5})
                add(f"who spoke at the {place}", "audio_search", {"query": ANY_WORDS, "k": 20},
                    ref=idx if idx >= 0 else None, relation="around", window_s=DEFAULT.both_places_s)
            return out

        # "which of these … first: a, b, c" — one search per listed item (or option)
        if p.intent == "order":
            items = options or p.listed
            speakers = bool(re.search(r"\b(spoke|said|talked|speak)\b", p.target.lower()))
            if speakers:  # one listing of the day's lines; the answer reads each voice's first line
                add("every line of the day", "audio_search", {"query": ANY_WORDS, "k": 100},
                    about=[("me" if re.match(r"(me|i)\b", i, re.I) else i) for i in items][:6])
                return out
            # "which of these was mentioned first": every item is looked for in what was said
            mentioned = bool(re.search(r"\b(mention\w*|said|say|talk\w* about|heard|discuss\w*)\b", p.text.lower()))
            for item in items[:MAX_SUBTASKS]:
                info = _clause_info(item, _names(item))
                tool = "audio_search" if info["speech"] or mentioned else "visual_search"
                add(f"find when: {item}", tool, {"query": " ".join(info["terms"]) or item, "k": 10})
            return out

        # 1. the anchor event, located first
        ref: int | None = None
        relation: Relation = p.relation or "around"
        if p.anchor is not None and p.anchor_kind != "none":
            pick = "first" if p.anchor_first else "best"
            if p.anchor_kind == "speech":
                args = speech_args(p.anchor_terms, p.anchor_speaker, 50 if pick == "first" else 5, ANY_WORDS)
                if pick == "first" and p.anchor_speaker and p.anchor_speaker != "me":
                    args["speaker"] = p.anchor_speaker
                about = [p.anchor_speaker] if p.anchor_speaker else []  # whose line it is, when several said it
                idx = add(f"find when {p.anchor}", "audio_search", args, pick=pick, about=about)
            elif p.anchor_kind == "place":
                idx = add(f"find when {p.anchor}", "visual_search",
                          {"query": _query(p.places, self._fill(p.anchor_terms, p)), "k": 10}, pick=pick)
            else:
                idx = add(f"find when {p.anchor}", "visual_search",
                          {"query": self._fill(p.anchor_terms, p), "k": 5}, pick=pick)
            ref = idx if idx >= 0 else None
        window = {"before": DEFAULT.before_s, "after": DEFAULT.after_s, "during": DEFAULT.during_s}.get(
            relation, DEFAULT.around_s)
        rel: dict[str, Any] = {"ref": ref, "relation": relation, "window_s": window} if ref is not None else {}
        if ref is not None and p.anchor_leaves:
            rel["edge"] = "end"  # "before I left the garden": up to the end of the time there
        t_query = " ".join(p.target_terms) or None

        # 2. the target, in the anchor's window when there is one
        if p.intent == "who":
            spoke = p.target_speech or p.anchor is not None
            if spoke:
                if p.quoted and not p.quote_in_anchor:
                    add(f"who said: {p.quoted}", "audio_search", {"query": " ".join(_quote_terms(p.quoted)), "k": 5},
                        pick="best")  # one line was quoted: only its best match says who
                else:
                    add(f"who spoke: {p.target}", "audio_search",
                        {"query": t_query if ref is None and t_query else ANY_WORDS, "k": 20}, **rel)
                if ref is not None:
                    add("who the wearer talked to", "entity_graph_search",
                        {"entities": ["me"], "relationship": "talks_to"}, **rel)
            else:
                add(f"who was in view: {p.target}", "visual_search", {"query": t_query or "person face", "k": 10},
                    **rel)
                add("who was present", "entity_graph_search",
                    {"entities": p.names or ["me"], "relationship": "co_present"}, **rel)
            return out
        if p.target_speech and p.intent not in {"how_many", "text"}:  # a sign "says" things too
            terms = ([*_quote_terms(p.quoted)] if p.quoted and not p.quote_in_anchor else []) + p.target_terms
            args = speech_args(terms, p.target_speaker, 10, ANY_WORDS if ref is not None else p.text)
            about = [p.target_speaker] if p.target_speaker else []
            add(f"what was said: {p.target}", "audio_search", args, about=about, **rel)
            if p.clock is not None and args["query"] != ANY_WORDS:
                # inside a clock window, also list everything said: the answer's line need not repeat the
                # question's words ("when is our next meeting?" — "It is on Tuesday …")
                add("everything said then", "audio_search", {"query": ANY_WORDS, "k": 30}, about=about)
            return out
        if p.intent == "where":
            # "where did I go next": the window's frames in order, so the first other place can be found
            going_on = p.relation == "after" and re.search(r"\bnext\b", p.text.lower()) is not None
            # (the next place may be in the next recording, hours later)
            args = {"query": t_query or "place", "k": 100 if going_on else 10}
            add(f"where: {p.target}", "visual_search", args, **({**rel, "window_s": NEXT_WINDOW_S} if going_on and rel
                                                                   else rel))
            ents = ["me", *p.names][:3]
            add("places linked to the entities", "entity_graph_search",
                {"entities": ents, "relationship": "located_at"}, **rel)
            return out
        if p.intent == "text":
            add(f"read on-screen text: {p.target}", "visual_search",
                {"query": _query(["sign", "text", *[t for t in p.target_terms if t != "sign"]], "sign"), "k": 10},
                **rel)
            return out
        if p.intent == "how_many":
            tool = "audio_search" if p.target_speech else "visual_search"
            args = speech_args(p.target_terms, p.target_speaker, 50, p.text) if tool == "audio_search" \
                else {"query": t_query or self._fill(p.anchor_terms, p), "k": 50}
            add(f"every occurrence: {p.target}", tool, args, **rel)
            return out
        if p.target_visual or p.intent in {"what", "when"}:
            q = t_query or ("object" if ref is not None else self._fill(p.anchor_terms, p))
            add(f"what was in view: {p.target}", "visual_search", {"query": q, "k": 10}, **rel)
            if ref is None and p.intent == "when" and not p.places:
                add(f"when it was said: {p.target}", "audio_search", {"query": q, "k": 5})
            return out
        q = self._fill(p.target_terms + p.anchor_terms, p)
        add(f"words: {p.target}", "audio_search", {"query": q, "k": 10}, **rel)
        add(f"views: {p.target}", "visual_search", {"query": q, "k": 10}, **rel)
        return out
