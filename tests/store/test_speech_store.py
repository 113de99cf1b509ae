"""Speech store, transcript index, streaming windows and naming rules: fast checks without models."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from vidmem.ingest.speakers import decide_name, evidence_for, names_addressed, names_in_intro
from vidmem.ingest.stages.audio import StreamOptions, build_utterances, stream_words, utterance_clips
from vidmem.models.protocols import TranscriptSegment, Word
from vidmem.store import Catalog, NewVideo
from vidmem.store.speech import SpeechStore, Utterance, UtteranceRow, fts_query


def _catalog(tmp_path: Path) -> tuple[Catalog, int]:
    catalog = Catalog(tmp_path / "catalog.sqlite")
    with catalog.transaction():
        video_id = catalog.insert_video(NewVideo("abc", b"/x.wav", "x.wav", 1, 100.0, False, True, None, None,
                                                 None, 1000.0, "option"))
    return catalog, video_id


def _rows(texts: list[str], start: float = 1000.0) -> list[UtteranceRow]:
    return [UtteranceRow(i, start + 10 * i, start + 10 * i + 5, text, [(start + 10 * i, start + 10 * i + 1, text, 1.0)])
            for i, text in enumerate(texts)]


def test_fts_index_follows_writes_and_filters(tmp_path: Path) -> None:
    catalog, video_id = _catalog(tmp_path)
    store = SpeechStore(catalog)
    texts = ["the train tickets are in the drawer", "lunch was late today", "tickets for the museum",
             "nothing about trains here"]
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(texts))
    hits = store.search_text("train tickets", limit=10)
    assert hits[0].utterance.text == texts[0]  # both words beat one word
    assert {h.utterance.idx for h in hits} == {0, 2, 3}  # porter stemming: "trains" matches "train"
    assert hits[0].score > hits[-1].score
    # a rerun replaces the rows: the index holds each text once, and the old ones are gone
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(["a completely different day"]))
    store.check_index()
    assert store.search_text("tickets") == []
    assert [h.utterance.text for h in store.search_text("different")] == ["a completely different day"]
    # time filter: absolute [t0, t1)
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(texts))
    assert [h.utterance.idx for h in store.search_text("tickets", t0=1015.0)] == [2]
    assert store.search_text("tickets", speaker_ids=[]) == []
    # deleting the video removes its utterances from the index too (cascade fires the triggers)
    with catalog.transaction():
        catalog.conn.execute("DELETE FROM videos WHERE id = ?", (video_id,))
    store.check_index()
    assert store.search_text("tickets") == []


def test_star_lists_every_line_in_time_order(tmp_path: Path) -> None:
    catalog, video_id = _catalog(tmp_path)
    store = SpeechStore(catalog)
    texts = ["Great.", "the train tickets are in the drawer", "Okay!", "see you"]  # some share no word
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(texts))
    assert [h.utterance.text for h in store.search_text("*", limit=10)] == texts
    assert [h.utterance.idx for h in store.search_text("*", t0=1012.0, t1=1025.0)] == [1, 2]
    assert len(store.search_text("*", limit=2)) == 2


@pytest.mark.parametrize("query", ['"unbalanced', "NEAR(a b)", "tickets* OR", "a AND NOT", "-", "col:x", "^x"])
def test_query_syntax_cannot_break_search(tmp_path: Path, query: str) -> None:
    catalog, video_id = _catalog(tmp_path)
    store = SpeechStore(catalog)
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(["tickets near a bank"]))
    store.search_text(query)  # no sqlite3.OperationalError
    assert fts_query("   ") is None


def test_function_words_are_dropped_from_queries_unless_nothing_else_is_left() -> None:
    assert fts_query("Where are the train tickets?") == '"train" OR "tickets" OR "traintickets"'
    assert fts_query("who was there") == '"who" OR "was" OR "there" OR "whowas" OR "wasthere"'


def test_a_compound_is_found_however_it_was_written(tmp_path: Path) -> None:
    catalog, video_id = _catalog(tmp_path)
    store = SpeechStore(catalog)
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(["I will be at the carpark first.", "the park is closed", "hello"]))
    found = [m.utterance.text for m in store.search_text("car park", limit=5)]
    assert "I will be at the carpark first." in found and "hello" not in found
    lines = ["Meet me by the boat house.", "The boat is in the house.", "the park is closed"]
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(lines))
    # a word asked as one and heard as two: only where the two stand together
    assert [m.utterance.text for m in store.search_text("boathouse", limit=5)] == [lines[0]]


def test_a_time_is_found_however_its_hour_and_minutes_were_written(tmp_path: Path) -> None:
    catalog, video_id = _catalog(tmp_path)
    store = SpeechStore(catalog)
    lines = ["They have a table at 6 .15.", "The bus comes at 6:15.", "Platform 6 has 15 people.", "It is 615 miles."]
    with catalog.transaction():
        store.replace_utterances(video_id, _rows(lines))
    found = {m.utterance.text for m in store.search_text("615", limit=10)}
    assert found == {lines[0], lines[1], lines[3]}  # "6 … 15" apart is no time


class GridSpeech:
    """A transcriber double for the windowing logic: 'speech' is runs of a constant sample value.

    A run touching the window's edge is reported like a cut word (shorter, text marked '~'), which
    the stream must never commit.
    """

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self.longest = 0

    def transcribe(self, audio: np.ndarray, sample_rate: int = 16_000, *, language: str | None = None
                   ) -> Iterator[TranscriptSegment]:
        self.longest = max(self.longest, audio.size)
        voiced = np.concatenate([[0], (audio != 0).astype(np.int8), [0]])
        edges = np.flatnonzero(np.diff(voiced))
        words = []
        for a, b in zip(edges[::2], edges[1::2], strict=True):
            value = round(float(audio[a]) * 1000)
            cut = a == 0 or b == audio.size
            text = f"{value}~" if cut else (f"{value}." if value % 5 == 0 else str(value))
            words.append(Word(a / sample_rate, b / sample_rate, text, 1.0))
        if words:
            yield TranscriptSegment(words[0].t0, words[-1].t1, " ".join(w.text for w in words), words, "en")


def _grid_chunks(hours: float, rate: int, chunk_s: float = 30.0) -> Iterator[tuple[float, np.ndarray]]:
    """Word k fills [k + 0.2, k + 0.8) s with the value (k % 997 + 1) / 1000; generated lazily."""
    total_s = int(hours * 3600)
    second = np.zeros(rate, dtype=np.float32)
    for start in range(0, total_s, int(chunk_s)):
        chunk = np.tile(second, int(chunk_s))
        for j in range(int(chunk_s)):
            chunk[j * rate + int(0.2 * rate): j * rate + int(0.8 * rate)] = ((start + j) % 997 + 1) / 1000
        yield float(start), chunk


def test_stream_commits_every_word_once_across_window_borders_in_flat_memory() -> None:
    rate = 200  # the logic is rate-independent; a low rate makes 10 hours quick
    fake = GridSpeech(rate)
    options = StreamOptions(window_s=120.0, margin_s=8.0)
    words = [w for w, _ in stream_words(fake, _grid_chunks(10, rate), options, rate=rate)]
    assert len(words) == 36_000
    assert not [w for w in words if "~" in w.text]  # no word cut by a window border was committed
    values = [int(w.text.rstrip(".")) for w in words]
    assert values == [k % 997 + 1 for k in range(36_000)]
    starts = np.array([w.t0 for w in words])
    assert np.allclose(starts, np.arange(36_000) + 0.2, atol=1.5 / rate)  # file offsets survive the windowing
    # the buffer never grows past one window plus one chunk, however long the stream
    assert fake.longest <= (options.window_s + 30.0) * rate


def test_stream_rejects_a_margin_that_leaves_no_progress() -> None:
    with pytest.raises(ValueError, match="margin"):
        list(stream_words(GridSpeech(100), iter([]), StreamOptions(window_s=10, margin_s=6)))


def test_utterances_close_at_sentence_ends_and_pauses() -> None:
    words = [Word(0.0, 0.3, "Hello.", 1), Word(0.5, 0.8, "How", 1), Word(0.8, 1.0, "are", 1),
             Word(2.5, 2.8, "you", 1), Word(2.8, 3.0, "today?", 1), Word(3.1, 3.3, "Fine", 1)]
    groups = [" ".join(w.text for w in g) for g, _ in build_utterances((w, "en") for w in words)]
    assert groups == ["Hello.", "How are", "you today?", "Fine"]


def test_utterance_clips_cut_spans_in_one_pass() -> None:
    rate = 100
    audio = np.arange(0, 50 * rate, dtype=np.float32)
    chunks = ((i / rate, audio[i: i + 7 * rate]) for i in range(0, audio.size, 7 * rate))
    spans = [(3.0, 4.5), (6.5, 8.0), (20.0, 35.0), (48.0, 52.0)]
    clips = dict(utterance_clips(chunks, spans, rate=rate))
    for i, (t0, t1) in enumerate(spans):
        expected = audio[int(t0 * rate): int(min(t1, 50) * rate)]
        assert np.array_equal(clips[i], expected), i


def test_names_from_self_introductions_and_address() -> None:
    assert names_in_intro("And I'm Sheila in Texas, originally from Chicago.") == ["Sheila"]
    assert names_in_intro("This is Diane in New Jersey.") == ["Diane"]
    assert names_in_intro("Hi, my name is Carol.") == ["Carol"]
    assert names_in_intro("I'm in New Jersey now though.") == []
    assert names_in_intro("Oh, I'm originally from Chicago also.") == []
    assert names_in_intro("I'm Sorry about that.") == []
    assert names_in_intro("It is on Tuesday at the harbor, Dave.") == []  # "on" is no name
    assert names_addressed("Perfect, thanks.") == []
    assert names_addressed("Look Bob, I found this coffee cup.") == ["Bob"]
    assert names_addressed("Bob, did anyone water the plants?") == ["Bob"]
    assert names_addressed("What did the hotel cost, Bob?") == ["Bob"]
    assert names_addressed("Well, that is fine.") == []


def _utt(i: int, t0: float, speaker: int, text: str) -> Utterance:
    return Utterance(i, 1, i, t0, t0 + 2, speaker, text, [], "en")


def test_evidence_goes_to_the_one_who_answers_and_confidence_is_never_certain() -> None:
    utterances = [
        _utt(1, 0, 1, "Hi, I'm Carol."),
        _utt(2, 3, 2, "What did the hotel cost, Bob?"),
        _utt(3, 6, 3, "Two hundred a night."),
        _utt(4, 20, 2, "Bob, can you check?"),
        _utt(5, 40, 3, "Sure."),  # answers 18 s later: too late to count
    ]
    found = evidence_for(utterances)
    assert [e["name"] for e in found[1]] == ["Carol"]
    assert [(e["name"], e["kind"]) for e in found[3]] == [("Bob", "addressed before answering")]
    assert 2 not in found
    name, confidence = decide_name(found[1])
    assert name == "Carol" and confidence is not None and 0.5 <= confidence < 1.0
    # one vocative alone names the voice, but less surely than an introduction; two agreeing ones are surer,
    # still short of certain
    once = decide_name(found[3])
    assert once[0] == "Bob" and once[1] is not None and once[1] < confidence
    twice = decide_name(found[3] * 2)
    assert twice[0] == "Bob" and twice[1] is not None and once[1] < twice[1] < 1.0
    # a vocative contradicted by another is not enough
    assert decide_name(found[3] + [{**found[3][0], "name": "Dana"}])[0] is None
    # contradicting evidence lowers confidence below that of the same evidence alone
    mixed = decide_name(found[1] + [{**found[1][0], "name": "Dana"}])
    assert mixed[1] is not None and mixed[1] < confidence
