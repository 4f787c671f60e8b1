"""Generated sessions that must replay (issue 31): a Hypothesis state machine driving one
simulator, served by a real uvicorn on loopback, through every surface that moves the clock
or changes state, with webhooks to real loopback receivers; at the end, a report of the
session, replayed in-process: 0 divergences.

Used by tests/test_replay_sessions.py (a few examples) and benchmarks/bench_replay.py (many).

| rule | surface |
|---|---|
| `advance_python` | `Simulator.advance` |
| `advance_widget` | the `ClockPanel` widget's advance |
| `advance_testing_api` | the Testing API's `advanceClock`, over HTTP |
| `advance_cli` | `python -m simulator clock advance D --data-dir` (in-process `main`) |
| `advance_dashboard` | the dashboard clock page's move (`dashboard_move`) |
| `token` | an OAuth `client_credentials` token call, over HTTP |
| `subscribe` | `addWebhookSubscription` to a receiver that answers 200, fails 500, times out, or refuses |
| `create_holder` | a GraphQL write emitting `Account.Created` (Testing API) |
| `read` | a GraphQL read, with the latest token (perhaps expired) |
"""

from __future__ import annotations

import contextlib
import io
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import httpx
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from simulator import Simulator
from simulator.cli import main
from simulator.journal.clock import dashboard_move
from simulator.webhooks.policy import RetryPolicy

from .conftest import REDIRECT_URI, LiveServer

#: Attempts time out after half a second: a slow receiver costs little real time.
POLICY = RetryPolicy("replay-test", delays=(2, 5, 20, 60), timeout=0.5)
DURATIONS = st.sampled_from(["1s", "2s", "7s", "30s", "90s", "5m"])
HOLDER = """mutation { createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"})
  { __typename } }"""
SUBSCRIBE = """mutation($endpoint: String!) { addWebhookSubscription(input: {
  label: "hook", endpoint: $endpoint, secret: "s3cret", eventTypes: ["Account.Created"],
  status: Enabled }) { __typename } }"""
ADVANCE = """mutation($d: String!) { advanceClock(input: {duration: $d}) { __typename } }"""


class _Receiver(BaseHTTPRequestHandler):
    """`/ok` answers 200, `/fail` 500, `/slow` after a second (past the policy's timeout)."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        if self.path == "/slow":
            time.sleep(1.0)
        status = 500 if self.path == "/fail" else 200
        body = b"{}"
        try:
            self.send_response(status)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:  # the simulator gave up waiting (the slow one)
            pass

    def log_message(self, format: str, *args: Any) -> None:
        del format, args


@dataclass(frozen=True)
class Receivers:
    """The endpoints of real loopback receivers, one per behaviour."""

    ok: str
    fail: str
    slow: str
    refused: str

    @property
    def all(self) -> list[str]:
        return [self.ok, self.fail, self.slow, self.refused]


@contextmanager
def receivers() -> Iterator[Receivers]:
    """An HTTP server on loopback for 200, 500 and time-out, and a port nothing listens on."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield Receivers(
            f"{base}/ok", f"{base}/fail", f"{base}/slow", f"http://127.0.0.1:{closed}/x"
        )
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def replay_report(sim: Simulator) -> None:
    """Write the session's report (a notebook, from the snapshot `before`) and run its code
    cells in order, as a kernel would: an AssertionError names the step that diverged."""
    notebook = sim.report(None, since="before")
    assert isinstance(notebook, dict)
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):  # each step prints itself
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec(cell["source"], namespace)


class Sessions(RuleBasedStateMachine):
    """One generated session (module docstring); its report replays at teardown."""

    #: Set before running the machine (tests/test_replay_sessions.py).
    endpoints: ClassVar[Receivers]

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="replay-session-"))
        self.sim: Simulator | None = None
        self.server: LiveServer | None = None
        self.http: httpx.Client | None = None
        self.token: str | None = None
        self.credentials: Any = None

    @initialize(frozen=st.booleans())
    def start(self, frozen: bool) -> None:
        """A simulator (its clock frozen, or running), served; a project, a fast retry
        policy, then the starting snapshot."""
        self.sim = Simulator(self.folder / "data", frozen=frozen)
        self.credentials = self.sim.create_project("sandbox", "Sessions", [REDIRECT_URI])
        self.sim.webhooks.set_policy(POLICY)
        self.sim.snapshot("before")
        self.server = LiveServer(self.sim).__enter__()
        self.http = httpx.Client(base_url=self.server.base_url, timeout=30)
        self.get_token()

    def get_token(self) -> None:
        assert self.http is not None
        answer = self.http.post(
            "/oauth2/token",
            data={"grant_type": "client_credentials"},
            auth=(self.credentials.client_id, self.credentials.client_secret),
        )
        assert answer.status_code == 200, answer.text
        self.token = answer.json()["access_token"]

    def graphql(self, path: str, query: str, variables: dict[str, Any] | None = None) -> None:
        assert self.http is not None
        answer = self.http.post(
            path,
            json={"query": query, "variables": variables or {}},
            headers={"Authorization": f"Bearer {self.token}"},
        )
        assert answer.status_code in (200, 401), answer.text

    # -- the surfaces ----------------------------------------------------------------------

    @rule()
    def token(self) -> None:
        self.get_token()

    @rule(index=st.integers(0, 3))
    def subscribe(self, index: int) -> None:
        endpoint = self.endpoints.all[index]
        self.graphql("/sandbox/graphql", SUBSCRIBE, {"endpoint": endpoint})

    @rule()
    def create_holder(self) -> None:
        self.graphql("/sandbox-testing/graphql", HOLDER)

    @rule()
    def read(self) -> None:
        self.graphql("/sandbox/graphql", "{ accounts(first: 3) { totalCount } }")

    @rule(duration=DURATIONS)
    def advance_python(self, duration: str) -> None:
        assert self.sim is not None
        self.sim.advance(duration)

    @rule(duration=DURATIONS)
    def advance_widget(self, duration: str) -> None:
        from simulator.widgets.clock_panel import ClockPanel

        ClockPanel(self.sim, follow=False).advance(duration)

    @rule(duration=DURATIONS)
    def advance_testing_api(self, duration: str) -> None:
        self.graphql("/sandbox-testing/graphql", ADVANCE, {"d": duration})

    @rule(duration=DURATIONS)
    def advance_cli(self, duration: str) -> None:
        data_dir = str(self.folder / "data")
        assert main(["clock", "advance", duration, "--data-dir", data_dir]) == 0

    @precondition(lambda self: self.sim is not None)
    @rule(duration=DURATIONS)
    def advance_dashboard(self, duration: str) -> None:
        assert self.sim is not None
        dashboard_move(self.sim.sandbox, self.sim.scheduler, "advance", duration)

    @rule()
    def pause(self) -> None:
        """Real time passes: a running clock moves on, and the ticker fires what falls due."""
        time.sleep(0.3)

    # -- the check -------------------------------------------------------------------------

    def teardown(self) -> None:
        try:
            if self.sim is not None:
                time.sleep(0.5)  # the ticker catches up with the last move
                replay_report(self.sim)
        finally:
            if self.http is not None:
                self.http.close()
            if self.server is not None:
                self.server.__exit__(None, None, None)
            if self.sim is not None:
                self.sim.close()
            shutil.rmtree(self.folder, ignore_errors=True)  # a long run makes hundreds
