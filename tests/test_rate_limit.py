"""The request rate limit (section 8.1): 2,000 per 5 virtual minutes per client IP and endpoint."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.cli import main
from simulator.limits import LimitSettings, RateLimit

from .conftest import REDIRECT_URI, GraphQL, LiveServer, project_token

QUERY = "{ accounts { totalCount } }"
HEADERS = ("ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy")


def store_snapshot(sim: Simulator) -> list:
    db = sim.sandbox.store.db
    # The journal records every request, refused or not: it is not state (docs/bug-reports.md).
    skipped = {"tokens", "journal_entries", "journal_secrets"}
    return [list(db[name].rows) for name in sorted(db.table_names()) if name not in skipped]


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Simulator]:
    """A simulator whose default budget is 3 requests per 5 minutes."""
    settings = LimitSettings(rate_limit=RateLimit(requests=3))
    with Simulator(tmp_path / "small", limits=settings) as simulator:
        yield simulator


def test_every_response_carries_the_rate_limit_headers(
    http: httpx.Client, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    responses = [
        sandbox.post(QUERY),  # 200
        sandbox.post("{ nope }"),  # 400
        http.post("/sandbox/graphql", json={"query": QUERY}),  # 401
        http.get("/nowhere"),  # 404
        http.get("/sandbox/graphql"),  # 405
        http.post("/oauth2/token", data={"grant_type": "client_credentials"}),  # 401
        http.get("/"),
    ]
    for response in responses:
        assert all(name in response.headers for name in HEADERS), response.headers
        assert response.headers["ratelimit-limit"] == "2000"
        assert response.headers["ratelimit-policy"] == "2000;w=300"
        assert response.headers["ratelimit-reset"] == "300"  # the clock is frozen
    # The token request counted for /oauth2/token; these two for /sandbox/graphql.
    assert responses[0].headers["ratelimit-remaining"] == "1999"
    assert responses[1].headers["ratelimit-remaining"] == "1998"


def test_request_2001_is_refused_and_the_budget_returns_after_5_minutes(
    sim: Simulator, http: httpx.Client, sandbox: GraphQL
) -> None:
    # 1,998 requests counted exactly as the edge counts them (fast), then real ones.
    limiter, rate = sim.limits.rate_limiter, sim.limits.settings.rate_limit
    assert rate is not None
    for _ in range(1_998):
        limiter.hit("testclient", "/sandbox/graphql", rate)
    before = store_snapshot(sim)
    assert sandbox.post(QUERY).headers["ratelimit-remaining"] == "1"  # request 1,999
    last = sandbox.post(QUERY)  # request 2,000
    assert last.status_code == 200
    assert last.headers["ratelimit-remaining"] == "0"
    assert last.json()["extensions"]["cost"]["rateLimit"] == {
        "limit": 2000,
        "remaining": 0,
        "resetSeconds": 300,
        "windowSeconds": 300,
    }

    refused = sandbox.post(QUERY)  # request 2,001
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "300"
    assert refused.headers["ratelimit-remaining"] == "0"
    assert refused.headers["content-type"] == "application/json"
    error = refused.json()["errors"][0]
    assert error["extensions"] == {
        "code": "RATE_LIMIT_EXCEEDED",
        "endpoint": "/sandbox/graphql",
        "limit": 2000,
        "windowSeconds": 300,
        "retryAfter": 300,
    }
    assert "2000 requests" in error["message"]
    assert store_snapshot(sim) == before

    sim.advance("299s")
    assert sandbox.post(QUERY).headers["retry-after"] == "1"
    sim.advance("1s")
    back = sandbox.post(QUERY)
    assert back.status_code == 200
    assert back.headers["ratelimit-remaining"] == "1999"
    assert back.headers["ratelimit-reset"] == "300"


def test_2001_real_requests(http: httpx.Client) -> None:
    """The whole window through the app, on the cheapest endpoint (a 401 without a token)."""
    statuses = [http.post("/live/graphql").status_code for _ in range(2_001)]
    assert statuses[:2_000] == [401] * 2_000
    assert statuses[2_000] == 429


def test_each_endpoint_has_its_own_budget(small: Simulator) -> None:
    with small.client() as http:
        for _ in range(3):
            assert http.post("/sandbox/graphql").status_code == 401
        assert http.post("/sandbox/graphql").status_code == 429
        assert http.post("/live/graphql").status_code == 401
        assert http.post("/sandbox-testing/graphql").status_code == 401
        assert http.post("/oauth2/token").status_code == 400
        # Every page under {auth_url}/auth counts as the one endpoint /oauth2/auth.
        assert http.get("/oauth2/auth").headers["ratelimit-remaining"] == "2"
        assert http.get("/oauth2/auth/a").headers["ratelimit-remaining"] == "1"
        assert http.post("/oauth2/auth/b/c").headers["ratelimit-remaining"] == "0"
        assert http.get("/oauth2/auth?client_id=x").status_code == 429
        # Paths without a route share one counter.
        assert http.get("/x").headers["ratelimit-remaining"] == "2"
        assert http.get("/y").headers["ratelimit-remaining"] == "1"


def test_each_client_ip_has_its_own_budget(small: Simulator) -> None:
    with (
        small.client(client=("203.0.113.1", 4000)) as first,
        small.client(client=("203.0.113.2", 4000)) as second,
    ):
        for _ in range(3):
            first.post("/sandbox/graphql")
        assert first.post("/sandbox/graphql").status_code == 429
        assert second.post("/sandbox/graphql").status_code == 401
        assert second.post("/sandbox/graphql").headers["ratelimit-remaining"] == "1"


def test_x_forwarded_for_counts_only_when_trusted(tmp_path: Path) -> None:
    settings = LimitSettings(rate_limit=RateLimit(requests=3))

    def remaining(http: httpx.Client, forwarded: str) -> str:
        response = http.post("/sandbox/graphql", headers={"X-Forwarded-For": forwarded})
        return response.headers["ratelimit-remaining"]

    with Simulator(tmp_path / "a", limits=settings) as sim, sim.client() as http:
        # Not trusted: every request counts for the peer, whatever it claims.
        assert [remaining(http, f"198.51.100.{n}") for n in range(3)] == ["2", "1", "0"]
    with (
        Simulator(tmp_path / "b", limits=settings, trust_forwarded_for=True) as sim,
        sim.client() as http,
    ):
        assert remaining(http, "198.51.100.1") == "2"
        assert remaining(http, "198.51.100.2") == "2"
        # The right-most address is the one the trusted proxy appended.
        assert remaining(http, "10.9.9.9, 198.51.100.1") == "1"
        assert remaining(http, "198.51.100.1, 198.51.100.2") == "1"
        # Not an address: the peer is counted.
        assert remaining(http, "not-an-ip") == "2"
        assert http.post("/sandbox/graphql").headers["ratelimit-remaining"] == "1"


def test_counters_survive_a_restart(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with Simulator(data_dir) as sim, sim.client() as http:
        for _ in range(5):
            http.post("/sandbox/graphql")
        sim.advance("2m")
    with Simulator(data_dir) as sim, sim.client() as http:
        response = http.post("/sandbox/graphql")
        assert response.headers["ratelimit-remaining"] == "1994"
        assert response.headers["ratelimit-reset"] == "180"
    assert (data_dir / "limits.sqlite").exists()


SET_LIMIT = """mutation($n: Int) { setProjectRateLimit(input: {requests: $n}) {
  __typename
  ... on SetProjectRateLimitSuccessPayload { rateLimit { requests windowSeconds projectSpecific } }
  ... on ValidationRejection { message fields { code path } } } }"""


def test_a_project_raise_through_the_testing_api(
    sim: Simulator, http: httpx.Client, testing: GraphQL, sandbox: GraphQL
) -> None:
    assert testing("{ rateLimit { requests windowSeconds projectSpecific } }") == {
        "rateLimit": {"requests": 2000, "windowSeconds": 300, "projectSpecific": False}
    }
    data = testing(SET_LIMIT, {"n": 10_000})["setProjectRateLimit"]
    assert data == {
        "__typename": "SetProjectRateLimitSuccessPayload",
        "rateLimit": {"requests": 10000, "windowSeconds": 300, "projectSpecific": True},
    }
    # The project's requests now count against its own limit, in a counter of their own.
    response = sandbox.post(QUERY)
    assert response.headers["ratelimit-limit"] == "10000"
    assert response.headers["ratelimit-remaining"] == "9999"
    # Requests that identify no project (or another one) keep the IP's default budget.
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    other_token = project_token(http, other)
    assert (
        GraphQL(http, "/sandbox/graphql", other_token).post(QUERY).headers["ratelimit-limit"]
        == "2000"
    )
    assert http.post("/sandbox/graphql").headers["ratelimit-limit"] == "2000"

    bad = testing(SET_LIMIT, {"n": 0})["setProjectRateLimit"]
    assert bad["__typename"] == "ValidationRejection"
    assert bad["fields"] == [{"code": "InvalidString", "path": ["input", "requests"]}]
    restored = testing(SET_LIMIT, {"n": None})["setProjectRateLimit"]["rateLimit"]
    assert restored == {"requests": 2000, "windowSeconds": 300, "projectSpecific": False}
    assert sandbox.post(QUERY).headers["ratelimit-limit"] == "2000"


def test_a_lowered_project_limit_refuses_only_that_project(
    small: Simulator, tmp_path: Path
) -> None:
    from simulator.domain.kernel.rate_limits import set_project_rate_limit

    mine = small.create_project("sandbox", "Mine", [REDIRECT_URI])
    with small.client() as http:
        token = project_token(http, mine)
        set_project_rate_limit(small.sandbox, mine.project_id, 1)
        graphql = GraphQL(http, "/sandbox/graphql", token)
        assert graphql.post(QUERY).status_code == 200
        assert graphql.post(QUERY).status_code == 429
        assert http.post("/sandbox/graphql").status_code == 401  # the IP's budget is intact


def test_the_token_endpoint_identifies_the_project_by_client_id(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    from simulator.domain.kernel.rate_limits import set_project_rate_limit

    set_project_rate_limit(sim.sandbox, project.project_id, 50)
    form = {
        "grant_type": "client_credentials",
        "client_id": project.client_id,
        "client_secret": project.client_secret,
    }
    in_body = http.post("/oauth2/token", data=form)
    assert in_body.status_code == 200  # the body read for the client_id reaches the endpoint
    assert in_body.headers["ratelimit-limit"] == "50"
    basic = http.post(
        "/oauth2/token",
        data={"grant_type": "client_credentials"},
        auth=(project.client_id, project.client_secret),
    )
    assert basic.status_code == 200
    assert basic.headers["ratelimit-remaining"] == "48"
    anonymous = http.post("/oauth2/token", data={"grant_type": "client_credentials"})
    assert anonymous.headers["ratelimit-limit"] == "2000"
    # A client_id without its secret authenticates nothing: the IP's default budget.
    assert (
        http.get(
            "/oauth2/auth", params={"client_id": project.client_id}, follow_redirects=False
        ).headers["ratelimit-limit"]
        == "2000"
    )


def test_naming_a_raised_project_never_escapes_the_budget(small: Simulator, tmp_path: Path) -> None:
    """The raised limit applies only to requests authenticated as its project: a client_id
    in the query string or the form, a wrong secret, or an expired token count against the
    IP's budget (here 3 requests per window), whatever project they name."""
    from simulator.domain.kernel.rate_limits import set_project_rate_limit

    raised = small.create_project("sandbox", "Raised", [REDIRECT_URI])
    set_project_rate_limit(small.sandbox, raised.project_id, 1000)
    with small.client() as http:
        attempts = [
            http.get(
                "/oauth2/auth", params={"client_id": raised.client_id}, follow_redirects=False
            ),
            http.post(
                "/oauth2/token",
                data={"grant_type": "client_credentials", "client_id": raised.client_id},
            ),
            http.post(
                "/oauth2/token",
                data={"grant_type": "client_credentials"},
                auth=(raised.client_id, "not-the-secret"),
            ),
            http.post(
                "/oauth2/token",
                data={
                    "grant_type": "client_credentials",
                    "client_id": raised.client_id,
                    "client_secret": "wrong",
                },
            ),
        ]
        assert [r.headers["ratelimit-limit"] for r in attempts] == ["3"] * 4
        # Three token requests spent the IP's budget of /oauth2/token: the fourth is refused.
        again = http.post(
            "/oauth2/token",
            data={"grant_type": "client_credentials", "client_id": raised.client_id},
        )
        assert again.status_code == 429
        # Authenticated as the project: its own budget, untouched by the above.
        basic = http.post(
            "/oauth2/token",
            data={"grant_type": "client_credentials"},
            auth=(raised.client_id, raised.client_secret),
        )
        assert basic.status_code == 200
        assert basic.headers["ratelimit-limit"] == "1000"
        token = basic.json()["access_token"]
        graphql = GraphQL(http, "/sandbox/graphql", token)
        assert graphql.post(QUERY).headers["ratelimit-limit"] == "1000"
        # An expired token is no longer the project's: the IP's budget.
        small.advance("2h")
        assert graphql.post(QUERY).headers["ratelimit-limit"] == "3"


def test_the_429_of_the_oauth_server_has_its_error_shape(small: Simulator) -> None:
    with small.client() as http:
        for _ in range(3):
            http.post("/oauth2/token", data={"grant_type": "client_credentials"})
        refused = http.post("/oauth2/token", data={"grant_type": "client_credentials"})
    assert refused.status_code == 429
    body = refused.json()
    assert body["error"] == "rate_limit_exceeded"
    assert body["retry_after"] == 300
    assert "/oauth2/token" in body["error_description"]


def test_the_limit_is_data_in_limits_json(sim: Simulator, http: httpx.Client, capsys) -> None:
    data_dir = str(sim.data_dir)
    assert (
        main(["limits", "rate-limit", "--requests", "2", "--window", "1m", "--data-dir", data_dir])
        == 0
    )
    capsys.readouterr()
    # The running app reads the changed file at its next request.
    first = http.post("/sandbox/graphql")
    assert first.headers["ratelimit-policy"] == "2;w=60"
    http.post("/sandbox/graphql")
    assert http.post("/sandbox/graphql").status_code == 429
    assert main(["limits", "clear-counters", "--data-dir", data_dir]) == 0
    assert http.post("/sandbox/graphql").status_code == 401
    assert main(["limits", "rate-limit", "--off", "--data-dir", data_dir]) == 0
    assert "ratelimit-limit" not in http.post("/sandbox/graphql").headers
    assert main(["limits", "reset", "--data-dir", data_dir]) == 0
    assert http.post("/sandbox/graphql").headers["ratelimit-limit"] == "2000"
    assert not (sim.data_dir / "limits.json").exists()


def test_the_support_request_command(sim: Simulator, project: ProjectCredentials, capsys) -> None:
    import json

    data_dir = str(sim.data_dir)
    assert (
        main(
            [
                "limits",
                "project",
                "--client-id",
                project.client_id,
                "--requests",
                "10000",
                "--data-dir",
                data_dir,
            ]
        )
        == 0
    )
    printed = json.loads(capsys.readouterr().out)
    assert printed == {
        "environment": "sandbox",
        "project_id": project.project_id,
        "requests": 10000,
        "window_seconds": 300,
        "project_specific": True,
    }
    assert main(["limits", "show", "--data-dir", data_dir]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["project_rate_limits"]["sandbox"] == [
        {"project_id": project.project_id, "requests": 10000}
    ]
    assert shown["rate_limit"] == {"requests": 2000, "window_seconds": 300}
    assert (
        main(
            [
                "limits",
                "project",
                "--project-id",
                project.project_id,
                "--default",
                "--data-dir",
                data_dir,
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["project_specific"] is False
    assert (
        main(
            [
                "limits",
                "project",
                "--client-id",
                "SANDBOX_nope",
                "--requests",
                "5",
                "--data-dir",
                data_dir,
            ]
        )
        == 2
    )
    assert (
        main(
            [
                "limits",
                "project",
                "--project-id",
                project.project_id,
                "--requests",
                "0",
                "--data-dir",
                data_dir,
            ]
        )
        == 2
    )


def test_over_real_http(sim: Simulator, live_server: LiveServer) -> None:
    main(["limits", "rate-limit", "--requests", "2", "--data-dir", str(sim.data_dir)])
    with httpx.Client(base_url=live_server.base_url) as client:
        forwarded = {"X-Forwarded-For": "198.51.100.7"}  # ignored: not trusted
        statuses = [client.post("/sandbox/graphql", headers=forwarded) for _ in range(3)]
    assert [r.status_code for r in statuses] == [401, 401, 429]
    assert statuses[2].headers["retry-after"] == "300"
    assert statuses[2].json()["errors"][0]["extensions"]["code"] == "RATE_LIMIT_EXCEEDED"
    assert sim.limits.rate_limiter.counters()[0]["client"] == "127.0.0.1"


def test_serve_trusts_x_forwarded_for_only_when_told(tmp_path: Path) -> None:
    from .test_server import ServeProcess

    def remaining(base_url: str, forwarded: str) -> str:
        response = httpx.post(base_url + "/live/graphql", headers={"X-Forwarded-For": forwarded})
        return response.headers["ratelimit-remaining"]

    for flags, expected in [((), ["1999", "1998"]), (("--trust-proxy",), ["1999", "1999"])]:
        server = ServeProcess(tmp_path / "-".join(flags or ("plain",)), "--no-demo", *flags)
        try:
            seen = [remaining(server.base_url, f"198.51.100.{n}") for n in (1, 2)]
        finally:
            code, _ = server.stop()
        assert code == 0
        assert seen == expected, flags


def test_a_throwaway_simulator_never_waits_for_the_disk_for_its_counters(tmp_path: Path) -> None:
    """A temporary data dir's `limits.sqlite` is not synced (as its environment files): its
    switch to WAL, synced, was most of a new simulator's start-up (issue 35)."""
    with Simulator() as sim:
        assert sim.limits.rate_limiter._execute("PRAGMA synchronous").fetchone() == (0,)
    with Simulator(data_dir=tmp_path) as sim:
        assert sim.limits.rate_limiter._execute("PRAGMA synchronous").fetchone() == (1,)
        assert sim.limits.rate_limiter._execute("PRAGMA journal_mode").fetchone() == ("wal",)
