"""The consent pages (`/oauth2/consents/{consentId}`), driven with plain form posts as a
browser without JavaScript would: sign in, review the operation, approve or refuse, and the
redirect back to the partner; wrong users, expiry, finished and unknown consents, auto
consent, environments; random input never answers 500; one real Chromium click-through."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator import Simulator
from simulator.domain.accounts.accounts import create_account_holder
from simulator.domain.cards.cards import add_card
from simulator.domain.consents import consents
from simulator.domain.consents.consent_descriptions import describe_consent
from simulator.domain.kernel.context import Principal
from simulator.domain.users.users import create_user, find_user_by_phone
from simulator.oauth import sms

from .banking_support import BENEFICIARY_IBAN, CARD_SWITCHES, REDIRECT, Bank
from .conftest import CHROMIUM, LiveServer

_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
ALERT = re.compile(r'role="alert">([^<]+)<')


def query_of(location: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}


class Visitor:
    """One browser (its own cookie jar) on the consent pages."""

    def __init__(self, http: httpx.Client, env: Any) -> None:
        self.http = http
        self.env = env
        self.csrf: str | None = None

    def get(self, path: str) -> httpx.Response:
        response = self.http.get(path, follow_redirects=False)
        match = _CSRF.search(response.text)
        if match:
            self.csrf = match.group(1)
        return response

    def post(self, path: str, **data: str) -> httpx.Response:
        body = {"csrf_token": self.csrf or "", **data}
        response = self.http.post(path, data=body, follow_redirects=False)
        match = _CSRF.search(response.text)
        if match:
            self.csrf = match.group(1)
        return response

    def sign_in(self, phone: str, *, register: bool = False) -> httpx.Response:
        """Phone, the code from the outbox, registration when new; returns the last answer
        (a 303 back to the consent page)."""
        response = self.post("/oauth2/login/phone", phone_number=phone)
        assert response.status_code == 303, response.text
        if response.headers["location"] != "/oauth2/login":
            return response  # an auto-consent user: no code
        code = sms.latest_code(self.env, phone)
        assert code is not None
        response = self.post("/oauth2/login/code", code=code)
        assert response.status_code == 303, response.text
        if register:
            assert response.headers["location"] == "/oauth2/login"
            assert "First name" in self.get("/oauth2/login").text
            response = self.post(
                "/oauth2/login/register",
                first_name="Grace",
                last_name="Hopper",
                birth_date="1985-12-09",
            )
            assert response.status_code == 303, response.text
        return response

    def review(self, path: str, phone: str, *, register: bool = False) -> httpx.Response:
        """Open the link, sign in, and land on the operation's page."""
        page = self.get(path)
        if page.status_code == 303:  # a sign-in already under way: the link resumes it
            assert page.headers["location"] == "/oauth2/login"
        else:
            assert page.status_code == 200, page.text
            assert 'for="phone_number"' in page.text
        back = self.sign_in(phone, register=register)
        assert back.headers["location"] == path
        return self.get(path)


@pytest.fixture
def visitors(sim: Simulator) -> Iterator[Callable[..., Visitor]]:
    clients: list[httpx.Client] = []

    def new(env: Any = None) -> Visitor:
        client = sim.client(follow_redirects=False)
        clients.append(client)
        return Visitor(client, env or sim.sandbox)

    yield new
    for client in clients:
        client.close()


def path_of(consent_url: str) -> str:
    assert consent_url.startswith("http://localhost:8000/oauth2/consents/")
    return urlsplit(consent_url).path


def phone_of(bank: Bank, consent_id: str) -> str:
    user_id = bank.row("consents", consent_id)["user_id"]
    return str(bank.row("users", user_id)["phone_number"])


def add_card_consent(bank: Bank, **input: Any) -> dict[str, Any]:
    account_id = bank.holder()["account_id"]
    card = bank.add_card(account_id, consent="id status consentUrl", **input)["card"]
    assert card["statusInfo"]["status"] == "ConsentPending"
    consent = card["statusInfo"]["consent"]
    return {
        "card_id": card["id"],
        "consent_id": consent["id"],
        "path": path_of(consent["consentUrl"]),
        "phone": phone_of(bank, consent["id"]),
        "account_id": account_id,
    }


# -- the four operations -----------------------------------------------------------------------


def test_approve_a_card(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    card = add_card_consent(
        bank,
        name="Travel card",
        spendingLimit={"amount": {"value": "800.00", "currency": "EUR"}, "period": "Weekly"},
        withdrawal=False,
    )
    visitor = visitors()
    first = visitor.get(card["path"])
    assert first.status_code == 200
    assert first.headers["x-frame-options"] == "DENY"
    csp = first.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "form-action 'self' http://localhost:3000" in csp
    assert f'value="{card["phone"]}"' in first.text  # pre-filled with the consent's user
    assert "Test project asks for your approval of an operation" in first.text
    # Not started until the user has signed in and sees the operation.
    assert bank.row("consents", card["consent_id"])["status"] == "Created"

    page = visitor.review(card["path"], card["phone"])
    assert page.status_code == 200
    assert "<h1>Approve a new card</h1>" in page.text
    for text in (
        "Test project asks to issue a Virtual card for Ada Lovelace.",
        "<dd>Travel card</dd>",
        "<dd>800.00 EUR a week</dd>",
        "<dt>Cash withdrawals</dt>\n    <dd>not allowed</dd>",
        "Decide before 09:20 UTC on 5 January 2026",
        '<button type="submit" name="decision" value="approve">Approve</button>',
        ">Refuse</button>",
    ):
        assert text in page.text
    started = bank.row("consents", card["consent_id"])
    assert (started["status"], started["expires_at"]) == ("Started", "2026-01-05T09:20:00.000Z")

    answer = visitor.post(card["path"], decision="approve")
    assert answer.status_code == 302
    assert answer.headers["x-frame-options"] == "DENY"
    assert query_of(answer.headers["location"]) == {
        "consentId": card["consent_id"],
        "status": "Accepted",
        "resourceId": card["card_id"],
    }
    assert answer.headers["location"].startswith(REDIRECT + "?")
    issued = bank.row("cards", card["card_id"])
    assert issued["status"] == "Enabled" and issued["masked_number"].startswith("535545")
    assert bank.events(card["consent_id"]) == [
        "Consent.Created",
        "Consent.Started",
        "Consent.Granted",
    ]
    # The session is over; the link now says the consent is decided.
    again = visitor.get(card["path"])
    assert again.status_code == 409
    assert "Already approved" in again.text and "Return to Test project" in again.text


def test_refuse_a_transfer(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "1000.00")
    initiated = bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT + "?order=42",
            "creditTransfers": [
                {
                    "amount": {"value": "250.00", "currency": "EUR"},
                    "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
                    "reference": "INV-1",
                }
            ],
        },
        "payment { id statusInfo { ... on PaymentConsentPending { consent { id consentUrl } } } }",
    )
    consent = initiated["payment"]["statusInfo"]["consent"]
    payment_id, consent_id = initiated["payment"]["id"], consent["id"]
    path = path_of(consent["consentUrl"])
    visitor = visitors()
    page = visitor.review(path, phone_of(bank, consent_id))
    assert "<h1>Approve a transfer</h1>" in page.text
    for text in (
        "Test project asks to send 250.00 EUR to Carol.",
        "<dd>FR76 3000 6000 0112 3456 7890 189</dd>",
        "<dd>INV-1</dd>",
        '<h2 id="details-1">From</h2>',
    ):
        assert text in page.text

    answer = visitor.post(path, decision="refuse")
    assert answer.status_code == 302
    location = answer.headers["location"]
    assert location.startswith(REDIRECT + "?order=42&consentId=")  # the partner's query kept
    assert query_of(location) == {
        "order": "42",
        "consentId": consent_id,
        "status": "CustomerRefused",
        "resourceId": payment_id,
    }
    payment = bank.row("payments", payment_id)
    assert (payment["status"], payment["status_reason"]) == ("Rejected", "ConsentCustomerRefused")
    assert bank.events(consent_id)[-1] == "Consent.Refused"


def test_approve_closing_an_account(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    account_id = bank.holder(account_name="Old savings")["account_id"]
    asked = bank.api.mutate(
        "closeAccount",
        {
            "accountId": account_id,
            "reason": {"type": "ClosingRequested", "message": "Moving abroad"},
            "consentRedirectUrl": REDIRECT,
        },
        "consent { id consentUrl }",
    )
    assert bank.row("accounts", account_id)["status"] == "Opened"
    consent_id = asked["consent"]["id"]
    path = path_of(asked["consent"]["consentUrl"])
    visitor = visitors()
    page = visitor.review(path, phone_of(bank, consent_id))
    assert "<h1>Approve closing an account</h1>" in page.text
    assert "asks to close the account Old savings" in page.text
    assert "<dd>Moving abroad</dd>" in page.text
    iban = bank.row("accounts", account_id)["iban"]
    assert f"<dd>{iban[:4]} {iban[4:8]}" in page.text
    answer = visitor.post(path, decision="approve")
    assert query_of(answer.headers["location"]) == {
        "consentId": consent_id,
        "status": "Accepted",
        "resourceId": account_id,
    }
    assert bank.row("accounts", account_id)["status"] == "Closing"


def test_approve_a_membership(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    account_id = bank.holder()["account_id"]
    added = bank.api.mutate(
        "addAccountMembership",
        {
            "accountId": account_id,
            "email": "grace@example.com",
            "restrictedTo": {
                "firstName": "Grace",
                "lastName": "Hopper",
                "phoneNumber": "+33655500001",
            },
            "canViewAccount": True,
            "canManageBeneficiaries": False,
            "canInitiatePayments": True,
            "canManageAccountMembership": False,
            "consentRedirectUrl": REDIRECT,
        },
        "accountMembership { id statusInfo { status"
        " ... on AccountMembershipConsentPendingStatusInfo { consent { id consentUrl } } } }",
    )
    membership = added["accountMembership"]
    membership_id, consent = membership["id"], membership["statusInfo"]["consent"]
    consent_id, path = consent["id"], path_of(consent["consentUrl"])
    visitor = visitors()
    page = visitor.review(path, phone_of(bank, consent_id))
    assert "<h1>Approve a new account member</h1>" in page.text
    for text in (
        "Test project asks to invite Grace Hopper to an account.",
        "<dd>grace@example.com</dd>",
        "<dd>+33655500001</dd>",
        "<dd>view the account, initiate payments</dd>",
    ):
        assert text in page.text
    answer = visitor.post(path, decision="approve")
    assert query_of(answer.headers["location"])["resourceId"] == membership_id
    assert bank.row("account_memberships", membership_id)["status"] == "InvitationSent"


# -- who signs in ----------------------------------------------------------------------------


def test_another_user_is_refused_with_credential_refused(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    card = add_card_consent(bank)
    visitor = visitors()
    visitor.get(card["path"])
    # Someone else (a phone never seen: they register on the way) signs in.
    back = visitor.sign_in("+33655577777", register=True)
    assert back.headers["location"] == card["path"]
    page = visitor.get(card["path"])
    assert page.status_code == 403
    assert "This operation is for someone else" in page.text
    assert "You signed in as +33655577777" in page.text
    link = re.search(r'class="button" href="([^"]+)"', page.text)
    assert link is not None
    assert query_of(link.group(1).replace("&amp;", "&"))["status"] == "CredentialRefused"
    consent = bank.row("consents", card["consent_id"])
    assert consent["status"] == "CredentialRefused"
    assert bank.row("cards", card["card_id"])["status_reason"] == "ConsentCredentialRefused"
    # The rightful user comes too late: the consent is over.
    rightful = visitors()
    late = rightful.get(card["path"])
    assert late.status_code == 409 and "Refused: sign-in failed" in late.text


def test_five_wrong_codes_refuse_the_consent(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    card = add_card_consent(bank)
    visitor = visitors()
    visitor.get(card["path"])
    visitor.post("/oauth2/login/phone", phone_number=card["phone"])
    right = sms.latest_code(bank.env, card["phone"])
    wrong = "000000" if right != "000000" else "111111"
    for _ in range(5):
        answer = visitor.post("/oauth2/login/code", code=wrong)
    assert "Too many wrong codes" in answer.text
    page = visitor.get(card["path"])  # the locked page's "Start again"
    assert page.status_code == 403 and "Sign-in failed" in page.text
    assert bank.row("consents", card["consent_id"])["status"] == "CredentialRefused"


def test_a_consent_for_nobody_becomes_the_new_users(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    consent = consents.create_consent(bank.env, bank.project_id, redirect_url=REDIRECT)
    path = f"/oauth2/consents/{consent['id']}"
    visitor = visitors()
    first = visitor.get(path)
    assert 'value=""' in first.text  # no phone to pre-fill
    page = visitor.review(path, "+33655588888", register=True)
    assert "<h1>Approve an operation</h1>" in page.text
    assert "Test project asks for your approval." in page.text
    answer = visitor.post(path, decision="approve")
    assert query_of(answer.headers["location"]) == {
        "consentId": consent["id"],
        "status": "Accepted",
    }
    user = find_user_by_phone(bank.env, "+33655588888")
    assert user is not None and user["last_name"] == "Hopper"
    assert bank.row("consents", consent["id"])["user_id"] == user["id"]


# -- auto consent -------------------------------------------------------------------------------


def test_auto_consent(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    # A consent for an auto-consent user is approved by the mutation itself.
    user = create_user(bank.env, "+33655533333", auto_consent=True)
    account_id = bank.holder(legal_representative_phone=user["phone_number"])["account_id"]
    added = bank.add_card(account_id)["card"]
    consent_id = bank.row("cards", added["id"])["consent_id"]
    assert bank.row("consents", consent_id)["status"] == "Accepted"
    assert visitors().get(f"/oauth2/consents/{consent_id}").status_code == 409

    # Auto consent switched on after the consent was opened: the link approves at once.
    card = add_card_consent(bank)
    with bank.env.store.atomic() as db:
        db.execute("UPDATE users SET auto_consent = 1 WHERE phone_number = ?", [card["phone"]])
    answer = visitors().get(card["path"])
    assert answer.status_code == 302
    assert query_of(answer.headers["location"])["status"] == "Accepted"
    assert bank.row("cards", card["card_id"])["status"] == "Enabled"

    # A consent for nobody: the auto-consent user types their phone, no code, no review.
    generic = consents.create_consent(bank.env, bank.project_id, redirect_url=REDIRECT)
    path = f"/oauth2/consents/{generic['id']}"
    visitor = visitors()
    visitor.get(path)
    back = visitor.sign_in("+33655533333")
    assert back.headers["location"] == path
    answer = visitor.get(path)
    assert answer.status_code == 302
    assert query_of(answer.headers["location"]) == {
        "consentId": generic["id"],
        "status": "Accepted",
    }
    assert sms.outbox(bank.env, "+33655533333") == []


# -- time --------------------------------------------------------------------------------------


def test_a_consent_expires_twenty_minutes_after_it_was_opened(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    card = add_card_consent(bank)
    visitor = visitors()
    visitor.review(card["path"], card["phone"])
    for _ in range(4):  # the user keeps the page alive: the web session does not expire
        bank.sim.advance("4m")
        assert visitor.get(card["path"]).status_code == 200
    bank.sim.advance("4m")  # 20 minutes after opening
    page = visitor.get(card["path"])
    assert page.status_code == 409
    assert "This link has expired" in page.text and "<code>Expired</code>" in page.text
    answer = visitor.post(card["path"], decision="approve")
    assert answer.status_code == 409 and "This link has expired" in answer.text
    card_row = bank.row("cards", card["card_id"])
    assert (card_row["status"], card_row["status_reason"]) == ("Canceled", "ConsentExpired")


def test_a_late_decision_meets_expired_even_when_no_due_work_ran(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    card = add_card_consent(bank)
    visitor = visitors()
    visitor.review(card["path"], card["phone"])
    bank.sim.clock.advance("21m")  # another process moved the clock
    answer = visitor.post(card["path"], decision="approve")
    assert answer.status_code == 409 and "This link has expired" in answer.text
    assert bank.row("consents", card["consent_id"])["status"] == "Expired"


def test_the_web_session_lasts_five_minutes_without_activity(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    card = add_card_consent(bank)
    visitor = visitors()
    visitor.review(card["path"], card["phone"])
    bank.sim.advance("5m")
    answer = visitor.post(card["path"], decision="approve")
    assert answer.status_code == 400
    assert "Session expired" in answer.text
    assert f'href="{card["path"]}">Start again' in answer.text
    assert bank.row("consents", card["consent_id"])["status"] == "Started"
    # Start again: a new sign-in; the consent's 20 minutes still run from the first opening.
    page = visitor.review(card["path"], card["phone"])
    assert "Decide before 09:20 UTC" in page.text
    answer = visitor.post(card["path"], decision="approve")
    assert query_of(answer.headers["location"])["status"] == "Accepted"


# -- consents that cannot be decided -------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/oauth2/consents/nope",
        "/oauth2/consents/",
        "/oauth2/consents/a/b",
        "/oauth2/consents/" + "x" * 5000,
        "/oauth2/consents/%00%ff",
        "/oauth2/consents/00000000-0000-0000-0000-000000000000",
    ],
)
def test_unknown_consent_is_a_404_page(
    bank: Bank, visitors: Callable[..., Visitor], path: str
) -> None:
    visitor = visitors()
    for answer in (visitor.get(path), visitor.post(path, decision="approve")):
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("text/html")
        assert answer.headers["x-frame-options"] == "DENY"
        assert "Consent not found" in answer.text and "location" not in answer.headers


@pytest.mark.parametrize(
    ("decide", "title", "status"),
    [
        ("approve", "Already approved", "Accepted"),
        ("refuse", "Already refused", "CustomerRefused"),
        ("cancel", "Request canceled", "Canceled"),
    ],
)
def test_a_finished_consent_says_so_with_a_link_back(
    bank: Bank, visitors: Callable[..., Visitor], decide: str, title: str, status: str
) -> None:
    card = add_card_consent(bank)
    if decide == "cancel":
        bank.api.mutate("cancelConsent", {"consentId": card["consent_id"]})
    else:
        getattr(bank, decide)(card["consent_id"])
    visitor = visitors()
    for answer in (visitor.get(card["path"]), visitor.post(card["path"], decision="approve")):
        assert answer.status_code == 409
        assert f"<h1>{title}</h1>" in answer.text
        link = re.search(r'class="button" href="([^"]+)">Return to Test project', answer.text)
        assert link is not None
        assert query_of(link.group(1).replace("&amp;", "&")) == {
            "consentId": card["consent_id"],
            "status": status,
            "resourceId": card["card_id"],
        }
    assert "oauth2_session" not in visitor.http.cookies  # no sign-in for a finished consent


def test_a_failed_operation_redirects_with_failed(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    card = add_card_consent(bank)
    visitor = visitors()
    visitor.review(card["path"], card["phone"])
    bank.testing.mutate("suspendSandboxAccount", {"accountId": card["account_id"]})
    answer = visitor.post(card["path"], decision="approve")
    assert query_of(answer.headers["location"])["status"] == "Failed"
    page = visitors().get(card["path"])
    assert "The operation failed" in page.text and "Reason:" in page.text


# -- forms ---------------------------------------------------------------------------------------


def test_forged_or_early_posts_change_nothing(bank: Bank, visitors: Callable[..., Visitor]) -> None:
    card = add_card_consent(bank)
    stranger = visitors()
    answer = stranger.post(card["path"], decision="approve")
    assert answer.status_code == 400 and "No approval in progress" in answer.text

    visitor = visitors()
    visitor.get(card["path"])
    early = visitor.post(card["path"], decision="approve")  # before signing in
    assert early.status_code == 303 and early.headers["location"] == "/oauth2/login"
    visitor.review(card["path"], card["phone"])
    no_token = visitor.http.post(card["path"], data={"decision": "approve"})
    assert no_token.status_code == 403 and "Request refused" in no_token.text
    foreign = visitor.http.post(
        card["path"],
        data={"decision": "approve", "csrf_token": visitor.csrf or ""},
        headers={"Origin": "http://evil.example"},
    )
    assert foreign.status_code == 403
    unknown = visitor.post(card["path"], decision="maybe")
    assert unknown.status_code == 303 and unknown.headers["location"] == card["path"]
    assert bank.row("consents", card["consent_id"])["status"] == "Started"
    assert bank.row("cards", card["card_id"])["status"] == "ConsentPending"


def test_another_flows_session_does_not_open_a_consent(
    bank: Bank, visitors: Callable[..., Visitor]
) -> None:
    from .oauth_pages import Pages

    card = add_card_consent(bank)
    visitor = visitors()
    pages = Pages(visitor.http, bank.env)
    pages.start(bank.project.client_id, phoneNumber=card["phone"])
    pages.post("/oauth2/login/phone", phone_number=card["phone"])
    pages.post("/oauth2/login/code", code=pages.latest_code(card["phone"]))
    page = visitor.get(card["path"])  # signed in for the authorization, not for this consent
    assert 'for="phone_number"' in page.text
    assert bank.row("consents", card["consent_id"])["status"] == "Created"
    # Signed in for one consent does not open another one: each consent is signed for.
    visitor.review(card["path"], card["phone"])
    other = consents.create_consent(bank.env, bank.project_id, redirect_url=REDIRECT)
    page = visitor.get(f"/oauth2/consents/{other['id']}")
    assert page.status_code == 200 and 'for="phone_number"' in page.text
    assert bank.row("consents", other["id"])["status"] == "Created"


# -- environments --------------------------------------------------------------------------------


def test_a_live_consent_lives_in_live(sim: Simulator, visitors: Callable[..., Visitor]) -> None:
    live = sim.live
    project = sim.create_project("live", "Live app", [REDIRECT])
    created = create_account_holder(
        live,
        project.project_id,
        first_name="Lin",
        last_name="Live",
        legal_representative_phone="+33655599999",
    )
    membership = live.store.db.execute(
        "SELECT id FROM account_memberships WHERE account_id = ?", [created["account_id"]]
    ).fetchone()[0]
    card, consent = add_card(
        live, Principal(live.name, project.project_id), membership, consent_redirect_url=REDIRECT
    )
    path = f"/oauth2/consents/{consent['id']}"
    visitor = visitors(live)
    sandbox_project = sim.create_project("sandbox", "Sandbox app", [REDIRECT])
    sandbox_consent = consents.create_consent(
        sim.sandbox, sandbox_project.project_id, redirect_url=REDIRECT
    )
    visitor.get(f"/oauth2/consents/{sandbox_consent['id']}")
    assert visitor.http.cookies["oauth2_session"].startswith("SANDBOX_WS_")
    first = visitor.get(path)  # the Sandbox session does not cross into Live
    assert "Banking simulator · Live" in first.text
    assert visitor.http.cookies["oauth2_session"].startswith("LIVE_WS_")
    page = visitor.review(path, "+33655599999")
    assert "<h1>Approve a new card</h1>" in page.text
    answer = visitor.post(path, decision="approve")
    assert query_of(answer.headers["location"])["status"] == "Accepted"
    assert live.store.db["cards"].get(card["id"])["status"] == "Enabled"
    assert sim.sandbox.store.db["consents"].get(sandbox_consent["id"])["status"] == "Created"


# -- what the page says ------------------------------------------------------------------------


def test_a_sandbox_consent_never_names_a_resource_an_approval_would_change(
    bank: Bank, sim: Simulator, visitors: Callable[..., Visitor]
) -> None:
    # createSandboxConsent once took any resourceId: approving an AddCard consent naming a
    # made-up id answered 500, and one naming another project's pending card issued it.
    other = Bank(sim, bank.http, sim.create_project("sandbox", "Other", [REDIRECT]))
    foreign = add_card_consent(other)
    own_card = bank.enabled_card(bank.holder(first="Grace")["account_id"])
    user = create_user(sim.sandbox, "+33655555555")

    def create(purpose: str, resource_id: str) -> dict[str, Any]:
        return bank.testing.mutate(
            "createSandboxConsent",
            {
                "purpose": purpose,
                "redirectUrl": REDIRECT,
                "userId": user["id"],
                "resourceId": resource_id,
            },
            "consentId",
        )

    for purpose in ("AddCard", "AddAccountMembership", "InitPayment", "CloseAccount"):
        for resource_id in ("made-up", foreign["card_id"]):
            refused = create(purpose, resource_id)
            assert refused["__typename"] == "ValidationRejection"
            assert "is opened by the" in refused["message"]
    assert create("ViewCardNumbers", foreign["card_id"])["__typename"] == "ValidationRejection"
    assert bank.row("cards", foreign["card_id"])["status"] == "ConsentPending"

    # A card of the project is fine, and its page works to the end.
    consent_id = create("ViewCardNumbers", own_card)["consentId"]
    path = f"/oauth2/consents/{consent_id}"
    visitor = visitors()
    page = visitor.review(path, "+33655555555")
    assert page.status_code == 200 and "Approve showing card numbers" in page.text
    answer = visitor.post(path, decision="approve")
    assert query_of(answer.headers["location"])["status"] == "Accepted"


def test_descriptions_of_each_purpose(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    transfer = {
        "amount": {"value": "100.00", "currency": "EUR"},
        "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
    }
    paid = bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [transfer, {**transfer, "mode": "InstantWithoutFallback"}],
        },
        "payment { id }",
    )
    consent = bank.row("consents", bank.row("payments", paid["payment"]["id"])["consent_id"])
    description = describe_consent(bank.env, consent)
    assert description.title == "Approve 2 transfers"
    assert description.summary == "Test project asks to send 2 transfers, 200.00 EUR in total."
    assert [s.heading for s in description.sections] == [
        "From",
        "Transfer 1 of 2",
        "Transfer 2 of 2",
    ]
    assert ("Speed", "instant") in description.sections[2].rows

    gone = {**consent, "resource_id": "missing", "purpose": "AddCard"}
    assert describe_consent(bank.env, gone).summary == "Test project asks for your approval."
    viewing = {
        **consent,
        "purpose": "ViewCardNumbers",
        "resource_id": bank.enabled_card(account_id),
    }
    described = describe_consent(bank.env, viewing)
    assert described.title == "Approve showing card numbers"
    assert dict(described.sections[0].rows)["Card number"].startswith("535545******")


# -- random input --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, ...]]:
    with Simulator(tmp_path_factory.mktemp("consent-fuzz")) as sim:
        project = sim.create_project("sandbox", "Fuzz", [REDIRECT])
        user = create_user(sim.sandbox, "+33655511111")
        opened = consents.create_consent(
            sim.sandbox, project.project_id, redirect_url=REDIRECT, user_id=user["id"]
        )
        with sim.client(follow_redirects=False) as http:
            yield sim, http, opened["id"]


TEXT = st.text(max_size=40) | st.sampled_from(["approve", "refuse", "", "+33655511111"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tail=st.text(max_size=80),
    fields=st.lists(
        st.tuples(st.sampled_from(["decision", "csrf_token", "phone_number", "x"]), TEXT),
        max_size=5,
    ),
    signed_in=st.booleans(),
)
def test_random_paths_and_forms_never_fail(
    fuzz_world: tuple[Any, ...], tail: str, fields: list[tuple[str, str]], signed_in: bool
) -> None:
    sim, http, consent_id = fuzz_world
    http.cookies.clear()
    path = f"/oauth2/consents/{consent_id}"
    if signed_in:
        page = http.get(path)
        match = _CSRF.search(page.text)
        if match:
            http.post(
                "/oauth2/login/phone",
                data={"csrf_token": match.group(1), "phone_number": "+33655511111"},
            )
            code = sms.latest_code(sim.sandbox, "+33655511111") or ""
            http.post("/oauth2/login/code", data={"csrf_token": match.group(1), "code": code})
            assert ">Approve</button>" in http.get(path).text
            fields = [("csrf_token", match.group(1)), *fields]
    # No decision: the consent stays open for every example (decisions are tested above).
    fields = [(name, value) for name, value in fields if value not in ("approve", "refuse")]
    for target in (path, f"/oauth2/consents/c{quote(tail, safe='')}"):
        form = http.post(
            target,
            content=urlencode(fields),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        for answer in (http.get(target), form):
            assert answer.status_code in (200, 302, 303, 400, 403, 404, 409), answer.text
            if answer.status_code in (302, 303):
                location = answer.headers["location"]
                assert location.startswith((REDIRECT + "?", "/oauth2/")), location
            else:
                assert answer.headers["content-type"].startswith("text/html")


# -- a real browser ------------------------------------------------------------------------------


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"needs Debian's Chromium at {CHROMIUM}")
def test_click_through_in_chromium(sim: Simulator, live_server: LiveServer, browser: Any) -> None:
    from playwright.sync_api import expect

    from .test_browser_oauth import PartnerSite

    with PartnerSite() as partner:
        callback = f"{partner.origin}/callback"
        creds = sim.create_project("sandbox", "Browser app", [callback])
        create_account_holder(
            sim.sandbox,
            creds.project_id,
            first_name="Ada",
            last_name="Lovelace",
            legal_representative_phone="+33612345678",
        )
        with httpx.Client(base_url=live_server.base_url) as api:
            token = api.post(
                "/oauth2/token",
                data={
                    "grant_type": "client_credentials",
                    "client_id": creds.client_id,
                    "client_secret": creds.client_secret,
                },
            ).json()["access_token"]
            graphql = api.post(
                "/sandbox/graphql",
                headers={"Authorization": f"Bearer {token}"},
                json={
                    "query": "mutation($i: AddCardInput!) { addCard(input: $i) {"
                    " ... on AddCardSuccessPayload { card { id statusInfo {"
                    " ... on CardConsentPendingStatusInfo { consent { id consentUrl } } } } } } }",
                    "variables": {
                        "i": {
                            "accountMembershipId": sim.sandbox.store.db.execute(
                                "SELECT id FROM account_memberships"
                            ).fetchone()[0],
                            "name": "Browser card",
                            "consentRedirectUrl": callback,
                            **CARD_SWITCHES,
                        }
                    },
                },
            ).json()["data"]["addCard"]
        url = graphql["card"]["statusInfo"]["consent"]["consentUrl"]
        assert url.startswith(f"{live_server.base_url}/oauth2/consents/")

        context = browser.new_context(java_script_enabled=False)  # works without JavaScript
        try:
            page = context.new_page()
            page.goto(url)
            assert page.get_by_role("heading", name="Sign in").is_visible()
            assert page.get_by_label("Phone number").input_value() == "+33612345678"
            page.get_by_role("button", name="Send me a code").click()
            page.get_by_label("Verification code").fill(sim.oauth.latest_code("+33612345678"))
            page.get_by_role("button", name="Verify code").click()

            # After a click that navigates, wait for the page (is_visible() would not).
            expect(page.get_by_role("heading", name="Approve a new card")).to_be_visible()
            assert page.get_by_text("Browser card").is_visible()
            page.get_by_role("button", name="Approve").click()

            page.wait_for_url(f"{callback}?*")
            assert page.get_by_role("heading", name="Partner callback").is_visible()
            assert query_of(page.url) == {
                "consentId": graphql["card"]["statusInfo"]["consent"]["id"],
                "status": "Accepted",
                "resourceId": graphql["card"]["id"],
            }
        finally:
            context.close()
    assert sim.sandbox.store.db["cards"].get(graphql["card"]["id"])["status"] == "Enabled"
