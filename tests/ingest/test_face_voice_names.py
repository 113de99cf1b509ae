"""A face takes the name of the voice heard with it (face_voice), with confidence and evidence; a user's
name for the face stays first; a voice without a name names no one; a face the user names is evidence for
the voices heard with it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from vidmem.cli.main import app
from vidmem.ingest.stages.face_voice import name_people
from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import FaceRow, VisionRows, VisionStore

T0 = 1_780_000_000.0


def test_faces_take_their_voices_names(tmp_path: Path) -> None:
    library = Library.open(tmp_path / "lib")
    catalog = library.catalog
    with catalog.transaction():
        vid = catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 60.0, True, True, 320, 240, 1.0, T0, "given"))
        speech = SpeechStore(catalog)
        carol, unknown = speech.new_speaker(np.ones(4, np.float32)), speech.new_speaker(np.ones(4, np.float32))
        evidence = [{"name": "Carol", "kind": "self-introduction", "weight": 0.7, "video_id": vid, "t": T0 + 3,
                     "text": "Hi, I'm Carol."}]
        speech.set_name(carol, "Carol", 0.8, evidence, "inferred")
        face = np.zeros(128, np.float32)
        rows = VisionRows(new_people=[1, 2, 3])
        rows.faces = [FaceRow(i, T0 + i, (0, 0, 10, 10), 0.9, face + p, p) for i, p in enumerate((1, 2, 3))]
        store = VisionStore(catalog)
        store.replace_video(vid, rows)
        links = [(1, carol, 0.9, 12.0, 5, [[T0, T0 + 2]]), (2, unknown, 0.9, 10.0, 4, [[T0 + 5, T0 + 7]]),
                 (3, carol, 0.2, 1.0, 3, [[T0 + 9, T0 + 10]])]
        store.replace_person_speakers(links)
        names = {pid: (name, confidence) for pid, name, confidence, _ in name_people(store, speech, links)}
    assert names[1] == ("Carol", 0.72)  # link 0.9 × the voice's name 0.8
    assert names[2] == (None, None)  # the voice has no name
    assert names[3] == (None, None)  # too weak a link
    person = next(p for p in store.people() if p.id == 1)
    assert person.display == "Carol" and person.name_source == "inferred"
    assert person.name_evidence[0]["kind"] == "voice linked to face"
    assert person.name_evidence[1]["text"] == "Hi, I'm Carol."
    with catalog.transaction():
        store.rename_person("1", "Caroline")
    assert next(p for p in store.people() if p.id == 1).display == "Caroline"
    library.close()
    listed = CliRunner().invoke(app, ["people", "list", "--json", "--library", str(tmp_path / "lib")])
    assert listed.exit_code == 0, listed.output
    people = {p["label"]: p for p in json.loads(listed.stdout)["people"]}
    assert people["Person 1"]["name"] == "Caroline" and people["Person 1"]["name_source"] == "user"
    assert people["Person 1"]["inferred_name"] == "Carol"
    assert people["Person 2"]["name"] is None


def test_a_face_you_name_names_the_voice_heard_with_it(tmp_path: Path) -> None:
    root = tmp_path / "lib"
    library = Library.open(root)
    catalog = library.catalog
    with catalog.transaction():
        vid = catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 60.0, True, True, 320, 240, 1.0, T0, "given"))
        speech = SpeechStore(catalog)
        quiet, called = speech.new_speaker(np.ones(4, np.float32)), speech.new_speaker(np.ones(4, np.float32))
        # the second voice was once called "Ines" by someone
        speech.set_name(called, None, None, [{"name": "Ines", "kind": "addressed before answering", "weight": 0.45,
                                              "video_id": vid, "t": T0 + 1, "text": "Ines, look."}], None)
        rows = VisionRows(new_people=[1, 2])
        rows.faces = [FaceRow(i, T0 + i, (0, 0, 10, 10), 0.9, np.zeros(128, np.float32) + p, p)
                      for i, p in enumerate((1, 2))]
        store = VisionStore(catalog)
        store.replace_video(vid, rows)
        store.replace_person_speakers([(1, quiet, 0.95, 12.0, 5, [[T0, T0 + 2]]),
                                       (2, called, 0.6, 8.0, 4, [[T0 + 5, T0 + 7]])])
    library.close()
    for person, name in (("Person 1", "Teodor"), ("2", "Agnes")):
        renamed = CliRunner().invoke(app, ["people", "rename", person, name, "--library", str(root)])
        assert renamed.exit_code == 0, renamed.output
    listed = CliRunner().invoke(app, ["speakers", "list", "--json", "--library", str(root)])
    assert listed.exit_code == 0, listed.output
    voices = {s["id"]: s for s in json.loads(listed.stdout)["speakers"]}
    assert voices[quiet]["name"] == "Teodor" and voices[quiet]["name_source"] == "inferred"
    assert 0.5 <= voices[quiet]["name_confidence"] < 1.0
    assert voices[quiet]["evidence"][0]["kind"] == "face named by the user"
    # a weaker link contradicted by what was said: no name is sure enough, both stay as evidence
    assert voices[called]["name"] is None
    assert {e["name"] for e in voices[called]["evidence"]} == {"Agnes", "Ines"}
    # renaming the face again replaces its evidence rather than adding to it
    assert CliRunner().invoke(app, ["people", "rename", "Teodor", "Tomas", "--library", str(root)]).exit_code == 0
    voices = {s["id"]: s for s in json.loads(CliRunner().invoke(
        app, ["speakers", "list", "--json", "--library", str(root)]).stdout)["speakers"]}
    assert voices[quiet]["name"] == "Tomas"
    assert [e["name"] for e in voices[quiet]["evidence"]] == ["Tomas"]
