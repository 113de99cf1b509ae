"""The ingest stages, in the order they run. A stage only reads what earlier stages wrote."""

from __future__ import annotations

from vidmem.config import Settings
from vidmem.ingest.pipeline import AnyStage
from vidmem.ingest.stages.audio import SpeakersStage, TranscribeStage
from vidmem.ingest.stages.face_voice import FaceVoiceStage
from vidmem.ingest.stages.frames import FramesStage
from vidmem.ingest.stages.graph import GraphStage
from vidmem.ingest.stages.place_names import PlaceNamesStage
from vidmem.ingest.stages.segments import SegmentsStage
from vidmem.ingest.stages.vision import VisionStage


def default_stages(settings: Settings) -> list[AnyStage]:
    return [
        FramesStage(), SegmentsStage(), VisionStage(), TranscribeStage(), SpeakersStage(), FaceVoiceStage(),
        PlaceNamesStage(), GraphStage(),
    ]
