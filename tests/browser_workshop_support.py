"""The learner's and the instructor's paths through a served workshop, in a real browser
(Playwright driving Debian's Chromium): shared by the plain and the TLS-proxied tests of
tests/test_browser_workshop.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import httpx
from playwright.sync_api import expect

from .test_browser_explorer import OfflineContext

#: A learner's login code in a text message of their outbox.
_CODE = re.compile(r"\b(\d{6})\b")


@dataclass(frozen=True)
class Learner:
    """What a learner holds: their space's address, the handout's credentials, a dashboard
    sign-in link (`workshop dashboard-link`), and a phone number new to their space."""

    name: str
    space: str  # https://bank.example/w/ada
    client_id: str
    client_secret: str
    dashboard_link: str
    phone: str


def _explorer_token(page: Any, learner: Learner) -> None:
    """The explorer loads under the prefix and gets a project token (exercise 1)."""
    page.goto(f"{learner.space}/sandbox/graphql")
    expect(page.locator(".graphiql-container")).to_be_visible(timeout=20_000)
    page.get_by_label("client_id").fill(learner.client_id)
    page.get_by_label("client_secret").fill(learner.client_secret)
    page.get_by_role("button", name="Get a project token").click()
    expect(page.locator("#token-status")).to_contain_text("Project token for")


def _dashboard(page: Any, learner: Learner) -> tuple[str, str]:
    """Sign in with the link; a project, a redirect URL (the space's callback page) and a
    webhook: returns the new project's `client_id` and secret (shown once)."""
    page.goto(learner.dashboard_link)
    expect(page.get_by_role("heading", name="Projects")).to_be_visible()
    assert "token=" not in page.url and page.url.startswith(learner.space)
    page.get_by_label("Project name").fill(f"{learner.name} app")
    page.get_by_label("Redirect URL").fill("http://localhost:3000/callback")
    page.get_by_role("button", name="Create project").click()
    expect(page.get_by_role("heading", name=f"{learner.name} app")).to_be_visible()
    secret = page.locator("#new-secret").inner_text()
    client_id = page.locator("#client-id").inner_text()
    page.get_by_label("New redirect URL").fill(f"{learner.space}/callback")
    page.get_by_role("button", name="Add redirect URL").click()
    expect(page.get_by_role("status")).to_be_visible()
    expect(page.locator("main")).to_contain_text(f"{learner.space}/callback")
    page.get_by_label("Label").fill("inbox")
    page.get_by_label("Endpoint URL").fill(f"inbox://{learner.name}")
    page.get_by_label("User.Joined").check()
    page.get_by_role("button", name="Add subscription").click()
    expect(page.get_by_role("status")).to_contain_text("Webhook subscription added")
    return client_id, secret


def _latest_code(context: Any, learner: Learner) -> str:
    """The login code of the learner's last text message, read in their dashboard's outbox."""
    outbox = context.new_page()
    outbox.goto(f"{learner.space}/dashboard/sms")
    row = outbox.locator("tbody tr").filter(has_text=learner.phone).first
    match = _CODE.search(row.inner_text())
    outbox.close()
    assert match, "no code in the outbox"
    return match.group(1)


def _sign_in_and_consent(context: Any, page: Any, learner: Learner, client_id: str) -> str:
    """The OAuth pages under the prefix: phone, the code from the outbox, registration,
    consent; back on the space's callback page. Returns the code."""
    callback = f"{learner.space}/callback"
    query = urlencode(
        {"response_type": "code", "client_id": client_id, "redirect_uri": callback,
         "scope": "openid offline", "state": f"{learner.name}-state"}
    )  # fmt: skip
    page.goto(f"{learner.space}/oauth2/auth?{query}")
    page.get_by_label("Phone number").fill(learner.phone)
    page.get_by_role("button", name="Send me a code").click()
    expect(page.get_by_label("Verification code")).to_be_visible()
    page.get_by_label("Verification code").fill(_latest_code(context, learner))
    page.get_by_role("button", name="Verify code").click()
    page.get_by_label("First name").fill(learner.name.title())
    page.get_by_label("Last name").fill("Learner")
    page.get_by_label("Birth date").fill("1990-04-21")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("heading", name=f"Authorize {learner.name} app")).to_be_visible()
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(f"{callback}?*")
    expect(page.locator("#state")).to_have_text(f"{learner.name}-state")
    return str(page.locator("#code").inner_text())


def learner_path(offline: OfflineContext, learner: Learner, *, verify: bool = True) -> None:
    """A learner's whole path, in their own browser context: the explorer, the dashboard,
    the OAuth pages and a consent; the code exchanged as their program would."""
    page = offline.context.new_page()
    _explorer_token(page, learner)
    client_id, secret = _dashboard(page, learner)
    code = _sign_in_and_consent(offline.context, page, learner, client_id)
    tokens = httpx.post(
        f"{learner.space}/oauth2/token",
        data={"grant_type": "authorization_code", "code": code,
              "redirect_uri": f"{learner.space}/callback"},
        auth=(client_id, secret), verify=verify, timeout=20,
    )  # fmt: skip
    assert tokens.status_code == 200, tokens.text
    page.close()


def instructor_row(page: Any, name: str) -> Any:
    return page.locator("tr").filter(has=page.locator("th", has_text=re.compile(f"^{name}$")))


def instructor_resets(
    offline: OfflineContext, sign_in_link: str, shown: list[str], reset: str
) -> None:
    """The instructor's view (own context): each learner of `shown` has exercise 1 (a
    project token) done and requests counted; `reset` is reset, and the row says so."""
    page = offline.context.new_page()
    page.goto(sign_in_link)
    expect(page.get_by_role("heading", name=re.compile("^Workshop:"))).to_be_visible()
    for name in shown:
        row = instructor_row(page, name)
        expect(row.locator("td").first).to_have_class("done")
        requests = row.locator("td").nth(len(_exercise_cells(page)))
        assert int(requests.inner_text()) > 0
    row = instructor_row(page, reset)
    row.get_by_role("button", name="Reset").click()
    page.wait_for_url(re.compile(r"/workshop$"))
    expect(instructor_row(page, reset).locator("td").first).to_have_class("todo")
    page.close()


def _exercise_cells(page: Any) -> list[str]:
    """The titles of the exercise columns (the table's header, after "Learner")."""
    headers = page.locator("table tr").first.locator("th").all_inner_texts()
    return [str(text) for text in headers[1:-4]]  # Requests, Last activity, error, Clock
