"""spaCy's pipeline loads without torch (thinc would import it for layers the pipeline never uses) and
without spaCy's command line (imported by `spacy/__init__` for one function), both still importable."""

from __future__ import annotations

import json
import subprocess
import sys

_PROBE = """
import json, sys
from vidmem.models.language import shared_nlp
doc = shared_nlp()("Grace left her umbrella at the hospital on Monday.")
without = "torch" in sys.modules
cli = "spacy.cli.download" in sys.modules or "weasel" in sys.modules
import torch  # the same thread may still import torch afterwards
import spacy
from spacy.cli import download  # so may spaCy's command line
print(json.dumps({"torch_with_spacy": without, "torch_after": torch.zeros(2).shape[0],
                  "cli_with_spacy": cli, "cli_after": callable(download) and callable(spacy.cli.info),
                  "ents": [(e.text, e.label_) for e in doc.ents], "parse": [(t.text, t.pos_, t.dep_) for t in doc]}))
"""


def test_the_parser_loads_without_torch_and_torch_stays_importable() -> None:
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=300)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["torch_with_spacy"] is False
    assert found["torch_after"] == 2
    assert found["cli_with_spacy"] is False and found["cli_after"] is True
    assert ("Grace", "PERSON") in [tuple(e) for e in found["ents"]]  # the tagger, parser and NER all ran
    parse = {text: (pos, dep) for text, pos, dep in found["parse"]}
    assert parse["left"] == ("VERB", "ROOT") and parse["umbrella"][1] == "dobj"
