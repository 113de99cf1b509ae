"""The place_names stage over a real catalog: lines said on arriving (parsed by spaCy) and a sign name the
Library's place clusters; a user's rename wins; the CLI lists name, confidence and evidence."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from vidmem.cli.main import app
from vidmem.ingest.pipeline import StageContext
from vidmem.ingest.stages.place_names import PlaceNamesStage
from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow
from vidmem.store.vision import FrameVisionRow, TextRow, VisionRows, VisionStore, VisitRow

T0 = 1_780_000_000.0
# (place, visit start, visit end) in seconds from T0; every place is visited twice
VISITS = [(1, 0, 60), (2, 61, 120), (3, 121, 180), (1, 181, 240), (2, 241, 300), (3, 301, 360)]
LINES = [  # (seconds from T0, speaker, text)
    (3, 1, "Okay, we're at the greenhouse now."),
    (20, 2, "The tomatoes look great this year."),
    (58, 1, "Let's go to the bakery later."),  # a plan, said at the end of the greenhouse visit
    (64, 1, "Just got to the bakery."),
    (125, 2, "What time is it?"),  # nothing said about place 3; it has a sign
    (184, 1, "Back in the greenhouse again."),
    (243, 3, "Welcome to the bakery!"),
]
# place 3 shows its own sign on both visits; "FRESH BREAD" was in view once in a visit of place 2
SIGNS = [(130, "HARBOUR MUSEUM"), (150, "HARBOUR MUSEUM"), (320, "HARBOUR MUSEUM"), (70, "FRESH BREAD")]


def _library(tmp_path: Path) -> Library:
    library = Library.open(tmp_path / "lib")
    catalog = library.catalog
    with catalog.transaction():
        video_id = catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 360.0, True, True, 320, 240, 1.0,
                                                 T0, "given"))
        speech = SpeechStore(catalog)
        speech.replace_utterances(video_id, [UtteranceRow(i, T0 + t, T0 + t + 2, text)
                                             for i, (t, _, text) in enumerate(LINES)])
        for _ in (1, 2, 3):
            speech.new_speaker(np.ones(4, dtype=np.float32))
        ids = [u.id for u in speech.utterances(video_id)]
        speech.set_utterance_speakers([(uid, who, None) for uid, (_, who, _) in zip(ids, LINES, strict=True)])
        rows = VisionRows(new_places=[1, 2, 3])
        feature = np.ones(8, dtype=np.float32) / np.sqrt(8)
        for place, a, b in VISITS:
            rows.visits.append(VisitRow(place, T0 + a, T0 + b, b - a, feature))
            rows.frames += [FrameVisionRow(t, T0 + t, t, place, False, None) for t in range(a, b)]
        rows.texts = [TextRow(t, T0 + t, text, 0.95) for t, text in SIGNS]
        VisionStore(catalog).replace_video(video_id, rows)
    return library


def _run_stage(library: Library) -> str:
    video = library.catalog.videos()[0]
    ctx = StageContext(video, library.catalog, library.vectors, library.thumbnails, library.settings, {})
    stage = PlaceNamesStage()
    output = stage.run(ctx)
    with library.catalog.transaction():
        return stage.save(ctx, output)


def test_places_named_from_arrival_lines_and_signs_and_user_names_win(tmp_path: Path) -> None:
    library = _library(tmp_path)
    detail = _run_stage(library)
    assert "3/3 places named" in detail, detail
    store = VisionStore(library.catalog)
    places = {p.id: p for p in store.places()}
    assert places[1].answer_name == "greenhouse" and places[2].answer_name == "bakery"
    assert places[3].answer_name == "harbour museum"  # from its sign alone …
    assert places[3].name_confidence < places[1].name_confidence  # … and less surely
    # evidence: the line, who said it and when; the plan said in the greenhouse names nothing
    said = {e["text"] for e in places[1].name_evidence}
    assert "Okay, we're at the greenhouse now." in said and not any("later" in t for t in said)
    assert all(e["t"] >= T0 for e in places[2].name_evidence)
    # the user's name always wins, and a rerun of the stage keeps it
    with library.catalog.transaction():
        store.rename_place("P2", "Rosa's bakery")
    _run_stage(library)
    renamed = next(p for p in store.places() if p.id == 2)
    assert renamed.answer_name == "Rosa's bakery" and renamed.inferred_name == "bakery"
    assert store.find_places("greenhouse")[0].id == 1  # search filters accept the inferred name
    library.close()

    result = CliRunner().invoke(app, ["places", "list", "--json", "--library", str(tmp_path / "lib")])
    assert result.exit_code == 0, result.output
    listed = {p["label"]: p for p in json.loads(result.stdout)["places"]}
    assert listed["P1"]["name"] == "greenhouse" and listed["P1"]["name_source"] == "inferred"
    assert 0 < listed["P1"]["name_confidence"] < 1 and listed["P1"]["evidence"][0]["when"].startswith("day 1")
    assert listed["P2"]["name"] == "Rosa's bakery" and listed["P2"]["name_source"] == "user"
    table = CliRunner().invoke(app, ["places", "list", "--library", str(tmp_path / "lib")])
    assert table.exit_code == 0 and "P3" in table.stdout
