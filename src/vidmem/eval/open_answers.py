"""Judging an answer in words (a question asked without options) against the truth's words.

The answer's short part is what a user reads as the answer: the words before the lines it cites
('the pharmacy (Ana said: "…")' → 'the pharmacy'; two sayings at different moments → 'the hospital, or the
cinema'); an answer that is only a quote is judged by that one line. It is right when it holds the truth's
words, number words and digits alike ("seven forty" = "7:40"), quote marks aside, a time to the second
holding its minute ("14:34:10" holds "14:34"), without a leading article ("Golden Dragon" holds "the Golden
Dragon"), in either number ("coin" holds "coins"), in American spelling ("harbor" holds "harbour", "center"
holds "centre") and with
a compound heard as two words ("motor cycle" holds "motorcycle"); a one-word name holds as it sounds ("Sophia"
holds "Sofia"). Holding the truth anywhere, quotes included,
is kept as the looser figure beside it, so a long answer that merely quotes a window cannot pass for a
short one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vidmem.agent.lexicon import normalise_numbers
from vidmem.sounds import sound_key
from vidmem.wordforms import COMPOUND_PART_MIN

# a cited line in parentheses: '(Ana said: "…")', '(Ana said on day 2, 10:04:05: "…")'
_CITED = re.compile(r"""\s*\((?:[^()"]|"[^"]*")*?\bsaid\b[^"()]*:\s*"[^"]*"\)""")
_WEARER = " (the camera wearer)"
ALTERNATIVE = ", or "  # how an answer joins two sayings at different moments


@dataclass(frozen=True)
class OpenJudgement:
    correct: bool  # the truth is in the short part
    in_text: bool  # the truth is anywhere in the answer
    first: bool  # the truth is in the first (or only) answer given
    two: bool  # the answer gives two sayings
    abstained: bool
    words: int  # length of the short part


def short_part(answer_text: str) -> str:
    """The answer without the lines it cites."""
    return _CITED.sub("", answer_text).strip() or answer_text


def _norm(text: str) -> str:
    text = re.sub(r"(?<!\d)\.|\.(?!\d)|[^\w\s:'.$-]", " ", text.lower())  # keeps "7.40", "o'clock", "$35"
    text = re.sub(r"(?<!\w)'|'(?!\w)", " ", text)  # quote marks around words ("'FREE WIFI'"), not "o'clock"
    text = re.sub(r"(?<!\d):|:(?!\d)", " ", text)  # "Yes: Ivan said …", not "7:40"
    text = re.sub(r"\b0?(\d{1,2}:\d{2}):\d{2}\b", r"\1", text)  # a moment to the second holds its minute
    text = re.sub(r"\b0(\d:\d{2})\b", r"\1", text)  # "09:05" = "9:05"
    return " " + " ".join(normalise_numbers(text).split()) + " "


_ARTICLES = ("the ", "a ", "an ")


def _ways(truth: str) -> list[str]:
    """The truth as an answer may word it: as is, without its article, its last word singular or plural."""
    words = _norm(truth.removesuffix(_WEARER)).strip()
    bare = next((words[len(a):] for a in _ARTICLES if words.startswith(a) and len(words) > len(a)), words)
    out = []
    for form in (words, bare):
        last = form.rsplit(" ", 1)[-1]
        out += [form]
        if last.isalpha() and len(last) >= 3:
            plural = last.endswith("s") and not last.endswith(("ss", "us", "is"))
            out += [form[:-1]] if plural and len(last) > 3 else [] if plural else [form + "s"]
    out += [variant for form in out for variant in _spellings(form)]
    return [f" {w} " for w in dict.fromkeys(out)]




def _american(word: str) -> str:
    """"harbour" → "harbor", "centre" → "center", "fibre" → "fiber": as a recogniser trained on American text spells."""
    if word.endswith("our") and len(word) >= 6:
        return word[:-3] + "or"
    if word.endswith(("tre", "bre")) and len(word) >= 5:
        return word[:-2] + "er"
    return word


def _spellings(form: str) -> list[str]:
    """The ways a recogniser writes the same words: American spelling ("harbour" → "harbor") and a compound
    heard as two words ("motorcycle" → "motor cycle")."""
    words = form.split()
    out = [" ".join(_american(w) for w in words)]
    for i, word in enumerate(words):
        if word.isalpha():
            out += [" ".join([*words[:i], f"{word[:cut]} {word[cut:]}", *words[i + 1:]])
                    for cut in range(COMPOUND_PART_MIN, len(word) - COMPOUND_PART_MIN + 1)]
    return [o for o in out if o != form]



def judge_open(answer_text: str, truth: str, abstained: bool = False) -> OpenJudgement:
    if abstained:
        return OpenJudgement(False, False, False, False, True, 0)
    head = short_part(answer_text)
    ways = _ways(truth)

    name = truth.removesuffix(_WEARER).strip()
    # a name is the same name however the recogniser spelt it ("Sophia" for Sofia): one capitalised word, by sound
    sound = sound_key(name) if name[:1].isupper() and name.isalpha() and len(name) >= COMPOUND_PART_MIN else None

    def holds(text: str) -> bool:
        normal = _norm(text)
        return any(w in normal for w in ways) or (sound is not None and any(
            sound_key(w) == sound for w in normal.split() if w.isalpha()))
    return OpenJudgement(holds(head), holds(answer_text), holds(head.split(ALTERNATIVE)[0]), ALTERNATIVE in head,
                         False, len(head.split()))
