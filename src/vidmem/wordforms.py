"""English verbs whose forms no suffix rule reaches ("found" / "find", "left" / "leave"), for matching a word
as asked against a word as said: the agent's stems and the transcript search's queries both use them; and
how short a part of a compound may be where one word is looked for as two ("boathouse" as "boat house")."""

from __future__ import annotations

from collections import defaultdict

# each part of a word looked for as two: "motor cycle", "boat house"; shorter parts ("a mid") match at random
COMPOUND_PART_MIN = 4

IRREGULAR = {
    "left": "leave", "bought": "buy", "brought": "bring", "found": "find", "went": "go", "gone": "go",
    "took": "take", "taken": "take", "gave": "give", "given": "give", "saw": "see", "seen": "see",
    "lost": "lose", "kept": "keep", "told": "tell", "said": "say", "got": "get", "gotten": "get", "made": "make",
    "came": "come", "sold": "sell", "paid": "pay", "met": "meet", "ate": "eat", "eaten": "eat", "forgot": "forget",
    "forgotten": "forget", "won": "win", "wrote": "write", "written": "write", "ran": "run", "sent": "send",
    "spent": "spend", "held": "hold", "stole": "steal", "stolen": "steal", "broke": "break", "broken": "break",
    "hid": "hide", "hidden": "hide", "dropped": "drop", "thought": "think", "caught": "catch", "taught": "teach",
    "drove": "drive", "driven": "drive", "flew": "fly", "flown": "fly", "wore": "wear", "worn": "wear",
    "chose": "choose", "chosen": "choose", "fell": "fall", "fallen": "fall", "heard": "hear", "knew": "know",
    "known": "know", "sat": "sit", "stood": "stand", "spoke": "speak", "spoken": "speak", "began": "begin",
    "begun": "begin", "built": "build", "felt": "feel", "led": "lead", "lent": "lend", "put": "put",
    # -ing forms of short verbs, too short for the suffix rule below ("going" → "go", not "go" + "ing" cut at 3)
    "going": "go", "doing": "do", "seeing": "see", "saying": "say", "paying": "pay", "buying": "buy",
    "lying": "lie", "dying": "die", "eating": "eat", "being": "be",
}

_FORMS: dict[str, set[str]] = defaultdict(set)
for _form, _lemma in IRREGULAR.items():
    _FORMS[_lemma] |= {_lemma, _form}


def other_forms(word: str) -> list[str]:
    """The word's irregular relatives, itself left out: "find" → "found"; "left" → "leave"; none for "cat"."""
    family = _FORMS.get(IRREGULAR.get(word, word), set())
    return sorted(family - {word})


_PAST: dict[str, str] = {}
for _form, _lemma in IRREGULAR.items():
    if not _form.endswith("ing"):
        _PAST.setdefault(_lemma, _form)  # the table lists a simple past before its participle ("went", "gone")


def past_of(verb: str) -> str:
    """The simple past of a verb's plain form: "say" → "said", "mention" → "mentioned", "arrive" → "arrived"."""
    if verb in _PAST:
        return _PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ied"
    return verb + "ed"
