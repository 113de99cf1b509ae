"""all-MiniLM-L6-v2 for the few texts of one question, without torch: the same weights (the safetensors file
sentence-transformers loads), the same tokenizer (`tokenizers`, from tokenizer.json) and the same forward
pass (a 6-layer BERT, mean pooling, L2 normalisation) in numpy.

Why: a question embeds a handful of short texts, and importing torch and sentence-transformers to do so
costs seconds per `vidmem ask` process, far more than the arithmetic. Ingest, which embeds thousands of
texts, keeps the torch model (`MiniLMEmbedder`). The two agree to float precision (tests/models).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vidmem.models.text_embedding import (
    MINILM_DIM,
    SHARED_KEY,
    MiniLMEmbedder,
    minilm_path,
    padded_batches,
    shared_text_embedder,
)
from vidmem.runtime import current

_MAX_TOKENS_FALLBACK = 256
BATCH = 32  # texts per forward pass


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


# Numerical Recipes' erfc (a Chebyshev fit, fractional error < 1.2e-7: float32's own precision), so that a
# question's embedding does not import scipy.special (half a CPU-second) for one function
_ERFC = (-1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587,
         -0.82215223, 0.17087277)


def _erf(x: np.ndarray) -> np.ndarray:
    z = np.abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    poly = np.full_like(t, _ERFC[-1])
    for c in _ERFC[-2:0:-1]:
        poly = poly * t + c
    erfc = t * np.exp(-z * z + _ERFC[0] + t * poly)
    return np.where(x >= 0, 1.0 - erfc, erfc - 1.0)


# Python floats, not numpy's: a float64 numpy scalar turns a float32 array into float64 (NEP 50), and every
# later product then casts the weights on each call: 3x slower
def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))  # BERT's exact GELU, as transformers computes it


class MiniLMNumpyEmbedder:
    """`embed(texts)` → (n, 384) L2-normalised float32, equal (to ~1e-6) to `MiniLMEmbedder`'s."""

    dim = MINILM_DIM

    def __init__(self, model_path: Path | None = None) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.path = Path(model_path) if model_path else minilm_path()
        config = json.loads((self.path / "config.json").read_text())
        st_config = self.path / "sentence_bert_config.json"
        max_tokens = json.loads(st_config.read_text()).get("max_seq_length") if st_config.is_file() else None
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.w = load_file(str(self.path / "model.safetensors"))
        self.tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self.tokenizer.enable_truncation(int(max_tokens or _MAX_TOKENS_FALLBACK))
        self.tokenizer.no_padding()  # tokenizer.json pads to 128; batches are padded here, by length

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        # as one 2-D product: numpy runs a stacked (n, length, d) @ (d, e) product batch by batch, ~30× slower
        flat = x.reshape(-1, x.shape[-1]) @ self.w[f"{name}.weight"].T + self.w[f"{name}.bias"]
        return flat.reshape(*x.shape[:-1], flat.shape[-1])

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of strings, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        from threadpoolctl import threadpool_limits

        # a few short texts: more BLAS threads gain little and spin-wait (2.5× the CPU of one on 2 busy cores)
        with threadpool_limits(limits=1, user_api="blas"):
            return self._embed(list(texts))

    def _embed(self, texts: list[str]) -> np.ndarray:
        encoded = self.tokenizer.encode_batch(texts)
        out = np.zeros((len(encoded), self.dim), dtype=np.float32)
        for chunk, ids, mask in padded_batches(encoded, BATCH):
            out[chunk] = self._forward(ids, mask)
        return out

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        n, length = ids.shape
        w = self.w
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        hidden = x.shape[-1]
        size = hidden // self.heads
        # padding gets the most negative float32, as transformers does: exp() of it is 0
        blocked = (1.0 - mask)[:, None, None, :] * np.finfo(np.float32).min

        def split(t: np.ndarray) -> np.ndarray:
            return t.reshape(n, length, self.heads, size).transpose(0, 2, 1, 3)

        for i in range(self.layers):
            p = f"encoder.layer.{i}"
            q = split(self._linear(x, f"{p}.attention.self.query"))
            k = split(self._linear(x, f"{p}.attention.self.key"))
            v = split(self._linear(x, f"{p}.attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size) + blocked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            attended = (scores / scores.sum(-1, keepdims=True)) @ v
            attended = attended.transpose(0, 2, 1, 3).reshape(n, length, hidden)
            x = _layer_norm(self._linear(attended, f"{p}.attention.output.dense") + x,
                            w[f"{p}.attention.output.LayerNorm.weight"], w[f"{p}.attention.output.LayerNorm.bias"],
                            self.eps)
            inner = _gelu(self._linear(x, f"{p}.intermediate.dense"))
            x = _layer_norm(self._linear(inner, f"{p}.output.dense") + x, w[f"{p}.output.LayerNorm.weight"],
                            w[f"{p}.output.LayerNorm.bias"], self.eps)
        pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return pooled


def query_text_embedder() -> MiniLMEmbedder | MiniLMNumpyEmbedder:
    """MiniLM for a question's few texts, loaded once per process: the torch model when this process holds
    it already (it ingested, or a server warmed it), else the numpy one, which starts in a fraction of the
    time."""
    runtime = current()
    if SHARED_KEY in runtime.loaded():
        return shared_text_embedder()
    return runtime.get(f"{SHARED_KEY}:numpy", MiniLMNumpyEmbedder)
