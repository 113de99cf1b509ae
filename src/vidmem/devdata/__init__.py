"""Generated first-person test footage with exact ground truth: `make_corpus(out, days, minutes_per_day, seed)`.

Real photos (scikit-image, scikit-learn, matplotlib sample data) as places, held objects, faces and
signs; real speech from several voices (Piper, flite, espeak-ng); truth.json with every fact at
absolute times and questions.jsonl whose answers are checked to be unique.
"""

from vidmem.devdata.corpus import CorpusInfo, make_corpus
from vidmem.devdata.truth import Truth
from vidmem.devdata.uniqueness import AmbiguousQuestion

__all__ = ["AmbiguousQuestion", "CorpusInfo", "Truth", "make_corpus"]
