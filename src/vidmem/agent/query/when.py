"""Time expressions in a question, resolved on the Library's timeline.

Understood: "day 2", "the second day", weekday names ("on tuesday", "last friday"), calendar dates
("november 3", "3 nov 2026", "2026-11-03", read by `dateparser`), "today" / "tonight" / "this morning"
(today = the last recorded day unless a `now` is given), "yesterday", "the day before yesterday",
"N days ago", parts of the day (morning, afternoon, evening, night), clock times ("14:05", "3 pm", "at 3",
"around half past two" is left to the words), "between 2 and 4", "from 9 to 11", "before / after 3 pm".

A clock time without a day applies to every recorded day (one range per day).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.query.types import TimeSource, TimeSpan
from vidmem.timeline import Clock

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10}
SMALL_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
PARTS = ("morning", "afternoon", "evening", "night")


@dataclass(frozen=True)
class Timeline:
    """The recorded days of a Library, read through its clock; `now` is "the present" for "today"."""

    clock: Clock
    days: tuple[int, ...] = ()  # recorded day numbers, ascending
    now: float | None = None

    @classmethod
    def of(cls, clock: Clock, spans: Iterable[tuple[float, float]], now: float | None = None) -> Timeline:
        days: set[int] = set()
        for start, end in spans:
            first, last = clock.day(start), clock.day(max(start, end - 1e-3))
            days.update(range(first, last + 1))
        return cls(clock, tuple(sorted(days)), now)

    @property
    def today(self) -> int:
        if self.now is not None:
            return self.clock.day(self.now)
        return self.days[-1] if self.days else 1

    def date_of(self, day: int) -> date:
        return self.clock.origin_date() + timedelta(days=day - 1)

    def day_of(self, when: date) -> int:
        return (when - self.clock.origin_date()).days + 1

    def weekday(self, index: int, before_today: bool = False) -> int:
        """The latest recorded day that falls on weekday `index` (0 = Monday) up to today (before today with
        "last"); without footage on one, the calendar's latest such day."""
        limit = self.today - (1 if before_today else 0)
        recorded = [d for d in self.days if d <= limit and self.date_of(d).weekday() == index]
        if recorded:
            return recorded[-1]
        back = (self.date_of(limit).weekday() - index) % 7
        return limit - back

    def at(self, day: int, seconds: float) -> float:
        """Absolute instant of local `seconds` after midnight on `day` (may run past midnight)."""
        zone = ZoneInfo(self.clock.tz)
        midnight = datetime.combine(self.date_of(day), datetime.min.time(), zone)
        return (midnight + timedelta(seconds=seconds)).timestamp()


@dataclass
class _Found:
    sources: list[TimeSource] = field(default_factory=list)
    day: int | None = None
    window: tuple[float, float] | None = None  # local seconds after midnight [start, end)
    part: str | None = None
    phrases: list[str] = field(default_factory=list)


_MERIDIEM = r"(?:a\.?m\.?|p\.?m\.?)"
_T = rf"(?:\d{{1,2}}(?::\d{{2}})?(?:\s*{_MERIDIEM}|\s*o'?clock)?|noon|midday|midnight)"
_CLOCK_STRICT = re.compile(rf"^(?:(\d{{1,2}}):(\d{{2}})(?:\s*({_MERIDIEM}))?|(\d{{1,2}})\s*({_MERIDIEM}|o'?clock)|"
                           r"(noon|midday|midnight)|(\d{1,2}))$", re.I)

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("between", re.compile(rf"\b(?:between|from)\s+({_T})\s+(?:and|to|until|till|-)\s+({_T})", re.I)),
    ("day_number", re.compile(r"\b(?:on\s+)?day\s+(\d{1,4})\b", re.I)),
    ("day_ordinal", re.compile(r"\b(?:on\s+)?the\s+(" + "|".join(ORDINALS) + r")\s+day\b", re.I)),
    ("days_ago", re.compile(r"\b(\d+|" + "|".join(SMALL_NUMBERS) + r")\s+days?\s+ago\b", re.I)),
    ("before_yesterday", re.compile(r"\b(?:on\s+)?the\s+day\s+before\s+yesterday\b", re.I)),
    ("last_night", re.compile(r"\blast\s+night\b", re.I)),
    ("yesterday", re.compile(r"\byesterday(?:'s)?\b", re.I)),
    ("tonight", re.compile(r"\btonight\b", re.I)),
    ("today", re.compile(r"\b(?:earlier\s+)?today(?:'s)?\b", re.I)),
    ("this_part", re.compile(r"\bthis\s+(morning|afternoon|evening)\b", re.I)),
    ("weekday", re.compile(r"\b(?:on\s+)?(last\s+|this\s+|past\s+)?(" + "|".join(WEEKDAYS) + r")(?:'s)?\b", re.I)),
    ("date", re.compile(r"\b(?:on\s+)?(?:the\s+)?(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|"
                        r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + "|".join(MONTHS) + r")(?:,?\s+\d{4})?|"
                        r"(?:" + "|".join(MONTHS) + r")\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?)\b", re.I)),
    ("part", re.compile(r"\b(?:in\s+the\s+|during\s+the\s+|at\s+|that\s+|one\s+)?(" + "|".join(PARTS) + r")\b",
                        re.I)),
    ("clock", re.compile(rf"\b(at|around|about|approximately|roughly|near|before|after|by|until|since)?\s*"
                         rf"(?:about\s+|around\s+)?((?:\d{{1,2}}:\d{{2}}|\d{{1,2}})(?:\s*{_MERIDIEM}|\s*o'?clock)?|"
                         r"noon|midday|midnight)(?![\w:])", re.I)),
]


def _clock_seconds(text: str, part: str | None, config: AgentConfig) -> tuple[float, bool] | None:
    """Local seconds after midnight of a clock phrase, and whether minutes were given; None if it is no
    clock time. A bare hour below `pm_below_hour` is afternoon, unless the part of day says otherwise."""
    m = _CLOCK_STRICT.match(text.strip())
    if not m:
        return None
    if m[6]:
        return (0.0 if m[6].lower() == "midnight" else 12 * 3600.0), False
    if m[1] is not None:
        hour, minute, meridiem, precise = int(m[1]), int(m[2]), m[3], True
    elif m[4] is not None:
        hour, minute, meridiem, precise = int(m[4]), 0, m[5], False
    else:
        hour, minute, meridiem, precise = int(m[7]), 0, None, False
    if hour > 23 or minute > 59:
        return None
    mer = (meridiem or "").lower().replace(".", "")
    if mer == "pm" and hour < 12:
        hour += 12
    elif mer == "am" and hour == 12:
        hour = 0
    elif mer not in {"am", "pm"} and hour < 12 and (
            part in {"afternoon", "evening"} or (part == "night" and hour >= 6)
            or (part is None and hour < config.pm_below_hour)):
        hour += 12
    return float(hour * 3600 + minute * 60), precise


def _part_window(part: str, config: AgentConfig) -> tuple[float, float]:
    lo, hi = getattr(config, part)
    return lo * 3600.0, hi * 3600.0


def _parse_date(phrase: str, timeline: Timeline) -> date | None:
    import dateparser  # a real date parser, imported only when a question names a date

    base = timeline.clock.local(timeline.now) if timeline.now is not None else datetime.combine(
        timeline.date_of(timeline.today), datetime.max.time())
    settings = {"RELATIVE_BASE": base.replace(tzinfo=None), "PREFER_DATES_FROM": "past",
                "DATE_ORDER": "DMY" if re.match(r"^\d{1,2}\s", phrase.strip()) else "MDY",
                "REQUIRE_PARTS": ["day"]}
    parsed = dateparser.parse(phrase, languages=["en"], settings=settings)  # type: ignore[arg-type]
    return parsed.date() if parsed is not None else None


def read_times(text: str, timeline: Timeline, date_phrases: Sequence[str] = (),
               config: AgentConfig = DEFAULT, keep: Iterable[str] = ()) -> tuple[TimeSpan | None, str]:
    """The question's time constraint on `timeline`, and the question without its time phrases.
    `date_phrases`: further DATE phrases a parser found (spaCy entities) that the patterns did not; `keep`:
    words that are answers, not times (an option "monday")."""
    kept = {k.strip().lower() for k in keep}
    found = _Found()
    rest = text
    clocks: list[tuple[str, str]] = []  # (lead word, clock text)
    between: tuple[str, str] | None = None
    for kind, pattern in _PATTERNS:
        pos = 0
        while (m := pattern.search(rest, pos)) is not None:
            core = re.sub(r"^(?:on|at|in|the|this|last|around|about)\s+", "", m[0].strip().lower())
            # an answer ("friday" among the options) is a time only where the question says so: "on Friday"
            if (core in kept and core == m[0].strip().lower()) or not _take(kind, m, found, timeline, config):
                pos = m.end()  # not a time after all (a bare number, a count): leave it
                continue
            pos = m.start()
            if kind == "between":
                between = (m[1], m[2])
            elif kind == "clock":
                clocks.append(((m[1] or "").lower(), m[2]))
            found.phrases.append(m[0].strip())
            rest = (rest[:m.start()] + " " + rest[m.end():]).strip()
    for phrase in date_phrases:
        if phrase and phrase.lower() in rest.lower() and found.day is None:
            when = _parse_date(phrase, timeline)
            if when is not None:
                found.day, found.sources = timeline.day_of(when), [*found.sources, "date"]
                found.phrases.append(phrase)
                rest = re.sub(re.escape(phrase), " ", rest, flags=re.I)
    window = _window(found, between, clocks, config)
    if found.day is None and window is None:
        return None, _tidy(rest)
    days = [found.day] if found.day is not None else list(timeline.days) or [timeline.today]
    lo, hi = window if window is not None else (0.0, 86_400.0)
    ranges = [(timeline.at(d, lo), timeline.at(d, hi)) for d in days]
    span = TimeSpan(ranges=ranges, text="; ".join(found.phrases), sources=list(dict.fromkeys(found.sources)),
                    days=days, day_ranges=[(timeline.at(d, 0.0), timeline.at(d, 86_400.0)) for d in days])
    return span, _tidy(rest)


def _take(kind: str, m: re.Match[str], found: _Found, timeline: Timeline, config: AgentConfig) -> bool:
    """Fold one matched phrase into `found`; False when the match is not a time expression after all."""
    if kind == "between":
        if _clock_seconds(m[1], None, config) is None or _clock_seconds(m[2], None, config) is None:
            return False
        found.sources.append("between")
    elif kind == "day_number":
        found.day, found.sources = int(m[1]), [*found.sources, "day_number"]
    elif kind == "day_ordinal":
        found.day, found.sources = ORDINALS[m[1].lower()], [*found.sources, "day_number"]
    elif kind == "days_ago":
        n = int(m[1]) if m[1].isdigit() else SMALL_NUMBERS[m[1].lower()]
        found.day, found.sources = timeline.today - n, [*found.sources, "relative"]
    elif kind == "before_yesterday":
        found.day, found.sources = timeline.today - 2, [*found.sources, "relative"]
    elif kind == "last_night":
        found.day, found.part, found.sources = timeline.today - 1, "night", [*found.sources, "yesterday"]
    elif kind == "yesterday":
        found.day, found.sources = timeline.today - 1, [*found.sources, "yesterday"]
    elif kind == "tonight":
        found.day, found.part, found.sources = timeline.today, "night", [*found.sources, "today"]
    elif kind == "today":
        found.day, found.sources = timeline.today, [*found.sources, "today"]
    elif kind == "this_part":
        found.day, found.part, found.sources = timeline.today, m[1].lower(), [*found.sources, "today"]
    elif kind == "weekday":
        before = bool(m[1] and m[1].strip().lower() in {"last", "past"})
        found.day = timeline.weekday(WEEKDAYS.index(m[2].lower()), before_today=before)
        found.sources.append("weekday")
    elif kind == "date":
        when = _parse_date(m[0], timeline)
        if when is None:
            return False
        found.day, found.sources = timeline.day_of(when), [*found.sources, "date"]
    elif kind == "part":
        found.part = found.part or m[1].lower()
        found.sources.append("part_of_day")
    elif kind == "clock":
        lead = (m[1] or "").lower()
        # a bare number is a clock time only after "at / around / before …" or with am/pm, o'clock, ":"
        if not lead and not re.search(r"[:apo]", m[2], re.I) and m[2].lower() not in {"noon", "midday", "midnight"}:
            return False
        if _clock_seconds(m[2], found.part, config) is None:
            return False
        found.sources.append("clock")
    return True


def _window(found: _Found, between: tuple[str, str] | None, clocks: list[tuple[str, str]],
            config: AgentConfig) -> tuple[float, float] | None:
    if between is not None:
        a = _clock_seconds(between[0], found.part, config)
        b = _clock_seconds(between[1], found.part, config)
        if a is not None and b is not None:
            lo, hi = sorted((a[0], b[0]))
            return lo, hi
    if clocks:
        lead, value = clocks[0]
        read = _clock_seconds(value, found.part, config)
        if read is not None:
            sec, precise = read
            if lead in {"before", "by", "until"}:
                return 0.0, sec
            if lead in {"after", "since"}:
                return sec, 86_400.0
            half = config.around_clock_s if precise else config.around_hour_s
            return max(0.0, sec - half), min(86_400.0, sec + half)
    if found.part is not None:
        return _part_window(found.part, config)
    return None


def _tidy(text: str) -> str:
    text = re.sub(r"\s+([,?.!])", r"\1", " ".join(text.split()))
    text = re.sub(r"^[,\s]+|(?<=\s),(?=\s)", "", text)
    return text.strip()
