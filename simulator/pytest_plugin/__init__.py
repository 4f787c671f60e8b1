"""The pytest plugin: test your own integration against the simulator (no import needed).

Installed with the package as a `pytest11` entry point; docs/testing-your-integration.md
describes the fixtures. This module holds only the hooks and the fixtures' wiring, and
imports nothing of the simulator at the top: pytest loads it in every session of whoever has
the package installed, and a session that never asks for a fixture must not pay for the
simulator's import (the fixtures import what they run on).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # the types only: start-up
    from .._simulator import Simulator
    from ..domain.kernel.projects import ProjectCredentials
    from .inbox import WebhookInbox
    from .sandbox import Sandbox, UserToken
    from .served import ServedSimulator

__all__ = [
    "banking_server",
    "banking_sim",
    "sandbox_project",
    "sandbox_token",
    "sandbox_user_token",
    "webhook_inbox",
]

_SCOPES = ("function", "session")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("banking-sandbox", "banking sandbox simulator")
    group.addoption(
        "--banking-scope",
        choices=_SCOPES,
        help="one simulator per test (function, the default) or per session",
    )
    group.addoption(
        "--banking-reports",
        metavar="DIR",
        help="where a failing test's bug report is written (default: banking-reports)",
    )
    parser.addini("banking_scope", "the simulator fixtures' scope: function or session")
    parser.addini("banking_dataset", "the dataset of the fixtures' project", default="default")
    parser.addini(
        "banking_reports", "where failing tests' bug reports go", default="banking-reports"
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "banking_dataset(name): the dataset of the test's sandbox project (None: none)"
    )


def _scope(fixture_name: str, config: pytest.Config) -> Any:
    scope = config.getoption("banking_scope") or config.getini("banking_scope") or "function"
    if scope not in _SCOPES:
        raise pytest.UsageError(f"banking_scope is function or session, not {scope!r}")
    return scope


def _dataset(request: pytest.FixtureRequest) -> str | None:
    """The marker's dataset (the ini's when unmarked); in session scope, the one every test
    that uses the simulator agrees on."""
    default: str = request.config.getini("banking_dataset")
    if request.scope == "function":
        nodes = [request.node]
    else:
        nodes = [i for i in request.session.items if "_banking_sandbox" in _fixtures(i)]
    names = set()
    for node in nodes:
        marker = node.get_closest_marker("banking_dataset")
        names.add((marker.args[0] if marker.args else None) if marker else default)
    if len(names) > 1:
        raise pytest.UsageError(
            f"banking_dataset markers name {sorted(map(str, names))} in one session-scoped "
            "simulator: use the function scope, or one dataset"
        )
    return names.pop() if names else default


def _fixtures(item: pytest.Item) -> tuple[str, ...]:
    return tuple(getattr(item, "fixturenames", ()))


def _wants_server(request: pytest.FixtureRequest) -> bool:
    if request.scope == "function":
        return "banking_server" in request.fixturenames
    return any(
        "banking_server" in getattr(item, "fixturenames", ()) for item in request.session.items
    )


class _Setup:
    """The simulator of a scope, its project, and its server once one is asked for."""

    def __init__(self, sandbox: Sandbox, sock: Any) -> None:
        self.sandbox = sandbox
        self.sock = sock
        self.server: ServedSimulator | None = None

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
        elif self.sock is not None:
            self.sock.close()
        self.sandbox.sim.close()


@pytest.fixture(scope=_scope)
def _banking_sandbox(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[_Setup]:
    # lazy: the simulator is imported when a test first asks for it (start-up)
    from .sandbox import open_sandbox
    from .served import reserve_socket

    sock = reserve_socket() if _wants_server(request) else None
    public_url = "http://{}:{}".format(*sock.getsockname()[:2]) if sock else None
    # The worker's own base temp (pytest-xdist: one per worker), a fresh folder each time.
    data_dir = tmp_path_factory.mktemp("banking-sim")
    try:
        setup = _Setup(open_sandbox(data_dir, _dataset(request), public_url), sock)
    except BaseException:
        if sock is not None:
            sock.close()
        raise
    yield setup
    setup.close()


@pytest.fixture(scope=_scope)
def banking_sim(_banking_sandbox: _Setup) -> Simulator:
    """A `Simulator` on a fresh data dir: frozen clock, a project with the default dataset
    (or the `banking_dataset` marker's); closed after the test (or the session)."""
    return _banking_sandbox.sandbox.sim


@pytest.fixture(scope=_scope)
def banking_server(_banking_sandbox: _Setup) -> Iterator[ServedSimulator]:
    """`banking_sim` served over HTTP on a free loopback port: `.base_url`, `.sim`."""
    from .served import ServedSimulator  # lazy: uvicorn (start-up)

    setup = _banking_sandbox
    if setup.sock is None:  # cannot happen: the simulator was built for a server
        raise RuntimeError("banking_server: the simulator was built without a socket")
    setup.server = ServedSimulator(setup.sandbox.sim, setup.sock).start()
    yield setup.server
    setup.server.close()


@pytest.fixture(scope=_scope)
def sandbox_project(_banking_sandbox: _Setup) -> ProjectCredentials:
    """The Sandbox project the data belongs to: `.client_id`, `.client_secret`, `.project_id`."""
    return _banking_sandbox.sandbox.project


@pytest.fixture
def sandbox_token(_banking_sandbox: _Setup) -> str:
    """A project access token (client credentials), fresh for each test."""
    sim, project = _banking_sandbox.sandbox.sim, _banking_sandbox.sandbox.project
    with sim.client(base_url=sim.public_url) as http:
        answer = http.post(
            "/oauth2/token",
            data={
                "grant_type": "client_credentials",
                "client_id": project.client_id,
                "client_secret": project.client_secret,
            },
        )
    if answer.status_code != 200:
        raise AssertionError(f"No project token: {answer.status_code} {answer.text}")
    return str(answer.json()["access_token"])


@pytest.fixture
def sandbox_user_token(_banking_sandbox: _Setup) -> UserToken:
    """A user access token through the authorization-code flow (the pages walked by the
    fixture as the dataset's first user); `.approve(consent_url)` approves a consent."""
    from .sandbox import user_token  # lazy: the pages' flow (start-up)

    return user_token(_banking_sandbox.sandbox)


@pytest.fixture
def webhook_inbox(
    request: pytest.FixtureRequest, _banking_sandbox: _Setup
) -> Iterator[WebhookInbox]:
    """An in-process webhook receiver of this test (`.url`: `inbox://...`) that records
    deliveries; `.answer(503, times=2)`; `.wait_for("Account.Created")` on the virtual clock."""
    from .inbox import WebhookInbox  # lazy: the webhooks (start-up)

    name = "pytest-" + _UNSAFE.sub("-", request.node.name)[-60:]
    inbox = WebhookInbox(_banking_sandbox.sandbox.sim, _banking_sandbox.sandbox.project, name)
    yield inbox
    inbox.handler = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failing test that used the simulator gets its journal as a bug report."""
    report = yield
    funcargs = getattr(item, "funcargs", {})
    if report.when == "call" and report.failed and "_banking_sandbox" in funcargs:
        report.sections.append(
            ("banking sandbox", _write_report(item, funcargs["_banking_sandbox"]))
        )
    return report


def _write_report(item: pytest.Item, setup: _Setup) -> str:
    """Write the notebook replaying what the test did since the fixtures' set-up."""
    from .sandbox import SETUP_SNAPSHOT  # lazy: start-up

    config = item.config
    folder = config.getoption("banking_reports") or config.getini("banking_reports")
    path = Path(config.rootpath, folder, _UNSAFE.sub("_", item.nodeid).strip("_") + ".ipynb")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        setup.sandbox.sim.report(
            path,
            since=SETUP_SNAPSHOT,
            title=f"Bug report: {item.nodeid}",
            expected=f"The test {item.nodeid} should pass.",
        )
    except Exception as error:  # the test's own failure is what matters: say why, go on
        return f"No bug report: {type(error).__name__}: {error}"
    return (
        f"Bug report (the journal since the fixtures' set-up, replayable): {path}\n"
        f"Replay it: pytest --nbval {path}"
    )
