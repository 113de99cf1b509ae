"""vision: what each sampled frame shows, who is in it, where it is, and a vector to search it by.

One sequential decode at `ANALYSIS_SIDE` (faces and signs need more pixels than the 320 px
thumbnails). Frames that nearly repeat the one before (12×12 signature) are marked and skip every
model; the distinct ones get ImageNet labels and a feature vector (EfficientNet-Lite0 on onnxruntime) — of
the whole frame and, in the same batch, of the lower-centre square where held objects appear —, people
(OpenCV's HOG pedestrian detector), faces (dlib: the whole frame, then the enlarged heads of the people
found), and — only where a cheap text-region check fires and the scene's text has not just been read — OCR.
Each distinct frame's description is embedded (MiniLM) into the LanceDB `frames` table (and, in the
full profile with OpenCLIP configured, its pixels into `frames_clip`); faces join the Library's
people and scenes join its places (both persist across files and days).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from vidmem.config import Settings
from vidmem.ingest.pipeline import ComputeContext, StageContext
from vidmem.ingest.stages import vision_groups as groups
from vidmem.ingest.stages.frames import frame_signature
from vidmem.ingest.stages.view_change import same_view, view_thumbnail
from vidmem.media import iter_frames
from vidmem.models import openclip
from vidmem.models.describe import describe_frame
from vidmem.models.faces import DlibFaces, Face
from vidmem.models.imagenet import EfficientNetLabeler, ImageAnalysis, Label
from vidmem.models.ocr import RapidOcrReader, Region, TextBox, new_regions, text_regions
from vidmem.models.people import Body, HogPeopleDetector
from vidmem.models.protocols import FaceEmbedder, ImageEmbedder
from vidmem.models.text_embedding import shared_text_embedder
from vidmem.store import Catalog, VideoRecord
from vidmem.store.frame_index import CLIP_TABLE, maintain_index, people_key, write_video
from vidmem.store.vision import FaceRow, FrameVisionRow, LabelRow, TextRow, VisionRows, VisionStore, VisitRow
from vidmem.timeline import Clock

ANALYSIS_SIDE = 640
BATCH = 16
# more word-like blobs than the key frame had by this many, or this many in new places: a new key frame
NEW_TEXT_REGIONS = 1
TEXT_REGIONS_MIN = 1  # a word-like blob: worth a try (plain, dark and blurred frames have none)
OCR_SAME_SCENE = 0.85  # a frame this close to the last one read (same view) repeats its text …
OCR_REPEAT_S = 30.0  # … unless this long has passed
NEAR_MIN_SCORE = 0.25  # the near square's best label must be this sure (else it is background)
FACE_UNAIDED_PX = 80  # dlib's HOG face detector without upsampling finds faces from about this size
BODY_PER_FACE = 7.5  # an upright person is about this many face heights tall
HEAD_MIN_BODY_PX = 120  # shorter people have faces too small to recognise even enlarged
HEAD_MAX_SCALE = 4.0
# onnxruntime's default of one thread per core spin-waits on a shared or busy machine: one thread reads the
# same text and labels for 0.4× (OCR) and 0.77× (EfficientNet) the CPU; both cores are used by running two
# files or stages at once (`--workers 2`), as for Whisper (bench figures in docs/SCALING.md)
MODEL_THREADS = 1


def more_text(regions: list[Region], before: list[Region], more_by: int = NEW_TEXT_REGIONS) -> bool:
    """A frame shows text an earlier one did not: more word-like blobs than it by over `more_by`, or over
    `NEW_TEXT_REGIONS` of them in new places (a sign coming into view beside a textured photo)."""
    return len(regions) > len(before) + more_by or new_regions(regions, before) > NEW_TEXT_REGIONS


def near_square(rgb: np.ndarray, side_share: float) -> np.ndarray:
    """The lower-centre square (side = `side_share` × height): where a wearable camera sees held objects,
    too small in the whole frame for the classifier's 224 px view."""
    h, w = rgb.shape[:2]
    side = max(1, min(w, int(h * side_share)))
    left = (w - side) // 2
    return rgb[h - side :, left : left + side]


def near_labels(frame: ImageAnalysis, near: ImageAnalysis) -> list[Label]:
    """The near square's confident labels that the whole frame did not already give."""
    if not near.labels or near.labels[0].score < NEAR_MIN_SCORE:
        return []
    seen = {label.index for label in frame.labels}
    return [label for label in near.labels if label.index not in seen]


@dataclass
class KeyFrame:
    pos: int  # position in the sampled frames
    idx: int
    t: float  # absolute
    offset_s: float
    analysis: ImageAnalysis | None = None
    near: list[Label] = field(default_factory=list)  # labels of the lower-centre square (held objects)
    near_view: np.ndarray | None = None  # image features of the lower-centre square
    faces: list[Face] = field(default_factory=list)
    bodies: list[Body] = field(default_factory=list)  # whole people (person detector)
    texts: list[TextBox] = field(default_factory=list)
    ocr_ran: bool = False
    scale: float = 1.0  # analysed pixels → thumbnail pixels
    image_vector: np.ndarray | None = None  # full profile: OpenCLIP / SigLIP
    regions: list[Region] = field(default_factory=list)  # the frame's word-like blobs (`text_regions`)
    whole_faces: list[Face] | None = None  # the face detector on the whole frame (run as the frame is decoded)
    colours: np.ndarray | None = None  # colour signature (scenes and places need like colours too)


@dataclass
class VisionPart:
    """One piece's analysed frames; `pos`/`idx` of its key frames count from the piece's first frame."""

    keys: list[KeyFrame]
    key_of: list[int]  # per sampled frame of the piece: position in `keys`
    offsets: list[float]  # per sampled frame of the piece: file offset


def run_minute(offset_s: float) -> int:
    """The grid cell of a file offset: near-duplicate runs and OCR's memory of a read view end at each cell."""
    return int(offset_s // groups.MAX_RUN_S)


@dataclass
class VisionOutput:
    rows: VisionRows
    detail: str


def head_regions(bodies: list[Body], width: int, height: int) -> list[tuple[int, int, int, int, float]]:
    """(left, top, right, bottom, scale) around the head of each body tall enough to show a face: the
    top third of its box, widened, scaled so its face reaches the size the detector finds unaided."""
    regions = []
    for body in bodies:
        left, top, right, bottom = body.box
        tall = bottom - top
        if tall < HEAD_MIN_BODY_PX:
            continue
        pad = (right - left) // 4
        regions.append((max(0, left - pad), max(0, top - tall // 10), min(width, right + pad),
                        min(height, top + tall // 3), min(HEAD_MAX_SCALE, FACE_UNAIDED_PX * BODY_PER_FACE / tall)))
    return regions


def find_faces(detector: FaceEmbedder, rgb: np.ndarray, bodies: list[Body],
               whole: list[Face] | None = None) -> list[Face]:
    """Faces of one frame: the detector on the whole frame at its own scale (faces ≥ ~80 px; `whole` when
    already run), then on the enlarged head of each person the body detector found (smaller faces),
    instead of enlarging the whole frame (4× the pixels, ~2.5× the time, for faces that are mostly on
    people it sees anyway)."""
    found: list[Face] = list(detector.detect([rgb])[0] if whole is None else whole)
    height, width = rgb.shape[:2]
    for left, top, right, bottom, scale in head_regions(bodies, width, height):
        crop = np.ascontiguousarray(rgb[top:bottom, left:right])
        if scale > 1:
            crop = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
        for face in detector.detect([crop])[0]:
            x0, y0, x1, y1 = face.box
            box = (left + int(x0 / scale), top + int(y0 / scale), left + int(x1 / scale), top + int(y1 / scale))
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if not any(f.box[0] <= centre[0] <= f.box[2] and f.box[1] <= centre[1] <= f.box[3] for f in found):
                found.append(Face(box, face.score, face.embedding))
    return found


class VisionModels:
    """The lite models the stage's compute uses, loaded once per process (see StageContext.resource); the
    description embedder (MiniLM, torch) is the writer's (`finish`), so worker processes never load it."""

    def __init__(self) -> None:
        self.labeler = EfficientNetLabeler(threads=MODEL_THREADS)
        # upsample 0: faces ≥ ~80 px on the whole frame; smaller ones are looked for on people's heads
        self.faces = DlibFaces(upsample=0, min_score=0.3)
        self.people = HogPeopleDetector()
        self.ocr = RapidOcrReader(threads=MODEL_THREADS)


_shared_models: VisionModels | None = None


def shared_vision_models() -> VisionModels:
    """Loaded once per process: ingest runs and tests reuse them."""
    global _shared_models
    if _shared_models is None:
        _shared_models = VisionModels()
    return _shared_models


def image_embedder_for(settings: Settings) -> ImageEmbedder | None:
    """The full profile's image–text embedder when configured (else None: description vectors only)."""
    if settings.profile != "full" or not openclip.configured()[0]:
        return None
    return openclip.OpenClipEmbedder.from_local()


class VisionStage:
    name = "vision"
    splits = True
    needs: tuple[str, ...] = ()

    def __init__(self, models: Callable[[], Any] | None = None,
                 image_embedder: Callable[[Settings], ImageEmbedder | None] | None = None) -> None:
        self._models = models or shared_vision_models
        self._image_embedder = image_embedder or image_embedder_for

    def applies(self, video: VideoRecord) -> bool:
        return video.has_video

    def inputs(self, catalog: Catalog, video: VideoRecord, computed: dict[str, list[Any]]) -> None:
        return None

    def compute(self, ctx: ComputeContext) -> VisionPart:
        """Decode the piece and run the models on its distinct frames (indices count from 0 in the piece)."""
        video, piece = ctx.video, ctx.piece
        models: VisionModels = ctx.resource("vision_models", self._models)
        clip: ImageEmbedder | None = ctx.resource("frame_image_embedder", lambda: self._image_embedder(ctx.settings))
        expected = max(1.0, (min(video.duration, piece.end_s) - piece.start_s) * ctx.settings.frame_fps)
        part = VisionPart([], [], [])
        keys = part.keys
        batch: list[tuple[KeyFrame, np.ndarray]] = []
        ocr_state: dict[str, Any] = {"feature": None, "t": -1e18, "regions": [], "minute": -1}
        key_sig: np.ndarray | None = None
        key_view: np.ndarray | None = None
        key_minute, key_has_face = -1, False
        key_regions: list[Region] = []
        for frame in iter_frames(video.fs_path, ctx.settings.frame_fps, max_side=ANALYSIS_SIDE,
                                 start_s=piece.start_s, end_s=piece.end_s):
            t = video.start_at + frame.t
            sig, view = frame_signature(frame.rgb), view_thumbnail(frame.rgb)
            regions = text_regions(frame.rgb)
            # the key frame's view again: still (12×12 signature, unless word-like blobs appeared: a sign coming
            # into view barely moves it) or moved (same view once the camera's shift is undone; that test sees
            # a sign coming into view itself, while blob counts flicker on a moving camera);
            # each minute of the file starts a new run, so a piece cut on the minute grid sees what a whole pass sees
            still = (key_sig is not None and float(np.dot(sig, key_sig)) >= groups.DUPLICATE_SIMILARITY)
            repeats = (still and not more_text(regions, key_regions)) or (
                not still and key_view is not None and same_view(key_view, view))
            distinct = not repeats or run_minute(frame.t) != key_minute
            whole: list[Face] | None = None
            if not distinct and not key_has_face:
                # the detector misses a face now and then (blur, a turn): a face seen on a repeat of a
                # face-less key frame makes it a key frame of its own (~45 ms, against every model's ~0.5 s)
                whole = models.faces.detect([frame.rgb])[0]
                distinct = bool(whole)
            if distinct:
                key_sig, key_view, key_minute, key_regions = sig, view, run_minute(frame.t), regions
                if whole is None:
                    whole = models.faces.detect([frame.rgb])[0]
                key_has_face = bool(whole)
                scale = min(1.0, ctx.settings.thumbnail_px / max(frame.rgb.shape[:2]))
                keys.append(KeyFrame(len(part.offsets), frame.index, t, frame.t, scale=scale, regions=regions,
                                     whole_faces=whole))
                batch.append((keys[-1], frame.rgb))
                if len(batch) >= BATCH:
                    self._analyze(models, clip, batch, ocr_state, ctx.settings.near_crop)
                    batch = []
            part.key_of.append(len(keys) - 1)
            part.offsets.append(frame.t)
            ctx.report(0.9 * min(1.0, len(part.offsets) / expected))
        if batch:
            self._analyze(models, clip, batch, ocr_state, ctx.settings.near_crop)
        return part

    def finish(self, ctx: StageContext, parts: list[VisionPart]) -> VisionOutput:
        """Join the pieces onto the frames stage's rows, then group, describe and index the whole file."""
        video = ctx.video
        store = VisionStore(ctx.catalog)
        sampled = ctx.catalog.frames(video.id)
        if not sampled:
            raise ValueError("no sampled frames: the frames stage has not run for this video")
        frame_rows = {f.idx: f for f in sampled}
        keys: list[KeyFrame] = []
        key_of: list[int] = []  # per sampled frame: position in `keys`
        frame_idx: list[int] = []
        for part in parts:
            base, first = len(frame_idx), len(keys)
            if base + len(part.offsets) > len(sampled):
                raise ValueError(f"vision decoded more frames than the frames stage recorded ({len(sampled)})")
            for j, offset in enumerate(part.offsets):
                row = sampled[base + j]
                if abs(row.offset_s - offset) > 1e-3:
                    raise ValueError(f"vision decoded a frame at {offset:.3f} s where the frames stage has "
                                     f"{row.offset_s:.3f} s")
                frame_idx.append(row.idx)
            for k in part.keys:
                row = sampled[base + k.pos]
                k.pos, k.idx, k.t, k.offset_s = base + k.pos, row.idx, row.t, row.offset_s
            keys.extend(part.keys)
            key_of.extend(first + k for k in part.key_of)
        if not keys:
            raise ValueError("no frame of this video could be decoded for analysis")

        run_end: dict[int, float] = {}  # key position → absolute time of the last frame of its run
        for pos, key_pos in enumerate(key_of):
            run_end[key_pos] = frame_rows[frame_idx[pos]].t
        rows = self._group(store, keys, key_of, frame_idx, frame_rows, run_end)
        descriptions = self._describe(store, keys, rows)
        vectors = shared_text_embedder().embed(descriptions)
        clock = Clock(ctx.catalog.timeline_origin() or video.start_at, ctx.settings.timezone)
        place_of = {f.idx: f.place_id for f in rows.frames}
        people_of: dict[int, list[int]] = {}
        for face in rows.faces:
            if face.person_id is not None:
                people_of.setdefault(face.idx, []).append(face.person_id)
        lance_rows = [
            {"key": f"{video.id}:{k.idx}", "video_id": video.id, "idx": k.idx, "t": k.t, "t_end": run_end[i],
             "offset_s": k.offset_s, "day": clock.day(k.t), "place_id": place_of.get(k.idx) or -1,
             "people": people_key(people_of.get(k.idx, [])), "description": descriptions[i],
             "thumbnail": frame_rows[k.idx].thumbnail, "vector": vectors[i]}
            for i, k in enumerate(keys)
        ]
        write_video(ctx.vectors, video.id, lance_rows, int(vectors.shape[1]))
        index_state = maintain_index(ctx.vectors)
        if keys[0].image_vector is not None:  # the full profile's image–text embedder ran
            clip_rows = [{**row, "vector": k.image_vector} for row, k in zip(lance_rows, keys, strict=True)]
            write_video(ctx.vectors, video.id, clip_rows, len(keys[0].image_vector), table=CLIP_TABLE)
            maintain_index(ctx.vectors, name=CLIP_TABLE)
        ctx.report(1.0)
        ocr_frames = sum(k.ocr_ran for k in keys)
        n = len(frame_idx)
        detail = (
            f"{n} frames, {len(keys)} distinct; {len(rows.faces)} faces; {len(rows.visits)} place visits; "
            f"OCR on {ocr_frames}/{n} frames ({ocr_frames / n:.1%}); {index_state}"
        )
        return VisionOutput(rows, detail)

    def save(self, ctx: StageContext, output: VisionOutput) -> str:
        VisionStore(ctx.catalog).replace_video(ctx.video.id, output.rows)
        return output.detail

    # --- steps ---------------------------------------------------------------------------------

    @staticmethod
    def _analyze(models: VisionModels, clip: ImageEmbedder | None, batch: list[tuple[KeyFrame, np.ndarray]],
                 ocr_state: dict[str, Any], near_share: float) -> None:
        frames = [rgb for _, rgb in batch]
        squares = [near_square(rgb, near_share) for rgb in frames] if near_share > 0 else []
        results = models.labeler.analyze(frames + squares, batch_size=len(frames) + len(squares))  # one call
        analyses = results[: len(frames)]
        for (key, _), analysis, square in zip(batch, analyses, results[len(frames):], strict=False):
            key.near = near_labels(analysis, square)
            key.near_view = square.feature
        for (key, _), bodies in zip(batch, models.people.detect(frames), strict=True):
            key.bodies = bodies
        faces = [find_faces(models.faces, rgb, key.bodies, key.whole_faces) for key, rgb in batch]
        if clip is not None:
            for (key, _), vector in zip(batch, clip.embed_images([rgb for _, rgb in batch]), strict=True):
                key.image_vector = vector
        for (key, rgb), analysis, found in zip(batch, analyses, faces, strict=True):
            key.analysis = analysis
            key.faces = found
            key.colours = groups.colour_signature(rgb)
            regions = key.regions
            last = ocr_state["feature"]
            # the scene's text was read already, unless text-like blobs appeared since (a sign came into view)
            same_scene = (last is not None and float(np.dot(last, analysis.feature)) >= OCR_SAME_SCENE
                          and key.t - ocr_state["t"] < OCR_REPEAT_S
                          and not more_text(regions, ocr_state["regions"], more_by=0)
                          and run_minute(key.offset_s) == ocr_state["minute"])
            if not same_scene and len(regions) >= TEXT_REGIONS_MIN:
                key.texts = models.ocr.read(rgb)
                key.ocr_ran = True
                ocr_state.update(feature=analysis.feature, t=key.t, regions=regions, minute=run_minute(key.offset_s))

    @staticmethod
    def _group(store: VisionStore, keys: list[KeyFrame], key_of: list[int], frame_idx: list[int],
               frame_rows: dict, run_end: dict[int, float]) -> VisionRows:
        rows = VisionRows()
        run_length = [0] * len(keys)
        for key_pos in key_of:
            run_length[key_pos] += 1
        features = [k.analysis.feature for k in keys if k.analysis is not None]
        colours = [k.colours for k in keys if k.colours is not None]
        tints = colours if len(colours) == len(features) else None
        scenes = groups.split_scenes(features, [k.t for k in keys], tints)
        centroids = [np.mean([features[i] for i in scene], axis=0) for scene in scenes]
        scene_tints = [np.mean([tints[i] for i in scene], axis=0) for scene in scenes] if tints is not None else None
        known_places = [groups.Cluster(p.id, p.centroid, p.n_frames, colours=p.colours)
                        for p in store.places() if p.centroid is not None]
        place_ids = groups.assign_places(centroids, [len(s) for s in scenes], known_places, store.next_place_id(),
                                         scene_tints)
        rows.new_places = [c.id for c in known_places if c.new]
        place_of_key: dict[int, int] = {}
        for n, (scene, place_id, centroid) in enumerate(zip(scenes, place_ids, centroids, strict=True)):
            for i in scene:
                place_of_key[i] = place_id
            unit = centroid / max(float(np.linalg.norm(centroid)), 1e-6)
            tint = None if scene_tints is None else \
                (scene_tints[n] / max(float(np.linalg.norm(scene_tints[n])), 1e-6)).astype(np.float32)
            n_frames = sum(run_length[i] for i in scene)
            rows.visits.append(VisitRow(place_id, keys[scene[0]].t, run_end[scene[-1]], n_frames,
                                        unit.astype(np.float32), tint))

        known_people = [groups.Cluster(p.id, p.centroid, p.n_faces) for p in store.people() if p.centroid is not None]
        all_faces = [(k, f) for k in keys for f in k.faces]
        person_ids = groups.assign_faces([f.embedding for _, f in all_faces], known_people, store.next_person_id())
        rows.new_people = [c.id for c in known_people if c.new]
        for (k, f), person_id in zip(all_faces, person_ids, strict=True):
            box = tuple(round(v * k.scale) for v in f.box)
            rows.faces.append(FaceRow(k.idx, k.t, box, f.score, f.embedding, person_id))  # type: ignore[arg-type]

        for k in keys:
            assert k.analysis is not None
            for rank, label in enumerate(k.analysis.labels):
                rows.labels.append(LabelRow(k.idx, rank, label.index, label.name, label.score))
            for rank, label in enumerate(k.near, start=len(k.analysis.labels)):
                rows.labels.append(LabelRow(k.idx, rank, label.index, label.name, label.score, "near"))
            for box in k.texts:
                rows.texts.append(TextRow(k.idx, k.t, box.text, box.score))
        for pos, idx in enumerate(frame_idx):
            key = keys[key_of[pos]]
            rows.frames.append(FrameVisionRow(idx, frame_rows[idx].t, key.idx, place_of_key[key_of[pos]],
                                              key.ocr_ran and key.idx == idx, None, len(key.bodies),
                                              key.near_view if key.idx == idx else None))
        return rows

    @staticmethod
    def _describe(store: VisionStore, keys: list[KeyFrame], rows: VisionRows) -> list[str]:
        names = {p.id: p.display for p in store.people()}
        faces_by_idx: dict[int, list[str]] = {}
        for face in rows.faces:
            if face.person_id is not None:
                faces_by_idx.setdefault(face.idx, []).append(names.get(face.person_id, f"Person {face.person_id}"))
        descriptions = []
        for k in keys:
            assert k.analysis is not None
            descriptions.append(describe_frame(k.analysis.labels, faces_by_idx.get(k.idx, []),
                                               [b.text for b in k.texts], k.near, len(k.bodies)))
        by_key = {k.idx: d for k, d in zip(keys, descriptions, strict=True)}
        rows.frames = [replace(f, description=by_key[f.key_idx]) for f in rows.frames]
        return descriptions
