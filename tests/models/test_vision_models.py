"""The vision adapters on real photos, the grouping rules, face↔voice links, and the `full` adapters
against stand-ins (a tiny random OpenCLIP-shaped model, a stub OpenAI-compatible server)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from tiny_clip import tiny_clip_embedder
from vidmem.devdata.drawn import street
from vidmem.ingest.stages import vision_groups as groups
from vidmem.ingest.stages.face_voice import link_people_to_speakers
from vidmem.ingest.stages.vision import VisionModels, shared_vision_models
from vidmem.media import iter_frames
from vidmem.models.describe import describe_frame
from vidmem.models.imagenet import class_group, class_names
from vidmem.models.ocr import new_regions, text_region_count, text_regions
from vidmem.models.openclip import OpenClipEmbedder, preprocess
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.models.vlm_captioner import CaptionError, OpenAIVisionCaptioner
from vidmem.models.weights import WeightsMissing
from vidmem.store import Catalog, NewVideo
from vidmem.store.speech import SpeechStore, UtteranceRow
from vidmem.store.vision import FaceRow, FrameVisionRow, VisionRows, VisionStore, VisitRow
from vision_footage import frame_at, photo, sign


@pytest.fixture(scope="session")
def models() -> VisionModels:
    return shared_vision_models()  # the same instance the ingest tests use: loaded once per session


def test_class_names_ship_with_the_package() -> None:
    names = class_names()
    assert len(names) == 1000 and len(set(names)) == 998  # "crane" and "maillot" are each two classes
    assert class_group(names.index("beagle")) == "dog" and class_group(names.index("banana")) == "fruit"


def test_labels_and_features_on_real_photos(models: VisionModels) -> None:
    cat, coffee, moto, cat_later = models.labeler.analyze(
        [frame_at(photo("cat"), 0), frame_at(photo("coffee"), 0), frame_at(photo("motorcycle"), 0),
         frame_at(photo("cat"), 15)]
    )
    assert cat.labels[0].group == "cat" and cat.labels[0].score > 0.3
    assert {lab.name for lab in coffee.labels} & {"espresso", "cup", "coffee mug"}
    assert {lab.name for lab in moto.labels} & {"moped", "motor scooter", "crash helmet"}
    same = float(cat.feature @ cat_later.feature)
    different = max(float(cat.feature @ coffee.feature), float(cat.feature @ moto.feature))
    assert same > groups.SCENE_SIMILARITY > different  # the thresholds the place grouping relies on
    assert abs(float(np.linalg.norm(cat.feature)) - 1) < 1e-4


def test_every_class_probability_agrees_with_the_labels(models: VisionModels) -> None:
    images = [frame_at(photo("cat"), 0), frame_at(photo("coffee"), 0)]
    probs = models.labeler.probabilities(images, batch_size=1)  # batches joined in order
    assert probs.shape == (2, 1000) and np.allclose(probs.sum(axis=1), 1.0, atol=1e-3)
    for p, analysis in zip(probs, models.labeler.analyze(images), strict=True):
        best = analysis.labels[0]
        assert int(np.argmax(p)) == best.index and abs(float(p[best.index]) - best.score) < 1e-4
    assert models.labeler.probabilities([]).shape == (0, 1000)


def test_face_embeddings_separate_people(models: VisionModels) -> None:
    found = models.faces.detect([photo("astronaut"), photo("astronaut_mirrored"), photo("grace_hopper"),
                                 photo("cat"), photo("coffee")])
    assert [len(f) for f in found] == [1, 1, 1, 0, 0]
    a, a2, g = (f[0].embedding for f in found[:3])
    assert np.linalg.norm(a - a2) < groups.FACE_DISTANCE < np.linalg.norm(a - g)
    assert a.shape == (128,) and a.dtype == np.float32


def test_text_check_and_ocr(models: VisionModels) -> None:
    board = frame_at(sign("PLATFORM 4"), 3)
    blank = np.full((480, 640, 3), 90, dtype=np.uint8)
    assert text_region_count(board) >= 1 and text_region_count(blank) == 0
    text = " ".join(b.text for b in models.ocr.read(board)).replace(" ", "").upper()
    assert "PLATFORM4" in text
    assert models.ocr.read(blank) == []


def test_a_sign_coming_into_view_adds_word_like_blobs_in_new_places() -> None:
    from PIL import Image, ImageDraw

    def scene(with_sign: bool, dx: int = 0) -> np.ndarray:  # a textured photo held up in a street, a sign above
        image = Image.fromarray(street(3)).resize((640, 360))
        image.paste(Image.fromarray(photo("cat")).resize((170, 160)), (235 + dx, 185))
        if with_sign:
            draw = ImageDraw.Draw(image)
            draw.rectangle((140, 8, 500, 72), fill=(250, 250, 245), outline=(10, 10, 10), width=4)
            draw.text((160, 18), "TICKETS HERE", font_size=40, fill=(10, 10, 10))
        return np.asarray(image)

    before, moved, signed = (text_regions(scene(False)), text_regions(scene(False, dx=2)),
                             text_regions(scene(True)))
    assert new_regions(moved, before) == 0  # the same blobs, a little further on
    assert new_regions(signed, before) >= 2  # the sign's words and frame
    assert 2 <= new_regions(signed, []) <= len(signed) == text_region_count(scene(True))
    # a textured photo panning: its small blobs come and go, none a line of words
    assert new_regions(text_regions(frame_at(photo("cat"), 1)), text_regions(frame_at(photo("cat"), 0))) == 0


def test_text_embedder_is_normalised_and_semantic() -> None:
    embedder = shared_text_embedder()
    vectors = embedder.embed(["cat", "Egyptian cat, tabby", "food: espresso, cup", "coffee"])
    assert vectors.shape == (4, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-4)
    sims = vectors @ vectors.T
    assert sims[0, 1] > sims[0, 2] and sims[3, 2] > sims[3, 1]
    assert embedder.embed([]).shape == (0, 384)
    with pytest.raises(TypeError):
        embedder.embed("cat")  # type: ignore[arg-type]


def test_description_format() -> None:
    names = class_names()
    from vidmem.models.imagenet import Label

    labels = [Label(names.index("seashore"), "seashore", 0.6), Label(names.index("sandbar"), "sandbar", 0.2)]
    text = describe_frame(labels, ["Person 2"], ["PLATFORM", "4"])
    assert text == "outdoors; seashore, sandbar; 1 face: Person 2; text: 'PLATFORM 4'"
    beagle = [Label(names.index("beagle"), "beagle", 0.9)]
    assert describe_frame(beagle) == "dog: beagle"
    # people the body detector counted; faces it missed still count; no labels at all is fine
    assert describe_frame([], bodies=2) == "2 people"
    two = describe_frame(beagle, ["Person 1", "Person 3"], bodies=1)
    assert two == "2 people; dog: beagle; 2 faces: Person 1, Person 3"
    assert describe_frame([], bodies=1) == "1 person"


def test_grouping_rules_on_synthetic_vectors() -> None:
    rng = np.random.default_rng(1)

    def unit(v: np.ndarray) -> np.ndarray:
        return v / np.linalg.norm(v)

    a, b = unit(rng.normal(size=64)), unit(rng.normal(size=64))
    signatures = [a, unit(a + 0.01 * rng.normal(size=64)), b, b, a]
    assert groups.key_frames(signatures, [0, 1, 2, 3, 4]) == [0, 0, 2, 2, 4]
    assert groups.key_frames([a] * 5, [0, 30, 60, 90, 120], max_run_s=60) == [0, 0, 2, 2, 4]
    features = [a, unit(a + 0.2 * rng.normal(size=64)), b, b, a]
    assert groups.split_scenes(features, [0, 1, 2, 3, 4]) == [[0, 1], [2, 3], [4]]
    assert groups.split_scenes([a, a], [0, 500]) == [[0], [1]]  # a long pause ends the visit
    known = [groups.Cluster(7, a.copy(), 10)]
    assert groups.assign_places([a, b, unit(b + 0.1 * a)], [3, 2, 2], known, next_id=8) == [7, 8, 8]
    faces = [a * 0.5, a * 0.5 + 0.01, b * 0.5]
    assert groups.assign_faces(faces, [], next_id=1) == [1, 1, 2]


def test_colours_keep_two_views_of_one_kind_apart(models: VisionModels) -> None:
    # two drawn street fronts: image features call both "a street", their colours differ
    streets = [street(0), street(1)]
    shots = [[frame_at(s, t) for t in (0, 4, 8)] for s in (*streets, streets[0])]
    frames = [f for shot in shots for f in shot]
    features = [a.feature for a in models.labeler.analyze(frames)]
    colours = [groups.colour_signature(f) for f in frames]
    assert float(features[0] @ features[3]) >= groups.PLACE_SIMILARITY  # alike to the features alone …
    assert float(colours[0] @ colours[3]) < groups.PLACE_COLOUR_SIMILARITY  # … not in colour
    assert float(colours[0] @ colours[2]) >= groups.SCENE_COLOUR_SIMILARITY  # one view panning stays one

    times = [0, 4, 8, 12, 16, 20]
    assert groups.split_scenes(features[:6], times) == [[0, 1, 2, 3, 4, 5]]  # walked on: features miss it
    assert groups.split_scenes(features[:6], times, colours[:6]) == [[0, 1, 2], [3, 4, 5]]

    def centre(vectors: list[np.ndarray]) -> np.ndarray:
        return np.mean(vectors, axis=0)

    scenes = [centre(features[i:i + 3]) for i in (0, 3, 6)]
    tints = [centre(colours[i:i + 3]) for i in (0, 3, 6)]
    assert groups.assign_places(scenes, [3, 3, 3], [], next_id=1) == [1, 1, 1]
    assert groups.assign_places(scenes, [3, 3, 3], [], next_id=1, scene_colours=tints) == [1, 2, 1]
    # a place from a Library analysed before colours were kept matches by features, then keeps colours
    old = [groups.Cluster(4, scenes[0].copy(), 10)]
    assert groups.assign_places(scenes[:2], [3, 3], old, next_id=5, scene_colours=tints[:2]) == [4, 5]


def test_colours_cut_no_shot_of_real_footage(models: VisionModels, bikes_mp4: Path, bigbuckbunny_mp4: Path) -> None:
    # real clips (a cut-up bike race, an animated meadow): where features keep a view, its colours agree
    for path in (bikes_mp4, bigbuckbunny_mp4):
        frames = list(iter_frames(path, fps=2.0, max_side=640))
        features = [a.feature for a in models.labeler.analyze([f.rgb for f in frames])]
        colours = [groups.colour_signature(f.rgb) for f in frames]
        times = [f.t for f in frames]
        assert groups.split_scenes(features, times, colours) == groups.split_scenes(features, times)


def _catalog(tmp_path: Path) -> tuple[Catalog, int]:
    catalog = Catalog(tmp_path / "catalog.sqlite")
    with catalog.transaction():
        video = catalog.insert_video(NewVideo("0" * 64, b"/x.mp4", "x.mp4", 1, 100.0, True, True, 64, 48, 25.0,
                                              1000.0, "option"))
    return catalog, video


def test_face_voice_links_need_repeated_co_occurrence(tmp_path: Path) -> None:
    catalog, video = _catalog(tmp_path)
    speech, vision = SpeechStore(catalog), VisionStore(catalog)
    with catalog.transaction():
        alice, bob = speech.new_speaker(np.ones(4, np.float32)), speech.new_speaker(np.ones(4, np.float32))
        # alice talks 4 times while face 1 is on screen; bob talks twice while face 2 is (too few to link)
        turns = [(1000, 1004, alice), (1010, 1014, alice), (1020, 1024, alice), (1030, 1034, alice),
                 (1050, 1054, bob), (1060, 1064, bob)]
        speech.replace_utterances(video, [UtteranceRow(i, t0, t1, "words") for i, (t0, t1, _) in enumerate(turns)])
        ids = [u.id for u in speech.utterances(video)]
        speech.set_utterance_speakers([(uid, who, None) for uid, (_, _, who) in zip(ids, turns, strict=True)])
        rows = VisionRows(new_people=[1, 2])
        emb = np.zeros(128, np.float32)
        for t0, t1, who in turns:
            # a still shot: the face is found on the key frame, the frames after it are its near-duplicates
            rows.faces.append(FaceRow(t0 - 1000, float(t0), (0, 0, 9, 9), 1.0, emb, 1 if who == alice else 2))
            rows.frames += [FrameVisionRow(t - 1000, float(t), t0 - 1000, None, False, "a face")
                            for t in range(t0, t1 + 1)]
        vision.replace_video(video, rows)
        links = link_people_to_speakers(vision, frame_step=1.0)
        vision.replace_person_speakers(links)
    stored = vision.person_speakers()
    assert [(p, s) for p, s, *_ in stored] == [(1, alice)]
    _, _, confidence, overlap, n, evidence = stored[0]
    assert n == 4 and confidence > 0.9 and overlap >= 16 and len(evidence) == 4


def test_people_and_places_rows_survive_a_redo_without_duplicates(tmp_path: Path) -> None:
    catalog, video = _catalog(tmp_path)
    vision = VisionStore(catalog)
    rows = VisionRows(new_people=[1])
    rows.faces.append(FaceRow(0, 1000.0, (0, 0, 9, 9), 1.0, np.full(128, 0.5, np.float32), 1))
    for _ in range(2):  # the same video's rows written twice (a redone stage)
        with catalog.transaction():
            vision.replace_video(video, rows)
    (person,) = vision.people()
    assert person.n_faces == 1 and person.centroid is not None and np.allclose(person.centroid, 0.5)
    with catalog.transaction():
        vision.replace_video(video, VisionRows())  # the redo found no face: the unnamed person goes
    assert vision.people() == []


def test_a_place_keeps_the_mean_colours_of_the_visits_that_measured_them(tmp_path: Path) -> None:
    catalog, video = _catalog(tmp_path)
    vision = VisionStore(catalog)
    feature = np.ones(8, np.float32) / np.sqrt(8)
    red, blue = np.eye(4, dtype=np.float32)[0], np.eye(4, dtype=np.float32)[1]
    rows = VisionRows(new_places=[1])
    rows.visits += [VisitRow(1, 1000.0, 1009.0, 10, feature, red), VisitRow(1, 1010.0, 1039.0, 30, feature, blue),
                    VisitRow(1, 1040.0, 1049.0, 10, feature)]  # one analysed before colours were kept
    with catalog.transaction():
        vision.replace_video(video, rows)
    (place,) = vision.places()
    assert place.colours is not None and place.n_frames == 50
    assert np.allclose(place.colours, (10 * red + 30 * blue) / np.linalg.norm(10 * red + 30 * blue))


def test_openclip_adapter_with_tiny_random_model_not_real_weights() -> None:
    """No OpenCLIP weights (nor torchvision) exist here: a tiny randomly initialised model with
    OpenCLIP's encode_image/encode_text interface checks the adapter's preprocessing, batching and
    normalisation — not retrieval quality."""
    embedder = tiny_clip_embedder()
    images = [frame_at(photo("cat"), 0), photo("coffee"), photo("cat")]
    vectors = embedder.embed_images(images, batch_size=2)
    assert vectors.shape == (3, 16) == (3, embedder.dim)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)
    assert embedder.embed_texts(["a cat", "coffee"]).shape == (2, 16)
    assert np.allclose(embedder.embed_images([photo("cat")])[0], vectors[2], atol=1e-5)  # batching changes nothing
    x = preprocess(photo("coffee"), 32)  # 400×600 → shorter side 32, centre crop
    assert x.shape == (3, 32, 32) and abs(float(x.mean())) < 3
    with pytest.raises(WeightsMissing):  # no weights configured (or no open_clip): a clear error, no download
        OpenClipEmbedder.from_local("ViT-B-32", "/nonexistent/open_clip_model.safetensors")


class _StubVision(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict]] = []
    fail = False

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _StubVision.requests.append({"path": self.path, "body": body})
        if _StubVision.fail:
            self.send_response(500)
            self.end_headers()
            return
        images = [p for p in body["messages"][0]["content"] if p["type"] == "image_url"]
        reply = {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant", "content": f"A cat on a rug ({len(images)} frames)."}}],
                 "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def stub_server() -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), _StubVision)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _StubVision.requests, _StubVision.fail = [], False
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


def test_vlm_captioner_against_a_local_stub_server(stub_server: str) -> None:
    captioner = OpenAIVisionCaptioner(stub_server, "qwen2.5-vl-stub", max_retries=0)
    caption = captioner.caption([photo("cat"), photo("coffee")])
    assert caption.text == "A cat on a rug (2 frames)." and caption.completion_tokens == 7
    (request,) = _StubVision.requests
    assert request["path"] == "/v1/chat/completions" and request["body"]["model"] == "qwen2.5-vl-stub"
    urls = [p["image_url"]["url"] for p in request["body"]["messages"][0]["content"] if p["type"] == "image_url"]
    assert len(urls) == 2 and all(u.startswith("data:image/jpeg;base64,") for u in urls)
    _StubVision.fail = True
    with pytest.raises(CaptionError, match="failed"):
        captioner.caption([photo("cat")])
    with pytest.raises(ValueError):
        captioner.caption([])
