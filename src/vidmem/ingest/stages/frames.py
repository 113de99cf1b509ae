"""frames: sample frames at the target rate, write thumbnails, and a small signature vector per frame.

The signature (a 12×12 grey thumbnail, centred and normalised) is cheap and model-free: it marks
near-duplicate frames and lets later stages compare frames without decoding again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
from PIL import Image

from vidmem.ingest.pipeline import ComputeContext, StageContext
from vidmem.media import MediaError, iter_frames
from vidmem.store import Catalog, FrameRow, VideoRecord
from vidmem.store.thumbnails import encode_thumbnail

SIGNATURE_SIDE = 12
SIGNATURES_TABLE = "frame_signatures"
SIGNATURES_SCHEMA = pa.schema(
    [
        pa.field("key", pa.string()),  # "<video_id>:<idx>"
        pa.field("video_id", pa.int64()),
        pa.field("idx", pa.int64()),
        pa.field("t", pa.float64()),
        pa.field("vector", pa.list_(pa.float32(), SIGNATURE_SIDE * SIGNATURE_SIDE)),
    ]
)


def frame_signature(rgb: np.ndarray) -> np.ndarray:
    grey = Image.fromarray(rgb).convert("L").resize((SIGNATURE_SIDE, SIGNATURE_SIDE), Image.Resampling.BILINEAR)
    vector = np.asarray(grey, dtype=np.float32).reshape(-1)
    vector -= vector.mean()
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 1e-6 else vector


@dataclass
class FramesPart:
    """One piece's sampled frames: file offsets, JPEG thumbnails and signatures (indices count from 0)."""

    offsets: list[float]
    thumbnails: list[bytes]
    signatures: list[np.ndarray]


@dataclass
class FramesOutput:
    rows: list[FrameRow]


class FramesStage:
    name = "frames"
    splits = True
    needs: tuple[str, ...] = ()

    def applies(self, video: VideoRecord) -> bool:
        return video.has_video

    def inputs(self, catalog: Catalog, video: VideoRecord, computed: dict[str, list[Any]]) -> None:
        return None

    def compute(self, ctx: ComputeContext) -> FramesPart:
        video, piece = ctx.video, ctx.piece
        part = FramesPart([], [], [])
        expected = max(1.0, (min(video.duration, piece.end_s) - piece.start_s) * ctx.settings.frame_fps)
        for frame in iter_frames(video.fs_path, ctx.settings.frame_fps, max_side=ctx.settings.thumbnail_px * 2,
                                 start_s=piece.start_s, end_s=piece.end_s):
            part.offsets.append(frame.t)
            part.thumbnails.append(encode_thumbnail(frame.rgb, ctx.settings.thumbnail_px))
            part.signatures.append(frame_signature(frame.rgb))
            ctx.report(min(1.0, len(part.offsets) / expected))
        return part

    def finish(self, ctx: StageContext, parts: list[FramesPart]) -> FramesOutput:
        video = ctx.video
        rows: list[FrameRow] = []
        vectors: list[dict] = []
        ctx.thumbnails.clear_video(video.id)
        for part in parts:
            for offset, jpeg, signature in zip(part.offsets, part.thumbnails, part.signatures, strict=True):
                idx = len(rows)
                relative = ctx.thumbnails.write_bytes(video.id, idx, jpeg)
                t = video.start_at + offset
                rows.append(FrameRow(idx, t, offset, relative))
                vectors.append({"key": f"{video.id}:{idx}", "video_id": video.id, "idx": idx, "t": t,
                                "vector": signature})
        if not rows:
            raise MediaError("the video stream has no decodable frames")
        last = rows[-1].offset_s
        if last < video.duration * 0.9 - 1.0:
            # the index promises more than the file holds: an interrupted copy or recording
            raise MediaError(f"the file looks truncated: video ends at {last:.1f} s of {video.duration:.1f} s")
        ctx.vectors.replace_video(SIGNATURES_TABLE, SIGNATURES_SCHEMA, video.id, vectors)
        return FramesOutput(rows)

    def save(self, ctx: StageContext, output: FramesOutput) -> str:
        ctx.catalog.replace_frames(ctx.video.id, output.rows)
        return f"{len(output.rows)} frames"
