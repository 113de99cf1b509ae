"""What a counting question counts: distinct moments ("how many times was the clock in view?"),
conversations ("how many conversations did I have with rosa?", "how often did I talk to him?"), visits
to a place ("how many trips to the bakery?", "how many times did I go to the gym?"), people ("how many
people did I talk to today?") or places ("how many different places did I go to?").

The unit decides how evidence is grouped before it is counted: a conversation is a stretch of talk, a visit
a stay at one place, a moment one sighting or mention.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

CountUnit = Literal["moment", "conversation", "visit", "person", "place"]

CONVERSATION_NOUNS = frozenset({"conversation", "convo", "chat", "discussion", "exchange", "dialogue", "talk", "call"})
VISIT_NOUNS = frozenset({"visit", "trip", "stop", "stay", "outing"})
PEOPLE_NOUNS = frozenset({"person", "people", "friend", "folk"})
PLACE_NOUNS = frozenset({"place", "location", "spot"})
TALK_VERBS = frozenset({"talk", "speak", "chat", "converse"})
VISIT_VERBS = frozenset({"go", "visit", "stop", "drop", "head", "return", "come", "be", "pop", "walk", "drive", "end",
                         "arrive", "reach", "get", "show", "swing"})
# words that only say how things are counted: never search words
UNIT_WORDS = CONVERSATION_NOUNS | VISIT_NOUNS | PEOPLE_NOUNS | PLACE_NOUNS | frozenset({
    "different", "separate", "distinct", "total", "occasion", "instance", "time", "sighting", "appearance", "number",
    "count"})


def count_unit(doc: Any, places: Sequence[str], content: Sequence[str]) -> CountUnit:
    """`doc`: spaCy's parse of the clause asked about; `places`: the places it names; `content`: its search
    words other than unit words and people."""
    # the tagger leaves an unfamiliar plural as it is ("convos"): its singular is looked up too
    nouns = {w for t in doc if t.pos_ in {"NOUN", "PROPN"} for w in (t.lemma_.lower(), t.lower_.removesuffix("s"))}
    verbs = {t.lemma_.lower() for t in doc if t.pos_ in {"VERB", "AUX"}}
    if nouns & CONVERSATION_NOUNS:
        return "conversation"
    if nouns & PEOPLE_NOUNS:
        return "person"
    if nouns & PLACE_NOUNS and not places:
        return "place"
    if nouns & VISIT_NOUNS and (places or not content):
        return "visit"
    if verbs & TALK_VERBS and not content:
        return "conversation"  # "how often did I talk to Rosa": nothing said is asked for, only talks
    if places and verbs & VISIT_VERBS:
        return "visit"
    return "moment"
