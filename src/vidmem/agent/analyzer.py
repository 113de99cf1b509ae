"""The relevance gate: a tool's hits enter working memory only when times, entities and terms agree."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from vidmem.agent.state import MemoryEntry
from vidmem.retrieval.types import Hit

_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "to", "in", "on", "at", "and", "or", "is", "was", "i", "me", "my", "it", "for",
         "with", "about", "that", "this", "be", "do", "did", "you", "we"}


def stem(word: str) -> str:
    """A crude English stem, enough to match "tickets"/"ticket", "gloves"/"glove", "mentioned"/"mention"."""
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_CLOCK_WORDS = {"noon": "12", "midday": "12", "midnight": "12"}


def normalise_numbers(text: str) -> str:
    """Number words as digits, as speech recognisers write them: "thirty five" → "35", "half past seven" →
    "7 30", "quarter to five" → "4 45", "7:40" / "7.40" → "7 40", "$35" → "35"."""
    low = text.lower().replace("o'clock", " ").replace("-", " ")
    low = re.sub(r"(\d)[:.](\d\d)\b", r"\1 \2", low)
    low = re.sub(r"[$%]", " ", low)
    words = low.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        w = re.sub(r"[^a-z0-9']", "", words[i])
        nxt = re.sub(r"[^a-z0-9']", "", words[i + 1]) if i + 1 < len(words) else ""
        if w in {"half", "quarter"} and nxt in {"past", "to"} and i + 2 < len(words):
            hour = _UNITS.get(re.sub(r"[^a-z]", "", words[i + 2]))
            if hour is not None:
                minutes = 30 if w == "half" else 15
                if nxt == "to":
                    hour, minutes = (hour - 1) % 12 or 12, 60 - minutes
                out += [str(hour), f"{minutes:02d}"]
                i += 3
                continue
        if w in _TENS:
            value = _TENS[w]
            if nxt in _UNITS and 0 < _UNITS[nxt] < 10:
                value += _UNITS[nxt]
                i += 1
            out.append(str(value))
        elif w in _UNITS:
            if nxt == "hundred":
                out.append(str(_UNITS[w] * 100))
                i += 1
            else:
                out.append(str(_UNITS[w]))
        elif w in _CLOCK_WORDS:
            out.append(_CLOCK_WORDS[w])
        else:
            out.append(words[i])
        i += 1
    return " ".join(out)


def terms(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(normalise_numbers(text)) if w not in _STOP}


_ANONYMOUS = re.compile(r"^(?:speaker\s*|s)\d+$", re.I)


def speaker_name(hit: Hit) -> str | None:
    """The speaker's name when one is known (even a guessed one); None for "S3"/"Speaker 3"/no speaker."""
    name = hit.extra.get("speaker_name") or hit.speaker
    if not isinstance(name, str) or not name.strip() or _ANONYMOUS.match(name.strip()):
        return None
    return name.strip()


def hit_terms(hit: Hit) -> set[str]:
    words = terms(hit.text)
    if speaker_name(hit):
        words |= terms(speaker_name(hit) or "")
    for key in ("place", "people", "labels", "source", "target", "entities", "ocr"):
        value = hit.extra.get(key)
        if isinstance(value, str):
            words |= terms(value)
        elif isinstance(value, Iterable):
            for item in value:
                if isinstance(item, str):
                    words |= terms(item)
    return words


@dataclass(frozen=True)
class GateConfig:
    keep: int = 8  # most hits a subtask puts in memory (counting questions keep more)
    keep_counting: int = 50
    time_slack_s: float = 2.0
    min_relevance: float = 0.15


def _overlap(hit: Hit, time_range: tuple[float, float] | None, slack: float) -> bool:
    if time_range is None:
        return True
    return hit.t1 >= time_range[0] - slack and hit.t0 <= time_range[1] + slack


def relevance(hit: Hit, rank: int, n: int, query_terms: set[str], entities: Sequence[str],
              anchored: bool) -> float:
    """In [0, 1]: share of query terms the hit carries, entity agreement and the tool's own rank."""
    words = hit_terms(hit)
    term_share = len(query_terms & words) / len(query_terms) if query_terms else 0.0
    entity_share = 0.0
    if entities:
        entity_share = sum(1 for e in entities if terms(e) <= words) / len(entities)
    rank_part = 1.0 - rank / max(n, 1)
    if anchored and not query_terms:
        # a window search with no words of its own: place in time is the evidence, but weaker than a hit
        # that also carries the words asked for
        return 0.3 + 0.3 * rank_part
    score = 0.55 * term_share + 0.25 * entity_share + 0.20 * rank_part
    if anchored:
        score = max(score, 0.25 + 0.2 * rank_part)  # inside the anchor's window is itself evidence
    return score


def gate(subtask: int, tool: str, args: dict[str, Any], hits: Sequence[Hit],
         time_range: tuple[float, float] | None, *, anchored: bool = False, counting: bool = False,
         config: GateConfig | None = None) -> tuple[MemoryEntry, list[tuple[Hit, str]]]:
    """The memory entry of what passed, and each rejected hit with why."""
    cfg = config or GateConfig()
    query_terms = terms(str(args.get("query", "")))
    entities = [e for e in args.get("entities") or [] if e.lower() != "me"]
    if args.get("speaker"):
        entities.append(str(args["speaker"]))
    if tool == "entity_graph_search":
        query_terms = set().union(*(terms(e) for e in entities)) if entities else set()
    if tool == "audio_search" and not query_terms and time_range is not None:
        anchored = True  # a listing of what was said in a window: the window is the relevance
    passed: list[tuple[float, Hit]] = []
    rejected: list[tuple[Hit, str]] = []
    for rank, hit in enumerate(hits):
        if not _overlap(hit, time_range, cfg.time_slack_s):
            rejected.append((hit, "outside the time window"))
            continue
        named = speaker_name(hit)
        if args.get("speaker") and named and not _same_name(str(args["speaker"]), named):
            rejected.append((hit, f"spoken by {hit.speaker}, not {args['speaker']}"))
            continue
        if tool == "audio_search" and query_terms and not anchored and not query_terms & hit_terms(hit):
            rejected.append((hit, "relevance 0: shares no query term"))  # transcript search is lexical
            continue
        score = relevance(hit, rank, len(hits), query_terms, entities, anchored or tool == "entity_graph_search")
        if score < cfg.min_relevance:
            rejected.append((hit, f"relevance {score:.2f} below {cfg.min_relevance}"))
            continue
        passed.append((score, hit))
    passed.sort(key=lambda pair: -pair[0])
    listing = anchored and not query_terms and tool == "audio_search"  # everything said in a window
    passed = passed[: cfg.keep_counting if counting or listing else cfg.keep]
    kept = [hit for _, hit in passed]
    entry = MemoryEntry(
        subtask=subtask, tool=tool, evidence=kept,
        times=[(h.t0, h.t1) for h in kept],
        sources=[f"{h.modality}:{h.video_id}:{h.source_id if h.source_id is not None else round(h.t0, 1)}"
                 for h in kept],
        relevance=[round(score, 3) for score, _ in passed],
    )
    return entry, rejected


def _same_name(wanted: str, actual: str) -> bool:
    a, b = wanted.lower().strip(), actual.lower().strip()
    return a == b or a in b.split() or b in a.split()
