from datetime import UTC, datetime

import pytest

from vidmem.timeline import Clock, StartSource, format_offset, parse_iso, resolve_start, start_from_filename


def ts(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("20261102_081500.mp4", "2026-11-02T08:15:00+00:00"),
        ("2026-11-02 08.15.00.mov", "2026-11-02T08:15:00+00:00"),
        ("VID_20261102-235959.mp4", "2026-11-02T23:59:59+00:00"),
        ("cam1 2026-11-02T08:15:00.mkv", "2026-11-02T08:15:00+00:00"),
    ],
)
def test_start_from_filename_patterns(name: str, expected: str) -> None:
    assert start_from_filename(name) == ts(expected)


@pytest.mark.parametrize("name", ["holiday.mp4", "20261399_081500.mp4", "clip_12345678.mp4", "2026-11-02.mp4"])
def test_names_without_a_valid_instant(name: str) -> None:
    assert start_from_filename(name) is None


def test_filename_time_is_local_to_the_configured_zone() -> None:
    # 08:15 in Berlin (UTC+1 in November) is 07:15 UTC
    assert start_from_filename("20261102_081500.mp4", "Europe/Berlin") == ts("2026-11-02T07:15:00+00:00")


def test_rules_apply_in_order() -> None:
    container = ts("2026-01-01T10:00:00+00:00")
    by_option = resolve_start(option="2026-05-05T05:05:05Z", container_creation=container,
                              filename="20261102_081500.mp4", previous_end=123.0)
    assert (by_option.at, by_option.source) == (ts("2026-05-05T05:05:05+00:00"), StartSource.OPTION)
    by_container = resolve_start(option=None, container_creation=container,
                                 filename="20261102_081500.mp4", previous_end=123.0)
    assert (by_container.at, by_container.source) == (container, StartSource.CONTAINER)
    by_name = resolve_start(option=None, container_creation=None, filename="20261102_081500.mp4", previous_end=123.0)
    assert by_name.source is StartSource.FILENAME
    by_previous = resolve_start(option=None, container_creation=None, filename="x.mp4", previous_end=123.0,
                                modified=5000.0, duration=60.0)
    assert (by_previous.at, by_previous.source) == (123.0, StartSource.PREVIOUS_FILE)
    by_modified = resolve_start(option=None, container_creation=None, filename="x.mp4", previous_end=None,
                                modified=5000.0, duration=60.0)
    assert (by_modified.at, by_modified.source) == (4940.0, StartSource.MODIFIED) and by_modified.warning
    fallback = resolve_start(option=None, container_creation=None, filename="x.mp4", previous_end=None)
    assert fallback.at == 0.0 and fallback.source is StartSource.EPOCH and fallback.warning


def test_naive_iso_option_uses_the_time_zone() -> None:
    assert parse_iso("2026-11-02T08:15:00", "America/New_York") == ts("2026-11-02T13:15:00+00:00")


def test_clock_days_and_labels_follow_local_dates() -> None:
    origin = ts("2026-11-02T23:30:00+00:00")
    utc = Clock(origin, "UTC")
    assert utc.label(origin) == "day 1, 23:30:00"
    assert utc.label(origin + 3600) == "day 2, 00:30:00"
    # in Tokyo (UTC+9) the same instants fall on the 3rd: one day, not two
    tokyo = Clock(origin, "Asia/Tokyo")
    assert tokyo.day(origin) == tokyo.day(origin + 3600) == 1
    assert tokyo.clock(origin) == "08:30:00"
    start, end = utc.day_range(2)
    assert datetime.fromtimestamp(start, UTC).isoformat() == "2026-11-03T00:00:00+00:00"
    assert end - start == 86400


def test_format_offset() -> None:
    assert format_offset(0) == "00:00:00"
    assert format_offset(3 * 3600 + 4 * 60 + 5.9) == "03:04:05"
