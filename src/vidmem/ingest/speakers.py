"""Who spoke: utterance voices clustered into speakers that persist across files, and names from evidence.

A file's utterances are clustered on their own first (agglomerative, cosine, average linkage); each
cluster is then matched to the Library's known speakers by centroid before a new speaker is made, so
a voice heard on day 1 is the same "Speaker 3" on day 5. Centroids are recomputed from the stored
utterance embeddings, so rerunning a file gives the same state as running it once.

Names come only from evidence, each item with a weight: a self-introduction ("I'm Carol", "my name's
Carol", "call me Carol"), or a person addressed by name just before a different voice answers ("…,
Carol?" → the next speaker) or in reply to the one who just spoke ("thanks, Carol"). What counts as a
name or a vocative is read from spaCy's parse (`name_rules`), not from sentence templates. Combined
confidence is shown with the name; a user-given name (`vidmem speakers rename`) is the only certain one
and is never overwritten.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vidmem.store.speech import Speaker, SpeechStore, Utterance


@dataclass(frozen=True)
class SpeakerAssigner:
    # bench/speakers.py on dev worlds of 7 synthesized voices (≥ 3 female, espeak-ng variants that sound
    # alike): these defaults merge look-alike voices (purity 0.47 mean over three worlds); complete linkage
    # at 0.20 with match_quantile 0.25 at 0.80 gives 0.89 there, but over-splits real speech (the telephone
    # call's DER rose from ≤ 0.35 to 0.43) and split a voice of the three-voice test, so it stays an option.
    cluster_distance: float = 0.30  # cosine distance at which two clusters of one file stay apart
    match_similarity: float = 0.70  # similarity (see match_quantile) to a known speaker to reuse it
    min_cluster_s: float = 1.0  # shorter utterances join the nearest cluster instead of forming one
    attach_similarity: float = 0.55  # a short utterance below this similarity to every cluster stays unknown
    linkage: str = "average"  # agglomerative linkage: complete keeps look-alike voices apart, average chains them
    refine_rounds: int = 0  # rounds of moving each utterance to its nearest cluster centroid after clustering
    # None: a file's cluster joins a known speaker by centroid similarity; q: by the q-quantile of the
    # similarities between its utterances and the speaker's (0 = complete linkage: every pair close)
    match_quantile: float | None = None
    match_sample: int = 300  # at most this many of a known speaker's utterances are compared
    # with match_quantile: a cluster smaller than this joins the nearest speaker whose centroid is …
    min_new_speaker: int = 2
    loose_similarity: float = 0.70  # … at least this similar, rather than starting a new speaker

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
        labels = cluster(vectors[long_], self.cluster_distance, self.linkage) if long_ else np.zeros(0, dtype=int)
        labels = refine(vectors[long_], labels, self.refine_rounds)
        centroids = {c: _unit(vectors[[long_[j] for j in np.flatnonzero(labels == c)]].mean(axis=0))
                     for c in set(labels.tolist())}
        members = {c: vectors[[long_[j] for j in np.flatnonzero(labels == c)]] for c in centroids}
        speaker_of_cluster = self._match(store, centroids, members)
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

    def _match(self, store: SpeechStore, centroids: dict[int, np.ndarray],
               members: dict[int, np.ndarray]) -> dict[int, int]:
        known = [s for s in store.speakers() if s.centroid is not None and s.centroid.size]
        result = {}
        # best pairs first, so two clusters compete for one known voice by similarity
        pairs = sorted(((self._similarity(store, v, members[c], s), c, s.id) for c, v in centroids.items()
                        for s in known), reverse=True)
        for sim, c, speaker_id in pairs:
            if c not in result and sim >= self.match_similarity:
                result[c] = speaker_id
        # the rest become new speakers, but a tight cut may split one voice of this file in two: a cluster
        # that meets the matching rule against a new speaker made just before joins it
        made: dict[int, np.ndarray] = {}
        for c, v in sorted(centroids.items(), key=lambda cv: -len(members[cv[0]])):
            if c in result:
                continue
            close = [(self._quantile(members[c], m), sid) for sid, m in made.items()]
            best = max(close, default=(-1.0, -1))
            if self.match_quantile is not None and best[0] >= self.match_similarity:
                result[c] = best[1]
                made[best[1]] = np.concatenate([made[best[1]], members[c]])
                continue
            if self.match_quantile is not None and len(members[c]) < self.min_new_speaker:
                # one odd utterance is more likely a known voice on a bad line than a new person
                nearest = [(float(v @ s.centroid), s.id) for s in known]
                nearest += [(float(v @ _unit(m.mean(axis=0))), sid) for sid, m in made.items()]
                sim, sid = max(nearest, default=(-1.0, -1))
                if sim >= self.loose_similarity:
                    result[c] = sid
                    continue
            result[c] = store.new_speaker(v)
            made[result[c]] = members[c]
        return result

    def _quantile(self, ours: np.ndarray, theirs: np.ndarray) -> float:
        return float(np.quantile(ours @ theirs.T, self.match_quantile or 0.0))

    def _similarity(self, store: SpeechStore, centroid: np.ndarray, members: np.ndarray, speaker: Speaker) -> float:
        if self.match_quantile is None:
            return float(centroid @ speaker.centroid)
        theirs = store.speaker_embeddings(speaker.id, min_duration_s=self.min_cluster_s)
        if theirs.size == 0:
            return float(centroid @ speaker.centroid)
        if len(theirs) > self.match_sample:
            theirs = theirs[np.linspace(0, len(theirs) - 1, self.match_sample).astype(int)]
        return self._quantile(members, theirs)

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


def cluster(vectors: np.ndarray, distance: float, linkage: str = "average") -> np.ndarray:
    """Agglomerative clustering (cosine distance) cut at `distance`."""
    if len(vectors) == 1:
        return np.zeros(1, dtype=int)
    from sklearn.cluster import AgglomerativeClustering

    model = AgglomerativeClustering(n_clusters=None, metric="cosine", linkage=linkage, distance_threshold=distance)
    return np.asarray(model.fit_predict(vectors), dtype=int)


def refine(vectors: np.ndarray, labels: np.ndarray, rounds: int) -> np.ndarray:
    """Move each utterance to its most similar cluster centroid, a few rounds (clusters never appear;
    one left empty disappears): undoes average linkage's early merges of a voice into a neighbour."""
    labels = labels.copy()
    for _ in range(rounds):
        ids = sorted(set(labels.tolist()))
        centroids = np.stack([_unit(vectors[labels == c].mean(axis=0)) for c in ids])
        moved = np.asarray([ids[k] for k in np.argmax(vectors @ centroids.T, axis=1)], dtype=int)
        if np.array_equal(moved, labels):
            break
        labels = moved
    return labels


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return (vector / norm).astype(np.float32) if norm else vector.astype(np.float32)


# --- names -------------------------------------------------------------------------------------

SELF_INTRO_WEIGHT = 0.7
ADDRESSED_WEIGHT = 0.45
MIN_NAME_CONFIDENCE = 0.5
ANSWER_WITHIN_S = 5.0


@dataclass(frozen=True)
class LineNames:
    """What one utterance says about names (from its parse, see `name_rules`)."""

    self_names: tuple[str, ...] = ()
    addressed: tuple[str, ...] = ()
    # "thanks, Carol" / "yes Carol, …" answers the one who just spoke; "Carol, can you …?" calls the next one
    addresses_previous: bool = False


def read_names(texts: Sequence[str]) -> list[LineNames]:
    """Parse utterance texts (spaCy, in one batch) into the names they carry."""
    from vidmem.ingest.name_rules import addresses_previous, parse, self_names, vocatives

    out = []
    for doc in parse(texts):
        called = vocatives(doc)
        out.append(LineNames(tuple(self_names(doc)), tuple(called), bool(called) and addresses_previous(doc)))
    return out


def names_in_intro(text: str) -> list[str]:
    """Names a speaker gives for themself in one utterance."""
    return list(read_names([text])[0].self_names)


def names_addressed(text: str) -> list[str]:
    """Names a speaker calls someone by ("Bob, …", "…, Bob?", "thanks Bob")."""
    return list(read_names([text])[0].addressed)


def evidence_for(utterances: Sequence[Utterance], lines: Sequence[LineNames] | None = None) -> dict[int, list[dict]]:
    """speaker id → evidence items found in one file's utterances; `lines` = read_names of their texts."""
    ordered = sorted(range(len(utterances)), key=lambda k: utterances[k].t0)
    if lines is None:
        lines = read_names([u.text for u in utterances])
    out: dict[int, list[dict]] = defaultdict(list)
    for pos, k in enumerate(ordered):
        utterance, names = utterances[k], lines[k]
        if utterance.speaker_id is None:
            continue
        for name in names.self_names:
            out[utterance.speaker_id].append(_item(utterance, name, "self-introduction", SELF_INTRO_WEIGHT))
        if not names.addressed:
            continue
        if names.addresses_previous:
            other = next((utterances[j] for j in reversed(ordered[:pos]) if utterances[j].speaker_id is not None
                          and utterances[j].speaker_id != utterance.speaker_id), None)
            gap = utterance.t0 - other.t1 if other is not None else None
            kind = "addressed in reply"
        else:
            other = next((utterances[j] for j in ordered[pos + 1:] if utterances[j].speaker_id is not None), None)
            if other is not None and other.speaker_id == utterance.speaker_id:
                other = None
            gap = other.t0 - utterance.t1 if other is not None else None
            kind = "addressed before answering"
        if other is None or gap is None or gap > ANSWER_WITHIN_S:
            continue
        for name in names.addressed:
            out[other.speaker_id].append(_item(utterance, name, kind, ADDRESSED_WEIGHT))  # type: ignore[index]
    return out


def _item(utterance: Utterance, name: str, kind: str, weight: float) -> dict:
    return {"name": name, "kind": kind, "weight": weight, "video_id": utterance.video_id,
            "t": round(utterance.t0, 2), "text": utterance.text[:200]}


def decide_name(evidence: Sequence[dict]) -> tuple[str | None, float | None]:
    """(name, confidence) from evidence items, or (None, None) when no name is supported enough.

    Items for one name combine as 1 − Π(1 − weight); competing names scale that by the name's share
    of all evidence weight, so contradictory evidence lowers the confidence. A lone first name and
    the one full name it starts ("Carol", "Carol Diaz") count as one name, shown in full.
    """
    if not evidence:
        return None, None
    by_name: dict[str, list[float]] = defaultdict(list)
    full = _full_names([item["name"] for item in evidence])
    for item in evidence:
        by_name[full.get(item["name"], item["name"])].append(float(item["weight"]))
    total = sum(sum(w) for w in by_name.values())
    scored = {name: (1 - float(np.prod([1 - w for w in ws]))) * sum(ws) / total for name, ws in by_name.items()}
    best = max(scored, key=lambda n: scored[n])
    if scored[best] < MIN_NAME_CONFIDENCE:
        return None, round(scored[best], 3)
    return best, round(scored[best], 3)


def _full_names(names: Sequence[str]) -> dict[str, str]:
    """A first name → the one longer name it starts, when exactly one such name was heard."""
    out = {}
    for name in set(names):
        longer = {n for n in names if n != name and n.split()[0].lower() == name.lower()}
        if len(longer) == 1:
            out[name] = next(iter(longer))
    return out


def infer_names(store: SpeechStore, video_id: int, lines: Sequence[LineNames] | None = None) -> None:
    """Replace this file's evidence on every speaker and re-decide inferred names.

    `lines` are read_names of the file's utterances in `store.utterances(video_id)` order (parsed
    outside the write transaction); None parses them here."""
    found = evidence_for(store.utterances(video_id), lines)
    for speaker in store.speakers():
        kept = [e for e in speaker.name_evidence if e.get("video_id") != video_id]
        evidence = kept + found.get(speaker.id, [])
        if speaker.name_source == "user":
            store.set_name(speaker.id, speaker.name, 1.0, evidence, "user")
            continue
        name, confidence = decide_name(evidence)
        store.set_name(speaker.id, name, confidence if name else None, evidence, "inferred" if name else None)
