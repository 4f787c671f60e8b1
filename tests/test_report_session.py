"""A user's session, as filed in issue 31: a served data dir, a snapshot, a webhook to a
receiver that is down, the clock moved from the command line, a call with an expired token,
then `report --since` and the report run with nbval. It must replay, every time."""

from __future__ import annotations

import contextlib
import io
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from simulator import Simulator
from simulator.cli import main

from .conftest import LiveServer
from .replay_support import receivers, replay_report
from .test_server import ServeProcess, run_cli, token_for

CREATE_HOLDER = """mutation { createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {
  ... on CreateSandboxAccountHolderSuccessPayload { accountId } } }"""
SUBSCRIBE = """mutation($endpoint: String!) { addWebhookSubscription(input: {
  label: "down", endpoint: $endpoint, secret: "s3cret", eventTypes: ["Account.Created"],
  status: Enabled }) { __typename } }"""
DELIVERIES = """{ webhookDeliveries { edges { node { attemptCount nextAttemptAt status } } } }"""


def closed_port() -> int:
    """A loopback port nothing listens on (taken, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(base: str, path: str, token: str, query: str, variables: dict | None = None) -> dict:
    answer = httpx.post(
        base + path,
        json={"query": query, "variables": variables or {}},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_served_session_with_a_cli_clock_move_replays(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServeProcess(data)  # a running clock, as `serve` starts one
    try:
        assert run_cli("snapshot", "save", "before", "--data-dir", str(data)).returncode == 0
        credentials = json.loads((data / "demo-credentials.json").read_text())
        token = token_for(server.base_url, credentials)
        endpoint = f"http://127.0.0.1:{closed_port()}/hook"
        subscribed = post(
            server.base_url, "/sandbox/graphql", token, SUBSCRIBE, {"endpoint": endpoint}
        )
        assert "Success" in subscribed["data"]["addWebhookSubscription"]["__typename"]
        post(server.base_url, "/sandbox-testing/graphql", token, CREATE_HOLDER)
        time.sleep(0.5)  # the first attempt fails (connection refused)
        moved = run_cli("clock", "advance", "2h", "--data-dir", str(data))
        assert moved.returncode == 0, moved.stderr
        time.sleep(1.5)  # the server's ticker catches up
        expired = httpx.post(
            server.base_url + "/sandbox/graphql",
            json={"query": "{ accounts { totalCount } }"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert expired.status_code in (200, 401)
        # One clock rule: every attempt due in the 2 hours fired, each at its own instant
        # (5 s, 17 s, 1 min, 3 min, ... after the one before), not one retry at the end.
        fresh = token_for(server.base_url, credentials)
        [delivery] = [
            edge["node"]
            for edge in post(server.base_url, "/sandbox-testing/graphql", fresh, DELIVERIES)[
                "data"
            ]["webhookDeliveries"]["edges"]
        ]
        assert delivery["attemptCount"] > 3, delivery
        report = tmp_path / "bug.ipynb"
        written = run_cli(
            "report", "--out", str(report), "--since", "before", "--data-dir", str(data)
        )
        assert written.returncode == 0, written.stderr
    finally:
        server.stop()
    # As the docs say to run it; then twice more in-process: every time, not once in a while.
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "-q",
         "-p", "no:cacheprovider", str(report)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-4000:]
    notebook = json.loads(report.read_text())
    for _ in range(2):
        namespace: dict[str, object] = {}
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    exec("".join(cell["source"]), namespace)


def test_a_cli_move_between_an_answer_and_the_work_it_made_due_replays(tmp_path: Path) -> None:
    """The race docs/bug-reports.md described: a client has its answer and moves the clock
    from the command line before the server fires the webhook its request made due. The
    journal has the move first, then the attempt (at the request's instant); the replay
    fires that work where the journal has it, not right after the request."""
    with receivers() as endpoints, Simulator(tmp_path / "data") as sim:
        project = sim.create_project("sandbox", "Race", ["http://localhost:3000/callback"])
        sim.webhooks.subscribe(project, endpoints.ok, ["Account.Created"], secret="s3cret")
        sim.snapshot("before")
        with LiveServer(sim) as server:
            credentials = {"client_id": project.client_id, "client_secret": project.client_secret}
            token = token_for(server.base_url, credentials)
            # The server's end-of-request work waits for this lock: the move comes first.
            with sim.scheduler._lock:
                post(server.base_url, "/sandbox-testing/graphql", token, CREATE_HOLDER)
                data = str(tmp_path / "data")
                assert main(["clock", "advance", "1m", "--data-dir", data]) == 0
            deadline = time.monotonic() + 10
            while (
                time.monotonic() < deadline
                and not sim.sandbox.store.db.execute(
                    "SELECT count(*) FROM webhook_attempts"
                ).fetchone()[0]
            ):
                time.sleep(0.05)
            post(server.base_url, "/sandbox/graphql", token, "{ accounts { totalCount } }")
        kinds = [(e.origin, e.virtual_time) for e in sim.journal.filter("sandbox")][-4:]
        assert [origin for origin, _ in kinds] == ["http", "cli", "webhook", "http"], kinds
        replay_report(sim)
