"""Transcript, visual and entity-graph search; graph entities and edges."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query

from vidmem.library import Library
from vidmem.models.weights import WeightsMissing
from vidmem.retrieval.audio import UnknownSpeaker
from vidmem.server import queries, schemas
from vidmem.server.deps import reader

router = APIRouter(tags=["search"])
Reader = Annotated[Library, Depends(reader)]


@router.post("/api/search/audio", response_model=schemas.SearchResult)
def search_audio(request: schemas.AudioSearchRequest, library: Reader) -> schemas.SearchResult:
    """What was said (BM25 over the transcripts), by day and speaker."""
    try:
        return queries.search_audio(library, request)
    except (UnknownSpeaker, ValueError) as exc:
        raise HTTPException(400, str(exc)) from None


@router.post("/api/search/visual", response_model=schemas.SearchResult)
def search_visual(request: schemas.VisualSearchRequest, library: Reader) -> schemas.SearchResult:
    """What was seen: distinct moments, by day, place and people."""
    try:
        return queries.search_visual(library, request)
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None
    except WeightsMissing as exc:
        raise HTTPException(503, str(exc)) from None


@router.post("/api/search/graph", response_model=schemas.GraphSearchResult)
def search_graph(request: schemas.GraphSearchRequest, library: Reader) -> schemas.GraphSearchResult:
    """Edges between named entities, strict to relaxed; the result says which level matched."""
    return queries.search_graph(library, request)


@router.get("/api/graph/entities", response_model=list[schemas.EntityOut])
def entities(library: Reader, type: Annotated[str | None, Query(max_length=20)] = None,
             limit: Annotated[int, Query(ge=1, le=2000)] = 500) -> list[schemas.EntityOut]:
    return queries.entities(library, type, limit)


@router.get("/api/graph/edges", response_model=list[schemas.EdgeOut])
def edges(library: Reader, relationship: Annotated[str | None, Query(max_length=50)] = None,
          limit: Annotated[int, Query(ge=1, le=2000)] = 200) -> list[schemas.EdgeOut]:
    return queries.edges(library, relationship, limit)
