"""How questions are worded: a bank of phrasings per kind of question, split into dev and held-out wording.

A bank is keyed by the question's check kind (`said`, `speaker_of`, …; see uniqueness.HOLDS). Phrasing n
of a bank (0-based, in the order written here) has the id `<kind>/<n>`; the split rule is fixed:

    phrasing n is **held-out** when n is odd, **dev** when n is even.

So every bank of ≥ 2 phrasings has both splits, and adding phrasings at the end never moves an old one
to the other split. Develop (rules, examples, thresholds) only on dev phrasings; held-out phrasings are
for judging.

Placeholders: {when} a time expression ("yesterday", "on tuesday", "on day 2", "this morning", …; may be
empty where the kind allows no time), {When} the same capitalised, {S} the speaker ("I" for the wearer),
{N} a person other than the wearer (a phrasing with {N} is never used for the wearer), {Q} a quoted line,
{P} {P1} {P2} places, {O} an object ({be}: "was" or "were" to go with it), {T} a sign text, {L} the listed
choices, {C} a clock time (14:05), {C12} the same on a 12-hour clock (2:05 pm); `said` also has {wh}
{rest} {about} (see questions.ASKS). A phrasing that starts with a lower-case word or placeholder is typed
casually: the whole question is lower-cased (names, places and quotes too).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

SPLITS = ("dev", "heldout")

BANKS: dict[str, tuple[str, ...]] = {
    # what_said
    "said": (
        "{When}, around {C}, {wh} did {S} say {rest}?",
        "{wh} did {S} say {rest} {when}?",
        "{When}, {S} mentioned {about}. What was it?",
        "what did {S} say about {about} {when}",
        "Remind me, {wh} did {S} say {rest} {when}?",
        "{about}: what did {S} tell me {when}?",
        "Around {C12} {when}, {wh} did {S} say {rest}?",
        "when i was at the {P} {when}, what did {S} say about {about}?",
        "At the {P} {when}, {wh} did {S} say {rest}?",
    ),
    # who_said
    "speaker_of": (
        'Who said: "{Q}"?',
        'who said "{Q}" {when}',
        '{When}, who said "{Q}"?',
        'whose words were "{Q}"?',
        'Who was it that said "{Q}" {when}?',
        'somebody said "{Q}" {when}. who was that?',
        'Who said "{Q}" when I was at the {P}?',
        'at the {P} {when}, who said "{Q}"?',
    ),
    # in_view_while_said
    "object_during": (
        '{When}, what object was in view when {S} said "{Q}"?',
        'what was i holding when {S} said "{Q}"',
        'What did I have in my hands while {S} was saying "{Q}"?',
        'when {S} said "{Q}" {when}, what thing could i see?',
        'Which object could I see as {S} said "{Q}" {when}?',
        'what was in front of me when {S} said "{Q}"?',
    ),
    # where_when
    "place_during": (
        'Where was I when {S} said "{Q}"?',
        'where was i when {S} said "{Q}" {when}',
        'At which place did {S} say "{Q}" {when}?',
        '{S} said "{Q}" {when} - where were we?',
        'Where did {S} say "{Q}"?',
        'what place was i at when i heard {N} say "{Q}"?',
    ),
    "first_visit_at": (
        "At about what time did I first arrive at the {P} {when}?",
        "what time did i get to the {P} {when}",
        "{When}, when did I first get to the {P}?",
        "the first time i went to the {P} {when}, what time was it?",
        "Around what time did I reach the {P} {when}?",
        "when did i first show up at the {P} {when}?",
    ),
    "usual_place": (
        "Where do I usually see {N}?",
        "where do i usually run into {N}?",
        "At which place do I usually hear {N}?",
        "where is {N} usually?",
        "Where did I most often hear {N} speak?",
        "usually, where do i meet {N}?",
    ),
    # what_came_first (one bank per thing compared)
    "first_object": (
        "{When}, which of these did I see first: {L}?",
        "which did i see first {when}: {L}?",
        "Of {L}, which came into view first {when}?",
        "{when} what did i see earliest, {L}?",
        "Which of these did I come across first {when}: {L}?",
        "first thing i saw {when} out of {L}?",
    ),
    "first_place": (
        "{When}, which of these places did I go to first: {L}?",
        "where did i go first {when}: {L}?",
        "Which place did I visit earliest {when}: {L}?",
        "{when}, {L} - which one was i at first?",
        "Of {L}, which did I get to first {when}?",
        "which place came first {when}, {L}?",
    ),
    "first_speaker": (
        "{When}, who spoke first: {L}?",
        "who talked first {when}: {L}?",
        "Of {L}, who did I hear first {when}?",
        "who said something first {when}, {L}?",
        "Which of these people spoke earliest {when}: {L}?",
        "first to speak {when} out of {L}?",
    ),
    "first_mention": (
        "{When}, which of these was mentioned first: {L}?",
        "what came up first in conversation {when}: {L}?",
        "Which of these did someone mention first {when}: {L}?",
        "which was talked about first {when}, {L}?",
        "Of {L}, which was brought up earliest {when}?",
        "first mentioned {when}: {L}?",
    ),
    # how_many
    "count_sightings": (
        "How many separate times {be} the {O} in view {when}?",
        "how many times did i see the {O} {when}",
        "{When}, how often did the {O} come into view?",
        "how many times did the {O} show up {when}?",
        "On how many separate occasions did I see the {O} {when}?",
        "{when}, how many times {be} the {O} in front of me?",
    ),
    "count_conversations": (
        "{When}, in how many separate conversations did {S} speak?",
        "how many conversations did {S} speak in {when}?",
        "In how many different conversations did {S} say something {when}?",
        "how many separate chats did {S} talk in {when}?",
        "{When}, how many conversations had {S} speaking?",
        "how many times did {S} join a conversation {when}?",
    ),
    "count_visits": (
        "How many separate times was I at the {P} {when}?",
        "how many times did i go to the {P} {when}",
        "{When}, how many visits did I make to the {P}?",
        "how often was i at the {P} {when}?",
        "How many separate trips to the {P} did I make {when}?",
        "number of times i went to the {P} {when}?",
    ),
    # multi_hop
    "spoke_where_object": (
        "{When}, who spoke at the place where I saw the {O}?",
        "who was talking where i saw the {O} {when}?",
        "Where I saw the {O} {when}, who spoke?",
        "who did i hear at the place with the {O} {when}",
        "Who said something at the place where the {O} {be} {when}?",
        "at the spot where the {O} turned up {when}, who spoke?",
    ),
    "object_at_first_meeting": (
        "{When}, what object was in view in the scene where I first heard {N} speak?",
        "what was in view the first time i heard {N} {when}?",
        "The first time {N} spoke {when}, what object could I see there?",
        "what thing was around when {N} first talked {when}",
        "Which object was in view where I first heard {N} {when}?",
        "{when}, first time {N} said anything - what object was there?",
    ),
    "spoke_at_both": (
        "Who spoke both at the {P1} and at the {P2}?",
        "who did i hear at both the {P1} and the {P2}",
        "Which person talked at the {P1} and also at the {P2}?",
        "who spoke at the {P1} and at the {P2} too?",
        "Who said something at the {P1} as well as at the {P2}?",
        "both at the {P1} and at the {P2}, who spoke?",
    ),
    "place_after_sign": (
        '{When}, where did I go next after the place where I saw the sign "{T}"?',
        'where did i go after the place with the "{T}" sign {when}?',
        'After the place with the sign saying "{T}", where did I go next {when}?',
        'i saw a sign "{T}" {when}. where did i go after that place?',
        'Which place did I go to right after the one where the sign read "{T}" {when}?',
        'next place after the "{T}" sign {when}?',
    ),
    "spoke_at_place_near": (
        "{When}, who other than me spoke at the {P} around {C}?",
        "who was talking at the {P} around {C12} {when}",
        "Around {C12} {when}, who besides me spoke at the {P}?",
        "at the {P} at about {C} {when}, who else was speaking?",
        "Who did I hear at the {P} at around {C} {when}, apart from me?",
        "who spoke at the {P} around {C12} {when}, not counting me?",
    ),
    "object_last_visit": (
        "{When}, what object was in view the last time I was at the {P}?",
        "what was in view the last time i was at the {P} {when}?",
        "The last time I went to the {P} {when}, what object did I see?",
        "last visit to the {P} {when}: what thing was in view?",
        "Which object could I see on my last visit to the {P} {when}?",
        "what object was around last time i was at the {P} {when}",
    ),
    # onscreen_text
    "sign_at": (
        "{When}, what did the sign I saw at the {P} say?",
        "what did the sign at the {P} say {when}?",
        "What was written on the sign at the {P} {when}?",
        "the sign at the {P} {when}, what did it read?",
        "Which words were on the sign I saw at the {P} {when}?",
        "what was on the sign at the {P} {when}",
    ),
    "sign_during": (
        'What did the sign in view say while {S} said "{Q}"?',
        'what did the sign say when {S} said "{Q}"?',
        'While {S} was saying "{Q}", what was written on the sign?',
        'what sign could i read as {S} said "{Q}"',
        'Which text was on the sign in view when {S} said "{Q}" {when}?',
        '{S} said "{Q}" {when} - what did the sign read?',
    ),
}


@dataclass(frozen=True)
class Phrasing:
    id: str  # "<bank>/<n>"
    text: str
    split: str

    @property
    def casual(self) -> bool:
        """Typed casually (all lower case): the phrasing starts with a lower-case word or placeholder."""
        first = self.text[1:2] if self.text.startswith("{") else self.text[:1]
        return first.islower()


def split_of(index: int) -> str:
    """The fixed split rule: odd positions in a bank are held-out."""
    return "heldout" if index % 2 else "dev"


def phrasings(bank: str, split: str | None = None, banks: Mapping[str, Sequence[str]] | None = None) -> list[Phrasing]:
    """The phrasings of `bank` in `split` (both when None), from `banks` (default: ours, `BANKS`; another author's
    templates are split by the same rule)."""
    return [Phrasing(f"{bank}/{i}", text, split_of(i)) for i, text in enumerate((banks or BANKS)[bank])
            if split is None or split_of(i) == split]


# -- time expressions --------------------------------------------------------------------------------------

PARTS: dict[str, tuple[int, int]] = {"morning": (0, 12), "afternoon": (12, 17), "evening": (17, 24)}
RELATIVE = {0: "today", 1: "yesterday", 2: "the day before yesterday"}  # days before the last recorded day
_THIS = {"morning": "this morning", "afternoon": "this afternoon", "evening": "this evening"}


def part_of_hour(hour: int) -> str:
    return next(name for name, (a, b) in PARTS.items() if a <= hour < b)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def say_when(form: str, day: int, dates: dict[int, date], part: str | None = None) -> str:
    """Words for (day, part): form is one of "day", "weekday", "relative", "date" (see forms_for)."""
    when = dates[day]
    last = max(dates)
    if form == "day":
        return f"on day {day}" + (f" in the {part}" if part else "")
    if form == "weekday":
        return f"on {when:%A}" + (f" {part}" if part else "")
    if form == "relative":
        words = RELATIVE[last - day]
        if part and words == "today":
            return _THIS[part]
        if part and words == "yesterday":
            return f"yesterday {part}"
        return words + (f" in the {part}" if part else "")
    if form == "date":
        words = f"{when:%B} {ordinal(when.day)}"
        return f"on the {part} of {words}" if part else f"on {words}"
    raise ValueError(f"unknown time form {form!r}")


def forms_for(day: int, dates: dict[int, date]) -> list[str]:
    """The ways this day can be named without ambiguity among the recorded days."""
    forms = ["day", "date"]
    if sum(1 for d in dates.values() if d.weekday() == dates[day].weekday()) == 1:
        forms.append("weekday")
    if max(dates) - day in RELATIVE:
        forms.append("relative")
    return forms


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def read_when(words: str, dates: dict[int, date]) -> tuple[int, str | None]:
    """(day, part) that the time words generated here name, resolved against the recorded days ("today"
    and "yesterday" count from the last one). Raises ValueError for words that name no single day."""
    text = words.lower().strip()
    part = next((p for p in PARTS if re.search(rf"\b{p}\b", text)), None)
    last = max(dates)
    day: int | None = None
    if m := re.search(r"\bday (\d+)\b", text):
        day = int(m.group(1))
    elif "day before yesterday" in text:
        day = last - 2
    elif "yesterday" in text:
        day = last - 1
    elif "today" in text or text.startswith("this "):
        day = last
    elif m := re.search(rf"\b({'|'.join(_MONTHS)}) (\d+)(st|nd|rd|th)\b", text):
        month, number = _MONTHS.index(m.group(1)) + 1, int(m.group(2))
        day = next((d for d, when in dates.items() if (when.month, when.day) == (month, number)), None)
    elif m := re.search(rf"\b({'|'.join(_WEEKDAYS)})\b", text):
        matches = [d for d, when in dates.items() if when.weekday() == _WEEKDAYS.index(m.group(1))]
        day = matches[0] if len(matches) == 1 else None
    if day is None or day not in dates:
        raise ValueError(f"{words!r} names no single recorded day")
    return day, part


def render(phrasing: Phrasing, slots: dict[str, str], when: str) -> str:
    """The question text: placeholders filled, an empty time expression's commas and spaces tidied."""
    text = phrasing.text.replace("{When}", when[:1].upper() + when[1:] if when else "").replace("{when}", when)
    text = text.format(**slots)
    text = re.sub(r"^[,\s]+", "", text)
    text = re.sub(r"\s+([,?.:])", r"\1", text)
    text = re.sub(r",\s*,", ",", text)
    text = re.sub(r"\s{2,}", " ", text).strip()
    text = text.replace(" - ?", "?")
    if phrasing.casual:
        return text.lower()
    return text[:1].upper() + text[1:]


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))
