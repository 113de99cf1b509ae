"""Segment documents: per segment, the fused text of what was seen and what was said, with absolute
times (as "day N, HH:MM:SS"). They feed LLM extraction, the levels and segment search."""

from __future__ import annotations

from vidmem.graph.evidence import SegmentEvidence
from vidmem.timeline import Clock

MAX_SEEN = 8  # distinct frame descriptions kept per segment


def segment_document(seg: SegmentEvidence, clock: Clock) -> str:
    lines = [f"[{clock.label(seg.t0)} – {clock.clock(seg.t1)}]"]
    seen: list[str] = []
    for s in seg.sightings:
        parts = []
        if s.description:
            parts.append(s.description)
        if s.labels:
            parts.append("objects: " + ", ".join(s.labels))
        if s.people:
            parts.append("people: " + ", ".join(p.name for p in s.people))
        if s.place:
            parts.append("place: " + s.place)
        text = "; ".join(parts)
        if text and text not in seen:
            seen.append(text)
    for text in seen[:MAX_SEEN]:
        lines.append(f"Seen: {text}")
    for line in seg.lines:
        lines.append(f"{clock.clock(line.t0)} {line.speaker}: {line.text}")
    return "\n".join(lines)
