"""The generator as a whole: the CLI, determinism for a seed, loud failures (ambiguous questions, missing voices)."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from vidmem.devdata import AmbiguousQuestion, Truth, make_corpus
from vidmem.devdata.speech import EspeakVoice, FliteVoice, SpeechCache, VoiceUnavailable, trim_silence
from vidmem.devdata.truth import Person, Span, Video
from vidmem.devdata.uniqueness import Question, check

TINY = ["--days", "1", "--minutes-per-day", "0.6", "--seed", "5"]


def _run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vidmem.cli.main", "devdata", "make", *args],
                          capture_output=True, text=True, timeout=300)


def test_cli_makes_a_corpus_and_the_same_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    out = tmp_path / "cli"
    done = _run_cli(str(out), *TINY, "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["videos"] and summary["questions_total"] == sum(summary["questions"].values()) > 0
    for name in ("manifest.json", "truth.json", "questions.jsonl"):
        assert (out / name).stat().st_size > 0
    assert [p.name for p in sorted((out / "videos").glob("*.mp4"))] == [Path(v).name for v in summary["videos"]]

    # the API in one process (the CLI encoded in two) gives the same bytes, videos included
    again = make_corpus(tmp_path / "api", days=1, minutes_per_day=0.6, seed=5, workers=1)
    for name in ("truth.json", "questions.jsonl", "manifest.json", *summary["videos"]):
        assert (out / name).read_bytes() == (tmp_path / "api" / name).read_bytes(), name
    assert again.utterances == summary["utterances"]

    refused = _run_cli(str(out), *TINY)  # a corpus is there: refuse unless --force
    assert refused.returncode == 1 and "not empty" in refused.stderr


def _tiny_truth() -> Truth:
    truth = Truth(seed=0, days=1, minutes_per_day=1, people=[
        Person("me", "Sam", "piper:x", None), Person("Bob", "Bob", "flite:awb", "f1"),
        Person("Carol", "Carol", "flite:slt", "f2"), Person("Dave", "Dave", "flite:rms", "f3"),
    ], places=["garden", "temple"], objects=["cat", "coins"])
    start = 1_793_000_000.0
    truth.videos.append(Video("videos/a.mp4", start, 60.0, 1))
    truth.spans += [
        Span("scene", "videos/a.mp4", 0, 1, start, start + 30, "garden"),
        Span("scene", "videos/a.mp4", 1, 1, start + 30, start + 60, "temple"),
        Span("utterance", "videos/a.mp4", 0, 1, start + 2, start + 4, "Bob", "The train leaves at nine."),
        Span("utterance", "videos/a.mp4", 1, 1, start + 32, start + 34, "Carol", "See you at the bakery."),
        Span("object", "videos/a.mp4", 0, 1, start + 1, start + 5, "cat"),
    ]
    truth.sort()
    return truth


def test_uniqueness_checker_accepts_a_unique_question_and_rejects_ambiguous_ones() -> None:
    truth = _tiny_truth()
    who = Question("q1", "Who said it?", ("me", "Bob", "Carol", "Dave"), 1, "who_said",
                   {"kind": "speaker_of", "quote": "The train leaves at nine."})
    check(truth, who)
    # the same words said by a second person make "who said it" ambiguous
    truth.spans.append(Span("utterance", "videos/a.mp4", 1, 1, truth.videos[0].start_at + 40,
                            truth.videos[0].start_at + 42, "Carol", "The train leaves at nine."))
    with pytest.raises(AmbiguousQuestion, match="true options"):
        check(truth, who)
    # a wrong key is caught too
    where = Question("q2", "Where?", ("garden", "temple", "park", "alley"), 1, "where_when",
                     {"kind": "place_during", "quote": "See you at the bakery."})
    check(truth, where)
    with pytest.raises(AmbiguousQuestion):
        check(truth, Question("q3", "Where?", where.options, 0, "where_when", where.spec))
    # no option true
    with pytest.raises(AmbiguousQuestion):
        check(truth, Question("q4", "Held?", ("coins", "clock", "kettle", "lamp"), 0, "in_view_while_said",
                              {"kind": "object_during", "quote": "The train leaves at nine."}))


def test_a_missing_voice_fails_loudly() -> None:
    with pytest.raises(VoiceUnavailable, match="no voice"):
        FliteVoice("nosuchvoice").check()
    with pytest.raises(VoiceUnavailable, match="variant"):
        EspeakVoice("en-us+nosuchvariant").check()
    with pytest.raises(VoiceUnavailable):
        SpeechCache().voice("festival:nobody")


def test_each_voice_speaks_16k_audio_trimmed_to_the_speech() -> None:
    import numpy as np

    from vidmem.devdata.world import VOICES

    cache = SpeechCache()
    lengths = {}
    for key in (v.key for v in VOICES):
        audio = cache.get(key, "Hey Bob, platform four at nine.")
        assert audio.dtype == np.float32 and abs(float(np.abs(audio).max()) - 0.6) < 1e-3
        lengths[key] = len(audio) / 16000
        assert 1.0 < lengths[key] < 4.0, (key, lengths[key])
        # the first and last 10 ms are not silent: trimming hugs the speech
        assert np.sqrt((audio[:160] ** 2).mean()) > 0.002 and np.sqrt((audio[-160:] ** 2).mean()) > 0.002
    with pytest.raises(VoiceUnavailable):
        trim_silence(np.zeros(16000, dtype=np.float32))


def test_continuous_motion_moves_every_frame_and_keeps_the_world(tmp_path: Path) -> None:
    """--motion continuous: same truth as steady footage of the seed, but no two sampled frames alike."""
    import numpy as np

    from vidmem.media.decode import iter_frames

    steady = make_corpus(tmp_path / "steady", days=1, minutes_per_day=0.6, seed=5, workers=1)
    moving = make_corpus(tmp_path / "moving", days=1, minutes_per_day=0.6, seed=5, workers=1, motion="continuous")
    a, b = (json.loads((tmp_path / name / "truth.json").read_text()) for name in ("steady", "moving"))
    assert b.pop("motion") == "continuous" and a.pop("motion") == "steady" and a == b
    assert steady.utterances == moving.utterances
    for video in moving.videos:
        frames = [f.rgb.astype(np.int16) for f in iter_frames(tmp_path / "moving" / video, fps=5)]
        still = [f.rgb.astype(np.int16) for f in iter_frames(tmp_path / "steady" / video, fps=5)]
        moved = [float(np.abs(x - y).mean()) for x, y in pairwise(frames)]
        calm = [float(np.abs(x - y).mean()) for x, y in pairwise(still)]
        assert min(moved) > 2.0, min(moved)  # every frame differs from the one before
        assert np.median(moved) > 1.5 * np.median(calm), (moved, calm)
    with pytest.raises(ValueError, match="motion"):
        make_corpus(tmp_path / "bad", days=1, minutes_per_day=0.6, seed=5, motion="wobbly")
