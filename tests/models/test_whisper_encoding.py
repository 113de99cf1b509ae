"""The Whisper adapter encodes the first 30 s of speech once, not once to detect the language and again to
decode: the transcript is the one faster-whisper gives on its own, word for word and time for time."""

from __future__ import annotations

import types

import numpy as np

from speech_helpers import read_wav
from vidmem.models.whisper import LastEncoding, detect_on_decoded


def test_last_encoding_reuses_only_equal_features() -> None:
    calls: list[np.ndarray] = []

    def encode(features: np.ndarray) -> str:
        calls.append(features)
        return f"out{len(calls)}"

    memo = LastEncoding(encode)
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    assert memo(a) == "out1"
    assert memo(a.copy()) == "out1" and memo.reused == 1  # equal features: the last output, no encoding
    b = a.copy()
    b[0, 0] = -1
    assert memo(b) == "out2"  # one value differs
    assert memo(a[:, :3]) == "out3"  # another shape
    a_again = a.copy()
    memo(a_again)
    a_again[1, 1] = 99  # the caller changing its array afterwards
    assert memo(a) == "out4" and memo.reused == 2  # what was kept is a copy: still equal to `a`
    memo.forget()
    assert memo(a) == "out5" and len(calls) == 5


def test_detection_sees_the_frames_the_decoder_encodes() -> None:
    seen: list[dict] = []

    def detect(audio=None, features=None, **kwargs):  # type: ignore[no-untyped-def]
        seen.append({"audio": audio, "features": features, **kwargs})
        return "en", 1.0, []

    detect_language = detect_on_decoded(detect)
    features = np.ones((80, 1200), dtype=np.float32)
    assert detect_language(features=features, language_detection_segments=1) == ("en", 1.0, [])
    assert seen[-1]["features"].shape == (80, 1199) and seen[-1]["language_detection_segments"] == 1
    audio = np.zeros(16_000, dtype=np.float32)
    detect_language(audio=audio)  # audio: left to faster-whisper as it is
    assert seen[-1]["audio"] is audio and seen[-1]["features"] is None


def test_transcript_is_faster_whispers_own(whisper_lite, pyannote_sample) -> None:  # type: ignore[no-untyped-def]
    """Real speech under 30 s (the case where detection and decoding saw different frames): the adapter
    encodes the features once and gives faster-whisper's own transcript, language detected."""
    audio = read_wav(pyannote_sample["wav"])
    model = whisper_lite._model
    patched = (model.encode, model.detect_language)

    def words() -> list[tuple]:
        return [(s.t0, s.t1, s.text, s.language, [(w.t0, w.t1, w.text, w.probability) for w in s.words])
                for s in whisper_lite.transcribe(audio)]

    try:
        whisper_lite._encoding.reused = 0
        ours = words()
        assert whisper_lite._encoding.reused == 1
        model.encode = whisper_lite._encoding._encode
        model.detect_language = types.MethodType(type(model).detect_language, model)
        assert words() == ours
    finally:
        model.encode, model.detect_language = patched
