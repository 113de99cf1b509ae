"""A local stand-in for the Hugging Face Hub and a video host, on a loopback port, for fetch tests.

It answers the Hub's real file API (`HEAD/GET /datasets/<repo>/resolve/<revision>/<file>` with ETag,
X-Repo-Commit and byte ranges) and serves videos at `/videos/<id>.mp4` with byte ranges, so
`huggingface_hub` (through HF_ENDPOINT) and yt-dlp (through a URL template) run unmodified against it.
Some videos misbehave on purpose: `missing` answer 404, `truncated` ones stop half-way every time, and
`slow` ones trickle so a test can kill a fetch mid-download.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COMMIT = "0123456789abcdef0123456789abcdef01234567"
_RANGE = re.compile(r"bytes=(\d+)-(\d*)")


@dataclass
class Behaviour:
    hub: dict[str, bytes] = field(default_factory=dict)  # "<repo>/<file>" → content
    videos: dict[str, bytes] = field(default_factory=dict)  # id → mp4 bytes
    missing: set[str] = field(default_factory=set)
    truncated: set[str] = field(default_factory=set)
    slow: set[str] = field(default_factory=set)
    requests: list[tuple[str, str, str]] = field(default_factory=list)  # (method, path, Range header)


class StandIn:
    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        handler = type("Handler", (_Handler,), {"behaviour": behaviour})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> StandIn:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def requests_for(self, fragment: str) -> list[tuple[str, str, str]]:
        return [r for r in self.behaviour.requests if fragment in r[1]]


class _Handler(BaseHTTPRequestHandler):
    behaviour: Behaviour
    protocol_version = "HTTP/1.0"

    def log_message(self, *_: object) -> None:  # quiet
        pass

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def do_GET(self) -> None:
        self._serve(body=True)

    def _serve(self, body: bool) -> None:
        b = self.behaviour
        b.requests.append((self.command, self.path, self.headers.get("Range", "")))
        path = self.path.split("?")[0]
        hub = re.fullmatch(r"/datasets/(.+?/.+?)/resolve/[^/]+/(.+)", path)
        video = re.fullmatch(r"/videos/([\w-]+)\.mp4", path)
        if hub and f"{hub[1]}/{hub[2]}" in b.hub:
            data = b.hub[f"{hub[1]}/{hub[2]}"]
            extra = {"X-Repo-Commit": COMMIT, "ETag": f'"{hashlib.sha256(data).hexdigest()}"'}
            self._send(data, body, "application/octet-stream", extra)
        elif video and video[1] in b.videos and video[1] not in b.missing:
            key = video[1]
            cut = len(b.videos[key]) // 2 if key in b.truncated else None
            self._send(b.videos[key], body, "video/mp4", {}, cut=cut, slow=key in b.slow)
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def _send(self, data: bytes, body: bool, kind: str, extra: dict[str, str], *, cut: int | None = None,
              slow: bool = False) -> None:
        start, end = 0, len(data) - 1
        match = _RANGE.fullmatch(self.headers.get("Range", "").strip())
        if match:
            start = int(match[1])
            end = int(match[2]) if match[2] else end
            if start >= len(data):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(data)}")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        else:
            self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()
        if not body:
            return
        stop = end + 1 if cut is None else min(end + 1, cut)
        step = 4096 if slow else 1 << 16
        for at in range(start, stop, step):
            try:
                self.wfile.write(data[at : min(at + step, stop)])
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return
            if slow:
                time.sleep(0.05)
