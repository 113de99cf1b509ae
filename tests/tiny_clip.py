"""A tiny randomly initialised model with OpenCLIP's encode_image / encode_text interface.

No OpenCLIP weights (nor torchvision, which open_clip needs) exist here: this checks the adapter's and
the full-profile pipeline's plumbing — preprocessing, batching, normalisation, tables — never quality.
"""

from __future__ import annotations

import torch

from vidmem.models.openclip import OpenClipEmbedder

SIZE = 32


class TinyClip(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.visual = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 4, 4), torch.nn.AdaptiveAvgPool2d(1),
                                          torch.nn.Flatten(), torch.nn.Linear(8, 16))
        self.text = torch.nn.EmbeddingBag(100, 16)

    def encode_image(self, x: torch.Tensor) -> torch.Tensor:
        assert x.shape[1:] == (3, SIZE, SIZE)
        return self.visual(x)

    def encode_text(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.text(tokens)


def tokenizer(texts: list[str]) -> torch.Tensor:
    return torch.tensor([[sum(map(ord, w)) % 100 for w in (t.split() + ["<pad>"] * 4)[:4]] for t in texts])


def tiny_clip_embedder(seed: int = 0) -> OpenClipEmbedder:
    torch.manual_seed(seed)
    return OpenClipEmbedder(TinyClip(), tokenizer, image_size=SIZE)
