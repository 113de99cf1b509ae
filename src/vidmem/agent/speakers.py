"""Who a voice may be: each speaker's candidate names with weights, and which voice is likely the wearer.

Speech ingest names a speaker only when its evidence is strong enough; below that the evidence is still
worth something to the agent as a soft hint ("Speaker 3" was addressed as Jonas twice, as Mirela once).
The wearer of a first-person camera takes part in every conversation, so the voice heard most often —
when it holds a large share of all lines — is taken to be "me", with a weight, never as a certainty.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vidmem.agent.config import DEFAULT
from vidmem.retrieval.wearer import WEARER


@dataclass(frozen=True)
class SpeakerInfo:
    id: int
    label: str
    names: dict[str, float]  # candidate name → weight in [0, 1]
    utterances: int


class SpeakerDirectory:
    def __init__(self, speakers: Iterable[SpeakerInfo]) -> None:
        self.speakers = {s.id: s for s in speakers}
        total = sum(s.utterances for s in self.speakers.values())
        top = max(self.speakers.values(), key=lambda s: s.utterances, default=None)
        heard_most = top is not None and total and top.utterances / total >= DEFAULT.wearer_min_share
        self.wearer = top.id if top is not None and heard_most else None

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
            speakers = SpeechStore(library.catalog).speakers()
        except Exception:  # a Library without the speech tables: no voices to know
            return cls([])
        return cls(_info(s) for s in speakers)


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
    return SpeakerInfo(speaker.id, speaker.label, names, int(speaker.n_utterances or 0))
