"""Pydantic models of every request and response: the OpenAPI schema at /docs, the MCP tools' output
schemas and `vidmem ask --json` are all these."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from vidmem.server.config import (
    MAX_INGEST_PATHS,
    MAX_K,
    MAX_NAME_CHARS,
    MAX_OPTION_CHARS,
    MAX_OPTIONS,
    MAX_QUERY_CHARS,
    MAX_QUESTION_CHARS,
)

# --- what every cited moment carries ------------------------------------------------------------


class Moment(BaseModel):
    """One instant of the footage, readable three ways: timeline day and clock, absolute time, file offset."""

    video_id: int
    file: str | None
    day: int
    clock: str = Field(description="local clock time, HH:MM:SS")
    t0: float = Field(description="absolute start, seconds since the epoch")
    t1: float
    start: str = Field(description="ISO 8601 start in the Library's time zone")
    offset_s: float = Field(description="seconds into the file")
    offset: str = Field(description="HH:MM:SS into the file")
    label: str = Field(description='"day 2 14:03:12 (file.mp4 @ 00:03:12)"')
    thumbnail: str | None = Field(None, description="URL of the evidence frame")
    video_url: str = Field(description="URL of the recording; add #t=OFFSET to open it at the moment")


class Hit(Moment):
    rank: int
    score: float
    modality: str
    text: str
    speaker: str | None = None
    speaker_id: int | None = None
    place: str | None = None
    people: list[str] = Field(default_factory=list)
    source_id: int | None = None


class SearchResult(BaseModel):
    query: str
    hits: list[Hit]


class GraphSearchResult(SearchResult):
    level: int
    level_name: str
    matched_names: dict[str, list[str]]


class Citation(Moment):
    modality: str
    snippet: str


class Step(BaseModel):
    step: str = Field(description="plan | route | tool | analyze | grade | replan | answer")
    detail: str
    elapsed_s: float
    hits: int | None = Field(None, description="for a tool step: how many hits it returned")
    data: dict[str, Any] = Field(default_factory=dict)


class AnswerOut(BaseModel):
    question: str
    text: str
    choice: str | None
    confidence: float
    abstained: bool
    justification: str
    citations: list[Citation]
    timings: dict[str, float]
    steps: list[Step] = Field(default_factory=list)


# --- requests ---------------------------------------------------------------------------------------


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AskRequest(Strict):
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    options: list[str] | None = Field(None, max_length=MAX_OPTIONS,
                                      description='multiple-choice options, "A. …" each')
    videos: list[int] | None = Field(None, max_length=100, description="only search these recordings")

    def checked_options(self) -> list[str] | None:
        if self.options is None:
            return None
        if any(len(o) > MAX_OPTION_CHARS or not o.strip() for o in self.options):
            raise ValueError(f"each option must be 1–{MAX_OPTION_CHARS} characters")
        return self.options


class AudioSearchRequest(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    day: int | None = Field(None, ge=1)
    speaker: str | None = Field(None, max_length=MAX_NAME_CHARS)
    k: int = Field(10, ge=1, le=MAX_K)


class VisualSearchRequest(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    day: int | None = Field(None, ge=1)
    place: str | None = Field(None, max_length=MAX_NAME_CHARS)
    people: list[str] | None = Field(None, max_length=10)
    k: int = Field(10, ge=1, le=MAX_K)


class GraphSearchRequest(Strict):
    entities: list[str] = Field(min_length=1, max_length=5)
    relationship: str | None = Field(None, max_length=50)
    day: int | None = Field(None, ge=1)
    k: int = Field(20, ge=1, le=MAX_K)


class RenameRequest(Strict):
    name: str = Field(max_length=MAX_NAME_CHARS, description="the new name; empty clears it")


class IngestRequest(Strict):
    paths: list[str] = Field(min_length=1, max_length=MAX_INGEST_PATHS,
                             description="files or folders on the server, inside an --allow root")
    start: str | None = Field(None, max_length=40, description="ISO start instant of the first file")


# --- the Library ------------------------------------------------------------------------------------


class SummaryOut(BaseModel):
    library: str
    videos: int
    failed: int
    duration_s: float
    frames: int
    segments: int
    days: int
    first: str | None
    last: str | None
    timezone: str
    speakers: int
    people: int
    places: int
    entities: int


class SegmentOut(BaseModel):
    idx: int
    t0: float
    t1: float
    offset_s: float
    clock: str
    text: str | None = Field(None, description="what was said, else the caption")
    thumbnail: str | None = None


class StageOut(BaseModel):
    stage: str
    status: str
    detail: str | None


class RecordingOut(BaseModel):
    id: int
    file: str
    day: int
    clock: str
    start: str
    t0: float
    duration_s: float
    status: str
    error: str | None
    has_video: bool
    has_audio: bool
    video_url: str
    thumbnail: str | None
    stages: list[StageOut] = Field(default_factory=list)


class RecordingDetail(RecordingOut):
    segments: list[SegmentOut]


class DayOut(BaseModel):
    day: int
    date: str
    recordings: list[RecordingDetail]


class TimelineOut(BaseModel):
    days: list[DayOut]


class SpeakerOut(BaseModel):
    id: int
    label: str
    short: str
    name: str | None
    name_source: str | None
    name_confidence: float | None
    display: str
    utterances: int
    speaking_s: float


class PersonOut(BaseModel):
    id: int
    label: str
    name: str | None
    display: str
    faces: int
    first: str | None
    last: str | None
    thumbnail: str | None


class PlaceOut(BaseModel):
    id: int
    label: str
    name: str | None
    auto_name: str | None
    display: str
    frames: int
    visits: int
    first: str | None
    last: str | None


class EntityOut(BaseModel):
    id: int
    name: str
    type: str
    aliases: list[str]
    identities: list[str]
    edges: int


class EdgeOut(BaseModel):
    id: int
    source: str
    relationship: str
    target: str
    when: str
    t_start: float
    t_end: float
    video_id: int | None
    confidence: float
    supporting_text: str | None


class IngestFile(BaseModel):
    path: str
    status: str
    video_id: int | None
    message: str | None


class IngestJob(BaseModel):
    id: int
    state: Literal["queued", "running", "done", "failed"]
    paths: list[str]
    file: str | None = None
    file_index: int = 0
    files_total: int = 0
    stage: str | None = None
    fraction: float = 0.0
    files: list[IngestFile] = Field(default_factory=list)
    error: str | None = None
