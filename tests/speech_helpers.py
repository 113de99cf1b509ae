"""Helpers for the speech tests: a Library whose pipeline runs only the speech stages with preloaded models."""

from __future__ import annotations

import wave
from pathlib import Path
from typing import Any

import numpy as np

from vidmem.ingest import IngestReport, Pipeline
from vidmem.ingest.stages.audio import SpeakersStage, TranscribeStage
from vidmem.ingest.stages.segments import SegmentsStage
from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow


def speech_pipeline(library: Library, transcriber: Any, voices: Any) -> Pipeline:
    """segments → transcribe → speakers, sharing models loaded once per test session."""
    pipeline = Pipeline(library.catalog, library.vectors, library.thumbnails, library.settings,
                        [SegmentsStage(), TranscribeStage(), SpeakersStage()])
    pipeline.resources.update(transcriber=transcriber, voices=voices)
    return pipeline


def ingest_speech(library: Library, paths: list[Path], transcriber: Any, voices: Any, start: str) -> IngestReport:
    with library.writing():
        return speech_pipeline(library, transcriber, voices).ingest(paths, start=start)


def write_wav(path: Path, audio: np.ndarray, rate: int = 16_000) -> Path:
    samples = np.clip(audio, -1, 1)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes((samples * 32767).astype("<i2").tobytes())
    return path


def read_wav(path: Path) -> np.ndarray:
    with wave.open(str(path)) as source:
        return np.frombuffer(source.readframes(source.getnframes()), dtype="<i2").astype(np.float32) / 32768


def read_stm(path: Path) -> list[tuple[float, float, str, str]]:
    """(t0, t1, speaker, text) lines of an STM transcript."""
    out = []
    for line in path.read_text().splitlines():
        parts = line.split(None, 5)
        if len(parts) == 6:
            out.append((float(parts[3]), float(parts[4]), parts[2], parts[5]))
    return out


def read_rttm(path: Path) -> list[tuple[float, float, str]]:
    out = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if parts and parts[0] == "SPEAKER":
            out.append((float(parts[3]), float(parts[3]) + float(parts[4]), parts[7]))
    return out


def add_lines(library: Library, lines: list[str], t0: float, every_s: float = 5.0) -> int:
    """A two-minute video whose transcript is `lines`, one every `every_s` from `t0` (2 s each); its id."""
    with library.catalog.transaction():
        vid = library.catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 120.0, False, True, None,
                                                    None, None, t0, "given"))
        SpeechStore(library.catalog).replace_utterances(
            vid, [UtteranceRow(i, t0 + every_s * i, t0 + every_s * i + 2, text) for i, text in enumerate(lines)])
    return vid
