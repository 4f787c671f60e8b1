"""The journal survives `kill -9` (issue 31): an acknowledged write always has its entry.

A real `python -m simulator serve` takes a mixed write load over HTTP from a few threads
(OAuth token requests, webhook subscriptions added and renamed through GraphQL), is killed
with `SIGKILL` mid-load, and its file is opened again: every write whose answer arrived has
its effect and its entry, and every entry parses whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from starlette.types import Message, Receive, Scope, Send

from simulator import Simulator

from .conftest import REDIRECT_URI, free_port, project_token

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")  # the project uses httpx
    from starlette.testclient import TestClient

ADD = (
    "mutation($input: AddWebhookSubscriptionInput!) { addWebhookSubscription(input: $input) "
    "{ __typename ... on WebhookSubscriptionSuccessPayload { webhookSubscription { id } } } }"
)
RENAME = (
    "mutation($input: UpdateWebhookSubscriptionInput!) { updateWebhookSubscription(input: "
    "$input) { __typename } }"
)
SUBSCRIPTION = {"endpoint": "https://partner.example/webhooks", "status": "Enabled"}
#: One event type a client (a project has at most 10 subscriptions of each).
EVENT_TYPES = [
    "Account.Closed", "Account.Created", "Account.Updated", "AccountHolder.Created",
    "AccountHolder.Updated", "AccountMembership.Created", "AccountMembership.Updated",
    "Card.Created", "Card.Updated", "Consent.Canceled", "Consent.Created",
]  # fmt: skip
#: Subscriptions a client adds (then it renames them).
ADDED = 3
ROUNDS = 3
THREADS = 3
#: Real seconds of load before the kill (the server answers a few hundred requests).
LOAD_SECONDS = (0.6, 1.2)
#: The columns stored as JSON: each must parse (no half-written entry).
JSON_COLUMNS = ("variables", "request", "cost")


@dataclass
class Acknowledged:
    """The writes whose 2xx answer arrived whole, with the `X-Request-Id` of each."""

    tokens: list[tuple[str, str]] = field(default_factory=list)  # (request id, token)
    added: list[tuple[str, str]] = field(default_factory=list)  # (request id, subscription)
    renamed: list[tuple[str, str, int]] = field(default_factory=list)  # (id, subscription, n)
    failures: list[str] = field(default_factory=list)  # a load thread's unexpected error
    lock: threading.Lock = field(default_factory=threading.Lock)


class Server:
    """`python -m simulator serve` on a free port, killed with `SIGKILL`. Its output goes to
    a file (a pipe nobody reads would fill with the access log and stall the server)."""

    def __init__(self, data_dir: Path) -> None:
        self.base_url = f"http://127.0.0.1:{(port := free_port())}"
        self.output = (data_dir.parent / f"serve-{port}.log").open("wb")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "simulator",
                "serve",
                "--port",
                str(port),
                "--data-dir",
                str(data_dir),
            ],
            stdout=self.output,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(self.base_url + "/", timeout=1)
                return
            except httpx.TransportError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    log = Path(self.output.name).read_text(errors="replace")
                    raise RuntimeError(f"serve did not start:\n{log}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.output.close()


def _load(
    base_url: str,
    credentials: dict[str, str],
    seed: int,
    done: threading.Event,
    acked: Acknowledged,
) -> None:
    """One client's writes until the server dies: a token, then subscriptions added and
    renamed, a new token now and then."""
    rnd = random.Random(seed)
    form = {
        "grant_type": "client_credentials",
        "client_id": credentials["client_id"],
        "client_secret": credentials["client_secret"],
    }
    mine: list[str] = []
    renames = 0
    with httpx.Client(base_url=base_url, timeout=5) as http:
        try:
            token = ""
            while not done.is_set():
                if not token or rnd.random() < 0.1:
                    answer = http.post("/oauth2/token", data=form)
                    if answer.status_code != 200:  # a 429, say: nothing written
                        continue
                    token = answer.json()["access_token"]
                    with acked.lock:
                        acked.tokens.append((answer.headers["x-request-id"], token))
                    continue
                headers = {"Authorization": f"Bearer {token}"}
                subscription = {
                    **SUBSCRIPTION,
                    "eventTypes": [EVENT_TYPES[seed % len(EVENT_TYPES)]],
                }
                if len(mine) < ADDED and (not mine or rnd.random() < 0.3):
                    variables = {"input": {"label": f"s{seed}", "secret": "x" * 16, **subscription}}
                    answer = http.post("/sandbox/graphql", json={"query": ADD, "variables": variables}, headers=headers)  # fmt: skip
                    if answer.status_code != 200:
                        continue
                    payload = answer.json()["data"]["addWebhookSubscription"]
                    mine.append(payload["webhookSubscription"]["id"])
                    with acked.lock:
                        acked.added.append((answer.headers["x-request-id"], mine[-1]))
                    continue
                renames += 1
                target = mine[renames % len(mine)]
                variables = {"input": {"id": target, "label": f"r{renames}", **subscription}}
                answer = http.post("/sandbox/graphql", json={"query": RENAME, "variables": variables}, headers=headers)  # fmt: skip
                if answer.status_code != 200:
                    continue
                assert "errors" not in answer.json(), answer.text
                with acked.lock:
                    acked.renamed.append((answer.headers["x-request-id"], target, renames))
        except (httpx.TransportError, json.JSONDecodeError):
            return  # killed: the request in flight is not acknowledged
        except Exception as error:  # the test fails with it
            acked.failures.append(repr(error))


def _entries(connection: sqlite3.Connection, after: int) -> dict[str, dict[str, Any]]:
    """The HTTP entries after `seq` `after`, by request id; each parses whole."""
    connection.row_factory = sqlite3.Row
    found: dict[str, dict[str, Any]] = {}
    for row in connection.execute("SELECT * FROM journal_entries WHERE seq > ?", [after]):
        entry = dict(row)
        for name in JSON_COLUMNS:
            if entry[name] is not None:
                entry[name] = json.loads(entry[name])
        assert entry["status"] is not None and entry["endpoint"] and entry["virtual_time"]
        if entry["origin"] == "http":
            assert entry["request_id"] not in found, "one entry a request"
            found[entry["request_id"]] = entry
    return found


def _check_round(data_dir: Path, acked: Acknowledged, after: int) -> int:
    """Every acknowledged write has its effect and its entry; the last `seq`."""
    connection = sqlite3.connect(data_dir / "sandbox.sqlite")
    try:
        entries = _entries(connection, after)
        hashes = {row[0] for row in connection.execute("SELECT token_hash FROM tokens")}
        labels = dict(connection.execute("SELECT id, label FROM webhook_subscriptions"))
        last = connection.execute("SELECT max(seq) FROM journal_entries").fetchone()[0]
    finally:
        connection.close()
    acknowledged = [r[0] for r in (*acked.tokens, *acked.added, *acked.renamed)]
    missing = [request_id for request_id in acknowledged if request_id not in entries]
    assert missing == [], f"{len(missing)} of {len(acknowledged)} acknowledged without entry"
    for request_id, token in acked.tokens:
        assert hashlib.sha256(token.encode()).hexdigest() in hashes
        assert entries[request_id]["endpoint"] == "/oauth2/token"
        assert entries[request_id]["status"] == 200
    for request_id, subscription in acked.added:
        assert subscription in labels
        assert subscription in entries[request_id]["response"]
    for request_id, subscription, number in acked.renamed:
        # The last rename sent may have been written without its answer arriving.
        assert int(labels[subscription].lstrip("r")) >= number
        entry = entries[request_id]
        assert (entry["operation_name"], entry["status"]) == (None, 200)
        assert entry["variables"]["input"]["label"] == f"r{number}"
    return int(last)


def test_no_acknowledged_write_loses_its_entry_to_kill_9(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"  # the servers' logs beside it
    with Simulator(data_dir) as sim:  # in-process: no second start-up to wait for
        project = sim.create_project("sandbox", "Load", [REDIRECT_URI])
    credentials = {"client_id": project.client_id, "client_secret": project.client_secret}
    after = 0
    counted = 0
    for round_number in range(ROUNDS):
        server = Server(data_dir)
        acked, done = Acknowledged(), threading.Event()
        threads = [
            threading.Thread(
                target=_load,
                args=(server.base_url, credentials, round_number * THREADS + n, done, acked),
            )
            for n in range(THREADS)
        ]
        for thread in threads:
            thread.start()
        time.sleep(random.Random(round_number).uniform(*LOAD_SECONDS))
        server.kill()  # mid-load: requests are in flight
        done.set()
        for thread in threads:
            thread.join(timeout=10)
        assert not acked.failures
        after = _check_round(data_dir, acked, after)
        counted += len(acked.tokens) + len(acked.added) + len(acked.renamed)
    assert counted > 30, "the load reached the server"


def test_the_entry_is_committed_before_the_answer_leaves(tmp_path: Path) -> None:
    """The design the kill test checks by chance, checked at each request: when the answer's
    first message reaches the server, its entry is already in the file (another connection
    reads it), for a write, a read, a refusal and a token request."""
    with Simulator(tmp_path) as sim:
        project = sim.create_project("sandbox", "Order", [REDIRECT_URI])
        seen: list[tuple[int, int]] = []  # (status, entries in the file then)

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            async def watched(message: Message) -> None:
                if message["type"] == "http.response.start":
                    with sqlite3.connect(tmp_path / "sandbox.sqlite") as other:
                        count = other.execute("SELECT count(*) FROM journal_entries").fetchone()
                    seen.append((message["status"], count[0]))
                await send(message)

            await sim.app(scope, receive, watched)

        with TestClient(app) as http:
            token = project_token(http, project)
            headers = {"Authorization": f"Bearer {token}"}
            subscription = {"label": "a", "secret": "x" * 16, "eventTypes": ["Account.Created"]}
            variables = {"input": {**subscription, **SUBSCRIPTION}}
            http.post("/sandbox/graphql", json={"query": ADD, "variables": variables}, headers=headers)  # fmt: skip
            http.post("/sandbox/graphql", json={"query": "{ __typename }"}, headers=headers)
            http.post("/sandbox/graphql", json={"query": "{ __typename }"})  # a 401
        # The project's creation is entry 1: each answer finds its own entry written.
        assert seen == [(200, 2), (200, 3), (200, 4), (401, 5)]
