"""Open "what was I holding / what object could I see when …" questions: the thing itself, named by the image
labels of the frames at that moment (those held near the camera first), never a face count nor text read on a
sign; "I don't know" when no frame there carries an object label."""

from __future__ import annotations

import re
from collections.abc import Sequence

from vidmem.agent.answer.evidence import labels
from vidmem.agent.answer.types import Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.query import Query

_NEAR = re.compile(r"near:\s*([^;]+)", re.I)
_KIND = re.compile(r"^[a-z ]+:\s*", re.I)  # "food: espresso" — the near crop's kind before its labels
_FACES = re.compile(r"\d+ faces?:\s*([^;]+)", re.I)  # "2 faces: Ana, Person 3": who, not what
_NOT_THING = re.compile(r"^(\d+ (faces?|persons?|people)|person \d+|text|near|indoors|outdoors)$", re.I)


def near_labels(text: str) -> list[str]:
    """The labels of what a frame shows close to the camera ("near: food: espresso, consomme")."""
    found = _NEAR.search(text)
    if not found:
        return []
    body = _KIND.sub("", found[1].strip())
    return [p for p in (x.strip(" '\"") for x in body.split(",")) if len(p) > 1 and not _NOT_THING.match(p)]


def seen_things(evidence: Sequence[Evidence], common: Sequence[str] = (), config: AgentConfig = DEFAULT
                ) -> list[tuple[str, float, list[Evidence]]]:
    """The things the frames among `evidence` show, best first: (label, weight, the frames showing it). Each
    frame gives its sure labels its relevance, those held near the camera `open_near_weight` times that (the
    object of "what was I holding"). A whole-frame label in `common` (in view all day: a backdrop) says little
    of the moment and counts `open_common_weight` of that; held near the camera it counts in full (a thing
    the wearer often holds is still what was held then). Only backdrops seen: nothing (no object is named)."""
    everyday = set(common)
    weight: dict[str, float] = {}
    shown: dict[str, list[Evidence]] = {}
    held: set[str] = set()
    for e in evidence:
        if e.hit.modality != "visual":
            continue
        near = near_labels(e.hit.text)
        held.update(near)
        faces = {p.strip() for m in _FACES.finditer(e.hit.text) for p in m[1].split(",")}
        whole = [x for x in labels(e.hit, config.label_sure)
                 if not _NOT_THING.match(x) and x not in near and x not in faces]
        for label, w in [*((x, config.open_near_weight) for x in near),
                         *((x, config.open_common_weight if x in everyday else 1.0) for x in whole)]:
            weight[label] = weight.get(label, 0.0) + w * max(e.relevance, 1e-3)
            shown.setdefault(label, []).append(e)
    ranked = sorted(weight, key=lambda k: -weight[k])
    if ranked and ranked[0] in everyday and ranked[0] not in held:
        return []
    return [(k, weight[k], shown[k]) for k in ranked]


def asks_object(query: Query) -> bool:
    """The question asks which thing was in view or held ("what was I holding", "which object could I see"),
    not what was said, written or where."""
    if query.wants("speech") or query.wants("ocr") or query.wants("places"):
        return False
    return query.wants("near_camera") or (query.wants("visual") and query.asked_for in _THING_WORDS)


_THING_WORDS = {"object", "thing", "item"}
