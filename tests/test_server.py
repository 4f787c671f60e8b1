"""The real thing: `python -m simulator serve` in a subprocess, and uvicorn on a loopback port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from simulator import Simulator

from .conftest import LiveServer, free_port, project_token

ACCOUNTS = "{ accounts { totalCount edges { node { id IBAN holder { info { name } } } } } }"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "simulator", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


class ServeProcess:
    def __init__(self, data_dir: Path, *extra: str) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "simulator",
                "serve",
                "--port",
                str(self.port),
                "--data-dir",
                str(data_dir),
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(self.base_url + "/", timeout=1)
                break
            except httpx.TransportError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        self.process.stderr.read() if self.process.stderr else ""
                    ) from None
                time.sleep(0.1)

    def stop(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGINT)  # what Ctrl-C sends
        out, _ = self.process.communicate(timeout=30)
        return self.process.returncode, out


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def token_for(base_url: str, credentials: dict) -> str:
    response = httpx.post(
        base_url + "/oauth2/token",
        data={"grant_type": "client_credentials"},
        auth=(credentials["client_id"], credentials["client_secret"]),
    )
    assert response.status_code == 200, response.text
    return response.json()["access_token"]


def test_serve_creates_a_demo_project_and_keeps_state_across_restarts(data_dir: Path) -> None:
    server = ServeProcess(data_dir, "--frozen")
    credentials = json.loads((data_dir / "demo-credentials.json").read_text())
    token = token_for(server.base_url, credentials)
    headers = {"Authorization": f"Bearer {token}"}
    first = httpx.post(
        server.base_url + "/sandbox/graphql", json={"query": ACCOUNTS}, headers=headers
    )
    assert first.status_code == 200
    assert first.json()["data"]["accounts"]["totalCount"] == 3

    # The CLI moves the clock of the running server through the data dir.
    advanced = run_cli("clock", "advance", "2h", "--data-dir", str(data_dir))
    assert advanced.returncode == 0, advanced.stderr
    assert json.loads(advanced.stdout)["now"] == "2026-01-05T11:00:00.000Z"
    expired = httpx.post(
        server.base_url + "/sandbox/graphql", json={"query": ACCOUNTS}, headers=headers
    )
    assert expired.status_code == 401
    assert expired.json()["errors"][0]["extensions"]["reason"] == "expired"

    code, out = server.stop()
    assert code == 0
    assert "client_secret" in out and credentials["client_secret"] in out
    assert "/sandbox-testing/graphql" in out

    again = ServeProcess(data_dir)
    try:
        token = token_for(again.base_url, credentials)
        second = httpx.post(
            again.base_url + "/sandbox/graphql",
            json={"query": ACCOUNTS},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert second.json()["data"] == first.json()["data"]
    finally:
        code, out = again.stop()
    assert code == 0
    assert "Demo project created" not in out  # kept, not created twice


def test_in_process_and_over_http_answer_the_same(sim: Simulator) -> None:
    """Rule 3: only the base URL differs."""
    creds = sim.create_project("sandbox", "Same", ["http://localhost:3000/callback"])
    with (
        sim.client() as local,
        LiveServer(sim) as server,
        httpx.Client(base_url=server.base_url) as remote,
    ):
        token = project_token(local, creds)
        headers = {"Authorization": f"Bearer {token}"}
        local.post(
            "/sandbox-testing/graphql",
            json={
                "query": 'mutation { createSandboxAccountHolder(input: {firstName: "A", lastName: "B"}) { __typename } }'
            },
            headers=headers,
        )
        requests = [
            ("/sandbox/graphql", {"query": ACCOUNTS}, headers),
            ("/sandbox/graphql", {"query": "{ nope }"}, headers),
            ("/sandbox/graphql", {"query": ACCOUNTS}, {}),
            ("/live/graphql", {"query": ACCOUNTS}, headers),
        ]
        for path, body, request_headers in requests:
            a = local.post(path, json=body, headers=request_headers)
            b = remote.post(path, json=body, headers=request_headers)
            assert (a.status_code, answer(a)) == (b.status_code, answer(b))


def answer(response: httpx.Response) -> dict:
    """The body without its request id (each request has its own, the `X-Request-Id`)."""
    body = response.json()
    assert body["extensions"].pop("requestId") == response.headers["x-request-id"]
    if not body["extensions"]:
        del body["extensions"]
    return body


def test_cli_project_create_prints_credentials_once(data_dir: Path) -> None:
    result = run_cli(
        "project",
        "create",
        "--env",
        "live",
        "--name",
        "Shop",
        "--redirect-uri",
        "https://shop.example/cb",
        "--redirect-uri",
        "https://shop.example/cb2",
        "--data-dir",
        str(data_dir),
    )
    assert result.returncode == 0, result.stderr
    created = json.loads(result.stdout)
    assert set(created) == {"project_id", "client_id", "client_secret", "redirect_uris"}
    assert created["client_id"].startswith("LIVE_")
    assert created["redirect_uris"] == ["https://shop.example/cb", "https://shop.example/cb2"]
    listing = run_cli("project", "list", "--env", "live", "--data-dir", str(data_dir))
    assert created["client_secret"] not in listing.stdout
    assert created["client_id"] in listing.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["clock", "advance", "soon"], "error: Not a duration"),
        (["clock", "advance", "99999999999w"], "error: Too long a duration"),
        (["clock", "set", "9999-12-31T23:59:59Z"], "error: 9999-12-31T23:59:59+00:00 is outside"),
        (["clock", "set", "garbage"], "error: Not an ISO 8601 date-time"),
        (["limits", "rate-limit", "--window", "99999999999w"], "error: Too long a duration"),
    ],
)
def test_cli_errors_are_one_clear_line(data_dir: Path, args: list[str], message: str) -> None:
    result = run_cli(*args, "--data-dir", str(data_dir))
    assert result.returncode == 2
    assert result.stderr.startswith(message), result.stderr
    assert "Traceback" not in result.stderr


# 0 is a port: a free one (tests/test_serve_ready.py).
@pytest.mark.parametrize("port", ["99999", "-1", "http"])
def test_serve_refuses_a_bad_port_in_one_line(data_dir: Path, port: str) -> None:
    result = run_cli("serve", "--port", port, "--data-dir", str(data_dir))
    assert result.returncode == 2
    assert "argument --port: not a port number" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_reset(data_dir: Path) -> None:
    run_cli(
        "project",
        "create",
        "--name",
        "A",
        "--redirect-uri",
        "http://a/cb",
        "--data-dir",
        str(data_dir),
    )
    assert run_cli("reset", "--env", "sandbox", "--data-dir", str(data_dir)).returncode == 0
    listing = run_cli("project", "list", "--data-dir", str(data_dir))
    assert json.loads(listing.stdout) == []


def test_serve_refuses_a_busy_port_before_printing_addresses(data_dir: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        result = run_cli("serve", "--port", str(port), "--data-dir", str(data_dir))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"error: Cannot listen on 127.0.0.1:{port}: Address already in use.\n"


def test_the_cli_creates_a_clock_as_serve_would(data_dir: Path) -> None:
    result = run_cli("clock", "now", "--data-dir", str(data_dir))
    assert json.loads(result.stdout)["mode"] == "running"
