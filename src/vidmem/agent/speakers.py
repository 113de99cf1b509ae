"""Who a voice may be: each speaker's candidate names with weights, which voice is likely the wearer, and
what one line's place in its conversation says about who spoke it.

Speech ingest names a speaker only when its evidence is strong enough; below that the evidence is still
worth something to the agent as a soft hint ("Speaker 3" was addressed as Jonas twice, as Mirela once).
The wearer of a first-person camera takes part in every conversation, so the voice heard most often —
when it holds a large share of all lines — is taken to be "me", with a weight, never as a certainty.

Voice clusters merge people who sound alike, so a line's own turn is read too (`turn_names`): the person
called on in the line just before ("Nadia, when is the meeting?") most likely says the next line, and a
reply that calls someone by name at its end ("Of course, Nadia.") answers that person's line. A name the
line itself calls someone by is not its speaker's. Speech recognisers misspell names they hear ("Rahol"
for Rahul), so names are compared by how they sound as written (`sounds_alike`).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import terms
from vidmem.retrieval.wearer import WEARER
from vidmem.sounds import sound_key


def _skeleton(key: str) -> str:
    """The consonants after the first letter: misheard names mostly keep them ("Rahol" / Rahul)."""
    return key[:1] + re.sub(r"[aeiou]", "", key[1:])


def sounds_alike(a: str, b: str) -> float:
    """How alike two names are as heard, in [0, 1]: 1 for the same words (a first name and the full name it
    starts), else the similarity of their spellings reduced to sounds, per word."""
    ta, tb = terms(a), terms(b)
    if ta and tb and (ta <= tb or tb <= ta):
        return 1.0
    best = 0.0
    for wa in a.split():
        for wb in b.split():
            ka, kb = sound_key(wa), sound_key(wb)
            if len(ka) < 2 or len(kb) < 2:
                continue
            score = fuzz.ratio(ka, kb) / 100.0
            if len(_skeleton(ka)) >= 2 and _skeleton(ka) == _skeleton(kb):
                score = max(score, 0.8)
            best = max(best, score)
    return best


def same_name(a: str, b: str, config: AgentConfig = DEFAULT) -> float:
    """`sounds_alike` when it is close enough to be the same name misheard, else 0."""
    sim = sounds_alike(a, b)
    return sim if sim >= config.name_sound_min else 0.0


Parse = Callable[[str], Any]


# a name after a one- or two-word lead-in, set off by a comma: "Look Nadia, …", "Listen Omar, …" (the parser
# reads the name as the verb's object, so the ingest rules leave it out)
_CALLED = re.compile(r"^\W*(?:[a-z]+\s+){1,2}([A-Z][a-z]+(?:\s[A-Z][a-z]+)?),", re.I)
_NOT_LEAD = {"i", "you", "he", "she", "we", "they", "it", "the", "a", "an", "my", "your", "and", "but", "then",
             "that", "this", "there", "what", "where", "when", "who", "how", "why", "which", "if", "so"}


_WHEN_ENTS = {"DATE", "TIME"}


def addressed(text: str, parse: Parse) -> list[str]:
    """Names a line calls someone by ("Nadia, …", "…, Nadia?", "thanks Nadia", "look Nadia, …")."""
    from vidmem.ingest.name_rules import vocatives

    if not text.strip():
        return []
    doc = parse(text)
    names = vocatives(doc)
    lead = _CALLED.match(text)
    if lead and lead[1][:1].isupper() and not set(text[:lead.start(1)].lower().split()) & _NOT_LEAD and not any(
            t.idx >= lead.start() and t.idx < lead.end(1) and (t.pos_ == "ADP" or t.ent_type_ in _WHEN_ENTS)
            for t in doc):
        names.append(lead[1])  # not "On Friday, …": a time set off before the line
    return list(dict.fromkeys(names))


def name_slots(text: str) -> list[str]:
    """Where a line may call someone by name, however the name was transcribed: its words before the first comma
    (at most three: "Look Dmitri", "Hey Ravi", "Looked the MITRI") and after the last, ending the line (at most
    two: "Of course, Mei.")."""
    parts = [p.strip(" .!?") for p in text.split(",")]
    if len(parts) < 2:
        return []
    return [slot for slot, most in ((parts[0], 3), (parts[-1], 2)) if 1 <= len(slot.split()) <= most]


def _answers_previous(text: str, parse: Parse, name: str) -> bool:
    """A reply that names whom it answers: it opens with an interjection or a thank and asks nothing ("yes
    Nadia, …"), or ends on the name ("Of course, Nadia.")."""
    from vidmem.ingest.name_rules import addresses_previous

    if addresses_previous(parse(text)):
        return True
    return not text.rstrip().endswith("?") and bool(re.search(rf"{re.escape(name)}\W*$", text.strip()))


def turn_names(hit_extra: dict[str, Any], parse: Parse, skip: Callable[[str], bool] = lambda _: False,
               config: AgentConfig = DEFAULT) -> dict[str, float]:
    """Who the line's place in its conversation says spoke it, name → weight: the one called on just before
    it, the one a reply just after it answers. `skip` leaves out a neighbour that is part of the same quote
    (a sentence of the same turn cut into its own line)."""
    out: dict[str, float] = {}
    voice = hit_extra.get("speaker_id")

    def share(line: dict[str, Any]) -> float:
        # a neighbour in the same voice is as likely the same turn cut in two as a reply from someone else
        return config.same_voice_cue_share if voice is not None and line.get("speaker_id") == voice else 1.0

    before = hit_extra.get("before") or {}
    if before.get("text") and not skip(before["text"]):
        for name in addressed(before["text"], parse):
            if not _answers_previous(before["text"], parse, name):
                out[name] = max(out.get(name, 0.0), config.called_on_weight * share(before))
    after = hit_extra.get("after") or {}
    if after.get("text") and not skip(after["text"]):
        for name in addressed(after["text"], parse):
            if _answers_previous(after["text"], parse, name):
                out[name] = max(out.get(name, 0.0), config.answered_weight * share(after))
    return out


@dataclass(frozen=True)
class SpeakerInfo:
    id: int
    label: str
    names: dict[str, float]  # candidate name → weight in [0, 1]
    utterances: int
    given: str | None = None  # the name a user gave this voice
    opening: tuple[str, ...] = ()  # names heard calling on this voice at the start of a line ("Kiko, when …")


# a capitalised word inside a sentence: a name as the recogniser wrote it ("I will ask Keiko", "Look Keiko, …");
# a sentence's first word is left out (interjections: "Okay, …", "Yes, …")
_INSIDE_NAME = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]+\b")


class SpeakerDirectory:
    def __init__(self, speakers: Iterable[SpeakerInfo], calls: Callable[[int], Iterable[str]] | None = None,
                 lines: Callable[[], Iterable[str]] | None = None) -> None:
        """`calls(speaker_id)`: the names that voice's own lines call people by ("Look Keiko, …"), read only
        when asked (for the wearer's voice); `lines()`: the Library's lines, read once when a name is spelt."""
        self.speakers = {s.id: s for s in speakers}
        self._lines = lines
        self._heard: Counter[str] | None = None
        total = sum(s.utterances for s in self.speakers.values())
        top = max(self.speakers.values(), key=lambda s: s.utterances, default=None)
        heard_most = top is not None and total and top.utterances / total >= DEFAULT.wearer_min_share
        self.wearer = top.id if top is not None and heard_most else None
        self._calls = calls
        self._wearer_names: dict[str, float] | None = None

    def known_name(self, heard: str, least: float = DEFAULT.sure_name) -> str:
        """A heard name spelt as the Library knows it: a speaker's name given by the user, or inferred as surely
        as `least`, that sounds like it ("Chin" → Chen once someone renamed that voice Chen)."""
        sure = {n for s in self.speakers.values() for n, w in s.names.items() if w >= least}
        best = max(sure, key=lambda n: sounds_alike(heard, n), default=None)
        return best if best is not None and same_name(heard, best) > 0 else heard

    def spelling(self, name: str) -> str:
        """`name` as the Library hears it most often: a recogniser misspells a name on some lines, rarely the same
        way each time ("Kiko" once, "Keiko" twice). A user's name stays, and a spelling that is another voice's
        name is another person ("Jonas" / "Jonah")."""
        if any(s.given and same_name(s.given, name) == 1.0 for s in self.speakers.values()):
            return name
        heard = self.heard_names()
        others = {n for s in self.speakers.values() for n, w in s.names.items()
                  if w >= DEFAULT.voice_min and n != name}
        alike = [n for n in heard if n != name and n not in others and same_name(n, name) > 0]
        best = max(alike, key=lambda n: heard[n], default=None)
        if best is None or heard[best] < 2 or heard[best] <= heard.get(name, 0):
            return name
        return best

    def heard_names(self) -> Counter[str]:
        """How often each name is written in the Library's lines (inside a sentence, or calling on a voice at a
        line's start)."""
        if self._heard is None:
            self._heard = Counter(n for s in self.speakers.values() for n in s.opening)
            for text in self._lines() if self._lines is not None else []:
                self._heard.update(_INSIDE_NAME.findall(text))
        return self._heard

    def wearer_names(self) -> dict[str, float]:
        """The names the wearer's voice is called by (others address the wearer by name), those likely enough
        to count (a merged voice also carries the names of whoever it was merged with, more weakly)."""
        if self.wearer is None:
            return {}
        if self._wearer_names is None:
            names = {n: w for n, w in self.speakers[self.wearer].names.items() if w >= DEFAULT.voice_min}
            # nobody calls themself by name: a name the wearer's voice calls others by belongs to someone merged
            # into that voice (the friend the wearer talks to sounds alike), not to the wearer
            called = list(self._calls(self.wearer)) if names and self._calls is not None else []
            self._wearer_names = {n: w for n, w in names.items() if not any(same_name(n, c) for c in called)}
        return self._wearer_names

    def wearer_given_name(self) -> str | None:
        """The name a user gave the voice taken to be the wearer's: answers say "me (Ana, the camera wearer)"."""
        return self.speakers[self.wearer].given if self.wearer is not None else None

    def candidates(self, speaker_id: int | None) -> dict[str, float]:
        if speaker_id is None or speaker_id not in self.speakers:
            return {}
        out = dict(self.speakers[speaker_id].names)
        if speaker_id == self.wearer:
            out[WEARER] = max(out.get(WEARER, 0.0), DEFAULT.wearer_weight)
        return out

    @classmethod
    def from_library(cls, library: Any) -> SpeakerDirectory:
        try:
            from vidmem.store.speech import SpeechStore
        except ImportError:
            return cls([])
        try:
            store = SpeechStore(library.catalog)
            speakers = store.speakers()
        except Exception:  # a Library without the speech tables: no voices to know
            return cls([])

        def calls(speaker_id: int) -> list[str]:
            from vidmem.agent.query.reader import parse

            lines = store.search_text("*", limit=DEFAULT.calls_lines, speaker_ids=[speaker_id])
            return [name for m in lines for name in addressed(m.utterance.text, parse)]

        def lines() -> list[str]:  # the same for every question until the Library changes
            return store.catalog.memo(("utterance_texts", DEFAULT.spelling_lines),
                                      lambda: store.texts(DEFAULT.spelling_lines))

        return cls((_info(s) for s in speakers), calls, lines)


def _info(speaker: Any) -> SpeakerInfo:
    names: dict[str, float] = {}
    if speaker.name:
        names[speaker.name] = 1.0 if speaker.name_source == "user" else float(speaker.name_confidence or 0.5)
    by_name: dict[str, list[float]] = defaultdict(list)
    for item in speaker.name_evidence or []:
        name = str(item.get("name", "")).strip()
        if name[:1].isupper():
            by_name[name].append(float(item.get("weight", 0.0)))
    total = sum(sum(ws) for ws in by_name.values()) or 1.0
    for name, ws in by_name.items():
        combined = 1.0
        for w in ws:
            combined *= 1.0 - w
        soft = (1.0 - combined) * sum(ws) / total
        names[name] = max(names.get(name, 0.0), soft)
    given = speaker.name if speaker.name and speaker.name_source == "user" else None
    opening = tuple(str(item.get("name")) for item in speaker.name_evidence or []
                    if str(item.get("name", "")).strip() and str(item.get("text", "")).startswith(str(item["name"])))
    return SpeakerInfo(speaker.id, speaker.label, names, int(speaker.n_utterances or 0), given, opening)
