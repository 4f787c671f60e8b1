"""What the limits cost: the in-process `accounts(first: 50)` round trip with limits on vs off.

"On" is the default: the edge (rate limit: one UPSERT in `limits.sqlite` and a project
look-up per request; size bounds; CORS header filter), the bracket-nesting guard and the
operation-limit check before graphql's validation, and `extensions.cost` in the response.
"Off" is `LIMITS_OFF`: no edge, graphql's validation only. Both simulators hold the same 50
accounts and are timed alternately in one run, so the ratio is measured under the same load.
Also times the validation of a 1,000-field document (the limit check and the full
validation as the endpoint runs it). Prints figures; asserts nothing about time.

    python benchmarks/bench_limits.py [rounds]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from bench_query_cost import SCHEMA, thousand_field_document
from graphql import specified_rules

from simulator import Simulator
from simulator.domain.accounts import create_account_holder
from simulator.limits import (
    LIMITS_OFF,
    SANDBOX_LIMITS,
    LimitSettings,
    RateLimit,
    limit_errors,
    operation_limit_validator,
)

QUERY = (
    "{ accounts(first: 50) { totalCount"
    " edges { cursor node { id IBAN BIC name number currency status } } } }"
)


def prepared(settings: LimitSettings) -> tuple[Simulator, Callable[[], object]]:
    sim = Simulator(limits=settings)
    creds = sim.create_project("sandbox", "Bench", ["http://localhost/cb"])
    for n in range(50):
        create_account_holder(sim.sandbox, creds.project_id, first_name=f"U{n}", last_name="B")
    # One long-lived client (one portal thread), as a partner's backend keeps its connection.
    http = sim.client().__enter__()
    token = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}

    def call() -> object:
        response = http.post("/sandbox/graphql", json={"query": QUERY}, headers=headers)
        assert response.status_code == 200, response.text
        return response

    return sim, call


def main(rounds: int = 1_000) -> None:
    # The default limits, with a budget no benchmark run can exhaust (same work per request).
    on_sim, on = prepared(LimitSettings(rate_limit=RateLimit(requests=1_000_000)))
    off_sim, off = prepared(LIMITS_OFF)
    body = on().json()  # type: ignore[attr-defined]
    assert body["extensions"]["cost"]["complexity"] == 12, body["extensions"]
    assert "extensions" not in off().json()  # type: ignore[attr-defined]
    for _ in range(50):  # warm up both
        on()
        off()
    on_samples, off_samples = [], []
    for index in range(rounds):
        # Alternate which goes first, so neither always follows the other.
        pair = [(on, on_samples), (off, off_samples)]
        for call, samples in pair if index % 2 else reversed(pair):
            start = time.perf_counter()
            call()
            samples.append(time.perf_counter() - start)
    on_time, off_time = statistics.median(on_samples), statistics.median(off_samples)

    _source, document = thousand_field_document()
    validator = operation_limit_validator(SANDBOX_LIMITS)

    def timed(function: Callable[[], object], runs: int = 200) -> float:
        function()
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            function()
            samples.append(time.perf_counter() - start)
        return statistics.median(samples)

    check = timed(lambda: limit_errors(document, SANDBOX_LIMITS))
    full = timed(lambda: validator(SCHEMA, document, specified_rules))
    print(f"accounts(first: 50), limits on    {on_time * 1000:7.3f} ms per round trip")
    print(f"accounts(first: 50), limits off   {off_time * 1000:7.3f} ms per round trip")
    print(f"ratio on / off                    {on_time / off_time:7.3f}x (target <= 1.10x)")
    print(f"1,000-field document, limit check {check * 1000:7.3f} ms (target < 5 ms)")
    print(f"1,000-field document, validation  {full * 1000:7.3f} ms (limits + graphql's rules)")
    print(f"({rounds} alternated round trips each; medians)")
    on_sim.close()
    off_sim.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000)
