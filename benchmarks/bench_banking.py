"""Benchmarks of the banking domain; prints figures measured in this run (no assertions).

    python benchmarks/bench_banking.py [--transactions 100000] [--repeat 15]
        [--workshop-runs 3] [--quick]

1. Keyset pagination: on one account with N transactions, the last page of the account's
   `transactions(first: 100)` against the first page, through the GraphQL endpoint
   in-process and through the domain function alone. Target: last/first <= 2.
2. Loading the workshop dataset into a fresh project. Target: under 5 s.

Fails (BenchmarkError) when a page is not what it should be: GraphQL errors, a short page.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from _bench import (
    BenchmarkError,
    benchmark_parser,
    client_credentials_token,
    graphql_data,
    parse_args,
)

from simulator import Simulator
from simulator.clock import format_timestamp
from simulator.domain.accounts.accounts import create_account_holder
from simulator.domain.accounts.transactions import list_transactions
from simulator.domain.kernel.context import Principal
from simulator.domain.kernel.money import amount_text
from simulator.domain.kernel.pagination import encode_cursor
from simulator.domain.sandbox.datasets import load_dataset

REDIRECT = "http://localhost:3000/callback"
# The partner API lists one account's transactions under the account (`Query.transactions`
# has no account filter), in the order of the keyset measured (its default is the last
# updated first, as the real service's).
QUERY = """query($account: ID!, $after: String) {
  account(accountId: $account) { transactions(first: 100, after: $after,
    orderBy: {field: executionDate, direction: Asc}) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id type amount { value currency } statusInfo { status }
      executionDate } } } } }"""


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    action()  # warm the caches
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def fill(sim: Simulator, project_id: str, account_id: str, count: int) -> None:
    """Insert `count` booked card debits and credits in bulk (consistent balances)."""
    db = sim.sandbox.store.db
    start = datetime(2024, 1, 1, tzinfo=UTC)
    rows, balance = [], Decimal("0.00")
    for index in range(count):
        credit = index % 3 == 0
        amount = Decimal(10 + index % 90) + Decimal("0.25")
        balance += amount if credit else -amount / 2
        moment = format_timestamp(start + timedelta(minutes=index))
        rows.append(
            {
                "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"bench/{index}")),
                "project_id": project_id,
                "account_id": account_id,
                "type": "SepaCreditTransferIn" if credit else "CardOutDebit",
                "side": "Credit" if credit else "Debit",
                "amount": amount_text(amount if credit else amount / 2),
                "currency": "EUR",
                "label": "Bench",
                "counterparty": "Bench",
                "status": "Booked",
                "execution_date": moment,
                "booking_date": moment,
                "value_date": moment,
                "balance_after": amount_text(balance),
                "booking_number": index + 1,
                "status_changed_at": moment,
                "created_at": moment,
                "updated_at": moment,
            }
        )
    with sim.sandbox.store.atomic() as database:
        database["transactions"].insert_all(rows, batch_size=5000)
        database["account_balances"].upsert(
            {
                "account_id": account_id,
                "booked": amount_text(balance),
                "pending_credits": "0.00",
                "pending_debits": "0.00",
                "reserved": "0.00",
            },
            pk="account_id",
        )
    db.execute("ANALYZE")


def checked_page(data: dict[str, Any], after: str | None) -> dict[str, Any]:
    """The account's page of 100 transactions; the first has a next page, the last none."""
    page: dict[str, Any] = (data.get("account") or {}).get("transactions") or {}
    edges, info = page.get("edges") or [], page.get("pageInfo") or {}
    if len(edges) != 100 or info.get("hasNextPage") is not (after is None):
        raise BenchmarkError(
            f"transactions page (after={after!r}): {len(edges)} edges, pageInfo {info}"
        )
    return page


def bench_pagination(count: int, repeat: int) -> float:
    with Simulator() as sim:
        project = sim.create_project("sandbox", "Bench", [REDIRECT])
        account_id = create_account_holder(
            sim.sandbox, project.project_id, first_name="Bench", last_name="Mark"
        )["account_id"]
        started = time.perf_counter()
        fill(sim, project.project_id, account_id, count)
        print(f"  inserted {count:,} transactions in {time.perf_counter() - started:.1f} s")
        db = sim.sandbox.store.db
        before_last = db.execute(
            "SELECT execution_date, id FROM transactions WHERE account_id = ? "
            "ORDER BY execution_date, id LIMIT 1 OFFSET ?",
            [account_id, count - 101],
        ).fetchone()
        last_cursor = encode_cursor(list(before_last))
        plan = db.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM transactions WHERE (project_id = ?) "
            "AND account_id = ? AND (execution_date, id) > (?, ?) "
            "ORDER BY execution_date, id LIMIT 101",
            [project.project_id, account_id, *before_last],
        ).fetchall()
        print(f"  query plan: {'; '.join(row[-1] for row in plan)}")

        principal = Principal(sim.sandbox.name, project.project_id)
        filters = {"account_id": account_id}

        def domain_page(after: str | None) -> Callable[[], object]:
            return lambda: list_transactions(
                sim.sandbox, principal, first=100, after=after, filters=filters
            )

        with sim.client() as http:
            token = client_credentials_token(http, project.client_id, project.client_secret)
            headers = {"Authorization": f"Bearer {token}"}

            def api_page(after: str | None) -> Callable[[], object]:
                def run() -> object:
                    answer = http.post(
                        "/sandbox/graphql",
                        json={"query": QUERY, "variables": {"account": account_id, "after": after}},
                        headers=headers,
                    )
                    return checked_page(graphql_data(answer, "transactions page"), after)

                return run

            api_first = median_seconds(api_page(None), repeat)
            api_last = median_seconds(api_page(last_cursor), repeat)
        domain_first = median_seconds(domain_page(None), repeat)
        domain_last = median_seconds(domain_page(last_cursor), repeat)
    print(
        f"  GraphQL  first page {api_first * 1000:7.2f} ms   last page {api_last * 1000:7.2f} ms"
        f"   last/first {api_last / api_first:.2f}"
    )
    print(
        f"  domain   first page {domain_first * 1000:7.2f} ms   last page "
        f"{domain_last * 1000:7.2f} ms   last/first {domain_last / domain_first:.2f}"
    )
    return api_last / api_first


def bench_workshop(repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        with Simulator() as sim:
            project = sim.create_project("sandbox", "Workshop", [REDIRECT])
            start = time.perf_counter()
            loaded = load_dataset(sim.sandbox, project.project_id, "workshop")
            timings.append(time.perf_counter() - start)
    print(
        f"  {loaded['created']:,} records; load time median {statistics.median(timings):.2f} s, "
        f"max {max(timings):.2f} s over {repeat} runs"
    )
    return max(timings)


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--transactions", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=15, help="timed pages per figure")
    parser.add_argument("--workshop-runs", type=int, default=3)
    quick = {"transactions": 2_000, "repeat": 3, "workshop_runs": 1}
    args = parse_args(parser, quick, argv)
    print(f"Keyset pagination on one account with {args.transactions:,} transactions")
    ratio = bench_pagination(args.transactions, args.repeat)
    print("Loading the workshop dataset")
    slowest = bench_workshop(args.workshop_runs)
    print(
        f"Summary: last/first page {ratio:.2f} (target <= 2); "
        f"workshop load {slowest:.2f} s (target < 5 s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
