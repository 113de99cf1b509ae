"""graph: segment documents, then entities and edges for the scene graph, then entity resolution.

Runs after the speech and vision stages (it reads their tables). `lite` extracts with rules (spaCy),
`full` with the chat model and a JSON schema; VIDMEM_ADAPTER_GRAPH=rules|llm overrides.
"""

from __future__ import annotations

from vidmem.graph.build import Extractor, RulesAdapter, VideoGraph, build_video_graph, save_video_graph
from vidmem.ingest.pipeline import StageContext
from vidmem.store import Catalog, VideoRecord
from vidmem.store.graph import GraphStore
from vidmem.timeline import Clock


def _extractor(ctx: StageContext) -> Extractor:
    mode = ctx.settings.adapters.get("graph") or ("llm" if ctx.settings.profile == "full" else "rules")
    if mode == "rules":
        return ctx.resource("graph.rules", RulesAdapter)
    if mode == "llm":
        from vidmem.graph.llm import LlmExtractor
        from vidmem.models.chat import load_chat_model

        return ctx.resource("graph.llm", lambda: LlmExtractor(load_chat_model(ctx.settings)))
    raise ValueError(f"unknown graph extractor {mode!r}: use rules or llm")


class GraphStage:
    name = "graph"

    def applies(self, video: VideoRecord) -> bool:
        return video.duration > 0

    def run(self, ctx: StageContext) -> VideoGraph:
        origin = ctx.catalog.timeline_origin()
        clock = Clock(origin if origin is not None else ctx.video.start_at, ctx.settings.timezone)
        return build_video_graph(ctx.catalog, ctx.video.id, clock, _extractor(ctx))

    def forget_video(self, catalog: Catalog, video: VideoRecord) -> None:
        """Before a redo (`Pipeline.forget`): the file's edges and voice-name hints go for every redone file
        first, so the redo numbers its edges as a fresh ingest would (entities are found again by name)."""
        store = GraphStore(catalog)
        store.replace_video_edges(video.id, [])
        store.replace_voice_hints(video.id, [])

    def save(self, ctx: StageContext, output: VideoGraph) -> str:
        merges = save_video_graph(ctx.catalog, ctx.video.id, output)
        return f"{len(output.edges)} edges ({output.raw_edges} before interval merging), {len(merges)} entity merges"
