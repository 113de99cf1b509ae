"""MiniLM as ingest runs it (torch, straight from the model folder) gives sentence-transformers' vectors,
without importing sentence-transformers or transformers."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from vidmem.models.text_embedding import MiniLMEmbedder, minilm_path

TEXTS = ["a cat on the sofa", "bell cote, tabby", "What did Carol say about the volcano?", "",
         "1 person; bell cote, palace; near: boathouse; text: 'AAAAAA'", "Ünïcödé café — 14:05",
         "Perfect, I will ask Carol to come too. " * 60]  # the last one is cut at 256 tokens


def test_vectors_are_sentence_transformers() -> None:
    sentence_transformers = pytest.importorskip("sentence_transformers")
    theirs = sentence_transformers.SentenceTransformer(str(minilm_path()), device="cpu", local_files_only=True).encode(
        TEXTS, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False)
    embedder = MiniLMEmbedder(batch_size=4)  # texts of several lengths in several padded batches
    ours = embedder.embed(TEXTS)
    assert ours.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    assert np.abs(ours - theirs).max() < 1e-5
    assert np.abs(embedder.embed([TEXTS[1]])[0] - ours[1]).max() < 1e-6  # alone or padded in a batch
    assert embedder.embed([]).shape == (0, 384)
    with pytest.raises(TypeError):
        embedder.embed("one string")


def test_one_thread_gives_the_same_vectors() -> None:
    import torch

    embedder = MiniLMEmbedder()
    assert embedder.threads == 1
    before = torch.get_num_threads()
    ours = embedder.embed(TEXTS)
    assert torch.get_num_threads() == before
    embedder.threads = 2
    assert np.abs(embedder.embed(TEXTS) - ours).max() < 1e-6


def test_loading_imports_neither_sentence_transformers_nor_transformers() -> None:
    probe = ("import sys\nfrom vidmem.models.text_embedding import MiniLMEmbedder\n"
             "v = MiniLMEmbedder().embed(['a cat'])\n"
             "print(v.shape, 'sentence_transformers' in sys.modules, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300)
    assert out.stdout.split()[-3:] == ["384)", "False", "False"]
