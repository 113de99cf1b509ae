"""Voice embeddings with Resemblyzer (a GE2E speaker encoder; its weights ship inside its wheel)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from vidmem.models.weights import WeightsMissing

RESEMBLYZER_INSTALL = "pip install resemblyzer==0.1.4"
# Resemblyzer embeds 1.6 s partial windows; a clip shorter than this is padded with silence,
# which dilutes it, so very short clips are embedded with what is there and flagged by callers.
MIN_CLIP_S = 0.3
# torch's intra-op threads while embedding: its default (one per core) spin-waits on the small LSTM products
# of one utterance: one thread gives the same vectors to the bit for 0.3x the CPU (26 utterances of the
# moving dev clip: 1.76 -> 0.48 CPU-s; docs/SCALING.md); both cores are used by running two files or
# stages at once (`--workers 2`), as for Whisper and the vision models
TORCH_THREADS = 1


@contextmanager
def torch_threads(count: int) -> Iterator[None]:
    """torch's intra-op thread count set to `count` inside the block, and put back after it."""
    import torch

    before = torch.get_num_threads()
    if before != count:
        torch.set_num_threads(count)
    try:
        yield
    finally:
        if before != count:
            torch.set_num_threads(before)


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
                out[i] = self._encoder.embed_utterance(wav)
        return out


def load_voice_embedder(settings: object) -> ResemblyzerEmbedder:
    """Resemblyzer for every profile (no other voice encoder ships its weights on PyPI)."""
    return ResemblyzerEmbedder()
