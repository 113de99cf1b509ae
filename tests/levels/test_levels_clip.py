"""L1 in the full profile ranks chunks by their middle frame's OpenCLIP image vector (`frames_clip`), the query
embedded by the same model's text encoder. The model is the tiny randomly initialised OpenCLIP-shaped stand-in
(no weights here): this checks which vectors rank, never retrieval quality."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tiny_clip import tiny_clip_embedder
from vidmem.levels import LevelEnv, Scope, make_level
from vidmem.library import Library
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.store import FrameRow, NewVideo
from vidmem.store.frame_index import CLIP_TABLE, write_video

START = 1_790_000_000.0
FRAMES = 45  # fifteen 3-s chunks: L1 keeps 10
SCENES = ["kitchen, kettle", "street, bicycle", "beach, sand", "office, laptop", "garden, flowers"]
QUERIES = ["a red door", "a cat on a sofa", "people at a train station", "a bowl of fruit", "snow on a roof"]


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Library, int, np.ndarray]:
    root: Path = tmp_path_factory.mktemp("levels_clip")
    lib = Library.open(root)
    clip = tiny_clip_embedder()
    images = np.random.default_rng(7).integers(0, 256, size=(FRAMES, 48, 64, 3), dtype=np.uint8)
    with lib.catalog.transaction():
        video_id = lib.catalog.insert_video(NewVideo(
            sha256="c" * 64, path_bytes=b"/x/clip.mp4", name="clip.mp4", size=1, duration=float(FRAMES),
            has_video=True, has_audio=False, width=64, height=48, fps=1.0, start_at=START, start_source="option"))
        lib.catalog.replace_frames(video_id, [
            FrameRow(i, START + i, float(i), f"frames/{video_id}/{i}.jpg", f"indoors; {SCENES[(i // 3) % 5]}")
            for i in range(FRAMES)])
    keys = list(range(0, FRAMES, 3))  # key frames only, as the vision stage stores them: 3k+1, 3k+2 repeat 3k
    vectors = clip.embed_images([images[i] for i in keys])
    write_video(lib.vectors, video_id, [
        {"key": f"{video_id}:{i}", "video_id": video_id, "idx": i, "t": START + i, "t_end": START + i + 2,
         "offset_s": float(i), "day": 1, "place_id": -1, "people": "", "description": "", "thumbnail": "",
         "vector": vectors[n].tolist()} for n, i in enumerate(keys)], clip.dim, table=CLIP_TABLE)
    return lib, video_id, vectors


class Q:
    def __init__(self, text: str) -> None:
        self.qid, self.question, self.options = "q", text, ("a", "b", "c", "d")


def _chunk(item_t0: float) -> int:
    return round(item_t0 - START) // 3


def test_l1_ranks_by_image_vectors_in_the_full_profile(setup: tuple[Library, int, np.ndarray]) -> None:
    library, video_id, key_vectors = setup
    clip = tiny_clip_embedder()  # same seed: the same model as wrote the table
    scope = Scope((video_id,))
    text_env = LevelEnv(library, shared_text_embedder())  # no image model here: descriptions rank
    image_env = LevelEnv(library, shared_text_embedder(), image_embedder=clip)
    chunk_text = shared_text_embedder().embed([f"indoors; {SCENES[k % 5]}" for k in range(FRAMES // 3)])
    differing = 0
    for query in QUERIES:
        by_image = key_vectors @ clip.embed_texts([query])[0]  # chunk k's middle frame 3k+1 repeats key 3k
        by_text = chunk_text @ shared_text_embedder().embed([query])[0]
        context = make_level("L1", image_env).build(Q(query), scope)
        assert context.trace == ["L1 ranked by OpenCLIP image vectors (frames_clip)"]
        assert len(context.items) == 10
        chosen = {_chunk(item.t0): item.score for item in context.items}
        assert set(chosen) == set(np.argsort(-by_image, kind="stable")[:10].tolist())
        for k, score in chosen.items():
            assert score == pytest.approx(float(by_image[k]), abs=1e-5)
        best_image = int(np.argmax(by_image))
        assert _chunk(max(context.items, key=lambda i: i.score).t0) == best_image

        lite = make_level("L1", text_env).build(Q(query), scope)
        assert lite.trace == ["L1 ranked by frame-description embeddings (frames_clip present, but no OpenCLIP "
                              "model is configured here)"]
        best_text = _chunk(max(lite.items, key=lambda i: i.score).t0)
        assert float(by_text[best_text]) == pytest.approx(float(by_text.max()), abs=1e-5)
        differing += int(best_text % 5 != best_image % 5)
    assert differing >= 3  # the two rankings disagree (5 of 5 here), so the image vectors decided
