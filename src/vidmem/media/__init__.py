"""Media: probing, sequential decoding at a target rate, audio extraction, time windows.

Knows nothing about models or storage.
"""

from vidmem.media.decode import DecodedFrame, iter_audio, iter_frames, read_audio
from vidmem.media.probe import MediaError, MediaInfo, probe
from vidmem.media.windows import fixed_windows

__all__ = [
    "DecodedFrame",
    "MediaError",
    "MediaInfo",
    "fixed_windows",
    "iter_audio",
    "iter_frames",
    "probe",
    "read_audio",
]
