"""The agent as a flow of node functions over its typed state (`agent/flow.py`):

understand → plan → (route → run_tool → analyze)* → grade → (re-plan once | answer)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from vidmem.agent.analyzer import gate, said_again, whole_quote_first
from vidmem.agent.answer import (
    Answer,
    Citer,
    Decision,
    EvidenceAnswerer,
    LLMAnswerer,
    number_evidence,
    target_subtasks,
)
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.flow import END, Flow
from vidmem.agent.planner_llm import LLMPlanner
from vidmem.agent.planner_rules import RulePlanner, other_words
from vidmem.agent.query import Query, QueryReader, Timeline
from vidmem.agent.state import AgentState, MemoryEntry, Plan, Subtask, TraceEvent, clock_seconds
from vidmem.agent.tools import ToolRegistry
from vidmem.retrieval.places import same_place
from vidmem.retrieval.types import Hit
from vidmem.timeline import Clock

Observer = Callable[[TraceEvent], None]


class Planner(Protocol):
    def plan(self, query: Query) -> Plan: ...


class Reader(Protocol):
    def read(self, question: str, options: Sequence[str] = ()) -> Query: ...


def _anchor_event(entry: MemoryEntry, pick: str = "best", config: AgentConfig = DEFAULT
                  ) -> tuple[float, float] | None:
    """The span of the anchor's moment (its best hit, or its earliest / latest): contiguous hits of the same
    video around that hit; for a visit, the back-to-back visits going by its name (one stay the pictures cut in
    two)."""
    if not entry.evidence:
        return None
    best = entry.evidence[0]
    if pick == "first":
        best = min(entry.evidence, key=lambda h: h.t0)
    elif pick == "last":
        best = max(entry.evidence, key=lambda h: h.t1)
    if best.modality == "audio":
        return best.t0, best.t1  # one utterance: neighbouring ones are other moments
    same = sorted((h for h in entry.evidence if h.video_id == best.video_id), key=lambda h: h.t0)
    gap_s = config.event_gap_s
    if best.modality == "place":  # neighbouring visits are other places, unless they go by the same name
        name = str(best.extra.get("place") or "")
        same = [h for h in same if same_place(str(h.extra.get("place") or ""), name)]
        gap_s = config.stay_gap_s
    elif best.extra.get("named_in_view"):  # where a line named the thing: frames near it may show something else
        same = [h for h in same if h.extra.get("named_in_view")]
    lo, hi = best.t0, best.t1
    changed = True
    while changed:
        changed = False
        for h in same:
            if h.t1 >= lo - gap_s and h.t0 <= hi + gap_s and (h.t0 < lo or h.t1 > hi):
                lo, hi = min(lo, h.t0), max(hi, h.t1)
                changed = True
    return lo, hi


def resolve_time_range(sub: Subtask, memory: Sequence[MemoryEntry], clock: Clock,
                       anchor_pick: str = "best", config: AgentConfig = DEFAULT) -> tuple[float, float] | None:
    """Absolute [t0, t1] for a subtask from its day, clock window and anchor (intersected)."""
    ranges: list[tuple[float, float]] = []
    if sub.spans:
        ranges.append((min(r[0] for r in sub.spans), max(r[1] for r in sub.spans)))
    if sub.day is not None:
        day0, day1 = clock.day_range(sub.day)
        if sub.clock is not None:
            ranges.append((day0 + clock_seconds(sub.clock[0]), day0 + clock_seconds(sub.clock[1])))
        else:
            ranges.append((day0, day1))
    if sub.ref is not None:
        entry = next((m for m in memory if m.subtask == sub.ref), None)
        span = _anchor_event(entry, anchor_pick, config) if entry is not None else None
        if span is not None:
            start, end = span
            if sub.relation == "before":
                edge = end if sub.edge == "end" else start
                ranges.append((edge - sub.window_s, edge))
            elif sub.relation == "after":
                edge = start if sub.edge == "start" else end
                ranges.append((edge, edge + sub.window_s))
            else:  # during / around: the anchor's moment widened by the window
                ranges.append((start - sub.window_s / 2, end + sub.window_s / 2))
    if not ranges:
        return None
    lo = max(r[0] for r in ranges)
    hi = min(r[1] for r in ranges)
    return (lo, hi) if lo <= hi else ranges[-1]


def each_time_range(sub: Subtask, memory: Sequence[MemoryEntry], clock: Clock,
                    config: AgentConfig = DEFAULT) -> list[tuple[float, float]]:
    """The windows of a step hanging on a pick="each" step: one per hit of it that scores `each_share` of its
    best (each the window `resolve_time_range` gives that hit alone), in the anchor's order."""
    entry = next((m for m in memory if m.subtask == sub.ref), None)
    if entry is None or not entry.evidence:
        return []
    top = max(h.score for h in entry.evidence)
    out: list[tuple[float, float]] = []
    for hit, times, source, rel in zip(entry.evidence, entry.times, entry.sources,
                                       entry.relevance or [0.0] * len(entry.evidence), strict=True):
        if (not entry.every and hit.score < config.each_share * top) or len(out) >= config.each_max:
            continue
        alone = MemoryEntry(entry.subtask, entry.tool, [hit], [times], [source], [rel])
        window = resolve_time_range(sub, [alone], clock, "best")
        if window is not None and window not in out:
            out.append(window)
    return out


def _narrow(sub: Subtask, config: AgentConfig) -> bool:
    """The question's own time words set a window narrow enough to be evidence by itself ("around 14:05")."""
    return bool(sub.spans) and all(b - a <= config.narrow_window_s for a, b in sub.spans or [])


def clip(time_range: tuple[float, float] | None, scope: tuple[float, float] | None) -> tuple[float, float] | None:
    """A step's window inside the scope's span; the whole span when the step has none or falls outside it."""
    if scope is None:
        return time_range
    if time_range is None:
        return scope
    lo, hi = max(time_range[0], scope[0]), min(time_range[1], scope[1])
    return (lo, hi) if lo <= hi else scope


# a time word a plan talked about may carry ("which restaurant did I suggest for dinner tonight")
_TALKED_TIME = re.compile(r"\b(?:tonight|tomorrow|later)\b", re.I)


def relax(plan: Plan, memory: Sequence[MemoryEntry], options: Sequence[str] = (), talked_time: bool = False) -> Plan:
    """The rule re-plan: steps that found nothing lose their filters and widen their windows (a transcript search
    for what was said, its time too where that time is one a plan talks of: `talked_time`). A transcript
    search for what someone said that found nothing also looks for the options' own words: the question may
    paraphrase what was said ("something that went missing" for "have you seen my scarf?"), and the answer
    among the options is then the one said (the answerer weighs each line by whose voice it is). Asked without
    options, the graph passes the question's other words instead (`planner_rules.other_words`)."""
    found = {m.subtask for m in memory if m.evidence}
    subtasks = []
    # each option whole, set off by commas: "quarter to eight" stays a time, not words shared out among them
    option_words = ", ".join(dict.fromkeys(o.strip() for o in options if o.strip()))
    for i, sub in enumerate(plan.subtasks):
        if i in found:
            subtasks.append(sub)
            continue
        args = {k: v for k, v in sub.args.items() if k not in {"speaker", "place", "people", "relationship"}}
        if "k" in args:
            args["k"] = min(100, int(args["k"]) * 2)
        if option_words and sub.tool == "audio_search" and plan.intent in {"what", "other"} and \
                args.get("query") not in {None, "*"}:
            args["query"] = f"{args['query']}, {option_words}"
        update: dict[str, Any] = {"args": args, "clock": None, "window_s": min(86_400.0, sub.window_s * 3)}
        if talked_time and sub.tool == "audio_search" and plan.intent in {"what", "other"}:
            # the time word may be one of what was said ("which restaurant did I suggest for dinner tonight"):
            # the answer cites when it was said
            update.update(spans=None, day=None)
        if sub.ref is not None and (sub.ref not in found or _by_look(plan.subtasks[sub.ref], sub)):
            update.update(ref=None, relation="around")
        subtasks.append(sub.model_copy(update=update))
    return Plan(intent=plan.intent, subtasks=subtasks, source="replan")


def _by_look(anchor: Subtask, sub: Subtask) -> bool:
    """What was said during moments found only by their look: "while I was at the cafe" where no visit goes by
    that name (frames that look like it, or show its word on a sign hanging elsewhere), or "while I saw the
    kite" (frames labelled like it). That is the weakest of windows, so a search for what was said that found
    nothing in it looks again without it."""
    return anchor.tool == "visual_search" and sub.tool == "audio_search" and sub.relation == "during"


def _summary(plan: Plan, memory: Sequence[MemoryEntry], clock: Clock) -> str:
    lines = []
    for i, sub in enumerate(plan.subtasks):
        entry = next((m for m in memory if m.subtask == i), None)
        n = len(entry.evidence) if entry else 0
        first = f", first at {clock.label(entry.times[0][0])}" if entry and entry.times else ""
        lines.append(f"step {i} {sub.tool}({sub.args}) kept {n} results{first}")
    return "\n".join(lines)


class Agent:
    def __init__(self, registry: ToolRegistry, *, clock: Clock, video_names: dict[int, str] | None = None,
                 planner: Planner | LLMPlanner | None = None, answerer: LLMAnswerer | EvidenceAnswerer | None = None,
                 reader: Reader | None = None,
                 config: AgentConfig = DEFAULT, max_replans: int = 1,
                 videos: Sequence[int] | None = None, video_spans: dict[int, tuple[float, float]] | None = None
                 ) -> None:
        """`videos` bounds every tool call to those videos; `video_spans` (id → absolute [start, end]) lets
        `route` also clip each step's time window to them."""
        self.registry = registry
        self.videos = tuple(videos) if videos is not None else None
        self.video_starts = {v: span[0] for v, span in (video_spans or {}).items()}
        spans = [video_spans[v] for v in self.videos or () if video_spans and v in video_spans]
        self.scope_span = (min(s[0] for s in spans), max(s[1] for s in spans)) if spans else None
        self.clock = clock
        self.citer = Citer(clock, video_names or {})
        self.planner = planner or RulePlanner(registry.names())
        self.reader = reader or QueryReader(Timeline(clock))
        self.answerer = answerer or EvidenceAnswerer(clock=clock)
        self.config = config
        self.max_replans = max_replans
        self._observer: Observer | None = None
        self.flow = self._build()

    # -- nodes ---------------------------------------------------------------------------------

    def _emit(self, state: AgentState, step: str, detail: str, **data: Any) -> list[TraceEvent]:
        event = TraceEvent(step, detail, data, round(time.perf_counter() - state.get("_t0", time.perf_counter()), 4))  # type: ignore[call-overload]
        if self._observer is not None:
            self._observer(event)
        return [*state.get("trace", []), event]

    def _add_time(self, state: AgentState, key: str, seconds: float) -> dict[str, float]:
        timings = dict(state.get("timings", {}))
        timings[key] = timings.get(key, 0.0) + seconds
        return timings

    def _understand(self, state: AgentState) -> dict[str, Any]:
        """Read the question once into a Query; every later node reads the Query."""
        start = time.perf_counter()
        query = self.reader.read(state["question"], state.get("options", []))
        when = f"; time: {query.time.text}" if query.time else ""
        anchor = f"; anchor ({query.anchor.relation}, {query.anchor.kind}): {query.anchor.text}" if query.anchor else ""
        detail = f"{query.intent} ({query.intent_source}, margin {query.intent_confidence:.2f}); " \
                 f"evidence: {', '.join(query.modalities) or '-'}{when}{anchor}"
        trace = self._emit(state, "understand", detail, query=query.model_dump(exclude={"text"}))
        return {"query": query, "trace": trace, "timings": self._add_time(state, "plan", time.perf_counter() - start)}

    def _plan(self, state: AgentState) -> dict[str, Any]:
        start = time.perf_counter()
        query = state["query"]
        replanning = state.get("replans", 0) > 0
        attempts = None
        second = replanning and query.otherwise is not None and not any(m.evidence for m in state.get("memory", []))
        if second:
            # the first reading found nothing ("where did I leave my keys": nobody said): the second one's plan
            query, replanning = query.otherwise, False
        if replanning and isinstance(self.planner, LLMPlanner):
            report = self.planner.plan(query, learned=_summary(state["plan"], state["memory"], self.clock))
            plan, attempts = report.plan, report.attempts
        elif replanning:
            asked = state["query"]
            plan = relax(state["plan"], state.get("memory", []), asked.options or [" ".join(other_words(asked))],
                         talked_time=asked.time is not None and _TALKED_TIME.search(asked.time.text) is not None)
        elif isinstance(self.planner, LLMPlanner):
            report = self.planner.plan(query)
            plan, attempts = report.plan, report.attempts
        else:
            plan = self.planner.plan(query)
        data: dict[str, Any] = {"source": plan.source, "intent": plan.intent,
                                "subtasks": [s.model_dump() for s in plan.subtasks]}
        if attempts is not None:
            data["rejected"] = [a.error for a in attempts if a.error]
        lines = "; ".join(f"{i}. {s.tool}({_args(s.args)})" + (f" {s.relation} step {s.ref}" if s.ref is not None
                                                              else "") for i, s in enumerate(plan.subtasks))
        trace = self._emit(state, "replan" if replanning or second else "plan", lines, **data)
        memory = [m for m in state.get("memory", []) if replanning and m.evidence and
                  plan.subtasks[m.subtask:m.subtask + 1] == state["plan"].subtasks[m.subtask:m.subtask + 1]]
        return {"plan": plan, "query": query, "cursor": 0, "memory": memory, "trace": trace,
                "timings": self._add_time(state, "plan", time.perf_counter() - start)}

    def _route(self, state: AgentState) -> dict[str, Any]:
        plan, cursor = state["plan"], state["cursor"]
        sub = plan.subtasks[cursor]
        pick = plan.subtasks[sub.ref].pick if sub.ref is not None else "all"
        time_range = clip(resolve_time_range(sub, state.get("memory", []), self.clock, pick, self.config),
                          self.scope_span)
        windows = [w for w in (clip(w, self.scope_span) for w in each_time_range(
            sub, state.get("memory", []), self.clock, self.config)) if w is not None] if pick == "each" else []
        if windows:  # every visit of the place, searched one by one; the gate reads their hull
            time_range = (min(w[0] for w in windows), max(w[1] for w in windows))
        call = {"subtask": cursor, "tool": sub.tool, "args": dict(sub.args), "time_range": time_range,
                "windows": windows,
                # a window from an anchor or a clock time is itself evidence of relevance
                "anchored": (sub.ref is not None or sub.clock is not None or _narrow(sub, self.config))
                and time_range is not None}
        when = f" in {self.clock.label(time_range[0])} – {self.clock.label(time_range[1] - 1e-3)}" if time_range else ""
        return {"call": call, "trace": self._emit(state, "route", f"step {cursor}: {sub.goal}{when}", **call)}

    def _run_tool(self, state: AgentState) -> dict[str, Any]:
        call = state["call"]
        start = time.perf_counter()
        meta: dict[str, Any] = {}
        try:
            hits, meta = self._call(call)
            if not hits and self._place_then(state["plan"].subtasks[call["subtask"]], call):
                # "at the harbour around 11:06" and no visit then goes by that name (its arrival line was
                # misheard, or said at another visit): the visit where I was at that time
                hits, meta = self._call({**call, "args": {**call["args"], "query": "*", "k": 1}})
                meta = {**meta, "fallback": "no visit by that name then: the place where I was then"}
            detail = f"{call['tool']} → {len(hits)} hits" + "".join(
                f"\n    {self.citer.cite(h).label} {h.speaker + ': ' if h.speaker else ''}{h.text[:90]}"
                for h in hits[:3])
        except Exception as exc:  # one failing tool must not sink the question; the trace says why
            hits, meta = [], {"error": f"{type(exc).__name__}: {exc}"}
            detail = f"{call['tool']} failed: {meta['error']}"
        trace = self._emit(state, "tool", detail, hits=len(hits), **meta)
        return {"results": hits, "results_meta": meta, "trace": trace,
                "timings": self._add_time(state, "tools", time.perf_counter() - start)}

    def _place_then(self, sub: Subtask, call: dict[str, Any]) -> bool:
        """A place asked by name at a clock time the question gives (not at another step's moment)."""
        return call["tool"] == "place_search" and str(call["args"].get("query", "*")) != "*" and \
            sub.ref is None and call["time_range"] is not None and (sub.clock is not None or _narrow(sub, self.config))

    def _analyze(self, state: AgentState) -> dict[str, Any]:
        call, plan = state["call"], state["plan"]
        start = time.perf_counter()
        spans = plan.subtasks[call["subtask"]].spans or []
        results = state.get("results", [])
        if len(spans) > 1:  # a clock time on several days: the tool searched their hull
            results = [h for h in results if any(h.t1 >= a and h.t0 <= b for a, b in spans)]
        entry, rejected = gate(call["subtask"], call["tool"], call["args"], results,
                               call["time_range"], anchored=call["anchored"], counting=plan.intent == "how_many",
                               config=self.config)
        entry = self._prefer_voices(entry, plan.subtasks[entry.subtask].about, plan.subtasks[entry.subtask].pick)
        if call["tool"] == "visual_search" and any(s.ref == entry.subtask for s in plan.subtasks):
            # "where the kite was in view": the moments a line named it in view come first
            entry = self._named_first(entry, str(call["args"].get("query", "")), call["time_range"])
        if call["tool"] == "audio_search" and any(s.ref == entry.subtask for s in plan.subtasks):
            # an anchor line ("when Rosa said '…'"): the moment that says most of it, lines back to back as one
            # ("where was I when Rosa said '…'" as well: the quote's moment locates the place)
            query = state["query"]
            quote = query.anchor.quoted if query.anchor is not None and query.anchor.quoted else query.quoted
            entry = whole_quote_first(entry, str(call["args"].get("query", "")), self.config.quote_gap_s,
                                      quote=quote, tie=self.config.quote_spelling_tie)
            if quote and plan.subtasks[entry.subtask].pick == "best":
                entry, plan = self._said_again(entry, plan, str(call["args"].get("query", "")), quote)
        memory = [m for m in state.get("memory", []) if m.subtask != entry.subtask] + [entry]
        again = {"said_again": len(entry.evidence)} if entry.every else {}
        trace = self._emit(state, "analyze", f"step {entry.subtask}: kept {len(entry.evidence)}, "
                           f"rejected {len(rejected)}" + (", the same line said at each" if entry.every else ""),
                           kept=entry.sources, rejected=[why for _, why in rejected[:5]], **again)
        return {"memory": memory, "cursor": state["cursor"] + 1, "trace": trace, "results": [], "plan": plan,
                "timings": self._add_time(state, "tools", time.perf_counter() - start)}

    def _said_again(self, entry: MemoryEntry, plan: Plan, query: str, quote: str) -> tuple[MemoryEntry, Plan]:
        """An anchor line said word for word at several moments (by the asked voice, when one is asked and heard
        at any): every one is a moment the question may mean, so the step keeps only those lines and the steps
        hanging on it search during each (its pick becomes "each")."""
        leads = said_again(entry, query, quote, self.config.quote_gap_s, self.config.quote_spelling_tie,
                           self.config.quote_repeat_tie)
        about = plan.subtasks[entry.subtask].about
        if about and len(leads) > 1:
            judge = self.answerer if isinstance(self.answerer, EvidenceAnswerer) else self.answerer.fallback
            voiced = [i for i in leads if any(judge.voice_weight(entry.evidence[i], who) >= self.config.voice_min
                                              for who in about)]
            leads = voiced or leads
        if len(leads) < 2:
            return entry, plan
        keep = [i for i in range(len(entry.evidence)) if i in leads][: self.config.each_max]
        trimmed = MemoryEntry(entry.subtask, entry.tool, [entry.evidence[i] for i in keep],
                              [entry.times[i] for i in keep], [entry.sources[i] for i in keep],
                              [entry.relevance[i] for i in keep] if entry.relevance else [], every=True)
        steps = list(plan.subtasks)
        steps[entry.subtask] = steps[entry.subtask].model_copy(update={"pick": "each"})
        return trimmed, plan.model_copy(update={"subtasks": steps})

    def _grade(self, state: AgentState) -> dict[str, Any]:
        plan, memory = state["plan"], state.get("memory", [])
        targets = target_subtasks(plan)
        enough = any(m.evidence for m in memory if m.subtask in targets)
        # what was said, searched by the question's words, found nothing (a place found beside it does not
        # answer): the re-plan also looks for the options' own words, or the question's other words (`relax`)
        found = {m.subtask for m in memory if m.evidence}
        more_words = bool(state.get("options")) or bool(other_words(state["query"]))
        unheard = plan.intent in {"what", "other"} and more_words and any(
            i not in found and plan.subtasks[i].tool == "audio_search" for i in targets)
        replan = (not enough or unheard) and state.get("replans", 0) < self.max_replans
        trace = self._emit(state, "grade", "enough evidence" if enough else
                           ("too little evidence: re-planning" if replan else "too little evidence"))
        return {"trace": trace, "replans": state.get("replans", 0) + (1 if replan else 0), "_replan": replan}

    def _answer(self, state: AgentState) -> dict[str, Any]:
        start = time.perf_counter()
        query, options = state["query"], state.get("options", [])
        evidence = number_evidence(state.get("memory", []))
        decision: Decision
        if isinstance(self.answerer, LLMAnswerer):
            decision = self.answerer.decide(query, options, state["plan"], evidence, self.citer)
        else:
            decision = self.answerer.decide(query, options, state["plan"], evidence)
        timings = self._add_time(state, "answer", time.perf_counter() - start)
        citations = [self.citer.cite(e.hit) for e in decision.cited]
        trace = self._emit(state, "answer", decision.text, choice=decision.choice, confidence=decision.confidence,
                           citations=[c.label for c in citations], justification=decision.justification,
                           decided_by=decision.decided_by, scorer_choice=decision.scorer_choice,
                           option_scores=[round(x, 3) for x in decision.option_scores])
        answer = Answer(decision.text, decision.choice, decision.confidence, citations, trace,
                        abstained=decision.abstained, justification=decision.justification, timings=timings,
                        tokens={"in": decision.tokens_in, "out": decision.tokens_out})
        return {"answer": answer, "trace": trace, "timings": timings}

    def _named_first(self, entry: MemoryEntry, thing: str, time_range: tuple[float, float] | None) -> MemoryEntry:
        """An anchor found by looking for a thing: the moments lines named it in view ("look, I found this kite",
        `answer/same_thing.py`) lead the frames found by their labels, which often call it something else."""
        judge = self.answerer if isinstance(self.answerer, EvidenceAnswerer) else self.answerer.fallback
        if judge.same is None or not thing.strip():
            return entry
        lo, hi = time_range or (float("-inf"), float("inf"))
        spans = [(v, t0, t1) for v, t0, t1 in judge.same.named(thing) if lo <= t0 <= hi and
                 (self.videos is None or v in self.videos)]
        if not spans:
            return entry
        top = max([h.score for h in entry.evidence], default=1.0)
        named = [Hit("visual", v, t0, t1, top, f"a line named the {thing} in view",
                     offset_s=t0 - self.video_starts.get(v, t0), extra={"named_in_view": thing}) for v, t0, t1 in spans]
        return MemoryEntry(entry.subtask, entry.tool, [*named, *entry.evidence],
                           [(h.t0, h.t1) for h in named] + list(entry.times),
                           [f"named:{h.video_id}:{h.t0:.1f}" for h in named] + list(entry.sources),
                           [1.0] * len(named) + list(entry.relevance or [0.5] * len(entry.evidence)))

    def _prefer_voices(self, entry: MemoryEntry, about: Sequence[str], pick: str = "all") -> MemoryEntry:
        """Among near-equal transcript matches, the asked person's lines first: the same sentence is often
        said by several people ("Perfect, I will ask Priya to come too."), and "when I said it" means the
        wearer's line, whose voice is seldom named for sure (soft voice weights, as the answerer uses)."""
        judge = self.answerer if isinstance(self.answerer, EvidenceAnswerer) else self.answerer.fallback
        if not about or not entry.evidence or entry.tool != "audio_search":
            return entry
        best = max(entry.relevance or [0.0])
        rows = list(zip(entry.evidence, entry.times, entry.sources,
                        entry.relevance or [0.0] * len(entry.evidence), strict=True))

        def key(row: tuple[Hit, Any, Any, float]) -> tuple[bool, bool]:
            close = row[3] >= self.config.near_equal * best
            voiced = any(judge.voice_weight(row[0], who) >= self.config.voice_min for who in about)
            return (not close, not voiced)  # stable: keeps the gate's order otherwise

        rows.sort(key=key)
        voiced = [r for r in rows if not key(r)[1]]
        if pick in {"first", "last"} and voiced:
            rows = voiced  # "the first time Olga spoke": her earliest line, not the earliest line of anyone
        return MemoryEntry(entry.subtask, entry.tool, [r[0] for r in rows], [r[1] for r in rows],
                           [r[2] for r in rows], [r[3] for r in rows])

    def _call(self, call: dict[str, Any]) -> tuple[list[Hit], dict[str, Any]]:
        """The step's tool over its window, or over each of its windows (their hits in turn, each once)."""
        if len(call.get("windows") or []) <= 1:
            output = self.registry.call(call["tool"], call["args"], call["time_range"], **self._scoped())
            return list(output.hits), dict(output.meta)
        hits: list[Hit] = []
        meta: dict[str, Any] = {}
        seen: set[tuple[str, int, float, int | None]] = set()
        for window in call["windows"]:
            output = self.registry.call(call["tool"], call["args"], window, **self._scoped())
            meta.update(output.meta)
            for h in output.hits:
                key = (h.modality, h.video_id, h.t0, h.source_id)
                if key not in seen:
                    seen.add(key)
                    hits.append(h)
        return hits, meta

    def _scoped(self) -> dict[str, Any]:
        return {"videos": self.videos} if self.videos is not None else {}

    # -- wiring --------------------------------------------------------------------------------

    def _build(self) -> Flow[_GraphState]:
        flow: Flow[_GraphState] = Flow()
        flow.add("understand", self._understand, "plan")
        flow.add("plan", self._plan, "route")
        flow.add("route", self._route, "run_tool")
        flow.add("run_tool", self._run_tool, "analyze")
        flow.add("analyze", self._analyze, lambda s: "route" if s["cursor"] < len(s["plan"].subtasks) else "grade")
        flow.add("grade", self._grade, lambda s: "plan" if s.get("_replan") else "answer")
        flow.add("answer", self._answer, END)
        return flow.check()

    def ask(self, question: str, options: Sequence[str] | None = None,
            observer: Observer | None = None) -> Answer:
        question = " ".join((question or "").split())
        if not question:
            raise ValueError("the question is empty")
        self._observer = observer
        try:
            state = self.flow.run(
                {"question": question, "options": list(options or []), "memory": [], "trace": [], "replans": 0,
                 "timings": {"plan": 0.0, "tools": 0.0, "answer": 0.0}, "_t0": time.perf_counter()},
                limit=100,
            )
        finally:
            self._observer = None
        answer: Answer = state["answer"]
        return answer


class _GraphState(AgentState, total=False):
    _t0: float
    _replan: bool


def _args(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items() if k != "k")


__all__ = ["Agent", "Hit", "clip", "relax", "resolve_time_range"]
