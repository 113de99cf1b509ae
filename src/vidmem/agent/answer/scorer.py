"""The evidence scorer: reads the answer off the evidence without a model. Options are scored by words
and labels (with MiniLM similarity for paraphrase), speakers' voices, counts of distinct moments, earliest
times and clock times. Open questions abstain when nothing supports an answer; multiple choice always picks
the best-supported option, as evaluation requires."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from rapidfuzz import fuzz

from vidmem.agent.analyzer import hit_terms, speaker_name, spoken
from vidmem.agent.answer.counting import VoiceWeight, conversations, count
from vidmem.agent.answer.evidence import (
    at_places_found,
    first_or_last_visit,
    heard_words,
    label_probabilities,
    label_sightings,
    next_place,
    parts,
    picked,
    quote_moment,
    seen_terms,
    strong,
    target_subtasks,
    unsure_terms,
)
from vidmem.agent.answer.look import Sight
from vidmem.agent.answer.open_said import ranked_lines, short_answer
from vidmem.agent.answer.open_seen import asks_object, lines_then, pointed_at, pointed_nouns, seen_things, text_read
from vidmem.agent.answer.open_topic import asks_topic, their_conversation, topics
from vidmem.agent.answer.open_who import join_names, open_people
from vidmem.agent.answer.places import heard_like, named_elsewhere, open_place, where_scores
from vidmem.agent.answer.same_thing import SameThing
from vidmem.agent.answer.types import Decision, Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import count_in, terms
from vidmem.agent.options import LETTERS, option_body
from vidmem.agent.query.reader import parse
from vidmem.agent.query.types import Query
from vidmem.agent.speakers import SpeakerDirectory, addressed, name_slots, same_name, turn_names
from vidmem.agent.state import ANY_WORDS, Plan, Subtask
from vidmem.retrieval.types import Hit
from vidmem.retrieval.wearer import is_wearer
from vidmem.timeline import Clock

Similarity = Callable[[Sequence[str], Sequence[str]], "np.ndarray"]  # (a, b) → cosine matrix len(a) × len(b)
# (things, [(video id, t0, t1)]) → each thing's likeness in those seconds' frames (`FrameLook`)
Look = Callable[[Sequence[str], Sequence[tuple[int, float, float]]], Sight]


def minilm_similarity(a: Sequence[str], b: Sequence[str]) -> np.ndarray:
    """Cosine similarity with the Library's text embedder (MiniLM in lite), for paraphrase matching."""
    from vidmem.retrieval.embed import similarity

    return similarity(a, b)


_HHMM = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")


def _clock_minutes(text: str) -> int | None:
    m = _HHMM.match(text)
    return int(m[1]) * 60 + int(m[2]) if m else None


def _local_minutes(t: float, clock: Clock | None) -> int:
    local = (clock or Clock(0.0)).local(t)
    return local.hour * 60 + local.minute


def _fuzzy_text(option: str, written: str) -> float:
    """How well an option's words match text read on screen, in [0, 1] (0 below a near match)."""
    ratio = fuzz.token_set_ratio(option.lower(), written.lower()) / 100.0
    return ratio if ratio >= 0.75 else 0.0


def _query_terms(query: Query) -> set[str]:
    """The words the question itself uses: an option that only repeats them is not supported by them."""
    words = [*query.terms, *query.places, *query.objects, *(p.name or "" for p in query.people)]
    if query.anchor is not None:
        words += [*query.anchor.terms, *query.anchor.places]
    if query.quoted:
        words.append(query.quoted)
    return terms(" ".join(words))


_PEOPLE_RELATIONS = {"talks_to", "co_present"}  # the graph's relations whose both ends are people


def _duration(seconds: float) -> str:
    """A length as people say it: "40 seconds", "12 minutes", "2 hours 5 minutes"."""
    if seconds < 90:
        return f"{round(seconds)} seconds"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"{minutes} minutes"
    return f"{minutes // 60} hours {minutes % 60} minutes"


def _between_people(ev: Evidence) -> bool:
    """A graph edge between people ("me talks_to Nadia"), not one to a place or a thing ("me located_at …")."""
    relation = ev.hit.extra.get("relationship")
    return ev.tool == "entity_graph_search" and (relation is None or relation in _PEOPLE_RELATIONS)


def _option_match(heard: str, option: str, options: Sequence[str], config: AgentConfig) -> float:
    """How surely a name as heard is this option's person: 1 for the same name; a misspelt one ("Rahol")
    counts for the option it sounds most like, none when another option sounds as much like it."""
    if heard == "me" or option == "me":
        return 1.0 if heard == option else 0.0
    sims = [same_name(heard, o, config) if o != "me" else 0.0 for o in options]
    mine = same_name(heard, option, config)
    if mine == 1.0:
        return 1.0
    return mine if mine > 0 and sum(1 for x in sims if x >= mine) == 1 else 0.0


class EvidenceAnswerer:
    """No model: reads the answer off the evidence. Words, speakers and labels first; with `similarity`
    (an embedder), paraphrases too ("orchard" ~ "daisy, flowerpot")."""

    def __init__(self, similarity: Similarity | None = None, clock: Clock | None = None,
                 speakers: SpeakerDirectory | None = None, config: AgentConfig = DEFAULT,
                 labels: Sequence[str] = (), look: Look | None = None, common: Sequence[str] = (),
                 same: SameThing | None = None, place_names: Mapping[int, str] | None = None) -> None:
        """`labels`: the image labels the Library's frames carry surely (what its labeller can name); `look`: a
        second look at the frames of given seconds (`answer/look.py`), for things no stored label shows;
        `common`: the labels in view nearly all the time (`open_common_share` of the frames); `same`: how much
        given seconds look like the moments each option was named in view (`answer/same_thing.py`);
        `place_names`: the Library's named places (place id → the name it answers to)."""
        self.place_names = dict(place_names or {})
        self.common = tuple(common)
        self.same = same
        self.similarity = similarity
        self.look = look
        self.labels = tuple(labels)
        self.config = config
        self.clock = clock
        self.speakers = speakers
        self._quote_terms: set[str] = set()  # the question's quoted words, while deciding
        self._quote_called: list[str] = []  # names the quote calls someone by

    def decide(self, query: Query, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence]) -> Decision:
        self._quote_terms = terms(query.quoted or "")
        self._quote_called = addressed(query.quoted, parse) if query.quoted else []
        targets = target_subtasks(plan)
        target_ev = picked(plan, [e for e in evidence if e.subtask in targets]) or list(evidence)
        if query.quoted and plan.intent == "who" and not (query.anchor and query.anchor.quoted):
            # "who said '…'": the lines that say the quote, all of them (a turn is often cut in two)
            # the visits surely named as asked (a cluster's inferred name may cover other places too)
            visits = self._surest_visits(evidence)
            target_ev = quote_moment([e for e in evidence if e.subtask in targets], query.quoted,
                                     self.config.quote_gap_s, visits, self.config) or target_ev
        elif query.said_what and plan.intent == "who" and not (query.anchor and query.anchor.quoted):
            # "who said the apple belongs to Nia", "who asked me about the scarf": the line that says it, as for
            # a quote — the lines of that moment carrying most of its words (not everyone heard near them)
            moment = quote_moment([e for e in evidence if e.subtask in targets], query.said_what,
                                  self.config.quote_gap_s, self._surest_visits(evidence), self.config)
            wanted = terms(query.said_what)
            most = max((heard_words(wanted, hit_terms(e.hit)) for e in moment), default=0)
            moment = [e for e in moment if heard_words(wanted, hit_terms(e.hit)) >= self.config.said_line_share * most]
            if query.said_verb == "ask":
                moment = [e for e in moment if e.hit.text.rstrip().endswith("?")] or moment
            target_ev = moment or target_ev
        elif plan.intent in {"what", "other"} and query.wants("speech") and query.places:
            target_ev = self._said_there(target_ev)
        elif plan.intent == "where" and query.ordinal in {"first", "last"} and query.anchor is None and \
                not query.next:
            # "where did I go first on Sunday": the earliest (latest) visit found, not the best-named one
            evidence = target_ev = first_or_last_visit(evidence, query.ordinal == "last", self.config.time_slack_s,
                                                           self.config.glimpse_s)
        if options:
            return self._choose(query, options, plan, evidence, target_ev)
        if plan.intent == "order" and 2 <= len(query.listed) <= len(LETTERS):
            return self._open_order(query, plan, evidence, target_ev)
        return self._open(query, plan, target_ev, evidence)

    def _open_where(self, query: Query, plan: Plan, evidence: Sequence[Evidence], ranked: Sequence[Evidence]
                    ) -> Decision:
        """"Where …": the name a person would say for the place the evidence puts me at, or "I don't know" when
        the visits found go by no such name (a description of what the frames show is no place name)."""
        about = [w for sub in plan.subtasks for w in sub.about if w]
        found = open_place(query, evidence, about, lambda e, who: self.voice_weight(e.hit, who), self.similarity,
                           self.config)
        if found is None:
            return Decision("I don't know: the places found have no name.", None, 0.0, list(ranked[:1]),
                            "No visit found goes by a name a person gave it.", abstained=True)
        name, share, visits = found
        cited = sorted(visits, key=lambda e: -e.relevance)[:3] or list(ranked[:1])
        return Decision(name, None, round(share, 3), cited, f"The visits found are at {name} "
                        + " ".join(f"[{e.number}]" for e in cited) + ".")

    def _open_digest(self, ranked: Sequence[Evidence]) -> Decision:
        """"What happened at the market": where I was and the first lines said then, in time order, each cited."""
        label = (self.clock or Clock(0.0)).label
        visits: list[Evidence] = []
        for e in sorted((e for e in ranked if e.hit.modality == "place"), key=lambda e: e.hit.t0):
            if not visits or visits[-1].hit.extra.get("place") != e.hit.extra.get("place"):
                visits.append(e)  # one stay of one place, cut in two, is said once
        lines = sorted((e for e in ranked if e.hit.modality == "audio"), key=lambda e: e.hit.t0)
        if not visits and not lines:
            return Decision("I don't know: nothing was found then.", None, 0.0, [], "No visit or line was found.",
                            abstained=True)
        shown = self.config.digest_lines
        where = "; ".join(f"at {e.hit.extra.get('place') or 'a place with no name'} ({label(e.hit.t0)})"
                          for e in visits[:3])
        said = " ".join(f"{self._said(e)}" for e in lines[:shown])
        more = f" … and {len(lines) - shown} more lines" if len(lines) > shown else ""
        text = (f"{where}: " if where and said else where) + said + more
        cited = [*visits[:3], *lines[:shown]]
        return Decision(text, None, round(max(e.relevance for e in cited), 3), cited,
                        "Where I was and what was said then: " + " ".join(f"[{e.number}]" for e in cited) + ".")

    def _open_topic(self, query: Query, ranked: Sequence[Evidence]) -> Decision:
        """"What were Ivan and Amara talking about": the conversation they hold most (their voices, lines calling
        them), said back as its topics and its first lines, each cited (`open_topic`)."""
        named = [p.name for p in query.people if p.name and not p.wearer]
        people = named or ["me"]  # the wearer talks in nearly every conversation: "Imani and I" is Imani's

        def theirs(e: Evidence) -> float:  # a line in their voice, or calling them by name, counts one
            voice = max((self.voice_weight(e.hit, who) for who in people), default=0.0) >= self.config.voice_min
            called = any(same_name(n, c, self.config) for n in named for c in addressed(e.hit.text, parse))
            return float(voice or called)

        lines = {id(e.hit): e for e in ranked if e.hit.modality == "audio"}
        talks = conversations([e.hit for e in lines.values()],
                              lambda h: self.voice_weight(h, "me") >= self.config.voice_min, self.config)
        talk = their_conversation([[lines[id(h)] for h in t] for t in talks], theirs)
        if not talk:
            return Decision("I don't know: no conversation with them was found.", None, 0.0, list(ranked[:1]),
                            "No line found is theirs or said to them.", abstained=True)
        shown = talk[: self.config.digest_lines]
        # where it was said is no topic: the place asked about, and the places the Library knows ("Right, this is
        # the beach.")
        about = topics([e.hit.text for e in talk], parse, named, [*query.places, *self.place_names.values()])
        label = (self.clock or Clock(0.0)).label(talk[0].hit.t0)
        said = " ".join(self._said(e) for e in shown) + (
            f" … and {len(talk) - len(shown)} more lines" if len(talk) > len(shown) else "")
        text = f"{', '.join(about)} ({label}: {said})" if about else f"{label}: {said}"
        return Decision(text, None, round(max(e.relevance for e in shown), 3), shown,
                        "Their conversation: " + " ".join(f"[{e.number}]" for e in shown) + ".")

    def _open_how_long(self, plan: Plan, ranked: Sequence[Evidence]) -> Decision:
        """"How long was I at the museum": the length of the visits found by that name (back-to-back ones are
        one stay), each cited."""
        visits = sorted((e for e in strong(plan, ranked, self.config, similarity=self.similarity)
                         if e.hit.modality == "place"), key=lambda e: e.hit.t0)
        if not visits:
            return Decision("I don't know: no visit of that place was found.", None, 0.0, list(ranked[:1]),
                            "No place visit matched the place asked about.", abstained=True)
        stays: list[list[Evidence]] = []
        for e in visits:
            if stays and e.hit.video_id == stays[-1][-1].hit.video_id and \
                    e.hit.t0 - stays[-1][-1].hit.t1 <= self.config.stay_gap_s:
                stays[-1].append(e)
            else:
                stays.append([e])
        total = sum(s[-1].hit.t1 - s[0].hit.t0 for s in stays)
        clock = self.clock or Clock(0.0)
        spans = "; ".join(f"{clock.label(s[0].hit.t0)} to {clock.local(s[-1].hit.t1):%H:%M:%S}" for s in stays[:4])
        return Decision(f"about {_duration(total)} ({len(stays)} visit{'s' if len(stays) > 1 else ''}: {spans})",
                        None, round(max(e.relevance for e in visits), 3), [s[0] for s in stays][:5],
                        "The visits found: " + " ".join(f"[{s[0].number}]" for s in stays[:5]) + ".")

    def _when_moment(self, query: Query, plan: Plan, target_ev: Sequence[Evidence]) -> Evidence:
        """The moment a "when" question asks for: the first (or, asked, the last) visit of a named place, whose
        start is the arrival, else the best-matching strong evidence."""
        found = strong(plan, target_ev, self.config, similarity=self.similarity)
        # the visits of a named place say when I was there (their starts are the arrivals) better than
        # frames that only look like it
        found = [e for e in found if e.hit.modality == "place"] or found or list(target_ev)
        if query.ordinal == "last":
            return max(found, key=lambda e: e.hit.t0)
        first = query.ordinal == "first" or (query.anchor is not None and query.anchor.pick == "first") \
            or found[0].hit.modality == "place"
        return min(found, key=lambda e: e.hit.t0) if first else max(found, key=lambda e: e.relevance)

    def _open_object(self, query: Query, plan: Plan, evidence: Sequence[Evidence],
                     target_ev: Sequence[Evidence]) -> Decision:
        """"What was I holding / what object could I see when …": the thing a line said then points at ("I found
        this coin": the user's own word, where the image labeller has none or calls a drawing something else),
        else the thing the frames there show (held near the camera first, a label in view all day last), or "I
        don't know" when no frame names one."""
        anchors = [e for e in self._anchors(plan, evidence) if e.hit.modality == "audio"]
        if len(anchors) > 1:
            # the line was said at several moments (`Agent._said_again`): what each one's lines point at, else
            # what its frames show
            label = (self.clock or Clock(0.0)).label
            each: list[tuple[Evidence, str]] = []
            for a in anchors:
                found = pointed_nouns(lines_then([a], evidence, self.config.during_s), parse)
                near = [e for e in target_ev if e.hit.video_id == a.hit.video_id and
                        a.hit.t0 - self.config.during_s <= e.hit.t0 <= a.hit.t1 + self.config.during_s]
                things = seen_things(near, self.common, self.config) if not found else []
                if found:
                    each.append((a, f'{found[0][0]} ({label(a.hit.t0)}, said then: "{found[0][1]}")'))
                elif things:
                    each.append((a, f"{things[0][0]} ({label(a.hit.t0)}, as the frames show)"))
            if each:
                return Decision(f"That was said {len(anchors)} times: " + "; ".join(t for _, t in each), None,
                                round(each[0][0].relevance / len(anchors), 3), [a for a, _ in each],
                                "At each moment, what a line said then points at or the frames show: "
                                + " ".join(f"[{a.number}]" for a, _ in each) + ".")
        pointed = pointed_nouns(lines_then(anchors, evidence, self.config.during_s), parse) if anchors else []
        if pointed and query.anchor is not None and query.anchor.quoted:
            # the asker's own words for the line ("while Mei said 'I found this cat'") over its transcript's
            # ("this cart"): a short noun is what speech recognition mishears
            quoted = pointed_nouns([query.anchor.quoted], parse)
            pointed = [(noun, said) for noun, _ in quoted[:1] for _, said in pointed[:1]] or pointed
        if pointed:
            noun, said = pointed[0]
            return Decision(f'{noun} (said then: "{said}")', None, round(anchors[0].relevance, 3), anchors[:1],
                            f"A line said then points at it [{anchors[0].number}].")
        things = seen_things(target_ev, self.common, self.config)
        called = self._called(plan, evidence, target_ev, things[0][0] if things else None)
        if called is not None:
            return called
        if not things:
            # no label, or only what is in view all day (a backdrop named everywhere): nothing of that moment
            cited = sorted(target_ev, key=lambda e: -e.relevance)[:1]
            return Decision("I don't know: no frame at that moment names an object.", None, 0.0, cited,
                            "The frames found carry no object label but the Library's all-day ones.",
                            abstained=True)
        label, weight, shown = things[0]
        cited = sorted(shown, key=lambda e: -e.relevance)[:3]
        conf = round(min(1.0, weight / sum(w for _, w, _ in things)), 3)
        return Decision(label, None, conf, cited, f"The object the frames show then: {label} "
                        + " ".join(f"[{e.number}]" for e in cited) + ".")

    def _called(self, plan: Plan, evidence: Sequence[Evidence], target_ev: Sequence[Evidence],
                label: str | None) -> Decision | None:
        """The thing in view at the asked seconds by the word a line used for it where it was named in view
        (`SameThing.called`: its look there is the same), rather than the labeller's word (`label`)."""
        seconds = self._moment(plan, evidence, target_ev)
        found = self.same.called([(e.hit.video_id, e.hit.t0, e.hit.t1) for e in seconds]) \
            if self.same is not None and seconds else None
        if found is None:
            return None
        thing, cos, (_, named_t0, _) = found
        when = (self.clock or Clock(0.0)).label(named_t0)
        labelled = f"; the image labels say {label}" if label and label.lower() != thing else ""
        cited = sorted(seconds, key=lambda e: -e.relevance)[:3]
        return Decision(f"{thing} (it looks like what was called {thing!r} at {when}{labelled})", None,
                        round(min(1.0, cos * max(e.relevance for e in cited)), 3), cited,
                        f"The frames of {' '.join(f'[{e.number}]' for e in cited)} look like the moment a line "
                        f"named {thing!r} in view ({cos:.2f} alike).")

    def _open_order(self, query: Query, plan: Plan, evidence: Sequence[Evidence],
                    target_ev: Sequence[Evidence]) -> Decision:
        """"did I go to the bakery, the gym or the pier first", asked without options: the things the question
        lists are compared as options would be, and the answer is the one that came first (or last)."""
        lettered = [f"{LETTERS[i]}. {item}" for i, item in enumerate(query.listed)]
        decision = self._choose(query, lettered, plan, evidence, target_ev)
        if not decision.option_scores or max(decision.option_scores) <= 0:
            return Decision("I don't know: none of the things asked about was found.", None, 0.0, decision.cited,
                            decision.justification, abstained=True)
        best = LETTERS.index(decision.choice) if decision.choice else 0
        return Decision(f"{query.listed[best]}.", None, decision.confidence, decision.cited, decision.justification,
                        option_scores=decision.option_scores, option_support=decision.option_support)

    def _surest_visits(self, evidence: Sequence[Evidence]) -> list[tuple[float, float]]:
        """The spans of the place visits found that are surely named as asked (a cluster's inferred name may
        cover other places too)."""
        named = [e for e in evidence if e.hit.modality == "place"]
        top = max((e.relevance for e in named), default=0.0)
        return [(e.hit.t0, e.hit.t1) for e in named if e.relevance >= self.config.surest_visit_share * top]

    def _said_there(self, target_ev: Sequence[Evidence]) -> list[Evidence]:
        """"At the pharmacy, what did Kofi say …": the lines said during the visits surely named so, when any
        is (the visits themselves are where, not what was said); else those said during any visit found by
        that name (an inferred name, less sure, still beats none); all lines when none is."""
        lines = [e for e in target_ev if e.hit.modality != "place"]
        found = [(e.hit.t0, e.hit.t1) for e in target_ev if e.hit.modality == "place"]
        slack = self.config.time_slack_s
        for visits in (self._surest_visits(target_ev), found):
            there = [e for e in lines if e.hit.modality != "audio" or any(
                e.hit.t1 >= a - slack and e.hit.t0 <= b + slack for a, b in visits)]
            if any(e.hit.modality == "audio" for e in there):
                return there
        return lines

    def _choose(self, query: Query, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
                target_ev: Sequence[Evidence]) -> Decision:
        bodies = [option_body(o) for o in options]
        if plan.intent == "where" and query.next:
            target_ev = next_place(target_ev) or target_ev
        elif plan.intent == "where" and not query.usually:
            target_ev = at_places_found(target_ev, evidence)
        scores = [0.0] * len(options)
        support: list[list[Evidence]] = [[] for _ in options]
        question_terms = _query_terms(query)
        clocks = [_clock_minutes(b) for b in bodies]
        if plan.intent == "how_many":
            n_found, found, unit = count(query, plan, target_ev, self._counted_voice(query, plan, target_ev),
                                      self.config, self.similarity, self.recognisable, self.calls, self.calls_anyone)
            why = f"The evidence shows {n_found} {unit}."
            if (by_look := self._count_by_look(query, plan, found)) is not None:
                n_found, found, why = by_look
            for i, body in enumerate(bodies):
                n = count_in(body)
                scores[i] = 1.0 / (1.0 + abs(n_found - n)) if n is not None else 0.0
                if n is not None and not found and n < n_found:
                    # a presumed count rests on nothing seen: of two options as near, the fewer is what was seen
                    scores[i] += self.config.presumed_fewer_tiebreak
                support[i] = list(found)
        elif plan.intent == "order" and len(plan.subtasks) == 1 and plan.subtasks[0].tool == "audio_search":
            last = query.ordinal == "last"
            lines = sorted(evidence, key=lambda e: e.hit.t0, reverse=last)
            heard: list[float | None] = []
            for i, body in enumerate(bodies):
                who = next((e for e in lines if self.voice_weight(e.hit, body) >= self.config.voice_min), None)
                support[i] = [who] if who else []
                heard.append(who.hit.t0 if who else None)
            unheard = [i for i, t in enumerate(heard) if t is None]
            if len(unheard) == 1 and not self.recognisable("person", bodies[unheard[0]]):
                # the one option no voice is known by: the first line of a voice claimed by no option is theirs
                # (a voice known by nobody, or by a name no option carries, often a name misheard)
                i = unheard[0]
                other = next((e for e in lines if e.hit.extra.get("speaker_id") is not None and not any(
                    self.voice_weight(e.hit, b) >= self.config.voice_min for b in [*bodies, "me"])), None)
                if other is not None:
                    support[i] = [other]
                    heard[i] = other.hit.t0
            known = sorted((t for t in heard if t is not None), reverse=last)
            for i, t in enumerate(heard):
                if t is not None:
                    scores[i] = 1.0 - known.index(t) / max(len(known), 1)
            why = "Compared when each option's voice was first heard."
        elif plan.intent == "order" and len(plan.subtasks) >= len(options):
            last = query.ordinal == "last"
            firsts: list[float | None] = []
            named_then = 0
            for i in range(len(options)):
                mine = [e for e in evidence if e.subtask == i]
                hits = sorted(strong(plan, mine, self.config, read_text=query.wants("ocr"),
                                     similarity=self.similarity), key=lambda e: e.hit.t0)
                support[i] = hits[:1]
                seen = [h.hit.t1 if last else h.hit.t0 for h in hits]
                named = self._named_when(bodies[i], plan.subtasks[i]) if plan.subtasks[i].tool == "visual_search" \
                    else []
                if plan.subtasks[i].tool == "visual_search" and self.same is not None:
                    named += [t0 for _, t0, _end in self.same.sightings(bodies[i], plan.subtasks[i].spans) or []]
                named_then += bool(named)
                seen += named
                firsts.append((max(seen) if last else min(seen)) if seen else None)
            known = [t for t in firsts if t is not None]
            for i, t in enumerate(firsts):
                if t is not None:
                    rank = sorted(known, reverse=last).index(t)
                    scores[i] = 1.0 - rank / max(len(known), 1)
            why = "Compared the earliest time each option's event was found" + (
                f" (for {named_then}, also when a line named it in view)." if named_then else ".")
        elif all(c is not None for c in clocks) and target_ev and plan.intent == "when":
            moment = self._when_moment(query, plan, target_ev)
            minutes = _local_minutes(moment.hit.t0, self.clock)
            for i, c in enumerate(clocks):
                scores[i] = 1.0 / (1.0 + abs((c or 0) - minutes) / 15.0)
                support[i] = [moment]
            why = f"The moment found is at {minutes // 60:02d}:{minutes % 60:02d}."
        elif plan.intent == "who":
            scores, support = self._who(bodies, target_ev)
            why = "Matched each option against who spoke in the evidence."
        elif plan.intent == "where" and (placed := self._where(bodies, query, plan, evidence)) is not None:
            scores, support = placed
            why = "Matched each option against the names of the places the evidence puts me at."
        else:
            # a place's name describes where, not what was there: an object question ignores it (a place named
            # after a label once seen there would otherwise "show" that thing at every later moment)
            with_place = plan.intent == "where" or query.wants("places")
            # a thing in view: an option is supported by a frame label like it (not a faint likeness, nor its
            # name read on a sign)
            seen = not with_place and plan.intent != "text" and not query.wants("ocr")
            semantic, shown = self._semantic(bodies, target_ev, with_place), False
            sighted: np.ndarray | None = None
            if seen and self.similarity is not None:
                floor = self.config.label_floor
                alike, surest = label_sightings(bodies, [e.hit for e in target_ev], self.similarity, floor,
                                                self.config.label_sure, self.common)
                # a label naming an option shows it as surely as the labeller saw it, as a word of the option
                # would (how alike the two names are only says whether they name one thing: "coffee cup" /
                # "espresso" 0.50 is a sighting as much as "clock" / "analog clock" 0.8) …
                sighted = np.where(alike >= floor, floor + (1.0 - floor) * surest, 0.0)
                # … and a faint likeness only breaks ties between options nothing shows
                semantic = np.where(alike >= floor, 0.0, self.config.faint_label * alike)
                shown = bool((alike >= self.config.label_floor).any())
            listed = self._listed_only(plan)
            values: list[tuple[int, Evidence, float]] = []
            for i, body in enumerate(bodies):
                opt_terms = terms(body) - question_terms or terms(body)
                for j, ev in enumerate(target_ev):
                    words = seen_terms(ev.hit) - unsure_terms(ev.hit, self.config.label_sure) if seen else \
                        hit_terms(ev.hit) if with_place else hit_terms(ev.hit, with_place=False)
                    if sighted is not None and (sureness := label_probabilities(ev.hit)):
                        # a scored label shows a thing as surely as it was seen (`sighted`), not in full for
                        # sharing a word with it ("analog clock" at 0.3 is no surer a clock than "espresso" at
                        # 0.38 is a coffee cup)
                        words = words - terms(" ".join(sureness))
                    # a name in speech may be spelt as the recogniser heard it ("Cracow" for Krakow)
                    shared = heard_words(opt_terms, words) if ev.hit.modality == "audio" else len(opt_terms & words)
                    share = shared / len(opt_terms) if opt_terms else 0.0
                    shown = shown or (seen and share > 0)
                    if semantic is not None and ev.hit.modality != "audio":  # speech is matched by its words
                        share = max(share, 0.8 * float(semantic[i, j]))
                    if sighted is not None:
                        share = max(share, float(sighted[i, j]))
                    if ev.hit.extra.get("ocr"):  # OCR misreads letters: compare the written words fuzzily
                        share = max(share, _fuzzy_text(body, str(ev.hit.extra["ocr"])))
                    value = share * (0.5 + 0.5 * ev.relevance) * self._about(plan, ev)
                    if value > 0:
                        values.append((i, ev, value))
            on_topic = any(ev.subtask not in listed for _, ev, _ in values)
            for i, ev, value in values:
                if on_topic and ev.subtask in listed:
                    value *= self.config.listed_only_share
                support[i].append(ev)
                # repeated support counts a little; for "usually", every moment counts in full
                scores[i] = scores[i] + value if query.usually else max(scores[i], value) + 0.05 * value
            why = "Matched each option against the evidence's words and labels."
            if query.said_verb and max(scores) <= 0:
                why += self._sounds_like(bodies, plan, target_ev, listed, scores, support)
            looked = (query.wants("visual") or query.wants("near_camera")) and not query.wants("speech")
            if seen and looked:
                why += self._pointed(bodies, plan, evidence, scores, support)
                why += self._seen_again(bodies, plan, evidence, target_ev, scores, support)
            if seen and looked and not shown and target_ev and self.similarity is not None and self.labels:
                # nothing in view looks like any option: a thing the labeller names surely elsewhere in this
                # Library would likely have been named here too, so the things it never names come first
                known = self.similarity(list(bodies), list(self.labels)).max(axis=1)
                for i in range(len(bodies)):
                    if known[i] < self.config.label_floor:
                        scores[i] += self.config.unnamed_bonus
                why += " No option is shown; those this Library's labels never name are preferred."
            if seen and looked and not shown:
                why += self._look_again(bodies, plan, evidence, target_ev, scores, support)
            if plan.intent == "where" and not (query.usually or query.next):
                why += self._unnamed_place(bodies, evidence, scores)
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        ordered = sorted(scores, reverse=True)
        margin = ordered[0] - (ordered[1] if len(ordered) > 1 else 0.0)
        confidence = max(0.0, min(1.0, 0.5 * min(ordered[0], 1.0) + 0.5 * min(margin, 1.0)))
        if ordered[0] <= 0:
            confidence = 1.0 / len(options)
        cited = sorted(support[best], key=lambda e: -e.relevance)[:3]
        letter = LETTERS[best]
        if cited:
            why += f" Option {letter} is best supported by {' '.join(f'[{e.number}]' for e in cited)}."
        else:
            # no line names the option: still say what was looked at, so the answer can be checked
            cited = sorted(target_ev or evidence, key=lambda e: -e.relevance)[:1]
            why += (f" No evidence names option {letter}; the closest found is [{cited[0].number}]." if cited
                    else f" Nothing was found: option {letter} is a guess.")
        return Decision(f"The answer is ({letter}). {bodies[best]}", letter, round(confidence, 3), cited, why,
                        option_scores=scores, option_support=support)

    def _unnamed_place(self, bodies: Sequence[str], evidence: Sequence[Evidence], scores: list[float]) -> str:
        """The visit of the moment goes by no name: the options naming none of the Library's other places gain
        `unnamed_place_bonus` (where some do and some don't). Returns what to add to the justification."""
        elsewhere = named_elsewhere(bodies, evidence, self.place_names)
        if not elsewhere or all(elsewhere) or not any(elsewhere):
            return ""
        for i, other in enumerate(elsewhere):
            if not other:
                scores[i] += self.config.unnamed_place_bonus
        return " The place found goes by no name; the options naming other places are less likely."

    def _sounds_like(self, bodies: Sequence[str], plan: Plan, target_ev: Sequence[Evidence], listed: set[int],
                     scores: list[float], support: list[list[Evidence]]) -> str:
        """No line found names an option: the options compared by sound with the lines found by the topic's
        words (all lines when none was), as likely as each line is the asked person's. Returns what to add to
        the justification."""
        lines = [e for e in target_ev if e.hit.modality == "audio"]
        lines = [e for e in lines if e.subtask not in listed] or lines
        heard = [(e, spoken(e.hit.text), self._about(plan, e)) for e in lines]
        for i, body in enumerate(bodies):
            said = spoken(body)
            alike = [(ratio * about, e) for e, text, about in heard
                     if (ratio := fuzz.partial_ratio(said, text) / 100.0) >= self.config.sounds_like_min]
            if alike:
                value, line = max(alike, key=lambda pair: pair[0])
                scores[i] = self.config.sounds_like_weight * value
                support[i].append(line)
        if max(scores) <= 0:
            return ""
        i = max(range(len(bodies)), key=lambda k: scores[k])
        return f" No line found names an option; {bodies[i]!r} sounds most like what was heard."

    @staticmethod
    def _listed_only(plan: Plan) -> set[int]:
        """The steps that list every line of a window beside a step that searched the topic's words ("everything
        said then"): the answer's line need not repeat the question's words, but when a line that does (or
        a reply to one) names an option, the rest of the window was said about something else."""
        speech = [i for i in target_subtasks(plan) if plan.subtasks[i].tool == "audio_search"]
        listing = {i for i in speech if str(plan.subtasks[i].args.get("query")) == ANY_WORDS}
        return listing if len(listing) < len(speech) else set()

    def _counted_voice(self, query: Query, plan: Plan, evidence: Sequence[Evidence]) -> VoiceWeight:
        """Whose voice a line is in, for a count of conversations: a person no voice is known by (a name the
        recogniser never heard right) is taken to be a voice the Library knows by no name (`_stand_in`)."""
        asked = [w for sub in plan.subtasks for w in sub.about if w and not is_wearer(w)]
        if query.unit != "conversation" or len(asked) != 1 or self.recognisable("person", asked[0]):
            return self.voice_weight
        stand_in = self._stand_in(asked[0], evidence)
        if stand_in is None:
            return self.voice_weight

        def weight(hit: Hit, person: str) -> float:
            if person == asked[0] and hit.extra.get("speaker_id") == stand_in:
                return 1.0
            return self.voice_weight(hit, person)
        return weight

    def _stand_in(self, name: str, evidence: Sequence[Evidence]) -> int | None:
        """The voice the Library knows by no name (and not the wearer's) that `name` most likely is: the lines
        around its own call someone by a name like it (`called_like_min`); else the only such voice heard; else
        none."""
        if self.speakers is None:
            return None
        lines: dict[int, list[Hit]] = {}
        for ev in evidence:
            voice = ev.hit.extra.get("speaker_id")
            known = self.speakers.speakers.get(voice) if isinstance(voice, int) else None
            named = known is None or bool(known.given) or voice == self.speakers.wearer or any(
                w >= self.config.voice_min for w in known.names.values())
            if ev.hit.modality == "audio" and not named and self.voice_weight(ev.hit, "me") < self.config.voice_min:
                lines.setdefault(known.id, []).append(ev.hit)
        if not lines:
            return None
        alike = {}
        for voice, hits in lines.items():
            slots = [slot for h in hits for side in ("before", "after") for near in [h.extra.get(side) or {}]
                     if near.get("speaker_id") != voice for slot in name_slots(str(near.get("text") or ""))]
            alike[voice] = max((heard_like(name, slot) for slot in slots), default=0.0)
        best = max(alike, key=lambda v: alike[v])
        if alike[best] >= self.config.called_like_min:
            return best
        return next(iter(lines)) if len(lines) == 1 else None

    def _count_by_look(self, query: Query, plan: Plan,
                       found: Sequence[Evidence]) -> tuple[int, list[Evidence], str] | None:
        """How many times one thing was in view, by how it looked where a line named it (`SameThing.sightings`),
        the frames found by label that agree with those sightings, and the justification; None unless the
        question counts sightings of one thing, by no one else, unanchored, and a line named it in view."""
        others = [w for sub in plan.subtasks for w in sub.about if w and w != "me"]
        if self.same is None or query.unit != "moment" or len(query.objects) != 1 or others or query.anchor \
                or query.wants("speech") or query.wants("ocr"):
            return None
        seen = self.same.sightings(query.objects[0], query.time.ranges if query.time else None)
        if seen is None:
            return None
        gap = self.config.event_gap_s
        agree = [e for e in found if any(v == e.hit.video_id and a - gap <= e.hit.t0 <= b + gap for v, a, b in seen)]
        label = (self.clock or Clock(0.0)).label
        why = (f"By how the {query.objects[0]} looked where a line named it in view, it was in view {len(seen)} "
               "time(s)" + (": " + ", ".join(label(a) for _, a, _ in seen) if seen else "") + ".")
        return len(seen), agree, why

    def _named_when(self, body: str, sub: Subtask) -> list[float]:
        """When lines named the thing in view ("I found this coin"), within the step's days: the thing was
        seen then, whatever the image labeller called it."""
        if self.same is None:
            return []
        spans = sub.spans or []
        return [t0 for _, t0, _end in self.same.named(body) if not spans or any(a <= t0 < b for a, b in spans)]

    def _moment(self, plan: Plan, evidence: Sequence[Evidence], target_ev: Sequence[Evidence]) -> list[Evidence]:
        """The seconds the question points at: the anchor's (the line "while X said …"), else those of the
        frames found in view; never more than `look_span_s`."""
        anchors = self._anchors(plan, evidence)
        in_view = [e for e in target_ev if e.hit.modality == "visual"]
        return [e for e in anchors or in_view if e.hit.t1 - e.hit.t0 <= self.config.look_span_s]

    def _seen_again(self, bodies: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
                    target_ev: Sequence[Evidence], scores: list[float], support: list[list[Evidence]]) -> str:
        """An option named by a line while in view at another moment (`same_thing`) that looks the same as the
        asked moment gains `same_thing_bonus`; asked about a visit ("on my last visit to the pharmacy"), an
        option a line named in view during it gains `pointed_bonus`. Returns what to add to the justification."""
        if self.same is None:
            return ""
        visits = [e for e in self._anchor_picks(plan, evidence) if e.hit.modality == "place"]
        why = ""
        if visits:
            named = [[e for e in visits if any(v == e.hit.video_id and e.hit.t0 <= t0 <= e.hit.t1
                                                for v, t0, _ in self.same.named(body))] for body in bodies]
            for i, during in enumerate(named):
                if during:
                    scores[i] += self.config.pointed_bonus
                    support[i] = during[:1] + support[i]
            said = [f"{b!r} [{n[0].number}]" for b, n in zip(bodies, named, strict=True) if n]
            why = f" Named in view during the visit: {', '.join(said)}." if said else ""
        seconds = self._moment(plan, evidence, target_ev)
        if not seconds:
            return why
        like = self.same(list(bodies), [(e.hit.video_id, e.hit.t0, e.hit.t1) for e in seconds])
        known = [(c, i) for i, c in enumerate(like.cos) if c is not None]
        if not known:
            return why
        said = "; ".join(f"{bodies[i]!r} {c:.2f}" for c, i in sorted(known, reverse=True))
        why += f" The moment [{seconds[0].number}] looks like where the options were named in view ({said})"
        best, i = max(known)
        runner_up = max((c for c, j in known if j != i), default=0.0)
        if best >= self.config.same_thing_min and best - runner_up >= self.config.same_thing_margin:
            scores[i] += self.config.same_thing_bonus
            support[i] = seconds[:1] + support[i]
            why += f": {bodies[i]!r}"
        # a moment a line was said at is sure enough to rule out a thing by its look from one named moment; one
        # found otherwise (a visit, frames) only by a look known from two
        said = all(e.hit.modality == "audio" for e in seconds)
        unlike = [j for c, j in known if (like.unlike[j] if said else
                                          like.known[j] and c < self.config.same_thing_unlike)]
        for j in unlike:  # below an option equal otherwise, even one nothing supports
            scores[j] = self.config.same_thing_unlike_share * scores[j] - self.config.look_tiebreak
        if unlike:
            why += f"; not {', '.join(repr(bodies[j]) for j in unlike)}, which looked otherwise where a line named it"
        return why + "."

    def _look_again(self, bodies: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
                    target_ev: Sequence[Evidence], scores: list[float], support: list[list[Evidence]]) -> str:
        """No stored label shows any option: the seconds the question points at are looked at again (`look`),
        and an option the classifier clearly favours there gains `look_bonus`. The seconds are the anchor's
        (the line "while X said …"), else those of the frames found in view; never more than `look_span_s`.
        Returns what to add to the justification."""
        if self.look is None:
            return ""
        seconds = self._moment(plan, evidence, target_ev)
        if not seconds:
            return ""
        sight = self.look(list(bodies), [(e.hit.video_id, e.hit.t0, e.hit.t1) for e in seconds])
        if sight.mass is None or sight.lift is None or len(sight.mass) < 2:
            return f" No second look at the frames: {sight.note}." if sight.note else ""
        order = np.argsort(-sight.lift)
        i, j = int(order[0]), int(order[1])
        lift, mass, next_lift = float(sight.lift[i]), float(sight.mass[i]), float(sight.lift[j])
        saw = f"{bodies[i]!r} {mass:.2f}, {lift:.1f}× its usual share; next {bodies[j]!r} {next_lift:.1f}×"
        if mass < self.config.look_floor or lift < self.config.look_lift or lift < self.config.look_ratio * next_lift:
            # no clear favourite: a thing above its usual share still breaks ties between equal options, and
            # things plainly there, though alike (a cup and a jug), go before one the look does not show
            span = max(self.config.look_lift - 1.0, 1e-6)
            for k, up in enumerate(sight.lift):
                if up >= self.config.look_lift and float(sight.mass[k]) >= self.config.look_floor:
                    scores[k] += self.config.look_shared_bonus + self.config.look_tiebreak * float(up) / lift
                else:
                    scores[k] += self.config.look_tiebreak * float(np.clip((up - 1.0) / span, 0.0, 1.0))
            return f" A second look at {sight.frames} frames favours no option clearly ({saw})."
        scores[i] += self.config.look_bonus
        support[i] = list(seconds[:1]) + support[i]
        return f" A second look at {sight.frames} frames of [{seconds[0].number}] favours {bodies[i]!r} ({saw})."

    @staticmethod
    def _anchors(plan: Plan, evidence: Sequence[Evidence]) -> list[Evidence]:
        """The moment the target subtasks are anchored on (the line "while X said …"), never a visit (minutes
        long: its frames or lines say little of one moment)."""
        return [e for e in EvidenceAnswerer._anchor_picks(plan, evidence) if e.hit.modality != "place"]

    @staticmethod
    def _anchor_picks(plan: Plan, evidence: Sequence[Evidence]) -> list[Evidence]:
        """What the target subtasks are anchored on, after each anchor step's pick: a line, frames or a visit."""
        refs = {s.ref for i, s in enumerate(plan.subtasks) if i in target_subtasks(plan) and s.ref is not None}
        return picked(plan, [e for e in evidence if e.subtask in refs])

    def _pointed(self, bodies: Sequence[str], plan: Plan, evidence: Sequence[Evidence], scores: list[float],
                 support: list[list[Evidence]]) -> str:
        """An option a line said at the anchor moment points at ("I found this coin") gains `pointed_bonus`.
        Returns what to add to the justification."""
        anchors = [e for e in self._anchors(plan, evidence) if e.hit.modality == "audio"]
        if not anchors:
            return ""
        hits = pointed_at(lines_then(anchors, evidence, self.config.during_s), bodies, config=self.config)
        for i, hit in enumerate(hits):
            if hit:
                scores[i] += self.config.pointed_bonus
                support[i] = anchors[:1] + support[i]
        named = [repr(b) for b, h in zip(bodies, hits, strict=True) if h]
        return f" A line said then points at {', '.join(named)} [{anchors[0].number}]." if named else ""

    def voices(self, hit: Hit) -> dict[str, float]:
        """Who the hit's speaker may be, name → weight: the voice's names, its turn in the conversation
        (`turn_names`; a name the wearer is called by stands for "me"); names the line itself addresses are
        left out (and "me" when it addresses the wearer by name)."""
        out: dict[str, float] = {}
        named = speaker_name(hit)
        if named:
            # as sure as the speech stage was of the name (a user's rename: 1); a guess from one line of talk
            # does not outweigh what the line's own turn says
            sure = hit.extra.get("speaker_name_confidence")
            out[named.split("?")[0].strip()] = float(sure) if isinstance(sure, int | float) and sure > 0 else 1.0
        if self.speakers is not None:
            for name, weight in self.speakers.candidates(hit.extra.get("speaker_id")).items():
                out[name] = max(out.get(name, 0.0), weight)
        wearer_names = self.speakers.wearer_names() if self.speakers is not None else {}
        called: list[str] = []
        if hit.modality == "audio":
            for name, weight in turn_names(hit.extra, parse, self._in_quote, self.config).items():
                known = self.speakers.known_name(name) if self.speakers is not None else name
                key = "me" if any(same_name(name, w, self.config) for w in wearer_names) else known
                out[key] = max(out.get(key, 0.0), weight)
            called = addressed(hit.text, parse)
            if self._quote_called and self._in_quote(hit.text):
                called += self._quote_called  # the quote as asked keeps a name the transcript lost
        text = hit.text.lower()
        for name in list(out):
            low = name.lower()
            said_to = any(same_name(name, c, self.config) for c in called) if low != "me" else \
                any(same_name(c, w, self.config) for c in called for w in wearer_names)
            if said_to or (low != "me" and re.search(rf"\b{re.escape(low)}\b", text) and not re.search(
                    rf"\b(i'm|i am|my name is|this is|call me)\s+{re.escape(low)}\b", text)):
                del out[name]  # "Yes Mirela, …" is said to Mirela, not by her
        if "me" in out:
            # the wearer's voice named after what others call the wearer ("Diego"): that person is "me"
            for name in [n for n in out if n != "me" and any(same_name(n, w, self.config) for w in wearer_names)]:
                out["me"] = max(out["me"], out.pop(name))
        return out

    def _said(self, ev: Evidence, when: str | None = None) -> str:
        """'Tomasz said: "…"' (with when, for lines of different moments), the voice's likeliest name."""
        who = next(iter(sorted(self.voices(ev.hit).items(), key=lambda kv: -kv[1])), None)
        speaker = "I" if who and who[0] == "me" else self._spelt(who[0]) if who else ev.hit.speaker or "someone"
        return f'{speaker} said{f" on {when}" if when else ""}: "{ev.hit.text}"'

    def _spelt(self, name: str) -> str:
        """A heard name as the Library spells it most often (the recogniser misspells names on some lines)."""
        return self.speakers.spelling(name) if self.speakers is not None else name

    def _in_quote(self, text: str) -> bool:
        """The line is (part of) the quote the question asks about."""
        words = terms(text)
        return bool(self._quote_terms and words) and \
            len(words & self._quote_terms) / len(words) >= self.config.same_quote_share

    def recognisable(self, kind: str, name: str) -> bool:
        """Whether this Library could recognise `name` at all: a person some voice is known by (≥ `voice_min`,
        as heard), a thing the labeller has a sure label for (its words, or a cosine ≥ `label_floor`). Without
        the voices or labels to tell, everything is."""
        if kind == "person":
            if self.speakers is None or is_wearer(name):
                return True
            return any(w >= self.config.voice_min and same_name(name, n, self.config) > 0
                       for s in self.speakers.speakers.values() for n, w in s.names.items())
        if not self.labels:
            return True
        wanted = terms(name)
        if any(wanted & terms(label) for label in self.labels):
            return True
        return self.similarity is not None and \
            float(np.max(self.similarity([name], list(self.labels)))) >= self.config.label_floor

    def calls(self, hit: Hit, person: str) -> bool:
        """Whether the line calls `person` by name ("Look Nadia, …", "Of course, Nadia."), as heard."""
        return hit.modality == "audio" and any(same_name(person, c, self.config) for c in addressed(hit.text, parse))

    @staticmethod
    def calls_anyone(hit: Hit) -> bool:
        """Whether the line calls someone by name, as heard."""
        return hit.modality == "audio" and bool(addressed(hit.text, parse))

    def _yes_no_voice(self, query: Query, ranked: Sequence[Evidence]) -> tuple[Evidence, bool] | None:
        """For "did Hana say …": the asked person's best line (True), or the best line when its voice is surely
        another's (False); None where nobody is asked about or no voice is sure."""
        asked = query.speaker.name if query.speaker is not None and query.said_verb else None
        lines = [e for e in ranked if e.hit.modality == "audio"]
        if not asked or not lines:
            return None
        # a line of theirs on the topic: nearly as relevant as the best line found
        theirs = [e for e in lines if self.voice_weight(e.hit, asked) >= self.config.voice_min
                  and e.relevance >= self.config.open_other_share * lines[0].relevance]
        if theirs:
            return theirs[0], True
        sure = max(self.voices(lines[0].hit).values(), default=0.0)
        return (lines[0], False) if sure >= self.config.voice_min else None

    def voice_weight(self, hit: Hit, person: str) -> float:
        """How likely the hit's voice is `person`'s ("me" for the wearer); names as heard may be misspelt."""
        wanted = "me" if is_wearer(person) else person
        return max((w * (1.0 if c == "me" else same_name(wanted, c, self.config))
                    for c, w in self.voices(hit).items() if (c == "me") == (wanted == "me")), default=0.0)

    def _where(self, bodies: Sequence[str], query: Query, plan: Plan, evidence: Sequence[Evidence]
               ) -> tuple[list[float], list[list[Evidence]]] | None:
        about = [w for sub in plan.subtasks for w in sub.about if w]
        return where_scores(bodies, query, evidence, about, lambda e, who: self.voice_weight(e.hit, who),
                            self.similarity, self.config)

    def _about(self, plan: Plan, ev: Evidence) -> float:
        """Evidence from a line by the person the question is about counts fully; a line by a voice nobody is
        known to be half; a line by a voice known as someone else `config.other_voice`."""
        sub = plan.subtasks[ev.subtask] if ev.subtask < len(plan.subtasks) else None
        if sub is None or not sub.about or ev.hit.modality != "audio":
            return 1.0
        return self.by_them(ev.hit, sub.about)

    def by_them(self, hit: Hit, about: Sequence[str]) -> float:
        """How much a line counts for a question about what `about` said: 0.5 when the voice is nobody known,
        more as surely as it is theirs (1 for a sure name; a name guessed at 45 % from one line of talk, often
        of a voice holding two people, barely more than none), `config.other_voice` when it is surely someone
        else's."""
        weight = max((self.voice_weight(hit, who) for who in about), default=0.0)
        if weight >= self.config.voice_min:
            return 0.5 + 0.5 * min(weight, 1.0)
        return self.config.other_voice if self.someone_else(hit) else 0.5

    def _as_known(self, query: Query, phrase: str | None) -> str | None:
        """A name answered as the Library knows it: the recogniser misspells a name on one line ("belongs to
        Oma") that the voices' names spell surely (Omar)."""
        if phrase is None or query.asked_for not in {"who", "person"} or self.speakers is None or \
                not (phrase.isalpha() and phrase[:1].isupper()):
            return phrase
        return self.speakers.known_name(phrase, self.config.voice_min)

    def someone_else(self, hit: Hit) -> bool:
        """The line's voice is known as somebody (a name, or the wearer's voice), as likely as a voice's identity
        counts (`voice_min`)."""
        return any(w >= self.config.voice_min for w in self.voices(hit).values())

    def _who(self, bodies: Sequence[str], target_ev: Sequence[Evidence]) -> tuple[list[float], list[list[Evidence]]]:
        """Speakers (and graph partners) of the evidence, counted once per subtask: someone heard at both
        places of a two-place question outranks someone heard at one."""
        scores = [0.0] * len(bodies)
        support: list[list[Evidence]] = [[] for _ in bodies]
        wanted = ["me" if is_wearer(b) else b for b in bodies]
        for i, name in enumerate(wanted):
            per_subtask: dict[int, float] = {}
            for ev in target_ev:
                candidates = dict(self.voices(ev.hit)) if ev.tool != "entity_graph_search" else {}
                for face in ev.hit.extra.get("people") or []:  # faces in view, named
                    if isinstance(face, str):
                        candidates[face] = max(candidates.get(face, 0.0), 1.0)
                if _between_people(ev):
                    for key in ("source", "target"):
                        partner = ev.hit.extra.get(key)
                        if isinstance(partner, str) and partner.lower() != "me":
                            candidates[partner] = 1.0
                weight = max((w * _option_match(c, name, wanted, self.config) for c, w in candidates.items()),
                             default=0.0)
                if weight > 0:
                    value = weight * (0.5 + 0.5 * ev.relevance)
                    per_subtask[ev.subtask] = max(per_subtask.get(ev.subtask, 0.0), value)
                    support[i].append(ev)
            scores[i] = sum(per_subtask.values())
        self._by_elimination(wanted, target_ev, scores, support)
        return scores, support

    def _by_elimination(self, wanted: Sequence[str], target_ev: Sequence[Evidence], scores: list[float],
                        support: list[list[Evidence]]) -> None:
        """A voice heard in the evidence that is known as nobody (no name, not the wearer's) may be anyone
        whose name no voice in the Library is known by: such options get `unnamed_voice` of its lines, counted
        once per subtask for the same voice (someone unnamed heard at both places of a two-place question). A
        voice known only by names no option carries (often a name misheard: "Remy" for Ravi) may be too, less
        surely (`misnamed_voice` of that)."""
        unnamed: dict[Any, dict[int, tuple[float, Evidence]]] = {}
        for ev in target_ev:
            voice = ev.hit.extra.get("speaker_id")
            if ev.hit.modality != "audio" or voice is None:
                continue
            share = 1.0
            if self.someone_else(ev.hit):
                names = [n for n, w in self.voices(ev.hit).items() if w >= self.config.voice_min]
                if "me" in names or any(_option_match(n, o, wanted, self.config) > 0 for n in names for o in wanted):
                    continue
                share = self.config.misnamed_voice
            value = share * self.config.unnamed_voice * (0.5 + 0.5 * ev.relevance)
            per = unnamed.setdefault(voice, {})
            if value > per.get(ev.subtask, (0.0, ev))[0]:
                per[ev.subtask] = (value, ev)
        if not unnamed:
            return
        voice, best = max(unnamed.items(), key=lambda kv: sum(v for v, _ in kv[1].values()))
        value = sum(v for v, _ in best.values())
        mine = [ev for ev in target_ev if ev.hit.modality == "audio" and ev.hit.extra.get("speaker_id") == voice]
        # the name the line before calls on, and the name a reply after it ends on ("Of course, Dmitri.")
        slots = [slot for ev in mine for before in [ev.hit.extra.get("before") or {}]
                 if before.get("speaker_id") != voice for slot in name_slots(str(before.get("text") or ""))]
        slots += [slot for ev in mine for after in [ev.hit.extra.get("after") or {}]
                  if after.get("speaker_id") != voice and not str(after.get("text") or "").rstrip().endswith("?")
                  for slot in name_slots(str(after.get("text") or ""))[-1:]]
        alike = [max((heard_like(name, slot) for slot in slots), default=0.0) if name != "me" else 0.0
                 for name in wanted]
        for i, name in enumerate(wanted):
            if name != "me" and value > scores[i] and not self.recognisable("person", name):
                runner_up = max((a for j, a in enumerate(alike) if j != i), default=0.0)
                called = alike[i] >= self.config.called_like_min or (
                    alike[i] >= self.config.name_sound_min and alike[i] - runner_up >= self.config.called_like_margin)
                # below the bonus, how much the name sounds like what the voice was called still orders equals
                scores[i] = value * (1.0 + self.config.called_like_bonus * called) + \
                    self.config.called_like_tiebreak * alike[i]
                support[i] = [ev for _, ev in best.values()]

    def _company(self, ev: Evidence) -> list[str]:
        """The people an item names besides its voice: graph partners of a conversation, faces in view."""
        out: list[str] = []
        for key in ("target", "source", "people"):
            value = ev.hit.extra.get(key)
            for name in value if isinstance(value, list) else [value]:
                if isinstance(name, str) and name.lower() != "me" and (_between_people(ev) or key == "people"):
                    out.append(name)
        return out

    def _as_wearer(self, hit: Hit) -> dict[str, float]:
        """Who a line's voice may be (`voices`), the wearer's names read as "me": the wearer's own voice carries
        their name too ("Keiko", by how others address them), and an answer in words says "me"."""
        heard = self.voices(hit)
        if self.speakers is None:
            return heard
        mine = set(self.speakers.wearer_names())
        if self.speakers.wearer is not None and hit.extra.get("speaker_id") == self.speakers.wearer:
            mine |= set(self.speakers.candidates(self.speakers.wearer))
        out: dict[str, float] = {}
        for name, weight in heard.items():
            key = "me" if name != "me" and any(same_name(name, w, self.config) for w in mine) else name
            out[key] = max(out.get(key, 0.0), weight)
        return out

    def _wearer_label(self) -> str:
        """"me (the camera wearer)", with the name the user gave the wearer's voice (an inferred one may be a
        friend's merged into it)."""
        given = self.speakers.wearer_given_name() if self.speakers is not None else None
        return f"me ({given}, the camera wearer)" if given else "me (the camera wearer)"

    def _first_or_last_voice(self, query: Query, ranked: Sequence[Evidence]) -> Decision | None:
        """"Who did I talk to last on Thursday", "who spoke first at the museum": the voice of the earliest (latest)
        line found, not the wearer's when the question asks for someone else."""
        lines = sorted((e for e in ranked if e.hit.modality == "audio"), key=lambda e: e.hit.t0,
                       reverse=query.ordinal == "last")
        for e in lines:
            names = self._as_wearer(e.hit)
            best = max(names, key=lambda n: names[n], default=None)
            if best == "me" and query.excludes_wearer:
                continue
            shown = self._wearer_label() if best == "me" else self._spelt(best) if best else \
                e.hit.speaker or "someone"
            return Decision(shown, None, round(e.relevance, 3), [e],
                            f"The {query.ordinal} line found is in {shown}'s voice [{e.number}].")
        return None

    def _open_people(self, query: Query, ranked: Sequence[Evidence]) -> Decision | None:
        """"Who spoke at the pier / was with me": everyone heard nearly as surely as the likeliest (`open_who`)."""
        names, share, cited = open_people(query, ranked, lambda e: self._as_wearer(e.hit),
                                          self._company, self.config)
        if not names:
            return None
        wearer = self._wearer_label()
        shown = join_names([wearer if n == "me" else n for n in names])
        cited = cited or list(ranked[:1])
        return Decision(shown, None, round(min(1.0, share), 3), cited,
                        f"{shown}: the voices or faces of the best-matching evidence "
                        + " ".join(f"[{e.number}]" for e in cited) + ".")

    def _semantic(self, bodies: Sequence[str], evidence: Sequence[Evidence],
                  with_place: bool = True) -> np.ndarray | None:
        """Option × evidence support from the embedder: the best match among the evidence's parts (a frame
        description is a list of labels: "bell cote, tabby" holds a cat even though the whole reads as a
        church)."""
        if self.similarity is None or not evidence or not bodies:
            return None
        parts_of = [parts(e.hit, with_place) for e in evidence]
        unique = list(dict.fromkeys(p for labels in parts_of for p in labels))
        if not unique:
            return None
        cos = self.similarity(list(bodies), unique)
        index = {p: i for i, p in enumerate(unique)}
        out = np.zeros((len(bodies), len(evidence)), dtype=np.float32)
        for j, labels in enumerate(parts_of):
            if labels:
                out[:, j] = cos[:, [index[p] for p in labels]].max(axis=1)
        floor, full = self.config.semantic_floor, self.config.semantic_full
        return np.clip((out - floor) / (full - floor), 0.0, 1.0)

    def _open(self, query: Query, plan: Plan, target_ev: Sequence[Evidence],
              evidence: Sequence[Evidence] = ()) -> Decision:
        """A short answer in words, citing its evidence, or "I don't know" when nothing supports one."""
        if not target_ev:
            return Decision("I don't know: no evidence found answers this.", None, 0.0, [],
                            "No search result passed the relevance check.", abstained=True)
        ranked = sorted(target_ev, key=lambda e: -e.relevance)
        top = ranked[0]
        intent = plan.intent
        if intent == "how_many":
            # a count weighs each item against its own bar (`count`): weak matches make a count of 0, not a doubt
            n_found, found, unit = count(query, plan, ranked, self._counted_voice(query, plan, ranked),
                                      self.config, self.similarity, self.recognisable, self.calls, self.calls_anyone)
            conf = round(top.relevance, 3)
            if (by_look := self._count_by_look(query, plan, found)) is not None:
                n_found, found, why = by_look
                return Decision(str(n_found), None, conf, sorted(found, key=lambda e: e.hit.t0)[:5], why)
            cited = sorted(found, key=lambda e: e.hit.t0)[:5] or ranked[:1]
            return Decision(str(n_found), None, conf, cited, f"{n_found} {unit} found: "
                            + " ".join(f"[{e.number}]" for e in cited) + ".")
        if query.summary:
            shown = {id(e) for e in ranked}
            return self._open_digest([*ranked, *(e for e in evidence if id(e) not in shown)])
        if top.relevance < self.config.open_min_relevance:
            # "did I see a cat on Sunday": nothing clear is no proof it did not happen, only that none was found
            text = "Not that I can find: nothing recorded clearly shows it." if intent == "yes_no" else \
                "I don't know: the evidence found does not clearly answer this."
            return Decision(text, None, round(top.relevance, 3), ranked[:3],
                            "The best match shares too little with the question.", abstained=True)
        conf = round(top.relevance, 3)
        refs = f"[{top.number}]"
        if intent == "yes_no":
            if (said_by := self._yes_no_voice(query, ranked)) is not None:
                top, refs, theirs = said_by[0], f"[{said_by[0].number}]", said_by[1]
                if not theirs:  # "did Hana say anything about Miami": the line that does is surely someone else's
                    return Decision(f"No: {self._said(top)}", None, conf, [top],
                                    f"The line that mentions it {refs} is in another voice.")
            shown = self._said(top) if top.hit.modality == "audio" else top.hit.text
            return Decision(f"Yes: {shown}", None, conf, ranked[:3], f"The best match shows it {refs}.")
        if intent == "who" and not (query.quoted or query.said_what) and query.ordinal in {"first", "last"} and \
                (turn := self._first_or_last_voice(query, ranked)) is not None:
            return turn
        if intent == "who" and not (query.quoted or query.said_what):
            shown_who = self._open_people(query, ranked)
            if shown_who is not None:
                return shown_who
        if intent == "who":
            people: Counter[str] = Counter()
            one_turn = bool(query.quoted or query.said_what)  # "who said '…'" / "who said the apple is Nia's"
            for e in ranked:
                for name, weight in self._as_wearer(e.hit).items():
                    if not (query.excludes_wearer and name == "me"):
                        if one_turn:  # the lines of one quote are one turn: its likeliest voice, not a sum
                            people[name] = max(people[name], weight * e.relevance)
                        else:
                            people[name] += weight * e.relevance
                if one_turn and e.hit.modality == "audio" and not self.voices(e.hit):
                    people[e.hit.speaker or "someone"] += e.relevance  # an unnamed voice: its label
                if one_turn:  # "who said '…'": the voice of the line, nobody else's company
                    continue
                for key in ("target", "source", "people"):
                    value = e.hit.extra.get(key)
                    names = value if isinstance(value, list) else [value]
                    for name in names:
                        if isinstance(name, str) and name.lower() != "me" and (
                                _between_people(e) or key == "people"):
                            people[name] += e.relevance
            if people:
                name, weight = people.most_common(1)[0]
                cited = [e for e in ranked if name in self._as_wearer(e.hit) or name in e.hit.text
                         or name == e.hit.speaker][:3] or ranked[:1]
                shown = self._wearer_label() if name == "me" else self._spelt(name)
                return Decision(shown, None, round(min(1.0, weight / sum(people.values())), 3), cited,
                                f"{shown}: the voice or face of the best-matching evidence "
                                + " ".join(f"[{e.number}]" for e in cited) + ".")
        if intent == "when" and query.how_long:
            return self._open_how_long(plan, ranked)
        if intent == "when":
            clock = self.clock or Clock(0.0)
            moment = self._when_moment(query, plan, ranked)
            # to the minute, as a user says a time ("14:34"); the citation keeps the second
            label = f"day {clock.day(moment.hit.t0)} at {clock.local(moment.hit.t0):%H:%M}"
            return Decision(label, None, round(moment.relevance, 3), [moment],
                            f"The moment asked for is at {clock.label(moment.hit.t0)} [{moment.number}].")
        if intent == "where":
            return self._open_where(query, plan, list(evidence) or ranked, ranked)
        if intent in {"what", "other"} and asks_object(query):
            return self._open_object(query, plan, evidence, target_ev)
        if intent == "text" or top.hit.modality == "ocr":
            # text hits (read where and when asked) before the words a frame's description carries
            read = next(((e, words) for e in sorted(ranked, key=lambda e: e.hit.modality != "ocr")
                         if (words := text_read(e))), None)
            if read is not None:
                return Decision(f"'{read[1]}'", None, conf, [read[0], *[e for e in ranked if e is not read[0]][:2]],
                                f"The text read on screen [{read[0].number}].")
            if intent == "text":  # what a frame shows is no answer to what was written
                return Decision("I don't know: no text was read on screen there.", None, 0.0, ranked[:3],
                                "None of the evidence found carries text read on screen.", abstained=True)
        if query.wants("near_camera") and top.hit.modality == "visual":
            near = re.search(r"near:\s*([^;]+)", top.hit.text)
            if near:
                return Decision(near[1].strip(), None, conf, [top], f"Held close to the camera {refs}.")
        if asks_topic(query):
            return self._open_topic(query, ranked)
        other: Evidence | None = None
        if query.wants("speech") and intent in {"what", "other"}:
            about = [w for sub in plan.subtasks for w in sub.about if w]
            lines = ranked_lines(query, about, ranked, self.by_them, self.similarity, parse, self.config)
            if lines:
                top, refs = lines[0][1], f"[{lines[0][1].number}]"
                # the same person may have said it twice, differently ("the hospital" on one day, "the cinema"
                # on another): a line at another moment that answers nearly as well is given too
                other = next((e for score, e in lines[1:] if score >= self.config.open_other_share * lines[0][0]
                              and abs(e.hit.t0 - top.hit.t0) > self.config.event_gap_s), None)
        if top.hit.modality == "audio":
            # the line's part that answers, when the question asks about speech or names what it asks for
            # ("which platform …": the platform a line names)
            phrase = self._as_known(query, short_answer(query, top.hit.text, parse)
                                    if query.wants("speech") or query.asked_for else None)
            alt = self._as_known(query, short_answer(query, other.hit.text, parse) if other is not None else None)
            if other is not None and phrase and alt and terms(alt) != terms(phrase):
                label = (self.clock or Clock(0.0)).label
                text = (f"{phrase} ({self._said(top, label(top.hit.t0))}), or {alt} "
                        f"({self._said(other, label(other.hit.t0))})")
                return Decision(text, None, round(conf * 0.5, 3), [top, other],
                                f"Two lines at different moments answer: {refs} and [{other.number}].")
            quote = self._said(top)
            return Decision(f"{phrase} ({quote})" if phrase else quote, None, conf,
                            [top, *[e for e in ranked if e is not top][:2]], f"The line that answers {refs}.")
        return Decision(top.hit.text, None, conf, ranked[:3], f"The best-matching evidence is {refs}.")
