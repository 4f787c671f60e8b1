"""The HTTP contract of the GraphQL endpoints: authentication, bodies, status codes."""

import json

import httpx
import pytest

from simulator import ProjectCredentials, Simulator

from .conftest import GraphQL, project_token

QUERY = "{ accounts { totalCount } }"


def store_snapshot(sim: Simulator) -> list:
    db = sim.sandbox.store.db
    # The journal records every request, refused or not: it is not state (docs/bug-reports.md).
    skipped = {"tokens", "journal_entries", "journal_secrets"}
    return [list(db[name].rows) for name in sorted(db.table_names()) if name not in skipped]


def test_a_project_token_works(sandbox: GraphQL) -> None:
    assert sandbox(QUERY) == {"accounts": {"totalCount": 0}}


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        ({}, "missing"),
        ({"Authorization": "Bearer SANDBOX_AT_unknown"}, "unknown"),
        ({"Authorization": "Token abc"}, "malformed"),
        ({"Authorization": "Bearer LIVE_AT_whatever"}, "wrong_environment"),
    ],
)
def test_refused_tokens_say_why(http: httpx.Client, headers: dict, reason: str) -> None:
    response = http.post("/sandbox/graphql", json={"query": QUERY}, headers=headers)
    assert response.status_code == 401
    error = response.json()["errors"][0]
    assert error["extensions"] == {"code": "UNAUTHENTICATED", "reason": reason}
    assert response.headers["www-authenticate"].startswith("Bearer")


def test_tokens_do_not_cross_environments(
    http: httpx.Client, token: str, live_project: ProjectCredentials
) -> None:
    live_token = project_token(http, live_project)
    assert GraphQL(http, "/live/graphql", live_token)(QUERY) == {"accounts": {"totalCount": 0}}
    for path, wrong in [("/live/graphql", token), ("/sandbox/graphql", live_token)]:
        response = GraphQL(http, path, wrong).post(QUERY)
        assert response.status_code == 401
        assert response.json()["errors"][0]["extensions"]["reason"] == "wrong_environment"


def test_the_testing_api_is_sandbox_only(
    http: httpx.Client, live_project: ProjectCredentials
) -> None:
    live_token = project_token(http, live_project)
    response = GraphQL(http, "/sandbox-testing/graphql", live_token).post("{ clock { now } }")
    assert response.status_code == 401
    assert (
        http.post("/live-testing/graphql", json={"query": "{ clock { now } }"}).status_code == 404
    )


def test_a_token_expires_after_3600_virtual_seconds(sim: Simulator, sandbox: GraphQL) -> None:
    sim.advance("3599s")
    assert sandbox.post(QUERY).status_code == 200
    sim.advance("1s")
    response = sandbox.post(QUERY)
    assert response.status_code == 401
    assert response.json()["errors"][0]["extensions"]["reason"] == "expired"


@pytest.mark.parametrize(
    ("kwargs", "status", "code"),
    [
        (
            {"content": b"{not json", "headers": {"content-type": "application/json"}},
            400,
            "BAD_REQUEST",
        ),
        ({"json": {"variables": {}}}, 400, "BAD_REQUEST"),
        ({"json": {"query": ""}}, 400, "BAD_REQUEST"),
        ({"json": {"query": QUERY, "variables": [1]}}, 400, "BAD_REQUEST"),
        ({"json": {"query": QUERY, "operationName": 3}}, 400, "BAD_REQUEST"),
        ({"json": [{"query": QUERY}]}, 400, "BATCHING_NOT_SUPPORTED"),
        ({"json": "just a string"}, 400, "BAD_REQUEST"),
        (
            {"content": b"\xff\xfe{}", "headers": {"content-type": "application/json"}},
            400,
            "BAD_REQUEST",
        ),
        (
            {"content": "[" * 100_000, "headers": {"content-type": "application/json"}},
            400,
            "BAD_REQUEST",
        ),
        ({"data": {"query": QUERY}}, 415, "UNSUPPORTED_MEDIA_TYPE"),
        (
            {"content": b" " * (1024 * 1024 + 1), "headers": {"content-type": "application/json"}},
            413,
            "PAYLOAD_TOO_LARGE",
        ),
    ],
)
def test_bad_bodies_get_a_json_4xx_and_change_nothing(
    sim: Simulator, http: httpx.Client, token: str, kwargs: dict, status: int, code: str
) -> None:
    before = store_snapshot(sim)
    headers = {"Authorization": f"Bearer {token}", **kwargs.pop("headers", {})}
    response = http.post("/sandbox/graphql", headers=headers, **kwargs)
    assert response.status_code == status
    assert response.json()["errors"][0]["extensions"]["code"] == code
    assert store_snapshot(sim) == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            b'{"query": "{ a }",}',
            "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 19",
        ),
        (b"\xff{}", "not valid UTF-8"),
        ('{"query": "{ accounts { totalCount } }"}'.encode("utf-16"), "not valid UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"query": "{ a }", "variables": {"n": NaN}}', "a number JSON cannot carry"),
    ],
    ids=["syntax", "bytes", "utf-16", "deep", "nan"],
)
def test_a_malformed_body_says_what_is_wrong(
    http: httpx.Client, token: str, body: bytes, message: str
) -> None:
    response = http.post(
        "/sandbox/graphql",
        content=body,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    assert response.status_code == 400
    assert message in response.json()["errors"][0]["message"]


def test_a_utf8_byte_order_mark_is_ignored(http: httpx.Client, token: str) -> None:
    response = http.post(
        "/sandbox/graphql",
        content=b'\xef\xbb\xbf{"query": "{ accounts { totalCount } }"}',
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_other_methods_get_405(http: httpx.Client, token: str, method: str) -> None:
    response = http.request(
        method, "/sandbox/graphql", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert response.json()["errors"][0]["extensions"]["code"] == "METHOD_NOT_ALLOWED"


@pytest.mark.parametrize(
    ("query", "variables", "code"),
    [
        ("{ accounts { totalCount ", None, "GRAPHQL_PARSE_FAILED"),
        ("{ accounts { nope } }", None, "GRAPHQL_VALIDATION_FAILED"),
        ("query($n: Int) { accounts(first: $n) { totalCount } }", {"n": "ten"}, "BAD_USER_INPUT"),
        ("query A { accounts { totalCount } } query B { consents { totalCount } }", None, None),
    ],
)
def test_query_errors_are_in_the_errors_list_with_a_code(
    sandbox: GraphQL, query: str, variables: dict | None, code: str | None
) -> None:
    response = sandbox.post(query, variables)
    assert response.status_code == 400
    body = response.json()
    assert body.get("data") is None
    assert all("extensions" in error and error["extensions"]["code"] for error in body["errors"])
    if code:
        assert body["errors"][0]["extensions"]["code"] in (code, "GRAPHQL_VALIDATION_FAILED")
    assert "Traceback" not in json.dumps(body)


def test_unknown_operation_name(http: httpx.Client, token: str) -> None:
    response = http.post(
        "/sandbox/graphql",
        json={"query": "query A { accounts { totalCount } }", "operationName": "B"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400
    assert "B" in response.json()["errors"][0]["message"]


def test_resolver_errors_come_with_data_and_a_code(sandbox: GraphQL) -> None:
    response = sandbox.post('{ account(accountId: "missing") { id } }')
    assert response.status_code == 200
    body = response.json()
    assert body["data"] == {"account": None}
    assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    bad_page = sandbox.post("{ accounts(first: 101) { totalCount } }").json()
    assert bad_page["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    bad_cursor = sandbox.post('{ accounts(after: "zzz") { totalCount } }').json()
    assert bad_cursor["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_unknown_paths_get_a_json_404(http: httpx.Client) -> None:
    response = http.get("/nowhere")
    assert response.status_code == 404
    assert response.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"
