"""Every route of `sim.app` fuzzed with hostile headers, query strings, path parameters and
bodies (`tests/fuzz_requests.py`): never a 5xx, and a refusal (4xx) has a clear body (JSON
or an error page) and leaves the store unchanged (`tests/fuzz_support.py` says which
columns a refusal may write, and why).

The routes are walked from the app, so a new route is fuzzed without being listed here.
100 examples a route under CI (the derandomized `ci` profile: the same examples every run),
50 on a developer's machine. `benchmarks/fuzz_all.py` runs 10,000 over every route.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator import Simulator

from .fuzz_requests import fuzz_once
from .fuzz_support import FuzzWorld, RouteTarget, app_routes

EXAMPLES = 100 if os.environ.get("CI") else 50


def _routes() -> list[RouteTarget]:
    with tempfile.TemporaryDirectory() as data_dir, Simulator(Path(data_dir)) as sim:
        return app_routes(sim.app)


ROUTES = _routes()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FuzzWorld]:
    fuzz_world = FuzzWorld(tmp_path_factory.mktemp("fuzz-routes"))
    yield fuzz_world
    fuzz_world.close()


def test_every_route_is_walked() -> None:
    paths = {route.path for route in ROUTES}
    assert {"/", "/oauth2/token", "/sandbox/graphql", "/oauth2/auth"} <= paths
    assert any(route.params for route in ROUTES)  # path parameters are fuzzed too


@pytest.mark.parametrize("route", ROUTES, ids=[route.id for route in ROUTES])
def test_route_survives_hostile_requests(world: FuzzWorld, route: RouteTarget) -> None:
    answered: list[int] = []

    # A seed per example (`fuzz_once` draws the request from it): drawing each part from
    # Hypothesis would cost ten times more; a failure names its seed, which replays it.
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(seed=st.integers(min_value=0, max_value=2**64))
    def fuzz(seed: int) -> None:
        request, response, outcome = fuzz_once(world, route, seed)
        if response is not None:
            answered.append(response.status_code)
        assert outcome, (seed, outcome.problems, request.describe())

    fuzz()
    assert len(answered) >= EXAMPLES * 0.8  # httpx sent nearly all of them
    assert world.journal_failures.messages == []  # hostile text is journaled too
