"""The second look at a line's seconds: real photos held small at the bottom of a wide view, decoded again
from a real video file, read by the real classifier and text embedder."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image
from skimage import data

from vidmem.agent.answer import EvidenceAnswerer, minilm_similarity, number_evidence
from vidmem.agent.answer.look import FrameLook, Recording, crops, merged
from vidmem.agent.query import Query
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.models.minilm_numpy import query_text_embedder
from vidmem.models.text_embedding import minilm_id
from vidmem.retrieval.types import Hit

START = 1_700_000_000.0  # the file's start as an absolute time
SIZE = (640, 480)


def held(thing: np.ndarray | None) -> np.ndarray:
    """A wide view (the rocket photo, scaled to fill the frame) with `thing` held small in its lower middle,
    as a head-mounted camera sees what its wearer holds."""
    view = Image.fromarray(data.rocket()).resize(SIZE)
    if thing is not None:
        small = Image.fromarray(thing).resize((220, 170))
        view.paste(small, ((SIZE[0] - 220) // 2, SIZE[1] - 190))
    return np.asarray(view)


CUP, CAT = 16.0, 20.0  # when the cup and the cat are held (4 s each)


@pytest.fixture(scope="module")
def footage(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """0–16 s the view alone, 16–20 s a cup of coffee held, 20–24 s a cat held (1 frame a second)."""
    shots = [held(None)] * 16 + [held(data.coffee())] * 4 + [held(data.chelsea())] * 4
    path = tmp_path_factory.mktemp("look") / "held.mp4"
    with av.open(str(path), mode="w") as container:
        stream = container.add_stream("libx264", rate=1)
        stream.width, stream.height = SIZE
        stream.pix_fmt = "yuv420p"
        for i, image in enumerate(shots):
            frame = av.VideoFrame.from_ndarray(image, format="rgb24")
            frame.pts, frame.time_base = i, Fraction(1, 1)
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return path


def look_at(path: Path) -> FrameLook:
    """As `build_agent` makes it: the class names' vectors kept under the embedder's id."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "gone"
    return FrameLook({7: Recording(path, START, 24.0, digest)}, lambda texts: query_text_embedder().embed(list(texts)),
                     embedder_id=minilm_id())


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The backgrounds and class vectors go to a cache of the test's own."""
    monkeypatch.setenv("VIDMEM_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def test_the_thing_held_while_a_line_was_said_gets_the_most_likeness(footage: Path) -> None:
    look = look_at(footage)
    things = ["mug of coffee", "kitten"]  # worded unlike any class name ("coffee mug", "tabby")
    cup = look(things, [(7, START + CUP + 1.2, START + CUP + 2.8)])
    cat = look(things, [(7, START + CAT + 1.1, START + CAT + 2.5)])
    view = look(things, [(7, START + 5, START + 7)])
    assert cup.mass is not None and cat.mass is not None and view.lift is not None
    assert cup.mass[0] > 2 * cup.mass[1], cup
    assert cat.mass[1] > 2 * cat.mass[0], cat
    # over the Library's usual view: each thing stands out where it is held, and neither in the view alone
    assert cup.lift is not None and cat.lift is not None
    assert cup.lift[0] > 3 and cat.lift[1] > 3 and view.lift.max() < 1.5, (cup.lift, cat.lift, view.lift)


def test_the_background_is_kept_for_the_next_process(footage: Path) -> None:
    from vidmem.agent.answer import look as module

    first, why = look_at(footage).background()
    assert first is not None and not why and first.shape == (16, 4, 1000)
    module._BACKGROUNDS.clear()  # a new process: read back from the cache
    again, _ = look_at(footage).background()
    assert again is not None and np.array_equal(first, again)


def test_nothing_to_look_at_says_why(footage: Path, tmp_path: Path) -> None:
    things = ["mug of coffee", "kitten"]
    gone = look_at(tmp_path / "gone.mp4")(things, [(7, START + CUP, START + CUP + 1)])  # the file moved
    assert gone.mass is None and "gone.mp4 is no longer there" in gone.note
    unknown = look_at(footage)(things, [(8, START + 5, START + 6)])  # a video it does not know
    assert unknown.mass is None and "video 8" in unknown.note
    nothing = look_at(footage)(["qwzx"], [(7, START + 5, START + 6)])  # no class resembles the word
    assert nothing.mass is None and "no image class" in nothing.note


def test_a_word_many_classes_resemble_gathers_no_more_classes_than_a_narrow_one(footage: Path) -> None:
    look = look_at(footage)
    alike = look.classes_like(["dog", "coffee mug"])  # 118 dog breeds; one mug
    assert 1 <= alike[0].sum() <= look.config.look_classes and alike[1].sum() >= 1


def test_hits_close_in_time_are_decoded_once() -> None:
    assert merged([(1, 10, 11), (1, 11.5, 12), (2, 11, 12), (1, 30, 31)], 2.0) == [
        (1, 10, 12), (1, 30, 31), (2, 11, 12)]


def test_frames_are_capped_and_crops_cover_the_lower_middle(footage: Path) -> None:
    look = look_at(footage)
    frames, problems = look.frames([(7, START, START + 24)])
    assert not problems
    assert len(frames) == look.config.look_frames
    parts = crops(frames[0])
    h = frames[0].shape[0]
    assert parts[0].shape == frames[0].shape
    assert all(p.size for p in parts)
    assert parts[-1].shape[:2] == (h // 2, h // 2)  # the lower-centre square


def anchored(t0: float, t1: float) -> tuple[Plan, list]:
    """'what was I holding when Ana said …': the line (subtask 0), then the frames during it (subtask 1),
    whose stored description names nothing like any option."""
    plan = Plan(intent="what", subtasks=[
        Subtask(goal="the line", tool="audio_search", args={"query": "ferry"}, pick="best"),
        Subtask(goal="in view", tool="visual_search", args={"query": "object held in hand"}, ref=0,
                relation="during", window_s=2.0)])
    line = Hit("audio", 7, t0, t1, 0.9, "The ferry leaves at noon.", offset_s=t0 - START, speaker="Ana")
    view = Hit("visual", 7, t0, t0 + 1, 0.5, "1 face: Person 2", offset_s=t0 - START)
    return plan, number_evidence([MemoryEntry(0, "audio_search", [line], [(t0, t1)], [], [0.9]),
                                  MemoryEntry(1, "visual_search", [view], [(t0, t0 + 1)], [], [0.5])])


def test_the_scorer_asks_for_a_second_look_when_no_stored_label_shows_an_option(footage: Path,
                                                                                 tmp_path: Path) -> None:
    held = Query(text="what was I holding when Ana said the ferry leaves at noon?", intent="what",
                 modalities=["near_camera", "visual"])
    options = ["A. a violin", "B. a mug of coffee", "C. a kitten"]
    answerer = EvidenceAnswerer(minilm_similarity, look=look_at(footage))
    plan, ev = anchored(START + CUP + 1.2, START + CUP + 2.8)
    cup = answerer.decide(held, options, plan, ev)
    assert cup.choice == "B" and "second look" in cup.justification and cup.cited[0].hit.modality == "audio"
    plan, ev = anchored(START + CAT + 1.1, START + CAT + 2.5)
    assert answerer.decide(held, options, plan, ev).choice == "C"
    # the view alone (no option in it): no option is favoured
    plan, ev = anchored(START + 5.2, START + 6.2)
    calm = answerer.decide(held, options, plan, ev)
    assert "favours no option" in calm.justification, calm.justification
    # the file gone: the answer says why it could not look
    lost = EvidenceAnswerer(minilm_similarity, look=look_at(tmp_path / "moved.mp4"))
    moved = lost.decide(held, options, *anchored(START + CUP + 1.2, START + CUP + 2.8))
    assert "moved.mp4 is no longer there" in moved.justification


def test_a_look_that_favours_no_option_clearly_still_breaks_a_tie() -> None:
    from vidmem.agent.answer.look import Sight

    held = Query(text="what was I holding when Ana said the ferry leaves at noon?", intent="what",
                 modalities=["near_camera", "visual"])
    options = ["A. a violin", "B. a teapot"]  # nothing stored names either: both equal before the look

    def faint(lifts: list[float]) -> FrameLook:
        return lambda things, spans: Sight(np.array([0.01, 0.01]), np.array(lifts), 4)  # type: ignore[return-value]

    plan, ev = anchored(START + CUP + 1.2, START + CUP + 2.8)
    for lifts, choice in (([1.2, 1.9], "B"), ([1.9, 1.2], "A")):  # above its usual share, under `look_lift`
        got = EvidenceAnswerer(lambda a, b: np.zeros((len(a), len(b)), dtype=np.float32), look=faint(lifts)
                               ).decide(held, options, plan, ev)
        assert got.choice == choice and "favours no option clearly" in got.justification, got.justification


def test_things_a_look_shows_plainly_though_alike_go_before_one_no_label_names() -> None:
    from vidmem.agent.answer import minilm_similarity
    from vidmem.agent.answer.look import Sight

    held = Query(text="what was I holding when Ana said the ferry leaves at noon?", intent="what",
                 modalities=["near_camera", "visual"])
    options = ["A. a violin", "B. a mug", "C. a jug"]  # no stored label names the violin; mugs and jugs it does
    plan, ev = anchored(START + CUP + 1.2, START + CUP + 2.8)
    labels = ["coffee mug", "water jug", "street sign"]

    def sight(lifts: list[float]) -> FrameLook:
        return lambda things, spans: Sight(np.array([0.01, 0.09, 0.08]), np.array(lifts), 6)  # type: ignore[return-value]

    # a look that shows neither plainly: the thing no label names comes first, as without a look
    faint = EvidenceAnswerer(minilm_similarity, labels=labels, look=sight([0.5, 1.5, 1.4]))
    assert faint.decide(held, options, plan, ev).choice == "A"
    # the mug and the jug both plainly there, alike: the one lifted most
    got = EvidenceAnswerer(minilm_similarity, labels=labels, look=sight([0.5, 8.0, 6.5])).decide(
        held, options, plan, ev)
    assert got.choice == "B" and "favours no option clearly" in got.justification, got.justification


def test_a_thing_named_at_another_moment_is_recognised_by_how_it_looks(footage: Path) -> None:
    from vidmem.agent.answer.same_thing import SameThing

    look = look_at(footage)
    cup_then, cup_now, cat = (7, START + CUP, START + CUP + 1.5), (7, START + CUP + 2.2, START + CUP + 3.5), \
        (7, START + CAT + 1.0, START + CAT + 2.5)
    views = look.near_views([cup_then])
    assert views is not None and np.allclose(np.linalg.norm(views, axis=1), 1.0, atol=1e-4)
    # the lines that named each option in view: the cup at one moment, the cat at another, the violin never
    lines = {"a mug of coffee": [cup_then], "a kitten": [cat]}
    same = SameThing(look.near_views, lambda thing: lines.get(thing, []))
    like = same(["a violin", "a mug of coffee", "a kitten"], [cup_now])
    assert like.cos[0] is None and like.named_at[1] == cup_then
    assert like.cos[1] is not None and like.cos[2] is not None
    assert like.cos[1] >= look.config.same_thing_min > like.cos[2], like
    assert like.known == [False, False, False]  # each named once: what they look like, not what they don't
    # the scorer: nothing stored names an option, and the classifier is not asked (no `look`); the option named
    # where the moment looks the same wins
    held = Query(text="what was I holding when Ana said the ferry leaves at noon?", intent="what",
                 modalities=["near_camera", "visual"])
    answerer = EvidenceAnswerer(lambda x, y: np.zeros((len(x), len(y)), dtype=np.float32), same=same)
    got = answerer.decide(held, ["A. a violin", "B. a mug of coffee", "C. a kitten"], *anchored(*cup_now[1:]))
    assert got.choice == "B" and "named in view" in got.justification, got.justification
    # nothing named: the moment is not decoded at all
    calls: list[object] = []
    quiet = SameThing(lambda spans: calls.append(spans), lambda thing: [])  # type: ignore[arg-type,func-returns-value]
    assert quiet(["a violin"], [cup_now]).cos == [None] and not calls


def test_a_thing_whose_look_is_known_is_not_what_a_moment_shows_unlike_it() -> None:
    from vidmem.agent.answer.same_thing import SameThing

    # made-up near views: the kite named at two scenes far apart, alike; the drum named once; the moment shows
    # something like neither
    kite, drum, other = np.eye(3, dtype=np.float32)
    at = {(7, 100.0): kite, (7, 900.0): kite, (8, 50.0): drum}
    lines = {"kite": [(7, 100.0, 102.0), (7, 900.0, 902.0)], "drum": [(8, 50.0, 52.0)]}
    same = SameThing(lambda spans: np.stack([at.get(s[:2], other) for s in spans]), lambda t: lines.get(t, []))
    like = same(["kite", "drum", "bell"], [(9, 10.0, 12.0)])
    assert like.known == [True, False, False] and like.cos[0] == 0.0 and like.cos[2] is None
    # two lines of one scene (a minute apart at most) prove nothing: the thing may have been put away by then
    lines["kite"] = [(7, 100.0, 102.0), (7, 130.0, 132.0)]
    at[(7, 130.0)] = kite
    assert same(["kite"], [(9, 10.0, 12.0)]).known == [False]
    # the scorer keeps half of a known thing's score where the moment looks unlike it
    lines["kite"] = [(7, 100.0, 102.0), (7, 900.0, 902.0)]
    held = Query(text="what was I holding when Ana said the ferry leaves at noon?", intent="what",
                 modalities=["near_camera", "visual"])
    answerer = EvidenceAnswerer(lambda x, y: np.zeros((len(x), len(y)), dtype=np.float32), same=same)
    got = answerer.decide(held, ["A. kite", "B. bell"], *anchored(START + 5, START + 6))
    assert got.choice == "B" and "not 'kite', which looked otherwise" in got.justification, got.justification
    # named once, its line's first second showing it: a moment a line was said at that looks unlike it rules it
    # out as well (a thing may be put away as the talk goes on, but is shown as it is named)
    lines["kite"] = [(7, 100.0, 102.0)]
    once = same(["kite", "bell"], [(9, 10.0, 12.0)])
    assert once.known == [False, False] and once.unlike == [True, False]
    got = answerer.decide(held, ["A. kite", "B. bell"], *anchored(START + 5, START + 6))
    assert got.choice == "B", got.justification


def test_asked_without_options_a_thing_goes_by_the_word_a_line_named_it_in_view_by() -> None:
    from vidmem.agent.answer.same_thing import SameThing

    # made-up near views: "red kite" named in view at 100 s, a drum at 50 s of another file; the asked moment
    # (the line at START + 5) looks like the kite, one at START + 30 like nothing named
    kite, drum, other = np.eye(3, dtype=np.float32)
    at = {(7, 100.0): kite, (8, 50.0): drum, (7, START + 5): kite}
    lines = {"red kite": [(7, 100.0, 102.0)], "drum": [(8, 50.0, 52.0)]}
    same = SameThing(lambda spans: np.stack([at.get(s[:2], other) for s in spans]), lambda t: lines.get(t, []),
                     things=lambda: ["drum", "red kite"])
    assert same.called([(7, START + 5, START + 6)]) == ("red kite", 1.0, (7, 100.0, 102.0))
    assert same.called([(7, START + 30, START + 31)]) is None
    held = Query(text="what was I holding when Ana said the ferry leaves at noon?", intent="what",
                 modalities=["near_camera", "visual"])
    answerer = EvidenceAnswerer(lambda x, y: np.zeros((len(x), len(y)), dtype=np.float32), same=same)
    got = answerer.decide(held, [], *anchored(START + 5, START + 6))
    assert got.text.startswith("red kite (it looks like what was called 'red kite'"), got.text
    assert got.cited and got.cited[0].hit.t0 == START + 5
    # nothing named looks like the moment: no name is made up (no frame label either: "I don't know")
    assert EvidenceAnswerer(lambda x, y: np.zeros((len(x), len(y)), dtype=np.float32), same=same).decide(
        held, [], *anchored(START + 30, START + 31)).text.startswith("I don't know")


def test_asked_without_options_only_the_likeliest_things_by_stored_views_are_decoded() -> None:
    from vidmem.agent.answer.same_thing import SameThing

    # five things named in view at 100, 200, … s; the stored key views (no decoding) put the asked moment
    # (900 s) nearest the first three; only their named moments are decoded again
    looks = np.eye(6, dtype=np.float32)
    here = looks[0] * 0.9 + looks[1] * 0.3 + looks[2] * 0.2 + looks[5] * 0.1
    here /= np.linalg.norm(here)
    things = ["kite", "drum", "bell", "oar", "lamp"]
    keys = [(7, 100.0 * (i + 1), 100.0 * (i + 1) + 5, looks[i]) for i in range(5)] + [(7, 900.0, 905.0, here)]
    decoded: list[tuple[int, float, float]] = []

    def views(spans: Sequence[tuple[int, float, float]]) -> np.ndarray:
        decoded.extend(spans)
        return np.stack([here if s[1] >= 900 else looks[int(s[1] // 100) - 1] for s in spans])

    same = SameThing(views, lambda t: [(7, 100.0 * (things.index(t) + 1), 100.0 * (things.index(t) + 1) + 2)],
                     key_views=lambda t0, t1: [k for k in keys if (t0 is None or k[1] >= t0) and
                                               (t1 is None or k[1] <= t1)],
                     things=lambda: things)
    assert same.called([(7, 900.0, 902.0)]) == ("kite", pytest.approx(float(here[0])), (7, 100.0, 102.0))
    assert sorted({s[1] for s in decoded} - {900.0}) == [100.0, 200.0, 300.0]


def test_a_named_things_look_finds_its_sightings_where_no_line_names_it() -> None:
    from vidmem.agent.answer.same_thing import SameThing

    kite, drum, other = np.eye(3, dtype=np.float32)
    # key frames ingest kept (video, time, end of the frames repeating it, near view): the kite at 100–104 (named
    # there), again at 110 (the same sighting: within `event_gap_s`), at 500 and on the next day at 90 000
    keys = [(7, 100.0, 104.0, kite), (7, 110.0, 111.0, kite), (7, 200.0, 230.0, other), (7, 500.0, 505.0, kite),
            (7, 600.0, 601.0, drum), (8, 90_000.0, 90_002.0, kite)]

    def key_views(t0: float | None, t1: float | None) -> list[tuple[int, float, float, np.ndarray]]:
        return [k for k in keys if (t0 is None or k[1] >= t0) and (t1 is None or k[1] <= t1)]

    views = {(7, 100.0): kite}
    lines = {"kite": [(7, 100.0, 102.0)]}
    same = SameThing(lambda spans: np.stack([views.get(s[:2], other) for s in spans]), lambda t: lines.get(t, []),
                     key_views=key_views)
    assert same.sightings("kite") == [(7, 100.0, 111.0), (7, 500.0, 505.0), (8, 90_000.0, 90_002.0)]
    assert same.sightings("kite", [(0.0, 86_400.0)]) == [(7, 100.0, 111.0), (7, 500.0, 505.0)]
    assert same.sightings("kite", [(0.0, 300.0), (80_000.0, 95_000.0)]) == [(7, 100.0, 111.0),
                                                                            (8, 90_000.0, 90_002.0)]
    assert same.sightings("drum") is None  # never named in view: its look is not known, nothing is said
    assert SameThing(same.views, same.named).sightings("kite") is None  # ingest kept no near views


def test_the_scorer_counts_sightings_by_a_named_things_look() -> None:
    from vidmem.agent.answer.same_thing import SameThing

    kite, other = np.eye(2, dtype=np.float32)
    keys = [(7, START + t, START + t + 3, kite if t in (10, 100, 300) else other) for t in range(0, 400, 10)]
    same = SameThing(lambda spans: np.stack([kite for _ in spans]), lambda t: [(7, START + 10, START + 12)],
                     key_views=lambda t0, t1: keys)
    query = Query(text="how many times did i see the kite?", intent="how_many", modalities=["visual"],
                  objects=["kite"], counting=True)
    plan = Plan(intent="how_many",
                subtasks=[Subtask(goal="find the kite", tool="visual_search", args={"query": "kite"})])
    answerer = EvidenceAnswerer(lambda x, y: np.zeros((len(x), len(y)), dtype=np.float32), same=same)
    got = answerer.decide(query, ["A. 1", "B. 2", "C. 3", "D. 4"], plan, [])
    assert got.choice == "C", got.justification
