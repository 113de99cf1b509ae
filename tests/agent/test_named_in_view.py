"""Lines that name a thing while it is in view, read from a real catalog: as said first, misheard only where
no line names it as said."""

from __future__ import annotations

from pathlib import Path

from speech_helpers import add_lines
from vidmem.agent import _named_in_view, _pointed_things
from vidmem.library import Library

T0 = 1_790_000_000.0
LINES = ["Good morning, Wen.", "Look Wen, I found this scar by the pier.", "Is that your lantern?",
         "I think that scar is Torvald's.", "Look, this lantern is lit."]


def test_a_thing_no_line_names_as_said_is_found_by_the_word_it_was_misheard_as(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib") as library:
        add_lines(library, LINES, T0)
        named = _named_in_view(library)
        assert [t0 - T0 for _, t0, _ in named("scarf")] == [5.0, 15.0]  # "this scar", in time order
        # named as said: those lines only ("Is that your lantern?" too: a demonstrative before it)
        assert sorted(t0 - T0 for _, t0, _ in named("lantern")) == [10.0, 20.0]
        assert named("kettle") == []  # nothing sounds like it


def test_the_things_lines_point_at_are_every_noun_said_after_a_demonstrative_one_spelling_each(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib") as library:
        add_lines(library, [*LINES, "These lanterns are heavy.", "That morning was cold.", "This way, Wen."], T0)
        # "scar" as heard (the word "scarf" was never said); "lantern" once for "lantern"/"lanterns"; no time
        # ("that morning") nor way
        assert _pointed_things(library)() == ["lantern", "scar"]
