"""`vidmem ingest --redo STAGES`: a stage run again on files the Library holds gives what a fresh ingest gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from library_dump import assert_same_library, catalog_rows, library_differences
from typer.testing import CliRunner

from vidmem import Library
from vidmem.cli.main import app
from vidmem.ingest.pipeline import Pipeline
from vidmem.ingest.speakers import SpeakerAssigner
from vidmem.ingest.stages import default_stages
from vidmem.ingest.stages.audio import SpeakersStage
from vidmem.store.speech import SpeechStore


def test_redo_of_speakers_gives_the_fresh_library(corpus_files: list[Path], reference: Path, tmp_path: Path) -> None:
    root = tmp_path / "library"
    shutil.copytree(reference, root)
    # speakers as an older vidmem might have left them: every voice of every file in one speaker
    one_voice = SpeakerAssigner(cluster_distance=2.0, split_silhouette=2.0, match_similarity=-1.0)
    with Library.open(root) as library:
        stages = [SpeakersStage(one_voice) if s.name == "speakers" else s for s in default_stages(library.settings)]
        with library.writing():
            report = Pipeline(library.catalog, library.vectors, library.thumbnails, library.settings,
                              stages).ingest(corpus_files, redo=["speakers"])
        assert report.ok, report.failed
        assert len(SpeechStore(library.catalog).speakers()) == 1
    assert library_differences(root, reference)  # the speakers and what later stages made of them differ

    result = CliRunner().invoke(app, ["ingest", *map(str, corpus_files), "--library", str(root),
                                      "--redo", "speakers"])
    assert result.exit_code == 0, result.output
    # row for row the fresh Library; of the checkpoints only their messages may differ: a redone stage
    # reports counts of the Library as it finds it (all files' places, where a fresh ingest had a prefix)
    differences = library_differences(root, reference)
    assert all(line.startswith("jobs row") and "place_names" in line for line in differences), differences
    assert [j[:3] for j in catalog_rows(root)["jobs"]] == [j[:3] for j in catalog_rows(reference)["jobs"]]


def test_redo_names_only_known_stages(corpus_files: list[Path], reference: Path, tmp_path: Path) -> None:
    root = tmp_path / "library"
    shutil.copytree(reference, root)
    with Library.open(root) as library:
        with pytest.raises(ValueError, match="unknown stage"):
            library.ingest(corpus_files, redo=["speaker"])
        with pytest.raises(ValueError, match="probe"):
            library.ingest(corpus_files, redo=["probe"])
    assert_same_library(root, reference)  # nothing was forgotten
