"""A conversation for the LLM graph-extraction tests (in-process model and OpenAI-compatible server)."""

from __future__ import annotations

from typing import Any


def dinner_segment() -> tuple[Any, str]:
    """Segment 7 (1000–1030 s): Sam asks Carol where to eat; Carol names a restaurant. With its document."""
    from vidmem.graph.evidence import SegmentEvidence, SpokenLine

    seg = SegmentEvidence(7, 0, 1000.0, 1030.0, [
        SpokenLine(1001.0, 1003.0, "Sam", "Carol, where should we have dinner tonight?", "speaker:2"),
        SpokenLine(1004.0, 1006.0, "Carol", "How about the Blue Lantern? They have a table at seven.", "speaker:3"),
    ])
    document = ("[day 1, 10:00:00 – 10:00:30]\n10:00:01 Sam: Carol, where should we have dinner tonight?\n"
                "10:00:04 Carol: How about the Blue Lantern? They have a table at seven.")
    return seg, document
