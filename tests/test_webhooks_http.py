"""Real HTTP receivers on a loopback port: success, 500, a receiver sleeping past the timeout,
redirects, huge bodies, reset connections, garbage, a closed port; and a real uvicorn server
delivering on its own (after a request, and from its wall-clock loop).

The tests use a custom policy with a 0.5 s timeout, so no test waits 15 real seconds.
"""

from __future__ import annotations

import json
import socket
import sqlite3
import struct
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.domain.accounts.accounts import create_account_holder
from simulator.webhooks import RetryPolicy

from .conftest import LiveServer, free_port, project_token

FAST = RetryPolicy("test", delays=(1,), timeout=0.5)


class Handler(BaseHTTPRequestHandler):
    server: ReceiverServer

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.record(self, body)
        path = self.path
        if path == "/ok":
            self.answer(200, b'{"ok": true}')
        elif path == "/fail":
            self.answer(500, b"boom")
        elif path == "/slow":
            time.sleep(2)
            self.answer(200, b"too late")
        elif path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/ok")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/huge":
            self.answer(200, b"x" * 200_000)
        elif path == "/huge-unannounced":
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            for _ in range(20):
                self.wfile.write(b"y" * 10_000)
        elif path == "/reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        elif path.startswith("/trickle"):
            # A byte every 0.1 s: each read is quick, the whole answer never ends in time.
            if path == "/trickle-headers":
                head, drip = b"HTTP/1.1 200 OK\r\n", b"X-Slow: " + b"y" * 40 + b"\r\n"
            else:
                head, drip = b"HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n", b"z" * 40
            try:
                self.wfile.write(head)
                for byte in drip:
                    self.wfile.flush()
                    time.sleep(0.1)
                    self.wfile.write(bytes([byte]))
            except OSError:
                pass  # the sender gave up, as it should
        elif path == "/garbage":
            self.wfile.write(b"this is not HTTP\r\n\r\n")
        elif path == "/flaky":
            event_id = json.loads(body)["eventId"]
            seen = self.server.seen_flaky
            self.answer(200 if event_id in seen else 503, b"")
            seen.add(event_id)
        else:
            self.answer(404, b"")

    def answer(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class ReceiverServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, sandbox_file: str | None = None) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.requests: list[dict[str, Any]] = []
        self.seen_flaky: set[str] = set()
        self.sandbox_file = sandbox_file
        self.lock = threading.Lock()

    def record(self, handler: Handler, body: bytes) -> None:
        with self.lock:
            self.requests.append(
                {
                    "path": handler.path,
                    "headers": dict(handler.headers),
                    "body": json.loads(body),
                    "db_writable": self.db_writable(),
                }
            )

    def db_writable(self) -> bool | None:
        """Could another writer take SQLite's write lock while this request is in flight?"""
        if self.sandbox_file is None:
            return None
        connection = sqlite3.connect(self.sandbox_file, timeout=0)
        try:
            connection.execute("BEGIN IMMEDIATE")
            connection.rollback()
            return True
        except sqlite3.OperationalError:
            return False
        finally:
            connection.close()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}{path}"


@pytest.fixture
def receiver(sim: Simulator) -> Iterator[ReceiverServer]:
    server = ReceiverServer(str(sim.sandbox.store.path))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def subscribe(sim: Simulator, project: ProjectCredentials, url: str) -> dict[str, Any]:
    return sim.webhooks.subscribe(project, url, ["Account.Created"], secret="http-secret")


def open_account(sim: Simulator, project: ProjectCredentials) -> str:
    created = create_account_holder(sim.sandbox, project.project_id, first_name="A", last_name="B")
    return created["account_id"]


def test_success_failure_and_timeout_against_real_endpoints(
    sim: Simulator, project: ProjectCredentials, receiver: ReceiverServer
) -> None:
    sim.webhooks.set_policy(FAST)
    for path in ["/ok", "/fail", "/slow"]:
        subscribe(sim, project, receiver.url(path))
    account_id = open_account(sim, project)
    began = time.monotonic()
    sim.run_due()
    # The three go out concurrently: the slow one costs one timeout, not a queue of them.
    assert time.monotonic() - began < 1.8
    by_url = {a["endpoint_url"]: a for a in sim.webhooks.log(project)}
    ok, fail, slow = (by_url[receiver.url(p)] for p in ["/ok", "/fail", "/slow"])
    assert (ok["succeeded"], ok["response_status"], ok["response_body"]) == (
        True,
        200,
        '{"ok": true}',
    )
    assert (fail["error_code"], fail["response_status"], fail["response_body"]) == (
        "NonSuccessStatus",
        500,
        "boom",
    )
    assert (slow["error_code"], slow["response_status"]) == ("Timeout", None)
    assert 500 <= slow["duration_ms"] < 1500
    assert slow["error"] == "No answer within 0.5 s."
    # The next attempt counts from the end of the failed one (real durations, in ms).
    started = fail["attempted_at"]
    assert fail["next_attempt_at"] > started and slow["next_attempt_at"] > fail["next_attempt_at"]

    request = next(r for r in receiver.requests if r["path"] == "/ok")
    assert request["body"] == {
        "eventType": "Account.Created",
        "eventId": ok["event_id"],
        "eventDate": "2026-01-05T09:00:00.000Z",
        "projectId": project.project_id,
        "resourceId": account_id,
    }
    assert request["headers"]["x-swan-secret"] == "http-secret"
    assert request["headers"]["Content-Type"] == "application/json"
    # No SQLite write transaction is held while a request is in flight.
    assert all(r["db_writable"] for r in receiver.requests)

    sim.advance("2s")  # the retries, then both failing deliveries are done
    statuses = {d["subscription_id"]: d["status"] for d in sim.webhooks.deliveries(project)}
    assert sorted(statuses.values()) == ["Failed", "Failed", "Succeeded"]
    assert len(sim.webhooks.log(project)) == 5


@pytest.mark.parametrize(
    ("path", "code", "status"),
    [
        ("/redirect", "Redirected", 302),
        ("/huge", "ResponseTooLarge", 200),
        ("/huge-unannounced", "ResponseTooLarge", 200),
        ("/reset", "ConnectionFailed", None),
        ("/garbage", "ProtocolError", None),
    ],
)
def test_misbehaving_receivers_are_documented_failures(
    sim: Simulator,
    project: ProjectCredentials,
    receiver: ReceiverServer,
    path: str,
    code: str,
    status: int | None,
) -> None:
    sim.webhooks.set_policy(FAST)
    subscribe(sim, project, receiver.url(path))
    open_account(sim, project)
    sim.run_due()
    (attempt,) = sim.webhooks.log(project)
    assert (attempt["error_code"], attempt["response_status"]) == (code, status)
    assert len((attempt["response_body"] or "").encode()) <= 1024  # at most 1 KiB kept
    if code == "Redirected":
        assert "not followed" in attempt["error"] and "/ok" in attempt["error"]
        assert [r["path"] for r in receiver.requests] == ["/redirect"]  # not followed
    (delivery,) = sim.webhooks.deliveries(project)
    assert delivery["status"] == "Pending"  # it will be retried: nothing is lost


@pytest.mark.parametrize("path", ["/trickle-headers", "/trickle-body"])
def test_a_receiver_trickling_its_answer_times_out_on_time(
    sim: Simulator, project: ProjectCredentials, receiver: ReceiverServer, path: str
) -> None:
    """httpx's timeout bounds each read; the attempt's deadline bounds them all (a trickled
    status line or header held the attempt, and the scheduler, as long as it lasted)."""
    sim.webhooks.set_policy(FAST)
    subscribe(sim, project, receiver.url(path))
    open_account(sim, project)
    began = time.monotonic()
    sim.run_due()
    assert time.monotonic() - began < 1.5
    (attempt,) = sim.webhooks.log(project)
    assert (attempt["error_code"], attempt["error"]) == ("Timeout", "No answer within 0.5 s.")
    assert 500 <= attempt["duration_ms"] < 1000


def test_a_closed_port_is_a_connection_failure(sim: Simulator, project: ProjectCredentials) -> None:
    sim.webhooks.set_policy(FAST)
    subscribe(sim, project, f"http://127.0.0.1:{free_port()}/hook")
    open_account(sim, project)
    sim.run_due()
    (attempt,) = sim.webhooks.log(project)
    assert attempt["error_code"] == "ConnectionFailed"
    assert attempt["error"].startswith("Connection failed")


def test_probe_over_http(
    sim: Simulator, project: ProjectCredentials, receiver: ReceiverServer
) -> None:
    probed = sim.webhooks.probe(project, receiver.url("/ok"), "probe-secret")
    assert probed["response_status"] == 200 and probed["result"].succeeded
    assert receiver.requests[-1]["body"]["eventId"] == probed["event_id"]


def test_a_running_server_delivers_after_the_request_and_from_its_loop(
    sim: Simulator, project: ProjectCredentials, receiver: ReceiverServer
) -> None:
    sim.webhooks.set_policy(RetryPolicy("loop", delays=(0.3,), timeout=2))
    with LiveServer(sim) as server, httpx.Client(base_url=server.base_url) as client:
        token = project_token(client, project)
        headers = {"Authorization": f"Bearer {token}"}
        added = client.post(
            "/sandbox/graphql",
            headers=headers,
            json={
                "query": "mutation($i: AddWebhookSubscriptionInput!) { addWebhookSubscription("
                "input: $i) { __typename } }",
                "variables": {
                    "i": {
                        "label": "Flaky",
                        "endpoint": receiver.url("/flaky"),
                        "secret": "loop-secret",
                        "eventTypes": ["Account.Created"],
                        "status": "Enabled",
                    }
                },
            },
        ).json()
        assert added["data"]["addWebhookSubscription"]["__typename"].endswith("SuccessPayload")
        sim.clock.resume()  # wall-clock mode: the server's loop fires retries as time passes
        answer = client.post(
            "/sandbox-testing/graphql",
            headers=headers,
            json={
                "query": 'mutation { createSandboxAccountHolder(input: {firstName: "A", '
                'lastName: "B"}) { __typename } }'
            },
        )
        assert answer.status_code == 200
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            statuses = [d["status"] for d in sim.webhooks.deliveries(project)]
            if statuses == ["Succeeded"]:
                break
            time.sleep(0.05)
        sim.clock.freeze()
    attempts = sim.webhooks.log(project)
    assert [a["response_status"] for a in attempts] == [503, 200]
    assert [r["path"] for r in receiver.requests] == ["/flaky", "/flaky"]
    assert receiver.requests[0]["headers"]["x-swan-secret"] == "loop-secret"
