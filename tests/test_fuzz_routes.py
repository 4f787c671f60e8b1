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
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator import Simulator

from .fuzz_requests import fuzz_once
from .fuzz_support import REDIRECT_URI, FuzzWorld, RouteTarget, StoreWatch, app_routes

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


def test_the_store_watch_sees_every_write_but_the_journals(sim: Simulator) -> None:
    """The fuzz tests' check itself: a write of another connection is seen, a request that
    only journals is not, and a table made after the watch started is read too (its SELECTs
    are kept per schema version)."""
    paths = [env.store.path for env in sim.environments.values()]
    watches = [StoreWatch(paths), StoreWatch(paths, {})]  # minus REFUSAL_WRITES; everything
    try:
        with sim.client() as http:
            assert http.get("/oauth2/.well-known/jwks.json").status_code == 200  # keys made
            for watch in watches:
                watch.mark()
            assert http.get("/oauth2/.well-known/jwks.json").status_code == 200  # journaled
        assert [watch.unchanged() for watch in watches] == [True, True]
        sim.create_project("sandbox", "Seen", [REDIRECT_URI])
        assert [watch.unchanged() for watch in watches] == [False, False]
        with sqlite3.connect(sim.sandbox.store.path) as other:
            other.execute("CREATE TABLE extra (x)")
        assert [watch.unchanged() for watch in watches] == [False, False]  # a new table
        with sqlite3.connect(sim.sandbox.store.path) as other:
            other.execute("INSERT INTO extra VALUES (1)")
        assert [watch.unchanged() for watch in watches] == [False, False]
    finally:
        for watch in watches:
            watch.close()


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
