"""Retrieval tools over a Library: visual_search, audio_search, entity_graph_search, rank fusion."""

from vidmem.retrieval.types import Hit

__all__ = ["Hit"]
