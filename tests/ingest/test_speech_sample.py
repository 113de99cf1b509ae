"""Real recorded speech: the pyannote.audio sample (a two-person phone call) with its STM transcript and RTTM turns.

Thresholds were measured on this machine with the lite models (Whisper base int8, Resemblyzer):
WER 0.21 whole-file and with 12 s streaming windows; DER 0.20 (0.25 s collar). They are asserted with
room for run-to-run and version noise, not tuned to pass by a hair.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from speech_helpers import ingest_speech, read_rttm, read_stm, read_wav, write_wav
from speech_metrics import der, wer
from vidmem.ingest.stages.audio import StreamOptions, stream_words
from vidmem.library import Library
from vidmem.store.speech import SpeechStore

WER_MAX = 0.30
DER_MAX = 0.35


@pytest.fixture(scope="module")
def sample_audio(pyannote_sample: dict[str, Path]) -> np.ndarray:
    return read_wav(pyannote_sample["wav"])


@pytest.fixture(scope="module")
def reference_text(pyannote_sample: dict[str, Path]) -> str:
    return " ".join(text for *_, text in read_stm(pyannote_sample["stm"]))


def _chunks(audio: np.ndarray, seconds: float):  # type: ignore[no-untyped-def]
    n = int(seconds * 16_000)
    for i in range(0, audio.size, n):
        yield i / 16_000, audio[i: i + n]


def test_word_error_rate_whole_and_streamed(whisper_lite, sample_audio: np.ndarray, reference_text: str) -> None:  # type: ignore[no-untyped-def]
    segments = list(whisper_lite.transcribe(sample_audio))
    whole = " ".join(s.text for s in segments)
    assert wer(reference_text, whole) <= WER_MAX, whole
    # our scorer agrees with jiwer's under the same normalisation
    import jiwer

    norm = jiwer.Compose([jiwer.ToLowerCase(), jiwer.RemovePunctuation(), jiwer.RemoveMultipleSpaces(), jiwer.Strip(),
                          jiwer.ReduceToListOfListOfWords()])
    assert abs(jiwer.wer(reference_text, whole, reference_transform=norm, hypothesis_transform=norm)
               - wer(reference_text, whole)) < 0.03
    assert {s.language for s in segments} == {"en"}
    # word times: inside the audio, ordered, and the first word starts near the first reference turn (6.68 s)
    words = [w for s in segments for w in s.words]
    assert all(0 <= w.t0 <= w.t1 <= 30.0 for w in words)
    assert abs(words[0].t0 - 6.68) < 0.6
    # streaming in 12 s windows puts ~3 borders inside speech; words cut there must come out once and whole
    streamed = [w for w, _ in stream_words(whisper_lite, _chunks(sample_audio, 5.0),
                                           StreamOptions(window_s=12.0, margin_s=3.0))]
    text = " ".join(w.text for w in streamed)
    assert wer(reference_text, text) <= WER_MAX, text
    assert abs(len(streamed) - len(words)) <= 0.15 * len(words)
    assert all(b.t0 >= a.t0 for a, b in itertools.pairwise(streamed))
    assert all(b.t0 >= a.t1 - 0.2 for a, b in itertools.pairwise(streamed))  # no word twice


def test_silence_is_skipped_not_transcribed(whisper_lite) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(0)
    hiss = (0.003 * rng.standard_normal(16_000 * 20)).astype(np.float32)
    assert list(whisper_lite.transcribe(hiss)) == []


@pytest.fixture(scope="module")
def sample_library(tmp_path_factory, pyannote_sample, whisper_lite, voice_embedder) -> Library:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("sample-lib")
    wav = write_wav(folder / "call.wav", read_wav(pyannote_sample["wav"]))
    library = Library.open(folder / "lib")
    report = ingest_speech(library, [wav], whisper_lite, voice_embedder, start="2026-03-02T09:00:00")
    assert report.ok, report.files
    return library


def test_diarization_error_rate_on_the_call(sample_library: Library, pyannote_sample: dict[str, Path]) -> None:
    store = SpeechStore(sample_library.catalog)
    start = sample_library.catalog.videos()[0].start_at
    utterances = store.utterances()
    hypothesis = [(u.t0 - start, u.t1 - start, str(u.speaker_id)) for u in utterances if u.speaker_id is not None]
    reference = read_rttm(pyannote_sample["rttm"])
    error = der(reference, hypothesis)
    assert error <= DER_MAX, error
    assert 2 <= len(store.speakers()) <= 3  # two people; a third cluster from cross-talk is tolerated
    # the call ends with a minute of nobody: all utterances lie where the reference has speech
    assert max(u.t1 - start for u in utterances) <= 30.0


def test_self_introductions_name_speakers_with_confidence(sample_library: Library,
                                                           pyannote_sample: dict[str, Path]) -> None:
    store = SpeechStore(sample_library.catalog)
    speakers = store.speakers()
    named = {s.name: s for s in speakers if s.name}
    assert "Diane" in named or "Sheila" in named, [(s.label, s.name_evidence) for s in speakers]
    start = sample_library.catalog.videos()[0].start_at
    turns = read_stm(pyannote_sample["stm"])  # its speaker column holds the real names
    for name, speaker in named.items():
        votes: dict[str, float] = {}
        for u in store.utterances():
            if u.speaker_id == speaker.id:
                for a, b, who, _ in turns:
                    votes[who] = votes.get(who, 0.0) + max(0.0, min(b, u.t1 - start) - max(a, u.t0 - start))
        assert max(votes, key=lambda w: votes[w]) == name, votes  # the name went to that person's voice
    for speaker in named.values():
        assert speaker.name_source == "inferred"
        assert speaker.name_confidence is not None and speaker.name_confidence < 1.0
        assert "?" in speaker.display and "sure" in speaker.display  # never shown as certain
        assert speaker.name_evidence and speaker.name_evidence[0]["kind"] == "self-introduction"


def test_segments_get_the_transcript(sample_library: Library) -> None:
    video = sample_library.catalog.videos()[0]
    segments = sample_library.catalog.segments(video.id)
    words = sum(len(u.words) for u in SpeechStore(sample_library.catalog).utterances(video.id))
    joined = " ".join(s.transcript or "" for s in segments).split()
    assert len(joined) == words  # each word lands in exactly one segment
    assert "Chicago" in " ".join(joined)
