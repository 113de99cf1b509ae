"""segments: fixed time windows (default 30 s), the first segmentation later stages fill with text."""

from __future__ import annotations

from vidmem.ingest.pipeline import StageContext
from vidmem.media import fixed_windows
from vidmem.store import SegmentRow, VideoRecord


class SegmentsStage:
    name = "segments"

    def applies(self, video: VideoRecord) -> bool:
        return video.duration > 0

    def run(self, ctx: StageContext) -> list[SegmentRow]:
        start = ctx.video.start_at
        windows = fixed_windows(ctx.video.duration, ctx.settings.window_s)
        return [SegmentRow(i, start + t0, start + t1) for i, (t0, t1) in enumerate(windows)]

    def save(self, ctx: StageContext, output: list[SegmentRow]) -> str:
        ctx.catalog.replace_segments(ctx.video.id, output)
        return f"{len(output)} segments of {ctx.settings.window_s:g} s"
