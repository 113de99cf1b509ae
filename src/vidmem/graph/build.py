"""One video's graph: documents, extraction (rules or LLM), interval merging; then saving and resolution."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from vidmem.graph.documents import segment_document
from vidmem.graph.evidence import SegmentEvidence, identity_links, segment_evidence
from vidmem.graph.intervals import merge_intervals
from vidmem.graph.resolve import name_voices, resolve
from vidmem.models.protocols import TextEmbedder
from vidmem.store import Catalog
from vidmem.store.graph import EdgeRow, GraphStore
from vidmem.timeline import Clock


class Extractor(Protocol):
    def extract(self, segments: list[SegmentEvidence], documents: list[str]) -> list[EdgeRow]: ...


class RulesAdapter:
    """RuleExtractor behind the Extractor signature (the rules do not need the documents)."""

    def __init__(self) -> None:
        from vidmem.graph.rules import RuleExtractor

        self.rules = RuleExtractor()

    @property
    def hints(self) -> list[tuple[str, str]]:
        return self.rules.hints

    def extract(self, segments: list[SegmentEvidence], documents: list[str]) -> list[EdgeRow]:
        return self.rules.extract(segments)


@dataclass(frozen=True)
class VideoGraph:
    documents: dict[int, str]  # segment idx → document
    edges: list[EdgeRow]  # interval-merged
    raw_edges: int
    hints: list[tuple[str, str]] = field(default_factory=list)  # (voice identity, name it was called)


def build_video_graph(catalog: Catalog, video_id: int, clock: Clock, extractor: Extractor) -> VideoGraph:
    segments = segment_evidence(catalog, video_id)
    documents = [segment_document(seg, clock) for seg in segments]
    raw = extractor.extract(segments, documents)
    idx = {seg.segment_id: seg.idx for seg in segments if seg.segment_id is not None}
    return VideoGraph({seg.idx: doc for seg, doc in zip(segments, documents, strict=True)},
                      merge_intervals(raw, idx), len(raw), list(getattr(extractor, "hints", [])))


def save_video_graph(catalog: Catalog, video_id: int, graph: VideoGraph,
                     embedder: TextEmbedder | None = None) -> list[int]:
    """Inside the caller's transaction: documents, edges (delete-then-insert), then entity resolution."""
    for idx, document in graph.documents.items():
        catalog.set_segment_text(video_id, idx, column="document", text=document)
    store = GraphStore(catalog)
    store.replace_video_edges(video_id, graph.edges)
    link_identities(store, identity_links(catalog))
    store.replace_voice_hints(video_id, graph.hints)
    made = name_voices(store, store.voice_hints())
    return made + resolve(store, embedder=embedder)


def link_identities(store: GraphStore, links: list[tuple[str, str, float]], min_confidence: float = 0.5) -> None:
    """A face linked to a voice: the face's entities also carry the voice's identity (so they merge)."""
    for face, voice, confidence in links:
        if confidence >= min_confidence:
            for entity_id in store.entities_with_identity(face):
                store.add_identity(entity_id, voice)
