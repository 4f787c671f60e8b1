"""The one origin check of the forms (dashboard, OAuth pages, instructor's view) and the
session cookies' `Secure`, as a browser's requests meet them: under a workshop prefix, and
behind a TLS proxy (`--public-url https://...`, the connection itself plain http)."""

from __future__ import annotations

import re
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import httpx
import pytest

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link
from simulator.public_url import origin_key
from simulator.workshop import Workshop
from simulator.workshop.instructor import instructor_app

from .oauth_pages import PHONE, REDIRECT_URI
from .test_workshop_http import WorkshopServer

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")  # the project uses httpx
    from starlette.testclient import TestClient

PROXY = "https://bank.example"
_CSRF = re.compile(r"""name=["']csrf(?:_token)?["'] value=["']([^"']+)["']""")


def csrf_of(page: httpx.Response) -> str:
    match = _CSRF.search(page.text)
    assert match, page.text
    return match.group(1)


def cookie_of(response: httpx.Response, name: str) -> str:
    """The `Set-Cookie` line of cookie `name`."""
    lines = [v for v in response.headers.get_list("set-cookie") if v.startswith(f"{name}=")]
    assert len(lines) == 1, response.headers
    return lines[0]


def pair(line: str) -> str:
    return line.split(";", 1)[0]


def local(url: str) -> str:
    """`url`'s path and query: the request a proxy passes on to the server."""
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("https://bank.example", "https://bank.example"),
        ("HTTPS://Bank.Example:443/", "https://bank.example"),
        ("http://127.0.0.1:8000/w/ada", "http://127.0.0.1:8000"),
        ("http://[::1]:80", "http://[::1]"),
        ("null", None),
        ("ftp://bank.example", None),
        ("http://bank.example:99999", None),
    ],
)
def test_origins_compare_scheme_host_and_port_only(url: str, key: str | None) -> None:
    assert origin_key(url) == key


@pytest.fixture
def served(pristine: Path, tmp_path: Path) -> Iterator[WorkshopServer]:
    path = tmp_path / "room"
    shutil.copytree(pristine, path)
    with WorkshopServer(path) as server:
        yield server


def test_a_browsers_forms_pass_under_the_workshop_prefix(served: WorkshopServer) -> None:
    """A browser sends `Origin: http://host:port` (never the path) with every form: the
    dashboard's, the sign-in pages' and the instructor's pass; another origin's do not."""
    base = served.base_url
    own, other = {"Origin": base}, {"Origin": "http://localhost:1"}
    link = new_sign_in_link(served.room.learner("ada").sandbox, f"{base}/w/ada")
    with httpx.Client(base_url=base, timeout=20) as browser:
        signed_in = browser.get(link.removeprefix(base))
        assert signed_in.status_code == 303
        line = cookie_of(signed_in, "dashboard_session")
        assert "Path=/w/ada/dashboard" in line and "secure" not in line.lower()
        token = csrf_of(browser.get("/w/ada/dashboard"))
        form = {"name": "Mine", "redirect_uri": "http://localhost:3000/cb", "csrf_token": token}
        refused = browser.post("/w/ada/dashboard/projects", data=form, headers=other)
        assert refused.status_code == 403 and "csrf_token_mismatch" in refused.text
        created = browser.post("/w/ada/dashboard/projects", data=form, headers=own)
        assert created.status_code == 303, created.text
        assert created.headers["location"].startswith("/w/ada/dashboard/projects/")

        record = served.room.record("ada")
        query = urlencode(
            {"response_type": "code", "client_id": record.client_id, "scope": "openid",
             "redirect_uri": REDIRECT_URI, "state": "s"}
        )  # fmt: skip
        page = browser.get(f"/w/ada/oauth2/auth?{query}")
        assert "Path=/w/ada/oauth2" in cookie_of(page, "oauth2_session")
        phone = {"phone_number": record.phone_number, "csrf_token": csrf_of(page)}
        assert browser.post("/w/ada/oauth2/login/phone", data=phone, headers=other).status_code == (
            403
        )
        sent = browser.post("/w/ada/oauth2/login/phone", data=phone, headers=own)
        assert sent.status_code == 303 and sent.headers["location"] == "/w/ada/oauth2/login"

        browser.get(served.sign_in().removeprefix(base))
        view = browser.get("/workshop")
        clock = {"csrf": csrf_of(view), "duration": "1h"}
        refused = browser.post("/workshop/learners/bob/clock", data=clock, headers=other)
        assert refused.status_code == 403
        moved = browser.post("/workshop/learners/grace/clock", data=clock, headers=own)
        assert moved.status_code == 303
    assert served.room.learner("grace").clock.timestamp() == "2026-01-05T10:00:00.000Z"


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Simulator]:
    """A simulator told it is reached at `https://bank.example` (a TLS proxy in front)."""
    with Simulator(tmp_path / "data", public_url=PROXY) as sim:
        yield sim


def _post(http: httpx.Client, path: str, form: dict[str, str], cookie: str, origin: str) -> Any:
    # httpx's jar keeps a Secure cookie off a plain-http connection, as a proxy's backend
    # connection is: the browser's cookie is sent by hand, as the proxy passes it on.
    headers = {"Cookie": cookie, "Origin": origin} if origin else {"Cookie": cookie}
    return http.post(path, data=form, headers=headers, follow_redirects=False)


def test_behind_a_tls_proxy_the_public_origin_passes_and_cookies_are_secure(
    proxied: Simulator,
) -> None:
    with proxied.client() as http:
        link = new_sign_in_link(proxied.sandbox, PROXY)
        signed_in = http.get(local(link), follow_redirects=False)
        line = cookie_of(signed_in, "dashboard_session")
        assert "secure" in line.lower() and "Path=/dashboard" in line
        cookie = pair(line)
        token = csrf_of(http.get("/dashboard", headers={"Cookie": cookie}, follow_redirects=False))
        form = {"name": "P", "redirect_uri": "http://localhost:3000/cb", "csrf_token": token}
        for refused in ("http://bank.example", "https://evil.example", "null"):
            answer = _post(http, "/dashboard/projects", form, cookie, refused)
            assert answer.status_code == 403, refused
        assert _post(http, "/dashboard/projects", form, cookie, PROXY).status_code == 303
        # No Origin (a program, an older browser): the CSRF token decides, as before.
        assert _post(http, "/dashboard/projects", form, cookie, "").status_code == 303

        project = proxied.create_project("sandbox", "App", [REDIRECT_URI])
        query = urlencode(
            {"response_type": "code", "client_id": project.client_id, "scope": "openid",
             "redirect_uri": REDIRECT_URI, "state": "s"}
        )  # fmt: skip
        page = http.get(f"/oauth2/auth?{query}", follow_redirects=False)
        line = cookie_of(page, "oauth2_session")
        assert "secure" in line.lower() and "Path=/oauth2" in line
        phone = {"phone_number": PHONE, "csrf_token": csrf_of(page)}
        for refused in ("http://bank.example", "https://bank.example:8443"):
            answer = _post(http, "/oauth2/login/phone", phone, pair(line), refused)
            assert answer.status_code == 403, refused
        sent = _post(http, "/oauth2/login/phone", phone, pair(line), f"{PROXY}:443")
        assert sent.status_code == 303, sent.text


def test_the_instructors_cookie_is_secure_behind_a_tls_proxy(
    pristine: Path, tmp_path: Path
) -> None:
    shutil.copytree(pristine, tmp_path / "room")
    with Workshop(tmp_path / "room", public_url=PROXY) as room:
        app, sign_in = instructor_app(room, PROXY)
        with TestClient(app, base_url="http://127.0.0.1:8001") as http:
            answer = http.get(local(sign_in()), follow_redirects=False)
    line = cookie_of(answer, "workshop_session")
    assert "secure" in line.lower() and "Path=/workshop" in line


def test_with_a_plain_http_public_url_the_address_the_browser_used_passes_too(
    tmp_path: Path,
) -> None:
    """A local server opened as `localhost` while its public URL says `127.0.0.1`: the
    browser's `Origin` is the `Host` it sent, as the check accepted before the public URL."""
    with (
        Simulator(tmp_path / "data", public_url="http://127.0.0.1:8000") as sim,
        sim.client(base_url="http://localhost:8000", follow_redirects=False) as http,
    ):
        signed_in = http.get(local(new_sign_in_link(sim.sandbox, "http://127.0.0.1:8000")))
        assert "secure" not in cookie_of(signed_in, "dashboard_session").lower()
        token = csrf_of(http.get("/dashboard"))
        form = {"name": "P", "redirect_uri": "http://localhost:3000/cb", "csrf_token": token}
        for origin, status in [
            ("http://localhost:8001", 403),
            ("https://localhost:8000", 403),
            ("http://localhost:8000", 303),
            ("http://127.0.0.1:8000", 303),
        ]:
            answer = http.post("/dashboard/projects", data=form, headers={"Origin": origin})
            assert answer.status_code == status, origin
