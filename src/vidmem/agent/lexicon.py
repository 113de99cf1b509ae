"""Words: the one list of stop words, a crude stemmer and number normalising, shared by the question
reader, the relevance gate and the answerers."""

from __future__ import annotations

import re
from itertools import pairwise

from vidmem.wordforms import COMPOUND_PART_MIN, IRREGULAR

_WORD = re.compile(r"[a-z0-9]+")

# function words: they carry no content in a question, a transcript line or a label
STOP_WORDS = frozenset({
    "the", "a", "an", "of", "to", "in", "on", "at", "and", "or", "is", "was", "i", "me", "my", "it", "for",
    "with", "about", "that", "this", "be", "do", "did", "you", "we",
})
# further words that say nothing about content when they appear in a question (or a quoted line)
QUESTION_STOP = STOP_WORDS | frozenset({
    "he", "she", "they", "what", "who", "whom", "where", "when", "which", "how", "many", "much", "time",
    "times", "day", "thing", "something", "anything", "have", "happen", "first", "last", "right", "just",
    "someone", "person", "video", "moment", "minute", "hour", "while", "before", "after", "during", "once",
    "there", "here", "then", "these", "those", "one", "get", "come", "earlier", "later", "ago", "morning",
    "afternoon", "evening", "today", "yesterday", "again", "also", "else", "other", "option", "following",
    "true", "correct", "separate", "place", "places", "scene", "both", "ever",
    # the talk itself ("in the conversation at 15:16"): when it was, not what was said
    "conversation", "conversations", "discussion", "exchange",
})
SMALL_WORDS = STOP_WORDS | frozenset({"yes", "no", "will", "are", "your", "our", "has", "have"})


# irregular past forms → the verb ("where did she say she left it" / "I left it at the bank")


def stem(word: str) -> str:
    """A crude English stem, enough to match "tickets"/"ticket", "gloves"/"glove", "mentioned"/"mention",
    "left"/"leave"."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_CLOCK_WORDS = {"noon": "12", "midday": "12", "midnight": "12"}
COUNT_WORDS = {"zero": 0, "none": 0, "never": 0, "once": 1, "one": 1, "twice": 2, "two": 2, "three": 3,
               "thrice": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def normalise_numbers(text: str) -> str:
    """Number words as digits, as speech recognisers write them: "thirty five" → "35", "half past seven" /
    "half past 7" → "730", "quarter to five" → "445", "7:40" / "7.40" / "7 .40" / "seven forty" → "740",
    "$35" → "35", "8 o 'clock" → "8", "half eight" → "830", "a hundred and five" → "105"."""
    low = _OCLOCK.sub(" ", text.lower()).replace("-", " ")
    low = re.sub(r"(\d) ?[:.](\d\d)\b", r"\1 \2", low)  # recognisers sometimes space the separator
    low = re.sub(r"[$%]", " ", low)
    words = low.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        w = re.sub(r"[^a-z0-9']", "", words[i])
        nxt = re.sub(r"[^a-z0-9']", "", words[i + 1]) if i + 1 < len(words) else ""
        if w in {"half", "quarter"} and nxt in {"past", "to"} and i + 2 < len(words):
            hour = _hour(words[i + 2])
            if hour is not None:
                minutes = 30 if w == "half" else 15
                if nxt == "to":
                    hour, minutes = (hour - 1) % 12 or 12, 60 - minutes
                out += [str(hour), f"{minutes:02d}"]
                i += 3
                continue
        after = re.sub(r"[^a-z]", "", words[i + 2]) if i + 2 < len(words) else ""
        if w == "half" and _hour(nxt) is not None and after not in _NOT_CLOCK_AFTER:
            out += [str(_hour(nxt)), "30"]  # "half eight": half past eight, as the British and Irish say it
            i += 2
            continue
        if w == "a" and nxt == "hundred":
            w = "one"  # "a hundred and twenty" = "one hundred and twenty"
        if w in _TENS:
            value = _TENS[w]
            if nxt in _UNITS and 0 < _UNITS[nxt] < 10:
                value += _UNITS[nxt]
                i += 1
            out.append(str(value))
        elif w in _UNITS:
            if nxt == "hundred":
                value, i = _UNITS[w] * 100, i + 1
                # "four hundred (and) twenty (five)": one number, as "420" is read aloud
                rest = [re.sub(r"[^a-z]", "", x) for x in words[i + 1:i + 4]] if words[i][-1:].isalpha() else []
                skip = 1 if rest[:1] == ["and"] and len(rest) > 1 and (rest[1] in _TENS or rest[1] in _UNITS) else 0
                rest = rest[skip:]
                if rest and rest[0] in _TENS:
                    value += _TENS[rest[0]]
                    i += skip + 1
                    if len(rest) > 1 and rest[1] in _UNITS and 0 < _UNITS[rest[1]] < 10:
                        value += _UNITS[rest[1]]
                        i += 1
                elif rest and rest[0] in _UNITS and _UNITS[rest[0]] > 0:
                    value += _UNITS[rest[0]]
                    i += skip + 1
                out.append(str(value))
            else:
                out.append(str(_UNITS[w]))
        elif w in _CLOCK_WORDS:
            out.append(_CLOCK_WORDS[w])
        else:
            out.append(words[i])
        i += 1
    return _CLOCK_PAIR.sub(r"\1\2", " ".join(out))


# words after "half <number>" that make it an amount, not a clock time ("half two hours", "half 8 dollars")
_NOT_CLOCK_AFTER = {"hour", "hours", "minute", "minutes", "day", "days", "dollar", "dollars", "bucks", "euros",
                    "pounds", "of", "percent", "times"}
_OCLOCK = re.compile(r"\bo ?['’]? ?clock\b")  # "o'clock", as recognisers also write it: "o 'clock", "o clock"


def _hour(word: str) -> int | None:
    """An hour as a word or in digits ("seven", "7")."""
    bare = re.sub(r"[^a-z0-9]", "", word)
    if bare.isdigit():
        return int(bare) if 1 <= int(bare) <= 12 else None
    return _UNITS.get(bare)


# an hour then its minutes, as one number: speech recognisers write "seven forty" as "740", so "7:40",
# "seven forty" and "740" must all read the same
_CLOCK_PAIR = re.compile(r"(?<![\d.])\b([1-9]|1\d|2[0-4]) ([0-5]\d)\b(?![.:]?\d)")


# British and American spellings of one word: a transcript may write either ("harbour" / "harbor")
_SPELLINGS = [(re.compile(r"(?<=[a-z]{3})our\b"), "or"), (re.compile(r"(?<=[a-z]{3})or\b"), "our"),
              (re.compile(r"(?<=[a-z]{3})tre\b"), "ter"), (re.compile(r"(?<=[a-z]{3})ter\b"), "tre"),
              (re.compile(r"(?<=[a-z]{3})ise\b"), "ize"), (re.compile(r"(?<=[a-z]{3})ize\b"), "ise")]


def with_spellings(text: str) -> str:
    """`text` followed by the other spelling of each of its words that has one ("the harbor" → "the harbor
    harbour"), so a lexical search finds the word however the transcript spelled it."""
    extra = []
    for word in _WORD.findall(text.lower()):
        for pattern, repl in _SPELLINGS:
            other = pattern.sub(repl, word)
            if other != word and other not in extra:
                extra.append(other)
    return " ".join([text, *extra]) if extra else text


def terms(text: str) -> set[str]:
    """Stemmed content words of `text`, numbers as digits."""
    return {stem(w) for w in _WORD.findall(normalise_numbers(text)) if w not in STOP_WORDS}


def as_heard(query: str, words: set[str]) -> set[str]:
    """`words` (a hit's terms) with both words of a compound of `query` where it was written as one: speech
    recognisers and people spell compounds either way ("car park" heard as "carpark")."""
    asked = [w for w in _WORD.findall(normalise_numbers(query)) if w not in STOP_WORDS and not w.isdigit()]
    joined = {stem(a + b): (stem(a), stem(b)) for a, b in pairwise(asked)}
    # … and a word asked as one heard as two ("boathouse" heard as "boat house")
    parted = {stem(w) for w in asked if stem(w) not in words and any(
        stem(w[:i]) in words and stem(w[i:]) in words
        for i in range(COMPOUND_PART_MIN, len(w) - COMPOUND_PART_MIN + 1))}
    return words.union(parted, *(joined[w] for w in words & joined.keys()))


def count_in(text: str) -> int | None:
    """The number a text states: "3", "three times", "twice"; None when it states none."""
    m = re.search(r"\d+", text)
    if m:
        return int(m[0])
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in COUNT_WORDS:
            return COUNT_WORDS[word]
    return None

# things whose words are written, not said: "the sign", "a notice", "the board"
# nouns and adverbs that name a time, never a place, a thing in view or a topic ("at tonight", "that morning")
TIME_NOUNS = frozenset({"day", "time", "week", "weekend", "month", "year", "morning", "afternoon", "evening", "night",
                        "moment", "minute", "hour", "tonight", "today", "tomorrow", "yesterday"})
TEXT_NOUNS = {"sign", "whiteboard", "poster", "label", "screen", "banner", "board", "note", "notice", "placard",
              "menu", "plaque", "writing", "text", "message", "caption", "chalkboard", "signboard", "lettering"}
