"""`vidmem ingest --workers N`, `--ray` and `--ray-address`: which executor the command asks for."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from vidmem.cli import ingest as ingest_cli
from vidmem.cli.main import app


@pytest.mark.parametrize(("options", "wanted"), [
    ([], (None, None)),
    (["--workers", "2"], (2, None)),
    (["--ray"], (None, "local")),
    (["--ray-address", "10.0.0.5:6379"], (None, "10.0.0.5:6379")),
    (["--ray", "--ray-address", "auto", "--workers", "8"], (8, "auto")),
])
def test_the_executor_options(options: list[str], wanted: tuple, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple] = []

    def refuse(workers: int | None, ray: str | None) -> None:
        asked.append((workers, ray))
        raise ingest_cli.ExecutorUnavailable("no cluster here")

    monkeypatch.setattr(ingest_cli, "_executor", refuse)
    result = CliRunner().invoke(app, ["ingest", str(tmp_path), "--library", str(tmp_path / "lib"), *options])
    assert asked == [wanted]
    assert result.exit_code == 2
    assert "no cluster here" in result.stderr


def test_workers_must_be_positive(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["ingest", str(tmp_path), "--library", str(tmp_path / "lib"), "--workers", "0"])
    assert result.exit_code == 2
