"""Generated multi-voice speech over two days: WER, speakers that persist across files, purity, names,
BM25 rank-1 for every fact, audio_search filters, llm mode, the CLI, and a rerun that changes nothing.

Three synthetic voices (Piper joe, flite slt, flite awb) read a scripted conversation; file 1 is day 1,
file 2 is day 2. Measured with the lite models: WER 0.11 (day 1: numbers come out as digits) and
0.07 (day 2), 3 speakers, purity 1.0 both ways; asserted: WER ≤ 0.20, purity ≥ 0.9, exactly 3 speakers.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from speech_helpers import ingest_speech, write_wav
from speech_metrics import purity, wer
from vidmem.cli.main import app
from vidmem.library import Library
from vidmem.models.protocols import ChatResult, ChatUsage
from vidmem.retrieval.audio import ChatModelRequired, UnknownSpeaker, audio_search
from vidmem.store.speech import SpeechStore

VOICES = {"A": "piper:en_US-joe-medium", "B": "flite:slt", "C": "flite:awb"}
DAY1 = [
    ("A", "Good morning everyone, let's get started."),
    ("B", "Hi, I'm Carol. I booked the train tickets to Edinburgh for Friday."),
    ("A", "Great. And how much does the hotel cost, Bob?"),
    ("C", "The hotel costs two hundred pounds per night, and breakfast is included."),
    ("B", "The museum opens at nine thirty on Saturday morning."),
    ("C", "I left the spare keys under the green flower pot."),
    ("A", "Thanks. Let's meet again tomorrow."),
]
DAY2 = [
    ("A", "Bob, did anyone water the tomato plants in the garden?"),
    ("C", "Yes, I watered them yesterday evening after dinner."),
    ("A", "The dentist appointment moved to Thursday afternoon."),
    ("B", "My passport expires next March, so I need to renew it soon."),
    ("C", "The bicycle repair shop closes at six o'clock."),
]
# (query of key words, day, index of the line that says it)
FACTS = [
    ("train tickets Edinburgh", 1, 1),
    ("hotel cost per night", 1, 3),
    ("museum opens Saturday", 1, 4),
    ("spare keys flower pot", 1, 5),
    ("tomato plants garden", 2, 0),
    ("dentist appointment Thursday", 2, 2),
    ("passport expires renew", 2, 3),
    ("bicycle repair shop closes", 2, 4),
]
WER_MAX = 0.20
PURITY_MIN = 0.9


def _conversation(lines: list[tuple[str, str]], pause_s: float = 0.7) -> tuple[np.ndarray, list]:  # type: ignore[type-arg]
    """The spoken lines back to back, and (t0, t1, voice) of each turn."""
    from vidmem.devdata.speech import voice_from_key

    voices = {who: voice_from_key(key) for who, key in VOICES.items()}
    parts, turns, t = [np.zeros(int(0.5 * 16_000), dtype=np.float32)], [], 0.5
    for who, text in lines:
        audio = voices[who].synthesize(text)
        audio = (0.6 * audio / max(float(np.abs(audio).max()), 1e-6)).astype(np.float32)
        turns.append((t, t + audio.size / 16_000, who))
        parts += [audio, np.zeros(int(pause_s * 16_000), dtype=np.float32)]
        t += audio.size / 16_000 + pause_s
    return np.concatenate(parts), turns


@pytest.fixture(scope="module")
def generated(tmp_path_factory, whisper_lite, voice_embedder):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("generated-speech")
    audio1, turns1 = _conversation(DAY1)
    audio2, turns2 = _conversation(DAY2)
    write_wav(folder / "day1.wav", audio1)
    write_wav(folder / "day2.wav", audio2)
    library = Library.open(folder / "lib")
    for name, start in (("day1.wav", "2026-03-02T09:00:00"), ("day2.wav", "2026-03-03T10:00:00")):
        report = ingest_speech(library, [folder / name], whisper_lite, voice_embedder, start=start)
        assert report.ok, report.files
    return {"library": library, "folder": folder, "turns": {1: turns1, 2: turns2}, "lines": {1: DAY1, 2: DAY2}}


def _truth_speaker(turns: list[tuple[float, float, str]], t0: float, t1: float) -> str | None:
    overlaps: dict[str, float] = {}
    for a, b, who in turns:
        overlaps[who] = overlaps.get(who, 0.0) + max(0.0, min(t1, b) - max(t0, a))
    best = max(overlaps, key=lambda w: overlaps[w])
    return best if overlaps[best] > 0 else None


def test_word_error_rate_on_generated_speech(generated) -> None:  # type: ignore[no-untyped-def]
    store = SpeechStore(generated["library"].catalog)
    for day, video in enumerate(generated["library"].catalog.videos(), start=1):
        said = " ".join(u.text for u in store.utterances(video.id))
        truth = " ".join(text for _, text in generated["lines"][day])
        assert wer(truth, said) <= WER_MAX, said


def test_speakers_persist_across_files_and_are_pure(generated) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    store = SpeechStore(library.catalog)
    pairs = []
    for day, video in enumerate(library.catalog.videos(), start=1):
        for u in store.utterances(video.id):
            truth = _truth_speaker(generated["turns"][day], u.t0 - video.start_at, u.t1 - video.start_at)
            assert u.speaker_id is not None and truth is not None, u
            pairs.append((str(u.speaker_id), truth))
    assert len(store.speakers()) == 3  # day 2's voices matched day 1's speakers: no new ones
    assert purity(pairs) >= PURITY_MIN
    # and each true voice maps to one speaker across both days (inverse purity)
    assert purity([(t, s) for s, t in pairs]) >= PURITY_MIN


def _speaker_of(generated: dict, who: str) -> int:  # type: ignore[type-arg]
    """The speaker id most of `who`'s utterances were given."""
    library: Library = generated["library"]
    store = SpeechStore(library.catalog)
    counts: dict[int, int] = {}
    for day, video in enumerate(library.catalog.videos(), start=1):
        for u in store.utterances(video.id):
            truth = _truth_speaker(generated["turns"][day], u.t0 - video.start_at, u.t1 - video.start_at)
            if truth == who and u.speaker_id is not None:
                counts[u.speaker_id] = counts.get(u.speaker_id, 0) + 1
    return max(counts, key=lambda s: counts[s])


def test_names_from_introduction_and_address(generated) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    store = SpeechStore(library.catalog)
    carol, bob, host = (store.speaker(_speaker_of(generated, who)) for who in "BCA")
    assert carol.name == "Carol" and carol.name_source == "inferred"
    assert carol.name_confidence is not None and 0.5 <= carol.name_confidence < 1.0
    assert carol.display.startswith("Carol?")
    # Bob is only ever addressed: one vocative per day, two days of evidence
    assert bob.name == "Bob", bob.name_evidence
    assert {e["kind"] for e in bob.name_evidence} == {"addressed before answering"}
    assert {e["video_id"] for e in bob.name_evidence} == {v.id for v in library.catalog.videos()}
    assert bob.name_confidence is not None and bob.name_confidence < carol.name_confidence
    assert host.name is None and host.display == host.label


def test_every_fact_is_found_at_rank_one(generated) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    videos = library.catalog.videos()
    for query, day, line in FACTS:
        hits = audio_search(library, query, k=3)
        assert hits, query
        a, b, _ = generated["turns"][day][line]
        start = videos[day - 1].start_at
        top = hits[0]
        assert top.video_id == videos[day - 1].id, (query, [h.text for h in hits])
        assert min(top.t1, start + b) - max(top.t0, start + a) > 0, (query, [h.text for h in hits])
        assert top.modality == "audio" and top.t1 > top.t0 > 1.7e9  # absolute times (2026)
        assert top.score >= hits[-1].score


def test_filters_by_day_and_speaker(generated) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    day2 = library.clock().day_range(2)
    hits = audio_search(library, "tickets dentist", time_range=day2)
    assert hits and all(day2[0] <= h.t0 < day2[1] for h in hits)
    assert all("tickets" not in h.text.lower() for h in hits)
    carol_hits = audio_search(library, "museum passport tickets", speaker="Carol", k=10)
    assert carol_hits and all(h.speaker and h.speaker.startswith("Carol?") for h in carol_hits)
    assert len(carol_hits) == 3
    with pytest.raises(UnknownSpeaker, match="no speaker 'Zed'"):
        audio_search(library, "tickets", speaker="Zed")


class _ReverseJudge:
    """A chat-model double (an outside service): rates the candidates in reverse BM25 order."""

    name = "reverse-judge"

    def __init__(self) -> None:
        self.calls = 0

    def chat(self, messages, *, schema=None, max_tokens=512, temperature=0.0):  # type: ignore[no-untyped-def]
        self.calls += 1
        n = messages[-1].text.count("\n[")
        data = schema.model_validate({"judgements": [{"id": i, "relevance": min(10, 1 + i)} for i in range(n)]})
        return ChatResult("", ChatUsage(self.name, 0, 0, 0.0), data)


def test_llm_mode_rejudges_or_says_what_is_missing(generated) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    with pytest.raises(ChatModelRequired, match="needs a chat model"):
        audio_search(library, "hotel", mode="llm")
    bm25 = audio_search(library, "the hotel tickets museum", k=10)
    judge = _ReverseJudge()
    rejudged = audio_search(library, "the hotel tickets museum", mode="llm", chat=judge, k=10)
    assert judge.calls == 1
    assert [h.source_id for h in rejudged] == [h.source_id for h in reversed(bm25)]


def test_cli_search_and_speakers(generated) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    root = str(library.root)
    runner = CliRunner()
    result = runner.invoke(app, ["search", "audio", "train tickets", "--library", root, "--json"])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)["hits"]
    assert "Edinburgh" in hits[0]["text"] and hits[0]["day"] == 1
    assert runner.invoke(app, ["search", "audio", "tomato", "--day", "1", "-L", root, "--json"]).exit_code == 0
    day1 = json.loads(runner.invoke(app, ["search", "audio", "tomato", "--day", "1", "-L", root, "--json"]).output)
    assert day1["hits"] == []
    listed = json.loads(runner.invoke(app, ["speakers", "list", "-L", root, "--json"]).output)["speakers"]
    unnamed = next(s for s in listed if s["name"] is None)
    result = runner.invoke(app, ["speakers", "rename", unnamed["short"], "Alice", "-L", root])
    assert result.exit_code == 0, result.output
    renamed = SpeechStore(library.catalog).speaker(unnamed["id"])
    assert (renamed.name, renamed.name_source, renamed.name_confidence, renamed.display) == ("Alice", "user", 1.0,
                                                                                              "Alice")
    result = runner.invoke(app, ["search", "audio", "dentist", "--speaker", "alice", "-L", root, "--json"])
    assert json.loads(result.output)["hits"][0]["speaker"] == "Alice"
    bad = runner.invoke(app, ["speakers", "rename", "S99", "Zed", "-L", root])
    assert bad.exit_code == 2 and "no speaker" in bad.output


def test_rerun_gives_the_same_speech_rows(generated, whisper_lite, voice_embedder) -> None:  # type: ignore[no-untyped-def]
    library: Library = generated["library"]
    store = SpeechStore(library.catalog)
    before = [(u.idx, u.text, u.speaker_id) for u in store.utterances()]
    speakers_before = [(s.id, s.name, s.n_utterances) for s in store.speakers()]
    video = library.catalog.videos()[0]
    with library.catalog.transaction():  # as if the process died before these stages were recorded
        library.catalog.conn.execute("DELETE FROM jobs WHERE video_id = ? AND stage IN ('transcribe', 'speakers')",
                                     (video.id,))
    report = ingest_speech(library, [generated["folder"] / "day1.wav"], whisper_lite, voice_embedder,
                           start="2026-03-02T09:00:00")
    assert report.ok
    assert [(u.idx, u.text, u.speaker_id) for u in store.utterances()] == before
    assert [(s.id, s.name, s.n_utterances) for s in store.speakers()] == speakers_before
    store.check_index()
