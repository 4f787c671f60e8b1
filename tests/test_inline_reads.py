"""A remembered, cheap query runs on the event loop (`api/inline_reads.py`); anything else, and
a query that asks to write, in the worker threads, with the same answer either way."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from graphql import build_schema, specified_rules

from simulator import Simulator
from simulator.api import execute_inline
from simulator.api.context import RequestContext
from simulator.api.inline_reads import INLINE_ROWS, inline_schema
from simulator.domain.kernel.context import Principal
from simulator.domain.sandbox.datasets import load_dataset
from simulator.environments import EnvironmentName
from simulator.limits import LimitSettings
from simulator.limits.document_memo import parse_remembered
from simulator.limits.query_cost import safe_validate
from simulator.server import graphql_endpoint
from simulator.server.app import partner_schema
from simulator.storage.read_only import WriteDeferred, reads_only
from simulator.workshop.fair_pool import FairPool

from .conftest import REDIRECT_URI, GraphQL, project_token

PAGE = (
    "{ accounts(first: 10) { edges { node { id IBAN name balances { available { value } } } } } }"
)


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Where each operation of the endpoints ran: "loop" (and its thread), or "workers"."""
    where: list[str] = []
    inline, pooled = graphql_endpoint.execute_inline, graphql_endpoint.execute

    def on_loop(*args: Any, **kwargs: Any) -> Any:
        answered = inline(*args, **kwargs)
        where.append("loop" if answered is not None else "deferred")
        return answered

    async def in_workers(*args: Any, **kwargs: Any) -> Any:
        where.append("workers")
        return await pooled(*args, **kwargs)

    monkeypatch.setattr(graphql_endpoint, "execute_inline", on_loop)
    monkeypatch.setattr(graphql_endpoint, "execute", in_workers)
    return where


def _without_rate(body: dict[str, Any]) -> dict[str, Any]:
    body["extensions"]["cost"].pop("rateLimit")
    body["extensions"].pop("requestId")
    return body


def test_a_query_sent_again_runs_on_the_loop_with_the_same_answer(
    sandbox: GraphQL, runs: list[str]
) -> None:
    page = PAGE.replace("10", "8")  # a text no other test sent (the memo is the process's)
    first = sandbox.post(page)
    second = sandbox.post(page)
    assert first.status_code == second.status_code == 200
    assert runs == ["workers", "loop"]  # parsed and validated at the first sending
    assert _without_rate(first.json()) == _without_rate(second.json())


def test_mutations_large_pages_and_introspection_run_in_the_workers(
    sandbox: GraphQL, testing: GraphQL, runs: list[str]
) -> None:
    large = f"{{ accounts(first: {INLINE_ROWS + 1}) {{ totalCount }} }}"
    introspection = "{ __schema { queryType { name } } }"
    for _ in range(2):
        assert sandbox.post(large).status_code == 200
        assert sandbox.post(introspection).status_code == 200
        assert (
            testing.post(
                'mutation { advanceClock(input: {duration: "10s"}) { __typename } }'
            ).status_code
            == 200
        )
    assert runs == ["workers"] * 6


def test_a_query_that_asks_to_write_runs_again_in_the_workers(
    sim: Simulator, sandbox: GraphQL, runs: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    query = "{ accounts(first: 5) { totalCount } }"  # sent by no other test
    expected = sandbox.post(query).json()
    field = _query_fields()["accounts"]
    resolve = field.resolve
    assert resolve is not None
    writes: list[str] = []

    def writing(*args: Any, **kwargs: Any) -> Any:
        # As a resolver that wrote would: its transaction begins, refused on the loop.
        with sim.environments[EnvironmentName.SANDBOX].store.atomic():
            writes.append(threading.current_thread().name)
        return resolve(*args, **kwargs)

    monkeypatch.setattr(field, "resolve", writing)
    again = sandbox.post(query)
    assert runs == ["workers", "deferred", "workers"]
    assert _without_rate(again.json()) == _without_rate(expected)
    assert len(writes) == 1  # made once, in a worker


def _query_fields() -> Any:
    query_type = partner_schema().query_type
    assert query_type is not None
    return query_type.fields


def test_execute_inline_refuses_a_write_before_it_begins(sim: Simulator) -> None:
    schema = build_schema("type Query { read: Int write: Int }")
    store = sim.environments[EnvironmentName.SANDBOX].store
    assert schema.query_type is not None
    schema.query_type.fields["read"].resolve = lambda *_: 1

    def write(*_: Any) -> int:
        with store.atomic() as db:
            db.execute("CREATE TABLE never (x)")
        return 2

    schema.query_type.fields["write"].resolve = write
    context = RequestContext(
        sim.environments[EnvironmentName.SANDBOX], Principal(EnvironmentName.SANDBOX, "")
    )
    status_result = execute_inline(schema, {"query": "{ read }"}, context)
    assert status_result == (200, {"data": {"read": 1}})
    assert execute_inline(schema, {"query": "{ write }"}, context) is None
    assert "never" not in store.db.table_names()
    with reads_only() as scope, pytest.raises(WriteDeferred):
        store.atomic().__enter__()
    assert scope.deferred


def test_only_a_remembered_valid_query_is_inline(sim: Simulator) -> None:
    schema = build_schema("type Query { a: Int }\ntype Mutation { b: Int }")
    text = "{ a }"
    assert inline_schema(schema, {"query": text}) is None  # never parsed
    parse_remembered(text)
    assert inline_schema(schema, {"query": text}) is None  # never validated
    safe_validate(schema, parse_remembered(text), specified_rules)
    assert inline_schema(schema, {"query": text}) is schema
    mutation = "mutation { b }"
    safe_validate(schema, parse_remembered(mutation), specified_rules)
    assert inline_schema(schema, {"query": mutation}) is None


def test_a_heavy_space_runs_in_the_pool_and_inline_time_counts() -> None:
    pool = FairPool(2, heavy_seconds=0.05)
    try:
        ada = pool.executor("ada")
        assert ada.may_run_inline()
        ada.note_inline(0.1)  # a loop of cheap queries on the event loop
        assert not ada.may_run_inline()
        assert pool.executor("bob").may_run_inline()
    finally:
        pool.shutdown()


def test_the_answer_is_the_same_over_http(live_server: Any, token: str, runs: list[str]) -> None:
    with httpx.Client(base_url=live_server.base_url) as client:
        bodies = [
            client.post(
                "/sandbox/graphql",
                json={"query": PAGE},
                headers={"Authorization": f"Bearer {token}"},
            ).json()
            for _ in range(2)
        ]
    assert runs == ["workers", "loop"]
    assert _without_rate(bodies[0]) == _without_rate(bodies[1])


def test_the_deadline_stops_a_query_on_the_loop(
    tmp_path: Path, runs: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sim = Simulator(tmp_path, limits=LimitSettings(execution_deadline_seconds=0.05))
    credentials = sim.create_project("sandbox", "Deadline", [REDIRECT_URI])
    load_dataset(sim.sandbox, credentials.project_id, "default")
    query = "{ accounts(first: 7) { edges { node { id name } } } }"  # sent by no other test
    with sim, sim.client() as http:
        sandbox = GraphQL(http, "/sandbox/graphql", project_token(http, credentials))
        assert sandbox.post(query).status_code == 200  # in a worker: parsed, validated
        field = partner_schema().type_map["Account"].fields["id"]  # type: ignore[union-attr]
        calls: list[float] = []

        def slow_id(row: dict[str, Any], info: Any) -> Any:
            calls.append(time.perf_counter())
            time.sleep(0.1)
            return row["id"]

        monkeypatch.setattr(field, "resolve", slow_id)
        response = sandbox.post(query)
    assert runs == ["workers", "loop"]
    assert response.status_code == 503, response.text
    assert response.json()["errors"][0]["extensions"]["code"] == "DEADLINE_EXCEEDED"
    assert len(calls) <= 1  # stopped, as in a worker


def test_a_look_up_that_fails_sends_the_query_to_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    schema = build_schema("type Query { a(first: Int): [Int] }")
    text = "query($n: Int) { a(first: $n) }"
    safe_validate(schema, parse_remembered(text), specified_rules)

    def failing(*_: Any) -> Any:
        raise RecursionError

    monkeypatch.setattr("simulator.api.inline_reads.estimate_rows", failing)
    assert inline_schema(schema, {"query": text, "variables": {"n": 1}}) is None


def test_a_query_on_the_loop_has_no_look_for_due_work_after_it(
    sandbox: GraphQL, runs: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run on the event loop wrote nothing, so it made no due work: the look before the
    request (another process's commits) stays, the look after goes (`server.due_work`)."""
    from simulator.scheduler import Scheduler

    looks: list[str] = []
    has_due_work = Scheduler.has_due_work

    def counted(self: Scheduler) -> bool:
        looks.append("look")
        return has_due_work(self)

    monkeypatch.setattr(Scheduler, "has_due_work", counted)
    page = PAGE.replace("10", "6")  # a text no other test sent
    assert sandbox.post(page).status_code == 200
    in_workers = len(looks)
    looks.clear()
    assert sandbox.post(page).status_code == 200
    assert runs == ["workers", "loop"]
    assert in_workers == 2  # before and after
    assert len(looks) == 1  # before only
