"""Replay benchmark: generated sessions across every surface, each reported and replayed.

Hypothesis generates sessions (tests/replay_support.py): a served simulator whose clock is
frozen or running, moved by `Simulator.advance`, the clock widget, the Testing API, the
command line and the dashboard; OAuth token calls; GraphQL writes and reads; webhooks to
real loopback receivers that answer 200, fail 500, time out or refuse. Each session's report
is replayed in-process. Prints the sessions, steps and replayed journal entries, and the
time; exits non-zero at the first divergence (Hypothesis then prints the smallest session
that diverges).

    python benchmarks/bench_replay.py [--sessions 200] [--steps 25] [--quick]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from _bench import BenchmarkError, benchmark_parser, parse_args

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package

from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from simulator.journal.reading import read_entries
from tests.replay_support import Sessions, receivers


class CountedSessions(Sessions):
    """`Sessions`, counting what was replayed."""

    sessions = 0
    entries = 0

    def teardown(self) -> None:
        if self.sim is not None:
            CountedSessions.sessions += 1
            CountedSessions.entries += len(read_entries(self.sim.sandbox))
        super().teardown()


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--sessions", type=int, default=200, help="generated sessions")
    parser.add_argument("--steps", type=int, default=25, help="at most this many steps each")
    args = parse_args(parser, {"sessions": 3, "steps": 8}, argv)
    began = time.perf_counter()
    with receivers() as endpoints:
        CountedSessions.endpoints = endpoints
        try:
            run_state_machine_as_test(
                CountedSessions,
                settings=settings(
                    max_examples=args.sessions,
                    stateful_step_count=args.steps,
                    deadline=None,
                    database=None,
                    suppress_health_check=list(HealthCheck),
                ),
            )
        except AssertionError as error:
            raise BenchmarkError(f"a session diverged on replay:\n{error}") from error
    seconds = time.perf_counter() - began
    print(f"sessions replayed      {CountedSessions.sessions}")
    print(f"journal entries        {CountedSessions.entries}")
    print("divergences            0")
    each = seconds / max(1, CountedSessions.sessions)
    print(f"time                   {seconds:.1f} s ({each:.2f} s a session)")


if __name__ == "__main__":
    main()
