"""People, places and speakers: list them, name them. A rename is the one small write a reader route
makes: it opens the Library for writing just for that, behind the writer lock."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, TypeVar

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
T = TypeVar("T", schemas.PersonOut, schemas.PlaceOut)
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
    """Also decides again the names of the voices heard with their face (imported here: the ingest stages load
    OpenCV)."""
    from vidmem.ingest.stages.face_voice import rename_person as rename

    return _rename_seen(state, key, request.name, rename, queries.people)


@router.get("/api/places", response_model=list[schemas.PlaceOut])
def places(library: Reader) -> list[schemas.PlaceOut]:
    return queries.places(library)


@router.put("/api/places/{key}/name", response_model=schemas.PlaceOut)
def rename_place(key: Key, request: schemas.RenameRequest, state: State) -> schemas.PlaceOut:
    return _rename_seen(state, key, request.name, VisionStore.rename_place, queries.places)


def _rename_seen(state: ServerState, key: str, name: str, rename: Callable[[VisionStore, str, str], Any],
                 listed: Callable[[Library], Sequence[T]]) -> T:
    """A person or place named by the user (the vision store resolves the key); its row as listed after."""
    with _writable(state) as library:
        try:
            renamed_id = rename(VisionStore(library.catalog), key, name).id
        except KeyError as exc:
            raise HTTPException(404, str(exc.args[0])) from None
    with state.readers.reader() as library:
        return next(row for row in listed(library) if row.id == renamed_id)
