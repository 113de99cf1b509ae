"""The command line as a user meets it: --library everywhere, --json for scripts, doctor."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from vidmem.cli.main import app

runner = CliRunner()


def test_status_and_summary_json_after_an_ingest(tmp_path: Path, clip_factory, monkeypatch) -> None:
    monkeypatch.setenv("VIDMEM_STAGES", "frames,segments")
    clip = clip_factory("20261102_081500.mp4", seconds=2.0)
    library = tmp_path / "lib"
    result = runner.invoke(app, ["ingest", str(clip), "--library", str(library), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["status"] == "ingested"
    status = json.loads(runner.invoke(app, ["status", "--library", str(library), "--json"]).stdout)
    assert status[0]["start_at"] == "2026-11-02T08:15:00+00:00"
    assert status[0]["stages"]["frames"]["status"] == "done"
    assert status[0]["stages"]["frames"]["detail"] == "2 frames"
    summary = json.loads(runner.invoke(app, ["summary", "--library", str(library), "--json"]).stdout)
    assert (summary["videos"], summary["frames"], summary["segments"], summary["days"]) == (1, 2, 1, 1)


def test_library_defaults_to_the_environment_variable(tmp_path: Path, clip_factory, monkeypatch) -> None:
    monkeypatch.setenv("VIDMEM_STAGES", "frames,segments")
    monkeypatch.setenv("VIDMEM_LIBRARY", str(tmp_path / "from-env"))
    clip = clip_factory(seconds=1.0)
    assert runner.invoke(app, ["ingest", str(clip)]).exit_code == 0
    assert (tmp_path / "from-env" / "catalog.sqlite").is_file()


def test_timezone_setting_changes_clock_labels(tmp_path: Path, clip_factory, monkeypatch) -> None:
    monkeypatch.setenv("VIDMEM_STAGES", "frames,segments")
    library = tmp_path / "lib"
    library.mkdir()
    (library / "vidmem.toml").write_text('timezone = "Asia/Tokyo"\n')
    clip = clip_factory("20261102_081500.mp4", seconds=1.0)  # read as Tokyo local time
    assert runner.invoke(app, ["ingest", str(clip), "-L", str(library)]).exit_code == 0
    status = json.loads(runner.invoke(app, ["status", "-L", str(library), "--json"]).stdout)
    assert status[0]["start_at"] == "2026-11-02T08:15:00+09:00"


def test_doctor_lists_every_capability_with_its_adapter(tmp_path: Path) -> None:
    result = runner.invoke(app, ["doctor", "--library", str(tmp_path / "none"), "--json"])
    report = json.loads(result.stdout)
    assert report["profile"] == "lite"
    rows = {row["capability"]: row for row in report["capabilities"]}
    assert rows["media"]["adapter"] == "pyav" and rows["media"]["ready"] is True
    assert all(row["adapter"] and row["detail"] for row in rows.values())
    assert result.exit_code == (0 if all(row["ready"] for row in rows.values()) else 1)
