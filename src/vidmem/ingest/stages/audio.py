"""Audio stages: `transcribe` (utterances with word times) and `speakers` (voices → persistent speakers).

Both stream the file's audio in chunks (vidmem.media.iter_audio), so memory stays flat for a
10-hour recording. Transcription works on windows of `window_s`; a window's last `margin_s` is only
provisional: words ending there may be cut by the window border, so they are transcribed again at
the start of the next window, which begins at a pause or sentence end before the margin.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from vidmem.ingest.pipeline import ComputeContext, StageContext
from vidmem.ingest.speakers import LineNames, SpeakerAssigner, infer_names, read_names
from vidmem.media import iter_audio
from vidmem.media.decode import AUDIO_RATE
from vidmem.models.protocols import Transcriber, VoiceEmbedder, Word
from vidmem.store import Catalog, VideoRecord
from vidmem.store.speech import SpeechStore, UtteranceRow

SENTENCE_END = (".", "?", "!", "。", "？", "！")


@dataclass(frozen=True)
class StreamOptions:
    window_s: float = 120.0  # audio given to the transcriber at once
    margin_s: float = 8.0  # provisional tail of a window, redone in the next one
    min_pause_s: float = 0.3  # a gap this long is a good place to cut


def stream_words(
    transcriber: Transcriber,
    chunks: Iterable[tuple[float, np.ndarray]],
    options: StreamOptions = StreamOptions(),
    *,
    language: str | None = None,
    rate: int = AUDIO_RATE,
) -> Iterator[tuple[Word, str | None]]:
    """(word with file offsets, language) for a stream of (offset, samples) chunks, each word once.

    The buffer never holds more than `window_s` plus one chunk, whatever the length of the stream.
    The language is detected in the first window with speech and then kept (unless given).
    """
    if options.margin_s * 2 >= options.window_s:
        raise ValueError("margin_s must be less than half of window_s")
    buffer: list[np.ndarray] = []
    buffered = 0
    start = 0.0  # file offset of buffer[0][0]
    started = False
    for offset, samples in chunks:
        if not started:
            start, started = offset, True
        buffer.append(samples)
        buffered += samples.size
        while buffered >= options.window_s * rate:
            audio = np.concatenate(buffer)
            words, cut, detected = _transcribe_window(transcriber, audio, options, language, rate, final=False)
            language = language or detected
            for word in words:
                yield _shift(word, start), language
            keep = round(cut * rate)
            buffer, buffered = [audio[keep:]], audio.size - keep
            start += keep / rate
    if buffered:
        audio = np.concatenate(buffer)
        words, _, detected = _transcribe_window(transcriber, audio, options, language, rate, final=True)
        language = language or detected
        for word in words:
            yield _shift(word, start), language


def _transcribe_window(
    transcriber: Transcriber, audio: np.ndarray, options: StreamOptions, language: str | None, rate: int, *,
    final: bool,
) -> tuple[list[Word], float, str | None]:
    """Words to commit, where the next window starts (seconds into this one), and the language."""
    words: list[Word] = []
    detected = None
    for segment in transcriber.transcribe(audio, rate, language=language):
        detected = detected or segment.language
        words.extend(segment.words or [Word(segment.t0, segment.t1, segment.text, 1.0)])
    length = audio.size / rate
    if final:
        return words, length, detected
    limit = length - options.margin_s
    settled = [w for w in words if w.t1 <= limit]
    if not settled:
        return [], limit, detected  # no speech before the margin: skip to it
    # cut after the last settled word that ends a sentence or is followed by a pause
    cut_index = len(settled) - 1
    for i in range(len(settled) - 1, -1, -1):
        following = words[i + 1].t0 if i + 1 < len(words) else length
        if settled[i].text.endswith(SENTENCE_END) or following - settled[i].t1 >= options.min_pause_s:
            cut_index = i
            break
    # never cut so early that the stream makes little progress per window
    if settled[cut_index].t1 < options.window_s / 4:
        cut_index = len(settled) - 1
    following = words[cut_index + 1].t0 if cut_index + 1 < len(words) else limit
    cut = min((settled[cut_index].t1 + following) / 2, limit)
    return settled[: cut_index + 1], cut, detected


def _shift(word: Word, by: float) -> Word:
    return Word(word.t0 + by, word.t1 + by, word.text, word.probability)


def build_utterances(
    words: Iterable[tuple[Word, str | None]], *, max_gap_s: float = 0.8, max_len_s: float = 15.0
) -> Iterator[tuple[list[Word], str | None]]:
    """Group words into utterances: a sentence end, a pause of `max_gap_s` or `max_len_s` closes one.

    Short sentence-sized utterances keep one voice each far more often than Whisper's 30 s segments,
    which matters for telling speakers apart.
    """
    current: list[Word] = []
    language = None
    for word, lang in words:
        if current and (word.t0 - current[-1].t1 >= max_gap_s or word.t1 - current[0].t0 > max_len_s):
            yield current, language
            current = []
        current.append(word)
        language = lang
        if word.text.endswith(SENTENCE_END):
            yield current, language
            current = []
    if current:
        yield current, language


_GLUED = re.compile(r"^[.,:;!?%'’)]")  # a piece the recogniser spells onto the word before (".15" of "6.15")


_WORD_REST = re.compile(r"^-[a-z]")  # the recogniser unsure of a word spells it in two: "car" "-afe"
_HYPHENED = re.compile(r"^-\w")  # "50" "-year": a compound whose hyphen stays


def utterance_text(words: list[Word]) -> str:
    """The words as one line, pieces that continue a word joined to it ("6" ".15" → "6.15", not "6 .15"; "car"
    "-afe" → "carafe", "50" "-year" → "50-year")."""
    out = ""
    for i, w in enumerate(words):
        if i and _WORD_REST.match(w.text) and out[-1:].isalpha():
            out += w.text[1:]
        elif i and (_GLUED.match(w.text) or (_HYPHENED.match(w.text) and out[-1:].isalnum())):
            out += w.text
        else:
            out += f" {w.text}"
    return out.strip()


def _transcriber_for(ctx: ComputeContext) -> Transcriber:
    from vidmem.models.whisper import load_transcriber

    return ctx.resource("transcriber", lambda: load_transcriber(ctx.settings))


def _voices_for(ctx: ComputeContext) -> VoiceEmbedder:
    from vidmem.models.voices import load_voice_embedder

    return ctx.resource("voices", lambda: load_voice_embedder(ctx.settings))


class TranscribeStage:
    """Whole files only (`splits = False`): the stream's windows carry state from one to the next."""

    name = "transcribe"
    splits = False
    needs: tuple[str, ...] = ()

    def __init__(self, options: StreamOptions = StreamOptions(), chunk_s: float = 30.0) -> None:
        self.options = options
        self.chunk_s = chunk_s

    def applies(self, video: VideoRecord) -> bool:
        return video.has_audio and video.duration > 0

    def inputs(self, catalog: Catalog, video: VideoRecord, computed: dict[str, list[Any]]) -> None:
        return None

    def compute(self, ctx: ComputeContext) -> list[UtteranceRow]:
        transcriber = _transcriber_for(ctx)
        start, duration = ctx.video.start_at, max(ctx.video.duration, 1e-6)
        words = stream_words(transcriber, _reporting(iter_audio(ctx.video.fs_path, self.chunk_s), duration, ctx.report),
                             self.options)
        rows = []
        for i, (group, language) in enumerate(build_utterances(words)):
            rows.append(UtteranceRow(
                idx=i, t0=start + group[0].t0, t1=start + group[-1].t1, text=utterance_text(group),
                words=[(start + w.t0, start + w.t1, w.text, round(w.probability, 3)) for w in group],
                language=language,
            ))
        return rows

    def finish(self, ctx: StageContext, parts: list[list[UtteranceRow]]) -> list[UtteranceRow]:
        return parts[0]

    def save(self, ctx: StageContext, output: list[UtteranceRow]) -> str:
        SpeechStore(ctx.catalog).replace_utterances(ctx.video.id, output)
        _fill_segment_transcripts(ctx, output)
        words = sum(len(r.words) for r in output)
        language = next((r.language for r in output if r.language), None)
        return f"{len(output)} utterances, {words} words" + (f", language {language}" if language else "")


def _fill_segment_transcripts(ctx: StageContext, rows: list[UtteranceRow]) -> None:
    """Each segment gets the words spoken inside it (by word time, so nothing is counted twice)."""
    for segment in ctx.catalog.segments(ctx.video.id):
        inside = [w[2] for r in rows for w in r.words if segment.t0 <= (w[0] + w[1]) / 2 < segment.t1]
        ctx.catalog.set_segment_text(ctx.video.id, segment.idx, column="transcript",
                                     text=" ".join(inside) if inside else None)


def _reporting(
    chunks: Iterable[tuple[float, np.ndarray]], duration: float, report: Callable[[float], None]
) -> Iterator[tuple[float, np.ndarray]]:
    for offset, samples in chunks:
        report(min(offset / duration, 1.0))
        yield offset, samples


def utterance_clips(
    chunks: Iterable[tuple[float, np.ndarray]], spans: list[tuple[float, float]], rate: int = AUDIO_RATE
) -> Iterator[tuple[int, np.ndarray]]:
    """(index into spans, samples) for each (t0, t1) file-offset span, in one pass over the audio.

    Spans must be sorted by t0; only audio from the earliest span still open is kept in memory.
    """
    order = sorted(range(len(spans)), key=lambda i: spans[i][0])
    buffer = np.zeros(0, dtype=np.float32)
    buffer_start = 0.0
    pos = 0
    for offset, samples in chunks:
        if buffer.size == 0:
            buffer_start = offset
        buffer = np.concatenate([buffer, samples])
        end = buffer_start + buffer.size / rate
        while pos < len(order) and spans[order[pos]][1] <= end:
            t0, t1 = spans[order[pos]]
            a, b = int(max(t0 - buffer_start, 0) * rate), int(max(t1 - buffer_start, 0) * rate)
            yield order[pos], buffer[a:b]
            pos += 1
        keep_from = spans[order[pos]][0] if pos < len(order) else end
        drop = int(max(keep_from - buffer_start, 0) * rate)
        if drop:
            buffer, buffer_start = buffer[drop:], buffer_start + drop / rate
    while pos < len(order):  # spans past the end of the audio
        t0, t1 = spans[order[pos]]
        a, b = int(max(t0 - buffer_start, 0) * rate), int(max(t1 - buffer_start, 0) * rate)
        yield order[pos], buffer[a:b]
        pos += 1


@dataclass(frozen=True)
class Spoken:
    """An utterance as the speakers stage's compute needs it: file offsets and text."""

    t0: float
    t1: float
    text: str


class SpeakersStage:
    """Embeds each utterance's voice, matches it to the Library's known speakers, names them when it can."""

    name = "speakers"
    splits = False
    needs: tuple[str, ...] = ("transcribe",)

    def __init__(self, assigner: SpeakerAssigner | None = None) -> None:
        self.assigner = assigner or SpeakerAssigner()

    def applies(self, video: VideoRecord) -> bool:
        return video.has_audio and video.duration > 0

    def inputs(self, catalog: Catalog, video: VideoRecord, computed: dict[str, list[Any]]) -> list[Spoken]:
        """The utterances' file-offset spans and texts: from this run's transcription, else from the Library."""
        start = video.start_at
        if "transcribe" in computed:
            rows: list[UtteranceRow] = computed["transcribe"][0]
            return [Spoken(r.t0 - start, r.t1 - start, r.text) for r in rows]
        return [Spoken(u.t0 - start, u.t1 - start, u.text) for u in SpeechStore(catalog).utterances(video.id)]

    def compute(self, ctx: ComputeContext) -> tuple[np.ndarray, list[bool], list[LineNames]]:
        spoken: list[Spoken] = ctx.inputs
        spans = [(s.t0, s.t1) for s in spoken]
        embedder = _voices_for(ctx)
        vectors = np.zeros((len(spans), embedder.dim), dtype=np.float32)
        usable = [False] * len(spans)
        duration = max(ctx.video.duration, 1e-6)
        chunks = _reporting(iter_audio(ctx.video.fs_path), duration, ctx.report)
        for i, clip in utterance_clips(chunks, spans):
            if clip.size >= int(0.3 * AUDIO_RATE) and np.any(clip):
                vectors[i] = embedder.embed([clip])[0]
                usable[i] = True
        lines = read_names([s.text for s in spoken]) if spoken else []
        return vectors, usable, lines

    def finish(self, ctx: StageContext, parts: list[tuple[np.ndarray, list[bool], list[LineNames]]]
               ) -> tuple[list[int], np.ndarray, list[bool], list[LineNames]]:
        vectors, usable, lines = parts[0]
        utterances = SpeechStore(ctx.catalog).utterances(ctx.video.id)
        if len(utterances) != len(usable):
            raise ValueError(f"{len(usable)} voices computed for {len(utterances)} utterances")
        return [u.id for u in utterances], vectors, usable, lines

    def forget_video(self, catalog: Catalog, video: VideoRecord) -> None:
        """Before a redo (`Pipeline.forget`): the file's voices leave their speakers, and its name evidence
        goes, so the redo matches its voices against the other files only, as a fresh ingest would."""
        store = SpeechStore(catalog)
        self.assigner.forget(store, video.id)
        infer_names(store, video.id, [LineNames()] * len(store.utterances(video.id)))

    def save(self, ctx: StageContext, output: tuple[list[int], np.ndarray, list[bool], list[LineNames]]) -> str:
        ids, vectors, usable, lines = output
        store = SpeechStore(ctx.catalog)
        durations = {u.id: u.t1 - u.t0 for u in store.utterances(ctx.video.id)}
        speaker_of = self.assigner.assign(store, ctx.video.id, ids, vectors, usable,
                                          [durations.get(i, 0.0) for i in ids])
        infer_names(store, ctx.video.id, lines)
        found = len({s for s in speaker_of.values() if s is not None})
        return f"{found} speakers in {len(ids)} utterances"
