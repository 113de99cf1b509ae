"""Voice embeddings with Resemblyzer (a GE2E speaker encoder; its weights ship inside its wheel)."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vidmem.models.threads import TORCH_THREADS, torch_threads
from vidmem.models.weights import WeightsMissing

RESEMBLYZER_INSTALL = "pip install resemblyzer==0.1.4"
# Resemblyzer embeds 1.6 s partial windows; a clip shorter than this is padded with silence,
# which dilutes it, so very short clips are embedded with what is there and flagged by callers.
MIN_CLIP_S = 0.3
# Resemblyzer's input: a 40-band mel power spectrogram of 25 ms windows every 10 ms at 16 kHz (its hparams),
# computed here as librosa's `melspectrogram` computes it (centred, zero-padded, periodic Hann, Slaney mel
# filters): equal to 6e-7 relative, without importing librosa's feature and core modules (~1.5 CPU-s of
# numba and imports per process) or its einsum (~5 ms an utterance)
MEL_RATE = 16_000
MEL_FFT = 400
MEL_HOP = 160
MEL_BANDS = 40


def resemblyzer_weights() -> Path:
    """Path of the encoder weights inside the installed wheel, found without importing torch."""
    spec = importlib.util.find_spec("resemblyzer")
    if spec is None or not spec.submodule_search_locations:
        raise WeightsMissing(f"Resemblyzer is not installed: {RESEMBLYZER_INSTALL}")
    path = Path(next(iter(spec.submodule_search_locations))) / "pretrained.pt"
    if not path.is_file():
        raise WeightsMissing(f"Resemblyzer's pretrained.pt is missing; reinstall: {RESEMBLYZER_INSTALL}")
    return path


def resemblyzer_present() -> tuple[bool, str]:
    try:
        path = resemblyzer_weights()
    except WeightsMissing as exc:
        return False, str(exc)
    return True, f"Resemblyzer encoder ({path.stat().st_size / 1e6:.0f} MB, in its wheel)"


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """Slaney's mel scale (librosa's default): linear below 1 kHz, logarithmic above."""
    linear, knee = 200.0 / 3, 1000.0
    step = np.log(6.4) / 27.0
    return np.where(hz >= knee, knee / linear + np.log(np.maximum(hz, knee) / knee) / step, hz / linear)


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    linear, knee = 200.0 / 3, 1000.0
    step = np.log(6.4) / 27.0
    return np.where(mel >= knee / linear, knee * np.exp(step * (mel - knee / linear)), linear * mel)


def mel_filters(rate: int = MEL_RATE, n_fft: int = MEL_FFT, bands: int = MEL_BANDS) -> np.ndarray:
    """(bands, n_fft // 2 + 1) float32 triangular filters, Slaney-normalised (librosa.filters.mel's default)."""
    bins = np.fft.rfftfreq(n_fft, 1.0 / rate)
    edges = _mel_to_hz(np.linspace(_hz_to_mel(np.float64(0.0)), _hz_to_mel(np.float64(rate / 2)), bands + 2))
    widths = np.diff(edges)
    ramps = np.subtract.outer(edges, bins)
    weights = np.zeros((bands, bins.size), dtype=np.float32)
    for i in range(bands):
        weights[i] = np.maximum(0, np.minimum(-ramps[i] / widths[i], ramps[i + 2] / widths[i + 1]))
    weights *= (2.0 / (edges[2: bands + 2] - edges[:bands]))[:, np.newaxis]
    return weights


_MEL_FILTERS = mel_filters()
_HANN = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(MEL_FFT) / MEL_FFT)  # periodic, as for an FFT


def mel_spectrogram(wav: np.ndarray) -> np.ndarray:
    """(frames, MEL_BANDS) float32 mel power spectrogram, frame i centred on sample i × MEL_HOP (what
    `resemblyzer.audio.wav_to_mel_spectrogram` returns)."""
    padded = np.pad(np.asarray(wav, dtype=np.float32), MEL_FFT // 2)
    count = 1 + (padded.size - MEL_FFT) // MEL_HOP
    frames = np.lib.stride_tricks.as_strided(padded, (count, MEL_FFT), (padded.strides[0] * MEL_HOP,
                                                                           padded.strides[0]))
    power = np.abs(np.fft.rfft(frames * _HANN, axis=1).astype(np.complex64)) ** 2
    return (power @ _MEL_FILTERS.T).astype(np.float32)


class ResemblyzerEmbedder:
    """The VoiceEmbedder protocol over Resemblyzer's VoiceEncoder, on the CPU."""

    dim = 256

    def __init__(self, device: str = "cpu", *, threads: int = TORCH_THREADS) -> None:
        import warnings

        with warnings.catch_warnings():  # its dependencies warn about deprecated imports on every load
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", UserWarning)
            from resemblyzer import VoiceEncoder

        self._encoder = VoiceEncoder(device=device, verbose=False, weights_fpath=resemblyzer_weights())
        self.threads = threads

    def embed(self, clips: Sequence[np.ndarray], sample_rate: int = 16_000) -> np.ndarray:
        from resemblyzer.audio import normalize_volume

        if sample_rate != 16_000:
            raise ValueError(f"Resemblyzer needs 16 kHz audio, got {sample_rate} Hz")
        out = np.zeros((len(clips), self.dim), dtype=np.float32)
        with torch_threads(self.threads):
            for i, clip in enumerate(clips):
                wav = np.asarray(clip, dtype=np.float32).reshape(-1)
                if wav.size < int(MIN_CLIP_S * sample_rate) or not np.any(wav):
                    raise ValueError(f"clip {i} is too short or silent to embed ({wav.size / sample_rate:.2f} s)")
                # same loudness for every clip, so level differences between recordings do not look like voices
                wav = normalize_volume(wav, -30, increase_only=False)
                out[i] = self._embed_utterance(wav)
        return out

    def _embed_utterance(self, wav: np.ndarray) -> np.ndarray:
        """`VoiceEncoder.embed_utterance` (its 1.6 s partials at rate 1.3, coverage 0.75, their mean
        embedding, L2-normalised) with the mel spectrogram computed here (`mel_spectrogram`)."""
        import torch

        encoder = self._encoder
        wav_slices, mel_slices = encoder.compute_partial_slices(len(wav), rate=1.3, min_coverage=0.75)
        if wav_slices[-1].stop >= len(wav):
            wav = np.pad(wav, (0, wav_slices[-1].stop - len(wav)), "constant")
        mel = mel_spectrogram(wav)
        with torch.no_grad():
            partials = encoder(torch.from_numpy(np.array([mel[s] for s in mel_slices])).to(encoder.device))
        mean = np.mean(partials.cpu().numpy(), axis=0)
        return mean / np.linalg.norm(mean, 2)


def load_voice_embedder(settings: object) -> ResemblyzerEmbedder:
    """Resemblyzer for every profile (no other voice encoder ships its weights on PyPI)."""
    return ResemblyzerEmbedder()
