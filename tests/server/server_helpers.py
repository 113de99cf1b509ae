"""Helpers of the server's tests: clients, a real `vidmem serve` process, copies of the Library."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from vidmem.server import ServeConfig, create_app

SRC = Path(__file__).resolve().parents[2] / "src"
TOKEN = "test-token-0123456789abcdef"


def first_of(questions: list[dict], category: str) -> dict:
    return next(q for q in questions if q["category"] == category)


def copy_library(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".writer.*"))
    return target


def make_client(library: Path, **config: object) -> TestClient:
    settings = {"answerer": "rules", "planner": "rules", **config}
    app = create_app(ServeConfig(library=library, **settings), warm=False)  # type: ignore[arg-type]
    return TestClient(app, base_url="http://127.0.0.1:8000")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cli_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}


class Served:
    def __init__(self, process: subprocess.Popen, url: str) -> None:
        self.process = process
        self.url = url


def start_server(library: Path, *args: str, token: str | None = None, timeout_s: float = 600) -> Served:
    """`vidmem serve` as its own process (the command a user runs), answered once /api/summary is."""
    port = free_port()
    command = [sys.executable, "-m", "vidmem.cli.main", "serve", "--library", str(library), "--port", str(port),
               "--answerer", "rules", "--planner", "rules", *args]
    env = cli_env()
    if token:
        env["VIDMEM_TOKEN"] = token
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    headers = {"authorization": f"Bearer {token}"} if token else {}
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"vidmem serve exited: {process.stdout.read() if process.stdout else ''}")
        try:
            if httpx.get(f"{url}/api/summary", headers=headers, timeout=5).status_code == 200:
                return Served(process, url)
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    stop_server(Served(process, url))
    raise RuntimeError("vidmem serve did not answer in time")


def stop_server(served: Served) -> None:
    served.process.terminate()
    try:
        served.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()
