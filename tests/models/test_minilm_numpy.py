"""The torch-free MiniLM a question uses gives the vectors the torch model gives."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from vidmem.models.minilm_numpy import MiniLMNumpyEmbedder, query_text_embedder
from vidmem.models.text_embedding import SHARED_KEY, shared_text_embedder
from vidmem.runtime import current

TEXTS = ["a cat on the sofa", "bell cote, tabby", "What did Carol say about the volcano?", "",
         "the kettle costs forty dollars", "indoors; near: mug, water bottle; 2 faces", "Ünïcödé café — 14:05",
         "Perfect, I will ask Carol to come too. " * 60]  # the last one is cut at 256 tokens, as in torch


def test_the_numpy_model_matches_the_torch_model() -> None:
    ours = MiniLMNumpyEmbedder().embed(TEXTS)
    theirs = shared_text_embedder().embed(TEXTS)
    assert ours.shape == theirs.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    assert np.abs(ours - theirs).max() < 1e-4
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    # and the same text alone or in a padded batch gives the same vector
    assert np.abs(MiniLMNumpyEmbedder().embed([TEXTS[0]])[0] - ours[0]).max() < 1e-5


def test_a_question_uses_the_torch_model_when_the_process_has_it() -> None:
    shared_text_embedder()
    assert current().loads[SHARED_KEY] == 1
    assert query_text_embedder() is shared_text_embedder()


def test_a_fresh_process_embeds_a_question_without_importing_torch() -> None:
    probe = ("import sys\nfrom vidmem.models.minilm_numpy import query_text_embedder\n"
             "v = query_text_embedder().embed(['a cat'])\n"
             "print(v.shape, 'torch' in sys.modules, 'sentence_transformers' in sys.modules, 'scipy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300)
    assert out.stdout.split()[-4:] == ["384)", "False", "False", "False"]


def test_its_erf_matches_scipy_to_float32_precision() -> None:
    from scipy.special import erf

    from vidmem.models.minilm_numpy import _erf

    x = np.linspace(-8, 8, 100_001)
    assert np.abs(_erf(x) - erf(x)).max() < 2e-7
    assert np.abs(_erf(x.astype(np.float32)) - erf(x)).max() < 1e-6
