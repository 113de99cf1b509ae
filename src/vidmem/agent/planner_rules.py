"""The lite planner: at most 5 ordered tool calls filled from the `Query` (never from the question's text).

A question with an anchor ("… right before I left the orchard") locates the anchor first and searches the
target in a window relative to it. Every kind of evidence the question points at is searched: quoted or
written words in on-screen text as well as transcripts, held things in what is near the camera, company in
faces, voices and conversation partners.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import QUESTION_STOP, TEXT_NOUNS, normalise_numbers, terms, with_spellings
from vidmem.agent.query.reader import TEXT_VERBS, quote_terms
from vidmem.agent.query.types import PersonRef, Query
from vidmem.agent.state import ANY_WORDS, MAX_SUBTASKS, TOOL_NAMES, Plan, Relation, Subtask
from vidmem.retrieval.wearer import is_wearer

_WRITTEN = TEXT_NOUNS | TEXT_VERBS | {"text", "word", "words", "view"}
_MEETING_WORDS = {"meet", "run", "bump", "see", "join", "accompany", "company", "present", "around", "there"}

# verbs that carry no topic of their own: what is left of "which city are we going to" is "go"
_BARE_VERBS = {"are", "is", "was", "were", "be", "been", "do", "doe", "did", "have", "has", "had", "will", "would"}


def person_key(person: PersonRef) -> str:
    """How a person is passed to tools and the answerer: "me" for the wearer, else the name or description."""
    return "me" if person.wearer else (person.name or person.description or "")


def _people_items(items: Sequence[str], query: Query) -> bool:
    """The listed items are people (so "which of them spoke first" compares voices)."""
    known = {(p.name or "").lower() for p in query.people if p.name}
    return bool(items) and all(is_wearer(i) or i.lower() in known or
                               (i[:1].isupper() and len(i.split()) <= 2 and not any(w.islower() for w in i.split()))
                               for i in items)


def other_words(q: Query) -> list[str]:
    """What a re-plan adds to a transcript search that found nothing, asked without options: the question's
    verbs and other words left out of it ("planning the trip with jonas, which city are we going to": "go",
    "plan" — the line is "Are we still going to Chicago on Tuesday, Jonas?"). Not the people it names: every line
    said to them would match, whatever its topic ("what did Priya say about the volcano": nobody did)."""
    kind = terms(q.asked_for or "")
    names = {w for p in q.people if p.name and not p.wearer for w in terms(p.name)}
    return sorted(terms(q.target) - QUESTION_STOP - _BARE_VERBS - kind - names)


class RulePlanner:
    """Fills tool calls from the Query. `slot_filler` (the small LLM) is asked only when the Query has no
    search words at all."""

    def __init__(self, tools: Sequence[str] = TOOL_NAMES,
                 slot_filler: Callable[[str], str | None] | None = None, config: AgentConfig = DEFAULT) -> None:
        self.tools = set(tools)
        self.slot_filler = slot_filler
        self.config = config

    def plan(self, query: Query) -> Plan:
        subtasks = _Builder(self, query).build()
        subtasks = [s for s in subtasks if s.tool in self.tools] or self._fallback(query)
        return Plan(intent=query.intent, subtasks=subtasks[:MAX_SUBTASKS], source="rules")

    def fill(self, words: Sequence[str], query: Query) -> str:
        if words:
            return " ".join(words)
        if self.slot_filler is not None:
            filled = self.slot_filler(query.text)
            if filled:
                return filled
        names = [p.name for p in query.people if p.name and not p.wearer]
        return " ".join(names) or " ".join(query.places) or query.target or query.text

    def _fallback(self, query: Query) -> list[Subtask]:
        tool = next(iter(sorted(self.tools)), "audio_search")
        names = [person_key(p) for p in query.people if person_key(p)]
        args: dict[str, Any] = {"entities": names or [query.text[:80]]} if tool == "entity_graph_search" \
            else {"query": self.fill(query.terms + (query.anchor.terms if query.anchor else []), query)}
        spans = query.time.ranges if query.time else None
        return [Subtask(goal="search everything for the question's words", tool=tool, args=args,  # type: ignore[arg-type]
                        spans=spans)]


class _Builder:
    """One plan's steps; small methods per kind of question."""

    def __init__(self, planner: RulePlanner, query: Query) -> None:
        self.p = planner
        self.q = query
        self.cfg = planner.config
        self.out: list[Subtask] = []
        time = query.time
        self.spans = time.ranges if time else None
        # an anchored step keeps the question's days but not its clock window (the anchor sets the window)
        self.day_spans = time.day_ranges if time else None
        self.speaker = query.speaker

    # -- helpers -------------------------------------------------------------------------------

    def add(self, goal: str, tool: str, args: dict[str, Any], **kw: Any) -> int:
        if tool not in self.p.tools or len(self.out) >= MAX_SUBTASKS:
            return -1
        fields: dict[str, Any] = {"spans": self.day_spans if kw.get("ref") is not None else self.spans}
        fields.update(kw)
        self.out.append(Subtask(goal=goal, tool=tool, args=args, **fields))  # type: ignore[arg-type]
        return len(self.out) - 1

    def asked_minute(self) -> list[tuple[float, float]] | None:
        """The minute a clock time with minutes names ("around 11:07" → 11:07:00–11:08:00), per recorded day;
        None when the question gives no such time."""
        time = self.q.time
        if time is None or "clock" not in time.sources or \
                any(b - a > 2 * self.cfg.around_clock_s + 1 for a, b in time.ranges):
            return None
        return [((a + b) / 2, (a + b) / 2 + 60.0) for a, b in time.ranges]

    def known(self, place: str) -> bool:
        """A place the Library knows by name: its visits are found by `place_search` (else only frames that
        look like it can stand in)."""
        return "place_search" in self.p.tools and place in self.q.known_places

    def speech_args(self, words: Sequence[str], who: str | None, k: int, fallback: str) -> dict[str, Any]:
        args: dict[str, Any] = {"query": " ".join(words) or fallback, "k": k}
        # a time window or a quoted line already narrows the search; a speaker filter would also drop every
        # line whose voice got no (or a wrong) name, so it only narrows an open search
        if who and who != "me" and self.q.time is None and self.q.quoted is None:
            args["speaker"] = who
        return args

    def window(self, relation: Relation) -> float:
        return {"before": self.cfg.before_s, "after": self.cfg.after_s, "while": self.cfg.during_s}.get(
            relation, self.cfg.around_s)

    # -- the plan ------------------------------------------------------------------------------

    def build(self) -> list[Subtask]:
        q = self.q
        if q.both and q.intent == "who":
            return self.both_places()
        if q.intent == "order":
            return self.order()
        rel = self.anchor()
        if q.summary:
            return self.digest(rel)
        if q.quoted and q.intent in {"where", "when", "how_many", "yes_no"} and \
                (q.anchor is None or q.anchor.quoted is None):
            return self.quoted(rel)
        handler = {"who": self.who, "where": self.where, "text": self.text, "how_many": self.how_many,
                   "when": self.when}.get(q.intent)
        if handler is not None:
            return handler(rel)
        if q.wants("speech") and q.intent not in {"how_many", "text"}:
            return self.said(rel)
        # a "what" that points at no kind of evidence ("which platform does the train leave from") is looked
        # for in what was said as well as in view, below
        if q.wants("near_camera") or q.wants("visual") or q.intent == "when" or (q.intent == "what" and q.modalities):
            return self.seen(rel)
        words = self.p.fill(q.terms + (q.anchor.terms if q.anchor else []), q)
        self.add(f"words: {q.target}", "audio_search", {"query": words, "k": 10}, **rel)
        self.add(f"views: {q.target}", "visual_search", {"query": words, "k": 10}, **rel)
        if q.wants("ocr"):
            self.add(f"text: {q.target}", "text_search", {"query": words, "k": 10}, **rel)
        return self.out

    def anchor(self) -> dict[str, Any]:
        """Locate the anchor moment first; the keywords that hang the target's window on it."""
        a = self.q.anchor
        if a is None or a.kind == "none":
            return {}
        pick = a.pick
        who = next((person_key(p) for p in a.people if p.role == "speaker"), None)
        if a.kind == "speech":
            # a quoted line may be cut in two, its first part said by others too: enough lines to find it whole
            args = self.speech_args(a.terms, who, 50 if pick != "best" else 20 if a.quoted else 5, ANY_WORDS)
            if pick != "best" and who and who != "me":
                args["speaker"] = who
            idx = self.add(f"find when {a.text}", "audio_search", args, pick=pick, about=[who] if who else [])
        elif a.kind == "text":
            idx = self.add(f"find when {a.text}", "text_search",
                           {"query": " ".join(quote_terms(a.quoted or "")) or " ".join(a.terms) or "text", "k": 10},
                           pick=pick)
        elif a.kind == "place" and a.places and self.known(a.places[0]):
            # "on my last visit to the pharmacy": the visits known by that name (each a span of time), and the
            # target is looked for during the visit (not the minutes around it: other places)
            during = a.relation in {"around", "while"}
            # "while I was at the bookshop" with no first / last: any visit may be the one, so each is searched
            idx = self.add(f"find when {a.text}", "place_search", {"query": a.places[0], "k": 20},
                           pick="each" if during and pick == "best" else pick)
            if idx >= 0 and during:
                return {"ref": idx, "relation": "during", "window_s": self.cfg.time_slack_s}
        elif a.kind == "place":
            words = a.places or a.terms
            idx = self.add(f"find when {a.text}", "visual_search",
                           {"query": " ".join(words) or self.p.fill(a.terms, self.q), "k": 10}, pick=pick)
        else:
            idx = self.add(f"find when {a.text}", "visual_search", {"query": self.p.fill(a.terms, self.q), "k": 5},
                           pick=pick)
        if idx < 0:
            return {}
        if a.visit and "place_search" in self.p.tools:
            # "at the place where I saw the cat": the visit that moment falls in is the window
            visit = self.add(f"the place where {a.text}", "place_search", {"query": "*", "k": 3}, ref=idx,
                             relation="during", window_s=self.cfg.time_slack_s)
            if visit >= 0:
                return {"ref": visit, "relation": "during", "window_s": self.cfg.time_slack_s}
        relation = a.relation
        seen = self.q.wants("visual") or self.q.wants("near_camera")
        if a.kind == "speech" and (a.quoted or seen) and relation == "around":
            # "when Priya said '…'", "the first time Olga spoke, what could I see": the seconds of that line,
            # not the minute around it (other things came into view in that minute)
            relation = "while"
        rel: dict[str, Any] = {"ref": idx, "relation": relation if relation != "while" else "during",
                               "window_s": self.window(relation)}
        if a.ends:
            rel["edge"] = "end"  # "before I left the orchard": up to the end of the time there
        return rel

    def quoted(self, rel: dict[str, Any]) -> list[Subtask]:
        """Where / when / how often quoted words were said (transcripts) or seen written (on-screen text); for
        "where", the place is then read from the frames around that moment."""
        q = self.q
        words = " ".join(quote_terms(q.quoted or "")) or (q.quoted or "")
        found: list[int] = []
        if q.wants("speech"):
            found.append(self.add(f"hear the words {q.quoted!r}", "audio_search", {"query": words, "k": 10},
                                  pick="all" if q.intent == "how_many" else "best", **rel))
        if q.wants("ocr"):
            found.append(self.add(f"read the words {q.quoted!r} on screen", "text_search",
                                  {"query": words, "k": 20}, pick="all" if q.intent == "how_many" else "best", **rel))
        if q.intent == "where":
            for idx in (i for i in found if i >= 0):
                self.add("where I was then", "place_search", {"query": "*", "k": 5}, ref=idx,
                         relation="during", window_s=self.cfg.during_s)
            for idx in (i for i in found if i >= 0):
                self.add("the view then", "visual_search", {"query": "place", "k": 10}, ref=idx,
                         relation="around", window_s=self.cfg.around_s)
        return self.out

    def both_places(self) -> list[Subtask]:
        for place in self.q.both[:2]:
            if self.known(place):  # each visit named so is a window (the person may be heard at any of them)
                idx = self.add(f"find when I was at the {place}", "place_search", {"query": place, "k": 5},
                               pick="each")
                window = self.cfg.time_slack_s
            else:
                idx = self.add(f"find when I was at the {place}", "visual_search", {"query": place, "k": 5})
                window = self.cfg.both_places_s
            self.add(f"who spoke at the {place}", "audio_search", {"query": ANY_WORDS, "k": 20},
                     ref=idx if idx >= 0 else None, relation="around", window_s=window)
        return self.out

    def order(self) -> list[Subtask]:
        q = self.q
        items = q.options or q.listed
        if _people_items(items, q) and (q.wants("speech") or q.wants("voices")):
            # one listing of the lines; the answer reads each voice's first (or last) line
            self.add("every line", "audio_search", {"query": ANY_WORDS, "k": 100},
                     about=[("me" if is_wearer(i) else i) for i in items][:6])
            return self.out
        places = q.wants("places") and not q.wants("speech") and not q.wants("ocr")
        # places the Library knows by no name (its visits are named from what it saw and heard): when I got to
        # each is searched in what was said there ("okay, we are at the pharmacy"). Once one is known, all are
        # searched as visits: a visit's own arrival line names it too, and a line that only mentions a place
        # ("I will be at the market first") is no arrival (per item, dev seeds 9+11 lost 3 orders, gained none)
        unnamed = places and not q.known_places
        for item in items[:MAX_SUBTASKS]:
            if unnamed:
                self.add(f"find when I got to {item}", "audio_search", {"query": with_spellings(item), "k": 10})
            elif places:
                self.add(f"find when I was at {item}", "place_search", {"query": item, "k": 50})
            elif q.wants("speech"):
                # transcripts write numbers as digits ("platform 11"): search both forms, set apart so that a
                # number and its digits never read as an hour and minutes ("twenty 20" is not 20:20)
                digits = normalise_numbers(item)
                words = with_spellings(item if digits == item.lower() else f"{item} / {digits}")
                self.add(f"find when {item} was said", "audio_search", {"query": words, "k": 10})
            elif q.wants("ocr"):
                self.add(f"find when {item} was written", "text_search", {"query": item, "k": 10})
            else:
                self.add(f"find when: {item}", "visual_search", {"query": item, "k": 10})
        return self.out

    def who(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        company = q.wants("faces") and not q.quoted  # "who was with me": faces and voices, not one line
        spoke = (q.wants("speech") and not company) or (bool(rel) and not q.wants("faces"))
        if spoke:
            if q.quoted and not (q.anchor and q.anchor.quoted):
                self.add(f"who said: {q.quoted}", "audio_search",
                         {"query": " ".join(quote_terms(q.quoted)) or q.quoted, "k": 10}, pick="best")
                if q.anchor is not None and q.anchor.kind == "place" and q.anchor.places:
                    # "… when I was at the pharmacy": the same words may be said elsewhere too; the visits
                    # there say which saying is meant (the answerer prefers a saying inside one)
                    self.add(f"visits to {q.anchor.places[0]}", "place_search",
                             {"query": q.anchor.places[0], "k": 20})
            else:
                rel = rel or self.visit_of_place()
                place_words = {w for p in q.places for w in p.lower().split()}
                content = [t for t in q.terms if t not in place_words]
                words = " ".join(content) if not rel and content else ANY_WORDS
                args: dict[str, Any] = {"query": words, "k": 20}
                if words == ANY_WORDS and q.ordinal == "last" and not rel:
                    args["latest"] = True  # "who did I talk to last": the lines at the end of the asked time
                self.add(f"who spoke: {q.target}", "audio_search", args, **rel)
            if rel:
                self.add("who the wearer talked to", "entity_graph_search",
                         {"entities": ["me"], "relationship": "talks_to"}, **rel)
            return self.out
        # company: faces in view, voices heard, and the graph's co-presence; "who did I meet at the town hall":
        # during the visits there (the place is where, not something in view)
        rel = rel or self.visit_of_place()
        place_words = {w for p in q.places for w in p.lower().split()}
        seen = [t for t in q.terms if t not in place_words and t not in _MEETING_WORDS]
        self.add(f"who was in view: {q.target}", "visual_search",
                 {"query": " ".join(seen) or "person face", "k": 10}, **rel)
        self.add("voices heard then", "audio_search", {"query": ANY_WORDS, "k": 30}, **rel)
        names = [person_key(p) for p in q.people if person_key(p)]
        self.add("who was present", "entity_graph_search",
                 {"entities": names[:3] or ["me"], "relationship": "co_present"}, **rel)
        return self.out

    def digest(self, rel: dict[str, Any]) -> list[Subtask]:
        """"What happened at the market", "what did I do yesterday": the visits (of the place, when one is named
        and known) and every line said during them (or in the asked time)."""
        q = self.q
        if not rel and q.places and self.known(q.places[0]):
            visit = self.add(f"when I was at the {q.places[0]}", "place_search", {"query": q.places[0], "k": 5},
                             pick="each")
            rel = {"ref": visit, "relation": "during", "window_s": self.cfg.time_slack_s}
        elif not rel:
            self.add(f"where I was: {q.target}", "place_search", {"query": "*", "k": 20})
        self.add(f"what was said: {q.target}", "audio_search", {"query": ANY_WORDS, "k": 40}, **rel)
        return self.out

    def visit_of_place(self) -> dict[str, Any]:
        """"Who spoke at the temple": the place is where, not words said. The window is the visits named so
        (within the asked time); for a place the Library has no name for, the visit that covers most of the
        asked minute ("at the temple around 11:07"); else nothing (the asked time alone)."""
        q, minute = self.q, self.asked_minute()
        if not q.places or not (self.known(q.places[0]) or (minute and "place_search" in self.p.tools)):
            return {}
        known = self.known(q.places[0])
        visit = self.add(f"when I was at the {q.places[0]}", "place_search",
                         {"query": q.places[0], "k": 5} if known else {"query": "*", "k": 1, "unnamed_first": True},
                         spans=self.spans if known else minute, pick="each" if known else "all")
        if visit < 0:
            return {}
        # the asked time holds even when no visit is found
        return {"ref": visit, "relation": "during", "window_s": self.cfg.time_slack_s, "spans": self.spans}

    def said(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        words = (quote_terms(q.quoted) if q.quoted and not (q.anchor and q.anchor.quoted) else []) + q.terms
        place = q.places[0] if q.places and not rel and self.known(q.places[0]) else None
        if place is not None:
            # "At the pharmacy, where did Kofi say the meeting is": the place says where it was said, not what;
            # its visits (searched after the lines) let the answerer prefer the lines said there
            place_words = {w for p in q.places for w in p.lower().split()}
            words = [w for w in words if w not in place_words]
        who = person_key(q.speaker) if q.speaker else None
        # no speaker filter: the line that answers is often a reply to someone else's question on the topic
        # (found through that question), and a voice may carry no name or the wrong one; the answerer weighs
        # each line by whether its voice is the asked person's (`about`)
        # nothing to search for but whom it was said to ("what did I ask Chen"): every line (in the window),
        # the answerer reads which calls on that person — names are searched by sound, not by their letters
        # "which restaurant did Ravi suggest": the answer's kind is no topic a line need repeat; with nothing else
        # to search for, the asked person's lines are read (the answerer weighs each by its voice)
        topic = [w for w in words if w != q.asked_for]
        listing = not topic and (bool(rel) or q.time is not None or bool(q.said_to) or who is not None)
        if not topic and not listing:
            # "which city are we going to": nothing but the answer's kind and a verb; the verb is searched
            kind = terms(q.asked_for or "")
            words = sorted(terms(q.target) - QUESTION_STOP - _BARE_VERBS - kind) or words
        args = self.speech_args([] if listing else words, None, 100 if listing else 10,
                                ANY_WORDS if listing else q.text)
        if args["query"] != ANY_WORDS:
            args["replies"] = True  # the answer to a question on the topic need not repeat its words
        about = [who] if who else []
        self.add(f"what was said: {q.target}", "audio_search", args, about=about, **rel)
        narrow = q.time is not None and all(b - a <= self.cfg.narrow_window_s for a, b in q.time.ranges)
        if narrow and args["query"] != ANY_WORDS:
            # inside a time window, also list everything said: the answer's line need not repeat the
            # question's words ("when is our next meeting?" — "It is on Tuesday …")
            self.add("everything said then", "audio_search", {"query": ANY_WORDS, "k": 30}, about=about)
        if q.wants("ocr") and q.quoted:
            self.add(f"the words on screen: {q.quoted}", "text_search", {"query": " ".join(words), "k": 10}, **rel)
        if place is not None:
            self.add(f"visits to {place}", "place_search", {"query": place, "k": 20})
        return self.out

    def where(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        going_on = q.next and q.anchor is not None and q.anchor.relation in {"after", "around"} and bool(rel)
        words = " ".join(q.terms) or "place"
        k = 100 if going_on or q.usually else 10
        extra = {**rel, "relation": "after", "window_s": self.cfg.next_place_s} if going_on else rel
        if q.usually and q.people:
            # "where do I usually see Omar": the places of the moments with him, counted
            self.usual_moments()
        speech_anchor = q.anchor is not None and q.anchor.kind == "speech" and bool(rel) and not going_on
        place_window = {**extra, "relation": "during", "window_s": self.cfg.during_s} if speech_anchor else extra
        self.add(f"where I was: {q.target}", "place_search", {"query": "*", "k": 100 if going_on or q.usually
                                                              else 10}, **place_window)
        self.add(f"where: {q.target}", "visual_search", {"query": words, "k": k}, **extra)
        if q.wants("speech") and q.terms and not rel:
            self.add(f"where it was said: {q.target}", "audio_search", {"query": words, "k": 10})
        names = [person_key(p) for p in q.people if person_key(p)]
        self.add("places linked to the entities", "entity_graph_search",
                 {"entities": (["me"] + [n for n in names if n != "me"])[:3], "relationship": "located_at"}, **rel)
        return self.out

    def usual_moments(self) -> None:
        """The moments with the asked people: their lines (by voice) and their faces in view."""
        names = [person_key(p) for p in self.q.people if person_key(p) and not p.wearer]
        if not names:
            return
        self.add(f"when {names[0]} spoke", "audio_search", {"query": ANY_WORDS, "k": 100, "speaker": names[0]},
                 about=names[:1])
        self.add(f"when {names[0]} was in view", "visual_search", {"query": "person face", "people": names[:1],
                                                                   "k": 50})

    def when(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        if q.places and not rel:
            # "what time did I get to the bakery": the visits of that place (their starts are the arrivals)
            self.add(f"when I was at {q.places[0]}", "place_search", {"query": q.places[0], "k": 50})
        return self.said(rel) if q.wants("speech") else self.seen(rel)

    def text(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        # the words asked for are the unknown: "sign", "board", "read" only say that they are written
        words = [t for t in q.terms if t not in _WRITTEN]
        if q.places and not rel:
            # "the sign I saw at the temple": what was written during a visit there (a place's name is rarely
            # on its signs, and the words asked for are the unknown, so every text read there is evidence)
            place_words = {w for p in q.places for w in p.lower().split()}
            visit = self.add(f"when I was at {q.places[0]}", "place_search", {"query": q.places[0], "k": 10})
            if visit >= 0:
                self.add(f"text read at {q.places[0]}", "text_search",
                         {"query": " ".join(w for w in words if w not in place_words) or "*", "k": 20},
                         ref=visit, relation="during", window_s=self.cfg.during_s,
                         spans=self.spans)  # the asked time holds even when no visit is found
        self.add(f"read on-screen text: {q.target}", "text_search",
                 {"query": " ".join(words + q.places) or "*", "k": 10}, **rel)
        self.add(f"frames with text: {q.target}", "visual_search",
                 {"query": " ".join(["sign", "text", *words]), "k": 10}, **rel)
        return self.out

    def how_many(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        who = person_key(q.speaker) if q.speaker else None
        others = [person_key(p) for p in q.people if not p.wearer and p.name]
        if q.unit == "conversation":
            # every line in the window (the answerer groups them into conversations and keeps those in which
            # the person's voice is heard); no speaker filter: a voice without a name would drop out
            person = others[0] if others else who or "me"
            self.add(f"every line said: {q.target}", "audio_search", {"query": ANY_WORDS, "k": 100},
                     about=[person], **rel)
            return self.out
        if q.unit == "person":
            # "how many people did I talk to": the voices of every line in the window other than the wearer's
            self.add(f"every line said: {q.target}", "audio_search", {"query": ANY_WORDS, "k": 100}, **rel)
            return self.out
        if q.unit == "place":
            self.add(f"every place I was at: {q.target}", "place_search", {"query": "*", "k": 100}, **rel)
            return self.out
        if q.unit == "visit" and q.places:
            place = q.places[0]
            self.add(f"visits to {place}", "place_search", {"query": place, "k": 50}, **rel)
            self.add(f"every view of {place}", "visual_search", {"query": place, "k": 100}, **rel)
            return self.out
        if q.wants("speech") or (who and who != "me"):
            person = who or (others[0] if others else None)
            args = self.speech_args(q.terms, person, 100, ANY_WORDS)
            if person and person != "me" and not q.terms:
                args["speaker"] = person
            self.add(f"every occurrence: {q.target}", "audio_search", args, about=[person] if person else [], **rel)
        elif q.wants("ocr"):
            self.add(f"every occurrence: {q.target}", "text_search", {"query": " ".join(q.terms) or "*", "k": 50},
                     **rel)
        else:
            self.add(f"every occurrence: {q.target}", "visual_search",
                     {"query": " ".join(q.places or q.terms) or self.p.fill(q.terms, q), "k": 50}, **rel)
        return self.out

    def seen(self, rel: dict[str, Any]) -> list[Subtask]:
        q = self.q
        words = " ".join(q.objects or q.terms)
        holding = q.wants("near_camera")
        default = "object held in hand" if holding else "object"
        words = words or (default if rel else self.p.fill(q.anchor.terms if q.anchor else [], q))
        args: dict[str, Any] = {"query": words, "k": 10}
        if rel.get("relation") == "during":
            # "while X said …": a few seconds, read frame by frame (a merged moment's best frame may lie outside)
            args |= {"k": 30, "merge": False}
        self.add(f"what was in view: {q.target}", "visual_search", args, **rel)
        if not rel and q.intent == "when" and not q.places:
            self.add(f"when it was said: {q.target}", "audio_search", {"query": words, "k": 5})
        if q.wants("ocr") and q.intent != "when":
            self.add(f"text in view: {q.target}", "text_search", {"query": words, "k": 10}, **rel)
        return self.out
