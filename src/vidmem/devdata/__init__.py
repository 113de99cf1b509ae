"""Generated first-person test footage with exact ground truth: `make_corpus(out, days, minutes_per_day, seed)`.

Each seed draws its own world (names, voices, faces, places, objects, signs, start date; seeds ≥ 1000 are
held out). Real photos (scikit-image, scikit-learn, matplotlib sample data) and drawings as places, held
objects, faces and signs; real speech from many voices (Piper, flite, espeak-ng); truth.json with every
fact at absolute times and questions.jsonl whose answers are checked to be unique, worded by dev or
held-out phrasings (`read_questions(folder, split="heldout")`).
"""

from vidmem.devdata.corpus import CorpusInfo, make_corpus, read_questions
from vidmem.devdata.truth import Truth
from vidmem.devdata.uniqueness import AmbiguousQuestion
from vidmem.devdata.world import is_heldout_seed

__all__ = ["AmbiguousQuestion", "CorpusInfo", "Truth", "is_heldout_seed", "make_corpus", "read_questions"]
