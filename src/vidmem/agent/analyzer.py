"""The relevance gate: a tool's hits enter working memory only when times, entities and terms agree."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from num2words import num2words
from rapidfuzz import fuzz

from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import as_heard, normalise_numbers, terms
from vidmem.agent.speakers import same_name
from vidmem.agent.state import MemoryEntry
from vidmem.retrieval.types import Hit

_ANONYMOUS = re.compile(r"^(?:speaker\s*|s)\d+$", re.I)


def speaker_name(hit: Hit) -> str | None:
    """The speaker's name when one is known (even a guessed one); None for "S3"/"Speaker 3"/no speaker."""
    name = hit.extra.get("speaker_name") or hit.speaker
    if not isinstance(name, str) or not name.strip() or _ANONYMOUS.match(name.strip()):
        return None
    return name.strip()


def hit_terms(hit: Hit, with_place: bool = True) -> set[str]:
    words = terms(hit.text)
    if speaker_name(hit):
        words |= terms(speaker_name(hit) or "")
    # a reply is about the question it answers ("reply_to"): "It is on Monday." answers "when is the meeting?"
    for key in ("place", "people", "labels", "source", "target", "entities", "ocr", "reply_to"):
        if key == "place" and not with_place:
            continue
        value = hit.extra.get(key)
        if isinstance(value, str):
            words |= terms(value)
        elif isinstance(value, Iterable):
            for item in value:
                if isinstance(item, str):
                    words |= terms(item)
    # a word searched for as the recogniser heard it ("krakow" found as "crack") is the word asked for
    heard = hit.extra.get("heard_as")
    if isinstance(heard, dict):
        for asked, said in heard.items():
            if terms(str(said)) <= words:
                words |= terms(str(asked))
    return words


def _overlap(hit: Hit, time_range: tuple[float, float] | None, slack: float) -> bool:
    if time_range is None:
        return True
    return hit.t1 >= time_range[0] - slack and hit.t0 <= time_range[1] + slack


def relevance(hit: Hit, rank: int, n: int, query_terms: set[str], entities: Sequence[str],
              anchored: bool, query: str = "") -> float:
    """In [0, 1]: share of query terms the hit carries, entity agreement and the tool's own rank."""
    words = as_heard(query, hit_terms(hit))
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
         config: AgentConfig = DEFAULT) -> tuple[MemoryEntry, list[tuple[Hit, str]]]:
    """The memory entry of what passed, and each rejected hit with why."""
    cfg = config
    query_terms = terms(str(args.get("query", "")))
    entities = [e for e in args.get("entities") or [] if e.lower() != "me"]
    if args.get("speaker"):
        entities.append(str(args["speaker"]))
    if tool == "entity_graph_search":
        query_terms = set().union(*(terms(e) for e in entities)) if entities else set()
    if tool == "audio_search" and not query_terms and (time_range is not None or str(args.get("query")) == "*"):
        anchored = True  # a listing of what was said (in a window): being said there is the relevance
    passed: list[tuple[float, Hit]] = []
    rejected: list[tuple[Hit, str]] = []
    # place visits are few and the tool has matched them already (by name, or by covering the window): each
    # one counts as the tool scored it, and all of them are kept ("where do I usually …" counts over them)
    visits = tool == "place_search"
    top = max((h.score for h in hits), default=0.0) or 1.0
    for rank, hit in enumerate(hits):
        if not _overlap(hit, time_range, cfg.time_slack_s):
            rejected.append((hit, "outside the time window"))
            continue
        named = speaker_name(hit)
        if args.get("speaker") and named and not _same_name(str(args["speaker"]), named):
            rejected.append((hit, f"spoken by {hit.speaker}, not {args['speaker']}"))
            continue
        if tool == "audio_search" and query_terms and not anchored and not query_terms & as_heard(
                str(args.get("query", "")), hit_terms(hit)):
            rejected.append((hit, "relevance 0: shares no query term"))  # transcript search is lexical
            continue
        score = 0.3 + 0.6 * max(0.0, hit.score) / top if visits else \
            relevance(hit, rank, len(hits), query_terms, entities, anchored or tool == "entity_graph_search",
                      str(args.get("query", "")))
        if score < cfg.min_relevance:
            rejected.append((hit, f"relevance {score:.2f} below {cfg.min_relevance}"))
            continue
        passed.append((score, hit))
    passed.sort(key=lambda pair: -pair[0])
    listing = anchored and not query_terms and tool == "audio_search"  # everything said in a window
    passed = passed[: cfg.keep_counting if counting or listing or visits else cfg.keep]
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


def spoken(text: str) -> str:
    """A transcript line as it was said: digits as words, a currency sign after its number, a clock time as
    two numbers ("$100" → "one hundred dollars", "7:40" → "seven forty"), lower case. Recognisers write
    numbers both ways, and mishear them as words ("two at eight" → "to a t…"): compared in words, both
    spellings stay close to the quote."""
    low = _CURRENCY.sub(lambda m: f"{m[2]} {_CURRENCY_WORDS[m[1]]}", _THOUSANDS.sub("", text.lower()))
    low = _CLOCK.sub(r"\1 \2", low)
    return _DIGITS.sub(lambda m: num2words(int(m[0])).replace("-", " ").replace(",", "").replace(" and ", " "), low)


_CURRENCY_WORDS = {"$": "dollars", "€": "euros", "£": "pounds"}
_CURRENCY = re.compile(r"([$€£]) ?(\d+)")
_CLOCK = re.compile(r"\b(\d{1,2}) ?[:.] ?(\d\d)\b")
_DIGITS = re.compile(r"\d{1,9}")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")


def whole_quote_first(entry: MemoryEntry, query: str, gap_s: float = DEFAULT.quote_gap_s,
                      quote: str | None = None, tie: float = DEFAULT.quote_spelling_tie) -> MemoryEntry:
    """Transcript lines reordered so the moment that carries most of the searched words comes first, counting
    lines said back to back as one: a quoted pair of sentences ("Can I come along? I will be at the station
    first.") is usually cut into two lines, and its first sentence alone may be said by several people.

    With the `quote` itself, moments are ranked by how closely their lines, read in order, spell it (rapidfuzz
    ratio), then by words: a misheard name ("Rahol") still spells the quote more closely than another name
    ("Rosa") in the same sentence, where both share the same words."""
    wanted = terms(query)
    if not wanted or len(entry.evidence) < 2:
        return entry
    cover: dict[int, tuple[float, int]] = {}
    lead_of: dict[int, int] = {}
    groups: list[list[int]] = []
    for moment in _quote_moments(entry, wanted, gap_s, quote):
        groups.append(moment.lines)
        for i in moment.lines:
            cover[i] = (moment.spelled, moment.words)
            lead_of[i] = moment.lead
    # spellings within `tie` of the best are alike (a misheard word or two): the order given (the asked voice
    # first) decides between them
    top = max(c[0] for c in cover.values())

    numbers = _numbers(quote) if quote else set()
    says_numbers = {i for g in groups if not _other_numbers(numbers, " ".join(entry.evidence[j].text for j in g))
                    for i in g} if numbers else set()
    says_numbers = says_numbers or set(range(len(entry.evidence)))

    def rank(i: int) -> tuple[bool, bool, float, int]:
        spelled, words = cover[i]
        if not quote:
            return (False, False, 0.0, -words)
        # a moment saying other numbers than the quote's is another sentence, however alike it reads
        other = i not in says_numbers
        return (other, False, 0.0, 0) if spelled >= top - tie else (other, True, -spelled, -words)

    ranked = sorted(range(len(entry.evidence)), key=rank)  # stable otherwise
    if ranked[0] == 0 or (cover[ranked[0]] <= cover[0] and 0 in says_numbers):
        return entry
    # the moment's share of the quote is its lines' relevance, so "pick the best" picks the whole quote
    relevance = [max(r, cover[i][1] / len(wanted)) for i, r in enumerate(entry.relevance)] if entry.relevance \
        else []
    # the winning moment's first line (or where the quote starts in it) leads
    best_group = next(g for g in groups if ranked[0] in g)
    lead = lead_of[ranked[0]] if quote else min(best_group, key=lambda i: entry.evidence[i].t0)
    ranked = [lead] + [i for i in ranked if i != lead]
    return MemoryEntry(entry.subtask, entry.tool, [entry.evidence[i] for i in ranked],
                       [entry.times[i] for i in ranked], [entry.sources[i] for i in ranked],
                       [relevance[i] for i in ranked] if relevance else [])


@dataclass(frozen=True)
class _QuoteMoment:
    """Lines said back to back (indices into a memory entry), how closely a run of them spells the quote
    (rapidfuzz ratio of the spoken forms; 0 without a quote), how many of the searched words they carry, and
    the line where the best-spelling run starts."""

    lines: list[int]
    spelled: float
    words: int
    lead: int


def _quote_moments(entry: MemoryEntry, wanted: set[str], gap_s: float, quote: str | None) -> list[_QuoteMoment]:
    spelt = spoken(quote) if quote else ""
    order = sorted(range(len(entry.evidence)), key=lambda i: (entry.evidence[i].video_id, entry.evidence[i].t0))
    groups: list[list[int]] = []
    for i in order:
        h = entry.evidence[i]
        last = entry.evidence[groups[-1][-1]] if groups else None
        if last is not None and last.video_id == h.video_id and h.t0 - last.t1 <= gap_s:
            groups[-1].append(i)
        else:
            groups.append([i])
    out: list[_QuoteMoment] = []
    for group in groups:
        words = set().union(*(hit_terms(entry.evidence[i]) for i in group))
        spelled, lead = 0.0, group[0]
        if quote:
            # the run of lines (from any line of the moment on) that spells the quote best, and where it starts
            for a in range(len(group)):
                for b in range(a, len(group)):
                    ratio = fuzz.ratio(spelt, spoken(" ".join(entry.evidence[i].text for i in group[a:b + 1])))
                    if ratio > spelled:
                        spelled, lead = ratio, group[a]
        out.append(_QuoteMoment(group, spelled, len(wanted & words), lead))
    return out


def said_again(entry: MemoryEntry, query: str, quote: str, gap_s: float = DEFAULT.quote_gap_s,
               tie: float = DEFAULT.quote_spelling_tie, repeat_tie: float = DEFAULT.quote_repeat_tie) -> list[int]:
    """The same quote said at several moments: the lead line of every moment that spells it as closely as the
    best one (within `tie`), or nearly as closely (within `repeat_tie`) while carrying every name the quote
    holds, as heard (a misheard small word, "And I will…" for "Then I will…", leaves the sentence the same;
    another name makes it another sentence), in index order. One index (or none) when the quote was said once: a
    sentence said again word for word names no one moment, and "when I said it" may mean any of them."""
    moments = _quote_moments(entry, terms(query), gap_s, quote)
    # a number makes the sentence ("platform 8" is not "platform 3"): where some moment says the quote's
    # numbers, the moments that say others are other sentences
    numbers = _numbers(quote)
    moments = [m for m in moments if not _other_numbers(numbers, _moment_text(entry, m))] or moments
    top = max((m.spelled for m in moments), default=0.0)
    if top <= 0:
        return []
    names = _names(quote)
    if quote == quote.lower():  # typed in lower case: its names as the best-spelling line has them capitalised
        heard = _moment_text(entry, max(moments, key=lambda m: m.spelled))
        names = _names(heard) & set(re.findall(r"[a-z']+", quote))

    def carries_names(m: _QuoteMoment) -> bool:
        said = set(re.findall(r"[a-z']+", " ".join(entry.evidence[i].text for i in m.lines).lower()))
        # as heard: the recogniser spells names it does not know its own way ("Iman" for Ivan)
        return bool(names) and all(any(same_name(n, w) for w in said) for n in names)

    return sorted(m.lead for m in moments
                  if m.spelled >= top - tie or (m.spelled >= top - repeat_tie and carries_names(m)))


def _numbers(text: str) -> set[str]:
    """The numbers a text says, however written ("eight", "8"; "ten thirty" → 1030)."""
    return set(re.findall(r"\d+", normalise_numbers(spoken(text))))


def _other_numbers(numbers: set[str], text: str) -> bool:
    """The text says numbers and none of the quote's: another sentence ("platform 3" for "platform eight"), not
    the quote misheard (a number heard as a word, "pier too", leaves the others it says)."""
    if not numbers:
        return False
    said = _numbers(text)
    return bool(said) and not numbers & said


def _moment_text(entry: MemoryEntry, moment: _QuoteMoment) -> str:
    return " ".join(entry.evidence[i].text for i in moment.lines)


def _names(text: str) -> set[str]:
    """Capitalised words inside a sentence (not its first word, not "I"): the names a quote holds, lower case."""
    out: set[str] = set()
    for sentence in re.split(r"[.!?]+", text):
        words = re.findall(r"[A-Za-z']+", sentence)
        out.update(w.lower() for w in words[1:] if w[0].isupper() and w != "I")
    return out
