"""Benchmarks people know, fetched into the folder layout `vidmem eval` reads (`videomme:DIR`).

Annotations come from the Hugging Face Hub (`huggingface_hub`, honouring `HF_ENDPOINT`), videos through
yt-dlp from a URL template (YouTube by default). Every step is resumable and recorded in DIR/fetch.json.
"""
