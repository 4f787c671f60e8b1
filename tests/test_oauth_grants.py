"""POST /oauth2/token: authorization_code (secret and PKCE), refresh_token, id_tokens."""

from __future__ import annotations

import base64
import re

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import KeySet
from starlette.datastructures import FormData

from simulator import ProjectCredentials, Simulator
from simulator.domain.kernel.projects import find_project_by_client_id
from simulator.oauth import grants
from simulator.oauth.endpoints import OAuthError, TokenRequest
from simulator.oauth.pkce import s256_challenge
from simulator.oauth.tokens import hash_token

from .oauth_pages import PHONE, REDIRECT_URI, Pages, exchange, refresh

VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
CHALLENGE = s256_challenge(VERIFIER)


@pytest.fixture
def pages(http: httpx.Client, sim: Simulator) -> Pages:
    return Pages(http, sim.sandbox)


@pytest.fixture
def auto_user(sim: Simulator) -> dict:
    return sim.oauth.create_sandbox_user(PHONE, first_name="Ada", auto_consent=True)


def code_for(pages: Pages, client_id: str, **overrides: str) -> str:
    response = pages.start(client_id, phoneNumber=PHONE, **overrides)
    assert response.status_code == 302, response.text
    return httpx.URL(response.headers["location"]).params["code"]


def graphql(http: httpx.Client, token: str, query: str = "{ user { id } }") -> httpx.Response:
    return http.post(
        "/sandbox/graphql", json={"query": query}, headers={"Authorization": f"Bearer {token}"}
    )


def claims_of(http: httpx.Client, id_token: str) -> dict:
    keys = KeySet.import_key_set(http.get("/oauth2/.well-known/jwks.json").json())
    token = jwt.decode(id_token, keys, algorithms=["RS256"])
    return token.claims


def test_code_exchange_with_secret_returns_the_token_response_table(
    pages: Pages, project: ProjectCredentials
) -> None:
    query = pages.authorize(project.client_id)
    response = exchange(pages.http, query["code"], project.client_id, project.client_secret)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert sorted(body) == [
        "access_token",
        "expires_in",
        "id_token",
        "refresh_token",
        "scope",
        "token_type",
    ]
    assert body["scope"] == "openid offline"
    assert body["token_type"] == "bearer"
    assert body["expires_in"] == 3600
    assert body["access_token"].startswith("SANDBOX_AT_")
    assert body["refresh_token"].startswith("SANDBOX_RT_")
    user = graphql(pages.http, body["access_token"]).json()["data"]["user"]
    assert user["id"] == claims_of(pages.http, body["id_token"])["sub"]


def test_no_refresh_token_without_offline(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id, scope="openid")
    body = exchange(pages.http, code, project.client_id, project.client_secret).json()
    assert "refresh_token" not in body
    assert body["scope"] == "openid"


def test_client_secret_by_http_basic(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    response = pages.http.post(
        "/oauth2/token",
        data={"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI},
        auth=(project.client_id, project.client_secret),
    )
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("secret", ["wrong", "", None])
def test_wrong_or_missing_secret_is_401(
    pages: Pages, project: ProjectCredentials, auto_user: dict, secret: str | None
) -> None:
    code = code_for(pages, project.client_id)
    response = exchange(pages.http, code, project.client_id, secret)
    assert response.status_code == 401
    assert response.json()["error"] == "invalid_client"
    # The code was not used up by the failed attempt.
    ok = exchange(pages.http, code, project.client_id, project.client_secret)
    assert ok.status_code == 200


def test_code_lives_10_virtual_minutes(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    sim.advance("9m59s")
    assert exchange(pages.http, code, project.client_id, project.client_secret).status_code == 200
    code = code_for(pages, project.client_id)
    sim.advance("10m")
    response = exchange(pages.http, code, project.client_id, project.client_secret)
    assert response.status_code == 401
    assert response.json()["error"] == "invalid_grant"
    assert "codes live 10 minutes" in response.json()["error_description"]


def test_reused_code_is_401_and_revokes_the_tokens_issued_from_it(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    first = exchange(pages.http, code, project.client_id, project.client_secret).json()
    assert graphql(pages.http, first["access_token"]).status_code == 200
    again = exchange(pages.http, code, project.client_id, project.client_secret)
    assert again.status_code == 401
    assert again.json()["error"] == "invalid_grant"
    assert "already used" in again.json()["error_description"]
    revoked = graphql(pages.http, first["access_token"])
    assert revoked.status_code == 401
    assert revoked.json()["errors"][0]["extensions"]["reason"] == "revoked"
    response = refresh(pages.http, first["refresh_token"], project.client_id, project.client_secret)
    assert response.status_code == 401 and "revoked" in response.json()["error_description"]


def test_an_exchange_that_loses_a_race_still_revokes_what_the_code_issued(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    # Two exchanges of one code at once (two processes on one data dir): both read the code
    # unused, one claims it first. The other is a second use all the same.
    env = sim.sandbox
    code = code_for(pages, project.client_id)
    stale = env.store.db["authorization_codes"].get(hash_token(code))  # read before the claim
    first = exchange(pages.http, code, project.client_id, project.client_secret).json()
    request = TokenRequest(FormData(), env, project.client_id, project.client_secret)
    with env.store.atomic() as db:
        result = grants._exchange(
            request,
            db,
            stale,
            find_project_by_client_id(env, project.client_id),
            False,
            REDIRECT_URI,
            None,
        )
    assert isinstance(result, OAuthError) and result.status_code == 401
    assert "already used" in result.description
    assert graphql(pages.http, first["access_token"]).status_code == 401


def test_code_of_another_client_is_refused_and_not_burned(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    code = code_for(pages, project.client_id)
    response = exchange(pages.http, code, other.client_id, other.client_secret)
    assert response.status_code == 401
    assert response.json()["error_description"] == (
        "This authorization code was issued to another client."
    )
    assert exchange(pages.http, code, project.client_id, project.client_secret).status_code == 200


def test_live_code_is_unknown_in_sandbox(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    live = sim.create_project("live", "Live", [REDIRECT_URI])
    response = exchange(pages.http, code, live.client_id, live.client_secret)
    assert response.status_code == 401
    assert response.json()["error_description"] == "Unknown authorization code."


def test_redirect_uri_must_match_the_authorization_request(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    response = exchange(
        pages.http, code, project.client_id, project.client_secret, redirect_uri="http://x.test/"
    )
    assert response.status_code == 401 and response.json()["error"] == "invalid_grant"
    data = {
        "grant_type": "authorization_code",
        "code": code,
        "client_id": project.client_id,
        "client_secret": project.client_secret,
    }
    response = pages.http.post("/oauth2/token", data=data)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_request"
    assert "redirect_uri is missing" in response.json()["error_description"]


def test_redirect_uri_is_optional_when_the_request_left_it_out(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id, redirect_uri=None)
    data = {
        "grant_type": "authorization_code",
        "code": code,
        "client_id": project.client_id,
        "client_secret": project.client_secret,
    }
    assert pages.http.post("/oauth2/token", data=data).status_code == 200


@pytest.mark.parametrize(
    ("data", "status", "error"),
    [
        ({"grant_type": "authorization_code"}, 400, "invalid_request"),
        ({"grant_type": "authorization_code", "code": ""}, 400, "invalid_request"),
        ({"grant_type": "authorization_code", "code": "nope"}, 401, "invalid_grant"),
        ({"grant_type": "refresh_token"}, 400, "invalid_request"),
        ({"grant_type": "refresh_token", "refresh_token": "nope"}, 401, "invalid_grant"),
        ({"grant_type": "password"}, 400, "unsupported_grant_type"),
    ],
)
def test_malformed_token_requests(
    http: httpx.Client, project: ProjectCredentials, data: dict, status: int, error: str
) -> None:
    body = {"client_id": project.client_id, "client_secret": project.client_secret, **data}
    response = http.post("/oauth2/token", data=body)
    assert response.status_code == status, response.text
    assert response.json()["error"] == error
    assert response.json()["error_description"]


def test_repeated_code_parameter_is_refused(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    body = [
        ("grant_type", "authorization_code"),
        ("code", "a"),
        ("code", "b"),
        ("client_id", project.client_id),
        ("client_secret", project.client_secret),
    ]
    response = http.post(
        "/oauth2/token",
        content=httpx.QueryParams(body).__str__(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 400
    assert "repeated" in response.json()["error_description"]


@pytest.mark.parametrize("name", ["client_id", "client_secret"])
def test_repeated_client_credentials_are_refused(
    http: httpx.Client, project: ProjectCredentials, name: str
) -> None:
    # RFC 6749 section 3.2: never twice (the last value used to win, wrong first or not).
    body = [
        ("grant_type", "client_credentials"),
        ("client_id", project.client_id),
        ("client_secret", project.client_secret),
        (name, "another" if name == "client_secret" else project.client_id),
    ]
    response = http.post(
        "/oauth2/token",
        content=str(httpx.QueryParams(body)),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": "invalid_request",
        "error_description": f"Parameter '{name}' is repeated.",
    }


def test_unsupported_grant_type_is_not_echoed_whole(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    body = {
        "grant_type": 'pass"word\\é' + "x" * 3000,
        "client_id": project.client_id,
        "client_secret": project.client_secret,
    }
    response = http.post("/oauth2/token", data=body)
    assert response.status_code == 400
    description = response.json()["error_description"]
    assert re.fullmatch(r"[\x20-\x21\x23-\x5b\x5d-\x7e]+", description), description
    assert description.startswith("Unsupported grant_type 'pass?word??")
    assert len(description) < 200


def test_refresh_rotates_and_a_reused_refresh_token_revokes_the_family(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    first = exchange(pages.http, code, project.client_id, project.client_secret).json()
    second = refresh(pages.http, first["refresh_token"], project.client_id, project.client_secret)
    assert second.status_code == 200, second.text
    second = second.json()
    assert sorted(second) == sorted(first)
    assert second["refresh_token"] != first["refresh_token"]
    assert second["access_token"] != first["access_token"]
    assert second["scope"] == "openid offline"
    assert graphql(pages.http, second["access_token"]).status_code == 200

    # The old refresh token is dead; presenting it revokes every token of the family.
    reused = refresh(pages.http, first["refresh_token"], project.client_id, project.client_secret)
    assert reused.status_code == 401
    assert "already used" in reused.json()["error_description"]
    for token in (first["access_token"], second["access_token"]):
        assert graphql(pages.http, token).status_code == 401
    after = refresh(pages.http, second["refresh_token"], project.client_id, project.client_secret)
    assert after.status_code == 401
    assert "refresh token reused" in after.json()["error_description"]


def test_refresh_may_narrow_but_not_widen_the_scope(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    tokens = exchange(pages.http, code, project.client_id, project.client_secret).json()
    wide = refresh(
        pages.http,
        tokens["refresh_token"],
        project.client_id,
        project.client_secret,
        scope="openid idverified",
    )
    assert wide.status_code == 400 and wide.json()["error"] == "invalid_scope"
    narrow = refresh(
        pages.http,
        tokens["refresh_token"],
        project.client_id,
        project.client_secret,
        scope="openid",
    )
    assert narrow.status_code == 200
    assert narrow.json()["scope"] == "openid"
    assert "refresh_token" in narrow.json()


def test_refresh_needs_the_right_client(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    tokens = exchange(pages.http, code, project.client_id, project.client_secret).json()
    wrong = refresh(pages.http, tokens["refresh_token"], project.client_id, "wrong")
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    foreign = refresh(pages.http, tokens["refresh_token"], other.client_id, other.client_secret)
    assert foreign.status_code == 401
    assert foreign.json()["error_description"] == "This refresh token was issued to another client."
    # Neither attempt used the token up.
    ok = refresh(pages.http, tokens["refresh_token"], project.client_id, project.client_secret)
    assert ok.status_code == 200


def test_user_access_token_lives_3600_virtual_seconds(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    tokens = exchange(pages.http, code, project.client_id, project.client_secret).json()
    sim.advance("3599s")
    assert graphql(pages.http, tokens["access_token"]).status_code == 200
    sim.advance("1s")
    expired = graphql(pages.http, tokens["access_token"])
    assert expired.status_code == 401
    assert expired.json()["errors"][0]["extensions"]["reason"] == "expired"
    renewed = refresh(pages.http, tokens["refresh_token"], project.client_id, project.client_secret)
    assert graphql(pages.http, renewed.json()["access_token"]).status_code == 200


# -- PKCE ---------------------------------------------------------------------------------


@pytest.fixture
def pkce_project(sim: Simulator, project: ProjectCredentials) -> ProjectCredentials:
    settings = sim.oauth.set_pkce(project.client_id, True)
    assert settings["flow"] == "pkce"
    return project


def pkce_code(pages: Pages, client_id: str, challenge: str = CHALLENGE) -> str:
    return code_for(pages, client_id, code_challenge=challenge, code_challenge_method="S256")


def test_pkce_exchange_without_secret_and_without_refresh_token(
    pages: Pages, pkce_project: ProjectCredentials, auto_user: dict
) -> None:
    code = pkce_code(pages, pkce_project.client_id)
    response = exchange(pages.http, code, pkce_project.client_id, code_verifier=VERIFIER)
    assert response.status_code == 200, response.text
    body = response.json()
    assert sorted(body) == ["access_token", "expires_in", "id_token", "scope", "token_type"]
    assert body["scope"] == "openid offline"


def test_pkce_wrong_verifier_is_401_and_malformed_ones_400(
    pages: Pages, pkce_project: ProjectCredentials, auto_user: dict
) -> None:
    code = pkce_code(pages, pkce_project.client_id)
    other = "x" * 43
    response = exchange(pages.http, code, pkce_project.client_id, code_verifier=other)
    assert response.status_code == 401
    assert response.json() == {
        "error": "invalid_grant",
        "error_description": "code_verifier does not match the code_challenge of this code.",
    }
    for verifier, fragment in [
        ("a" * 42, "43 to 128 characters long (got 42)"),
        ("a" * 129, "43 to 128 characters long (got 129)"),
        ("a" * 42 + "+", "may only use the characters"),
        ("a" * 42 + "é", "may only use the characters"),
    ]:
        response = exchange(pages.http, code, pkce_project.client_id, code_verifier=verifier)
        assert response.status_code == 400
        assert fragment in response.json()["error_description"]
    ok = exchange(pages.http, code, pkce_project.client_id, code_verifier=VERIFIER)
    assert ok.status_code == 200


@pytest.mark.parametrize("length", [43, 128])
def test_pkce_verifier_length_bounds(
    pages: Pages, pkce_project: ProjectCredentials, auto_user: dict, length: int
) -> None:
    verifier = ("A-._~z9" * 20)[:length]
    code = pkce_code(pages, pkce_project.client_id, s256_challenge(verifier))
    response = exchange(pages.http, code, pkce_project.client_id, code_verifier=verifier)
    assert response.status_code == 200


def test_pkce_project_refuses_the_secret_flow(
    pages: Pages, pkce_project: ProjectCredentials, auto_user: dict
) -> None:
    code = pkce_code(pages, pkce_project.client_id)
    response = exchange(
        pages.http,
        code,
        pkce_project.client_id,
        pkce_project.client_secret,
        code_verifier=VERIFIER,
    )
    assert response.status_code == 400
    assert "This project uses PKCE" in response.json()["error_description"]
    response = exchange(pages.http, code, pkce_project.client_id)
    assert response.status_code == 400
    assert "code_verifier is missing" in response.json()["error_description"]
    # client_credentials still gives project tokens.
    project_token = pages.http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": pkce_project.client_id,
            "client_secret": pkce_project.client_secret,
        },
    )
    assert project_token.status_code == 200


def test_secret_project_refuses_a_verifier(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    response = exchange(
        pages.http, code, project.client_id, project.client_secret, code_verifier=VERIFIER
    )
    assert response.status_code == 400
    assert "PKCE is not enabled for this project" in response.json()["error_description"]


def test_switching_the_flow_invalidates_pending_codes(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    sim.oauth.set_pkce(project.client_id, True)
    response = exchange(pages.http, code, project.client_id, code_verifier=VERIFIER)
    assert response.status_code == 401
    assert "the project's flow has changed" in response.json()["error_description"]
    pkce = pkce_code(pages, project.client_id)
    sim.oauth.set_pkce(project.client_id, False)
    response = exchange(pages.http, pkce, project.client_id, project.client_secret)
    assert response.status_code == 401


def test_refresh_grant_is_off_for_a_pkce_project(
    pages: Pages, sim: Simulator, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id)
    tokens = exchange(pages.http, code, project.client_id, project.client_secret).json()
    sim.oauth.set_pkce(project.client_id, True)
    response = refresh(
        pages.http, tokens["refresh_token"], project.client_id, project.client_secret
    )
    assert response.status_code == 400
    assert response.json()["error"] == "unauthorized_client"


# -- id_token -----------------------------------------------------------------------------


def test_id_token_claims_and_signature(
    pages: Pages, project: ProjectCredentials, auto_user: dict
) -> None:
    code = code_for(pages, project.client_id, nonce="n-0S6_WzA2Mj")
    tokens = exchange(pages.http, code, project.client_id, project.client_secret).json()
    header = tokens["id_token"].split(".")[0]
    assert b'"RS256"' in base64.urlsafe_b64decode(header + "==")
    claims = claims_of(pages.http, tokens["id_token"])
    assert claims == {
        "iss": "http://localhost:8000/oauth2",
        "sub": auto_user["id"],
        "aud": project.client_id,
        "iat": 1767603600,  # 2026-01-05T09:00:00Z, the virtual clock
        "exp": 1767603600 + 3600,
        "auth_time": 1767603600,
        "nonce": "n-0S6_WzA2Mj",
        "phone_number": PHONE,
        "phone_number_verified": True,
    }
    renewed = refresh(pages.http, tokens["refresh_token"], project.client_id, project.client_secret)
    claims = claims_of(pages.http, renewed.json()["id_token"])
    assert "nonce" not in claims  # OpenID Connect Core 12.2
    assert claims["auth_time"] == 1767603600


def test_discovery_document_and_jwks(http: httpx.Client) -> None:
    config = http.get("/oauth2/.well-known/openid-configuration").json()
    assert config["issuer"] == "http://localhost:8000/oauth2"
    assert config["authorization_endpoint"] == "http://localhost:8000/oauth2/auth"
    assert config["token_endpoint"] == "http://localhost:8000/oauth2/token"
    assert config["jwks_uri"] == "http://localhost:8000/oauth2/.well-known/jwks.json"
    assert config["code_challenge_methods_supported"] == ["S256"]
    assert config["scopes_supported"] == ["openid", "offline", "idverified"]
    keys = http.get(config["jwks_uri"]).json()["keys"]
    assert [key["kid"].split("-")[0] for key in keys] == ["sandbox", "live"]
    assert all(set(key) == {"kty", "kid", "use", "alg", "n", "e"} for key in keys)


def test_signing_keys_persist_per_data_dir_and_survive_reset(tmp_path) -> None:
    with Simulator(tmp_path / "d") as sim, sim.client() as http:
        first = http.get("/oauth2/.well-known/jwks.json").json()
    with Simulator(tmp_path / "d") as sim, sim.client() as http:
        assert http.get("/oauth2/.well-known/jwks.json").json() == first
        sim.reset("sandbox")
        assert http.get("/oauth2/.well-known/jwks.json").json() == first
    with Simulator(tmp_path / "other") as sim, sim.client() as http:
        assert http.get("/oauth2/.well-known/jwks.json").json() != first


def test_live_tokens_are_signed_with_the_live_key(http: httpx.Client, sim: Simulator) -> None:
    from simulator.domain.users.users import create_user

    live = sim.create_project("live", "Live", [REDIRECT_URI])
    create_user(sim.live, PHONE)
    pages = Pages(http, sim.live)
    query = pages.authorize(live.client_id)
    tokens = exchange(http, query["code"], live.client_id, live.client_secret).json()
    assert tokens["access_token"].startswith("LIVE_AT_")
    token = jwt.decode(
        tokens["id_token"],
        KeySet.import_key_set(http.get("/oauth2/.well-known/jwks.json").json()),
    )
    assert token.header["kid"].startswith("live-")
    assert token.claims["aud"] == live.client_id
    sandbox_call = graphql(http, tokens["access_token"])
    assert sandbox_call.status_code == 401


def test_secrets_codes_and_tokens_never_reach_the_logs(
    caplog: pytest.LogCaptureFixture, pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    import logging

    caplog.set_level(logging.DEBUG)
    start = pages.start(project.client_id)
    cookie = start.cookies["oauth2_session"]
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    text_code = pages.latest_code()
    pages.post("/oauth2/login/code", code="000000" if text_code != "000000" else "111111")
    query = pages.authorize_rest()
    code = httpx.URL(query).params["code"]
    tokens = exchange(pages.http, code, project.client_id, project.client_secret).json()
    exchange(pages.http, code, project.client_id, project.client_secret)  # a reuse: refused
    refresh(pages.http, tokens["refresh_token"], project.client_id, project.client_secret)
    refresh(pages.http, tokens["refresh_token"], project.client_id, project.client_secret)
    graphql(pages.http, tokens["access_token"])
    secrets = [
        cookie,
        text_code,
        code,
        tokens["access_token"],
        tokens["refresh_token"],
        tokens["id_token"],
        project.client_secret,
    ]
    logged = caplog.text
    assert caplog.records  # the client's request lines are there...
    assert not [secret for secret in secrets if secret in logged]  # ...no secret is
