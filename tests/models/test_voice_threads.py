"""Voices are embedded on one torch thread (the default of one per core spins on one utterance's small
products): the same vectors, and the process's own thread count is left as it was."""

from __future__ import annotations

import numpy as np
import pytest

from speech_helpers import read_wav
from vidmem.models.voices import TORCH_THREADS, torch_threads


def test_torch_threads_sets_and_restores() -> None:
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    other = 2 if before == 1 else 1
    with torch_threads(other):
        assert torch.get_num_threads() == other
    assert torch.get_num_threads() == before
    with pytest.raises(RuntimeError), torch_threads(other):
        raise RuntimeError("inside")
    assert torch.get_num_threads() == before


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
