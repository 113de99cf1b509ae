"""Speaker clustering that keeps look-alike voices apart, and where a name said aloud goes."""

from __future__ import annotations

import numpy as np
import pytest

from vidmem.ingest.speakers import agglomerative, cluster, decide_name, evidence_for, separation, split_apart
from vidmem.store.speech import Utterance


def _voices(centres: list[np.ndarray], counts: list[int], spread: float, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    rows = [c + spread * rng.standard_normal((n, c.size)) for c, n in zip(centres, counts, strict=True)]
    out = np.concatenate(rows)
    return (out / np.linalg.norm(out, axis=1, keepdims=True)).astype(np.float32)


def _look_alike(seed: int = 0) -> list[np.ndarray]:
    """Two voice centres whose cosine is about 0.85: far less than a voice's own spread allows."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(64)
    b = a + 0.6 * rng.standard_normal(64)
    return [a / np.linalg.norm(a), b / np.linalg.norm(b)]


def test_separation_is_near_zero_for_one_cloud_and_high_for_two() -> None:
    centres = _look_alike()
    one = _voices([centres[0]], [20], 0.03)
    assert abs(separation(one[:10], one[10:])) < 0.1
    two = _voices(centres, [8, 8], 0.03)
    assert separation(two[:8], two[8:]) > 0.5
    assert separation(two[:0], two) == 0.0


def test_a_loose_cut_chains_look_alike_voices_and_the_split_parts_them() -> None:
    centres = _look_alike(1)
    vectors = _voices(centres, [10, 6], 0.03, seed=1)
    assert float(centres[0] @ centres[1]) > 0.75  # within the loose cut: one cluster
    loose = cluster(vectors, 0.30)
    assert len(set(loose.tolist())) == 1
    parted = split_apart(vectors, loose, silhouette=0.25, min_part=2)
    assert len(set(parted[:10].tolist())) == 1 and len(set(parted[10:].tolist())) == 1
    assert parted[0] != parted[10]


def test_one_spread_out_voice_is_not_split() -> None:
    """A real voice varies far more between utterances than a synthetic one: no scale is assumed."""
    rng = np.random.default_rng(2)
    centre = rng.standard_normal(64)
    vectors = _voices([centre / np.linalg.norm(centre)], [14], 0.12, seed=2)
    labels = split_apart(vectors, np.zeros(14, dtype=int), silhouette=0.25, min_part=2)
    assert set(labels.tolist()) == {0}


def _utt(i: int, t0: float, speaker: int, text: str) -> Utterance:
    return Utterance(i, 1, i, t0, t0 + 2, speaker, text, [], "en")


def test_a_name_closing_a_reply_goes_to_the_one_answered_and_an_opening_name_to_the_next() -> None:
    utterances = [
        _utt(1, 0, 1, "Is the bakery still open?"),
        _utt(2, 3, 2, "Of course, Tomasz."),  # answers speaker 1
        _utt(3, 6, 3, "Marta, can you bring the keys?"),  # calls the next voice
        _utt(4, 9, 4, "Yes, I will."),
    ]
    found = evidence_for(utterances)
    assert [(e["name"], e["kind"]) for e in found[1]] == [("Tomasz", "addressed in reply")]
    assert [(e["name"], e["kind"]) for e in found[4]] == [("Marta", "addressed before answering")]
    assert 2 not in found and 3 not in found


def test_spellings_of_one_name_count_together() -> None:
    item = {"kind": "addressed before answering", "weight": 0.45, "video_id": 1, "t": 0.0, "text": ""}
    name, confidence = decide_name([{**item, "name": "Radek"}, {**item, "name": "Radec"}])
    assert name == "Radek" or name == "Radec"
    assert confidence is not None and confidence > 0.6  # two agreeing items, not two competing names
    # different names stay different and compete
    name, confidence = decide_name([{**item, "name": "Radek"}, {**item, "name": "Lucia"}])
    assert name is None


def test_agglomerative_labels_are_sklearns_to_the_number() -> None:
    """The clustering without sklearn gives sklearn's labels, numbering included (speaker ids follow them)."""
    sklearn_cluster = pytest.importorskip("sklearn.cluster")
    rng = np.random.default_rng(7)
    for trial in range(40):
        n, groups = int(rng.integers(2, 40)), int(rng.integers(1, 6))
        centres = rng.normal(size=(groups, 16))
        vectors = (centres[rng.integers(0, groups, n)] + rng.normal(scale=rng.uniform(0.1, 1.0), size=(n, 16)))
        vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
        for linkage in ("average", "complete"):
            for distance in (0.1, 0.3, 0.6):
                theirs = sklearn_cluster.AgglomerativeClustering(
                    n_clusters=None, metric="cosine", linkage=linkage, distance_threshold=distance).fit_predict(vectors)
                assert agglomerative(vectors, linkage, distance=distance).tolist() == theirs.tolist(), (trial, linkage)
            theirs = sklearn_cluster.AgglomerativeClustering(n_clusters=2, metric="cosine", linkage=linkage
                                                             ).fit_predict(vectors)
            assert agglomerative(vectors, linkage, n_clusters=2).tolist() == theirs.tolist(), (trial, linkage)


def test_clustering_imports_no_sklearn() -> None:
    import subprocess
    import sys

    probe = ("import sys\nimport numpy as np\nfrom vidmem.ingest.speakers import cluster, split_apart\n"
             "v = np.random.default_rng(0).normal(size=(12, 8)).astype(np.float32)\n"
             "v /= np.linalg.norm(v, axis=1, keepdims=True)\n"
             "split_apart(v, cluster(v, 0.3), 0.25, 2)\nprint('sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split()[-1] == "False"
