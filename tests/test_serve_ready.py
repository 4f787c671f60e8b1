"""`serve --port 0 --ready-file`: what a CI job in any language starts and waits for
(docs/testing-your-integration.md), and a clear failure when it cannot start."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx


def start(tmp_path: Path, *options: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "simulator", "serve", "--frozen", "--data-dir"]
    return subprocess.Popen(
        [*command, str(tmp_path / "data"), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def stop(process: subprocess.Popen[str]) -> tuple[str, str]:
    process.send_signal(signal.SIGINT)
    return process.communicate(timeout=30)


def test_a_free_port_and_a_ready_file(tmp_path: Path) -> None:
    ready = tmp_path / "ready.json"
    ready.write_text("stale")  # the last run's: removed before the new server starts
    process = start(tmp_path, "--port", "0", "--ready-file", str(ready))
    try:
        deadline = time.monotonic() + 60
        while not (ready.is_file() and ready.read_text() != "stale"):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.1)
        record = json.loads(ready.read_text())
        assert ready.stat().st_mode & 0o777 == 0o600  # it holds the client secret
        token = httpx.post(
            record["token_url"],
            data={"grant_type": "client_credentials"},
            auth=(record["client_id"], record["client_secret"]),
        )
        answer = httpx.post(
            record["sandbox_url"],
            json={"query": "{ accounts { totalCount } }"},
            headers={"Authorization": f"Bearer {token.json()['access_token']}"},
        )
        assert answer.json()["data"] == {"accounts": {"totalCount": 3}}
        assert record["url"].startswith("http://127.0.0.1:") and not record["url"].endswith(":0")
        assert record["url"] in record["sandbox_url"]
    finally:
        stop(process)
    assert process.returncode == 0
    assert not ready.exists()  # a stopped server leaves no file saying it is ready


def test_the_ready_line_and_a_busy_port(tmp_path: Path) -> None:
    process = start(tmp_path, "--port", "0", "--ready-file", "-")
    try:
        assert process.stdout is not None
        line = next(line for line in process.stdout if line.startswith("{"))
        record = json.loads(line)
        port = record["url"].rsplit(":", 1)[1]
        # A second server on the same port: a clear message and a non-zero status.
        busy = subprocess.run(
            [sys.executable, "-m", "simulator", "serve", "--port", port, "--data-dir",
             str(tmp_path / "other")],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert busy.returncode == 2
        assert f"Cannot listen on 127.0.0.1:{port}: Address already in use." in busy.stderr
    finally:
        stop(process)
