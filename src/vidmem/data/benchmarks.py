"""The benchmarks `vidmem data fetch` knows: where their annotations live on the Hub, which files, and how
their videos are named; and the selection (--subset, --ids, --limit) of which videos to fetch."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from vidmem.eval.datasets import Dataset, load_egoschema, load_lvbench, load_videomme

YOUTUBE = "https://www.youtube.com/watch?v={id}"
SUBSETS = ("short", "medium", "long")


@dataclass(frozen=True)
class Benchmark:
    name: str
    repo: str  # Hugging Face dataset repository
    files: tuple[str, ...]  # annotation files in it
    on_youtube: bool  # video keys are YouTube ids; otherwise the user supplies the files
    not_on_youtube: str = ""  # where the videos come from instead

    def load(self, files: Iterable[Path]) -> Dataset:
        loader = {"videomme": load_videomme, "lvbench": load_lvbench, "egoschema": load_egoschema}[self.name]
        datasets = [loader(f, None, require_videos=False) for f in files]
        return Dataset(self.name, self.name, [q for d in datasets for q in d.questions])


BENCHMARKS = {
    "videomme": Benchmark("videomme", "lmms-lab/Video-MME", ("videomme/test-00000-of-00001.parquet",), True),
    "lvbench": Benchmark("lvbench", "THUDM/LVBench", ("video_info.meta.jsonl",), True),
    "egoschema": Benchmark(
        "egoschema", "lmms-lab/egoschema", ("Subset/test-00000-of-00001.parquet",), False,
        "EgoSchema's clips come from Ego4D (licence required), not YouTube; put them in DIR/videos/ as "
        "<video_idx>.mp4 and fetch again to record them",
    ),
}


class SelectionError(ValueError):
    """A selection the benchmark cannot honour (e.g. --subset where it has no duration buckets)."""


def select_videos(
    dataset: Dataset, *, subset: str | None = None, ids: Iterable[str] | None = None, limit: int | None = None,
) -> list[str]:
    """Video keys in annotation order, filtered by duration bucket and an id list, then the first `limit`."""
    if subset is not None:
        if subset not in SUBSETS:
            raise SelectionError(f"--subset {subset!r}: choose from {', '.join(SUBSETS)}")
        buckets = {q.duration for q in dataset.questions}
        if subset not in buckets:
            raise SelectionError(f"{dataset.name} has no {subset!r} subset (its buckets: "
                                 f"{', '.join(sorted(b for b in buckets if b)) or 'none'})")
    wanted = set(ids) if ids is not None else None
    keys: list[str] = []
    for q in dataset.questions:
        if q.video is None or q.video in keys:
            continue
        if subset is not None and q.duration != subset:
            continue
        if wanted is not None and q.video not in wanted:
            continue
        keys.append(q.video)
    if wanted is not None:
        unknown = sorted(wanted - set(keys) - {q.video for q in dataset.questions})
        if unknown:
            raise SelectionError(f"--ids: {len(unknown)} id(s) not in {dataset.name}: {', '.join(unknown[:5])}")
    return keys[:limit] if limit is not None else keys


def read_ids(path: Path) -> list[str]:
    """One video id per line; blank lines and '#' comments ignored."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise SelectionError(f"--ids {path}: {exc}") from None
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]
