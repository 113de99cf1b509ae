"""Recordings of many real synthesized voices talking in turns, with the truth of who spoke when.

A world draws 6–8 voices from every offline engine (Piper, flite, espeak-ng variants), at least three
of them female, and a wearer who takes part in every conversation. Each file holds a few conversations
of 2–4 people; lines come from a small grammar so lengths and words vary. Dev worlds are seeds < 1000,
held-out worlds seeds ≥ 1000: thresholds are tuned on the first and only reported on the second.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from speech_helpers import write_wav

RATE = 16_000
MALE = ["piper:en_US-joe-medium", "flite:awb", "flite:rms", "flite:kal16", "espeak-ng:en-us+m3",
        "espeak-ng:en-gb+m1", "espeak-ng:en-gb-scotland+m5", "espeak-ng:en+m7"]
FEMALE = ["flite:slt", "espeak-ng:en-us+f2", "espeak-ng:en-us+f4", "espeak-ng:en-gb+f3", "espeak-ng:en+f5",
          "espeak-ng:en-gb-x-rp+f1"]

_OPENERS = ["", "", "", "well, ", "so ", "honestly, ", "you know, ", "right, ", "okay, "]
_SUBJECTS = ["I", "we", "my brother", "the neighbours", "our team", "the kids", "my aunt", "everyone at work",
             "the manager", "a friend of mine"]
_VERBS = ["finished", "painted", "ordered", "forgot", "fixed", "found", "cancelled", "booked", "moved", "cleaned",
          "borrowed", "lost", "repaired", "checked", "delivered"]
_OBJECTS = ["the blue bicycle", "a new kettle", "the garden fence", "those concert tickets", "the spare key",
            "an old photo album", "the kitchen window", "the quarterly report", "a birthday present",
            "the green umbrella", "the car battery", "the library books", "a pot of soup", "the laptop charger"]
_TAILS = ["", "", " yesterday", " this morning", " last week", " before lunch", " after the meeting",
          " on the way home", " just in time", " without telling anyone", " for the second time"]
_QUESTIONS = ["did you see the weather forecast for tomorrow?", "what time does the shop close today?",
              "have you heard anything from the landlord?", "could you pass me the salt please?",
              "are we still meeting on the weekend?", "how long will the repair take?",
              "where did you put the printer paper?", "is there any coffee left in the pot?"]


def line(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(_QUESTIONS).capitalize()
    text = (f"{rng.choice(_OPENERS)}{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}"
            f"{rng.choice(_TAILS)}.")
    if rng.random() < 0.3:
        text = text[:-1] + f", and {rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}."
    return text[0].upper() + text[1:]


@dataclass(frozen=True)
class Turn:
    t0: float  # seconds into the file
    t1: float
    voice: str
    text: str


@dataclass(frozen=True)
class World:
    seed: int
    voices: list[str]  # voices[0] is the wearer
    files: list[Path]
    turns: list[list[Turn]]  # per file

    @property
    def female(self) -> set[str]:
        return {v for v in self.voices if v in FEMALE}


def draw_voices(seed: int, n: int = 7, n_female: int = 3) -> list[str]:
    rng = random.Random(seed)
    female = rng.sample(FEMALE, n_female)
    male = rng.sample(MALE, n - n_female)
    voices = female + male
    rng.shuffle(voices)
    return voices


def make_world(folder: Path, seed: int, *, n_voices: int = 7, n_female: int = 3, files: int = 3,
               conversations: int = 4, lines_per: tuple[int, int] = (7, 11)) -> World:
    """Synthesize the world's files into `folder` (wav, 16 kHz) with a truth file; reuse them when present."""
    from vidmem.devdata.speech import SpeechCache

    folder.mkdir(parents=True, exist_ok=True)
    truth_path = folder / "truth.json"
    voices = draw_voices(seed, n_voices, n_female)
    if truth_path.is_file():
        saved = json.loads(truth_path.read_text())
        return World(seed, saved["voices"], [folder / f for f in saved["files"]],
                     [[Turn(**t) for t in turns] for turns in saved["turns"]])
    rng = random.Random(seed * 7919 + 1)
    noise = np.random.default_rng(seed)
    cache = SpeechCache()
    wearer, others = voices[0], voices[1:]
    out_files, out_turns = [], []
    for f in range(files):
        parts = [np.zeros(int(0.5 * RATE), dtype=np.float32)]
        t = 0.5
        turns: list[Turn] = []
        for _ in range(conversations):
            people = [wearer, *rng.sample(others, rng.randint(1, 3))]
            previous = None
            for _ in range(rng.randint(*lines_per)):
                who = rng.choice([p for p in people if p != previous])
                previous = who
                text = line(rng)
                audio = cache.get(who, text)
                turns.append(Turn(round(t, 3), round(t + audio.size / RATE, 3), who, text))
                pause = rng.uniform(0.35, 1.2)
                parts += [audio, np.zeros(int(pause * RATE), dtype=np.float32)]
                t += audio.size / RATE + pause
            gap = rng.uniform(3.0, 6.0)
            parts.append(np.zeros(int(gap * RATE), dtype=np.float32))
            t += gap
        audio = np.concatenate(parts)
        audio = audio + noise.normal(0, 0.002, audio.size).astype(np.float32)  # room tone
        path = write_wav(folder / f"file{f + 1}.wav", audio)
        out_files.append(path)
        out_turns.append(turns)
    truth_path.write_text(json.dumps({"voices": voices, "files": [p.name for p in out_files],
                                      "turns": [[t.__dict__ for t in turns] for turns in out_turns]}))
    return World(seed, voices, out_files, out_turns)


def truth_voice(turns: list[Turn], t0: float, t1: float) -> str | None:
    """The voice that speaks most of [t0, t1] (file offsets), or None when nobody does."""
    overlap: dict[str, float] = {}
    for turn in turns:
        overlap[turn.voice] = overlap.get(turn.voice, 0.0) + max(0.0, min(t1, turn.t1) - max(t0, turn.t0))
    if not overlap:
        return None
    best = max(overlap, key=lambda v: overlap[v])
    return best if overlap[best] > 0 else None


def purity_per_voice(pairs: list[tuple[int | None, str]]) -> dict[str, dict[str, float]]:
    """For each true voice: its main cluster, the share of its utterances there (completeness), how pure
    that cluster is (share of the cluster's utterances that are this voice), and coverage (share of its
    utterances given any speaker)."""
    out = {}
    voices = sorted({v for _, v in pairs})
    clusters: dict[int, dict[str, int]] = {}
    for c, v in pairs:
        if c is not None:
            clusters.setdefault(c, {}).setdefault(v, 0)
            clusters[c][v] += 1
    for v in voices:
        mine = [c for c, w in pairs if w == v]
        assigned = [c for c in mine if c is not None]
        if not assigned:
            out[v] = {"n": len(mine), "cluster": -1, "completeness": 0.0, "purity": 0.0, "coverage": 0.0}
            continue
        main = max(set(assigned), key=assigned.count)
        out[v] = {"n": len(mine), "cluster": main, "completeness": assigned.count(main) / len(mine),
                  "purity": clusters[main][v] / sum(clusters[main].values()),
                  "coverage": len(assigned) / len(mine)}
    return out


class TruthTranscript:
    """A `transcribe` stage that writes the world's own turns as utterances (exact times and words), so the
    speaker stage's real voice embedding and clustering can be measured without the cost of ASR."""

    name = "transcribe"

    def __init__(self, world: World) -> None:
        self.turns = {path.resolve(): turns for path, turns in zip(world.files, world.turns, strict=True)}

    def applies(self, video) -> bool:  # type: ignore[no-untyped-def]
        return video.has_audio

    def run(self, ctx):  # type: ignore[no-untyped-def]
        from vidmem.store.speech import UtteranceRow

        start = ctx.video.start_at
        turns = self.turns[Path(ctx.video.fs_path).resolve()]
        return [UtteranceRow(i, start + t.t0, start + t.t1, t.text, [], "en") for i, t in enumerate(turns)]

    def save(self, ctx, output) -> str:  # type: ignore[no-untyped-def]
        from vidmem.store.speech import SpeechStore

        SpeechStore(ctx.catalog).replace_utterances(ctx.video.id, output)
        return f"{len(output)} utterances from the truth"


def ingest_world(library, world: World, stages_after: list, voices, transcriber=None):  # type: ignore[no-untyped-def]
    """Ingest the world's files one by one (a day each): utterances from the truth's turns (or, given a
    `transcriber`, from the real transcribe stage), then `stages_after` with the `voices` embedder."""
    from vidmem.ingest import Pipeline
    from vidmem.ingest.stages.audio import TranscribeStage

    first = TranscribeStage() if transcriber is not None else TruthTranscript(world)
    pipeline = Pipeline(library.catalog, library.vectors, library.thumbnails, library.settings, [first, *stages_after])
    pipeline.resources.update(voices=voices)
    if transcriber is not None:
        pipeline.resources.update(transcriber=transcriber)
    with library.writing():
        return [pipeline.ingest([path], start=f"2026-03-{i + 2:02d}T09:00:00") for i, path in enumerate(world.files)]
