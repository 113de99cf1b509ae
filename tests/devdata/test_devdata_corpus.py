"""The generated corpus agrees with itself: truth vs the audio and pictures in the files, questions vs truth."""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from vidmem.devdata import Truth, read_questions
from vidmem.devdata.phrasings import split_of
from vidmem.devdata.questions import CATEGORIES
from vidmem.devdata.uniqueness import Question, check_all
from vidmem.devdata.video import WIDTH, face_image, object_image, sign_image
from vidmem.media import probe
from vidmem.media.decode import iter_frames, read_audio

RATE = 16000
WINDOW = 320  # 20 ms
# Room tone is 0.002 RMS and speech peaks at 0.6: a 20 ms window above 0.005 RMS (2.5x the room tone, which
# keeps quiet fricatives like a final "s") is someone speaking.
SPEECH_RMS = 0.005
# Pauses inside one utterance are shorter than this (Piper pauses ~0.4 s at a comma).
WORD_GAP_S = 0.6
# Quiet onsets/tails (an "s", a breath) under the threshold, AAC priming and the 20 ms grid blur the edges.
EDGE_S = 0.15


@pytest.fixture(scope="module")
def truth(generated_corpus: Path) -> Truth:
    return Truth.load(generated_corpus / "truth.json")


def test_corpus_is_rich_enough_for_the_other_tests(truth: Truth, generated_corpus: Path) -> None:
    speakers = {u.value for u in truth.utterances}
    voices = {truth.person(s).voice for s in speakers}
    assert len(speakers) >= 5 and len(voices) == len(speakers)
    seen = {o.value for o in truth.of("object")}
    assert len(seen) >= 3 and seen <= set(truth.objects)
    assert len({s.value for s in truth.scenes}) >= 4 and {s.value for s in truth.scenes} <= set(truth.places)
    assert truth.of("sign") and truth.of("person")
    # the wearer says where they are on arriving, in more than one wording
    arrivals = [u for u in truth.utterances if u.topic == "arrival"]
    assert arrivals and all(u.value == "me" and dict(u.facts)["arrived"] in u.text for u in arrivals)
    assert all(dict(u.facts)["arrived"] == next(s.value for s in truth.scenes if (s.video, s.scene) ==
                                                 (u.video, u.scene)) for u in arrivals)
    per_day = defaultdict(int)
    for video in truth.videos:
        per_day[video.day] += 1
    assert min(per_day.values()) >= 2
    # truth.json reads back into the same Truth (times are whole milliseconds)
    assert truth.to_json() == json.loads((generated_corpus / "truth.json").read_text())
    manifest = json.loads((generated_corpus / "manifest.json").read_text())
    assert [v["file"] for v in manifest["videos"]] == [v.file for v in truth.videos]


def test_files_match_truth_durations_start_times_and_codecs(truth: Truth, generated_corpus: Path) -> None:
    for video in truth.videos:
        path = generated_corpus / video.file
        info = probe(path)
        assert abs(info.duration - video.duration) < 0.25, (video.file, info.duration, video.duration)
        assert info.video_codec == "h264" and info.audio_codec == "aac" and info.sample_rate == RATE
        assert (info.width, info.height) == (WIDTH, 360)
        assert info.creation_time == video.start_at
        assert Path(video.file).stem == _utc_name(video.start_at)
        # every truth span lies inside its file
        for span in truth.spans:
            if span.video == video.file:
                assert video.start_at - 1e-3 <= span.t0 < span.t1 <= video.start_at + video.duration + 1e-3


def _utc_name(t: float) -> str:
    from datetime import UTC

    return datetime.fromtimestamp(t, UTC).strftime("%Y%m%d_%H%M%S")


def _speech_spans(audio: np.ndarray) -> list[tuple[float, float]]:
    """Non-silent spans by an energy threshold, pauses shorter than WORD_GAP_S bridged."""
    n = len(audio) // WINDOW
    rms = np.sqrt((audio[: n * WINDOW].reshape(n, WINDOW) ** 2).mean(axis=1))
    loud = np.flatnonzero(rms > SPEECH_RMS)
    spans: list[tuple[float, float]] = []
    for i in loud:
        t0, t1 = i * WINDOW / RATE, (i + 1) * WINDOW / RATE
        if spans and t0 - spans[-1][1] <= WORD_GAP_S:
            spans[-1] = (spans[-1][0], t1)
        else:
            spans.append((t0, t1))
    return spans


def test_utterances_are_exactly_where_the_audio_is_not_silent(truth: Truth, generated_corpus: Path) -> None:
    checked = 0
    for video in truth.videos:
        audio = read_audio(generated_corpus / video.file)
        assert abs(len(audio) / RATE - video.duration) < 0.1
        spans = _speech_spans(audio)
        said = [(u.t0 - video.start_at, u.t1 - video.start_at) for u in truth.utterances if u.video == video.file]
        # each utterance sits inside one non-silent span …
        for t0, t1 in said:
            assert any(a - EDGE_S <= t0 and t1 <= b + EDGE_S for a, b in spans), (video.file, t0, t1, spans)
            checked += 1
        # … and every non-silent span is made of utterances (no sound the truth does not know); a pause just
        # over WORD_GAP_S between two lines can measure under it in the audio (blurred edges), so bridge wider
        for a, b in spans:
            assert any(t0 - EDGE_S <= a and b <= t1 + EDGE_S for t0, t1 in _bridge(said, WORD_GAP_S + 2 * EDGE_S)), (
                video.file, a, b)
        silent = sum(b - a for a, b in spans)
        assert silent < video.duration  # there are pauses between scenes
    assert checked == len(truth.utterances)


def _bridge(spans: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if merged and a - merged[-1][1] <= gap:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def _region_error(frame: np.ndarray, image: np.ndarray, x: int, y: int) -> float:
    h, w = image.shape[:2]
    return float(np.abs(frame[y : y + h, x : x + w].astype(np.int16) - image.astype(np.int16)).mean())


def test_pictures_show_what_the_truth_says(truth: Truth, generated_corpus: Path) -> None:
    """Objects, signs and faces are in the frames inside their spans and gone outside them."""
    import dlib

    detector = dlib.get_frontal_face_detector()
    from vidmem.devdata.schedule import FACE_HEIGHT, HEIGHT, OBJECT_BOX

    assert truth.motion == "steady"  # pictures sit where the truth puts them only without head motion
    checks = {"object": 0, "sign": 0, "face": 0, "drawn": 0, "absent": 0}
    faces_found = 0
    for video in truth.videos:
        frames = list(iter_frames(generated_corpus / video.file, fps=5))
        times = np.array([f.t for f in frames])
        here = [s for s in truth.spans if s.video == video.file]
        objects = [(s.t0 - video.start_at - 0.3, s.t1 - video.start_at + 0.3) for s in here if s.kind == "object"]
        for span in here:
            mid = (span.t0 + span.t1) / 2 - video.start_at
            frame = frames[int(np.abs(times - mid).argmin())].rgb
            if span.kind == "object":
                image = object_image(truth.looks[span.value])
                place = ((WIDTH - OBJECT_BOX) // 2, HEIGHT - OBJECT_BOX - 8)
                assert _region_error(frame, image, *place) < 12, span
                checks["object"] += 1
                empty = [f for f in frames if not any(a <= f.t <= b for a, b in objects)]
                if empty:
                    assert _region_error(empty[len(empty) // 2].rgb, image, *place) > 25
                    checks["absent"] += 1
            elif span.kind == "sign":
                image = sign_image(span.value)
                assert _region_error(frame, image, (WIDTH - image.shape[1]) // 2, 8) < 12, span
                checks["sign"] += 1
            elif span.kind == "person":
                source = truth.person(span.value).face or ""
                face = face_image(source)
                assert face.shape[0] == 220
                x = 12 if _region_error(frame, face, 12, 110) < 12 else WIDTH - 12 - FACE_HEIGHT
                assert _region_error(frame, face, x, 110) < 12, span  # the person's own picture, on a side
                if source.startswith("drawn:"):
                    checks["drawn"] += 1
                    continue
                faces_found += len(detector(frame, 0)) >= 1
                checks["face"] += 1
    assert min(checks.values()) >= 2, checks
    # dlib's frontal detector, no upsampling, finds the face in nearly every frame with a photo face in view
    assert faces_found >= 0.9 * checks["face"], (faces_found, checks["face"])


def _questions(folder: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in (folder / "questions.jsonl").read_text().splitlines()]


def test_questions_follow_the_corpus_format_and_have_unique_answers(truth: Truth, generated_corpus: Path) -> None:
    records = _questions(generated_corpus)
    assert {r["category"] for r in records} == set(CATEGORIES)
    assert {(r["category"], r["split"]) for r in records} == {(c, s) for c in CATEGORIES for s in ("dev", "heldout")}
    questions = []
    for r in records:
        assert set(r) >= {"qid", "question", "options", "answer", "category", "time_reference", "phrasing", "split",
                          "answer_text", "kind", "world"}
        assert [o[:3] for o in r["options"]] == ["A. ", "B. ", "C. ", "D. "]
        assert r["answer"] in "ABCD" and len(set(r["options"])) == 4
        assert r["options"]["ABCD".index(r["answer"])] == f"{r['answer']}. {r['answer_text']}"
        assert r["split"] == split_of(int(r["phrasing"].split("/")[1])) and r["world"] == "dev"
        for a, b in r["time_reference"]:
            t0, t1 = datetime.fromisoformat(a).timestamp(), datetime.fromisoformat(b).timestamp()
            assert t0 <= t1
            assert any(v.start_at - 1e-3 <= t0 and t1 <= v.start_at + v.duration + 1e-3 for v in truth.videos)
        questions.append(Question(r["qid"], r["question"], tuple(r["values"]), "ABCD".index(r["answer"]),
                                  r["category"], r["check"]))
        if r["when"]:  # the time words are in the question and name the day the check uses
            assert r["when"].lower() in r["question"].lower() and r["check"]["day"] >= 1
    assert len({r["qid"] for r in records}) == len(records)
    check_all(truth, questions)  # re-checked from truth.json as written, after a JSON round trip
    letters = {r["answer"] for r in records}
    assert len(letters) >= 3  # answers are spread over the letters


def test_read_questions_filters_by_split_and_category(generated_corpus: Path) -> None:
    rows = _questions(generated_corpus)
    held = read_questions(generated_corpus, split="heldout")
    assert held and all(r["split"] == "heldout" for r in held)
    assert len(held) + len(read_questions(generated_corpus, split="dev")) == len(rows)
    assert {r["qid"] for r in read_questions(generated_corpus, "dev", "who_said")} == {
        r["qid"] for r in rows if r["split"] == "dev" and r["category"] == "who_said"}


@pytest.mark.slow  # builds the held-out corpus (shared with the agent tests in a session)
def test_heldout_corpus_has_eight_questions_per_kind_and_split(heldout_corpus: Path) -> None:
    from collections import Counter

    truth = Truth.load(heldout_corpus / "truth.json")
    rows = _questions(heldout_corpus)
    assert truth.seed >= 1000 and {r["world"] for r in rows} == {"heldout"}
    counts = Counter((r["category"], r["split"]) for r in rows)
    assert all(counts[(c, s)] >= 8 for c in CATEGORIES for s in ("dev", "heldout")), counts
