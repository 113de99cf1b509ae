"""What writes: renames (behind the writer lock) and ingest jobs (one at a time, paths checked);
and what must not: a reader never creates, migrates or writes a Library."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from server_helpers import first_of, make_client

from vidmem.library import Library, ReadOnlyLibrary
from vidmem.store import LibraryNotFound, LibraryOutdated, writer_lock

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_readers_write_nothing(library_copy: Path, questions: list[dict]) -> None:
    catalog = library_copy / "catalog.sqlite"
    # settle the WAL into the main file first, so any later write would change its bytes
    sqlite3.connect(catalog).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    before = _digest(catalog)
    vectors = sorted(p.relative_to(library_copy) for p in (library_copy / "vectors").rglob("*"))
    with make_client(library_copy) as client:
        client.get("/api/timeline")
        client.post("/api/search/audio", json={"query": "train"})
        client.post("/api/search/visual", json={"query": "cat"})
        q = first_of(questions, "multi_hop")
        assert client.post("/api/ask", json={"question": q["question"], "options": q["options"]}).status_code == 200
    assert _digest(catalog) == before
    assert sorted(p.relative_to(library_copy) for p in (library_copy / "vectors").rglob("*")) == vectors


def test_read_only_open_creates_and_migrates_nothing(tmp_path: Path, library_copy: Path) -> None:
    missing = tmp_path / "nothing-here"
    with pytest.raises(LibraryNotFound):
        Library.open(missing, read_only=True)
    assert not missing.exists()
    conn = sqlite3.connect(library_copy / "catalog.sqlite")
    conn.execute("PRAGMA user_version = 3")
    conn.close()
    with pytest.raises(LibraryOutdated, match="schema 3"):
        Library.open(library_copy, read_only=True)
    conn = sqlite3.connect(library_copy / "catalog.sqlite")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    conn.close()


def test_read_only_library_refuses_writes(generated_library: Path) -> None:
    with Library.open(generated_library, read_only=True) as library:
        with pytest.raises(ReadOnlyLibrary):
            library.ingest([generated_library / "nothing.mp4"])
        with pytest.raises(sqlite3.OperationalError):
            library.catalog.conn.execute("UPDATE videos SET name = 'x'")


def test_rename_speaker_is_used_in_later_answers(library_copy: Path, questions: list[dict]) -> None:
    q = first_of(questions, "who_said")
    with make_client(library_copy) as client:
        # the voice of the quoted line is renamed to a name no one in the footage has; asked who said the
        # line, the answer then names that voice by the new name
        line = client.post("/api/search/audio", json={"query": q["question"], "k": 1}).json()["hits"][0]
        before = client.post("/api/ask", json={"question": q["question"]}).json()
        assert "Zebediah Quill" not in before["text"]
        renamed = client.put(f"/api/speakers/S{line['speaker_id']}/name", json={"name": "  Zebediah   Quill "})
        assert renamed.status_code == 200 and renamed.json()["display"] == "Zebediah Quill"
        assert renamed.json()["name_source"] == "user"
        later = client.post("/api/ask", json={"question": q["question"]}).json()
        assert "Zebediah Quill" in later["text"]
        assert client.put("/api/speakers/S999/name", json={"name": "x"}).status_code == 404
        assert client.put("/api/people/Person%20999/name", json={"name": "x"}).status_code == 404
        place = client.get("/api/places").json()[0]
        assert client.put(f"/api/places/{place['label']}/name", json={"name": "the den"}).json()["name"] == "the den"
        assert client.put(f"/api/places/{place['label']}/name", json={"name": "y" * 101}).status_code == 422


def test_rename_waits_for_the_writer(library_copy: Path) -> None:
    with make_client(library_copy) as client, writer_lock(library_copy):
        started = time.monotonic()
        assert client.put("/api/speakers/S1/name", json={"name": "Ann"}).status_code == 409
        assert time.monotonic() - started >= 4


def test_ingest_paths_are_checked(library_copy: Path, tmp_path: Path) -> None:
    allowed = tmp_path / "footage"
    allowed.mkdir()
    (tmp_path / "secret.mp4").write_bytes(b"not yours")
    with make_client(library_copy) as client:
        assert client.post("/api/ingest", json={"paths": [str(allowed)]}).status_code == 403  # no --allow
    with make_client(library_copy, allow=(allowed,)) as client:
        for path in (str(tmp_path / "secret.mp4"), f"{allowed}/../secret.mp4", "/etc/passwd", "~/.ssh/id_rsa"):
            assert client.post("/api/ingest", json={"paths": [path]}).status_code == 403, path
        (allowed / "link.mp4").symlink_to(tmp_path / "secret.mp4")
        assert client.post("/api/ingest", json={"paths": [str(allowed / "link.mp4")]}).status_code == 403
        assert client.post("/api/ingest", json={"paths": [str(allowed / "missing.mp4")]}).status_code == 404
        assert client.post("/api/ingest", json={"paths": []}).status_code == 422
        assert client.get("/api/ingest/5").status_code == 404


def test_ingest_jobs_queue_behind_one_writer(library_copy: Path, tmp_path: Path, clip_factory) -> None:  # type: ignore[no-untyped-def]
    allowed = tmp_path / "footage"
    allowed.mkdir()
    first = shutil.move(clip_factory("first.mp4", seconds=4.0), allowed / "first.mp4")
    second = shutil.move(clip_factory("second.mp4", seconds=3.0, seed=5), allowed / "second.mp4")
    before = 0
    with make_client(library_copy, allow=(allowed,)) as client:
        before = client.get("/api/summary").json()["videos"]
        one = client.post("/api/ingest", json={"paths": [str(first)], "start": "2026-11-20T10:00:00"}).json()
        two = client.post("/api/ingest", json={"paths": [str(second)], "start": "2026-11-20T11:00:00"}).json()
        assert one["state"] in {"queued", "running"} and two["state"] == "queued"
        seen_states = set()
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            jobs = {j["id"]: j for j in client.get("/api/ingest").json()}
            a, b = jobs[one["id"]], jobs[two["id"]]
            assert not (a["state"] == "running" and b["state"] == "running")
            seen_states.add((a["state"], b["state"]))
            if b["state"] in {"done", "failed"}:
                break
            time.sleep(0.2)
        assert a["state"] == b["state"] == "done", (a, b)
        assert ("running", "queued") in seen_states or ("queued", "queued") in seen_states
        assert [f["status"] for f in a["files"]] == ["ingested"] and [f["status"] for f in b["files"]] == ["ingested"]
        assert client.get("/api/summary").json()["videos"] == before + 2
