"""face_voice: link people (faces) to speakers (voices) that are on screen / heard together repeatedly.

Runs after both the vision and the speech stages. The links are Library-wide evidence, so each run
recomputes all of them from `frame_faces` and `utterances` (cheap SQL) and replaces the table.
A link needs the face on screen during at least `MIN_UTTERANCES` of the speaker's utterances; its
confidence is the share of the speaker's talk time with this face on screen, times how exclusively
this face (rather than another one) was the one on screen then.

A person (face) whose linked voice has a name takes it as an inferred name, with confidence = link
confidence × the voice's name confidence, and the link and the voice's evidence as its evidence. The
other way round, a face the user named is evidence for its linked voices' names (weight = the link's
confidence, at most `FACE_NAME_WEIGHT`), weighed with what was said (`speakers.decide_name`).
"""

from __future__ import annotations

from vidmem.ingest.pipeline import StageContext
from vidmem.store import VideoRecord
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import Person, VisionStore

MIN_UTTERANCES = 3
MIN_CONFIDENCE = 0.3
EVIDENCE_SPANS = 5
MIN_NAME_CONFIDENCE = 0.3  # link × voice-name confidence for a face to carry the voice's name
FACE_NAME_KIND = "face named by the user"
FACE_NAME_WEIGHT = 0.9  # a face the user named, heard with a voice: strong evidence, never certainty


def link_people_to_speakers(store: VisionStore, frame_step: float) -> list[tuple[int, int, float, float, int, list]]:
    """(person_id, speaker_id, confidence, overlap_s, n_utterances, evidence [[t0, t1], …]) for strong pairs."""
    if not store.has_speech():
        return []
    overlaps = store.face_speech_overlaps(frame_step)
    talk = store.speaker_talk_time()
    pair: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
    per_speaker: dict[int, float] = {}
    for person, speaker, _utterance, t0, t1, seconds in overlaps:
        on_screen = min(seconds, t1 - t0 + frame_step)
        pair.setdefault((person, speaker), []).append((t0, t1, on_screen))
        per_speaker[speaker] = per_speaker.get(speaker, 0.0) + on_screen
    links = []
    for (person, speaker), spans in pair.items():
        if len(spans) < MIN_UTTERANCES:
            continue
        overlap = sum(s for _, _, s in spans)
        talk_s = max(talk.get(speaker, (0.0, 0))[0], 1e-6)
        coverage = min(1.0, overlap / talk_s)
        exclusivity = overlap / max(per_speaker[speaker], 1e-6)
        confidence = round(coverage * exclusivity, 4)
        if confidence < MIN_CONFIDENCE:
            continue
        strongest = sorted(spans, key=lambda s: -s[2])[:EVIDENCE_SPANS]
        links.append((person, speaker, confidence, round(overlap, 2), len(spans),
                      [[round(t0, 2), round(t1, 2)] for t0, t1, _ in sorted(strongest)]))
    return links


class FaceVoiceStage:
    name = "face_voice"

    def applies(self, video: VideoRecord) -> bool:
        return video.has_video and video.has_audio

    def run(self, ctx: StageContext) -> None:
        return None

    def save(self, ctx: StageContext, output: None) -> str:
        store = VisionStore(ctx.catalog)
        links = link_people_to_speakers(store, 1.0 / ctx.settings.frame_fps)
        store.replace_person_speakers(links)
        voices = name_voices_from_faces(store, SpeechStore(ctx.catalog), links)
        names = name_people(store, SpeechStore(ctx.catalog), links)
        named = sum(1 for _, name, _, _ in names if name)
        return (f"{len(links)} person–speaker links in the Library; {named} people named by their voice; "
                f"{voices} voices heard with a face you named")


def rename_person(store: VisionStore, key: str, name: str) -> Person:
    """A person named by the user (inside the caller's transaction), and the voices heard with their face
    decided again: what `vidmem people rename` and the server's rename both do."""
    renamed = store.rename_person(key, name)
    if store.has_speech():
        links = store.person_speakers()
        speech = SpeechStore(store.catalog)
        name_voices_from_faces(store, speech, links)
        name_people(store, speech, links)
    return store.find_person(str(renamed.id))


def name_voices_from_faces(store: VisionStore, speech: SpeechStore,
                           links: list[tuple[int, int, float, float, int, list]]) -> int:
    """Each voice linked to a face the user named gets that name as evidence (replacing such items from an
    earlier decision) and its inferred name is decided again; returns how many voices have such evidence."""
    from vidmem.ingest.speakers import decide_name

    people = {p.id: p for p in store.people()}
    given: dict[int, list[dict]] = {}
    for person_id, speaker_id, confidence, _, n, _spans in links:
        person = people.get(person_id)
        if person is not None and person.name:
            given.setdefault(speaker_id, []).append({
                "name": person.name, "kind": FACE_NAME_KIND, "weight": round(min(confidence, FACE_NAME_WEIGHT), 3),
                "person": person.label, "link_confidence": round(confidence, 3), "utterances": n})
    for speaker in speech.speakers():
        evidence = [e for e in speaker.name_evidence if e.get("kind") != FACE_NAME_KIND] + given.get(speaker.id, [])
        if evidence == speaker.name_evidence:
            continue
        if speaker.name_source == "user":
            speech.set_name(speaker.id, speaker.name, 1.0, evidence, "user")
            continue
        name, confidence = decide_name(evidence)
        speech.set_name(speaker.id, name, confidence if name else None, evidence, "inferred" if name else None)
    return len(given)


def name_people(store: VisionStore, speech: SpeechStore, links: list[tuple[int, int, float, float, int, list]]
                ) -> list[tuple[int, str | None, float | None, list[dict]]]:
    """Each person's inferred name from its best-linked named voice (stored; a user's name stays apart)."""
    speakers = {s.id: s for s in speech.speakers()}
    out = []
    for person in store.people():
        best: tuple[float, str, list[dict]] | None = None
        for person_id, speaker_id, confidence, overlap, n, spans in links:
            speaker = speakers.get(speaker_id)
            if person_id != person.id or speaker is None or not speaker.name:
                continue
            voice_confidence = 1.0 if speaker.name_source == "user" else float(speaker.name_confidence or 0.0)
            score = round(confidence * voice_confidence, 3)
            if score < MIN_NAME_CONFIDENCE or (best is not None and score <= best[0]):
                continue
            evidence = [{"kind": "voice linked to face", "speaker_id": speaker_id, "speaker": speaker.label,
                         "link_confidence": round(confidence, 3), "utterances": n, "overlap_s": round(overlap, 1),
                         "spans": spans[:3]}]
            evidence += [{**e, "via": speaker.label} for e in speaker.name_evidence[:3]]
            best = (score, speaker.name, evidence)
        out.append((person.id, best[1], best[0], best[2]) if best else (person.id, None, None, []))
    store.set_person_names(out)
    return out
