"""Open "what was I holding / what object could I see when …" questions: the thing itself, named by the image
labels of the frames at that moment (those held near the camera first), never a face count nor text read on a
sign; "I don't know" when no frame there carries an object label."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from vidmem.agent.answer.evidence import labels
from vidmem.agent.answer.types import Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.lexicon import TIME_NOUNS
from vidmem.agent.query import Query
from vidmem.agent.speakers import sounds_alike

_NEAR = re.compile(r"near:\s*([^;]+)", re.I)
_KIND = re.compile(r"^[a-z ]+:\s*", re.I)  # "food: espresso" — the near crop's kind before its labels
_FACES = re.compile(r"\d+ faces?:\s*([^;]+)", re.I)  # "2 faces: Ana, Person 3": who, not what
_SHOWN_TEXT = re.compile(r"(?:^|;\s*)text:\s*'(.+)'\s*$")  # a frame description's last part: what was read
_NOT_THING = re.compile(r"^(\d+ (faces?|persons?|people)|person \d+|text|near|indoors|outdoors)$", re.I)


def near_labels(text: str) -> list[str]:
    """The labels of what a frame shows close to the camera ("near: food: espresso, consomme")."""
    found = _NEAR.search(text)
    if not found:
        return []
    body = _KIND.sub("", found[1].strip())
    return [p for p in (x.strip(" '\"") for x in body.split(",")) if len(p) > 1 and not _NOT_THING.match(p)]


def text_read(evidence: Evidence) -> str | None:
    """The words read on screen that a hit carries: a text hit's own, or the last part of a frame's description
    ("street sign; near: stone wall; text: 'CAFE OPEN'")."""
    if evidence.hit.extra.get("ocr"):
        return str(evidence.hit.extra["ocr"])
    found = _SHOWN_TEXT.search(evidence.hit.text) if evidence.hit.modality == "visual" else None
    return found[1] if found else None


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


# a demonstrative and at most one word before the noun: "this coin", "that old umbrella", "these keys"
_POINTING = re.compile(r"\b(?:this|that|these|those)\s+(?:([a-z][\w-]*)\s+)?([a-z][\w-]*)", re.I)


def stem(word: str) -> str:
    """Singular and plural alike ("coins"/"coin", "boxes"/"box", "glasses"/"glass")."""
    word = word.lower()
    for end in ("sses", "xes", "ches", "shes"):
        if word.endswith(end):
            return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def pointed_at(lines: Sequence[str], things: Sequence[str], misheard: bool = True,
               config: AgentConfig = DEFAULT) -> list[bool]:
    """Which things a line said at that moment points at with a demonstrative ("look, I found this coin", "I
    think that umbrella is Nia's"): people name what they show or hold that way, so such a line is evidence of
    the thing in view where the image labeller has no word for it (coins) or calls a drawing something else.
    A thing matches by its last word (its head noun: "coffee cup" by "cup", "this coffee cup" too); "that
    eight o'clock" points at no clock (the noun must stand as a word of its own). The recogniser mishears short
    nouns ("I found this all" for "ball", "this cart" for "cat"): with `misheard`, a pointed word no thing is
    named by counts for the one thing whose head sounds most like it, when that is `misheard_thing_min` alike."""
    nouns: set[str] = set()
    for line in lines:
        for m in _POINTING.finditer(line):
            nouns.update(stem(w) for w in m.groups() if w)
    heads = [stem(t.split()[-1]) if t.split() else "" for t in things]
    hits = [bool(h) and h in nouns for h in heads]
    if misheard:
        for noun in nouns - set(heads):
            if noun in _NOT_SHOWN:
                continue
            alike = [sounds_alike(noun, h) if h else 0.0 for h in heads]
            best = max(alike, default=0.0)
            if best >= config.misheard_thing_min and alike.count(best) == 1:
                hits[alike.index(best)] = True
    return hits


DEMONSTRATIVES = {"this", "that", "these", "those"}
_NOT_SHOWN = TIME_NOUNS | {"way", "one", "place", "thing", "lot", "kind", "sort", "bit"}


def pointed_nouns(lines: Sequence[str], parse: Callable[[str], Any]) -> list[tuple[str, str]]:
    """The things lines point at, as said ("this coffee cup" → "coffee cup"), with the line saying it, in
    order: noun phrases opened by (or right after) a demonstrative whose head is a noun that names no entity
    (a person, a time, a number: "that eight o'clock", "this morning") nor no thing in view ("that way")."""
    out: list[tuple[str, str]] = []
    for line in lines:
        doc = parse(line)
        for chunk in doc.noun_chunks:
            root, first = chunk.root, chunk[0]
            pointing = first.lower_ in DEMONSTRATIVES or (chunk.start > 0 and doc[chunk.start - 1].lower_ in
                                                           DEMONSTRATIVES)  # spaCy may leave "that" outside
            named = any(t.ent_type_ or t.like_num for t in chunk)
            if not pointing or named or root.pos_ not in {"NOUN", "PROPN"} or not root.is_alpha \
                    or len(root.text) < 3 or root.lemma_.lower() in _NOT_SHOWN:
                continue
            words = chunk[1:] if first.lower_ in DEMONSTRATIVES else chunk
            out.append((words.text.strip(), line))
    return out


def lines_then(anchors: Sequence[Evidence], evidence: Sequence[Evidence], pad_s: float) -> list[str]:
    """What was said around the anchor lines: every line found within `pad_s` of one (any search's), with the
    lines said just before and after each (`extra["before"]` / `["after"]`)."""
    spans = [(e.hit.video_id, e.hit.t0 - pad_s, e.hit.t1 + pad_s) for e in anchors if e.hit.modality == "audio"]
    out: list[str] = []
    for e in evidence:
        h = e.hit
        if h.modality != "audio" or not any(v == h.video_id and h.t1 >= a and h.t0 <= b for v, a, b in spans):
            continue
        out.append(h.text)
        out += [str(n.get("text", "")) for n in (h.extra.get("before"), h.extra.get("after")) if isinstance(n, dict)]
    return list(dict.fromkeys(out))


def asks_object(query: Query) -> bool:
    """The question asks which thing was in view or held ("what was I holding", "which object could I see"),
    not what was said, written or where."""
    if query.wants("speech") or query.wants("ocr") or query.wants("places"):
        return False
    # "what I had in front of me": the "what" is the thing itself (no "what colour", "what kind of …")
    return query.wants("near_camera") or (query.wants("visual") and (query.asked_for in _THING_WORDS
                                                                      or query.asked_for is None))


_THING_WORDS = {"object", "thing", "item"}
