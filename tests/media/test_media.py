from pathlib import Path

import numpy as np
import pytest

from vidmem.media import MediaError, fixed_windows, iter_audio, iter_frames, probe, read_audio


def test_probe_reads_streams_duration_and_creation_time(clip_factory) -> None:
    clip = clip_factory(seconds=3.0, fps=10, creation_time="2026-11-02T08:15:00Z")
    info = probe(clip)
    assert info.has_video and info.has_audio
    assert info.duration == pytest.approx(3.0, abs=0.15)
    assert (info.width, info.height) == (160, 120)
    assert info.fps == pytest.approx(10.0)
    assert info.creation_time == pytest.approx(1793607300.0)


def test_frames_are_sampled_at_the_target_rate(bikes_mp4: Path) -> None:
    info = probe(bikes_mp4)
    frames = list(iter_frames(bikes_mp4, fps=1.0))
    assert len(frames) == int(np.ceil(info.duration))
    assert [f.index for f in frames] == list(range(len(frames)))
    times = [f.t for f in frames]
    assert all(abs(t - round(t)) < 1.0 / info.fps for t in times)  # nearest frame at/after each second
    assert frames[0].rgb.shape == (info.height, info.width, 3)
    two_fps = list(iter_frames(bikes_mp4, fps=2.0))
    assert len(two_fps) == pytest.approx(2 * len(frames), abs=1)


def test_variable_frame_rate_uses_presentation_times(clip_factory) -> None:
    clip = clip_factory(seconds=4.0, frame_times=[0.0, 0.05, 0.1, 1.2, 1.25, 3.4, 3.5, 3.9])
    frames = list(iter_frames(clip, fps=1.0))
    # targets 0,1,2,3 → frames at 0.0, 1.2 (first at/after 1), then 3.4 covers both 2 and 3
    assert [round(f.t, 2) for f in frames] == [0.0, 1.2, 3.4]


def test_frames_scaled_down_in_the_decoder(bikes_mp4: Path) -> None:
    frame = next(iter_frames(bikes_mp4, fps=1.0, max_side=128))
    assert max(frame.rgb.shape[:2]) <= 128


def test_audio_is_16k_mono_and_streamed_in_chunks(clip_factory) -> None:
    clip = clip_factory(seconds=5.0)
    chunks = list(iter_audio(clip, chunk_s=2.0))
    assert [round(t, 3) for t, _ in chunks[:3]] == [0.0, 2.0, 4.0]
    assert all(samples.dtype == np.float32 and samples.ndim == 1 for _, samples in chunks)
    audio = read_audio(clip)
    assert audio.size == pytest.approx(5 * 16000, rel=0.03)
    # the clip is a 440 Hz tone: the spectrum peaks there after resampling
    spectrum = np.abs(np.fft.rfft(audio[:16000]))
    assert np.argmax(spectrum) == pytest.approx(440, abs=2)


def test_no_audio_stream_yields_nothing(clip_factory) -> None:
    clip = clip_factory(audio=False)
    assert probe(clip).has_audio is False
    assert read_audio(clip).size == 0


def test_errors_are_media_errors(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mp4"
    empty.write_bytes(b"")
    with pytest.raises(MediaError, match="empty"):
        probe(empty)
    text = tmp_path / "notes.mp4"
    text.write_text("not a video at all\n" * 100)
    with pytest.raises(MediaError, match="not a readable media file"):
        probe(text)
    with pytest.raises(MediaError, match="not found"):
        probe(tmp_path / "missing.mp4")


@pytest.mark.parametrize(
    ("duration", "window", "expected"),
    [
        (0.0, 30, []),
        (0.4, 30, [(0.0, 0.4)]),
        (65.0, 30, [(0.0, 30.0), (30.0, 65.0)]),  # a 5 s tail joins the last window
        (75.0, 30, [(0.0, 30.0), (30.0, 60.0), (60.0, 75.0)]),
    ],
)
def test_fixed_windows(duration: float, window: float, expected: list) -> None:
    assert fixed_windows(duration, window) == expected
