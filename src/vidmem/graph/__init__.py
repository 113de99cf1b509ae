"""The entity scene graph: segment documents, extraction (rules or LLM), entity resolution, interval
merging. Search lives in vidmem.retrieval.graph; SQL in vidmem.store.graph."""
