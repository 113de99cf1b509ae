"""audio_search: what was said, when and by whom — BM25 over the transcript index, optionally re-judged by a chat model.

`mode="bm25"` ranks utterances with SQLite FTS5 (kept current at ingest, never rebuilt per query).
`mode="llm"` takes the BM25 candidates and asks a chat model (the ChatModel protocol: a `chat(messages,
schema=…)` method returning a result whose `.data` is the validated object) to score how well each one
answers the query; without a chat model it raises `ChatModelRequired`, saying how to configure one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field
from rapidfuzz import fuzz, process

from vidmem.retrieval.types import Hit
from vidmem.sounds import sound_key
from vidmem.store.speech import Speaker, SpeechStore, TextMatch, Utterance

if TYPE_CHECKING:
    from vidmem.library import Library

Mode = Literal["bm25", "llm"]
LLM_CANDIDATES = 30
TURN_GAP_S = 5.0  # a line this soon before or after another is part of the same exchange
# a line that asks something, whatever its end: the recogniser often ends a question with a comma or a full
# stop ("Keiko, when you're next meeting,"); a leading name it is put to is skipped
_ASKS = re.compile(r"^\W*(?:[\w' -]+,\s*)?(?:when|where|what|which|who|whom|whose|why|how|do|does|did|have|has|"
                   r"had|can|could|will|would|shall|should|is|are|was|were|may)\b", re.IGNORECASE)

_ANSWERS = re.compile(r"^\W*(?:yes|yeah|yep|yup|no|nope|sure|definitely|absolutely|of course|"
                      r"(?:i|we) (?:did|do|have|had|am|are|was|were|will)(?: not|n't)?)\b", re.IGNORECASE)


class ChatModelRequired(RuntimeError):
    """llm mode was asked for without a chat model."""


class UnknownSpeaker(ValueError):
    """The speaker filter names no speaker of this Library."""


class _Judgement(BaseModel):
    id: int
    relevance: int = Field(ge=0, le=10)


class _Judgements(BaseModel):
    judgements: list[_Judgement]


def resolve_speakers(speakers: Sequence[Speaker], query: str | int) -> list[int]:
    """Speaker ids a filter means: an id, "S3", "Speaker 3", or a name (case-insensitive)."""
    text = str(query).strip()
    lowered = text.lower()
    digits = lowered.removeprefix("speaker").removeprefix("s").strip()
    if digits.isdigit():
        matched = [s.id for s in speakers if s.id == int(digits)]
    else:
        matched = [s.id for s in speakers if s.name and s.name.lower() == lowered]
    if not matched:
        known = ", ".join(f"S{s.id}" + (f" ({s.name})" if s.name else "") for s in speakers) or "none yet"
        raise UnknownSpeaker(f"no speaker {text!r} in this Library (known: {known})")
    return matched


def audio_search(
    library: Library,
    query: str,
    time_range: tuple[float, float] | None = None,
    speaker: str | int | None = None,
    mode: Mode = "bm25",
    k: int = 10,
    chat: Any = None,
    videos: Sequence[int] | None = None,
    replies: bool = False,
    latest: bool = False,
) -> list[Hit]:
    """Utterances matching `query`, best first, with absolute times, speaker and score.

    `time_range` is an absolute [t0, t1) filter; `speaker` an id, "S3", "Speaker 3" or a name; `videos`
    keeps only those videos' utterances. Each hit carries the lines said just before and after it (within
    `TURN_GAP_S`) as `extra["before"]` / `extra["after"]`: who was addressed right before a line, and who
    answered, say who may have spoken it. With `replies`, a matching line that asks something brings its
    answer as a hit of its own (`extra["reply_to"]` = the question): "when is our next meeting?" — "It is on
    Monday at the car park." shares no word with what was asked. With `latest`, "*" lists the latest lines
    first.
    """
    if mode not in ("bm25", "llm"):
        raise ValueError(f"mode must be 'bm25' or 'llm', not {mode!r}")
    if k <= 0:
        return []
    if mode == "llm" and chat is None:
        raise ChatModelRequired(
            "audio_search mode 'llm' needs a chat model: configure one (an OpenAI-compatible server or the "
            "packaged local model) or use mode 'bm25'"
        )
    store = SpeechStore(library.catalog)
    speakers = {s.id: s for s in store.speakers()}
    speaker_ids = resolve_speakers(list(speakers.values()), speaker) if speaker is not None else None
    t0, t1 = time_range if time_range else (None, None)
    limit = max(k, LLM_CANDIDATES) if mode == "llm" else k
    matches = store.search_text(query, limit=limit, t0=t0, t1=t1, speaker_ids=speaker_ids, video_ids=videos,
                                latest=latest)
    respelt: dict[str, str] = {}
    if not matches and query.strip() != "*":
        # no line holds the words as written: the recogniser may have spelt a name or a rare word as it heard it
        sounds = library.catalog.memo("heard_sounds", lambda: SoundIndex.of(store.heard_words()))
        respelt = heard_as(query, sounds)
        if respelt:
            matches = store.search_text(" ".join(respelt.values()), limit=limit, t0=t0, t1=t1,
                                        speaker_ids=speaker_ids, video_ids=videos)
    if mode == "llm" and matches:
        matches = _rejudge(chat, query, matches)
    matches = matches[:k]
    starts = library.catalog.video_starts([m.utterance.video_id for m in matches])
    around = store.neighbours([m.utterance.id for m in matches])
    hits: list[Hit] = []
    seen = {m.utterance.id for m in matches}
    for m in matches:
        before, after = around.get(m.utterance.id, (None, None))
        hit = _hit(m, speakers, starts, _near(before, m.utterance, speakers), _near(after, m.utterance, speakers))
        if respelt:
            hit.extra["heard_as"] = respelt
        hits.append(hit)
        if replies and after is not None and after.id not in seen and (asks(m.utterance.text) or answers(after.text)) \
                and _near(after, m.utterance, speakers) is not None:
            seen.add(after.id)
            answer = _hit(TextMatch(after, m.score), speakers, starts,
                          _near(m.utterance, after, speakers), None)
            answer.extra["reply_to"] = m.utterance.text
            hits.append(answer)
    return hits


HEARD_AS_MIN = 80.0  # rapidfuzz ratio of two words' sound keys at which one may be the other misheard
HEARD_AS_MIN_LETTERS = 4  # a word asked shorter than this sounds like too many others
HEARD_MIN_LETTERS = 3  # … a word heard may be a letter shorter ("krak" of a "krakow")


@dataclass(frozen=True)
class SoundIndex:
    """The transcripts' words, and those of at least `HEARD_MIN_LETTERS` by how they sound (built once per
    Library: a year of transcripts holds tens of thousands of words)."""

    words: frozenset[str]
    by_sound: dict[str, str]  # sound key → the first word (alphabetically) that sounds so

    @classmethod
    def of(cls, heard: Sequence[str]) -> SoundIndex:
        by_sound: dict[str, str] = {}
        for word in sorted(heard):
            if len(word) >= HEARD_MIN_LETTERS:
                by_sound.setdefault(sound_key(word), word)
        return cls(frozenset(heard), by_sound)


def heard_as(query: str, index: SoundIndex) -> dict[str, str]:
    """For each word of `query` no transcript holds, the transcript word that sounds most like it ("krakow" →
    "crack"), when one sounds alike enough (`HEARD_AS_MIN`)."""
    out: dict[str, str] = {}
    keys = list(index.by_sound)
    for word in dict.fromkeys(re.findall(r"[a-z]+", query.lower())):
        if len(word) < HEARD_AS_MIN_LETTERS or word in index.words:
            continue
        found = process.extractOne(sound_key(word), keys, scorer=fuzz.ratio, score_cutoff=HEARD_AS_MIN)
        if found is not None:
            out[word] = index.by_sound[found[0]]
    return out


def asks(text: str) -> bool:
    """The line asks something: it ends with a question mark, or opens like a question."""
    return text.rstrip().endswith("?") or bool(_ASKS.match(text))


def answers(text: str) -> bool:
    """The line opens as an answer does ("I did, it was $72."): the line before it asked, though the
    recogniser heard no question in it ("Ana, you bought the new lamp in the end.")."""
    return bool(_ANSWERS.match(text))


def _near(line: Utterance | None, to: Utterance, speakers: dict[int, Speaker]) -> dict[str, Any] | None:
    """A neighbouring line as a hit carries it, or None when it was said too far apart to be one exchange."""
    if line is None or max(line.t0 - to.t1, to.t0 - line.t1) > TURN_GAP_S:
        return None
    who = speakers.get(line.speaker_id) if line.speaker_id is not None else None
    return {"text": line.text, "t0": line.t0, "t1": line.t1, "speaker_id": line.speaker_id,
            "speaker": who.display if who else None}


def _hit(match: TextMatch, speakers: dict[int, Speaker], starts: dict[int, float],
         before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> Hit:
    u = match.utterance
    who = speakers.get(u.speaker_id) if u.speaker_id is not None else None
    return Hit(
        modality="audio", video_id=u.video_id, t0=u.t0, t1=u.t1, score=match.score, text=u.text,
        offset_s=u.t0 - starts.get(u.video_id, u.t0), source_id=u.id,
        speaker=who.display if who else None,
        extra={
            "speaker_id": u.speaker_id,
            "speaker_name": who.name if who else None,
            "speaker_name_confidence": who.name_confidence if who else None,
            "language": u.language,
            **({"before": before} if before else {}),
            **({"after": after} if after else {}),
        },
    )


def _rejudge(chat: Any, query: str, matches: list[TextMatch]) -> list[TextMatch]:
    """Scores 0–10 from the chat model; BM25 order breaks ties and fills in what the model left out."""
    from vidmem.models.protocols import ChatMessage

    listing = "\n".join(f"[{i}] {m.utterance.text}" for i, m in enumerate(matches))
    messages = [
        ChatMessage("system", "You judge transcript search results. For each numbered utterance, rate 0-10 how "
                              "well it answers or matches the query. Reply with JSON only."),
        ChatMessage("user", f"Query: {query}\n\nUtterances:\n{listing}\n\n"
                            'Answer as {"judgements": [{"id": 0, "relevance": 7}, ...]} covering every id.'),
    ]
    result = chat.chat(messages, schema=_Judgements, max_tokens=64 + 16 * len(matches), temperature=0.0)
    data = result.data if isinstance(result.data, _Judgements) else _Judgements.model_validate(result.data)
    scores = {j.id: j.relevance for j in data.judgements if 0 <= j.id < len(matches)}
    order = sorted(range(len(matches)), key=lambda i: (-scores.get(i, -1), i))
    return [TextMatch(matches[i].utterance, float(scores.get(i, -1))) for i in order if scores.get(i, -1) != 0]
