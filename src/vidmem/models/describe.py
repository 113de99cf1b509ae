"""A frame described in words, from its labels, people, faces and on-screen text, e.g.
"outdoors; 2 people; landscape: seashore, sandbar; near: moped; 1 face: Person 2; text: 'PLATFORM 4'".

The lite profile embeds this sentence for text→frame search, so the coarse group word ("cat", "dog",
"food") goes in too: a query for "cat" then finds a frame labelled "Egyptian cat, tabby".
"""

from __future__ import annotations

from collections.abc import Sequence

from vidmem.models.imagenet import Label

MAX_TEXT_CHARS = 120
_INDOOR = {
    "desk", "dining table", "bookcase", "library", "studio couch", "wardrobe", "refrigerator", "microwave",
    "dishwasher", "stove", "home theater", "entertainment center", "four-poster", "quilt", "shower curtain",
    "bathtub", "washbasin", "toilet seat", "china cabinet", "desktop computer", "monitor", "restaurant",
    "barbershop", "bookshop", "grocery store", "toyshop", "shoe shop", "confectionery", "cinema", "window shade",
}


def scene_word(labels: Sequence[Label]) -> str | None:
    if not labels:
        return None
    if labels[0].group == "landscape":
        return "outdoors"
    if labels[0].name in _INDOOR:
        return "indoors"
    return None


def label_phrase(labels: Sequence[Label]) -> str:
    """"cat: Egyptian cat, tiger cat, tabby"; the group of the best label leads when it has one."""
    if not labels:
        return ""
    names = ", ".join(dict.fromkeys(label.name for label in labels))
    group = labels[0].group
    if group and group != "landscape" and not any(group in label.name.split() for label in labels[:1]):
        return f"{group}: {names}"
    return names


def people_phrase(n: int) -> str:
    return "" if n <= 0 else "1 person" if n == 1 else f"{n} people"


def describe_frame(labels: Sequence[Label], people: Sequence[str] = (), texts: Sequence[str] = (),
                   near: Sequence[Label] = (), bodies: int = 0) -> str:
    """`people`: names of the faces seen; `bodies`: people the person detector counted (faces or not);
    `near`: labels of the lower-centre square (what the wearer holds), written as "near: moped"."""
    parts: list[str] = []
    scene = scene_word(labels)
    if scene:
        parts.append(scene)
    if bodies:  # the faces seen are people too, when the body detector missed some of them
        parts.append(people_phrase(max(bodies, len(people))))
    phrase = label_phrase(labels)
    if phrase:
        parts.append(phrase)
    near_phrase = label_phrase(near)
    if near_phrase:
        parts.append(f"near: {near_phrase}")
    if people:
        noun = "face" if len(people) == 1 else "faces"
        parts.append(f"{len(people)} {noun}: {', '.join(people)}")
    text = " ".join(t.strip() for t in texts if t.strip())
    if text:
        if len(text) > MAX_TEXT_CHARS:
            text = text[: MAX_TEXT_CHARS - 1].rstrip() + "…"
        parts.append(f"text: '{text}'")
    return "; ".join(parts)
