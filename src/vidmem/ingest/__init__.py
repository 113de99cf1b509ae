"""The ingest pipeline: checkpointed stages that turn recordings into a Library.

The names below load on first use: a module that needs one light piece of ingest (the agent reads
`ingest.place_naming`) must not import the decoders and every stage's models with it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vidmem.ingest.pipeline import FileOutcome, IngestReport, Pipeline, Progress, Stage, StageContext
    from vidmem.ingest.stages import default_stages

_WHERE = {"FileOutcome": "pipeline", "IngestReport": "pipeline", "Pipeline": "pipeline", "Progress": "pipeline",
          "Stage": "pipeline", "StageContext": "pipeline", "default_stages": "stages"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"vidmem.ingest.{_WHERE[name]}"), name)


__all__ = ["FileOutcome", "IngestReport", "Pipeline", "Progress", "Stage", "StageContext", "default_stages"]
