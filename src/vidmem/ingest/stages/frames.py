"""frames: sample frames at the target rate, write thumbnails, and a small signature vector per frame.

The signature (a 12×12 grey thumbnail, centred and normalised) is cheap and model-free: it marks
near-duplicate frames and lets later stages compare frames without decoding again.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow as pa
from PIL import Image

from vidmem.ingest.pipeline import StageContext
from vidmem.media import MediaError, iter_frames
from vidmem.store import FrameRow, VideoRecord

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
class FramesOutput:
    rows: list[FrameRow]


class FramesStage:
    name = "frames"

    def applies(self, video: VideoRecord) -> bool:
        return video.has_video

    def run(self, ctx: StageContext) -> FramesOutput:
        video = ctx.video
        rows: list[FrameRow] = []
        vectors: list[dict] = []
        expected = max(1.0, video.duration * ctx.settings.frame_fps)
        ctx.thumbnails.clear_video(video.id)
        for frame in iter_frames(video.fs_path, ctx.settings.frame_fps, max_side=ctx.settings.thumbnail_px * 2):
            relative = ctx.thumbnails.write(video.id, frame.index, frame.rgb)
            t = video.start_at + frame.t
            rows.append(FrameRow(frame.index, t, frame.t, relative))
            vectors.append(
                {"key": f"{video.id}:{frame.index}", "video_id": video.id, "idx": frame.index, "t": t,
                 "vector": frame_signature(frame.rgb)}
            )
            ctx.report(min(1.0, len(rows) / expected))
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
