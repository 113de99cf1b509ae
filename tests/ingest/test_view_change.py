"""The moved-camera near-duplicate test: a shifted, slightly rolled view of one scene is the same view;
another scene, or something new filling a patch of it, is a change."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from skimage import data

from vidmem.ingest.stages.view_change import same_view, view_difference, view_thumbnail


def camera(scene: np.ndarray, dx: float, dy: float, roll: float = 0.0, noise: float = 0.0, seed: int = 0,
           size: tuple[int, int] = (640, 360)) -> np.ndarray:
    """A 640×360 view of `scene` looked at from a shifted, rolled camera, with sensor noise."""
    h, w = scene.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), roll, 1.0)
    matrix[:, 2] += (dx, dy)
    moved = cv2.warpAffine(scene, matrix, (w, h), borderMode=cv2.BORDER_REFLECT)
    top, left = (h - size[1]) // 2, (w - size[0]) // 2
    view = moved[top: top + size[1], left: left + size[0]].astype(np.float32)
    view += np.random.default_rng(seed).normal(0.0, noise, view.shape)
    return np.clip(view, 0, 255).astype(np.uint8)


def big(image: np.ndarray) -> np.ndarray:
    rgb = image if image.ndim == 3 else np.repeat(image[..., None], 3, axis=2)
    return cv2.resize(rgb[..., :3], (800, 520), interpolation=cv2.INTER_LINEAR)


SCENES = {"coffee": big(data.coffee()), "astronaut": big(data.astronaut()), "chelsea": big(data.chelsea()),
          "camera": big(data.camera())}


@pytest.mark.parametrize("name", sorted(SCENES))
@pytest.mark.parametrize("move", [(0, 0, 0), (25, -12, 0), (-40, 18, 1.5), (55, 30, -2.0)])
def test_a_moved_camera_sees_the_same_view(name: str, move: tuple[float, float, float]) -> None:
    scene = SCENES[name]
    key = view_thumbnail(camera(scene, 0, 0, noise=4.0, seed=1))
    moved = view_thumbnail(camera(scene, *move, noise=4.0, seed=2))
    assert same_view(key, moved), view_difference(key, moved)


@pytest.mark.parametrize("pair", [("coffee", "astronaut"), ("chelsea", "camera"), ("astronaut", "chelsea"),
                                  ("camera", "coffee")])
def test_another_scene_is_a_change(pair: tuple[str, str]) -> None:
    key = view_thumbnail(camera(SCENES[pair[0]], 0, 0))
    other = view_thumbnail(camera(SCENES[pair[1]], 20, -10))
    assert not same_view(key, other), view_difference(key, other)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_something_coming_into_a_moved_view_is_a_change(name: str) -> None:
    """A face-sized patch (a sixteenth of the frame) appearing while the camera moves."""
    key = view_thumbnail(camera(SCENES[name], 0, 0))
    frame = camera(SCENES[name], 30, 10, roll=1.0)
    patch = big(data.astronaut())[40:130, 340:500]  # the astronaut's face
    frame[200:290, 380:540] = patch
    assert not same_view(key, view_thumbnail(frame))


def test_frames_of_different_sizes_are_different_views() -> None:
    scene = SCENES["coffee"]
    assert view_difference(view_thumbnail(camera(scene, 0, 0)),
                           view_thumbnail(camera(scene, 0, 0, size=(480, 360)))) == 1.0
