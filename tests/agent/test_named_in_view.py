"""Lines that name a thing while it is in view, read from a real catalog: as said first, misheard only where
no line names it as said."""

from __future__ import annotations

from pathlib import Path

from vidmem.agent import _named_in_view
from vidmem.library import Library
from vidmem.store.catalog import NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow

T0 = 1_790_000_000.0
LINES = ["Good morning, Wen.", "Look Wen, I found this scar by the pier.", "Is that your lantern?",
         "I think that scar is Torvald's.", "Look, this lantern is lit."]


def test_a_thing_no_line_names_as_said_is_found_by_the_word_it_was_misheard_as(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib") as library:
        with library.catalog.transaction():
            vid = library.catalog.insert_video(NewVideo("sha", b"/v.mp4", "v.mp4", 1, 120.0, False, True, None,
                                                        None, None, T0, "given"))
            SpeechStore(library.catalog).replace_utterances(
                vid, [UtteranceRow(i, T0 + 5 * i, T0 + 5 * i + 2, text) for i, text in enumerate(LINES)])
        named = _named_in_view(library)
        assert [t0 - T0 for _, t0, _ in named("scarf")] == [5.0, 15.0]  # "this scar", in time order
        # named as said: those lines only ("Is that your lantern?" too: a demonstrative before it)
        assert sorted(t0 - T0 for _, t0, _ in named("lantern")) == [10.0, 20.0]
        assert named("kettle") == []  # nothing sounds like it
