"""A one-shot question loads only what reading and scoring it need: spaCy and the numpy MiniLM (no torch, no
decoders); the example bank's vectors come from the user cache after the first process, equal to computed ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HEAVY = ("torch", "sentence_transformers", "transformers", "lancedb", "llama_cpp", "sklearn", "cv2", "av")

_PROBE = """
import json, sys
import numpy as np
from vidmem.agent.answer.scorer import minilm_similarity
from vidmem.agent.query.intent import IntentReader, question_form, shared_intent_reader
from vidmem.agent.query.reader import question_shape

reader = shared_intent_reader()
question = "where did I leave my keys after lunch"
reading = reader.read(question, form=question_form(question))
sims = minilm_similarity(["an umbrella"], ["have you seen my umbrella", "the train leaves at six"])
heavy = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY)
computed = IntentReader(reader.embed, shape=question_shape).bank if sys.argv[1] == "compare" else reader.bank
print(json.dumps({"heavy": heavy, "intent": reading.intent, "sims": sims[0].tolist(),
                  "bank_error": float(np.abs(computed - reader.bank).max()), "bank_rows": len(reader.bank)}))
"""


def _probe(cache: Path, mode: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", f"HEAVY = {HEAVY!r}\n{_PROBE}", mode], capture_output=True,
                         text=True, check=True, timeout=600, env={**os.environ, "VIDMEM_CACHE": str(cache)})
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_reading_and_scoring_a_question_load_no_torch_and_reuse_the_bank(tmp_path: Path) -> None:
    first = _probe(tmp_path, "plain")
    assert first["heavy"] == []
    assert first["intent"] == "where"
    assert first["sims"][0] > first["sims"][1] + 0.2  # the paraphrase is nearer than the unrelated line
    assert list((tmp_path / "embeddings").glob("*.npy"))  # the bank was kept
    second = _probe(tmp_path, "compare")  # this one reads the bank back, and checks it against a fresh one
    assert second["heavy"] == []
    assert second["bank_rows"] == first["bank_rows"] > 0
    assert second["bank_error"] < 1e-5
