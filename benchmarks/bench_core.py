"""Core benchmark: the simulator's `accounts(first: 50)` against a bare Ariadne app.

Both go through the same in-process transport (Starlette's TestClient), so the ratio
measures what the simulator adds: authentication, SQLite storage, keyset pagination,
error formatting. Prints figures measured in one run; asserts nothing about time, but fails
when an answer has errors (the document no longer fits the schema).

    python benchmarks/bench_core.py [--rounds 300] [--quick]
"""

from __future__ import annotations

import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

from _bench import (
    BenchmarkError,
    benchmark_parser,
    client_credentials_token,
    graphql_data,
    parse_args,
)
from ariadne import QueryType, make_executable_schema
from ariadne.asgi import GraphQL
from starlette.applications import Starlette
from starlette.routing import Route

from simulator import Simulator
from simulator.domain.accounts.accounts import create_account_holder

QUERY = (
    "{ accounts(first: 50) { totalCount"
    " edges { cursor node { id IBAN BIC name number currency statusInfo { status } } } } }"
)
# The same shape with plain types: the bare app returns the simulator's rows as they are.
BARE_SDL = """
type Query { accounts(first: Int): AccountConnection! }
type AccountConnection { totalCount: Int! edges: [AccountEdge!]! }
type AccountEdge { cursor: String! node: Account! }
type Account {
  id: ID! IBAN: String BIC: String! name: String! number: String! currency: String!
  statusInfo: AccountStatusInfo!
}
type AccountStatusInfo { status: String! }
"""


def timed(call: Callable[[], object], rounds: int) -> float:
    """Median seconds of `call` over `rounds` calls, after a short warm-up."""
    for _ in range(max(5, rounds // 15)):
        call()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def bare_app(rows: list[dict[str, Any]]) -> Starlette:
    """Ariadne's ASGI handler serving `rows` from memory, in a one-route Starlette app."""
    query = QueryType()

    @query.field("accounts")
    def accounts(*_: object, first: int = 50) -> dict[str, Any]:
        page = rows[:first]
        return {
            "totalCount": len(rows),
            "edges": [{"cursor": r["_cursor"], "node": r} for r in page],
        }

    bare_graphql = GraphQL(make_executable_schema(BARE_SDL, query))
    return Starlette(routes=[Route("/", bare_graphql.handle_request, methods=["POST"])])


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=300, help="timed round trips per figure")
    args = parse_args(parser, {"rounds": 30}, argv)
    # CPU time beside wall time: on a shared machine other jobs stretch the wall time only.
    start, cpu = time.perf_counter(), time.process_time()
    sim = Simulator()
    ready, ready_cpu = time.perf_counter() - start, time.process_time() - cpu
    # The app (and the GraphQL schemas, built once per process) is made on first use.
    sim.client().get("/")
    answered, answered_cpu = time.perf_counter() - start, time.process_time() - cpu

    creds = sim.create_project("sandbox", "Bench", ["http://localhost/cb"])
    for n in range(50):
        create_account_holder(sim.sandbox, creds.project_id, first_name=f"U{n}", last_name="B")
    http = sim.client()
    token = client_credentials_token(http, creds.client_id, creds.client_secret)
    headers = {"Authorization": f"Bearer {token}"}
    expected = graphql_data(
        http.post("/sandbox/graphql", json={"query": QUERY}, headers=headers), "simulator"
    )
    rows = [{**edge["node"], "_cursor": edge["cursor"]} for edge in expected["accounts"]["edges"]]
    if len(rows) != 50:
        raise BenchmarkError(f"simulator: {len(rows)} accounts answered, 50 expected")
    bare = bare_app(rows)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        bare_client = TestClient(bare)
    if graphql_data(bare_client.post("/", json={"query": QUERY}), "bare app") != expected:
        raise BenchmarkError("the bare app's answer differs from the simulator's")

    print(f"Simulator() ready in             {ready * 1000:7.1f} ms  (target < 300 ms), "
          f"CPU {ready_cpu * 1000:.1f} ms")  # fmt: skip
    print(f"Simulator() to its first answer  {answered * 1000:7.1f} ms  (schemas built), "
          f"CPU {answered_cpu * 1000:.1f} ms")  # fmt: skip

    def compare(label: str, sim_client: Any, bare_client: Any) -> None:
        simulator_time = timed(
            lambda: sim_client.post("/sandbox/graphql", json={"query": QUERY}, headers=headers),
            args.rounds,
        )
        bare_time = timed(lambda: bare_client.post("/", json={"query": QUERY}), args.rounds)
        print(label)
        print(f"  accounts(first: 50), simulator    {simulator_time * 1000:7.2f} ms per round trip")
        print(f"  accounts(first: 50), bare Ariadne {bare_time * 1000:7.2f} ms per round trip")
        print(f"  ratio simulator / bare            {simulator_time / bare_time:7.2f}x")

    # As a server runs: one event loop for every request (the clients used as context
    # managers). This is the figure the <= 1.5x target is about.
    with sim.client() as sim_client, bare_client as bare_in_loop:
        compare("One event loop for all requests (target <= 1.5x):", sim_client, bare_in_loop)
    # A client used without `with` starts a thread and an event loop per request, so each
    # request also opens the environment's SQLite connection anew.
    compare(
        "A new event-loop thread per request (client used without `with`):", http, TestClient(bare)
    )
    sim.close()


if __name__ == "__main__":
    main()
