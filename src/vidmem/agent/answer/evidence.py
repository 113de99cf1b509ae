"""Working memory as numbered evidence: numbering, citations, which hits answer (targets, picks, strong
hits) and how they group into distinct moments."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np
from rapidfuzz import fuzz

from vidmem.agent.analyzer import hit_terms
from vidmem.agent.answer.types import Citation, Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import as_heard, normalise_numbers, terms
from vidmem.agent.state import MemoryEntry, Plan
from vidmem.retrieval.types import Hit
from vidmem.sounds import sound_key
from vidmem.timeline import Clock, format_offset


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
            items = items[:1]  # the step's order is its judgement (voices, the whole quote), as the graph reads it
        elif pick == "first":
            items = [min(items, key=lambda e: e.hit.t0)]
        elif pick == "last":
            items = [max(items, key=lambda e: e.hit.t1)]
        out.extend(items)
    return sorted(out, key=lambda e: e.number)


def quote_moment(evidence: Sequence[Evidence], quote: str, gap_s: float = DEFAULT.quote_gap_s,
                 within: Sequence[tuple[float, float]] = (), config: AgentConfig = DEFAULT) -> list[Evidence]:
    """The transcript lines that say a quote: lines said back to back (≤ `gap_s` apart) are one moment (the
    recogniser cuts a turn into sentences), and the moment carrying most of the quote's words wins, its
    relevance breaking ties; its lines in time order. Empty when no line shares a word with the quote.
    `within`: spans the question puts the saying in ("when I was at the pharmacy"); a moment inside one wins
    over one outside that carries more words, as long as it carries `config.quote_within_share` of theirs
    (the same words are often said more than once, and the recogniser mishears some)."""
    wanted = terms(quote)
    lines = sorted((e for e in evidence if e.hit.modality == "audio"), key=lambda e: (e.hit.video_id, e.hit.t0))
    groups: list[list[Evidence]] = []
    for e in lines:
        last = groups[-1][-1].hit if groups else None
        if last is not None and last.video_id == e.hit.video_id and e.hit.t0 - last.t1 <= gap_s:
            groups[-1].append(e)
        else:
            groups.append([e])
    # words as the recogniser spelt them count ("Sophia" for Sofia); moments carrying as many words are told
    # apart by how closely their text spells the quote
    scored = [(heard_words(wanted, set().union(*(hit_terms(e.hit) for e in g))), _spelled(quote, g), g)
              for g in groups]
    best = max(scored, key=lambda x: (x[0], x[1]), default=None)
    if best is None or best[0] == 0:
        return []
    inside = [x for x in scored if x[0] >= config.quote_within_share * best[0] and any(
        e.hit.t1 >= a - config.time_slack_s and e.hit.t0 <= b + config.time_slack_s for e in x[2] for a, b in within)]
    best = max(inside, key=lambda x: (x[0], x[1]), default=best)
    # only the run of the moment's lines that spells the quote (not a reply said right after it, even one that
    # repeats a word of it: "I found this cat" — "That cat is Jonas'"), and of those the lines carrying its words
    a, b = _spelled_run(quote, best[2])
    return [e for e in best[2][a:b + 1] if heard_words(wanted, hit_terms(e.hit))]


def heard_words(wanted: set[str], words: set[str]) -> int:
    """How many of the wanted words a line carries, a word the recogniser spelt another way counting too
    ("Sophia" for Sofia, "Cracow" for Krakow: the same spelling reduced to sounds, `sound_key`)."""
    sounds = {sound_key(x) for x in words if len(x) >= 4}
    return sum(1 for w in wanted if w in words or (len(w) >= 4 and sound_key(w) in sounds))


def _spelled(quote: str, lines: Sequence[Evidence]) -> float:
    """How closely a run of the moment's lines, read in order, spells `quote` (the best run: a moment may also
    hold the reply said right after), number words and digits alike, in [0, 100]."""
    return max((ratio for ratio, _, _ in _runs(quote, lines)), default=0.0)


def _spelled_run(quote: str, lines: Sequence[Evidence]) -> tuple[int, int]:
    """The first and last index of the run of lines that spells `quote` best (the shortest of equals)."""
    best = max(_runs(quote, lines), key=lambda r: (r[0], r[1] - r[2]), default=(0.0, 0, len(lines) - 1))
    return best[1], best[2]


def _runs(quote: str, lines: Sequence[Evidence]) -> list[tuple[float, int, int]]:
    wanted = normalise_numbers(quote.lower())
    return [(fuzz.ratio(wanted, normalise_numbers(" ".join(e.hit.text for e in lines[a:b + 1]).lower())), a, b)
            for a in range(len(lines)) for b in range(a, len(lines))]


def target_subtasks(plan: Plan) -> set[int]:
    """Subtasks that are not only anchors for later ones: their evidence answers the question."""
    refs = {s.ref for s in plan.subtasks if s.ref is not None}
    targets = {i for i in range(len(plan.subtasks)) if i not in refs}
    return targets or set(range(len(plan.subtasks)))


def events(hits: Sequence[Hit], gap_s: float = DEFAULT.event_gap_s) -> list[list[Hit]]:
    """Hits grouped into distinct moments (a gap of more than `gap_s` starts a new one)."""
    groups: list[list[Hit]] = []
    for hit in sorted(hits, key=lambda h: (h.video_id, h.t0)):
        if groups and groups[-1][-1].video_id == hit.video_id and hit.t0 - max(h.t1 for h in groups[-1]) <= gap_s:
            groups[-1].append(hit)
        else:
            groups.append([hit])
    return groups


_NOT_CONTENT = re.compile(r"^(\d+ faces?|person \d+|text|near|indoors|outdoors)$", re.I)


def parts(hit: Hit, with_place: bool = True) -> list[str]:
    """The separate labels of a frame description or a graph edge, and (`with_place`) the place's name."""
    pieces = [*re.split(r"[;,:/|]", hit.text), str(hit.extra.get("place") or "") if with_place else ""]
    return [p for p in (x.strip(" '\"") for x in pieces) if len(p) > 1 and not _NOT_CONTENT.match(p)]


_READ = re.compile(r"text:\s*'[^']*'?", re.I)

Similarity = Callable[[Sequence[str], Sequence[str]], np.ndarray]  # (a, b) → cosine matrix len(a) × len(b)


def labels(hit: Hit, sure: float = DEFAULT.label_sure) -> list[str]:
    """What a frame shows, label by label: the labels the labeller gave at least `sure` when the hit carries
    their scores, else its description's parts; never the place's name nor text read on it ("HOT COFFEE" on a
    sign is not a coffee cup in view)."""
    if hit.modality != "visual":
        return []
    scored = hit.extra.get("label_scores")
    if isinstance(scored, list) and scored:
        return list(dict.fromkeys(str(s[0]) for s in scored if float(s[1]) >= sure))
    return parts(Hit(hit.modality, hit.video_id, hit.t0, hit.t1, hit.score, _READ.sub(" ", hit.text)),
                 with_place=False)


def unsure_terms(hit: Hit, sure: float = DEFAULT.label_sure) -> set[str]:
    """The words of a frame's labels the labeller was not sure of ("digital clock" at 0.12 behind "scoreboard"
    is no clock in view): they stay search words but show nothing."""
    scored = hit.extra.get("label_scores")
    if not isinstance(scored, list) or not scored:
        return set()
    return terms(" ".join(str(x[0]) for x in scored)) - terms(" ".join(labels(hit, sure)))


def near_labels(hit: Hit, sure: float = DEFAULT.label_sure) -> set[str]:
    """The labels a frame's near-the-camera crop carries with at least `sure`: things held or shown up close."""
    scored = hit.extra.get("label_scores")
    if not isinstance(scored, list):
        return set()
    return {str(s[0]) for s in scored if float(s[1]) >= sure and len(s) > 2 and s[2] == "near"}


def label_similarity(words: Sequence[str], hits: Sequence[Hit], similarity: Similarity,
                     sure: float = DEFAULT.label_sure, skip: Sequence[str] = ()) -> np.ndarray:
    """words × hits: the best cosine between each word (an option, a searched thing) and each frame's labels
    (0 for a hit that is not a frame or shows nothing labelled surely; `skip`: labels not to read)."""
    return label_sightings(words, hits, similarity, 1.0, sure, skip, held_up_close=False)[0]


def label_sightings(words: Sequence[str], hits: Sequence[Hit], similarity: Similarity, floor: float,
                    sure: float = DEFAULT.label_sure, common: Sequence[str] = (),
                    held_up_close: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """words × hits twice: the best cosine between each word and each frame's sure labels, and the labeller's
    probability for the surest of those labels that name the word (cosine ≥ `floor`; 0 where none does; a
    frame without label scores counts its likeness as that probability). `common`: labels in view all day,
    which lend no word their likeness, but (`held_up_close`) still name a thing held up close then (a thing
    the wearer often holds is still held at that moment)."""
    alike = np.zeros((len(words), len(hits)), dtype=np.float32)
    surest = np.zeros_like(alike)
    per_hit = [[x for x in labels(h, sure) if x not in common or (held_up_close and x in near_labels(h, sure))]
               for h in hits]
    unique = list(dict.fromkeys(p for ps in per_hit for p in ps))
    if not words or not unique:
        return alike, surest
    cos = similarity(list(words), unique)
    cos = np.where(np.array([p in common for p in unique]) & (cos < floor), 0.0, cos)
    index = {p: i for i, p in enumerate(unique)}
    for j, (hit, ps) in enumerate(zip(hits, per_hit, strict=True)):
        if not ps:
            continue
        block = cos[:, [index[p] for p in ps]]
        alike[:, j] = block.max(axis=1)
        probability = label_probabilities(hit)
        given = np.array([probability.get(p, np.nan) for p in ps], dtype=np.float32)
        given = np.where(np.isnan(given), block, given[None, :])
        surest[:, j] = np.where(block >= floor, given, 0.0).max(axis=1)
    return alike, surest


def label_probabilities(hit: Hit) -> dict[str, float]:
    """Each of a frame's labels with the labeller's probability for it (the best of its regions)."""
    out: dict[str, float] = {}
    scored = hit.extra.get("label_scores")
    for s in scored if isinstance(scored, list) else ():
        out[str(s[0])] = max(out.get(str(s[0]), 0.0), float(s[1]))
    return out


def seen_terms(hit: Hit) -> set[str]:
    """A frame's words without the text read on it nor its place's name: "HOT COFFEE" on a sign is not a coffee
    cup in view, nor is a place named after a cat once seen there a cat."""
    if hit.modality != "visual":
        return hit_terms(hit)
    return hit_terms(Hit(hit.modality, hit.video_id, hit.t0, hit.t1, hit.score, _READ.sub(" ", hit.text),
                         extra={k: v for k, v in hit.extra.items() if k != "ocr"}), with_place=False)


def strong(plan: Plan, evidence: Sequence[Evidence], config: AgentConfig = DEFAULT,
           read_text: bool = True, similarity: Similarity | None = None) -> list[Evidence]:
    """Hits that really show what their search asked for: they carry its words (`read_text=False`: not
    only in text read on screen), or (frames) have a label like it — with `similarity`, a cosine of at least
    `label_floor`; without, a score close to the subtask's best (semantic search ranks everything, so rank
    alone is no evidence of presence)."""
    out: list[Evidence] = []
    best: dict[int, float] = {}
    for e in evidence:
        best[e.subtask] = max(best.get(e.subtask, float("-inf")), e.hit.score)
    alike: dict[int, float] = {}
    if similarity is not None:
        frames = [e for e in evidence if e.hit.modality == "visual" and e.subtask < len(plan.subtasks)]
        for sub_i in {e.subtask for e in frames}:
            mine = [e for e in frames if e.subtask == sub_i]
            cos = label_similarity([str(plan.subtasks[sub_i].args.get("query", ""))], [e.hit for e in mine],
                                   similarity, config.label_sure)[0]
            alike.update({id(e): float(c) for e, c in zip(mine, cos, strict=True)})
    for e in evidence:
        sub = plan.subtasks[e.subtask] if e.subtask < len(plan.subtasks) else None
        asked = str(sub.args.get("query", "")) if sub is not None else ""
        query = terms(asked)
        anchored = sub is not None and sub.ref is not None  # inside an anchor's window: time is the evidence
        if id(e) in alike:
            close = alike[id(e)] >= config.label_floor
        else:
            close = e.hit.modality == "visual" and e.hit.score >= config.strong_share * best[e.subtask]
        if e.hit.modality == "place":
            # a visit found by a place's name: strong unless it matched through a weak name (one heard at
            # another visit of its cluster, a look-alike word), however many words it shares with the query
            worded, close = False, e.hit.score >= config.place_strong_share * best[e.subtask]
        else:
            words = as_heard(asked, hit_terms(e.hit) if read_text else seen_terms(e.hit))
            worded = bool(query & (words - unsure_terms(e.hit, config.label_sure)))
        if anchored or worded or close:
            out.append(e)
    return out


def next_place(evidence: Sequence[Evidence]) -> list[Evidence]:
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



def at_places_found(target_ev: Sequence[Evidence], evidence: Sequence[Evidence]) -> list[Evidence]:
    """"Where was I when …": frames at a place other than the visits found for the moment were seen before or
    after it (the view's window reaches past the visit), so they say where the wearer went next or came from,
    not where the moment was: they are dropped. Nothing is dropped when no visit was found."""
    found = {e.hit.extra.get("place_id") for e in evidence if e.hit.modality == "place"} - {None}
    if not found:
        return list(target_ev)
    return [e for e in target_ev if e.hit.modality != "visual" or e.hit.extra.get("place_id") in (None, *found)]


def first_or_last_visit(evidence: Sequence[Evidence], last: bool, slack_s: float, glimpse_s: float = 0.0
                        ) -> list[Evidence]:
    """"Where did I go first / last": the earliest (latest) place visit found, not a glimpse of one, and what
    else was found during it; everything when no visit was found."""
    visits = [e for e in evidence if e.hit.modality == "place"]
    visits = [e for e in visits if e.hit.t1 - e.hit.t0 >= glimpse_s] or visits
    if not visits:
        return list(evidence)
    pick = (max if last else min)(visits, key=lambda e: e.hit.t0)
    return [e for e in evidence if e is pick or (e.hit.modality != "place" and e.hit.video_id == pick.hit.video_id
                                                 and pick.hit.t0 - slack_s <= e.hit.t0 <= pick.hit.t1 + slack_s)]
