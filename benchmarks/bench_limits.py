"""What the limits cost: the in-process `accounts(first: 50)` round trip with limits on vs off.

"On" is the default: the edge (rate limit: one UPSERT in `limits.sqlite` and a project
look-up per request; size bounds; CORS header filter), the bracket-nesting guard and the
operation-limit check before graphql's validation, and `extensions.cost` in the response.
"Off" is `LIMITS_OFF`: no edge, graphql's validation only. Both simulators hold the same 50
accounts and are timed alternately in one run, so the ratio is measured under the same load.
Also times the validation of a 1,000-field document (the limit check and the full
validation as the endpoint runs it, each on a document it has not seen). Prints figures;
asserts nothing about time, but fails when an answer has errors.

    python benchmarks/bench_limits.py [--rounds 1000] [--quick]
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator

from _bench import (
    BenchmarkError,
    benchmark_parser,
    client_credentials_token,
    expect_status,
    graphql_data,
    parse_args,
)
from bench_query_cost import checked_document, fresh_documents, schema
from graphql import DocumentNode, specified_rules

from simulator import Simulator
from simulator.domain.accounts.accounts import create_account_holder
from simulator.limits import (
    LIMITS_OFF,
    SANDBOX_LIMITS,
    LimitSettings,
    RateLimit,
    limit_errors,
    measure_query,
    operation_limit_validator,
)

QUERY = (
    "{ accounts(first: 50) { totalCount"
    " edges { cursor node { id IBAN BIC name number currency statusInfo { status } } } } }"
)


def prepared(settings: LimitSettings) -> tuple[Simulator, Callable[[], object]]:
    sim = Simulator(limits=settings)
    creds = sim.create_project("sandbox", "Bench", ["http://localhost/cb"])
    for n in range(50):
        create_account_holder(sim.sandbox, creds.project_id, first_name=f"U{n}", last_name="B")
    # One long-lived client (one portal thread), as a partner's backend keeps its connection.
    http = sim.client().__enter__()
    token = client_credentials_token(http, creds.client_id, creds.client_secret)
    headers = {"Authorization": f"Bearer {token}"}

    def call() -> object:
        response = http.post("/sandbox/graphql", json={"query": QUERY}, headers=headers)
        return expect_status(response, 200, "accounts(first: 50)")

    return sim, call


def check_answers(on: Callable[[], object], off: Callable[[], object]) -> None:
    """Both answer the accounts with no error; only "on" reports the query's cost."""
    on_body, off_body = on().json(), off().json()  # type: ignore[attr-defined]
    for body, label in ((on_body, "limits on"), (off_body, "limits off")):
        graphql_data(body, label)
    (cost,) = measure_query(QUERY)
    reported = on_body.get("extensions", {}).get("cost", {}).get("complexity")
    if reported != cost.complexity:
        raise BenchmarkError(f"limits on: cost {reported} reported, {cost.complexity} expected")
    if "cost" in off_body.get("extensions", {}):
        raise BenchmarkError(f"limits off: a cost reported: {off_body['extensions']}")


def timed_ms(
    function: Callable[[DocumentNode], object], documents: Iterator[DocumentNode], runs: int
) -> float:
    """Median milliseconds of `function(document)`, one new document a run (parsed untimed)."""
    function(next(documents))
    samples = []
    for _ in range(runs):
        document = next(documents)
        start = time.perf_counter()
        function(document)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=1_000, help="alternated round trips")
    parser.add_argument("--runs", type=int, default=200, help="timed validations")
    args = parse_args(parser, {"rounds": 50, "runs": 10}, argv)
    # The default limits, with a budget no benchmark run can exhaust (same work per request).
    on_sim, on = prepared(LimitSettings(rate_limit=RateLimit(requests=1_000_000)))
    off_sim, off = prepared(LIMITS_OFF)
    check_answers(on, off)
    for _ in range(50):  # warm up both
        on()
        off()
    on_samples: list[float] = []
    off_samples: list[float] = []
    for index in range(args.rounds):
        # Alternate which goes first, so neither always follows the other.
        pair = [(on, on_samples), (off, off_samples)]
        for call, samples in pair if index % 2 else reversed(pair):
            start = time.perf_counter()
            call()
            samples.append(time.perf_counter() - start)
    on_time, off_time = statistics.median(on_samples), statistics.median(off_samples)

    source, _document = checked_document()
    validator = operation_limit_validator(SANDBOX_LIMITS)
    check = timed_ms(lambda d: limit_errors(d, SANDBOX_LIMITS), fresh_documents(source), args.runs)
    full = timed_ms(
        lambda d: validator(schema(), d, specified_rules), fresh_documents(source), args.runs
    )
    print(f"accounts(first: 50), limits on    {on_time * 1000:7.3f} ms per round trip")
    print(f"accounts(first: 50), limits off   {off_time * 1000:7.3f} ms per round trip")
    print(f"ratio on / off                    {on_time / off_time:7.3f}x (target <= 1.10x)")
    print(f"1,000-field document, limit check {check:7.3f} ms (target < 5 ms)")
    print(f"1,000-field document, validation  {full:7.3f} ms (limits + graphql's rules)")
    print(f"({args.rounds} alternated round trips each, {args.runs} new documents; medians)")
    on_sim.close()
    off_sim.close()


if __name__ == "__main__":
    main()
