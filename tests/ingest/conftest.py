"""Fixtures of the executor tests: a small generated corpus and its Library ingested the plain way."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from vidmem import Library
from vidmem.ingest.pipeline import InlineExecutor

# one generated day of a minute: a few files with speech, faces, held objects and signs
CORPUS = {"days": 1, "minutes_per_day": 1.0, "seed": 3}
OBJECT_STORE_BYTES = 100 * 1024**2  # the machine is shared: keep Ray's object store small


@pytest.fixture(scope="session")
def corpus_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    from vidmem.devdata import make_corpus

    out = tmp_path_factory.mktemp("executors") / "corpus"
    make_corpus(out, **CORPUS)
    files = sorted((out / "videos").glob("*.mp4"))
    assert len(files) >= 2
    return files


@pytest.fixture(scope="session")
def reference(corpus_files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus ingested the plain way: every stage in this process, one after another."""
    root = tmp_path_factory.mktemp("reference") / "library"
    with Library.open(root) as library:
        report = library.ingest(corpus_files, executor=InlineExecutor({}))
    assert report.ok, report.failed
    return root


@pytest.fixture(scope="session")
def ray_address() -> Iterator[str]:
    """A local Ray cluster of 2 CPUs for the session, stopped afterwards."""
    import ray

    context = ray.init(num_cpus=2, object_store_memory=OBJECT_STORE_BYTES, include_dashboard=False,
                       log_to_driver=False)
    try:
        yield context.address_info["gcs_address"]
    finally:
        ray.shutdown()
