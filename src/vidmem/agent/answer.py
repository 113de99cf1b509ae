"""Answer synthesis from working memory: justification first, then the answer, with citations.

Two answerers share one output: `LLMAnswerer` (a chat model reads the numbered evidence) and
`EvidenceAnswerer` (no model: options scored against the evidence by terms, speakers, counts and times).
Open questions abstain when nothing supports an answer; multiple choice always picks the best-supported
option, as evaluation requires.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, Field, create_model

from vidmem.agent.analyzer import hit_terms, speaker_name, terms
from vidmem.agent.speakers import SpeakerDirectory
from vidmem.agent.state import MemoryEntry, Plan, TraceEvent
from vidmem.models.chat import ChatError
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.retrieval.types import Hit
from vidmem.timeline import Clock, format_offset

LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Citation:
    video: str  # file name
    video_id: int
    time: float  # absolute, seconds since epoch
    offset_s: float  # into the file
    modality: str
    snippet: str
    label: str  # "day 2 14:03:12 (file.mp4 @ 00:03:12)"
    t1: float | None = None


@dataclass
class Answer:
    text: str
    choice: str | None
    confidence: float
    citations: list[Citation]
    trace: list[TraceEvent] = field(default_factory=list)
    abstained: bool = False
    justification: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=lambda: {"in": 0, "out": 0})  # the answering model's

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["trace"] = [asdict(e) for e in self.trace]
        return out


# --- multiple-choice parsing -----------------------------------------------------------------

_ANSWER_IS = re.compile(
    r"(?:answer|choice|option)\s*(?:is|would be|:)?\s*[:\-]?\s*(?:option\s*)?(?:\(([A-Ha-h])\)|\b([A-H])\b(?![\w']))",
    re.I)
_LEADING = re.compile(r"^\s*\(?([A-H])\)?(?:[.):]|\s*$|\s)")
_PAREN = re.compile(r"\(([A-H])\)")
_BARE = re.compile(r"(?<![\w'])([A-H])(?![\w'])")


def _option_body(option: str) -> str:
    return re.sub(r"^\s*\(?[A-Ha-h][.):]\s*", "", option).strip()


def parse_choice(text: str, options: Sequence[str] = (), n: int | None = None) -> str | None:
    """The letter a reply chose: "The answer is (C)." → C, "THE ANSWER IS C" → C, "B. a cat" → B."""
    count = n or (len(options) if options else 4)
    valid = LETTERS[:count]
    matches = [m for m in _ANSWER_IS.finditer(text) if (m[1] or m[2]).upper() in valid]
    # an answer phrase with an uppercase letter, or a parenthesised one; the last one wins (after reasoning)
    matches = [m for m in matches if m[1] or m[2].isupper()]
    if matches:
        m = matches[-1]
        return (m[1] or m[2]).upper()
    lead = _LEADING.match(text)
    if lead and lead[1] in valid:
        return lead[1]
    parens = [m[1] for m in _PAREN.finditer(text) if m[1] in valid]
    if parens:
        return parens[-1]
    bodies = {LETTERS[i]: _option_body(o).lower() for i, o in enumerate(options)}
    named = [letter for letter, body in bodies.items() if body and body in text.lower()]
    if len(named) == 1:
        return named[0]
    bare = {m[1] for m in _BARE.finditer(text) if m[1] in valid and m[1] not in "AI"}
    if len(bare) == 1:
        return bare.pop()
    return None


_UNKNOWN = re.compile(r"\b(unknown|cannot (?:be )?(?:determine|tell|answer)|not enough (?:evidence|information)|"
                      r"no evidence|does not (?:say|show|support))\b", re.I)


# --- evidence and citations ------------------------------------------------------------------

@dataclass(frozen=True)
class Evidence:
    number: int
    hit: Hit
    relevance: float
    subtask: int
    tool: str


def number_evidence(memory: Sequence[MemoryEntry]) -> list[Evidence]:
    out: list[Evidence] = []
    seen: set[tuple[str, int, float, str]] = set()
    for entry in memory:
        for i, hit in enumerate(entry.evidence):
            key = (hit.modality, hit.video_id, round(hit.t0, 1), hit.text)
            if key in seen:
                continue
            seen.add(key)
            rel = entry.relevance[i] if i < len(entry.relevance) else 0.5
            out.append(Evidence(len(out) + 1, hit, rel, entry.subtask, entry.tool))
    return out


class Citer:
    """Turns hits into citations; needs the Library's clock and file names."""

    def __init__(self, clock: Clock, video_names: dict[int, str]) -> None:
        self.clock = clock
        self.names = video_names

    def cite(self, hit: Hit) -> Citation:
        name = self.names.get(hit.video_id, f"video {hit.video_id}")
        label = f"day {self.clock.day(hit.t0)} {self.clock.clock(hit.t0)} ({name} @ {format_offset(hit.offset_s)})"
        return Citation(name, hit.video_id, hit.t0, hit.offset_s, hit.modality, hit.text[:200], label,
                        hit.t1 if hit.t1 != hit.t0 else None)

    def line(self, ev: Evidence) -> str:
        hit = ev.hit
        who = f" {hit.speaker}:" if hit.speaker else ""
        return f"[{ev.number}] {self.cite(hit).label} {hit.modality}{who} {hit.text[:300]}"


def picked(plan: Plan, evidence: Sequence[Evidence]) -> list[Evidence]:
    """Evidence after each subtask's `pick`: all hits, or only its best / earliest / latest one."""
    out: list[Evidence] = []
    by_subtask: dict[int, list[Evidence]] = {}
    for e in evidence:
        by_subtask.setdefault(e.subtask, []).append(e)
    for i, items in by_subtask.items():
        pick = plan.subtasks[i].pick if i < len(plan.subtasks) else "all"
        if pick == "best":
            items = [max(items, key=lambda e: e.relevance)]
        elif pick == "first":
            items = [min(items, key=lambda e: e.hit.t0)]
        elif pick == "last":
            items = [max(items, key=lambda e: e.hit.t1)]
        out.extend(items)
    return sorted(out, key=lambda e: e.number)


def target_subtasks(plan: Plan) -> set[int]:
    """Subtasks that are not only anchors for later ones: their evidence answers the question."""
    refs = {s.ref for s in plan.subtasks if s.ref is not None}
    targets = {i for i in range(len(plan.subtasks)) if i not in refs}
    return targets or set(range(len(plan.subtasks)))


# --- the rule answerer -------------------------------------------------------------------------

def _events(hits: Sequence[Hit], gap_s: float = 20.0) -> list[list[Hit]]:
    """Hits grouped into distinct moments (a gap of more than `gap_s` starts a new one)."""
    groups: list[list[Hit]] = []
    for hit in sorted(hits, key=lambda h: (h.video_id, h.t0)):
        if groups and groups[-1][-1].video_id == hit.video_id and hit.t0 - max(h.t1 for h in groups[-1]) <= gap_s:
            groups[-1].append(hit)
        else:
            groups.append([hit])
    return groups


_NUMBER_WORDS = {"zero": 0, "none": 0, "once": 1, "one": 1, "twice": 2, "two": 2, "three": 3, "thrice": 3,
                 "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _number(text: str) -> int | None:
    m = re.search(r"\d+", text)
    if m:
        return int(m[0])
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _NUMBER_WORDS:
            return _NUMBER_WORDS[word]
    return None


@dataclass
class Decision:
    text: str
    choice: str | None
    confidence: float
    cited: list[Evidence]
    justification: str
    abstained: bool = False
    # multiple choice: each option's support and the evidence behind it (the evidence check)
    option_scores: list[float] = field(default_factory=list)
    option_support: list[list[Evidence]] = field(default_factory=list)
    tokens_in: int = 0  # the model's tokens, when a model decided
    tokens_out: int = 0


Similarity = Callable[[Sequence[str], Sequence[str]], "np.ndarray"]  # (a, b) → cosine matrix len(a) × len(b)


def minilm_similarity(a: Sequence[str], b: Sequence[str]) -> np.ndarray:
    """Cosine similarity with the Library's text embedder (MiniLM in lite), for paraphrase matching."""
    from vidmem.models.text_embedding import shared_text_embedder

    embedder = shared_text_embedder()
    return np.asarray(embedder.embed(list(a)) @ embedder.embed(list(b)).T, dtype=np.float32)


_NOT_CONTENT = re.compile(r"^(\d+ faces?|person \d+|text|near|indoors|outdoors)$", re.I)


def _parts(hit: Hit) -> list[str]:
    """The separate labels of a frame description or a graph edge, and the place name."""
    pieces = [*re.split(r"[;,:/|]", hit.text), str(hit.extra.get("place") or "")]
    return [p for p in (x.strip(" '\"") for x in pieces) if len(p) > 1 and not _NOT_CONTENT.match(p)]


SEMANTIC_FLOOR = 0.25  # cosine below this says nothing; above it, support grows to 1 at SEMANTIC_FULL
SEMANTIC_FULL = 0.75


_WEARER = re.compile(r"\b(me|myself|the camera wearer|camera wearer|wearer)\b|\(the camera wearer\)", re.I)
_HHMM = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")


def _clock_minutes(text: str) -> int | None:
    m = _HHMM.match(text)
    return int(m[1]) * 60 + int(m[2]) if m else None


def _local_minutes(t: float, clock: Clock | None) -> int:
    local = (clock or Clock(0.0)).local(t)
    return local.hour * 60 + local.minute


def _strong(plan: Plan, evidence: Sequence[Evidence]) -> list[Evidence]:
    """Hits that really show what their search asked for: they carry its words, or score close to the
    subtask's best (semantic search ranks everything, so rank alone is no evidence of presence)."""
    out: list[Evidence] = []
    best: dict[int, float] = {}
    for e in evidence:
        best[e.subtask] = max(best.get(e.subtask, float("-inf")), e.hit.score)
    for e in evidence:
        sub = plan.subtasks[e.subtask] if e.subtask < len(plan.subtasks) else None
        query = terms(str(sub.args.get("query", ""))) if sub is not None else set()
        anchored = sub is not None and sub.ref is not None  # inside an anchor's window: time is the evidence
        worded = bool(query & hit_terms(e.hit))
        close = e.hit.modality == "visual" and e.hit.score >= STRONG_SHARE * best[e.subtask]
        if anchored or worded or close:
            out.append(e)
    return out


_NEXT = re.compile(r"\b(go|went|head(?:ed)?|move[d]?) next\b|\bnext place\b", re.I)


def _next_place(evidence: Sequence[Evidence]) -> list[Evidence]:
    """"Where did I go next after …": the window starts where the anchor happened; the answer is the first
    other place in it (its frames), not the most place-like frame."""
    frames = sorted((e for e in evidence if e.hit.modality == "visual" and e.hit.extra.get("place")),
                    key=lambda e: e.hit.t0)
    if not frames:
        return []
    here = frames[0].hit.extra["place"]
    moved = next((i for i, e in enumerate(frames) if e.hit.extra["place"] != here), None)
    if moved is None:
        return []
    there = frames[moved].hit.extra["place"]
    out = []
    for e in frames[moved:]:
        if e.hit.extra["place"] != there:
            break
        out.append(e)
    return out


STRONG_SHARE = 0.9
VOICE_MIN = 0.3  # a candidate name this likely counts as the voice's identity


class EvidenceAnswerer:
    """No model: reads the answer off the evidence. Words, speakers and labels first; with `similarity`
    (an embedder), paraphrases too ("garden" ~ "daisy, flowerpot")."""

    def __init__(self, similarity: Similarity | None = None, clock: Clock | None = None,
                 speakers: SpeakerDirectory | None = None) -> None:
        self.similarity = similarity
        self.clock = clock
        self.speakers = speakers

    def decide(self, question: str, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence]) -> Decision:
        targets = target_subtasks(plan)
        target_ev = picked(plan, [e for e in evidence if e.subtask in targets]) or list(evidence)
        if options:
            return self._choose(question, options, plan, evidence, target_ev)
        return self._open(plan, target_ev)

    def _choose(self, question: str, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
                target_ev: Sequence[Evidence]) -> Decision:
        bodies = [_option_body(o) for o in options]
        if plan.intent == "where" and _NEXT.search(question):
            target_ev = _next_place(target_ev) or target_ev
        scores = [0.0] * len(options)
        support: list[list[Evidence]] = [[] for _ in options]
        question_terms = terms(question)
        clocks = [_clock_minutes(b) for b in bodies]
        if plan.intent == "how_many":
            strong = _strong(plan, target_ev)
            count = len(_events([e.hit for e in strong]))
            for i, body in enumerate(bodies):
                n = _number(body)
                scores[i] = 1.0 / (1.0 + abs(count - n)) if n is not None else 0.0
                support[i] = list(strong)
            why = f"The evidence shows {count} distinct moment(s)."
        elif plan.intent == "order" and len(plan.subtasks) == 1 and plan.subtasks[0].tool == "audio_search":
            last = bool(re.search(r"\b(last|latest|later|most recently)\b", question.lower()))
            lines = sorted(evidence, key=lambda e: e.hit.t0, reverse=last)
            heard: list[float | None] = []
            for i, body in enumerate(bodies):
                who = next((e for e in lines if self.voice_weight(e.hit, body) >= VOICE_MIN), None)
                support[i] = [who] if who else []
                heard.append(who.hit.t0 if who else None)
            known = sorted((t for t in heard if t is not None), reverse=last)
            for i, t in enumerate(heard):
                if t is not None:
                    scores[i] = 1.0 - known.index(t) / max(len(known), 1)
            why = "Compared when each option's voice was first heard."
        elif plan.intent == "order" and len(plan.subtasks) >= len(options):
            last = bool(re.search(r"\b(last|latest|later|most recently)\b", question.lower()))
            firsts: list[float | None] = []
            for i in range(len(options)):
                hits = sorted(_strong(plan, [e for e in evidence if e.subtask == i]), key=lambda e: e.hit.t0)
                support[i] = hits[:1]
                firsts.append(hits[0].hit.t0 if hits else None)
            known = [t for t in firsts if t is not None]
            for i, t in enumerate(firsts):
                if t is not None:
                    rank = sorted(known, reverse=last).index(t)
                    scores[i] = 1.0 - rank / max(len(known), 1)
            why = "Compared the earliest time each option's event was found."
        elif all(c is not None for c in clocks) and target_ev:
            first = bool(re.search(r"\b(first|earliest)\b", question.lower()))
            strong = _strong(plan, target_ev)
            ranked = sorted(strong, key=lambda e: e.hit.t0) if first else sorted(strong, key=lambda e: -e.relevance)
            moment = ranked[0]
            minutes = _local_minutes(moment.hit.t0, self.clock)
            for i, c in enumerate(clocks):
                scores[i] = 1.0 / (1.0 + abs((c or 0) - minutes) / 15.0)
                support[i] = [moment]
            why = f"The moment found is at {minutes // 60:02d}:{minutes % 60:02d}."
        elif plan.intent == "who":
            scores, support = self._who(bodies, target_ev)
            why = "Matched each option against who spoke in the evidence."
        else:
            semantic = self._semantic(bodies, target_ev)
            for i, body in enumerate(bodies):
                opt_terms = terms(body) - question_terms or terms(body)
                for j, ev in enumerate(target_ev):
                    words = hit_terms(ev.hit)
                    share = len(opt_terms & words) / len(opt_terms) if opt_terms else 0.0
                    if semantic is not None and ev.hit.modality != "audio":  # speech is matched by its words
                        share = max(share, 0.8 * float(semantic[i, j]))
                    value = share * (0.5 + 0.5 * ev.relevance) * self._about(plan, ev)
                    if value > 0:
                        support[i].append(ev)
                        scores[i] = max(scores[i], value) + 0.05 * value  # repeated support counts a little
            why = "Matched each option against the evidence's words and labels."
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        ordered = sorted(scores, reverse=True)
        margin = ordered[0] - (ordered[1] if len(ordered) > 1 else 0.0)
        confidence = max(0.0, min(1.0, 0.5 * min(ordered[0], 1.0) + 0.5 * min(margin, 1.0)))
        if ordered[0] <= 0:
            confidence = 1.0 / len(options)
        cited = sorted(support[best], key=lambda e: -e.relevance)[:3]
        refs = " ".join(f"[{e.number}]" for e in cited) or "(no direct evidence)"
        letter = LETTERS[best]
        return Decision(f"The answer is ({letter}). {bodies[best]}", letter, round(confidence, 3), cited,
                        f"{why} Option {letter} is best supported by {refs}.", option_scores=scores,
                        option_support=support)

    def voices(self, hit: Hit) -> dict[str, float]:
        """Who the hit's speaker may be, name → weight; names the line itself addresses are left out."""
        out: dict[str, float] = {}
        named = speaker_name(hit)
        if named:
            out[named.split("?")[0].strip()] = 1.0
        if self.speakers is not None:
            for name, weight in self.speakers.candidates(hit.extra.get("speaker_id")).items():
                out[name] = max(out.get(name, 0.0), weight)
        text = hit.text.lower()
        for name in list(out):
            low = name.lower()
            if low != "me" and re.search(rf"\b{re.escape(low)}\b", text) and not re.search(
                    rf"\b(i'm|i am|my name is|this is|call me)\s+{re.escape(low)}\b", text):
                del out[name]  # "Yes Grace, …" is said to Grace, not by her
        return out

    def voice_weight(self, hit: Hit, person: str) -> float:
        """How likely the hit's voice is `person`'s ("me" for the wearer)."""
        wanted = "me" if _WEARER.search(person) else person
        name_terms = terms(wanted) if wanted != "me" else {"me"}
        return max((w for c, w in self.voices(hit).items()
                    if (c == "me" and wanted == "me") or (wanted != "me" and name_terms and name_terms <= terms(c))),
                   default=0.0)

    def _about(self, plan: Plan, ev: Evidence) -> float:
        """Evidence from a line by the person the question is about counts fully; others' lines half."""
        sub = plan.subtasks[ev.subtask] if ev.subtask < len(plan.subtasks) else None
        if sub is None or not sub.about or ev.hit.modality != "audio":
            return 1.0
        return 1.0 if any(self.voice_weight(ev.hit, who) >= VOICE_MIN for who in sub.about) else 0.5

    def _who(self, bodies: Sequence[str], target_ev: Sequence[Evidence]) -> tuple[list[float], list[list[Evidence]]]:
        """Speakers (and graph partners) of the evidence, counted once per subtask: someone heard at both
        places of a two-place question outranks someone heard at one."""
        scores = [0.0] * len(bodies)
        support: list[list[Evidence]] = [[] for _ in bodies]
        wanted = ["me" if _WEARER.search(b) else b for b in bodies]
        for i, name in enumerate(wanted):
            name_terms = terms(name) if name != "me" else {"me"}
            per_subtask: dict[int, float] = {}
            for ev in target_ev:
                candidates = dict(self.voices(ev.hit)) if ev.tool != "entity_graph_search" else {}
                if ev.tool == "entity_graph_search":
                    for key in ("source", "target"):
                        partner = ev.hit.extra.get(key)
                        if isinstance(partner, str) and partner.lower() != "me":
                            candidates[partner] = 1.0
                weight = max((w for c, w in candidates.items()
                              if (c == "me" and name == "me") or (name != "me" and name_terms and
                                                                  name_terms <= terms(c))), default=0.0)
                if weight > 0:
                    value = weight * (0.5 + 0.5 * ev.relevance)
                    per_subtask[ev.subtask] = max(per_subtask.get(ev.subtask, 0.0), value)
                    support[i].append(ev)
            scores[i] = sum(per_subtask.values())
        return scores, support

    def _semantic(self, bodies: Sequence[str], evidence: Sequence[Evidence]) -> np.ndarray | None:
        """Option × evidence support from the embedder: the best match among the evidence's parts (a frame
        description is a list of labels: "bell cote, tabby" holds a cat even though the whole reads as a
        church)."""
        if self.similarity is None or not evidence or not bodies:
            return None
        parts_of = [_parts(e.hit) for e in evidence]
        unique = list(dict.fromkeys(p for parts in parts_of for p in parts))
        if not unique:
            return None
        cos = self.similarity(list(bodies), unique)
        index = {p: i for i, p in enumerate(unique)}
        out = np.zeros((len(bodies), len(evidence)), dtype=np.float32)
        for j, parts in enumerate(parts_of):
            if parts:
                out[:, j] = cos[:, [index[p] for p in parts]].max(axis=1)
        return np.clip((out - SEMANTIC_FLOOR) / (SEMANTIC_FULL - SEMANTIC_FLOOR), 0.0, 1.0)

    def _open(self, plan: Plan, target_ev: Sequence[Evidence]) -> Decision:
        if not target_ev:
            return Decision("I could not find evidence that answers this.", None, 0.0, [],
                            "No search result passed the relevance check.", abstained=True)
        ranked = sorted(target_ev, key=lambda e: -e.relevance)
        top = ranked[0]
        if top.relevance < 0.3:
            return Decision("The evidence found does not clearly answer this.", None, round(top.relevance, 3),
                            ranked[:3], "The best match shares too little with the question.", abstained=True)
        intent = plan.intent
        if intent == "who":
            speakers = Counter()
            for e in ranked:
                if speaker_name(e.hit):
                    speakers[speaker_name(e.hit)] += e.relevance
                for key in ("target", "source"):
                    name = e.hit.extra.get(key)
                    if e.tool == "entity_graph_search" and isinstance(name, str) and name.lower() != "me":
                        speakers[name] += e.relevance
            if speakers:
                name, weight = speakers.most_common(1)[0]
                cited = [e for e in ranked if speaker_name(e.hit) == name or name in e.hit.text][:3]
                return Decision(name, None, round(min(1.0, weight / sum(speakers.values())), 3), cited,
                                f"{name} is the speaker of the best-matching evidence "
                                + " ".join(f"[{e.number}]" for e in cited) + ".")
        if intent == "how_many":
            groups = _events([e.hit for e in ranked])
            return Decision(str(len(groups)), None, round(top.relevance, 3), ranked[:3],
                            f"{len(groups)} distinct moments matched.")
        if intent == "where":
            place = next((e.hit.extra.get("place") for e in ranked if e.hit.extra.get("place")), None)
            if place:
                return Decision(str(place), None, round(top.relevance, 3), ranked[:3],
                                f"The frames at that time are at {place} [{top.number}].")
        speaker = f"{top.hit.speaker}: " if top.hit.speaker else ""
        return Decision(f"{speaker}{top.hit.text}", None, round(top.relevance, 3), ranked[:3],
                        f"The best-matching evidence is [{top.number}].")


# --- the model answerer ------------------------------------------------------------------------

ANSWER_SYSTEM = """You answer questions about a person's recorded video memory, using ONLY the numbered
evidence (times, transcripts, frame descriptions, graph relations). "near:" in a frame lists what was held
or close to the camera. First write the justification: one or two sentences that cite evidence numbers
like [2]. Then the answer: {final}"""
FINAL_OPEN = "a short answer, or UNKNOWN when the evidence does not support one."
FINAL_MC = ("one of the options, copied exactly (always choose one). An automatic check of the options "
            "against the evidence is given: it is usually right about which option the evidence supports; "
            "overrule it only when the evidence clearly shows otherwise, and say why.")
MAX_EVIDENCE_LINES = 14
JUSTIFICATION_CHARS = 300


def option_lines(options: Sequence[str]) -> list[str]:
    """ "A. gym", "B. jacket", … whatever letters the caller's options carried."""
    return [f"{LETTERS[i]}. {_option_body(o)}" for i, o in enumerate(options)]


def choice_schema(options: Sequence[str]) -> type[BaseModel]:
    """Justification before answer (the schema makes the model reason first; a grammar enforces it), and
    the answer one of the option lines themselves: a small model maps its reasoning to the wrong letter
    far more often than to the wrong line."""
    lines = tuple(option_lines(options))
    return create_model("ChoiceReply", justification=(str, Field(max_length=JUSTIFICATION_CHARS)),
                        answer=(Literal[lines], ...))  # type: ignore[valid-type]


class OpenReply(BaseModel):
    justification: str = Field(max_length=JUSTIFICATION_CHARS)
    answer: str = Field(max_length=200)


def reply_text(data: BaseModel | None, text: str) -> str:
    """A schema reply as the text `read` parses; a model that ignored the schema keeps its own text."""
    if isinstance(data, OpenReply):
        return f"{data.justification.strip()}\nAnswer: {data.answer.strip()}"
    if data is not None and hasattr(data, "justification") and hasattr(data, "answer"):
        letter = str(data.answer).split(".", 1)[0].strip()
        return f"{str(data.justification).strip()}\nThe answer is ({letter})."
    return text


def evidence_check(decision: Decision, options: Sequence[str]) -> str:
    """The evidence scorer's reading, in words the model can weigh (it may disagree, with a reason)."""
    if not options:
        if decision.abstained:
            return "Automatic check: no evidence clearly answers the question."
        refs = " ".join(f"[{e.number}]" for e in decision.cited)
        return f"Automatic check: the best-matching evidence reads {decision.text!r} {refs}".rstrip()
    lines = ["Automatic check of each option against the evidence (0 = no support, higher = more):"]
    for i, line in enumerate(option_lines(options)):
        score = decision.option_scores[i] if i < len(decision.option_scores) else 0.0
        support = decision.option_support[i] if i < len(decision.option_support) else []
        refs = " ".join(f"[{e.number}]" for e in sorted(support, key=lambda e: -e.relevance)[:3])
        lines.append(f"{line}: {score:.2f}" + (f" from {refs}" if refs else ""))
    if decision.choice is not None and decision.option_scores and max(decision.option_scores) > 0:
        lines.append(f"The check favours {option_lines(options)[LETTERS.index(decision.choice)]}.")
    return "\n".join(lines)


class LLMAnswerer:
    """The chat model reads the numbered evidence and, with `hints`, the evidence scorer's per-option check
    (a small model weighs a stated check far better than it matches labels to options itself); it writes
    the justification first, then the answer."""

    def __init__(self, chat: ChatModel, *, max_tokens: int = 200,
                 images: Callable[[Hit], bytes | None] | None = None, max_images: int = 4,
                 fallback: EvidenceAnswerer | None = None, hints: bool = True) -> None:
        self.chat = chat
        self.max_tokens = max_tokens
        self.images = images
        self.max_images = max_images
        self.fallback = fallback or EvidenceAnswerer()
        self.hints = hints

    def _line(self, ev: Evidence, citer: Citer) -> str:
        line = citer.line(ev)
        if ev.hit.modality == "audio" and not speaker_name(ev.hit):
            voices = self.fallback.voices(ev.hit)
            if voices:  # unnamed voice: say who it may be, with how sure
                line += " (voice may be " + ", ".join(f"{n} {w:.0%}" for n, w in sorted(
                    voices.items(), key=lambda kv: -kv[1])) + ")"
        return line

    def prompt(self, question: str, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
               citer: Citer) -> tuple[list[ChatMessage], Decision | None]:
        checked = self.fallback.decide(question, options, plan, evidence) if self.hints else None
        shown = list(evidence)
        if len(shown) > MAX_EVIDENCE_LINES:  # what the check leaned on first, then the most relevant
            leaned = {e.number for e in (checked.cited if checked else [])}
            leaned |= {e.number for support in (checked.option_support if checked else []) for e in support[:2]}
            ranked = sorted(shown, key=lambda e: (e.number not in leaned, -e.relevance))
            shown = sorted(ranked[:MAX_EVIDENCE_LINES], key=lambda e: e.number)
        lines = "\n".join(self._line(e, citer) for e in shown) or "(no evidence found)"
        user = f"Evidence:\n{lines}\n\nQuestion: {question}"
        if options:
            user += "\nOptions:\n" + "\n".join(option_lines(options))
        if checked is not None:
            user += "\n\n" + evidence_check(checked, options)
        frames: tuple[bytes, ...] = ()
        if self.images is not None:
            picked = [self.images(e.hit) for e in shown if e.hit.thumbnail][: self.max_images]
            frames = tuple(b for b in picked if b)
        messages = [ChatMessage("system", ANSWER_SYSTEM.format(final=FINAL_MC if options else FINAL_OPEN)),
                    ChatMessage("user", user, frames)]
        return messages, checked

    def decide(self, question: str, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
               citer: Citer) -> Decision:
        messages, checked = self.prompt(question, options, plan, evidence, citer)
        tokens = (0, 0)
        try:
            result = self.chat.chat(messages, schema=choice_schema(options) if options else OpenReply,
                                    max_tokens=self.max_tokens)
            reply = reply_text(result.data, result.text).strip()
            tokens = (result.usage.prompt_tokens, result.usage.completion_tokens)
        except ChatError as exc:  # no valid reply even after the re-prompt: read() falls back, saying so
            reply = f"(no valid reply: {exc})"
        decision = self.read(reply, options, plan, evidence, citer, question, checked)
        decision.tokens_in, decision.tokens_out = tokens
        return decision

    def read(self, reply: str, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence], citer: Citer,
             question: str = "", checked: Decision | None = None) -> Decision:
        by_number = {e.number: e for e in evidence}
        cited = [by_number[int(n)] for n in dict.fromkeys(re.findall(r"\[(\d+)\]", reply)) if int(n) in by_number]
        final = re.search(r"(?:^|\n)\s*(?:final\s+)?answer\s*:\s*(.+)\s*$", reply, re.I)
        if options and final is None:  # "… [1].\nThe answer is (C)." ends the justification too
            final = re.search(r"(?:^|\n)\s*the answer is\b[^\n]*$", reply, re.I)
        justification = reply[: final.start()].strip() if final else reply
        if options:
            choice = parse_choice(reply, options)
            if choice is None:  # an unreadable reply still has to pick: the evidence check does, and says so
                decided = checked or self.fallback.decide(question, options, plan, evidence)
                decided.justification = f"(model reply unreadable) {decided.justification}"
                return decided
            body = _option_body(options[LETTERS.index(choice)]) if LETTERS.index(choice) < len(options) else ""
            agrees = checked is not None and checked.choice == choice
            conf = max(checked.confidence, 0.5) if agrees and checked else (0.7 if cited else 0.5)
            if checked is not None and not agrees:
                conf = min(conf, 0.5)  # the model overruled the evidence check: less sure
            return Decision(f"The answer is ({choice}). {body}".strip(), choice, round(conf, 3),
                            cited[:3] or list(evidence[:1]), justification)
        text = final[1].strip() if final else reply.splitlines()[-1].strip() if reply else ""
        if not evidence or not text or _UNKNOWN.search(text):
            return Decision("The evidence does not support an answer.", None, 0.0, cited[:3],
                            justification or "No supporting evidence.", abstained=True)
        return Decision(text, None, 0.7 if cited else 0.4, cited[:3] or list(evidence[:1]), justification)
