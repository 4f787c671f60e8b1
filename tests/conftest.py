"""Shared fixtures: an in-process simulator, a project with a token, a real uvicorn server."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from hypothesis import settings

from simulator import ProjectCredentials, Simulator
from simulator.server.serving import uvicorn_config

REDIRECT_URI = "http://localhost:3000/callback"

# CI replays the same Hypothesis examples every run, so a red CI is reproducible and never
# a matter of luck; a developer's runs keep exploring new examples.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Fixtures of the banking tests (`bank`) and of the workshop tests (`pristine`, `room`), in
# their own modules.
pytest_plugins = ["tests.banking_support", "tests.workshop_support"]


@pytest.fixture(scope="session", autouse=True)
def _child_pytest_temp_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A pytest that a test runs as a subprocess (a bug report's notebook, a partner's tests
    on the wheel) keeps its temporary folders under this session's own. Left to the default
    root, each such run removes the oldest `pytest-N` folders beside its own, and with two
    workers one of those can be this session's, still in use (the wheel's fresh environment
    vanished under `tests/test_wheel.py` in CI)."""
    root = tmp_path_factory.mktemp("child-pytest")
    previous = os.environ.get("PYTEST_DEBUG_TEMPROOT")
    os.environ["PYTEST_DEBUG_TEMPROOT"] = str(root)
    yield
    if previous is None:
        os.environ.pop("PYTEST_DEBUG_TEMPROOT", None)
    else:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = previous


@pytest.fixture
def sim(tmp_path: Any) -> Iterator[Simulator]:
    # Reproducible ids (the published ones, as a temporary `Simulator()` gives): a test reads
    # the same ids, hence the same orders among rows made at one instant, at every run. The
    # ids of a data dir's own secret are tested in test_ids.py.
    with Simulator(tmp_path / "data", reproducible_ids=True) as simulator:
        yield simulator


@pytest.fixture
def http(sim: Simulator) -> Iterator[httpx.Client]:
    with sim.client() as client:
        yield client


@pytest.fixture
def project(sim: Simulator) -> ProjectCredentials:
    return sim.create_project("sandbox", "Test project", [REDIRECT_URI])


@pytest.fixture
def live_project(sim: Simulator) -> ProjectCredentials:
    return sim.create_project("live", "Live project", [REDIRECT_URI])


def project_token(http: httpx.Client, credentials: ProjectCredentials) -> str:
    response = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": credentials.client_id,
            "client_secret": credentials.client_secret,
        },
    )
    assert response.status_code == 200, response.text
    return response.json()["access_token"]


@pytest.fixture
def token(http: httpx.Client, project: ProjectCredentials) -> str:
    return project_token(http, project)


class GraphQL:
    """Post operations to one endpoint with one token."""

    def __init__(self, http: httpx.Client, path: str, token: str | None) -> None:
        self.http = http
        self.path = path
        self.token = token

    def post(
        self, query: str, variables: dict[str, Any] | None = None, **kw: Any
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        body: dict[str, Any] = {"query": query}
        if variables is not None:
            body["variables"] = variables
        return self.http.post(self.path, json=body, headers=headers, **kw)

    def __call__(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        """Run an operation that must succeed; returns `data`."""
        response = self.post(query, variables)
        body = response.json()
        assert response.status_code == 200 and "errors" not in body, (response.status_code, body)
        return body["data"]


@pytest.fixture
def sandbox(http: httpx.Client, token: str) -> GraphQL:
    return GraphQL(http, "/sandbox/graphql", token)


@pytest.fixture
def testing(http: httpx.Client, token: str) -> GraphQL:
    return GraphQL(http, "/sandbox-testing/graphql", token)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LiveServer:
    """A real uvicorn serving a simulator's app on a loopback port, in a thread."""

    def __init__(
        self, simulator: Simulator, *, header_timeout: float = 10.0, http: str = "httptools"
    ) -> None:
        self.simulator = simulator
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        # The links the app emits name this server, as `serve --port` would make them.
        simulator.app.state.public_url = self.base_url
        # The uvicorn configuration `serve` runs (header deadline, no uvicorn access log).
        config = uvicorn_config(
            simulator.app, "127.0.0.1", self.port, header_timeout=header_timeout, http=http
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def live_server(sim: Simulator) -> Iterator[LiveServer]:
    with LiveServer(sim) as server:
        yield server


#: Debian's chromium (apt-get install chromium); Playwright never downloads a browser here.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def pytest_sessionstart(session: pytest.Session) -> None:
    """With `REQUIRE_CHROMIUM=1` (.ci/run), a missing browser stops the run instead of
    quietly skipping every browser test."""
    if os.environ.get("REQUIRE_CHROMIUM") and not Path(CHROMIUM).exists():
        pytest.exit(f"REQUIRE_CHROMIUM is set and {CHROMIUM} is missing", returncode=4)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright, shared by every browser test of the session.

    Give each test its own `browser.new_context()` (cookies, storage). Skipped, saying why,
    when /usr/bin/chromium is missing.
    """
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()
