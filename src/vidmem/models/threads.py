"""How many threads torch's CPU kernels use while vidmem's torch models run.

torch defaults to one intra-op thread per core. On two cores shared with other work, the second thread
waits for a core and the first spin-waits for it at every small product: on one busy machine, MiniLM
embedding 200 frame descriptions took 3.4-3.9 CPU-s (and as many wall seconds) on two threads against
0.8 on one, and Resemblyzer's 26 utterances of the moving dev clip 1.76 against 0.48 CPU-s; one thread
gave the same vectors to the bit (docs/SCALING.md). Both cores are used by running two files or stages
at once (`--workers 2`), as for Whisper and the onnxruntime models.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

TORCH_THREADS = 1


@contextmanager
def torch_threads(count: int = TORCH_THREADS) -> Iterator[None]:
    """torch's intra-op thread count set to `count` inside the block, and put back after it (the process's
    own setting, e.g. a worker's share of the cores, is left as it was)."""
    import torch

    before = torch.get_num_threads()
    # set even when torch reports `count` already: a library sharing its OpenMP runtime (CTranslate2) can
    # change the count under it, and its GEMMs then ran on two threads while it reported one
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(before)
