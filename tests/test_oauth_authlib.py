"""A real OAuth client written by others, Authlib's httpx `OAuth2Client`, against a real
uvicorn on loopback: the code flow with secret, the refresh, PKCE, and the id_token checked
against the published JWKS as an OpenID Connect client would."""

from __future__ import annotations

import re
import warnings

import authlib.deprecate  # noqa: F401  (installs its own "always" filter: import it first)
import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import KeySet

from simulator import ProjectCredentials, Simulator

from .conftest import LiveServer
from .oauth_pages import PHONE, REDIRECT_URI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Authlib suggests httpx2; the project uses httpx
    from authlib.common.security import generate_token
    from authlib.integrations.httpx_client import OAuth2Client, OAuthError
    from authlib.oauth2.rfc6749.errors import MismatchingStateException

_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture(autouse=True)
def loopback_http(monkeypatch: pytest.MonkeyPatch) -> None:
    # Authlib insists on https except when told that plain http on loopback is fine.
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")


def discover(server: LiveServer) -> dict:
    return httpx.get(f"{server.base_url}/oauth2/.well-known/openid-configuration").json()


def browser_login(sim: Simulator, authorization_url: str) -> str:
    """What a user does in a browser, with httpx posting the forms; returns the callback URL."""
    with httpx.Client() as browser:
        page = browser.get(authorization_url)
        base = str(page.url.copy_with(path="/", query=None)).rstrip("/")
        csrf = _CSRF.search(page.text).group(1)

        def post(path: str, **data: str) -> httpx.Response:
            return browser.post(base + path, data={"csrf_token": csrf, **data})

        post("/oauth2/login/phone", phone_number=PHONE)
        post("/oauth2/login/code", code=sim.oauth.latest_code(PHONE))
        response = browser.post(
            f"{base}/oauth2/auth/consent",
            data={"csrf_token": csrf, "decision": "authorize"},
            follow_redirects=False,
        )
        assert response.status_code == 302, response.text
        return response.headers["location"]


def verify_id_token(server: LiveServer, sim: Simulator, id_token: str, client_id: str) -> dict:
    """Signature from the JWKS named by discovery; iss, aud, exp checked on the virtual clock."""
    config = discover(server)
    keys = KeySet.import_key_set(httpx.get(config["jwks_uri"]).json())
    token = jwt.decode(id_token, keys, algorithms=config["id_token_signing_alg_values_supported"])
    registry = jwt.JWTClaimsRegistry(
        now=int(sim.now().timestamp()),
        iss={"essential": True, "value": config["issuer"]},
        aud={"essential": True, "value": client_id},
        sub={"essential": True},
        exp={"essential": True},
        iat={"essential": True},
    )
    registry.validate(token.claims)
    return token.claims


def test_code_flow_with_secret_then_refresh(
    sim: Simulator, live_server: LiveServer, project: ProjectCredentials
) -> None:
    sim.oauth.create_sandbox_user(PHONE, first_name="Ada")
    config = discover(live_server)
    client = OAuth2Client(
        project.client_id,
        project.client_secret,
        redirect_uri=REDIRECT_URI,
        scope="openid offline",
    )
    nonce = generate_token(20)
    url, _ = client.create_authorization_url(
        config["authorization_endpoint"], nonce=nonce, phoneNumber=PHONE
    )
    callback = browser_login(sim, url)
    token = client.fetch_token(config["token_endpoint"], authorization_response=callback)
    assert token["token_type"] == "bearer"
    assert token["scope"] == "openid offline"
    assert token["expires_in"] == 3600
    claims = verify_id_token(live_server, sim, token["id_token"], project.client_id)
    assert claims["nonce"] == nonce
    assert claims["phone_number"] == PHONE
    assert claims["iss"] == f"{live_server.base_url}/oauth2"

    # Authlib attaches the bearer token to its own requests.
    response = client.post(
        f"{live_server.base_url}/sandbox/graphql", json={"query": "{ user { mobilePhoneNumber } }"}
    )
    assert response.json()["data"] == {"user": {"mobilePhoneNumber": PHONE}}

    first_refresh = token["refresh_token"]
    renewed = client.refresh_token(config["token_endpoint"])
    assert renewed["refresh_token"] != first_refresh
    assert renewed["access_token"] != token["access_token"]
    verify_id_token(live_server, sim, renewed["id_token"], project.client_id)
    with pytest.raises(OAuthError) as reused:
        client.refresh_token(config["token_endpoint"], refresh_token=first_refresh)
    assert reused.value.error == "invalid_grant"
    # Reuse detection revoked the whole family, the new tokens included.
    with pytest.raises(OAuthError):
        client.refresh_token(config["token_endpoint"])
    client.close()


def test_pkce_flow(sim: Simulator, live_server: LiveServer, project: ProjectCredentials) -> None:
    sim.oauth.set_pkce(project.client_id, True)
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    config = discover(live_server)
    client = OAuth2Client(
        project.client_id,
        redirect_uri=REDIRECT_URI,
        scope="openid offline",
        code_challenge_method="S256",
        token_endpoint_auth_method="none",
    )
    verifier = generate_token(64)
    url, _ = client.create_authorization_url(
        config["authorization_endpoint"], code_verifier=verifier, phoneNumber=PHONE
    )
    # The auto-consent Sandbox user: the authorization answers the redirect at once.
    callback = httpx.get(url).headers["location"]
    token = client.fetch_token(
        config["token_endpoint"], authorization_response=callback, code_verifier=verifier
    )
    assert "refresh_token" not in token
    assert token["scope"] == "openid offline"
    verify_id_token(live_server, sim, token["id_token"], project.client_id)

    # The same client without the verifier, or with another one, gets a 4xx OAuth error.
    url, _ = client.create_authorization_url(
        config["authorization_endpoint"], code_verifier=verifier, phoneNumber=PHONE
    )
    callback = httpx.get(url).headers["location"]
    with pytest.raises(OAuthError) as wrong:
        client.fetch_token(
            config["token_endpoint"], authorization_response=callback, code_verifier="z" * 64
        )
    assert wrong.value.error == "invalid_grant"
    client.close()


def test_the_partner_detects_a_tampered_state(
    sim: Simulator, live_server: LiveServer, project: ProjectCredentials
) -> None:
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    config = discover(live_server)
    client = OAuth2Client(project.client_id, project.client_secret, redirect_uri=REDIRECT_URI)
    url, state = client.create_authorization_url(
        config["authorization_endpoint"], scope="openid", phoneNumber=PHONE
    )
    callback = httpx.get(url).headers["location"]
    assert f"state={state}" in callback  # the server returns the state unchanged
    tampered = callback.replace(f"state={state}", "state=attacker")
    with pytest.raises(MismatchingStateException):
        client.fetch_token(config["token_endpoint"], authorization_response=tampered, state=state)
    client.close()
