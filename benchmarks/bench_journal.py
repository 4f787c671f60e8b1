"""Benchmarks of the request journal and bug reports; prints figures measured in this run.

    python benchmarks/bench_journal.py [--requests 300] [--steps 1000]

1. Journaling overhead on `accounts(first: 50)`: the same request with the journal on and
   off (`journal_retention=0`), in-process and over HTTP (uvicorn). Target: under 10%.
2. Writing a report of N steps (a notebook, from a snapshot). Target: under 2 s.
3. Replaying it (every cell, in-process). Target: under 10 s.
4. The report's size.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simulator import Simulator
from simulator.domain.datasets import load_dataset
from simulator.server.serving import uvicorn_config

REDIRECT = "http://localhost:3000/callback"
QUERY = "{ accounts(first: 50) { edges { node { id } } } }"


def per_request(action: Callable[[], object], count: int) -> float:
    """Milliseconds per request over `count` requests (after one to warm up)."""
    action()
    start = time.perf_counter()
    for _ in range(count):
        action()
    return (time.perf_counter() - start) * 1000 / count


def prepared(directory: Path, retention: int) -> tuple[Simulator, str]:
    sim = Simulator(directory, journal_retention=retention)
    credentials = sim.create_project("sandbox", "Bench", [REDIRECT])
    load_dataset(sim.sandbox, credentials.project_id, "default")
    token = sim.client().post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": credentials.client_id,
            "client_secret": credentials.client_secret,
        },
    )
    return sim, token.json()["access_token"]


@contextmanager
def served(sim: Simulator) -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(sim.app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join()


def overhead(requests: int) -> None:
    """Both simulators are measured in alternation, five rounds each: on a shared machine
    the load moves, and it then weighs on both alike."""
    with tempfile.TemporaryDirectory() as directory:
        sims = {
            label: prepared(Path(directory) / label, r) for label, r in (("off", 0), ("on", 10_000))
        }
        body = {"query": QUERY}
        timings: dict[str, dict[str, list[float]]] = {
            label: {"in-process": [], "http": []} for label in sims
        }
        clients = {label: sim.client() for label, (sim, _) in sims.items()}
        with contextlib.ExitStack() as stack:
            servers = {label: stack.enter_context(served(sim)) for label, (sim, _) in sims.items()}
            remote = {
                label: stack.enter_context(httpx.Client(base_url=base))
                for label, base in servers.items()
            }
            for _ in range(5):
                for label, (_, token) in sims.items():
                    headers = {"Authorization": f"Bearer {token}"}
                    for where, client in (("in-process", clients[label]), ("http", remote[label])):
                        timings[label][where].append(
                            per_request(
                                lambda c=client, h=headers: c.post(
                                    "/sandbox/graphql", json=body, headers=h
                                ),
                                requests,
                            )
                        )
        for sim, _ in sims.values():
            sim.close()
    for where in ("in-process", "http"):
        off = statistics.median(timings["off"][where])
        on = statistics.median(timings["on"][where])
        print(
            f"accounts(first: 50) {where}: {off:.2f} ms without the journal, {on:.2f} ms "
            f"with it: {100 * (on - off) / off:+.1f}% (target under 10%)"
        )


def report(steps: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        sim, token = prepared(Path(directory) / "d", 100_000)
        sim.snapshot("start")
        headers = {"Authorization": f"Bearer {token}"}
        with sim.client() as client:
            for _ in range(steps):
                client.post("/sandbox/graphql", json={"query": QUERY}, headers=headers)
        out = Path(directory) / "bug.ipynb"
        start = time.perf_counter()
        sim.report(out, since="start")
        written = time.perf_counter() - start
        size = out.stat().st_size
        notebook = json.loads(out.read_text())
        namespace: dict[str, Any] = {}
        start = time.perf_counter()
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec(cell["source"], namespace)  # as a kernel would, without printing
        replayed = time.perf_counter() - start
        sim.close()
    print(f"report of {steps} steps: written in {written:.2f} s (target under 2 s)")
    print(f"report of {steps} steps: replayed in {replayed:.2f} s (target under 10 s)")
    print(f"report of {steps} steps: {size / 1024:.0f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    overhead(args.requests)

    with contextlib.redirect_stdout(io.StringIO()) as captured:
        report(args.steps)
    print("\n".join(line for line in captured.getvalue().splitlines() if "report of" in line))


if __name__ == "__main__":
    main()
