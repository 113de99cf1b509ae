"""The Library: summary, timeline (days → recordings → segments), recordings, and their media files."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query
from fastapi.responses import FileResponse

from vidmem.library import Library
from vidmem.server import queries, schemas
from vidmem.server.deps import reader
from vidmem.server.security import PathRefused, inside

router = APIRouter()
Reader = Annotated[Library, Depends(reader)]

_VIDEO_TYPES = {".mp4": "video/mp4", ".m4v": "video/mp4", ".mov": "video/quicktime", ".webm": "video/webm",
                ".mkv": "video/x-matroska", ".avi": "video/x-msvideo", ".mp3": "audio/mpeg", ".wav": "audio/wav",
                ".m4a": "audio/mp4"}


@router.get("/api/summary", response_model=schemas.SummaryOut, tags=["library"])
def summary(library: Reader) -> schemas.SummaryOut:
    return queries.summary(library)


@router.get("/api/timeline", response_model=schemas.TimelineOut, tags=["library"])
def timeline(library: Reader, day: Annotated[int | None, Query(ge=1)] = None) -> schemas.TimelineOut:
    """Days, each with its recordings in time order; with `day`, only that day, its recordings with their
    segments (`/api/recordings/{id}` gives one recording's)."""
    return queries.timeline(library, day)


@router.get("/api/recordings", response_model=list[schemas.RecordingOut], tags=["library"])
def recordings(library: Reader) -> list[schemas.RecordingDetail]:
    """Every recording with the state of each ingest stage."""
    return queries.recordings(library)


@router.get("/api/recordings/{video_id}", response_model=schemas.RecordingDetail, tags=["library"])
def recording(video_id: int, library: Reader) -> schemas.RecordingDetail:
    found = queries.recordings(library, segments=True, video_id=video_id)
    if not found:
        raise HTTPException(404, f"no recording {video_id}")
    return found[0]


@router.get("/media/video/{video_id}", tags=["media"], response_class=FileResponse)
def video(video_id: int, library: Reader) -> FileResponse:
    """The recording's file, with HTTP range requests (206) so a player can seek."""
    try:
        record = library.catalog.video(video_id)
    except KeyError:
        raise HTTPException(404, f"no recording {video_id}") from None
    path = record.fs_path
    if not path.is_file():
        raise HTTPException(404, f"the file of recording {video_id} is no longer at {record.path}")
    return FileResponse(path, media_type=_VIDEO_TYPES.get(path.suffix.lower(), "application/octet-stream"))


@router.get("/media/frames/{relative:path}", tags=["media"], response_class=FileResponse)
def frame(relative: str, library: Reader) -> FileResponse:
    """A thumbnail under the Library's frames/ folder; nothing outside it is served."""
    try:
        path = inside(library.root / "frames", relative)
    except PathRefused as exc:
        raise HTTPException(404, str(exc)) from None
    if path.suffix.lower() != ".jpg" or not path.is_file():
        raise HTTPException(404, "no such thumbnail")
    return FileResponse(path, media_type="image/jpeg", headers={"cache-control": "max-age=3600"})
