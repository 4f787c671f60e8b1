"""Bounded work per request: the row budget, the execution deadline, the worker pool.

A query inside every specified limit can still ask for millions of rows; it is refused by
the row budget before it runs. One that passes the budget but runs too long is stopped at its
deadline. Either way the event loop stays free, since operations run in the simulator's own
worker threads, which `close()` joins.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from graphql import GraphQLField, GraphQLObjectType

from simulator import ProjectCredentials, Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.exceptions import ConfigurationError
from simulator.limits import (
    DEFAULT_ROW_BUDGET,
    LIMITS_OFF,
    LimitSettings,
    LimitSettingsFile,
    estimate_rows,
    parse_document,
)
from simulator.server.app import partner_schema

from .conftest import REDIRECT_URI, GraphQL, LiveServer, project_token

#: Three nested connections of 100: inside every specified limit (39 fields, depth 10, one
#: top-level field), yet up to 100 + 100 x 100 x (1 + 3 x 100) = 3,010,100 rows.
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
HEAVY_ROWS = 100 + 100 * 100 * (1 + 3 * 100)

SIMPLE = "{ accounts(first: 1) { totalCount } }"


def heavy_estimate(query: str, variables: dict[str, Any] | None = None) -> int:
    (estimate,) = estimate_rows(partner_schema(), parse_document(query), variables)
    return estimate.rows


# -- the estimate ---------------------------------------------------------------------------


def test_the_estimate_multiplies_nested_pages_and_sums_siblings() -> None:
    assert heavy_estimate(HEAVY) == HEAVY_ROWS == 3_010_100
    # Schema defaults (50), aliases and fragments each count; `totalCount` alone still
    # counts the page its connection asks for.
    assert heavy_estimate("{ accounts { totalCount } }") == 50
    assert (
        heavy_estimate("{ a: accounts(first: 2) { totalCount } b: accounts { totalCount } }") == 52
    )
    fragments = """
        { accountHolders(first: 10) { edges { node { ...H } } } }
        fragment H on AccountHolder { accounts(first: 3) { edges { node { ...A } } } }
        fragment A on Account { virtualIbanEntries(first: 4) { totalCount } transactions(last: 2) { totalCount } }
    """
    assert heavy_estimate(fragments) == 10 * (1 + 3 * (1 + 4 + 50))  # transactions has no last


def test_the_estimate_reads_variables_then_their_defaults_then_the_schema() -> None:
    query = "query($n: Int = 7, $m: Int) { accounts(first: $n) { edges { node { virtualIbanEntries(first: $m) { totalCount } } } } }"
    assert heavy_estimate(query, {"n": 10, "m": 20}) == 10 * (1 + 20)
    assert heavy_estimate(query, {}) == 7 * (1 + 50)
    assert heavy_estimate(query, {"n": "ten"}) == 50 * 51  # not an int: the schema's default


# -- the row budget over HTTP -----------------------------------------------------------------


def test_the_heavy_query_is_refused_at_once_with_its_estimate(sandbox: GraphQL) -> None:
    started = time.perf_counter()
    response = sandbox.post(HEAVY)
    elapsed = time.perf_counter() - started
    assert response.status_code == 400
    assert elapsed < 2.0
    body = response.json()
    (error,) = body["errors"]
    assert error["extensions"] == {
        "code": "OPERATION_LIMIT_EXCEEDED",
        "limit": "rows",
        "measured": HEAVY_ROWS,
        "maximum": DEFAULT_ROW_BUDGET,
    }
    assert error["message"].startswith(
        f"Operation 'Heavy' exceeds the row budget: an estimated {HEAVY_ROWS} rows, "
        f"at most {DEFAULT_ROW_BUDGET} allowed."
    )
    cost = body["extensions"]["cost"]
    assert (cost["rows"], cost["limits"]["rows"], cost["exceeded"]) == (
        HEAVY_ROWS,
        DEFAULT_ROW_BUDGET,
        ["rows"],
    )
    assert "data" not in body  # nothing ran


def test_a_successful_response_reports_its_estimate(sandbox: GraphQL) -> None:
    response = sandbox.post(
        "query($n: Int) { accounts(first: $n) { edges { node { virtualIbanEntries(first: 3) { totalCount } } } } }",
        {"n": 4},
    )
    assert response.status_code == 200, response.text
    cost = response.json()["extensions"]["cost"]
    assert (cost["rows"], cost["exceeded"]) == (4 * (1 + 3), [])


def test_the_budget_is_data_and_can_be_switched_off(tmp_path: Path) -> None:
    settings = LimitSettings(row_budget=100, execution_deadline_seconds=2.5)
    assert settings.to_json() == {"row_budget": 100, "execution_deadline_seconds": 2.5}
    assert LimitSettings.from_json(settings.to_json()) == settings
    assert LimitSettings.from_json({"row_budget": None}).row_budget is None
    assert (LIMITS_OFF.row_budget, LIMITS_OFF.execution_deadline_seconds) == (None, None)
    assert LimitSettings.from_json(LIMITS_OFF.to_json()) == LIMITS_OFF
    for bad in [{"row_budget": 0}, {"row_budget": 1.5}, {"execution_deadline_seconds": -1}]:
        with pytest.raises(ConfigurationError):
            LimitSettings.from_json(bad)
    # limits.json, read by a running simulator at its next request.
    with Simulator(tmp_path) as sim, sim.client() as http:
        credentials = sim.create_project("sandbox", "Budget", [REDIRECT_URI])
        sandbox = GraphQL(http, "/sandbox/graphql", project_token(http, credentials))
        assert sandbox.post("{ accounts(first: 60) { totalCount } }").status_code == 200
        LimitSettingsFile(tmp_path).write(LimitSettings(row_budget=59))
        refused = sandbox.post("{ accounts(first: 60) { totalCount } }")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["extensions"]["maximum"] == 59


def test_the_limits_command_sets_the_work_bounds(tmp_path: Path, capsys: Any) -> None:
    from simulator.cli import main

    assert (
        main(
            [
                "limits",
                "work",
                "--row-budget",
                "5000",
                "--deadline",
                "3",
                "--data-dir",
                str(tmp_path),
            ]
        )
        == 0
    )
    settings = LimitSettingsFile(tmp_path).read(strict=True)
    assert (settings.row_budget, settings.execution_deadline_seconds) == (5000, 3.0)
    assert main(["limits", "work", "--row-budget", "off", "--data-dir", str(tmp_path)]) == 0
    settings = LimitSettingsFile(tmp_path).read(strict=True)
    assert (settings.row_budget, settings.execution_deadline_seconds) == (None, 3.0)
    capsys.readouterr()


# -- the deadline -------------------------------------------------------------------------------


@pytest.fixture
def slow_account_ids(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """`Account.id` takes 0.1 s per account; yields the times it was called at."""
    account = partner_schema().type_map["Account"]
    assert isinstance(account, GraphQLObjectType)
    field: GraphQLField = account.fields["id"]
    calls: list[float] = []

    def slow_id(row: dict[str, Any], info: Any) -> Any:
        calls.append(time.perf_counter())
        time.sleep(0.1)
        return row["id"]

    monkeypatch.setattr(field, "resolve", slow_id)
    yield calls


def deadline_simulator(tmp_path: Path, seconds: float) -> tuple[Simulator, ProjectCredentials]:
    sim = Simulator(tmp_path, limits=LimitSettings(execution_deadline_seconds=seconds))
    credentials = sim.create_project("sandbox", "Deadline", [REDIRECT_URI])
    load_dataset(sim.sandbox, credentials.project_id, "default")
    return sim, credentials


def test_a_slow_operation_stops_at_its_deadline(
    tmp_path: Path, slow_account_ids: list[float]
) -> None:
    sim, credentials = deadline_simulator(tmp_path, 0.05)
    with sim, sim.client() as http:
        sandbox = GraphQL(http, "/sandbox/graphql", project_token(http, credentials))
        query = "{ accounts(first: 20) { totalCount edges { node { id name } } } }"
        started = time.perf_counter()
        response = sandbox.post(query)
        elapsed = time.perf_counter() - started
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["data"] is None
    (error,) = body["errors"]
    assert error["extensions"]["code"] == "DEADLINE_EXCEEDED"
    assert error["extensions"]["deadlineSeconds"] == 0.05
    assert "execution deadline of 0.05 seconds" in error["message"]
    assert body["extensions"]["cost"]["rows"] == 20  # the row budget passed
    # The work stopped: one slow field ran past the deadline, the other accounts never did.
    assert len(slow_account_ids) <= 1
    assert elapsed < 1.5


def test_under_the_deadline_nothing_changes(tmp_path: Path) -> None:
    sim, credentials = deadline_simulator(tmp_path, 5)
    with sim, sim.client() as http:
        sandbox = GraphQL(http, "/sandbox/graphql", project_token(http, credentials))
        assert sandbox("{ accounts(first: 20) { edges { node { id } } } }")["accounts"]["edges"]


# -- the event loop and the worker threads -----------------------------------------------------


def test_the_event_loop_answers_while_a_slow_operation_runs(
    tmp_path: Path, slow_account_ids: list[float]
) -> None:
    sim, credentials = deadline_simulator(tmp_path, 10)
    with sim, LiveServer(sim) as server, httpx.Client(base_url=server.base_url, timeout=30) as http:
        headers = {"Authorization": f"Bearer {project_token(http, credentials)}"}
        slow_answer: list[httpx.Response] = []

        def slow() -> None:
            slow_answer.append(
                http.post(
                    "/sandbox/graphql",
                    json={"query": "{ accounts(first: 10) { edges { node { id } } } }"},
                    headers=headers,
                )
            )

        thread = threading.Thread(target=slow)
        thread.start()
        while not slow_account_ids:  # the slow operation is under way
            time.sleep(0.01)
        started = time.perf_counter()
        quick = http.post("/sandbox/graphql", json={"query": SIMPLE}, headers=headers)
        quick_seconds = time.perf_counter() - started
        still_running = thread.is_alive()
        thread.join(timeout=30)
    assert quick.status_code == 200 and "errors" not in quick.json()
    assert still_running and quick_seconds < 0.5
    (slow_response,) = slow_answer
    assert slow_response.status_code == 200
    assert len(slow_response.json()["data"]["accounts"]["edges"]) == len(slow_account_ids)


def workers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("simulator-worker")]


def test_close_joins_the_worker_threads(tmp_path: Path) -> None:
    threads_before = set(threading.enumerate())
    sim = Simulator(tmp_path)
    credentials = sim.create_project("sandbox", "Threads", [REDIRECT_URI])
    with sim.client() as http:
        headers = {"Authorization": f"Bearer {project_token(http, credentials)}"}
        # A text of its own: one sent before in this process would run on the event loop
        # (api/inline_reads.py), starting no worker.
        query = SIMPLE + " # close_joins_the_worker_threads"
        for _ in range(3):
            response = http.post("/sandbox/graphql", json={"query": query}, headers=headers)
            assert response.status_code == 200
    started = set(workers()) - threads_before
    assert started and all(thread.is_alive() for thread in started)
    sim.close()
    assert not any(thread.is_alive() for thread in started)
    assert set(threading.enumerate()) - threads_before == set()  # back to where it started
