"""Random input on the OAuth endpoints: never a 500, never a redirect to an unregistered
address, always a clear error (an HTML page or an RFC 6749 JSON body)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator import Simulator

from .oauth_pages import PHONE, REDIRECT_URI, Pages

NAMES = [
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "state",
    "phoneNumber",
    "firstName",
    "lastName",
    "birthDate",
    "identificationlevel",
    "onboardingid",
    "code_challenge",
    "code_challenge_method",
    "nonce",
]
TEXT = st.text(max_size=60) | st.sampled_from(
    ["code", "openid offline", REDIRECT_URI, "S256", "QES", "1990-02-30", "+33612345678", ""]
)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory):
    with (
        Simulator(tmp_path_factory.mktemp("fuzz")) as sim,
        sim.client(follow_redirects=False) as http,
    ):
        creds = sim.create_project("sandbox", "Fuzz", [REDIRECT_URI])
        yield sim, http, creds


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    params=st.lists(st.tuples(st.sampled_from(NAMES), TEXT), max_size=8),
    with_client=st.booleans(),
)
def test_authorization_request_never_fails_or_redirects_elsewhere(world, params, with_client):
    _, http, creds = world
    if with_client:
        params = [("client_id", creds.client_id), *params]
    response = http.get("/oauth2/auth?" + urlencode(params))
    assert response.status_code in (200, 302, 400), response.text
    if response.status_code == 302:
        assert response.headers["location"].startswith(REDIRECT_URI + "?")
    else:
        assert response.headers["content-type"].startswith("text/html")
        assert response.headers["x-frame-options"] == "DENY"


FORM_NAMES = ["grant_type", "code", "refresh_token", "client_id", "client_secret",
              "redirect_uri", "code_verifier", "scope"]  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    form=st.lists(
        st.tuples(
            st.sampled_from(FORM_NAMES),
            TEXT | st.sampled_from(["authorization_code", "refresh_token", "SANDBOX_AC_x"]),
        ),
        max_size=8,
    ),
    with_client=st.booleans(),
)
def test_token_endpoint_answers_rfc_6749_errors(world, form, with_client):
    _, http, creds = world
    if with_client:
        form = [("client_id", creds.client_id), ("client_secret", creds.client_secret), *form]
    response = http.post(
        "/oauth2/token",
        content=urlencode(form),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code in (200, 400, 401), response.text
    body = response.json()
    if response.status_code != 200:
        assert set(body) == {"error", "error_description"}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(["phone", "code", "resend", "change-phone", "register"]),
    fields=st.dictionaries(
        st.sampled_from(["phone_number", "code", "first_name", "last_name", "birth_date"]),
        TEXT,
        max_size=4,
    ),
)
def test_login_forms_never_fail(world, path, fields):
    sim, http, creds = world
    pages = Pages(http, sim.sandbox)
    pages.start(creds.client_id, phoneNumber=PHONE)
    response = pages.post(f"/oauth2/login/{path}", **fields)
    assert response.status_code in (303, 400), response.text
