"""Helpers for tests that search frames: a video whose frames (one a second) carry the given descriptions."""

from __future__ import annotations

from collections.abc import Sequence

from vidmem.library import Library
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.store import FrameRow, NewVideo
from vidmem.store.frame_index import write_video


def add_described_video(lib: Library, n: int, descriptions: Sequence[str], start: float, *,
                        index: bool = True) -> int:
    """Video `clip{n}.mp4` starting at `start`, frame i at start + i described by `descriptions[i]`; with
    `index`, their description vectors are written too (what visual_search reads). Call inside a transaction."""
    video_id = lib.catalog.insert_video(NewVideo(
        sha256=str(n) * 64, path_bytes=f"/x/clip{n}.mp4".encode(), name=f"clip{n}.mp4", size=1,
        duration=float(len(descriptions)), has_video=True, has_audio=True, width=160, height=120, fps=1.0,
        start_at=start, start_source="option"))
    lib.catalog.replace_frames(video_id, [FrameRow(i, start + i, float(i), f"frames/{video_id}/{i}.jpg", d)
                                          for i, d in enumerate(descriptions)])
    if index:
        vectors = shared_text_embedder().embed(list(descriptions))
        write_video(lib.vectors, video_id, [
            {"key": f"{video_id}:{i}", "video_id": video_id, "idx": i, "t": start + i, "t_end": start + i + 1.0,
             "offset_s": float(i), "day": 1, "place_id": -1, "people": "", "description": d,
             "thumbnail": f"frames/{video_id}/{i}.jpg", "vector": vectors[i].tolist()}
            for i, d in enumerate(descriptions)], vectors.shape[1])
    return video_id
