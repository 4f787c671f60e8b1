"""Operation limits (section 8.2) through the HTTP endpoints, and `extensions.cost`."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.cli import main
from simulator.domain.sandbox.datasets import load_dataset
from simulator.limits import SANDBOX_LIMITS, LimitSettings, operation_cost

from .conftest import REDIRECT_URI, GraphQL, project_token


def wide(fields: int) -> str:
    """`accounts` plus `fields - 1` aliased `totalCount`s: exactly `fields` fields, valid."""
    aliases = " ".join(f"t{n}: totalCount" for n in range(fields - 1))
    return "{ accounts { %s } }" % aliases


LOOP = ["accounts", "edges", "node", "holder"]  # a holder has accounts: the chain goes on
LEAF = {"accounts": "totalCount", "edges": "cursor", "node": "id", "holder": "name"}


def deep(depth: int) -> str:
    """A valid chain of `depth` nested fields: round the loop, end on a scalar. Pages of 5
    keep it inside the row budget (4 nested `accounts` of the default 50 estimate 6 million
    rows)."""
    names = (LOOP * depth)[: depth - 1]
    chain = "{ " + " { ".join([*names, LEAF[names[-1]]]) + " }" * depth
    return chain.replace("accounts {", "accounts(first: 5) {")


def top_level(count: int) -> str:
    return "{ %s }" % " ".join(f"a{n}: accounts {{ totalCount }}" for n in range(count))


def limit_error(response: httpx.Response) -> dict:
    assert response.status_code == 400, response.text
    (error,) = response.json()["errors"]
    assert error["extensions"]["code"] == "OPERATION_LIMIT_EXCEEDED"
    return error


def test_1000_fields_pass_1001_do_not(sandbox: GraphQL) -> None:
    response = sandbox.post(wide(1_000))
    assert response.status_code == 200
    cost = response.json()["extensions"]["cost"]
    assert (cost["complexity"], cost["exceeded"]) == (1000, [])
    error = limit_error(sandbox.post(wide(1_001)))
    assert error["extensions"] == {
        "code": "OPERATION_LIMIT_EXCEEDED",
        "limit": "complexity",
        "measured": 1001,
        "maximum": 1000,
    }
    assert error["message"] == (
        "Anonymous query exceeds the complexity limit: 1001 fields counted, at most 1000 allowed."
    )


def test_depth_15_passes_the_limit_16_does_not(
    sim: Simulator, project: ProjectCredentials, sandbox: GraphQL
) -> None:
    load_dataset(sim.sandbox, project.project_id, "default")
    at_limit = sandbox.post(deep(15))
    assert at_limit.status_code == 200, at_limit.text[:300]
    body = at_limit.json()
    assert "errors" not in body and body["data"]["accounts"]["edges"]  # it really ran
    assert body["extensions"]["cost"]["depth"] == 15
    assert body["extensions"]["cost"]["exceeded"] == []
    error = limit_error(sandbox.post(deep(16)))
    assert error["extensions"]["limit"] == "depth"
    assert (error["extensions"]["measured"], error["extensions"]["maximum"]) == (16, 15)


def test_a_lowered_depth_limit_refuses_real_queries(tmp_path: Path) -> None:
    settings = LimitSettings(sandbox=dataclasses.replace(SANDBOX_LIMITS, max_depth=5))
    with Simulator(tmp_path / "d", limits=settings) as sim, sim.client() as http:
        token = project_token(http, sim.create_project("sandbox", "D", [REDIRECT_URI]))
        graphql = GraphQL(http, "/sandbox/graphql", token)
        five = "{ accounts { edges { node { balances { __typename } } } } }"
        assert graphql.post(five).status_code == 200
        six = "{ accounts { edges { node { balances { available { currency } } } } } }"
        error = limit_error(graphql.post(six))
        assert (error["extensions"]["measured"], error["extensions"]["maximum"]) == (6, 5)


def test_5_top_level_fields_pass_6_do_not(sandbox: GraphQL) -> None:
    assert sandbox.post(top_level(5)).status_code == 200
    error = limit_error(sandbox.post(top_level(6)))
    assert error["extensions"]["limit"] == "topLevelFields"
    assert (error["extensions"]["measured"], error["extensions"]["maximum"]) == (6, 5)


def test_mutations_count_top_level_fields_too(testing: GraphQL) -> None:
    mutation = "mutation { %s }" % " ".join(f"c{n}: freezeClock {{ __typename }}" for n in range(6))
    error = limit_error(testing.post(mutation))
    assert error["message"].startswith("Anonymous mutation exceeds the top-level field limit")


def test_live_has_its_own_looser_limits(
    http: httpx.Client, live_project: ProjectCredentials
) -> None:
    live = GraphQL(http, "/live/graphql", project_token(http, live_project))
    response = live.post(top_level(6))
    assert response.status_code == 200
    assert response.json()["extensions"]["cost"]["limits"] == {
        "complexity": 10000,
        "depth": 25,
        "topLevelFields": 20,
        "rows": 25_000,  # the row budget, the same in both environments
    }
    assert limit_error(live.post(top_level(21)))["extensions"]["maximum"] == 20


def test_two_exceeded_limits_give_two_errors(sandbox: GraphQL) -> None:
    query = "query Both { %s }" % " ".join(f"a{n}: accounts {{ totalCount }}" for n in range(600))
    response = sandbox.post(query)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["extensions"]["limit"] for e in errors] == ["complexity", "topLevelFields"]
    assert errors[0]["message"].startswith("Operation 'Both' exceeds")
    assert response.json()["extensions"]["cost"]["exceeded"] == ["complexity", "topLevelFields"]


FRAGMENTS = """
query WithFragments {
  first: accounts(first: 2) { edges { node { ...AccountFields } } }
  next: accounts(first: 2) { ...Page }
}
fragment Page on AccountConnection { totalCount edges { node { ...AccountFields } } }
fragment AccountFields on Account { id IBAN holder { ...Holder } }
fragment Holder on AccountHolder { verificationStatus __typename }
"""


def test_fragments_aliases_and_nested_fragments_are_expanded(sandbox: GraphQL) -> None:
    response = sandbox.post(FRAGMENTS)
    assert response.status_code == 200, response.text
    cost = response.json()["extensions"]["cost"]
    # first: accounts edges node + (id IBAN holder + name __typename) = 8
    # next: accounts totalCount edges node + 5 = 9
    assert (cost["operationName"], cost["complexity"], cost["depth"]) == ("WithFragments", 17, 5)
    assert cost["topLevelFields"] == 2


def test_a_fragment_spread_many_times_counts_every_time(sandbox: GraphQL) -> None:
    spreads = " ".join(f"n{n}: node {{ ...F }}" for n in range(200))
    query = "{ accounts { edges { %s } } } fragment F on Account { id IBAN name number }" % spreads
    error = limit_error(sandbox.post(query))
    assert error["extensions"]["measured"] == 2 + 200 * 5


#: "Quickly", for a guard against pathological work (seconds to minutes, or a crash when
#: unguarded): generous, so a loaded CI machine never fails it; the benchmarks measure.
QUICK = 15.0


def test_a_fragment_cycle_is_refused_quickly(sandbox: GraphQL) -> None:
    query = (
        "{ accounts { ...A } } "
        "fragment A on AccountConnection { totalCount ...B } "
        "fragment B on AccountConnection { edges { cursor } ...A }"
    )
    start = time.perf_counter()
    response = sandbox.post(query)
    assert time.perf_counter() - start < QUICK
    assert response.status_code == 400
    messages = [e["message"] for e in response.json()["errors"]]
    assert any("Cannot spread fragment" in message for message in messages)


def test_hostile_documents_get_a_400_not_a_500(sandbox: GraphQL) -> None:
    chain = (
        "{ accounts { ...F0 } } "
        + " ".join(f"fragment F{n} on AccountConnection {{ ...F{n + 1} }}" for n in range(1_200))
        + " fragment F1200 on AccountConnection { totalCount }"
    )
    error = limit_error(sandbox.post(chain))
    assert error["extensions"]["limit"] == "fragmentNesting"
    nested = sandbox.post("{" * 5_000 + "}" * 5_000)
    assert nested.status_code == 400
    assert nested.json()["errors"][0]["extensions"]["limit"] == "nesting"
    assert nested.json()["extensions"]["cost"]["complexity"] is None
    start = time.perf_counter()
    long = sandbox.post("{ accounts { %s } }" % ("totalCount " * 80_000))
    assert time.perf_counter() - start < QUICK
    error = long.json()["errors"][0]
    assert long.status_code == 400
    assert error["extensions"] == {
        "code": "OPERATION_LIMIT_EXCEEDED",
        "limit": "tokens",
        "maximum": 15000,
    }
    doubling = (
        "{ __schema { ...F0 } } "
        + " ".join(f"fragment F{n} on __Schema {{ ...F{n + 1} ...F{n + 1} }}" for n in range(25))
        + " fragment F25 on __Schema { description }"
    )
    start = time.perf_counter()
    response = sandbox.post(doubling)
    assert time.perf_counter() - start < QUICK
    assert limit_error(response)["extensions"]["limit"] == "introspectionComplexity"


def test_introspection_is_exempt(sandbox: GraphQL) -> None:
    from graphql import get_introspection_query

    response = sandbox.post(get_introspection_query())
    assert response.status_code == 200
    cost = response.json()["extensions"]["cost"]
    assert (cost["complexity"], cost["depth"], cost["topLevelFields"]) == (0, 0, 1)


def test_cost_is_in_every_operation_response(sandbox: GraphQL) -> None:
    cases = [
        ("{ accounts { totalCount } }", 200),
        ('{ account(accountId: "missing") { id } }', 200),  # a resolver error
        ("{ accounts { nope } }", 400),  # validation
        ("{ accounts { totalCount ", 400),  # syntax
    ]
    for query, status in cases:
        response = sandbox.post(query)
        assert response.status_code == status
        cost = response.json()["extensions"]["cost"]
        assert set(cost) == {
            "operationName",
            "complexity",
            "depth",
            "topLevelFields",
            "rows",
            "limits",
            "exceeded",
            "rateLimit",
        }
        assert cost["limits"] == {
            "complexity": 1000,
            "depth": 15,
            "topLevelFields": 5,
            "rows": 25_000,
        }
        assert cost["rateLimit"]["limit"] == 2000
    assert cost["complexity"] is None  # the syntax error: nothing to measure


def test_the_cost_of_the_selected_operation(http: httpx.Client, token: str) -> None:
    query = "query Small { accounts { totalCount } } query Big { a: accounts { totalCount } b: accounts { totalCount } }"
    response = http.post(
        "/sandbox/graphql",
        json={"query": query, "operationName": "Big"},
        headers={"Authorization": f"Bearer {token}"},
    )
    cost = response.json()["extensions"]["cost"]
    assert (cost["operationName"], cost["complexity"], cost["topLevelFields"]) == ("Big", 4, 2)


@pytest.mark.parametrize(
    "query",
    [FRAGMENTS, wide(1_001), top_level(6), deep(16)],
    ids=["fragments", "1001-fields", "6-top-level", "depth-16"],
)
def test_the_python_function_and_the_command_give_the_response_figures(
    sandbox: GraphQL, sim: Simulator, tmp_path: Path, capsys, query: str
) -> None:
    served = sandbox.post(query).json()["extensions"]["cost"]
    del served["rateLimit"]
    # The row budget needs the schema and the variables: only the endpoint estimates it.
    del served["rows"], served["limits"]["rows"]
    assert operation_cost(query) == served
    path = tmp_path / "query.graphql"
    path.write_text(query, encoding="utf-8")
    status = main(["cost", str(path), "--env", "sandbox", "--data-dir", str(sim.data_dir)])
    printed = json.loads(capsys.readouterr().out)
    assert printed["operations"] == [served]
    assert status == (1 if served["exceeded"] else 0)


def test_the_cost_command_reads_the_environment_limits(
    sim: Simulator, tmp_path: Path, capsys
) -> None:
    path = tmp_path / "q.graphql"
    path.write_text(top_level(6), encoding="utf-8")
    assert main(["cost", str(path), "--env", "live", "--data-dir", str(sim.data_dir)]) == 0
    assert json.loads(capsys.readouterr().out)["operations"][0]["limits"]["topLevelFields"] == 20
    path.write_text("{ broken", encoding="utf-8")
    assert main(["cost", str(path), "--data-dir", str(sim.data_dir)]) == 2
    assert "Syntax Error" in capsys.readouterr().err


def test_operation_limits_are_configurable_in_limits_json(
    sim: Simulator, sandbox: GraphQL, capsys
) -> None:
    data_dir = str(sim.data_dir)
    assert (
        main(
            ["limits", "set", "--env", "sandbox", "max_top_level_fields=2", "--data-dir", data_dir]
        )
        == 0
    )
    error = limit_error(sandbox.post(top_level(3)))
    assert error["extensions"]["maximum"] == 2
    assert main(["limits", "set", "--env", "sandbox", "--off", "--data-dir", data_dir]) == 0
    response = sandbox.post(top_level(6))
    assert response.status_code == 200 and "cost" not in response.json()["extensions"]
    assert main(["limits", "set", "--env", "sandbox", "nope=3", "--data-dir", data_dir]) == 2
    assert main(["limits", "set", "--env", "sandbox", "--default", "--data-dir", data_dir]) == 0
    assert sandbox.post(top_level(6)).status_code == 400
    capsys.readouterr()
    assert main(["limits", "show", "--data-dir", data_dir]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["operation_limits"]["sandbox"]["max_top_level_fields"] == 5
