"""GET /oauth2/auth: every parameter of section 4.4, error pages and error redirects."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.oauth.pkce import s256_challenge

from .oauth_pages import PHONE, REDIRECT_URI, Pages, alert, authorize_params, query_of

VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"


@pytest.fixture
def pages(http: httpx.Client, sim: Simulator) -> Pages:
    return Pages(http, sim.sandbox)


def get_auth(http: httpx.Client, params: dict | list) -> httpx.Response:
    if isinstance(params, dict):
        params = {key: value for key, value in params.items() if value is not None}
    return http.get(f"/oauth2/auth?{urlencode(params)}", follow_redirects=False)


def test_valid_request_shows_the_phone_page_prefilled(
    pages: Pages, project: ProjectCredentials
) -> None:
    response = pages.start(project.client_id, phoneNumber="+33 6 12 34 56 78")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert '<label for="phone_number">Phone number</label>' in response.text
    assert f'value="{PHONE}"' in response.text
    assert "Sign in to continue to Test project" in response.text
    assert response.cookies.get("oauth2_session", "").startswith("SANDBOX_WS_")


def test_every_page_refuses_framing(pages: Pages, project: ProjectCredentials) -> None:
    responses = [
        pages.start(project.client_id),
        pages.get("/oauth2/login"),
        get_auth(pages.http, {"client_id": "nope"}),
    ]
    pages.http.cookies.set("oauth2_session", "SANDBOX_WS_unknown")
    responses.append(pages.get("/oauth2/login"))
    assert responses[-1].status_code == 400
    for response in responses:
        assert response.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert "script-src" not in response.headers["content-security-policy"]
        assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    ("redirect_uri", "source"),
    [
        ("http://localhost:3000/callback", "http://localhost:3000"),
        ("https://bücher.example/cb", "https://xn--bcher-kva.example"),
        ("http://partner_app:3000/cb", "http:"),  # CSP hosts have no "_": the scheme
    ],
)
def test_the_forms_may_lead_to_the_registered_redirect_origin(
    pages: Pages, sim: Simulator, redirect_uri: str, source: str
) -> None:
    creds = sim.create_project("sandbox", "Targets", [redirect_uri])
    response = pages.start(creds.client_id, redirect_uri=redirect_uri)
    assert response.status_code == 200
    policy = response.headers["content-security-policy"]
    assert f"form-action 'self' {source};" in policy


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"client_id": None}, "client_id is missing"),
        ({"client_id": "SANDBOX_unknown"}, "Unknown client_id"),
        ({"client_id": "no-prefix"}, "Unknown client_id"),
        ({"redirect_uri": "http://evil.example/callback"}, "does not match"),
        ({"redirect_uri": REDIRECT_URI + "/"}, "does not match"),
        ({"redirect_uri": "HTTP://localhost:3000/callback"}, "does not match"),
    ],
)
def test_untrusted_client_or_redirect_is_an_error_page_never_a_redirect(
    http: httpx.Client, project: ProjectCredentials, params: dict, message: str
) -> None:
    query = {**authorize_params(project.client_id), **params}
    response = get_auth(http, query)
    assert response.status_code == 400
    assert "location" not in response.headers
    assert message in response.text
    assert "You were not sent back to the application" in response.text


def test_repeated_client_id_or_redirect_uri_is_an_error_page(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    base = list(authorize_params(project.client_id).items())
    for name, value in [("client_id", project.client_id), ("redirect_uri", REDIRECT_URI)]:
        response = get_auth(http, [*base, (name, value)])
        assert response.status_code == 400
        assert f"{name} is repeated" in response.text


def test_live_client_id_is_unknown_in_sandbox_and_vice_versa(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials
) -> None:
    live = sim.create_project("live", "Live", [REDIRECT_URI])
    forged = live.client_id.replace("LIVE_", "SANDBOX_")
    response = get_auth(http, authorize_params(forged))
    assert response.status_code == 400 and "Unknown client_id" in response.text
    assert get_auth(http, authorize_params(live.client_id)).status_code == 200


def test_redirect_uri_is_required_when_several_are_registered(
    http: httpx.Client, sim: Simulator
) -> None:
    two = sim.create_project("sandbox", "Two", [REDIRECT_URI, "https://app.example/cb"])
    response = get_auth(http, authorize_params(two.client_id, redirect_uri=None))
    assert response.status_code == 400
    assert "required when the project registers more than one" in response.text
    second = get_auth(http, authorize_params(two.client_id, redirect_uri="https://app.example/cb"))
    assert second.status_code == 200


def test_redirect_uri_may_be_left_out_with_one_registered(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    assert get_auth(http, authorize_params(project.client_id, redirect_uri=None)).status_code == 200


@pytest.mark.parametrize(
    ("overrides", "error", "fragment"),
    [
        ({"response_type": None}, "invalid_request", "response_type is missing"),
        ({"response_type": "token"}, "unsupported_response_type", "use response_type=code"),
        ({"scope": None}, "invalid_request", "scope is missing"),
        ({"scope": "openid email"}, "invalid_scope", "Unknown scope 'email'"),
        ({"scope": "offline"}, "invalid_scope", "must include openid"),
        ({"phoneNumber": "0612345678"}, "invalid_request", "Invalid phoneNumber"),
        ({"birthDate": "1990-02-30"}, "invalid_request", "Invalid birthDate"),
        ({"birthDate": "21/04/1990"}, "invalid_request", "Invalid birthDate"),
        ({"birthDate": "2030-01-01"}, "invalid_request", "Invalid birthDate"),
        ({"firstName": "x" * 101}, "invalid_request", "Invalid firstName"),
        ({"lastName": " "}, "invalid_request", "Invalid lastName"),
        ({"identificationlevel": "Basic"}, "invalid_request", "identificationlevel must be"),
        ({"nonce": "é"}, "invalid_request", "nonce must be"),
        ({"onboardingid": "x" * 513}, "invalid_request", "onboardingid must be"),
        ({"code_challenge": s256_challenge(VERIFIER)}, "invalid_request", "PKCE is not enabled"),
        ({"code_challenge_method": "S256"}, "invalid_request", "without code_challenge"),
    ],
)
def test_errors_after_the_redirect_is_trusted_go_back_with_state(
    http: httpx.Client,
    project: ProjectCredentials,
    overrides: dict,
    error: str,
    fragment: str,
) -> None:
    response = get_auth(http, authorize_params(project.client_id, **overrides))
    assert response.status_code == 302
    location = response.headers["location"]
    assert location.startswith(REDIRECT_URI + "?")
    query = query_of(location)
    assert query["error"] == error
    assert fragment in query["error_description"]
    assert query["state"] == "state-123"
    assert "code" not in query


#: RFC 6749 sections 4.1.2.1 and 5.2: the characters an error_description may carry.
ERROR_DESCRIPTION = re.compile(r"[\x20-\x21\x23-\x5b\x5d-\x7e]+")


@pytest.mark.parametrize(
    "overrides",
    [
        {"response_type": 'to"ken\\é'},
        {"response_type": "x" * 3000},
        {"scope": 'openid "x\\ é'},
        {"phoneNumber": '+33"\\é' + "9" * 3000},
    ],
)
def test_error_descriptions_keep_to_the_rfc_characters_and_never_echo_long_input(
    http: httpx.Client, project: ProjectCredentials, overrides: dict
) -> None:
    response = get_auth(http, authorize_params(project.client_id, **overrides))
    assert response.status_code == 302
    description = query_of(response.headers["location"])["error_description"]
    assert ERROR_DESCRIPTION.fullmatch(description), description
    assert len(description) < 200


def test_missing_or_malformed_state_is_redirected_without_a_state(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    for state in [None, "x" * 2049, "tab\there"]:
        response = get_auth(http, authorize_params(project.client_id, state=state))
        assert response.status_code == 302
        query = query_of(response.headers["location"])
        assert query["error"] == "invalid_request"
        assert "state" in query["error_description"]
        assert "state" not in query


def test_other_repeated_parameters_are_refused(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    params = [*authorize_params(project.client_id).items(), ("scope", "openid")]
    query = query_of(get_auth(http, params).headers["location"])
    assert query == {
        "error": "invalid_request",
        "error_description": "scope is repeated.",
        "state": "state-123",
    }


def test_the_redirect_keeps_the_registered_query_and_the_exact_state(
    http: httpx.Client, sim: Simulator
) -> None:
    uri = "http://localhost:3000/callback?tenant=42"
    creds = sim.create_project("sandbox", "Query", [uri])
    state = "a b&c=d/~!*'()"
    params = authorize_params(creds.client_id, redirect_uri=uri, scope="x", state=state)
    response = get_auth(http, params)
    location = response.headers["location"]
    assert location.startswith("http://localhost:3000/callback?tenant=42&error=invalid_scope")
    assert query_of(location)["state"] == state


@pytest.mark.parametrize(
    ("overrides", "fragment"),
    [
        ({}, "This project uses PKCE"),
        ({"code_challenge": s256_challenge(VERIFIER), "code_challenge_method": "plain"}, "S256"),
        ({"code_challenge": s256_challenge(VERIFIER)}, "must be S256"),
        ({"code_challenge": "short", "code_challenge_method": "S256"}, "43 characters"),
        ({"code_challenge": "!" * 43, "code_challenge_method": "S256"}, "43 characters"),
    ],
)
def test_pkce_project_rules(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials, overrides: dict, fragment: str
) -> None:
    sim.oauth.set_pkce(project.client_id, True)
    response = get_auth(http, authorize_params(project.client_id, **overrides))
    query = query_of(response.headers["location"])
    assert query["error"] == "invalid_request"
    assert fragment in query["error_description"]


def test_pkce_project_accepts_a_s256_challenge(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials
) -> None:
    sim.oauth.set_pkce(project.client_id, True)
    params = authorize_params(
        project.client_id, code_challenge=s256_challenge(VERIFIER), code_challenge_method="S256"
    )
    assert get_auth(http, params).status_code == 200


def test_hints_prefill_registration_and_are_escaped(
    pages: Pages, project: ProjectCredentials
) -> None:
    pages.start(
        project.client_id,
        phoneNumber=PHONE,
        firstName="<b>Ada</b>",
        lastName="O'Lovelace",
        birthDate="1990-04-21",
    )
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    pages.post("/oauth2/login/code", code=pages.latest_code())
    page = pages.get("/oauth2/login")
    assert 'value="&lt;b&gt;Ada&lt;/b&gt;"' in page.text
    assert "<b>Ada</b>" not in page.text
    assert 'value="O&#39;Lovelace"' in page.text
    assert 'value="1990-04-21"' in page.text
    for label in ("First name", "Last name", "Birth date"):
        assert f">{label}</label>" in page.text


def test_a_state_with_markup_is_escaped_in_the_start_again_link(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    state = '"><script>alert(1)</script>'
    assert pages.start(project.client_id, state=state).status_code == 200
    sim.advance("5m")
    page = pages.get("/oauth2/login")  # "Session expired", linking to the same request
    assert "Session expired" in page.text
    assert "<script>" not in page.text and '"><' not in page.text
    link = page.text.split('class="button" href="')[1].split('"')[0].replace("&amp;", "&")
    assert query_of("http://x" + link)["state"] == state


def test_unknown_methods_and_paths_never_answer_500(
    http: httpx.Client, project: ProjectCredentials
) -> None:
    assert http.post("/oauth2/auth").status_code == 405
    assert http.get("/oauth2/auth/verify").status_code == 405
    response = http.get("/oauth2/auth?client_id=%00%ff&redirect_uri=%fe%ff&state=%ff")
    assert response.status_code == 400
    assert alert(response)
