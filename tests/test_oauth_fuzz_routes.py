"""Every OAuth route under random headers, query strings and bodies: never a 5xx, always a
clear answer (an RFC 6749 JSON error from the token endpoint, an HTML page from the browser
pages), and a refused request (4xx) leaves both environment files as they were.

Hypothesis draws a seed per example and a seeded `random.Random` builds the request (fast,
and a failure names its seed). With `CI` set every route gets 100 examples (replayed the
same each run by the `ci` profile of conftest); a developer run gets fewer.
"""

from __future__ import annotations

import base64
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator import ProjectCredentials, Simulator
from simulator.domain.consents.consents import create_consent
from simulator.limits import LimitSettings, RateLimit
from simulator.oauth.sessions import COOKIE_NAME

from .fuzz_support import StoreWatch
from .oauth_pages import PHONE, REDIRECT_URI, Pages

EXAMPLES = 100 if os.environ.get("CI") else 40
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

PAGE_ROUTES = [
    ("GET", "/oauth2/auth"),
    ("GET", "/oauth2/auth/consent"),
    ("POST", "/oauth2/auth/consent"),
    ("POST", "/oauth2/auth/verify"),
    ("GET", "/oauth2/login"),
    ("POST", "/oauth2/login/phone"),
    ("POST", "/oauth2/login/code"),
    ("POST", "/oauth2/login/resend"),
    ("POST", "/oauth2/login/change-phone"),
    ("POST", "/oauth2/login/register"),
    ("GET", "/oauth2/consents/{consent}"),
    ("POST", "/oauth2/consents/{consent}"),
]
OTHER_ROUTES = [
    ("POST", "/oauth2/token"),
    ("GET", "/oauth2/.well-known/openid-configuration"),
    ("GET", "/oauth2/.well-known/jwks.json"),
    ("GET", "/oauth2/static/pages.css"),
]

NAMES = [
    "response_type", "client_id", "redirect_uri", "scope", "state", "phoneNumber", "firstName",
    "lastName", "birthDate", "identificationlevel", "onboardingid", "code_challenge",
    "code_challenge_method", "nonce", "csrf_token", "phone_number", "code", "first_name",
    "last_name", "birth_date", "decision", "grant_type", "client_secret", "refresh_token",
    "code_verifier", "x", "",
]  # fmt: skip
JUNK = ["", " ", "é", "€", "\U0001f600", "\x00", "\x7f", "%", "%ff", "%zz", "+", "&", "=", ";",
        "\\", '"', "'", "<b>", "\n", "\ud800", "\t", "A" * 300, "1990-02-30", "+33612345678",
        "openid offline", "code", "S256", "QES", "authorize", "deny", "approve", "refuse",
        "authorization_code", "refresh_token", "client_credentials", "SANDBOX_AC_x",
        "http://localhost:99999/cb", "http://[zz]/cb", "http://evil.example/cb"]  # fmt: skip
LATIN1 = "".join(chr(c) for c in range(0x20, 0x100) if c != 0x7F)


@dataclass
class World:
    sim: Simulator
    http: httpx.Client
    creds: ProjectCredentials
    cookie: str
    csrf: str
    consent_id: str

    def values(self) -> list[str]:
        return [*JUNK, self.creds.client_id, self.creds.client_secret, REDIRECT_URI, self.csrf,
                self.cookie, self.consent_id, "123456"]  # fmt: skip


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    limits = LimitSettings(rate_limit=RateLimit(requests=1_000_000))
    with (
        Simulator(tmp_path_factory.mktemp("fuzz-routes"), limits=limits) as sim,
        sim.client(follow_redirects=False) as http,
    ):
        creds = sim.create_project("sandbox", "Fuzz", [REDIRECT_URI])
        with sim.client(follow_redirects=False) as browser:  # a live sign-in, mid-way
            pages = Pages(browser, sim.sandbox)
            pages.start(creds.client_id, phoneNumber=PHONE)
            pages.post("/oauth2/login/phone", phone_number=PHONE)
            cookie = browser.cookies[COOKIE_NAME]
        consent = create_consent(sim.sandbox, creds.project_id, redirect_url=REDIRECT_URI)
        assert pages.csrf is not None
        yield World(sim, http, creds, cookie, pages.csrf, consent["id"])


@pytest.fixture(scope="module")
def watch(world: World) -> Iterator[StoreWatch]:
    """Both environment files, every column of every table but the journal's (which records
    every request, refused or not: it is not state). A hash of every row is taken only when
    a file saw a commit (`PRAGMA data_version`), where the rows read twice per example took
    three quarters of the file's time."""
    store_watch = StoreWatch([env.store.path for env in world.sim.environments.values()], {})
    yield store_watch
    store_watch.close()


class RequestGenerator:
    """One random request for a route: its query string, headers and body."""

    def __init__(self, rnd: random.Random, world: World) -> None:
        self.rnd = rnd
        self.world = world
        self.values = world.values()

    def text(self) -> str:
        rnd = self.rnd
        if rnd.random() < 0.6:
            return rnd.choice(self.values)
        return "".join(rnd.choice([*JUNK[:21], *LATIN1]) for _ in range(rnd.randint(0, 12)))

    def items(self) -> list[tuple[str, str]]:
        return [(self.rnd.choice(NAMES), self.text()) for _ in range(self.rnd.randint(0, 7))]

    def encoded(self, items: list[tuple[str, str]]) -> str:
        """Form-urlencoded, or raw text with broken escapes and separators."""
        if self.rnd.random() < 0.7:
            parts = [
                f"{quote(name, safe='')}={quote(value, safe='', errors='surrogatepass')}"
                for name, value in items
            ]
            return "&".join(parts)
        raw = "".join(self.rnd.choice(["%", "%ff", "%zz", "&", "=", "+", ";", "a", "%00", "%c3"])
                      for _ in range(self.rnd.randint(0, 20)))  # fmt: skip
        return raw

    def headers(self) -> dict[str, bytes]:
        rnd = self.rnd
        headers: dict[str, bytes] = {}
        choices = {
            "authorization": [
                f"Basic {rnd.choice(LATIN1)}{self.text()}",
                "Basic " + base64.b64encode(self.text().encode("utf-8", "replace")).decode(),
                "Basic "
                + base64.b64encode(
                    f"{self.world.creds.client_id}:{self.text()}".encode("utf-8", "replace")
                ).decode(),
                f"Bearer {self.text()}",
                self.text(),
            ],
            "cookie": [
                f"{COOKIE_NAME}={self.world.cookie}",
                f"{COOKIE_NAME}={self.text()}",
                self.text(),
                f'{COOKIE_NAME}="{self.text()}"',
            ],
            "origin": ["http://localhost:8000", "http://evil.example", "null", self.text()],
            "content-type": [
                "application/x-www-form-urlencoded",
                "application/x-www-form-urlencoded; charset=latin-1",
                "multipart/form-data",
                "multipart/form-data; boundary=x",
                "application/json",
                self.text(),
            ],
            "referer": [self.text()],
            "accept": [self.text(), "text/html"],
            "x-forwarded-for": [self.text()],
            "x-forwarded-proto": [self.text(), "https"],
        }
        for name, options in choices.items():
            if rnd.random() < 0.4:
                value = rnd.choice(options)
                headers[name] = "".join(c for c in value if "\x20" <= c <= "\xff").encode("latin-1")
        return headers

    def body(self, headers: dict[str, bytes]) -> bytes:
        rnd = self.rnd
        kind = rnd.random()
        if kind < 0.6:
            if b"multipart" not in headers.get("content-type", b""):
                headers.setdefault("content-type", b"application/x-www-form-urlencoded")
            return self.encoded(self.items()).encode("utf-8", "surrogatepass")
        if kind < 0.8:
            boundary = rnd.choice(["x", "b0undary", ""])
            headers["content-type"] = f"multipart/form-data; boundary={boundary}".encode()
            fields = "".join(
                f'--x\r\nContent-Disposition: form-data; name="{name}"'
                f"{rnd.choice(['', '; filename=f.txt'])}\r\n\r\n{value}\r\n"
                for name, value in self.items()
            )
            return (fields + rnd.choice(["--x--\r\n", "", "--"])).encode("utf-8", "surrogatepass")
        return bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 40)))


def send(world: World, method: str, path: str, seed: int) -> tuple[httpx.Response, bool]:
    """The random request; returns the response and whether it may change the store when
    refused (a wrong 6-digit code on the live sign-in is counted, by design)."""
    rnd = random.Random(seed)
    generator = RequestGenerator(rnd, world)
    path = path.replace("{consent}", rnd.choice([world.consent_id, "nope", "%ff", "a/b"]))
    query = generator.encoded(generator.items())
    headers = generator.headers()
    content = generator.body(headers) if method == "POST" else None
    world.http.cookies.clear()  # only the drawn Cookie header
    url = f"{path}?{query}" if query else path
    counts = path == "/oauth2/login/code" and b"123456" in (content or b"")
    return world.http.request(method, url, headers=headers, content=content), counts


def check(response: httpx.Response, path: str) -> None:
    status = response.status_code
    assert status < 500, (status, response.text[:500])
    assert "Traceback" not in response.text
    if status < 400:
        return
    content_type = response.headers.get("content-type", "")
    if path == "/oauth2/token":
        body = response.json()
        assert set(body) == {"error", "error_description"}, body
        assert body["error_description"].isascii()
    elif status != 429:  # the edge's rate limit answers JSON on every route
        assert content_type.startswith("text/html"), (status, content_type, response.text)
        assert response.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(("method", "path"), PAGE_ROUTES + OTHER_ROUTES)
def test_no_route_answers_5xx_or_changes_the_store_when_refusing(
    world: World, watch: StoreWatch, method: str, path: str
) -> None:
    statuses: set[int] = set()

    @FUZZ
    @given(seed=st.integers(min_value=0, max_value=2**64))
    def fuzz(seed: int) -> None:
        watch.mark()
        response, may_count = send(world, method, path, seed)
        check(response, path)
        statuses.add(response.status_code)
        if response.status_code >= 400 and not may_count:
            assert watch.unchanged(), (seed, response.status_code, response.text)

    fuzz()
    assert statuses  # ran
