"""Words put back into OCR readings: joined common words split, names and foreign words kept whole."""

from __future__ import annotations

import pytest

from vidmem.models.ocr_words import split_joined, tidy


@pytest.mark.parametrize(("read", "written"), [
    ("MINDTHESTEP", "MIND THE STEP"),
    ("MEETINGAT3PM", "MEETING AT 3 PM"),
    ("NOENTRY", "NO ENTRY"),
    ("Room100", "Room 100"),
    ("SALE 30% OFF", "SALE 30% OFF"),
])
def test_common_words_run_together_come_apart(read: str, written: str) -> None:
    assert tidy(read) == written


@pytest.mark.parametrize("name", ["KOWALCZYK", "Oluwaseun", "Konditorei", "ZUMBA", "Birmingham", "Stationery", "12B",
                                  "Parkplatz", "Rossmann", "Haltestelle", "Geschlossen", "Primark"])
def test_names_and_single_words_stay_whole(name: str) -> None:
    assert split_joined(name) == name


@pytest.mark.parametrize(("read", "written"), [("RO0M 12B", "ROOM 12B"), ("0PEN", "OPEN"), ("Fo0d", "Food"),
                                               ("2024", "2024"), ("B0", "B0")])
def test_a_zero_inside_a_word_is_an_o(read: str, written: str) -> None:
    assert tidy(read) == written
