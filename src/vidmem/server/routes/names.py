"""People, places and speakers: list them, name them. A rename is the one small write a reader route
makes: it opens the Library for writing just for that, behind the writer lock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path

from vidmem.library import Library
from vidmem.retrieval.audio import UnknownSpeaker, resolve_speakers
from vidmem.server import queries, schemas
from vidmem.server.config import MAX_NAME_CHARS, WRITE_WAIT_S
from vidmem.server.deps import reader, server_state
from vidmem.server.state import ServerState
from vidmem.store import LibraryBusy
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import VisionStore

router = APIRouter(tags=["names"])
Reader = Annotated[Library, Depends(reader)]
State = Annotated[ServerState, Depends(server_state)]
Key = Annotated[str, Path(max_length=MAX_NAME_CHARS, description='"S3", "P4", "Person 2", an id or a name')]


@contextmanager
def _writable(state: ServerState) -> Iterator[Library]:
    try:
        with Library.open(state.config.library) as library, library.writing(WRITE_WAIT_S), \
                library.catalog.transaction():
            yield library
    except LibraryBusy as exc:
        raise HTTPException(409, f"the Library is being written (an ingest?); try again later: {exc}") from None


@router.get("/api/speakers", response_model=list[schemas.SpeakerOut])
def speakers(library: Reader) -> list[schemas.SpeakerOut]:
    return queries.speakers(library)


@router.put("/api/speakers/{key}/name", response_model=schemas.SpeakerOut)
def rename_speaker(key: Key, request: schemas.RenameRequest, state: State) -> schemas.SpeakerOut:
    """A name you know; kept as certain and never replaced by a guess (empty clears it)."""
    new = " ".join(request.name.split())
    with _writable(state) as library:
        store = SpeechStore(library.catalog)
        try:
            ids = resolve_speakers(store.speakers(), key)
        except UnknownSpeaker as exc:
            raise HTTPException(404, str(exc)) from None
        if len(ids) > 1:
            raise HTTPException(409, f"{key!r} is ambiguous: {', '.join(f'S{i}' for i in ids)}; use the S number")
        current = store.speaker(ids[0])
        if new:
            store.set_name(current.id, new, 1.0, current.name_evidence, "user")
        else:
            store.set_name(current.id, None, None, current.name_evidence, None)
        speaker_id = current.id
    with state.readers.reader() as library:
        return next(s for s in queries.speakers(library) if s.id == speaker_id)


@router.get("/api/people", response_model=list[schemas.PersonOut])
def people(library: Reader) -> list[schemas.PersonOut]:
    return queries.people(library)


@router.put("/api/people/{key}/name", response_model=schemas.PersonOut)
def rename_person(key: Key, request: schemas.RenameRequest, state: State) -> schemas.PersonOut:
    with _writable(state) as library:
        try:
            person_id = VisionStore(library.catalog).rename_person(key, request.name).id
        except KeyError as exc:
            raise HTTPException(404, str(exc.args[0])) from None
    with state.readers.reader() as library:
        return next(p for p in queries.people(library) if p.id == person_id)


@router.get("/api/places", response_model=list[schemas.PlaceOut])
def places(library: Reader) -> list[schemas.PlaceOut]:
    return queries.places(library)


@router.put("/api/places/{key}/name", response_model=schemas.PlaceOut)
def rename_place(key: Key, request: schemas.RenameRequest, state: State) -> schemas.PlaceOut:
    with _writable(state) as library:
        try:
            place_id = VisionStore(library.catalog).rename_place(key, request.name).id
        except KeyError as exc:
            raise HTTPException(404, str(exc.args[0])) from None
    with state.readers.reader() as library:
        return next(p for p in queries.places(library) if p.id == place_id)
