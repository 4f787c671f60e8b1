"""Webhook benchmark: the whole retry schedule of 1,000 always-failing deliveries in virtual time.

100 projects x 10 subscriptions (the per-event-type limit) to in-process inboxes that always
answer 500; one `Account.Created` per project gives 1,000 deliveries. Their first attempts
fire at once; advancing the clock 10 virtual hours then fires the 8 retries of each: 9,000
attempts, with no real sleeping. Prints figures measured in one run; asserts nothing about time,
but fails when the attempts are not the whole schedule (9 per delivery, every one Failed).

    python benchmarks/bench_webhooks.py [--projects 100] [--quick]
"""

from __future__ import annotations

import time
from datetime import timedelta

from _bench import BenchmarkError, benchmark_parser, parse_args

from simulator import Simulator
from simulator.domain.kernel.events import emit

SUBSCRIPTIONS_PER_PROJECT = 10
#: The first attempt and the 8 retries of the schedule.
ATTEMPTS_PER_DELIVERY = 9
VIRTUAL = timedelta(hours=10)


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--projects", type=int, default=100, help="10 deliveries each")
    args = parse_args(parser, {"projects": 10}, argv)
    with Simulator() as sim:
        env = sim.sandbox
        projects = [
            sim.create_project("sandbox", f"P{n}", ["http://localhost:3000/callback"])
            for n in range(args.projects)
        ]
        for project in projects:
            for n in range(SUBSCRIPTIONS_PER_PROJECT):
                inbox = sim.webhooks.inbox(f"{project.project_id[:8]}-{n}").fail()
                sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="bench")

        began = time.perf_counter()
        with env.store.atomic() as db:
            for n, project in enumerate(projects):
                emit(
                    env,
                    db,
                    "Account.Created",
                    project_id=project.project_id,
                    resource_id=f"account-{n}",
                )
        emitted = time.perf_counter() - began

        began = time.perf_counter()
        first = sim.run_due()
        first_wall = time.perf_counter() - began

        began = time.perf_counter()
        advance = sim.advance(VIRTUAL)
        advance_wall = time.perf_counter() - began

        attempts = env.store.db["webhook_attempts"].count
        failed = env.store.db["webhook_deliveries"].count_where("status = 'Failed'")
        total_wall = first_wall + advance_wall
        received = sum(len(inbox) for inbox in sim.webhooks.inboxes.values())

    deliveries = args.projects * SUBSCRIPTIONS_PER_PROJECT
    if (attempts, received, failed) != (deliveries * ATTEMPTS_PER_DELIVERY,) * 2 + (deliveries,):
        raise BenchmarkError(
            f"{deliveries} deliveries: {attempts} attempts logged, {received} received, "
            f"{failed} Failed; expected {ATTEMPTS_PER_DELIVERY} attempts each, all Failed"
        )
    print(f"deliveries created            {deliveries:>10,} "
          f"({args.projects} events, {emitted:.3f} s)")  # fmt: skip
    print(f"first attempts (run_due)      {len(first):>10,} in {first_wall:.3f} s")
    print(f"retries (advance 10 h)        {len(advance.timeline):>10,} in {advance_wall:.3f} s")
    print(f"attempts logged               {attempts:>10,} (received by inboxes: {received:,})")
    print(f"deliveries marked Failed      {failed:>10,}")
    print(f"attempts per wall second      {attempts / total_wall:>10,.0f}")
    print(f"virtual time / wall time      {VIRTUAL.total_seconds() / advance_wall:>10,.0f} x")


if __name__ == "__main__":
    main()
