"""The CLI starts at once: importing it, and every command's --help, load none of the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("torch", "lancedb", "spacy", "llama_cpp", "faster_whisper", "sentence_transformers", "cv2")

# walks every command and sub-command of the app, asks each for --help, then reports what got imported
_PROBE = """
import json, sys
import typer
from typer.testing import CliRunner
from vidmem.cli.main import app

after_import = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY)
runner = CliRunner()
command = typer.main.get_command(app)
paths, failed = [], []

def walk(cmd, path):
    paths.append(path)
    if hasattr(cmd, "commands"):
        for name, sub in cmd.commands.items():
            walk(sub, [*path, name])

walk(command, [])
for path in paths:
    result = runner.invoke(app, [*path, "--help"])
    if result.exit_code != 0 or "Usage" not in result.output:
        failed.append(path)
after_help = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY)
print(json.dumps({"import": after_import, "help": after_help, "paths": paths, "failed": failed}))
"""


def test_importing_the_cli_and_every_help_loads_no_heavy_library() -> None:
    out = subprocess.run([sys.executable, "-c", f"HEAVY = {HEAVY!r}\n{_PROBE}"], capture_output=True, text=True,
                         check=True, timeout=120)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["import"] == []
    assert report["help"] == []
    assert report["failed"] == []
    # the walk reached the nested groups too (search audio, graph sql, eval run, …)
    assert ["search", "audio"] in report["paths"] and ["eval", "run"] in report["paths"]
    assert len(report["paths"]) > 20
