"""The ingest pipeline: checkpointed stages that turn recordings into a Library."""

from vidmem.ingest.pipeline import FileOutcome, IngestReport, Pipeline, Progress, Stage, StageContext
from vidmem.ingest.stages import default_stages

__all__ = ["FileOutcome", "IngestReport", "Pipeline", "Progress", "Stage", "StageContext", "default_stages"]
