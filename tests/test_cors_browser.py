"""Section 1: a browser call fails with a CORS error; a backend call works. In a real browser.

The simulator runs on one loopback port (uvicorn), a web page on another (another origin).
The page's `fetch()` to the Sandbox endpoint fails in Debian's chromium, because no
response of the simulator ever carries `Access-Control-Allow-Origin`; the same call from the
simulator's own origin, and from Python, works.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials

from .conftest import LiveServer

PAGE = b"""<!doctype html><title>A partner's web page</title>
<script>
async function call(url, init) {
  try {
    const response = await fetch(url, init);
    return {ok: true, status: response.status, body: await response.text()};
  } catch (error) {
    return {ok: false, error: String(error)};
  }
}
</script>"""


class PageHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def web_page() -> Iterator[str]:
    """A page served from another loopback origin than the simulator's."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def fetch_init(token: str) -> dict[str, Any]:
    return {
        "method": "POST",
        "headers": {"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        "body": '{"query": "{ accounts { totalCount } }"}',
    }


def test_a_browser_call_fails_with_a_cors_error(
    browser: Any, live_server: LiveServer, web_page: str, project: ProjectCredentials
) -> None:
    api = live_server.base_url
    with httpx.Client(base_url=api) as backend:
        token = backend.post(
            "/oauth2/token",
            data={"grant_type": "client_credentials"},
            auth=(project.client_id, project.client_secret),
        ).json()["access_token"]
        # From a backend (no Origin, no CORS): the call works.
        response = backend.post(
            "/sandbox/graphql",
            json={"query": "{ accounts { totalCount } }"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.json()["data"] == {"accounts": {"totalCount": 0}}

    page = browser.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    try:
        page.goto(web_page)
        assert page.evaluate("location.origin") != api

        # A GraphQL call needs a preflight (Authorization, JSON): refused with a 405.
        result = page.evaluate(
            "([url, init]) => call(url, init)", [api + "/sandbox/graphql", fetch_init(token)]
        )
        assert result == {"ok": False, "error": "TypeError: Failed to fetch"}

        # A "simple" request (no preflight) reaches the server, but its answer carries no
        # Access-Control-Allow-Origin: the page cannot read it either.
        form = {
            "method": "POST",
            "headers": {"Content-Type": "application/x-www-form-urlencoded"},
            "body": f"grant_type=client_credentials&client_id={project.client_id}",
        }
        result = page.evaluate("([url, init]) => call(url, init)", [api + "/oauth2/token", form])
        assert result == {"ok": False, "error": "TypeError: Failed to fetch"}
        assert any("CORS policy" in text for text in console), console

        # Control: the same call from the simulator's own origin is no CORS call, and works.
        page.goto(api + "/")
        result = page.evaluate(
            "([url, init]) => fetch(url, init).then(r => r.json())",
            ["/sandbox/graphql", fetch_init(token)],
        )
        assert result["data"] == {"accounts": {"totalCount": 0}}
    finally:
        page.close()
