"""Interval merging: the same relation in the same or consecutive segments becomes one edge spanning them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from vidmem.store.graph import EdgeRow, norm_name

MAX_SUPPORT_CHARS = 600


def merge_intervals(edges: Sequence[EdgeRow], segment_idx: Mapping[int, int], max_gap_s: float = 30.0) -> list[EdgeRow]:
    """Join edges with the same (source, relationship, target) whose segments are adjacent (index +1 at most;
    edges without a segment join when less than `max_gap_s` apart). Keeps the first segment, the highest
    confidence and the distinct supporting texts."""
    groups: dict[tuple, list[EdgeRow]] = {}
    for edge in edges:
        key = (norm_name(edge.source), edge.source_type, edge.relationship, norm_name(edge.target), edge.target_type,
               edge.method)
        groups.setdefault(key, []).append(edge)
    out: list[EdgeRow] = []
    for group in groups.values():
        group.sort(key=lambda e: (e.t_start, e.t_end))
        current = group[0]
        last_idx = segment_idx.get(current.segment_id) if current.segment_id is not None else None
        for edge in group[1:]:
            idx = segment_idx.get(edge.segment_id) if edge.segment_id is not None else None
            if idx is not None and last_idx is not None:
                adjacent = idx - last_idx <= 1
            else:
                adjacent = edge.t_start - current.t_end <= max_gap_s
            if adjacent:
                current = _join(current, edge)
                last_idx = idx if idx is not None else last_idx
            else:
                out.append(current)
                current, last_idx = edge, idx
        out.append(current)
    return sorted(out, key=lambda e: (e.t_start, e.relationship, e.source, e.target))


def _join(a: EdgeRow, b: EdgeRow) -> EdgeRow:
    support = a.supporting_text
    if b.supporting_text and b.supporting_text not in support and len(support) < MAX_SUPPORT_CHARS:
        support = f"{support} | {b.supporting_text}" if support else b.supporting_text
    return replace(
        a,
        t_start=min(a.t_start, b.t_start),
        t_end=max(a.t_end, b.t_end),
        supporting_text=support[:MAX_SUPPORT_CHARS],
        confidence=max(a.confidence, b.confidence),
        source_identity=a.source_identity or b.source_identity,
        target_identity=a.target_identity or b.target_identity,
    )
