"""`full` extraction: an LLM reads each segment document and returns edges in a JSON schema.

The rows are the same as the rules write (EdgeRow); times are the segment's, since a document's
lines carry only clock times. Speaker identities are attached where an edge names a speaker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from vidmem.graph.evidence import WEARER, SegmentEvidence
from vidmem.models.chat import ChatError
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.store.graph import EdgeRow, norm_name

Relationship = Literal["talks_to", "mentions", "interacts_with", "uses", "located_at", "co_present"]
EntityType = Literal["person", "object", "location"]


# Length limits are applied in code, not in the schema: a reply a little over one is still usable, where a
# schema bound would fail validation and cost a re-prompt (and backends without grammars do not enforce it).
MAX_EDGES = 30
MAX_NAME = 80
MAX_SUPPORT = 300


class ExtractedEdge(BaseModel):
    source: str
    source_type: EntityType
    target: str
    target_type: EntityType
    relationship: Relationship
    supporting_text: str = ""
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)


class Extraction(BaseModel):
    edges: list[ExtractedEdge] = Field(default_factory=list)


PROMPT = f"""You build an entity graph from a first-person video log. The camera wearer is "{WEARER}".
Relationships: talks_to (person speaks to person), mentions (person mentions an entity), interacts_with
(person handles an object), uses (person uses an object), located_at (person/object is at a location),
co_present (two people are together). Use the speakers' names as given. Only state what the text supports."""


class LlmExtractor:
    def __init__(self, chat: ChatModel, *, max_tokens: int = 768) -> None:
        self.chat = chat
        self.max_tokens = max_tokens

    def extract(self, segments: Sequence[SegmentEvidence], documents: Sequence[str]) -> list[EdgeRow]:
        out: list[EdgeRow] = []
        for seg, document in zip(segments, documents, strict=True):
            if not seg.lines and not seg.sightings:
                continue
            try:
                result = self.chat.chat([ChatMessage("system", PROMPT), ChatMessage("user", document)],
                                        schema=Extraction, max_tokens=self.max_tokens)
            except ChatError as exc:
                raise RuntimeError(f"graph extraction failed on segment {seg.idx}: {exc}") from exc
            identities = {norm_name(line.speaker): line.speaker_identity for line in seg.lines}
            for e in result.data.edges[:MAX_EDGES]:
                source, target = e.source.strip()[:MAX_NAME], e.target.strip()[:MAX_NAME]
                if not source or not target or norm_name(source) == norm_name(target):
                    continue
                out.append(EdgeRow(
                    source, e.source_type, target, e.target_type, e.relationship, seg.t0, seg.t1,
                    e.supporting_text[:MAX_SUPPORT], seg.segment_id, e.confidence, method="llm",
                    source_identity=identities.get(norm_name(source)),
                    target_identity=identities.get(norm_name(target)),
                ))
        return out
