"""Fixtures for the server's tests: the session's generated Library (read-only use), a private copy for
tests that write, an in-process client, and a real `vidmem serve` on a free loopback port."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import TOKEN, Served, copy_library, make_client, start_server, stop_server


@pytest.fixture(scope="session")
def questions(generated_corpus: Path) -> list[dict]:
    lines = (generated_corpus / "questions.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture
def library_copy(generated_library: Path, tmp_path: Path) -> Path:
    """A private copy of the generated Library, for tests that rename or ingest."""
    return copy_library(generated_library, tmp_path / "library")


@pytest.fixture(scope="module")
def client(generated_library: Path) -> Iterator[TestClient]:
    with make_client(generated_library) as c:
        yield c


@pytest.fixture(scope="session")
def live_server(generated_library: Path) -> Iterator[Served]:
    """A real `vidmem serve` over the shared generated Library (read-only use), with a token."""
    served = start_server(generated_library, token=TOKEN)
    try:
        yield served
    finally:
        stop_server(served)
