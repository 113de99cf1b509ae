"""Who may talk to the server: the token off loopback (and on it when given), loopback Host/Origin checks,
and the refusal to start open on a public address."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import TOKEN, make_client

from vidmem.server.config import ConfigError, ServeConfig
from vidmem.server.security import same_token

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)


@pytest.fixture(scope="module")
def guarded(generated_library: Path):  # type: ignore[no-untyped-def]
    with make_client(generated_library, token=TOKEN, host="0.0.0.0") as c:
        yield c


def test_public_host_needs_a_token(generated_library: Path) -> None:
    with pytest.raises(ConfigError, match="--token"):
        ServeConfig(library=generated_library, host="0.0.0.0").checked()
    with pytest.raises(ConfigError, match="16 characters"):
        ServeConfig(library=generated_library, host="0.0.0.0", token="short").checked()
    assert ServeConfig(library=generated_library, host="::1").checked().token is None


def test_every_route_needs_the_token(guarded: TestClient, generated_library: Path) -> None:
    thumbnail = next((generated_library / "frames").rglob("*.jpg")).relative_to(generated_library / "frames")
    routes = [("GET", "/"), ("GET", "/api/summary"), ("GET", "/api/timeline"), ("GET", "/media/video/1"),
              ("GET", f"/media/frames/{thumbnail}"), ("GET", "/static/app.js"), ("GET", "/docs"),
              ("GET", "/openapi.json"), ("POST", "/api/ask"), ("POST", "/api/ask/stream"),
              ("POST", "/v1/chat/completions"), ("GET", "/v1/models"), ("POST", "/mcp"), ("GET", "/mcp"),
              ("PUT", "/api/speakers/S1/name"), ("POST", "/api/ingest")]
    for method, path in routes:
        for headers in ({}, {"authorization": "Bearer wrong-token-0123456789abcdef"},
                        {"authorization": TOKEN}, {"cookie": "vidmem_token=nope"}):
            response = guarded.request(method, path, headers=headers, json={"question": "who?"})
            assert response.status_code == 401, (method, path, headers, response.status_code)
            assert response.headers["www-authenticate"].startswith("Bearer")
    ok = {"authorization": f"Bearer {TOKEN}"}
    assert guarded.get("/api/summary", headers=ok).status_code == 200
    assert guarded.get("/media/video/1", headers={**ok, "range": "bytes=0-9"}).status_code == 206
    assert guarded.get(f"/media/frames/{thumbnail}", headers=ok).status_code == 200


def test_browser_login_sets_a_cookie(guarded: TestClient) -> None:
    assert guarded.get("/?token=wrong-token-0123456789abcdef", follow_redirects=False).status_code == 401
    login = guarded.get(f"/?token={TOKEN}", follow_redirects=False)
    assert login.status_code == 303 and login.headers["location"] == "/"
    cookie = login.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert guarded.get("/api/summary", headers={"cookie": f"vidmem_token={TOKEN}"}).status_code == 200


def test_loopback_refuses_other_hosts_and_origins(client: TestClient) -> None:
    assert client.get("/api/summary").status_code == 200
    assert client.get("/api/summary", headers={"host": "localhost:8000"}).status_code == 200
    assert client.get("/api/summary", headers={"host": "evil.example:8000"}).status_code == 421
    assert client.get("/api/summary", headers={"origin": "http://127.0.0.1:8000"}).status_code == 200
    refused = client.post("/api/ask", headers={"origin": "https://evil.example"}, json={"question": "who?"})
    assert refused.status_code == 403


def test_token_comparison() -> None:
    assert same_token(TOKEN, TOKEN)
    assert not same_token(TOKEN[:-1], TOKEN)
    assert not same_token(None, TOKEN)
    assert not same_token("", TOKEN)
