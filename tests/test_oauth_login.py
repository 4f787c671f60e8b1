"""The login and consent pages: phone, text-message code, registration, identity
verification, consent; lockout, lifetimes on the virtual clock, CSRF, auto consent."""

from __future__ import annotations

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.domain.accounts.accounts import create_account_holder
from simulator.domain.kernel.events import list_events
from simulator.domain.users.users import create_user, find_user_by_phone
from simulator.oauth import sms
from simulator.oauth.login import MAX_WRONG_CODES

from .oauth_pages import PHONE, REDIRECT_URI, Pages, alert, query_of


@pytest.fixture
def pages(http: httpx.Client, sim: Simulator) -> Pages:
    return Pages(http, sim.sandbox)


def wrong(code: str) -> str:
    return "000000" if code != "000000" else "111111"


def test_new_phone_number_registers_then_consents(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id, state="s-1")
    response = pages.post("/oauth2/login/phone", phone_number="+33 6 12 34 56 78")
    assert (response.status_code, response.headers["location"]) == (303, "/oauth2/login")

    [message] = sim.oauth.text_messages(phone_number=PHONE)
    assert message["phone_number"] == PHONE
    assert message["sent_at"] == "2026-01-05T09:00:00.000Z"
    assert "valid for 15 minutes" in message["text"]

    page = pages.get("/oauth2/login")
    assert '<label for="code">Verification code</label>' in page.text
    assert PHONE in page.text
    assert pages.latest_code() not in page.text  # a code never appears on a page

    pages.post("/oauth2/login/code", code=pages.latest_code())
    response = pages.post(
        "/oauth2/login/register", first_name="Ada", last_name="Lovelace", birth_date="1990-04-21"
    )
    assert response.headers["location"] == "/oauth2/auth/consent"
    user = find_user_by_phone(sim.sandbox, PHONE)
    assert user is not None
    assert (user["first_name"], user["last_name"], user["birth_date"]) == (
        "Ada",
        "Lovelace",
        "1990-04-21",
    )
    assert [e["event_type"] for e in list_events(sim.sandbox)] == ["User.Joined"]

    page = pages.get("/oauth2/auth/consent")
    assert "Test project" in page.text
    assert "(openid)" in page.text and "(offline)" in page.text
    assert ">Authorize</button>" in page.text and ">Deny</button>" in page.text
    response = pages.post("/oauth2/auth/consent", decision="authorize")
    assert response.status_code == 302
    location = response.headers["location"]
    assert location.startswith(REDIRECT_URI + "?code=SANDBOX_AC_")
    assert query_of(location)["state"] == "s-1"
    # The flow is over: the cookie no longer opens a page.
    again = pages.get("/oauth2/auth/consent")
    assert again.status_code == 400 and "already complete" in again.text


def test_known_user_skips_registration(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    create_user(sim.sandbox, PHONE, first_name="Ada")
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    response = pages.post("/oauth2/login/code", code=pages.latest_code())
    assert response.headers["location"] == "/oauth2/auth/consent"


def test_deny_redirects_access_denied_with_state(pages: Pages, project: ProjectCredentials) -> None:
    pages.start(project.client_id, state="keep me")
    pages.log_in()
    response = pages.consent("deny")
    query = query_of(response.headers["location"])
    assert query["error"] == "access_denied"
    assert query["state"] == "keep me"
    assert "code" not in query


def test_wrong_codes_are_counted_then_lock(pages: Pages, project: ProjectCredentials) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    code = pages.latest_code()
    for attempt in range(1, MAX_WRONG_CODES):
        response = pages.post("/oauth2/login/code", code=wrong(code))
        assert response.status_code == 400
        left = MAX_WRONG_CODES - attempt
        assert alert(response) == f"Wrong code. {left} attempt{'s' if left > 1 else ''} left."
        assert wrong(code) not in response.text  # the typed code is not shown back
    response = pages.post("/oauth2/login/code", code=wrong(code))
    assert response.status_code == 400
    assert "locked" in response.text and "Start again" in response.text
    # Even the right code is refused now.
    response = pages.post("/oauth2/login/code", code=code)
    assert "Too many wrong codes" in response.text
    assert pages.get("/oauth2/login").status_code == 400


def test_malformed_code_is_not_counted(pages: Pages, project: ProjectCredentials) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    for typed in ["12345", "abcdef", "", "1234567"]:
        response = pages.post("/oauth2/login/code", code=typed)
        assert alert(response) == "The verification code has 6 digits."
    response = pages.post("/oauth2/login/code", code=pages.latest_code())
    assert response.status_code == 303


def test_invalid_phone_number_is_shown_back(pages: Pages, project: ProjectCredentials) -> None:
    pages.start(project.client_id)
    response = pages.post("/oauth2/login/phone", phone_number="06 12")
    assert response.status_code == 400
    assert "international format" in alert(response)
    assert 'value="06 12"' in response.text
    assert 'aria-invalid="true"' in response.text


def test_registration_validates_each_field(pages: Pages, project: ProjectCredentials) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    pages.post("/oauth2/login/code", code=pages.latest_code())
    good = {"first_name": "Ada", "last_name": "Lovelace", "birth_date": "1990-04-21"}
    for field, value, message in [
        ("first_name", "  ", "First name is required."),
        ("last_name", "x" * 101, "Last name must be at most 100"),
        ("birth_date", "1990-02-30", "Birth date must be a real date"),
        ("birth_date", "2027-01-01", "between 1900-01-01 and today"),
    ]:
        response = pages.post("/oauth2/login/register", **{**good, field: value})
        assert response.status_code == 400
        assert message in alert(response)
    assert pages.post("/oauth2/login/register", **good).status_code == 303


def test_text_message_code_lives_15_virtual_minutes(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    code = pages.latest_code()
    for _ in range(3):  # keep the 5-minute session alive: the page stays open
        sim.advance("4m59s")
        assert pages.get("/oauth2/login").status_code == 200
    response = pages.post("/oauth2/login/code", code=code)
    assert response.status_code == 303  # 14m57s: still valid


def test_text_message_code_expiry_at_exactly_15_minutes(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    code = pages.latest_code()
    for _ in range(3):
        sim.advance("299s")
        pages.get("/oauth2/login")
    sim.advance("3s")  # 15 minutes exactly; the session itself is 3 s from its last use
    response = pages.post("/oauth2/login/code", code=code)
    assert alert(response) == (
        "This code has expired (codes are valid 15 minutes): send a new code."
    )
    # A new code works.
    response = pages.post("/oauth2/login/resend")
    assert response.status_code == 303
    assert pages.post("/oauth2/login/code", code=pages.latest_code()).status_code == 303


def test_web_session_expires_after_5_idle_minutes_and_starts_over(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    start = pages.start(project.client_id, state="abc")
    assert start.status_code == 200
    sim.advance("4m59s")
    assert pages.get("/oauth2/login").status_code == 200  # activity renews the session
    sim.advance("4m59s")
    assert pages.get("/oauth2/login").status_code == 200
    sim.advance("5m")
    page = pages.get("/oauth2/login")
    assert page.status_code == 400
    assert "Session expired" in page.text
    assert "5 minutes without activity" in page.text
    response = pages.post("/oauth2/login/phone", phone_number=PHONE)
    assert "Session expired" in response.text
    assert sms.outbox(sim.sandbox) == []
    # "Start again" leads to the same authorization request: a fresh session.
    restart = page.text.split('class="button" href="')[1].split('"')[0].replace("&amp;", "&")
    assert restart.startswith("/oauth2/auth?")
    again = pages.get(restart)
    assert again.status_code == 200 and "Phone number" in again.text
    assert query_of(pages.authorize_rest())["state"] == "abc"


def test_resend_supersedes_the_previous_code(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    first = pages.latest_code()
    pages.post("/oauth2/login/resend")
    second = pages.latest_code()
    assert len(sim.oauth.text_messages(phone_number=PHONE)) == 2
    if first != second:
        response = pages.post("/oauth2/login/code", code=first)
        assert alert(response).startswith("Wrong code")
    assert pages.post("/oauth2/login/code", code=second).status_code == 303


def test_at_most_five_codes_per_session(pages: Pages, project: ProjectCredentials) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    for _ in range(4):
        assert pages.post("/oauth2/login/resend").status_code == 303
    response = pages.post("/oauth2/login/resend")
    assert response.status_code == 400
    assert "5 codes were already sent" in alert(response)


def test_use_another_phone_number(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id)
    pages.post("/oauth2/login/phone", phone_number="+33600000001")
    stale = sms.latest_code(sim.sandbox, "+33600000001")
    assert pages.post("/oauth2/login/change-phone").headers["location"] == "/oauth2/login"
    assert "Phone number" in pages.get("/oauth2/login").text
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    if stale != pages.latest_code():
        assert alert(pages.post("/oauth2/login/code", code=stale)).startswith("Wrong code")
    assert pages.post("/oauth2/login/code", code=pages.latest_code()).status_code == 303


def test_forms_need_the_csrf_token_and_the_same_origin(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id)
    token = pages.csrf
    pages.csrf = "forged"
    response = pages.post("/oauth2/login/phone", phone_number=PHONE)
    assert response.status_code == 403 and "security token" in response.text
    pages.csrf = token
    response = pages.http.post(
        "/oauth2/login/phone",
        data={"csrf_token": token, "phone_number": PHONE},
        headers={"Origin": "http://evil.example"},
    )
    assert response.status_code == 403
    assert sms.outbox(sim.sandbox) == []


def test_pages_without_a_session_explain_and_never_fail(http: httpx.Client) -> None:
    for method, path in [
        ("GET", "/oauth2/login"),
        ("POST", "/oauth2/login/phone"),
        ("POST", "/oauth2/login/code"),
        ("POST", "/oauth2/login/register"),
        ("GET", "/oauth2/auth/consent"),
        ("POST", "/oauth2/auth/consent"),
        ("POST", "/oauth2/auth/verify"),
    ]:
        response = http.request(method, path, data={} if method == "POST" else None)
        assert response.status_code == 400, path
        assert "No sign-in in progress" in response.text


def test_consent_page_before_login_goes_back_to_the_login(
    pages: Pages, project: ProjectCredentials
) -> None:
    pages.start(project.client_id)
    response = pages.get("/oauth2/auth/consent")
    assert (response.status_code, response.headers["location"]) == (303, "/oauth2/login")
    response = pages.post("/oauth2/auth/consent", decision="authorize")
    assert response.headers["location"] == "/oauth2/login"
    # A step posted out of order goes back to the current step.
    response = pages.post("/oauth2/login/register", first_name="A")
    assert response.headers["location"] == "/oauth2/login"


@pytest.mark.parametrize(("requested", "recorded"), [(None, ["Expert"]), ("QES", ["QES"])])
def test_idverified_asks_for_the_simulated_identity_verification(
    pages: Pages,
    sim: Simulator,
    project: ProjectCredentials,
    requested: str | None,
    recorded: list[str],
) -> None:
    pages.start(project.client_id, scope="openid idverified", identificationlevel=requested)
    pages.log_in()
    page = pages.get("/oauth2/auth/consent")
    assert "Verify your identity" in page.text
    assert ">Verify my identity</button>" in page.text
    # Authorize is not possible before the verification.
    response = pages.post("/oauth2/auth/consent", decision="authorize")
    assert response.headers["location"] == "/oauth2/auth/consent"
    response = pages.post("/oauth2/auth/verify")
    assert response.headers["location"] == "/oauth2/auth/consent"
    assert find_user_by_phone(sim.sandbox, PHONE)["identification_levels"] == recorded
    assert "User.Updated" in [e["event_type"] for e in list_events(sim.sandbox)]
    page = pages.get("/oauth2/auth/consent")
    assert ">Authorize</button>" in page.text
    assert pages.post("/oauth2/auth/consent", decision="authorize").status_code == 302


def test_the_verification_form_records_nothing_unless_the_request_asks_for_it(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    pages.start(project.client_id, scope="openid")
    pages.log_in()
    response = pages.post("/oauth2/auth/verify")  # posted by hand: no idverified asked
    assert response.headers["location"] == "/oauth2/auth/consent"
    assert find_user_by_phone(sim.sandbox, PHONE)["identification_levels"] == []
    assert "User.Updated" not in [e["event_type"] for e in list_events(sim.sandbox)]


def test_verified_user_is_not_asked_again(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    create_user(sim.sandbox, PHONE, identification_levels=["QES"])
    pages.start(project.client_id, scope="openid idverified")
    pages.log_in()
    assert ">Authorize</button>" in pages.get("/oauth2/auth/consent").text


def test_auto_consent_user_named_in_the_request_gets_a_code_at_once(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    response = pages.start(project.client_id, phoneNumber=PHONE, state="auto")
    assert response.status_code == 302
    query = query_of(response.headers["location"])
    assert query["code"].startswith("SANDBOX_AC_") and query["state"] == "auto"
    assert sms.outbox(sim.sandbox) == []


def test_auto_consent_user_typing_the_phone_skips_code_and_consent(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    sim.oauth.create_sandbox_user(PHONE, auto_consent=True)
    pages.start(project.client_id, scope="openid idverified")
    response = pages.post("/oauth2/login/phone", phone_number=PHONE)
    assert response.headers["location"] == "/oauth2/auth/consent"
    response = pages.get("/oauth2/auth/consent")
    assert response.status_code == 302
    assert "code" in query_of(response.headers["location"])
    assert find_user_by_phone(sim.sandbox, PHONE)["identification_levels"] == ["Expert"]
    assert sms.outbox(sim.sandbox) == []


def test_auto_consent_is_a_sandbox_only_switch(http: httpx.Client, sim: Simulator) -> None:
    live = sim.create_project("live", "Live", [REDIRECT_URI])
    create_user(sim.live, PHONE, auto_consent=True)
    pages = Pages(http, sim.live)
    response = pages.start(live.client_id, phoneNumber=PHONE)
    assert response.status_code == 200
    assert response.cookies["oauth2_session"].startswith("LIVE_WS_")
    pages.post("/oauth2/login/phone", phone_number=PHONE)
    assert len(sms.outbox(sim.live)) == 1 and sms.outbox(sim.sandbox) == []
    assert query_of(pages.authorize_rest())["state"] == "state-123"
    with pytest.raises(Exception, match="Sandbox only"):
        from simulator.oauth.users import create_sandbox_user

        create_sandbox_user(sim.live, "+33700000000")


def test_user_of_an_account_holder_logs_in(
    pages: Pages, sim: Simulator, project: ProjectCredentials
) -> None:
    create_account_holder(
        sim.sandbox,
        project.project_id,
        first_name="Ada",
        last_name="Lovelace",
        legal_representative_phone=PHONE,
    )
    assert "code" in pages.authorize(project.client_id)
