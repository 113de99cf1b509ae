"""Dataset loaders: Video-MME, LVBench, EgoSchema and the vidmem corpus format, all read into one `Question` model.

A dataset is a list of multiple-choice questions plus the video files they are about. Video-MME and
LVBench questions are about one video each (time references are offsets into that video); corpus
questions are about the whole corpus (time references are absolute instants).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vidmem.timeline import iso, parse_iso


class DatasetError(ValueError):
    """A dataset file that cannot be read as its format says; the message names the file and the entry."""


@dataclass(frozen=True)
class TimeRef:
    t0: float
    t1: float
    video: str | None = None  # None: absolute seconds since the epoch; else offsets into this dataset video


@dataclass(frozen=True)
class Question:
    qid: str
    question: str
    options: tuple[str, ...]  # option texts, without their letters; option i has letter "ABCD…"[i]
    answer: str  # the correct letter
    category: str = "all"
    video: str | None = None  # dataset key of the one video the question is about; None = the whole corpus
    duration: str | None = None  # "short" | "medium" | "long" where the dataset says
    time_refs: tuple[TimeRef, ...] = ()

    @property
    def letters(self) -> str:
        return string.ascii_uppercase[: len(self.options)]

    def option_lines(self) -> list[str]:
        return [f"{letter}. {text}" for letter, text in zip(self.letters, self.options, strict=True)]


@dataclass(frozen=True)
class VideoSource:
    key: str  # how questions name the video (Video-MME videoID, LVBench key, corpus file name)
    path: Path
    start_at: str | None = None  # ISO-8601 start, where the dataset gives one


@dataclass
class Dataset:
    name: str
    kind: str  # "videomme" | "lvbench" | "egoschema" | "corpus"
    questions: list[Question]
    videos: list[VideoSource] = field(default_factory=list)

    def video(self, key: str) -> VideoSource:
        for video in self.videos:
            if video.key == key:
                return video
        raise KeyError(key)


# --- options -------------------------------------------------------------------------------------

_LETTERED = re.compile(r"^\s*\(?\s*([A-Z])\s*[.):：\]]\s*(.*)$", re.DOTALL)
_INLINE = re.compile(r"\(([A-Z])\)\s*")


def split_options(raw: list[Any], where: str) -> tuple[str, ...]:
    """Option texts from ["A. x", "B) y", "(C) z", …] or plain ["x", "y"]; letters must run A, B, C…"""
    if not isinstance(raw, list | tuple) or len(raw) < 2:
        raise DatasetError(f"{where}: options must be a list of at least two entries, got {raw!r}")
    texts = []
    for i, item in enumerate(raw):
        text = str(item).strip()
        match = _LETTERED.match(text)
        if match:
            if match[1] != string.ascii_uppercase[i]:
                raise DatasetError(f"{where}: option {i + 1} is lettered {match[1]!r}, expected "
                                   f"{string.ascii_uppercase[i]!r}")
            text = match[2].strip()
        texts.append(text)
    return tuple(texts)


def split_inline_options(text: str, where: str) -> tuple[str, tuple[str, ...]]:
    """LVBench style: "question\\n(A) x\\n(B) y" → ("question", ("x", "y"))."""
    parts = _INLINE.split(text)
    if len(parts) < 5:
        raise DatasetError(f"{where}: no '(A) …' options in the question {text[:80]!r}")
    stem, rest = parts[0].strip(), parts[1:]
    letters, options = rest[0::2], tuple(p.strip() for p in rest[1::2])
    if "".join(letters) != string.ascii_uppercase[: len(letters)]:
        raise DatasetError(f"{where}: options lettered {''.join(letters)!r}, expected A, B, C…")
    return stem, options


def _answer_letter(raw: Any, options: tuple[str, ...], where: str) -> str:
    text = str(raw).strip()
    match = re.fullmatch(r"\(?([A-Z])\)?[.)]?", text)
    if match is None:
        raise DatasetError(f"{where}: answer {raw!r} is not an option letter")
    letter = match[1]
    if letter not in string.ascii_uppercase[: len(options)]:
        raise DatasetError(f"{where}: answer {letter!r} but only {len(options)} options")
    return letter


def _mmss(text: str) -> float:
    parts = [float(p) for p in text.strip().split(":")]
    seconds = 0.0
    for part in parts:
        seconds = seconds * 60 + part
    return seconds


def _find_video(folder: Path, key: str) -> Path | None:
    from vidmem.ingest.discovery import VIDEO_EXTENSIONS  # here: the ingest package is heavy to import

    for suffix in sorted(VIDEO_EXTENSIONS):
        path = folder / f"{key}{suffix}"
        if path.is_file():
            return path
    return None


def _videos(folder: Path | None, keys: list[str], require: bool) -> list[VideoSource]:
    if folder is None:
        return []
    out, missing = [], []
    for key in dict.fromkeys(keys):
        path = _find_video(folder, key)
        if path is None:
            missing.append(key)
        else:
            out.append(VideoSource(key, path))
    if missing and require:
        raise DatasetError(f"{folder}: no video file for {len(missing)} id(s): {', '.join(missing[:5])}…")
    return out


def _read_json(path: Path, *, lines: bool = False) -> Any:
    """A JSON document; with `lines`, a JSON-lines file (one document per line) reads as their list."""
    try:
        text = path.read_text(encoding="utf-8")
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            if not lines:
                raise
            return [json.loads(line) for line in text.splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read as JSON: {exc}") from None


def _read_parquet(path: Path) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    try:
        return pq.read_table(path).to_pylist()
    except Exception as exc:  # pyarrow raises several unrelated types for a bad file
        raise DatasetError(f"{path}: cannot read as parquet: {exc}") from None


# --- Video-MME ----------------------------------------------------------------------------------


def _load_rows(annotations: Path, kind: str, to_question: Callable[[dict[str, Any], str], Question],
               videos: Path | None, require_videos: bool) -> Dataset:
    """A parquet file or JSON list of one-question rows, each read by `to_question(row, where)`."""
    annotations = Path(annotations)
    rows = _read_parquet(annotations) if annotations.suffix == ".parquet" else _read_json(annotations)
    if not isinstance(rows, list):
        raise DatasetError(f"{annotations}: expected a list of questions")
    questions = []
    for n, row in enumerate(rows):
        where = f"{annotations} entry {n + 1}"
        try:
            questions.append(to_question(row, where))
        except (KeyError, TypeError) as exc:
            raise DatasetError(f"{where}: missing or bad field {exc}") from None
    keys = [q.video for q in questions if q.video]
    return Dataset(annotations.stem, kind, questions, _videos(videos, keys, require_videos))


def _videomme_question(row: dict[str, Any], where: str) -> Question:
    options = split_options(list(row["options"]), where)
    return Question(
        qid=str(row["question_id"]), question=str(row["question"]).strip(), options=options,
        answer=_answer_letter(row["answer"], options, where), category=str(row.get("task_type") or "all"),
        video=str(row["videoID"]), duration=str(row["duration"]) if row.get("duration") else None,
    )


def load_videomme(annotations: Path, videos: Path | None = None, *, require_videos: bool = True) -> Dataset:
    """The official parquet (`test-00000-of-00001.parquet`) or its JSON list form."""
    return _load_rows(annotations, "videomme", _videomme_question, videos, require_videos)


# --- LVBench ------------------------------------------------------------------------------------


def load_lvbench(path: Path, videos: Path | None = None, *, require_videos: bool = True) -> Dataset:
    """{"key", "qa": [{"uid", "question", "answer", "question_type", "time_reference"}]} per video: the official
    `video_info.meta.jsonl` (one per line) or a JSON list of them."""
    path = Path(path)
    entries = _read_json(path, lines=True)
    if isinstance(entries, dict):
        entries = [entries]
    if not isinstance(entries, list):
        raise DatasetError(f"{path}: expected a list of videos")
    questions = []
    for entry in entries:
        try:
            key = str(entry["key"])
            for qa in entry["qa"]:
                where = f"{path} video {key} question {qa.get('uid')}"
                stem, options = split_inline_options(str(qa["question"]), where)
                kinds = qa.get("question_type") or ["all"]
                category = ",".join(kinds) if isinstance(kinds, list) else str(kinds)
                refs = []
                for span in str(qa.get("time_reference") or "").split(","):
                    if "-" in span:
                        start, end = span.split("-", 1)
                        try:
                            refs.append(TimeRef(_mmss(start), _mmss(end), key))
                        except ValueError:
                            raise DatasetError(f"{where}: bad time_reference {span!r}") from None
                questions.append(
                    Question(
                        qid=str(qa["uid"]), question=stem, options=options,
                        answer=_answer_letter(qa["answer"], options, where), category=category,
                        video=key, duration="long", time_refs=tuple(refs),
                    )
                )
        except (KeyError, TypeError) as exc:
            raise DatasetError(f"{path}: missing or bad field {exc}") from None
    keys = [q.video for q in questions if q.video]
    return Dataset(path.stem, "lvbench", questions, _videos(videos, keys, require_videos))


# --- EgoSchema ------------------------------------------------------------------------------------


def _egoschema_question(row: dict[str, Any], where: str) -> Question:
    options = split_options(list(row["option"]), where)
    index = str(row["answer"]).strip()
    if not index.isdigit() or int(index) >= len(options):
        raise DatasetError(f"{where}: answer {row['answer']!r} is not an option index")
    return Question(qid=str(row["question_idx"]), question=str(row["question"]).strip(), options=options,
                    answer=string.ascii_uppercase[int(index)], video=str(row["video_idx"]))


def load_egoschema(annotations: Path, videos: Path | None = None, *, require_videos: bool = True) -> Dataset:
    """The Hub's `Subset` parquet (the 500 questions with public answers): question_idx, question, video_idx,
    option (five texts), answer (the option's index)."""
    return _load_rows(annotations, "egoschema", _egoschema_question, videos, require_videos)


# --- a folder written by `vidmem data fetch` ------------------------------------------------------

FETCH_MANIFEST = "fetch.json"  # what was fetched: annotation files, and per video present or missing (why)
FETCHED_VIDEOS = "videos"  # <video id>.<ext>
_LOADERS = {"videomme": load_videomme, "lvbench": load_lvbench, "egoschema": load_egoschema}


def load_fetched(folder: Path, kind: str) -> Dataset:
    """The questions about the videos a fetch selected and found; the ones it could not get are left out (the
    manifest says why), so a benchmark with removed videos still runs on what is there."""
    folder = Path(folder)
    manifest = _read_json(folder / FETCH_MANIFEST)
    if not isinstance(manifest, dict) or manifest.get("benchmark") != kind:
        raise DatasetError(f"{folder / FETCH_MANIFEST}: not a {kind} fetch (run `vidmem data fetch {kind}`)")
    files = [folder / f["path"] for f in manifest.get("annotations", [])]
    if not files or not all(f.is_file() for f in files):
        raise DatasetError(f"{folder}: annotation files missing; run `vidmem data fetch {kind}` again")
    present = {key for key, v in manifest.get("videos", {}).items() if v.get("status") == "present"}
    datasets = [_LOADERS[kind](f, folder / FETCHED_VIDEOS, require_videos=False) for f in files]
    questions = [q for d in datasets for q in d.questions if q.video in present]
    videos = list({v.key: v for d in datasets for v in d.videos if v.key in present}.values())
    return Dataset(f"{kind}-{folder.name}", kind, questions, videos)


# --- vidmem corpus ------------------------------------------------------------------------------


def load_corpus(folder: Path, *, require_videos: bool = True) -> Dataset:
    """A folder with manifest.json ({"videos": [{"file", "start_at"}]}) and questions.jsonl."""
    folder = Path(folder)
    manifest = _read_json(folder / "manifest.json")
    if not isinstance(manifest, dict) or not isinstance(manifest.get("videos"), list):
        raise DatasetError(f"{folder / 'manifest.json'}: expected {{\"videos\": [...]}}")
    videos = []
    for n, item in enumerate(manifest["videos"]):
        if not isinstance(item, dict) or "file" not in item:
            raise DatasetError(f"{folder / 'manifest.json'} video {n + 1}: no \"file\"")
        path = folder / str(item["file"])
        if require_videos and not path.is_file():
            raise DatasetError(f"{folder / 'manifest.json'} video {n + 1}: {path} does not exist")
        start = item.get("start_at")
        if isinstance(start, int | float):
            start = iso(float(start))
        videos.append(VideoSource(str(item["file"]), path, start))
    questions = []
    lines_path = folder / "questions.jsonl"
    try:
        lines = lines_path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DatasetError(f"{lines_path}: {exc}") from None
    for n, line in enumerate(lines):
        if not line.strip():
            continue
        where = f"{lines_path} line {n + 1}"
        try:
            row = json.loads(line)
            options = split_options(list(row["options"]), where)
            refs = tuple(TimeRef(parse_iso(str(a)), parse_iso(str(b))) for a, b in row.get("time_reference") or [])
            questions.append(
                Question(
                    qid=str(row["qid"]), question=str(row["question"]).strip(), options=options,
                    answer=_answer_letter(row["answer"], options, where),
                    category=str(row.get("category") or "all"), time_refs=refs,
                )
            )
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{where}: not JSON: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, DatasetError):
                raise
            raise DatasetError(f"{where}: missing or bad field {exc}") from None
    return Dataset(folder.name, "corpus", questions, videos)


def load_dataset(spec: str, *, require_videos: bool = True) -> Dataset:
    """`corpus:PATH`; `videomme|lvbench|egoschema:ANNOTATIONS[:VIDEOS]`; or `videomme|lvbench|egoschema:DIR`
    for a folder written by `vidmem data fetch`."""
    kind, _, rest = spec.partition(":")
    if not rest:
        raise DatasetError(
            f"dataset {spec!r}: expected corpus:PATH, videomme:DIR, videomme:ANNOTATIONS:VIDEOS, lvbench:… "
            "or egoschema:…"
        )
    if kind == "corpus":
        return load_corpus(Path(rest), require_videos=require_videos)
    if kind not in _LOADERS:
        raise DatasetError(f"unknown dataset kind {kind!r} (corpus, {', '.join(_LOADERS)})")
    first, _, second = rest.partition(":")
    if not second and Path(first).is_dir():
        return load_fetched(Path(first), kind)
    videos = Path(second) if second else None
    return _LOADERS[kind](Path(first), videos, require_videos=require_videos)
