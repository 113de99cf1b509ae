"""Ingest files already on the server (inside an --allow root) as background jobs, one at a time."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException

from vidmem.server import schemas
from vidmem.server.deps import server_state
from vidmem.server.security import PathRefused, allowed_path
from vidmem.server.state import ServerState

router = APIRouter(tags=["ingest"])
State = Annotated[ServerState, Depends(server_state)]


@router.post("/api/ingest", response_model=schemas.IngestJob, status_code=202)
def ingest(request: schemas.IngestRequest, state: State) -> schemas.IngestJob:
    """Queue an ingest; it runs after any earlier one (one writer). Poll /api/ingest/{id} for progress."""
    try:
        paths = [allowed_path(p, state.config.allow) for p in request.paths]
    except PathRefused as exc:
        raise HTTPException(403, str(exc)) from None
    except FileNotFoundError as exc:
        raise HTTPException(404, str(exc)) from None
    return state.ingests.submit(paths, request.start)


@router.get("/api/ingest", response_model=list[schemas.IngestJob])
def jobs(state: State) -> list[schemas.IngestJob]:
    return state.ingests.jobs()


@router.get("/api/ingest/{job_id}", response_model=schemas.IngestJob)
def job(job_id: int, state: State) -> schemas.IngestJob:
    try:
        return state.ingests.job(job_id)
    except KeyError:
        raise HTTPException(404, f"no ingest job {job_id}") from None
