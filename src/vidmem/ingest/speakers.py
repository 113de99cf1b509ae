"""Who spoke: utterance voices clustered into speakers that persist across files, and names from evidence.

A file's utterances are clustered on their own first (agglomerative, cosine, average linkage, then
clusters split while their halves stand apart by silhouette); each cluster is then matched to the
Library's known speakers (close centroid, and not two groups by the same silhouette rule) before a new
speaker is made, so a voice heard on day 1 is the same "Speaker 3" on day 5. Centroids are recomputed from the stored
utterance embeddings, so rerunning a file gives the same state as running it once.

Names come only from evidence, each item with a weight: a self-introduction ("I'm Carol", "my name's
Carol", "call me Carol"), or a person addressed by name just before a different voice answers ("…,
Carol?" → the next speaker) or in reply to the one who just spoke ("thanks, Carol"). What counts as a
name or a vocative is read from spaCy's parse (`name_rules`), not from sentence templates. Combined
confidence is shown with the name; a user-given name (`vidmem speakers rename`) is the only certain one
and is never overwritten.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

import numpy as np

from vidmem.store.speech import SpeechStore, Utterance


@dataclass(frozen=True)
class SpeakerAssigner:
    # A file's voices: average linkage cut at 0.30 (cosine), then each cluster is split in two while its
    # halves' silhouette reaches `split_silhouette`. A constant cut cannot serve both kinds of audio: on
    # synthesized voices one voice's utterances are ≥ 0.9 similar and look-alike voices 0.8–0.9 (a 0.30 cut
    # chains them), while on a real telephone call one person's utterances are 0.6–0.85 similar (a 0.20
    # complete-linkage cut splits each person; DER 0.43). The silhouette compares a group's spread with its
    # distance to the other group, so it has no scale of its own (bench/speakers.py, bench/voices.py).
    cluster_distance: float = 0.30  # cosine distance at which two clusters of one file stay apart
    split_silhouette: float = 0.25  # two groups this well apart are two voices (also when matching known ones)
    min_split_part: int = 2  # a split leaves at least this many utterances on each side
    # … and this much speech: two of the voice encoder's 1.6 s windows (one short clip embeds poorly: on dev
    # seed 7 the wearer's "Here we are, the garden." and "Of course, Jen." split off as a voice of their own)
    min_split_s: float = 3.2
    match_similarity: float = 0.70  # centroid similarity a known speaker needs before the separation test
    match_sample: int = 300  # at most this many of a known speaker's utterances are compared
    min_cluster_s: float = 1.0  # shorter utterances join the nearest cluster instead of forming one
    attach_similarity: float = 0.55  # a short utterance below this similarity to every cluster stays unknown
    linkage: str = "average"  # agglomerative linkage of the first cut

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
        touched = self.forget(store, video_id)
        long_ = [i for i in range(len(ids)) if usable[i] and durations[i] >= self.min_cluster_s]
        if not long_:  # only short clips: cluster them anyway rather than leave everyone unknown
            long_ = [i for i in range(len(ids)) if usable[i]]
        labels = cluster(vectors[long_], self.cluster_distance, self.linkage) if long_ else np.zeros(0, dtype=int)
        labels = split_apart(vectors[long_], labels, self.split_silhouette, self.min_split_part,
                             np.asarray([durations[i] for i in long_], dtype=float), self.min_split_s)
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

    def forget(self, store: SpeechStore, video_id: int) -> set[int]:
        """Take a file's utterances out of their speakers (recomputed; removed when nothing else is theirs and
        the user never named them); returns the speakers they belonged to."""
        touched = {u.speaker_id for u in store.utterances(video_id) if u.speaker_id is not None}
        store.clear_video_speakers(video_id)
        self._refresh(store, touched)
        return touched

    def _match(self, store: SpeechStore, centroids: dict[int, np.ndarray],
               members: dict[int, np.ndarray]) -> dict[int, int]:
        """Each cluster of the file → a known speaker it cannot be told apart from, else a new speaker.

        Best pairs (by centroid similarity) first, so two clusters compete for one known voice; a pair
        passes when the cluster's and the speaker's utterances do not form two groups by the split rule."""
        known = [s for s in store.speakers() if s.centroid is not None and s.centroid.size]
        pairs = sorted(((float(v @ s.centroid), c, s.id) for c, v in centroids.items() for s in known), reverse=True)
        result: dict[int, int] = {}
        for sim, c, speaker_id in pairs:
            if c in result or sim < self.match_similarity:
                continue
            if separation(members[c], self._sample(store, speaker_id)) < self.split_silhouette:
                result[c] = speaker_id
        for c, v in centroids.items():
            if c not in result:
                result[c] = store.new_speaker(v)
        return result

    def _sample(self, store: SpeechStore, speaker_id: int) -> np.ndarray:
        theirs = store.speaker_embeddings(speaker_id, min_duration_s=self.min_cluster_s)
        if theirs.size == 0:
            theirs = store.speaker_embeddings(speaker_id)
        if len(theirs) > self.match_sample:
            theirs = theirs[np.linspace(0, len(theirs) - 1, self.match_sample).astype(int)]
        return theirs

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
    return agglomerative(vectors, linkage, distance=distance)


def agglomerative(vectors: np.ndarray, linkage: str, *, distance: float | None = None,
                  n_clusters: int | None = None) -> np.ndarray:
    """The labels of sklearn's `AgglomerativeClustering(metric="cosine", linkage=linkage)` cut at `distance`
    or into `n_clusters`, label numbers included: the same tree (scipy's `linkage`, which sklearn calls), cut
    and numbered as sklearn's `_hc_cut` does, without importing sklearn (0.6–1.4 CPU-s per ingest process)."""
    from scipy.cluster.hierarchy import linkage as merge_tree

    tree = merge_tree(np.asarray(vectors), method=linkage, metric="cosine")
    children = tree[:, :2].astype(int)
    leaves = len(vectors)
    if n_clusters is None:
        n_clusters = int(np.count_nonzero(tree[:, 2] >= distance)) + 1
    nodes = [-(int(children[-1].max()) + 1)]  # a heap of negated node ids: the latest merge is undone first
    for _ in range(n_clusters - 1):
        first, second = children[-nodes[0] - leaves]
        heapq.heappush(nodes, -int(first))
        heapq.heappushpop(nodes, -int(second))
    labels = np.zeros(leaves, dtype=int)
    for label, node in enumerate(nodes):
        stack = [-node]
        while stack:
            top = stack.pop()
            if top < leaves:
                labels[top] = label
            else:
                stack.extend(int(c) for c in children[top - leaves])
    return labels


def separation(a: np.ndarray, b: np.ndarray) -> float:
    """Mean silhouette (cosine) of two groups of unit vectors: ~0 when they are one cloud, → 1 when two
    tight clouds lie far apart. A point's own group excludes itself; a group of one scores 0 for that point."""
    if len(a) == 0 or len(b) == 0:
        return 0.0
    both = np.concatenate([a, b])
    distance = 1.0 - both @ both.T
    side = np.arange(len(both)) < len(a)
    scores = []
    for i in range(len(both)):
        mine, other = side == side[i], side != side[i]
        mine[i] = False
        if not mine.any():
            scores.append(0.0)
            continue
        within, between = float(distance[i, mine].mean()), float(distance[i, other].mean())
        scores.append((between - within) / max(within, between, 1e-9))
    return float(np.mean(scores))


def split_apart(vectors: np.ndarray, labels: np.ndarray, silhouette: float, min_part: int,
                durations: np.ndarray | None = None, min_part_s: float = 0.0) -> np.ndarray:
    """Split clusters in two (complete linkage) while the halves' `separation` reaches `silhouette` and each
    keeps `min_part` utterances and `min_part_s` seconds of them: undoes a loose cut's chaining of look-alike
    voices."""
    labels = labels.copy()
    todo = sorted(set(labels.tolist()))
    fresh = int(labels.max()) + 1 if labels.size else 0
    while todo:
        c = todo.pop()
        idx = np.flatnonzero(labels == c)
        if len(idx) < 2 * min_part:
            continue
        halves = agglomerative(vectors[idx], "complete", n_clusters=2)
        if min(np.bincount(halves, minlength=2)) < min_part:
            continue
        if durations is not None and min(float(durations[idx[halves == h]].sum()) for h in (0, 1)) < min_part_s:
            continue
        if separation(vectors[idx[halves == 0]], vectors[idx[halves == 1]]) < silhouette:
            continue
        labels[idx[halves == 1]] = fresh
        todo += [c, fresh]
        fresh += 1
    return labels


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return (vector / norm).astype(np.float32) if norm else vector.astype(np.float32)


# --- names -------------------------------------------------------------------------------------

SELF_INTRO_WEIGHT = 0.7
ADDRESSED_WEIGHT = 0.45
# one uncontested vocative names a voice (shown 45 % sure): with a handful of lines per person, waiting for
# two left most voices unnamed; on dev seeds 5 and 7 names at 0.45–0.5 were the right person 4 times in 4
# (bench/voices.py)
MIN_NAME_CONFIDENCE = 0.45
ANSWER_WITHIN_S = 5.0
SPELLING_SIMILARITY = 0.8  # difflib ratio at which two names heard for one voice are one name spelt twice


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
        out.append(LineNames(tuple(self_names(doc)), tuple(called), bool(called) and addresses_previous(doc, called)))
    return out


def names_in_intro(text: str) -> list[str]:
    """Names a speaker gives for themself in one utterance."""
    return list(read_names([text])[0].self_names)


def names_addressed(text: str) -> list[str]:
    """Names a speaker calls someone by ("Bob, …", "…, Bob?", "thanks Bob")."""
    return list(read_names([text])[0].addressed)


def evidence_for(utterances: Sequence[Utterance], lines: Sequence[LineNames] | None = None) -> dict[int, list[dict]]:
    """speaker id → evidence items found in one file's utterances; `lines` = read_names of their texts.

    A name said to someone goes to the voice the line's form points at, when it speaks within
    `ANSWER_WITHIN_S`: "thanks, Carol" / "of course, Carol." answer the previous voice, "Carol, can
    you …?" / "look Carol, …" call the next one."""
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
        before = next((utterances[j] for j in reversed(ordered[:pos]) if utterances[j].speaker_id is not None
                       and utterances[j].speaker_id != utterance.speaker_id), None)
        after = next((utterances[j] for j in ordered[pos + 1:] if utterances[j].speaker_id is not None), None)
        if before is not None and utterance.t0 - before.t1 > ANSWER_WITHIN_S:
            before = None
        if after is not None and (after.speaker_id == utterance.speaker_id
                                  or after.t0 - utterance.t1 > ANSWER_WITHIN_S):
            after = None
        other, kind = (before, "addressed in reply") if names.addresses_previous else \
            (after, "addressed before answering")
        if other is None:
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
    the one full name it starts ("Carol", "Carol Diaz") count as one name, shown in full, and so do
    spellings of one name (`_spellings`).
    """
    if not evidence:
        return None, None
    full = _full_names([item["name"] for item in evidence])
    heard: dict[str, float] = defaultdict(float)
    for item in evidence:
        heard[full.get(item["name"], item["name"])] += float(item["weight"])
    spelling = _spellings(heard)
    by_name: dict[str, list[float]] = defaultdict(list)
    for item in evidence:
        by_name[spelling[full.get(item["name"], item["name"])]].append(float(item["weight"]))
    total = sum(sum(w) for w in by_name.values())
    scored = {name: (1 - float(np.prod([1 - w for w in ws]))) * sum(ws) / total for name, ws in by_name.items()}
    best = max(scored, key=lambda n: scored[n])
    confidence = round(scored[best], 3)
    return (best if confidence >= MIN_NAME_CONFIDENCE else None), confidence


def _spellings(weights: dict[str, float]) -> dict[str, str]:
    """Each name → the better-supported name it is a spelling of: speech recognition spells a name it does
    not know several ways ("Rahul", "Rahol"; "Keiko", "Kiko"), and one voice called by both is one name."""
    out: dict[str, str] = {}
    kept: list[str] = []
    for name in sorted(weights, key=lambda n: (-weights[n], n)):
        out[name] = next((k for k in kept if SequenceMatcher(None, name.lower(), k.lower()).ratio()
                          >= SPELLING_SIMILARITY), name)
        if out[name] == name:
            kept.append(name)
    return out


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
