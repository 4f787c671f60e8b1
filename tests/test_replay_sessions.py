"""Generated sessions across every surface replay bit for bit (issue 31, point 6): a short
run here; `python benchmarks/bench_replay.py` runs many more (tests/replay_support.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from .replay_support import Sessions, receivers


def test_generated_sessions_replay_without_divergence() -> None:
    with receivers() as endpoints:
        Sessions.endpoints = endpoints
        run_state_machine_as_test(
            Sessions,
            settings=settings(
                max_examples=4,
                stateful_step_count=10,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
