"""audio_search over a real catalog: each line comes with the lines said just before and after it in the
same exchange, and a matching question can bring its answer. Lines made up for these tests."""

from __future__ import annotations

from pathlib import Path

from vidmem.library import Library
from vidmem.retrieval.audio import SoundIndex, answers, asks, audio_search, heard_as
from vidmem.store.catalog import NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow

T0 = 1_790_000_000.0
LINES = [(0, "Gunnar, when does the ferry leave?"), (3, "It leaves at noon from the north pier."),
         (6, "Thanks, I will be there."), (60, "Did anyone see my umbrella?"), (90, "It was raining all day."),
         # a question the recogniser ended with a comma, and its answer
         (200, "Maren, where's the lantern festival,"), (203, "It is by the old quay tonight."),
         (300, "Well, the lantern was lovely."), (303, "It was."),
         # a question the recogniser heard as a statement, and its answer
         (400, "Maren, you found the old kite in the end."), (403, "I did, it was in the loft.")]


def _library(tmp_path: Path) -> Library:
    library = Library.open(tmp_path / "lib")
    with library.catalog.transaction():
        vid = library.catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 120.0, False, True, None, None,
                                                    None, T0, "given"))
        SpeechStore(library.catalog).replace_utterances(
            vid, [UtteranceRow(i, T0 + t, T0 + t + 2, text) for i, (t, text) in enumerate(LINES)])
    return library


def test_lines_carry_their_neighbours_in_the_same_exchange(tmp_path: Path) -> None:
    with _library(tmp_path) as library:
        [noon] = audio_search(library, "noon")
        assert noon.extra["before"]["text"] == LINES[0][1] and noon.extra["after"]["text"] == LINES[2][1]
        [umbrella] = audio_search(library, "umbrella")
        assert "before" not in umbrella.extra and "after" not in umbrella.extra  # 50 s and 28 s apart


def test_a_question_brings_its_answer_only_when_asked_to(tmp_path: Path) -> None:
    with _library(tmp_path) as library:
        assert [h.text for h in audio_search(library, "ferry")] == [LINES[0][1]]
        question, answer = audio_search(library, "ferry", replies=True)
        assert answer.text == LINES[1][1] and answer.extra["reply_to"] == question.text
        # a question with no answer within the exchange brings nothing
        assert [h.text for h in audio_search(library, "umbrella", replies=True)] == [LINES[3][1]]


def test_a_line_that_opens_like_a_question_asks_whatever_its_last_mark() -> None:
    assert asks("Maren, where's the lantern festival,") and asks("did you lock the shed") and asks("So?")
    assert not asks("It is by the old quay tonight.") and not asks("Thanks, I will be there.")
    assert not asks("Yes Maren, the ferry is late.")


def test_a_question_cut_short_by_the_recogniser_still_brings_its_answer(tmp_path: Path) -> None:
    with _library(tmp_path) as library:
        question, answer = audio_search(library, "festival", replies=True)
        assert answer.text == LINES[6][1] and answer.extra["reply_to"] == question.text
        # a statement brings no reply
        assert [h.text for h in audio_search(library, "lovely", replies=True)] == [LINES[7][1]]


def test_a_line_answered_as_a_question_brings_its_answer(tmp_path: Path) -> None:
    with _library(tmp_path) as library:
        question, answer = audio_search(library, "kite", replies=True)
        assert answer.text == LINES[10][1] and answer.extra["reply_to"] == question.text
    assert answers("Yes, at noon.") and answers("We did not, sorry.") and not answers("It was.")


def test_a_word_no_line_holds_is_found_as_the_recogniser_heard_it(tmp_path: Path) -> None:
    # "Gunnar" asked as "Gunar", "pier" is held as written: only words found nowhere are respelt
    with _library(tmp_path) as library:
        [line] = audio_search(library, "gunar")
        assert line.text == LINES[0][1] and line.extra["heard_as"] == {"gunar": "gunnar"}
        assert audio_search(library, "quokka") == []  # nothing sounds like it: nothing found
        assert "heard_as" not in audio_search(library, "pier")[0].extra


def test_heard_as_only_respells_words_missing_from_the_transcripts() -> None:
    heard = SoundIndex.of(["are", "we", "going", "to", "crack", "on", "sunday", "sofia"])
    assert heard_as("krakow sunday", heard) == {"krakow": "crack"}
    assert heard_as("sophia", heard) == {"sophia": "sofia"}
    assert heard_as("tram", heard) == {}  # short words sound like too many others


def test_listing_every_line_can_start_from_the_latest(tmp_path: Path) -> None:
    with _library(tmp_path) as library:
        assert audio_search(library, "*", k=2)[0].text == LINES[0][1]
        assert [h.text for h in audio_search(library, "*", k=2, latest=True)] == [LINES[-1][1], LINES[-2][1]]
