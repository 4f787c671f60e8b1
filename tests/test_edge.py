"""The HTTP edge: no CORS headers ever, bounded requests, a JSON 4xx for every bad input."""

from __future__ import annotations

import asyncio
import json
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from simulator import ProjectCredentials, Simulator
from simulator.clock import Clock
from simulator.limits import Limits
from simulator.server.edge import EdgeMiddleware

from .conftest import LiveServer

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")  # the project uses httpx
    from starlette.testclient import TestClient

ORIGIN = "http://127.0.0.1:9999"
PREFLIGHT = {
    "Origin": ORIGIN,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization,content-type",
}


def snapshot(sim: Simulator) -> list:
    """Every row of both environments (tokens included)."""
    return [
        list(env.store.db[name].rows)
        for env in sim.environments.values()
        for name in sorted(env.store.db.table_names())
        # The journal records every request, refused or not: it is not state.
        if name not in ("journal_entries", "journal_secrets")
    ]


def no_cors(response: httpx.Response) -> bool:
    return not any(name.lower().startswith("access-control-") for name in response.headers)


def plain_paths(sim: Simulator) -> list[str]:
    """Every route without path parameters, plus the authorization endpoint's address."""
    # A group of routes built at its first request (the browser pages) is walked too.
    routes = [r for route in sim.app.routes for r in getattr(route, "routes", [route])]
    paths = [route.path for route in routes if "{" not in getattr(route, "path", "{")]
    return sorted({*paths, "/oauth2/auth"})


def test_a_preflight_gets_a_json_4xx_without_cors_headers(
    sim: Simulator, http: httpx.Client
) -> None:
    paths = plain_paths(sim)
    assert {"/oauth2/token", "/sandbox/graphql", "/live/graphql"} <= set(paths)
    for path in paths:
        response = http.options(path, headers=PREFLIGHT)
        assert 400 <= response.status_code < 500, (path, response.status_code)
        assert no_cors(response), (path, response.headers)
        assert response.json()["errors"][0]["extensions"]["code"] in (
            "METHOD_NOT_ALLOWED",
            "NOT_FOUND",
        )
    graphql = http.options("/sandbox/graphql", headers=PREFLIGHT)
    assert (graphql.status_code, graphql.headers["allow"]) == (405, "POST")


def test_requests_with_an_origin_never_get_cors_headers(
    http: httpx.Client, token: str, project: ProjectCredentials
) -> None:
    headers = {"Origin": ORIGIN, "Authorization": f"Bearer {token}"}
    response = http.post(
        "/sandbox/graphql", json={"query": "{ accounts { totalCount } }"}, headers=headers
    )
    # The server answers (CORS is enforced by browsers), but never allows the origin.
    assert response.status_code == 200
    assert no_cors(response)
    form = {
        "grant_type": "client_credentials",
        "client_id": project.client_id,
        "client_secret": project.client_secret,
    }
    assert no_cors(http.post("/oauth2/token", data=form, headers={"Origin": ORIGIN}))
    assert no_cors(http.get("/", headers={"Origin": "null"}))


def test_the_edge_strips_cors_headers_any_route_would_add(tmp_path: Path) -> None:
    def generous(request: object) -> PlainTextResponse:
        return PlainTextResponse(
            "hi",
            headers={
                "Access-Control-Allow-Origin": "*",
                "Access-Control-Allow-Credentials": "true",
            },
        )

    app = Starlette(routes=[Route("/", generous, methods=["GET", "OPTIONS"])])
    limits = Limits(tmp_path, Clock.open(tmp_path))
    with TestClient(EdgeMiddleware(app, limits, {})) as client:
        for response in (
            client.get("/", headers={"Origin": ORIGIN}),
            client.options("/", headers=PREFLIGHT),
        ):
            assert response.text == "hi"
            assert no_cors(response)
            assert response.headers["ratelimit-limit"] == "2000"
    limits.close()


@pytest.mark.parametrize(
    ("request_kwargs", "status", "code"),
    [
        ({"method": "GET", "url": "/sandbox/graphql?query=" + "x" * 9000}, 414, "URI_TOO_LONG"),
        ({"method": "GET", "url": "/" + "a" * 9000}, 414, "URI_TOO_LONG"),
        (
            {"method": "POST", "url": "/oauth2/token", "headers": {"X-Padding": "p" * 17000}},
            431,
            "HEADERS_TOO_LARGE",
        ),
        (
            {
                "method": "POST",
                "url": "/oauth2/token",
                "content": b"grant_type=" + b"x" * (1024 * 1024),
                "headers": {"Content-Type": "application/x-www-form-urlencoded"},
            },
            413,
            "PAYLOAD_TOO_LARGE",
        ),
        (
            {
                "method": "POST",
                "url": "/oauth2/token",
                # A streamed body (no Content-Length): stopped while being read.
                "content": iter([b"grant_type=client_credentials&x="] + [b"y" * 65536] * 20),
                "headers": {"Content-Type": "application/x-www-form-urlencoded"},
            },
            413,
            "PAYLOAD_TOO_LARGE",
        ),
        (
            {
                "method": "POST",
                "url": "/sandbox/graphql",
                "content": iter([b'{"query": "'] + [b" " * 65536] * 20),
                "headers": {
                    "Content-Type": "application/json",
                    "Authorization": "Bearer SANDBOX_AT_x",
                },
            },
            413,  # bounded in front of every route: before the token is checked
            "PAYLOAD_TOO_LARGE",
        ),
    ],
    ids=[
        "long-query-string",
        "long-path",
        "big-headers",
        "big-form",
        "streamed-form",
        "streamed-json",
    ],
)
def test_oversized_requests(
    sim: Simulator, http: httpx.Client, request_kwargs: dict, status: int, code: str
) -> None:
    before = snapshot(sim)
    response = http.request(**request_kwargs)
    assert response.status_code == status
    assert response.json()["errors"][0]["extensions"]["code"] == code
    assert response.json()["extensions"]["requestId"] == response.headers["x-request-id"]
    # Refused by the bounds before the rate limit counts anything.
    assert "ratelimit-remaining" not in response.headers
    assert snapshot(sim) == before


def test_a_streamed_graphql_body_over_1_mib(http: httpx.Client, token: str) -> None:
    response = http.post(
        "/sandbox/graphql",
        content=iter([b'{"query": "'] + [b" " * 65536] * 20),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 413
    assert response.json()["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"


TOKEN_FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.mark.parametrize(
    ("content", "headers"),
    [
        (b"grant_type=client_credentials&client_id=%ff%fe&client_secret=x", TOKEN_FORM),
        (b"\xff\xfe\xfd=\xff&&&%%%===", TOKEN_FORM),
        (b"&".join(b"k%d=v" % n for n in range(5_000)), TOKEN_FORM),
        (
            b"grant_type=client_credentials",
            {"Content-Type": "application/x-www-form-urlencoded; charset=utf-16"},
        ),
        (
            b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b--",
            {"Content-Type": "multipart/form-data; boundary=b"},
        ),
        (b'{"grant_type": "client_credentials"}', {"Content-Type": "application/json"}),
        (b"grant_type=client_credentials", {**TOKEN_FORM, "Authorization": "Basic %%%"}),
        (b"grant_type=client_credentials", {**TOKEN_FORM, "Authorization": "Basic /w=="}),
        (b"grant_type=client_credentials", {**TOKEN_FORM, "Authorization": "Bearer " + "x" * 5000}),
        (b"grant_type=password&username=a&password=b", TOKEN_FORM),
        (b"", {}),
    ],
)
def test_malformed_token_requests_get_a_json_4xx(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials, content: bytes, headers: dict
) -> None:
    before = snapshot(sim)
    response = http.post("/oauth2/token", content=content, headers=headers)
    assert 400 <= response.status_code < 500
    body = response.json()
    assert set(body) == {"error", "error_description"}  # RFC 6749 section 5.2, every time
    assert "Traceback" not in response.text
    assert snapshot(sim) == before


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b'{"query": "{ accounts { totalCount } }", "operationName": "\\ud800"}', "BAD_REQUEST"),
        (b'{"query": "{ accounts { totalCount } }", "variables": {"\\udc00": 1}}', "BAD_REQUEST"),
        (b'{"query": "{ accounts { totalCount } }", "variables": {"n": NaN}}', "BAD_REQUEST"),
        (
            b'{"query": "{ accounts { totalCount } }", "variables": {"n": 1' + b"0" * 5000 + b"}}",
            "BAD_REQUEST",
        ),
        (
            b'{"query": "query($n: Int) { accounts(first: $n) { totalCount } }", "variables": {"n": '
            + b"[" * 500
            + b"]" * 500
            + b"}}",
            "BAD_USER_INPUT",
        ),
        (
            b'{"query": "{ accounts { totalCount } }", "variables": '
            + b'{"a":' * 5000
            + b"1"
            + b"}" * 5001,
            "BAD_REQUEST",
        ),
        (
            b'{"query": "{ accounts { totalCount } }", "operationName": "Nope"}',
            "GRAPHQL_VALIDATION_FAILED",
        ),
        (b'{"query": "' + b"a " * 400_000 + b'"}', "GRAPHQL_PARSE_FAILED"),
        (b'{"query": "{ ' + b"a " * 400_000 + b'}"}', "OPERATION_LIMIT_EXCEEDED"),
        (
            b'{"query": "mutation { cancelConsent(input: {consentId: 5}) { __typename } }"}',
            "GRAPHQL_VALIDATION_FAILED",
        ),
        (b'{"query": "subscription { accounts { totalCount } }"}', "GRAPHQL_VALIDATION_FAILED"),
    ],
    ids=[
        "surrogate-operation-name",
        "surrogate-key",
        "nan",
        "huge-int",
        "nested-variable",
        "deep-json",
        "unknown-operation",
        "huge-garbage",
        "huge-query",
        "wrong-literal-type",
        "subscription",
    ],
)
def test_bad_graphql_bodies_get_a_json_4xx(
    sim: Simulator, http: httpx.Client, token: str, body: bytes, code: str
) -> None:
    before = snapshot(sim)
    response = http.post(
        "/sandbox/graphql",
        content=body,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400, response.text[:300]
    codes = {error["extensions"]["code"] for error in response.json()["errors"]}
    assert code in codes or (
        code == "GRAPHQL_VALIDATION_FAILED" and codes <= {code, "BAD_USER_INPUT"}
    )
    assert snapshot(sim) == before


@pytest.mark.parametrize(
    ("path", "content_type"),
    [("/sandbox/graphql", "application/json"), ("/oauth2/token", TOKEN_FORM["Content-Type"])],
)
def test_a_client_leaving_mid_body_is_no_error(
    sim: Simulator, token: str, caplog: pytest.LogCaptureFixture, path: str, content_type: str
) -> None:
    """A client that disconnects before its whole body arrived: the app returns quietly
    (uvicorn would otherwise log 'Exception in ASGI application' with a trace)."""
    messages = iter(
        [
            {"type": "http.request", "body": b'{"query": "{ acc', "more_body": True},
            {"type": "http.disconnect"},
        ]
    )
    sent: list[dict] = []

    async def receive() -> dict:
        return next(messages)

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"localhost"),
            (b"content-type", content_type.encode()),
            (b"content-length", b"100"),
            (b"authorization", f"Bearer {token}".encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    with caplog.at_level("ERROR"), ThreadPoolExecutor(1) as thread:
        # In a thread of its own: a browser test may own this thread's event loop.
        thread.submit(asyncio.run, sim.app(scope, receive, send)).result()  # raises nothing
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


def test_over_real_http(sim: Simulator, live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.base_url) as client:
        long_url = client.get("/sandbox/graphql", params={"query": "x" * 9000})
        assert (long_url.status_code, long_url.json()["errors"][0]["extensions"]["code"]) == (
            414,
            "URI_TOO_LONG",
        )
        big = client.post(
            "/oauth2/token",
            content=iter([b"grant_type=x&y="] + [b"z" * 65536] * 20),
            headers=TOKEN_FORM,
        )
        assert (big.status_code, big.json()["errors"][0]["extensions"]["code"]) == (
            413,
            "PAYLOAD_TOO_LARGE",
        )
        preflight = client.options("/sandbox/graphql", headers=PREFLIGHT)
        assert preflight.status_code == 405 and no_cors(preflight)
        assert json.loads(preflight.text)["errors"][0]["extensions"]["code"] == "METHOD_NOT_ALLOWED"


def test_a_streamed_dashboard_form_over_1_mib_gets_the_same_413(http: httpx.Client) -> None:
    """Before: the dashboard's form parser stopped it with a 400 (its own part limit)."""
    response = http.post(
        "/dashboard/clock",
        content=iter([b"duration="] + [b"1" * 65536] * 20),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413
    assert response.json()["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"
