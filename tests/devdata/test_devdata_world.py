"""Worlds and wording that cannot be memorised: pools vary by seed, phrasing banks and their fixed dev /
held-out split, time expressions that name one day, and held-out questions of every kind."""

from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from collections import Counter
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType

import pytest

from vidmem.devdata import AmbiguousQuestion, fourth_world, other_world, third_world
from vidmem.devdata.phrasings import (
    BANKS,
    PARTS,
    Phrasing,
    forms_for,
    phrasings,
    placeholders,
    read_when,
    render,
    say_when,
    split_of,
)
from vidmem.devdata.questions import ASKS, CATEGORIES, Generator, generate
from vidmem.devdata.schedule import Scheduler
from vidmem.devdata.script import ARRIVALS, OUR_DIALOGUES
from vidmem.devdata.speech import SpeechCache
from vidmem.devdata.truth import ME, Person, Span, Truth, Video
from vidmem.devdata.uniqueness import HOLDS, Question, check
from vidmem.devdata.world import (
    FACT_POOLS,
    NAMES,
    OBJECT_LOOKS,
    PLACE_LOOKS,
    PLACE_NAMES,
    SIGNS,
    VOICES,
    World,
    draw_world,
    is_fourth_world_seed,
    is_heldout_seed,
    is_other_world_seed,
    is_third_world_seed,
)

DEV_SEEDS = range(0, 12)


def test_pools_are_larger_than_any_world() -> None:
    assert sum(len(names) for names in NAMES.values()) >= 30
    assert len({v.key for v in VOICES}) == len(VOICES) >= 20
    assert sum(v.sex == "f" for v in VOICES) >= 6
    assert {v.key.split(":")[0] for v in VOICES} == {"piper", "flite", "espeak-ng"}
    assert len(PLACE_NAMES) >= 9 and len(PLACE_LOOKS) >= 9
    assert len(OBJECT_LOOKS) >= 10 and len(SIGNS) >= 30


def _worlds() -> list[World]:
    return [draw_world(seed) for seed in DEV_SEEDS]


def test_each_world_is_drawn_from_the_pools_by_its_seed() -> None:
    for world in _worlds():
        assert world == draw_world(world.seed)  # the seed alone decides
        assert 5 <= len(world.people) <= 7 and world.people[0].id == ME and world.people[0].face is None
        voices = {p.voice: v for p in world.people for v in VOICES if v.key == p.voice}
        assert len(voices) == len(world.people), "distinct voices"
        assert len({v.group for v in voices.values()}) == len(voices), "no two near-identical voices"
        assert sum(v.sex == "f" for v in voices.values()) >= 2
        assert len({p.name for p in world.people}) == len(world.people)
        assert len({p.face for p in world.people[1:]}) == len(world.people) - 1
        assert len(world.places) >= 7 and len(set(world.looks[p] for p in world.places)) == len(world.places)
        assert not set(world.facts["spot"]) & set(world.places)


def test_worlds_differ_between_seeds() -> None:
    worlds = _worlds()
    a, b = worlds[0], worlds[1]
    assert {p.name for p in a.people} != {p.name for p in b.people}
    assert {p.voice for p in a.people} != {p.voice for p in b.people}
    assert set(a.places) != set(b.places)
    assert a.start_date.weekday() != b.start_date.weekday()
    # over a dozen seeds: most of each pool comes up, and the first day falls on many weekdays
    assert len({p.name for w in worlds for p in w.people}) >= 30
    assert len({p.voice for w in worlds for p in w.people}) >= 15
    assert len({p for w in worlds for p in w.places}) >= 12
    assert len({w.start_date.weekday() for w in worlds}) >= 5
    assert len({p.face for w in worlds for p in w.people if p.face and p.face.startswith("drawn:")}) >= 3
    assert not is_heldout_seed(999) and is_heldout_seed(1000)


def test_other_world_seeds_draw_nothing_a_dev_world_can_have() -> None:
    assert not is_other_world_seed(1999) and is_other_world_seed(2000) and is_heldout_seed(2000)
    assert not is_third_world_seed(499) and is_third_world_seed(500) and not is_third_world_seed(750)
    assert is_fourth_world_seed(750) and not is_fourth_world_seed(1000)
    assert draw_world(1500).wording == "ours" and draw_world(499).wording == "ours"


@pytest.mark.parametrize(("first_seed", "author"), [(2000, "other"), (500, "third"), (750, "fourth")])
def test_another_authors_world_draws_nothing_ours_can_have(first_seed: int, author: str) -> None:
    """Another author's names, places, names of things, signs and facts; the same pictures."""
    ours_names = {n.lower() for names in NAMES.values() for n in names}
    for seed in range(first_seed, first_seed + 6):
        world = draw_world(seed)
        assert world.wording == author
        assert not {p.name.lower() for p in world.people} & ours_names
        assert not set(world.places) & {*PLACE_NAMES, *FACT_POOLS["spot"]}
        assert not set(world.objects) & set(OBJECT_LOOKS)
        assert {world.looks[o] for o in world.objects} <= set(OBJECT_LOOKS.values())
        assert not set(world.signs) & set(SIGNS)
        for slot in ("restaurant", "spot", "item", "gift", "city", "time"):
            assert not set(world.facts[slot]) & set(FACT_POOLS[slot]), slot
        assert not set(world.facts["spot"]) & set(world.places)


@pytest.mark.parametrize("author", [third_world, fourth_world], ids=["third", "fourth"])
def test_a_dev_author_shares_no_pool_with_the_held_out_one(author: ModuleType) -> None:
    """Developing on a dev author's world must not be developing on the held-out second one."""
    assert not {n.lower() for ns in author.NAMES.values() for n in ns} & {
        n.lower() for ns in other_world.NAMES.values() for n in ns}
    assert not set(author.PLACE_NAMES) & set(other_world.PLACE_NAMES)
    assert not set(author.OBJECT_NAMES.values()) & set(other_world.OBJECT_NAMES.values())
    assert not set(author.SIGNS) & set(other_world.SIGNS)
    for slot, pool in author.FACT_POOLS.items():
        assert not set(pool) & set(other_world.FACT_POOLS[slot]), slot


def _fields(template: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(template) if name)


@pytest.mark.parametrize("author", [other_world, third_world, fourth_world], ids=["other", "third", "fourth"])
def test_another_wording_states_each_fact_in_words_of_its_own(author: ModuleType) -> None:
    """Every line position of every topic says the same facts and names as ours, in other words."""
    assert set(author.DIALOGUES) == set(OUR_DIALOGUES)
    for topic, positions in OUR_DIALOGUES.items():
        theirs = author.DIALOGUES[topic]
        assert len(theirs) == len(positions), topic
        for ours, ways in zip(positions, theirs, strict=True):
            assert len(ways) >= 2
            for way in ways:
                assert _fields(way) == _fields(ours[0]) and way not in ours, (topic, way)
    assert len(author.ARRIVALS) >= 10 and not set(author.ARRIVALS) & set(ARRIVALS)
    assert all(_fields(a) == ["place"] for a in author.ARRIVALS)


def test_every_pool_voice_is_installed_and_speaks() -> None:
    """A world may draw any voice of the pool: each must be installed (else VoiceUnavailable says how)."""
    cache = SpeechCache()
    for voice in VOICES:
        audio = cache.get(voice.key, "Hello, I am here.")
        assert 0.4 < len(audio) / 16000 < 3.0, voice.key


def test_every_pool_picture_loads() -> None:
    from vidmem.devdata.video import background, face_image, object_image
    from vidmem.devdata.world import DRAWN_FACES, PHOTO_FACES

    for source in PLACE_LOOKS:
        assert background(source).shape == (396, 704, 3), source
    for source in OBJECT_LOOKS.values():
        assert max(object_image(source).shape[:2]) == 170, source
    import dlib
    import numpy as np

    detector = dlib.get_frontal_face_detector()
    for source in (*PHOTO_FACES, *DRAWN_FACES):
        face = face_image(source)
        assert face.shape[0] == 220, source
        if source in PHOTO_FACES:  # a photo face is found at video size, as a person's face in view is
            frame = np.full((360, 640, 3), 128, np.uint8)
            frame[110:330, 12 : 12 + face.shape[1]] = face
            assert len(detector(frame, 0)) == 1, source


def test_phrasing_banks_and_the_split_rule() -> None:
    known = {"when", "When", "S", "N", "Q", "P", "P1", "P2", "O", "be", "T", "L", "C", "C12", "wh", "rest", "about"}
    assert set(BANKS) == set(HOLDS) - {"first"} | {"first_object", "first_place", "first_speaker", "first_mention"}
    for bank, texts in BANKS.items():
        assert len(texts) >= 5, bank
        assert len(set(texts)) == len(texts), bank
        dev, held = phrasings(bank, "dev"), phrasings(bank, "heldout")
        assert len(dev) >= 2 and len(held) >= 2, bank
        # the rule is positional: odd positions held out, and ids name the position
        assert all(int(p.id.split("/")[1]) % 2 == 0 for p in dev) and all(int(p.id.split("/")[1]) % 2 for p in held)
        for phrasing in phrasings(bank):
            assert placeholders(phrasing.text) <= known, phrasing
    assert [split_of(i) for i in range(4)] == ["dev", "heldout", "dev", "heldout"]
    # appending a phrasing to a bank never moves an old one to the other split
    grown = [Phrasing(f"said/{i}", t, split_of(i)) for i, t in enumerate((*BANKS["said"], "new {S}?"))]
    assert [p.split for p in grown[:-1]] == [p.split for p in phrasings("said")]


def test_questions_per_category_come_from_several_phrasings() -> None:
    by_category: dict[str, set[str]] = {}
    for bank in BANKS:
        category = {"said": "what_said", "speaker_of": "who_said", "object_during": "in_view_while_said",
                    "place_during": "where_when", "first_visit_at": "where_when", "usual_place": "where_when",
                    "sign_at": "onscreen_text",
                    "sign_during": "onscreen_text"}.get(bank)
        if category is None:
            category = ("what_came_first" if bank.startswith("first_") else
                        "how_many" if bank.startswith("count_") else "multi_hop")
        by_category.setdefault(category, set()).update(p.id for p in phrasings(bank))
    assert set(by_category) == set(CATEGORIES)
    assert all(len(ids) >= 5 for ids in by_category.values())


def test_rendering_casual_and_formal() -> None:
    formal = phrasings("speaker_of")[2]
    assert render(formal, {"Q": "See you at noon."}, "yesterday") == 'Yesterday, who said "See you at noon."?'
    assert render(formal, {"Q": "See you at noon."}, "") == 'Who said "See you at noon."?'
    casual = phrasings("said")[1]
    slots = {"wh": "which platform", "S": "Amara", "rest": "the train leaves from"}
    assert render(casual, slots, "on Tuesday") == "which platform did amara say the train leaves from on tuesday?"
    assert all(ask[0] and ask[1] and ask[2] for ask in ASKS.values())


@pytest.mark.parametrize("start", [date(2026, 3, 2) + timedelta(days=k) for k in range(7)])
def test_time_words_name_one_recorded_day(start: date) -> None:
    dates = {d: start + timedelta(days=d - 1) for d in (1, 2, 3)}
    for day in dates:
        for form in forms_for(day, dates):
            for part in (None, *PARTS):
                words = say_when(form, day, dates, part)
                assert read_when(words, dates) == (day, part), words
                assert read_when(words.lower(), dates) == (day, part), words
    assert read_when("yesterday", dates)[0] == 2 and read_when("today", dates)[0] == 3
    assert "relative" not in forms_for(1, {d: start + timedelta(days=d - 1) for d in range(1, 5)})
    # a weekday that two recorded days share names neither
    week = {d: start + timedelta(days=d - 1) for d in range(1, 9)}
    assert "weekday" not in forms_for(1, week) and "weekday" in forms_for(2, week)
    with pytest.raises(ValueError):
        read_when(f"on {start:%A}", week)


def _two_days() -> Truth:
    truth = Truth(seed=0, days=2, minutes_per_day=1, people=[
        Person(ME, "Mei", "flite:slt", None), Person("Omar", "Omar", "flite:awb", "f1"),
        Person("Rosa", "Rosa", "espeak-ng:en-us+f2", "f2"), Person("Kofi", "Kofi", "flite:rms", "f3"),
    ], places=["bakery", "harbour"], objects=["cat", "coins"])
    d1, d2 = 1_772_409_600.0 + 9 * 3600, 1_772_496_000.0 + 15 * 3600  # Mon 2 Mar 2026 09:00, Tue 3 Mar 15:00
    for day, start in ((1, d1), (2, d2)):
        video = f"videos/{day}.mp4"
        truth.videos.append(Video(video, start, 60.0, day))
        truth.spans += [Span("scene", video, day, day, start, start + 60, "bakery"),
                        Span("utterance", video, day, day, start + 2, start + 4, "Omar" if day == 1 else "Rosa",
                             "See you at noon.")]
    truth.sort()
    return truth


def test_a_day_named_in_words_must_make_the_answer_unique_within_that_day() -> None:
    truth = _two_days()
    options = ("Omar", "Rosa", "Kofi", ME)
    anyday = {"kind": "speaker_of", "quote": "See you at noon."}
    with pytest.raises(AmbiguousQuestion):  # said on both days: ambiguous without a day
        check(truth, Question("q", "who said it?", options, 1, "who_said", anyday))
    check(truth, Question("q", "who said it yesterday?", options, 0, "who_said",
                          {**anyday, "day": 1, "when": "yesterday"}))
    check(truth, Question("q", "who said it this afternoon?", options, 1, "who_said",
                          {**anyday, "day": 2, "part": "afternoon", "when": "this afternoon"}))
    with pytest.raises(AmbiguousQuestion, match="names day 2"):  # "today" is the last day, not day 1
        check(truth, Question("q", "who said it today?", options, 0, "who_said", {**anyday, "day": 1, "when": "today"}))
    with pytest.raises(AmbiguousQuestion):  # nothing was said on Tuesday morning
        check(truth, Question("q", "who said it this morning?", options, 1, "who_said",
                              {**anyday, "day": 2, "part": "morning", "when": "this morning"}))
    check(truth, Question("q", "who said it on monday?", options, 0, "who_said",
                          {**anyday, "day": 1, "when": "on Monday"}))


@pytest.fixture(scope="module")
def planned() -> Truth:
    """A held-out world planned (speech synthesized for timing, no video): the CI corpus size."""
    truth, _ = Scheduler(1002, SpeechCache()).plan(2, 3.0)
    truth.seed = 1002
    return truth


def test_small_corpus_gives_eight_questions_per_kind_and_split(planned: Truth) -> None:
    questions, _ = generate(planned, planned.seed, per_kind=8)
    counts = Counter((q.category, q.split) for q in questions)
    assert all(counts[(c, s)] >= 8 for c in CATEGORIES for s in ("dev", "heldout")), counts
    # wording varies: several phrasings per category and split, and several ways of naming the day
    for category in CATEGORIES:
        for split in ("dev", "heldout"):
            ids = {q.phrasing for q in questions if q.category == category and q.split == split}
            assert len(ids) >= 2, (category, split, ids)
    forms = Counter(q.spec["when"].split()[0].lower() for q in questions if q.spec.get("when"))
    assert {"on", "yesterday", "today"} <= set(forms) or {"on", "yesterday", "this"} <= set(forms), forms
    assert any(q.question == q.question.lower() for q in questions)  # some typed casually
    # the options of a question come from its world
    people = {p.id for p in planned.people}
    for q in questions:
        if q.spec["kind"] in {"speaker_of", "spoke_where_object", "spoke_at_both", "spoke_at_place_near"}:
            assert set(q.options) <= people
        if q.spec["kind"] in {"place_during", "place_after_sign"}:
            assert set(q.options) <= set(planned.places)


def test_the_questions_do_not_depend_on_the_processs_hash_seed(tmp_path: Path) -> None:
    """A seed fixes its questions in any process: nothing is drawn in the order of a set of strings (seed 1001
    asked other usual-place questions in every process before)."""
    truth, _ = Scheduler(1001, SpeechCache()).plan(2, 3.0)
    truth.seed = 1001
    path = tmp_path / "truth.json"
    path.write_text(json.dumps(truth.to_json()))
    code = ("import json, sys; from pathlib import Path; from vidmem.devdata.truth import Truth; "
            "from vidmem.devdata.questions import generate; truth = Truth.load(Path(sys.argv[1])); "
            "print(json.dumps([q.question for q in generate(truth, truth.seed, per_kind=8)[0]]))")
    runs = {subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout for hash_seed in ("1", "2", "3")}
    assert len(runs) == 1 and len(json.loads(runs.pop())) >= 8 * len(CATEGORIES)


def test_generator_rewords_one_draft_in_both_splits(planned: Truth) -> None:
    import random

    generator = Generator(planned, random.Random(0))
    draft = next(generator.who_said())
    worded = {split: generator.word(draft, split) for split in ("dev", "heldout")}
    for split, question in worded.items():
        assert question is not None and question.split == split
        assert split_of(int(question.phrasing.split("/")[1])) == split
        assert question.options[question.answer] == draft.answer


def test_a_fact_is_asked_only_from_the_line_that_states_it(planned: Truth) -> None:
    """A spot mentioned aside ("I will be at the bank first") is no answer to "where were the keys found?"."""
    import random

    stated = {("spot", "object"): "found", ("spot", "lost"): "left", ("spot", "meeting"): "it is on"}
    drafts = list(Generator(planned, random.Random(0)).what_said())
    asked = Counter()
    for draft in drafts:
        line = next(u for u in planned.utterances if (u.t0, u.t1) == draft.refs[0])
        slot = next(k for k, v in line.facts if v == draft.answer)
        if (slot, line.topic) in stated:
            asked[(slot, line.topic)] += 1
            assert stated[(slot, line.topic)] in line.text.lower(), (draft.slots["rest"], line.text)
    assert asked, "the world asks no spot at all"
    # the remark aside still happened and is still quotable by who said it and where
    asides = [u for u in planned.utterances if u.topic == "aside"]
    assert asides and all(dict(u.facts).get("spot") for u in asides)


@pytest.mark.parametrize("seed", [2001, 501, 751])
def test_an_other_world_speaks_its_own_wording_and_still_asks_every_kind(seed: int) -> None:
    truth, _ = Scheduler(seed, SpeechCache()).plan(2, 3.0)
    ours = [re.compile(".+".join(re.escape(text) for text, *_ in string.Formatter().parse(way)) + ".*")
            for positions in OUR_DIALOGUES.values() for ways in positions for way in ways]
    said = [u.text for u in truth.utterances]
    assert said and not [t for t in said if any(line.fullmatch(t) for line in ours)]
    assert any(u.topic == "arrival" for u in truth.utterances)
    questions, _ = generate(truth, seed, per_kind=8)
    counts = Counter((q.category, q.split) for q in questions)
    assert all(counts[(c, s)] >= 8 for c in CATEGORIES for s in ("dev", "heldout")), counts
