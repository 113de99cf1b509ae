"""The Resemblyzer adapter: voices embedded on one torch thread (the default of one per core spins on one
utterance's small products) give the same vectors and leave the process's thread count as it was; its own
mel spectrogram (no librosa) is librosa's, and its embeddings are Resemblyzer's own `embed_utterance`."""

from __future__ import annotations

import numpy as np
import pytest

from speech_helpers import read_wav
from vidmem.models.threads import TORCH_THREADS
from vidmem.models.voices import mel_filters, mel_spectrogram


def test_one_thread_gives_the_same_voices(voice_embedder, pyannote_sample) -> None:  # type: ignore[no-untyped-def]
    import torch

    audio = read_wav(pyannote_sample["wav"])
    clips = [audio[16_000 * a: 16_000 * b] for a, b in ((7, 10), (12, 16), (20, 23))]
    assert voice_embedder.threads == TORCH_THREADS == 1
    before = torch.get_num_threads()
    ours = voice_embedder.embed(clips)
    assert torch.get_num_threads() == before
    try:
        voice_embedder.threads = 2
        np.testing.assert_allclose(voice_embedder.embed(clips), ours, atol=1e-6)
    finally:
        voice_embedder.threads = TORCH_THREADS


def test_mel_spectrogram_is_librosas() -> None:
    librosa = pytest.importorskip("librosa")
    from resemblyzer.audio import wav_to_mel_spectrogram

    np.testing.assert_allclose(mel_filters(), librosa.filters.mel(sr=16_000, n_fft=400, n_mels=40), rtol=1e-6,
                               atol=1e-9)
    rng = np.random.default_rng(0)
    for size in (4_800, 16_000 * 3 + 17, 16_000 * 7 + 159):  # frame counts with and without a remainder
        wav = (0.1 * rng.standard_normal(size)).astype(np.float32)
        ours, theirs = mel_spectrogram(wav), wav_to_mel_spectrogram(wav)
        assert ours.dtype == np.float32 and ours.shape == theirs.shape
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-7)


def test_embeddings_are_resemblyzers(voice_embedder, pyannote_sample) -> None:  # type: ignore[no-untyped-def]
    from resemblyzer.audio import normalize_volume

    audio = read_wav(pyannote_sample["wav"])
    for a, b in ((7.0, 7.4), (12.0, 16.0), (20.0, 29.5)):  # shorter than one 1.6 s partial, a few, many
        clip = audio[int(16_000 * a): int(16_000 * b)]
        theirs = voice_embedder._encoder.embed_utterance(normalize_volume(clip, -30, increase_only=False))
        np.testing.assert_allclose(voice_embedder.embed([clip])[0], theirs, atol=1e-5)


def test_embedding_imports_no_librosa_features() -> None:
    import subprocess
    import sys

    probe = ("import sys\nimport numpy as np\nfrom vidmem.models.voices import ResemblyzerEmbedder\n"
             "clip = np.random.default_rng(0).normal(scale=0.1, size=32_000).astype(np.float32)\n"
             "ResemblyzerEmbedder().embed([clip])\nprint('librosa.feature' in sys.modules, 'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300)
    assert out.stdout.split()[-2:] == ["False", "False"]
