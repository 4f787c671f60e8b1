"""Heavy-query benchmark: bounded work per request, over a real uvicorn on loopback.

Starts `python -m simulator serve` (uvicorn, its own process) on a data dir holding the
`workshop` dataset, then prints, from one run:

1. the answer time of the nested heavy query (three nested connections of 100: inside every
   specified limit, 3,010,100 estimated rows), which the row budget refuses (target: an
   answer, data or 400, in under 2 s);
2. the p50/p99 of a simple query sent alone ("idle"), then sent from another thread while
   heavy requests run: refused ones, ones that fit the row budget, and (the row budget
   switched off and a 1 s deadline in `limits.json`) the heavy query stopped at its
   execution deadline (target: p99 under load under 5x the idle p99).

Asserts nothing about time, but fails when an answer is not the one the phase is about: the
simple and fitting queries answered with data, the heavy one refused by the row budget (a
document the schema no longer accepts is refused too, in no time: a meaningless figure).

    python benchmarks/bench_heavy_query.py [--samples 300] [--dataset workshop] [--quick]
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from _bench import (
    BenchmarkError,
    benchmark_parser,
    client_credentials_token,
    expect_status,
    graphql_data,
    parse_args,
)
from graphql import parse

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.limits import LimitSettings, LimitSettingsFile, RateLimit, estimate_rows
from simulator.server.app import partner_schema

HEAVY = """
query Heavy {
  accountHolders(first: 100) { edges { node { id
    accounts(first: 100) { edges { node { id IBAN
      transactions(first: 100) { edges { node { id label } } }
      virtualIbanEntries(first: 100) { edges { node { id } } }
      memberships(first: 100) { edges { node { id } } }
    } } }
  } } }
}
"""

#: The same shape, cut down to fit the default row budget (20 + 20 x 20 x (1 + 50 + 5 + 5)).
FITTING = """
query Fitting {
  accountHolders(first: 20) { edges { node { id
    accounts(first: 20) { edges { node { id IBAN
      transactions(first: 50) { edges { node { id label } } }
      virtualIbanEntries(first: 5) { edges { node { id } } }
      memberships(first: 5) { edges { node { id } } }
    } } }
  } } }
}
"""

SIMPLE = "{ accounts(first: 1) { totalCount } }"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def prepare(data_dir: Path, dataset: str) -> tuple[str, str]:
    """A data dir with one project holding the dataset; returns its client credentials."""
    with Simulator(data_dir, frozen=True) as sim:
        credentials = sim.create_project("sandbox", "Heavy", ["http://localhost:3000/callback"])
        load_dataset(sim.sandbox, credentials.project_id, dataset)
    # The simple query is sent thousands of times: no rate limit in the way.
    LimitSettingsFile(data_dir).write(LimitSettings(rate_limit=RateLimit(requests=1_000_000)))
    return credentials.client_id, credentials.client_secret


def rows(query: str) -> int:
    """The row budget's estimate of `query` (its only operation), on the partner schema."""
    (estimate,) = estimate_rows(partner_schema(), parse(query))
    return estimate.rows


def serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    """The server, its access log in the data dir (read back if it does not start)."""
    log = data_dir / "serve.log"
    command = [sys.executable, "-m", "simulator", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--no-demo", "--data-dir", str(data_dir)]
    command += ["--log-file", str(log)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    tail = log.read_text()[-2000:] if log.exists() else ""
    raise BenchmarkError(f"the server did not start: {tail}")


def check_answers(http: httpx.Client) -> None:
    """The answers each phase is about: data for the simple and fitting queries, the row
    budget's refusal for the heavy one."""
    graphql_data(expect_status(post(http, SIMPLE), 200, "simple query"), "simple query")
    graphql_data(expect_status(post(http, FITTING), 200, "fitting query"), "fitting query")
    refused = expect_status(post(http, HEAVY), 400, "heavy query")
    limits = [error.get("extensions", {}).get("limit") for error in refused.json()["errors"]]
    if limits != ["rows"]:
        raise BenchmarkError(f"heavy query: not refused by the row budget: {refused.text[:300]}")


def post(http: httpx.Client, query: str) -> httpx.Response:
    return http.post("/sandbox/graphql", json={"query": query})


def timed(http: httpx.Client, query: str) -> tuple[int, float]:
    began = time.perf_counter()
    response = post(http, query)
    return response.status_code, time.perf_counter() - began


def simple_latencies(http: httpx.Client, samples: int) -> list[float]:
    latencies = []
    for _ in range(samples):
        status, seconds = timed(http, SIMPLE)
        if status != 200:
            raise BenchmarkError(f"simple query: HTTP {status}")
        latencies.append(seconds)
    return latencies


def percentiles(latencies: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


def under_load(
    make_client: Callable[[], httpx.Client], query: str, samples: int, *, once: bool = False
) -> tuple[list[float], list[tuple[int, float]]]:
    """Simple-query latencies while another thread sends `query` (repeatedly, or `once`)."""
    answers: list[tuple[int, float]] = []
    stop = threading.Event()

    def load() -> None:
        with make_client() as http:
            while not stop.is_set():
                answers.append(timed(http, query))
                if once:
                    return

    thread = threading.Thread(target=load)
    thread.start()
    time.sleep(0.2)  # the heavy request is under way
    with make_client() as http:
        latencies = simple_latencies(http, samples)
    stop.set()
    thread.join()
    return latencies, answers


def report(
    name: str,
    latencies: list[float],
    idle_p99: float,
    answers: list[tuple[int, float]] | None = None,
    expected: frozenset[int] = frozenset(),
) -> None:
    """One phase's line; `BenchmarkError` when a heavy answer has a status not `expected`."""
    p50, p99 = percentiles(latencies)
    line = f"{name:<34} simple p50 {p50:7.2f} ms  p99 {p99:7.2f} ms  ({p99 / idle_p99:4.1f}x idle)"
    if answers:
        statuses = sorted({status for status, _ in answers})
        slowest = max(seconds for _, seconds in answers)
        line += f"  | heavy: {len(answers)} answers, status {statuses}, slowest {slowest:.3f} s"
        if not set(statuses) <= expected:
            raise BenchmarkError(f"{line}: statuses {sorted(expected)} expected")
    print(line)


def phases(make_client: Callable[[], httpx.Client], data_dir: Path, samples: int) -> None:
    """The heavy and fitting queries alone, then the simple query idle and beside each load."""
    with make_client() as http:
        simple_latencies(http, 20)  # warm up
        status, seconds = timed(http, HEAVY)
        print(f"heavy query ({rows(HEAVY):,} rows estimated, row budget on): "
              f"HTTP {status} in {seconds * 1000:.1f} ms")  # fmt: skip
        status, seconds = timed(http, FITTING)
        print(f"fitting query ({rows(FITTING):,} rows estimated): "
              f"HTTP {status} in {seconds * 1000:.1f} ms")  # fmt: skip
        check_answers(http)  # after the timed first sight of each document: then remembered
        idle = simple_latencies(http, samples)
    idle_p99 = percentiles(idle)[1]
    report("idle", idle, idle_p99)
    latencies, answers = under_load(make_client, HEAVY, samples)
    report("heavy refused, in a loop", latencies, idle_p99, answers, frozenset({400}))
    latencies, answers = under_load(make_client, FITTING, samples)
    report("fitting query, in a loop", latencies, idle_p99, answers, frozenset({200}))
    # No row budget, a 1 s deadline (limits.json, re-read at the next request): the
    # heavy query runs until it ends or its deadline stops it (503).
    (data_dir / "limits.json").write_text(
        json.dumps(
            {
                "rate_limit": {"requests": 1_000_000},
                "row_budget": None,
                "execution_deadline_seconds": 1,
            }
        )
    )
    latencies, answers = under_load(make_client, HEAVY, samples, once=True)
    report(
        "heavy, no row budget, 1 s deadline", latencies, idle_p99, answers, frozenset({200, 503})
    )


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--samples", type=int, default=300, help="simple queries per phase")
    parser.add_argument("--dataset", default="workshop")
    args = parse_args(parser, {"samples": 30, "dataset": "default"}, argv)
    with tempfile.TemporaryDirectory(prefix="bench-heavy-") as directory:
        data_dir = Path(directory)
        client_id, secret = prepare(data_dir, args.dataset)
        port = free_port()
        server = serve(data_dir, port)
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base) as http:
                token = client_credentials_token(http, client_id, secret)

            def make_client() -> httpx.Client:
                headers = {"Authorization": f"Bearer {token}"}
                return httpx.Client(base_url=base, headers=headers, timeout=60)

            phases(make_client, data_dir, args.samples)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
