"""Why a video is missing, read from yt-dlp's own errors; a dead line stops the fetch instead."""

from __future__ import annotations

import pytest
from yt_dlp.networking.exceptions import TransportError
from yt_dlp.utils import DownloadError, ExtractorError

from vidmem.data.errors import Unreachable
from vidmem.data.videos import classify


@pytest.mark.parametrize(("message", "reason", "transient"), [
    ("ERROR: [youtube] aBc-123_xyZ: Private video. Sign in if you've been granted access", "private", False),
    ("ERROR: [youtube] aBc-123_xyZ: This video has been removed by the uploader", "removed", False),
    ("ERROR: [youtube] aBc-123_xyZ: Video unavailable. This video is no longer available because the YouTube "
     "account associated with this video has been terminated.", "removed", False),
    ("ERROR: [youtube] aBc-123_xyZ: Video unavailable", "unavailable", False),
    ("ERROR: [youtube] aBc-123_xyZ: Sign in to confirm your age", "age-restricted", False),
    ("ERROR: unable to download video data: HTTP Error 429: Too Many Requests", "rate-limited", True),
    ("ERROR: \r[download] Got error: 5290 bytes read, 12459 more expected", "truncated", True),
    ("ERROR: something nobody has seen before", "error", False),
])
def test_messages_map_to_reasons(message: str, reason: str, transient: bool) -> None:
    assert classify(DownloadError(message)) == (reason, transient)


def test_a_refused_connection_is_unreachable_not_a_missing_video() -> None:
    cause = ExtractorError("Unable to download webpage: [Errno 111] Connection refused",
                           cause=TransportError(cause=ConnectionRefusedError(111, "Connection refused")))
    error = DownloadError("ERROR: [generic] x: Unable to download webpage", (type(cause), cause, None))
    with pytest.raises(Unreachable, match="cannot reach the video host"):
        classify(error)

