"""torch's thread count is set for the block that embeds, and put back after it."""

from __future__ import annotations

import pytest

from vidmem.models.threads import TORCH_THREADS, torch_threads


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
    with torch_threads():
        assert torch.get_num_threads() == TORCH_THREADS == 1
