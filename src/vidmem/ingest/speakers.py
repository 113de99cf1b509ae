"""Who spoke: utterance voices clustered into speakers that persist across files, and names from evidence.

A file's utterances are clustered on their own first (agglomerative, cosine, average linkage); each
cluster is then matched to the Library's known speakers by centroid before a new speaker is made, so
a voice heard on day 1 is the same "Speaker 3" on day 5. Centroids are recomputed from the stored
utterance embeddings, so rerunning a file gives the same state as running it once.

Names come only from evidence, each item with a weight: a self-introduction ("I'm Carol", "this is
Carol", "my name is Carol"), or a person addressed by name just before a different voice answers
("…, Carol?" → the next speaker). Combined confidence is shown with the name; a user-given name
(`vidmem speakers rename`) is the only certain one and is never overwritten.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vidmem.store.speech import SpeechStore, Utterance


@dataclass(frozen=True)
class SpeakerAssigner:
    cluster_distance: float = 0.30  # cosine distance at which two clusters of one file stay apart
    match_similarity: float = 0.70  # cosine similarity to a known speaker's centroid to reuse it
    min_cluster_s: float = 1.0  # shorter utterances join the nearest cluster instead of forming one
    attach_similarity: float = 0.55  # a short utterance below this similarity to every cluster stays unknown

    def assign(
        self,
        store: SpeechStore,
        video_id: int,
        ids: Sequence[int],
        vectors: np.ndarray,
        usable: Sequence[bool],
        durations: Sequence[float],
    ) -> dict[int, int | None]:
        """Speaker id for each utterance id of a file (None: no usable voice); writes assignments and centroids.

        The file's earlier assignments (a rerun) are removed first, and the speakers they fed recomputed.
        """
        touched = {u.speaker_id for u in store.utterances(video_id) if u.speaker_id is not None}
        store.clear_video_speakers(video_id)
        self._refresh(store, touched)
        long_ = [i for i in range(len(ids)) if usable[i] and durations[i] >= self.min_cluster_s]
        if not long_:  # only short clips: cluster them anyway rather than leave everyone unknown
            long_ = [i for i in range(len(ids)) if usable[i]]
        labels = cluster(vectors[long_], self.cluster_distance) if long_ else np.zeros(0, dtype=int)
        centroids = {c: _unit(vectors[[long_[j] for j in np.flatnonzero(labels == c)]].mean(axis=0))
                     for c in set(labels.tolist())}
        speaker_of_cluster = self._match(store, centroids)
        out: dict[int, int | None] = {}
        for j, i in enumerate(long_):
            out[ids[i]] = speaker_of_cluster[int(labels[j])]
        for i in range(len(ids)):
            if ids[i] in out:
                continue
            if not usable[i] or not centroids:
                out[ids[i]] = None
                continue
            sims = {c: float(vectors[i] @ v) for c, v in centroids.items()}
            best = max(sims, key=lambda c: sims[c])
            out[ids[i]] = speaker_of_cluster[best] if sims[best] >= self.attach_similarity else None
        store.set_utterance_speakers([(ids[i], out[ids[i]], vectors[i] if usable[i] else None)
                                      for i in range(len(ids))])
        self._refresh(store, touched | {s for s in out.values() if s is not None})
        return out

    def _match(self, store: SpeechStore, centroids: dict[int, np.ndarray]) -> dict[int, int]:
        known = [s for s in store.speakers() if s.centroid is not None and s.centroid.size]
        result = {}
        # best pairs first, so two clusters compete for one known voice by similarity
        pairs = sorted(((float(v @ s.centroid), c, s.id) for c, v in centroids.items() for s in known), reverse=True)
        for sim, c, speaker_id in pairs:
            if c not in result and sim >= self.match_similarity:
                result[c] = speaker_id
        for c, v in centroids.items():
            if c not in result:
                result[c] = store.new_speaker(v)
        return result

    def _refresh(self, store: SpeechStore, speaker_ids: set[int]) -> None:
        counts = store.utterance_counts()
        for speaker_id in speaker_ids:
            if speaker_id not in {s.id for s in store.speakers()}:
                continue
            vectors = store.speaker_embeddings(speaker_id, min_duration_s=self.min_cluster_s)
            if vectors.size == 0:
                vectors = store.speaker_embeddings(speaker_id)
            if vectors.size == 0:
                speaker = store.speaker(speaker_id)
                if speaker.name_source != "user":
                    store.delete_speaker(speaker_id)
                else:
                    store.update_centroid(speaker_id, speaker.centroid, 0)
                continue
            store.update_centroid(speaker_id, _unit(vectors.mean(axis=0)), counts.get(speaker_id, 0))


def cluster(vectors: np.ndarray, distance: float) -> np.ndarray:
    """Agglomerative clustering (average linkage, cosine distance) cut at `distance`."""
    if len(vectors) == 1:
        return np.zeros(1, dtype=int)
    from sklearn.cluster import AgglomerativeClustering

    model = AgglomerativeClustering(n_clusters=None, metric="cosine", linkage="average", distance_threshold=distance)
    return np.asarray(model.fit_predict(vectors), dtype=int)


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return (vector / norm).astype(np.float32) if norm else vector.astype(np.float32)


# --- names -------------------------------------------------------------------------------------

SELF_INTRO_WEIGHT = 0.7
ADDRESSED_WEIGHT = 0.45
MIN_NAME_CONFIDENCE = 0.5
ANSWER_WITHIN_S = 5.0

_NAME = r"([A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
_SELF_INTRO = [
    re.compile(rf"\b(?:I'm|I am|my name is|my name's|call me)\s+{_NAME}\b"),
    re.compile(rf"^(?:\w+,?\s+)?(?i:this is|it's|it is)\s+{_NAME}\b"),
]
_ADDRESSED = [
    re.compile(rf"^(?:(?i:hi|hey|hello|so|and|well|ok|okay|thanks|thank you|right|now|look|listen),?\s+)?"
               rf"{_NAME}\s*[,!?]"),
    re.compile(rf",\s*{_NAME}\s*[?!.]*$"),
]
# capitalised words that follow "I'm" or start a sentence without being a name
_NOT_NAMES = {
    "I", "Im", "OK", "Okay", "Sorry", "Fine", "Good", "Great", "Here", "There", "Not", "So", "Just", "Yes", "No",
    "Yeah", "Well", "Going", "The", "A", "An", "And", "But", "Or", "Oh", "Hello", "Hi", "Hey", "Thanks", "Thank",
    "Right", "Now", "Sure", "What", "Why", "How", "Who", "Where", "When", "Glad", "Happy", "Really", "Very",
    "Also", "Still", "Back", "Done", "Ready", "Afraid", "Sir", "Madam", "Everyone", "Everybody", "Guys", "You",
    "We", "They", "He", "She", "It", "This", "That", "Mom", "Dad", "Monday", "Tuesday", "Wednesday", "Thursday",
    "Friday", "Saturday", "Sunday", "Today", "Tomorrow", "Yesterday", "Please", "Let", "Look", "Listen", "Wait",
    "Excuse", "Pardon", "English", "American", "British", "Actually", "Originally", "Probably", "Maybe",
    "Perfect", "God", "Gosh", "Nice", "Cool", "Alright", "Wow", "Indeed", "Exactly", "Absolutely", "Definitely",
    "Of", "Course", "Anyway", "Honestly", "Seriously", "Come", "Bye", "Goodbye", "Morning", "Evening", "Night",
    "Cheers", "Congratulations", "Welcome", "Excellent", "Awesome", "Hmm", "Um", "Uh", "Ah", "Huh", "Oops",
}
# phrases where the following capitalised word is usually a place or thing, not the speaker
_INTRO_STOP = re.compile(r"\b(?:I'm|I am)\s+(?:in|from|at|on|with|going|not|so|just)\b")


def names_in_intro(text: str) -> list[str]:
    """Names a speaker gives for themself in one utterance."""
    found = []
    for pattern in _SELF_INTRO:
        for match in pattern.finditer(text):
            name = match.group(1)
            if name not in _NOT_NAMES and not _INTRO_STOP.match(text, match.start()):
                found.append(name)
    return found


def names_addressed(text: str) -> list[str]:
    """Names a speaker calls someone by (vocative: "Bob, …" or "…, Bob?")."""
    found = []
    for pattern in _ADDRESSED:
        for match in pattern.finditer(text.strip()):
            name = match.group(1)
            if name not in _NOT_NAMES:
                found.append(name)
    return found


def evidence_for(utterances: Sequence[Utterance]) -> dict[int, list[dict]]:
    """speaker id → evidence items found in one file's utterances (sorted by time)."""
    out: dict[int, list[dict]] = defaultdict(list)
    ordered = sorted(utterances, key=lambda u: u.t0)
    for k, utterance in enumerate(ordered):
        if utterance.speaker_id is None:
            continue
        for name in names_in_intro(utterance.text):
            out[utterance.speaker_id].append(_item(utterance, name, "self-introduction", SELF_INTRO_WEIGHT))
        names = names_addressed(utterance.text)
        if not names:
            continue
        answer = next((u for u in ordered[k + 1:] if u.speaker_id is not None), None)
        if answer is None or answer.speaker_id == utterance.speaker_id:
            continue
        if answer.t0 - utterance.t1 > ANSWER_WITHIN_S:
            continue
        for name in names:
            out[answer.speaker_id].append(_item(utterance, name, "addressed before answering", ADDRESSED_WEIGHT))
    return out


def _item(utterance: Utterance, name: str, kind: str, weight: float) -> dict:
    return {"name": name, "kind": kind, "weight": weight, "video_id": utterance.video_id,
            "t": round(utterance.t0, 2), "text": utterance.text[:200]}


def decide_name(evidence: Sequence[dict]) -> tuple[str | None, float | None]:
    """(name, confidence) from evidence items, or (None, None) when no name is supported enough.

    Items for one name combine as 1 − Π(1 − weight); competing names scale that by the name's share
    of all evidence weight, so contradictory evidence lowers the confidence.
    """
    if not evidence:
        return None, None
    by_name: dict[str, list[float]] = defaultdict(list)
    for item in evidence:
        by_name[item["name"]].append(float(item["weight"]))
    total = sum(sum(w) for w in by_name.values())
    scored = {name: (1 - float(np.prod([1 - w for w in ws]))) * sum(ws) / total for name, ws in by_name.items()}
    best = max(scored, key=lambda n: scored[n])
    if scored[best] < MIN_NAME_CONFIDENCE:
        return None, round(scored[best], 3)
    return best, round(scored[best], 3)


def infer_names(store: SpeechStore, video_id: int) -> None:
    """Replace this file's evidence on every speaker and re-decide inferred names."""
    found = evidence_for(store.utterances(video_id))
    for speaker in store.speakers():
        kept = [e for e in speaker.name_evidence if e.get("video_id") != video_id]
        evidence = kept + found.get(speaker.id, [])
        if speaker.name_source == "user":
            store.set_name(speaker.id, speaker.name, 1.0, evidence, "user")
            continue
        name, confidence = decide_name(evidence)
        store.set_name(speaker.id, name, confidence if name else None, evidence, "inferred" if name else None)
