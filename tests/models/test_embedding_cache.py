"""A bank's vectors come back from the user cache only for the same model and the same texts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vidmem.models.embedding_cache import cache_path, cached_rows


class CountingEmbed:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, texts: list[str]) -> np.ndarray:
        self.calls.append(texts)
        rng = np.random.default_rng(len(self.calls))
        return rng.standard_normal((len(texts), 8)).astype(np.float32)


def test_the_second_process_reads_the_rows_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VIDMEM_CACHE", str(tmp_path))
    embed = CountingEmbed()
    first = cached_rows("model-a", ["where did I park", "who did I meet"], embed)
    again = cached_rows("model-a", ["where did I park", "who did I meet"], embed)
    assert len(embed.calls) == 1
    np.testing.assert_array_equal(first, again)
    assert cache_path("model-a", ["where did I park", "who did I meet"]).is_file()


def test_another_model_or_text_is_embedded_afresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VIDMEM_CACHE", str(tmp_path))
    embed = CountingEmbed()
    base = cached_rows("model-a", ["one", "two"], embed)
    other_model = cached_rows("model-b", ["one", "two"], embed)
    other_text = cached_rows("model-a", ["one", "three"], embed)
    assert len(embed.calls) == 3
    assert not np.array_equal(base, other_model) and not np.array_equal(base, other_text)


def test_an_unusable_cache_still_gives_the_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("VIDMEM_CACHE", str(blocked))
    embed = CountingEmbed()
    rows = cached_rows("model-a", ["one"], embed)
    assert rows.shape == (1, 8)
    cached_rows("model-a", ["one"], embed)
    assert len(embed.calls) == 2  # nothing could be kept, so it was computed twice


def test_a_damaged_file_is_computed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VIDMEM_CACHE", str(tmp_path))
    embed = CountingEmbed()
    cached_rows("model-a", ["one", "two"], embed)
    cache_path("model-a", ["one", "two"]).write_bytes(b"truncated")
    rows = cached_rows("model-a", ["one", "two"], embed)
    assert rows.shape == (2, 8) and len(embed.calls) == 2
