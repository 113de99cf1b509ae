"""A question told as a story in the present ("So I'm at the cafe and there's a sign. What does it say?"), in the
negative ("Didn't Ana say something about the ferry? What was it?") or as a guess ("There must have been a sign in
view when I said '…' — what would it have said?") is put in the plain past the reader reads: the footage is
always of the past, so these forms ask what the plain past asks.
"""

from __future__ import annotations

import re

from vidmem.wordforms import past_of

# "So I'm at the cafe …", "So someone speaks at …", "So on day 1 I'm in and out of …", "So the talking starts …"
_STORY = re.compile(r"^so,?\s+(?=(?:i'm|i am|someone|somebody|the|on|yesterday|today|this|i)\b)", re.I)
# "someone spoke at the beach, and the same someone spoke at the garden too": one person at both
_SAME_AGAIN = re.compile(r",?\s*and the same (?:someone|somebody|person|one|voice|guy|woman|man) (?:spoke|talked|"
                         r"was (?:heard|speaking|talking))\b", re.I)
_TOLD = {"speaks": "speak", "says": "say", "sees": "see", "hears": "hear", "starts": "start", "goes": "go",
         "arrives": "arrive", "talks": "talk"}  # a story's verbs in the present, and their plain forms
_PRESENT = [
    (re.compile(r"\b(?:I'm|I am)\b", re.I), "I was"),
    (re.compile(r"\bthere's\b|\bthere is\b", re.I), "there was"),
    (re.compile(r"\bthere are\b", re.I), "there were"),
    (re.compile(r"\bcomes? out with\b", re.I), "said"),
    (re.compile(r"\b(?:what|which|who) (does|do) (it|they|I|he|she) (say|see|hear|read)\b", re.I),
     lambda m: m[0].replace(m[1], "did", 1)),
    (re.compile(r"\b(who|what|where) is (it|that|this|he|she)\b(?=\s*[?.!]*\s*$)", re.I), r"\1 was \2"),
    (re.compile(r"\b(" + "|".join(_TOLD) + r")\b", re.I), lambda m: past_of(_TOLD[m[1].lower()])),
]
# "Didn't Ana say …", "Didn't I see …", "Wasn't somebody saying …"
_DID_NOT = re.compile(r"^(?:didn't|did not) (?P<who>I|[A-Za-z][\w'-]*) (?P<verb>[a-z]+)\b", re.I)
_WAS_NOT = re.compile(r"^(?:wasn't|was not) (?P<who>I|someone|somebody|anyone|[A-Za-z][\w'-]*) (?P<verb>[a-z]+ing)\b",
                      re.I)
# "There must have been a sign …", "— what would it have said?", "where would that have been?"
_GUESS = [
    (re.compile(r"\b(?:must|might|may|would|could|should) have been\b", re.I), "was"),
    (re.compile(r"\b(what|who|where|which) would (it|that|they|he|she) have (said|been|shown|read)\b", re.I),
     lambda m: f"{m[1]} did {m[2]} {_PLAIN.get(m[3].lower(), m[3])}" if m[3].lower() != "been"
     else f"{m[1]} was {m[2]}"),
]
_PLAIN = {"said": "say", "shown": "show", "read": "read"}


def in_the_past(text: str) -> str:
    """`text` with a story in the present, a negative question or a guess put in the plain past (see the doc)."""
    if _STORY.match(text):
        text = _STORY.sub("", text)
        for pattern, past in _PRESENT:
            text = pattern.sub(past, text)
    text = _SAME_AGAIN.sub(" and", text)
    negative = _DID_NOT.match(text) or _WAS_NOT.match(text)
    if negative is not None and text.count("?") >= 2:  # a question about it follows: the first one only tells
        verb = negative["verb"]
        told = past_of(verb.lower()) if negative.re is _DID_NOT else f"was {verb}"
        text = f"{negative['who']} {told}{text[negative.end():]}".replace("?", ".", 1)
    for pattern, plain in _GUESS:
        text = pattern.sub(plain, text)
    return text
