"""place_names: name place clusters from what was said on arriving and from signs (after vision and speech).

`run` parses this file's utterances once (spaCy) for lines that say where the speaker is; `save` stores
them and re-decides every place's name from all stored lines, visits and signs of the Library (cheap:
no parsing), since a new file can confirm or contradict an older place's name.
"""

from __future__ import annotations

from vidmem.ingest.name_rules import parse, place_mentions
from vidmem.ingest.pipeline import StageContext
from vidmem.ingest.place_naming import Mention, Sign, Visit, name_places
from vidmem.store import VideoRecord
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import VisionStore

MentionRow = tuple[int, float, str, str, float, str]


class PlaceNamesStage:
    name = "place_names"

    def applies(self, video: VideoRecord) -> bool:
        return video.has_video

    def run(self, ctx: StageContext) -> list[MentionRow]:
        utterances = SpeechStore(ctx.catalog).utterances(ctx.video.id)
        if not utterances:
            return []
        rows = []
        for utterance, doc in zip(utterances, parse(u.text for u in utterances), strict=True):
            for m in place_mentions(doc):
                rows.append((utterance.id, utterance.t0, m.phrase, m.head, m.weight, m.kind))
        return rows

    def save(self, ctx: StageContext, output: list[MentionRow]) -> str:
        store = VisionStore(ctx.catalog)
        store.replace_place_mentions(ctx.video.id, output)
        names = name_library_places(store, SpeechStore(ctx.catalog))
        named = sum(1 for _, name, _, _ in names if name)
        return f"{len(output)} lines naming where the speaker is; {named}/{len(names)} places named in the Library"


def name_library_places(store: VisionStore, speech: SpeechStore) -> list[tuple[int, str | None, float | None, list]]:
    """Re-decide every place's inferred name from the Library's stored lines, visits and signs."""
    visits = [Visit(v, p, t0, t1) for v, p, t0, t1, _ in store.visits()]
    mentions = [Mention(*row) for row in store.place_mentions()]
    signs = [Sign(*row) for row in store.place_texts()]
    talk = speech.speaking_time()
    wearer = max(talk, key=lambda s: talk[s]) if talk else None  # a wearable camera hears its wearer most
    names = name_places([p.id for p in store.places()], mentions, visits, signs, wearer)
    store.set_place_names(names)
    return names
