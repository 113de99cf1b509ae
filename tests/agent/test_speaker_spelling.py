"""The spelling a Library writes a heard name in most often, read from a real catalog's lines (the store gives
their text; the directory counts names inside sentences and those calling on a voice). Lines made up here."""

from __future__ import annotations

from pathlib import Path

from speech_helpers import add_lines
from vidmem.agent.speakers import SpeakerDirectory
from vidmem.library import Library
from vidmem.store.speech import SpeechStore

T0 = 1_790_000_000.0
LINES = ["Okay, we are at the north pier.", "I will ask Torvald to come too.", "Look Torvald, the ferry is late.",
         "Torwald, when is the ferry?", "Yes, it is at noon."]


def test_texts_and_the_spelling_heard_most(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib") as library:
        add_lines(library, LINES, T0)
        store = SpeechStore(library.catalog)
        assert store.texts(2) == LINES[:2]
        directory = SpeakerDirectory.from_library(library)
        # "Okay" and "Yes" open their sentences: interjections, never counted as names
        assert directory.heard_names() == {"Torvald": 2}
        assert directory.spelling("Torwald") == "Torvald"
        assert directory.spelling("Okey") == "Okey"
