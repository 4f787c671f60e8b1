"""The learner's and the instructor's paths through a served workshop, in a real browser
(Playwright driving Debian's Chromium): shared by the plain and the TLS-proxied tests of
tests/test_browser_workshop.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
from playwright.sync_api import expect

from .test_browser_explorer import SCREENSHOTS, OfflineContext

#: A learner's login code in a text message of their outbox.
_CODE = re.compile(r"\b(\d{6})\b")


@dataclass(frozen=True)
class Learner:
    """What a learner holds: their space's address, the handout's credentials and join
    code, and a phone number new to their space."""

    name: str
    space: str  # https://bank.example/w/ada
    client_id: str
    client_secret: str
    join_code: str  # ada-7K3Q
    phone: str

    @property
    def join_page(self) -> str:
        return self.space.rsplit("/w/", 1)[0] + "/w/join"


def _join(page: Any, learner: Learner, screenshot: Path | None) -> None:
    """The join page: the code typed (lowercase, as a learner might) or, without a
    screenshot to take, from the QR code's URL (its fragment fills the form and leaves the
    address bar); the credentials shown with copy buttons, then the learner's own dashboard
    through its button."""
    if screenshot is None:
        page.goto(f"{learner.join_page}#{learner.join_code}")
        expect(page.get_by_label("Join code")).to_have_value(learner.join_code)
        assert "#" not in page.url
    else:
        page.goto(learner.join_page)
        page.get_by_label("Join code").fill(learner.join_code.lower())
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("heading", name=f"Welcome, {learner.name}")).to_be_visible()
    expect(page.locator("#v-client_secret")).to_have_text(learner.client_secret)
    expect(page.locator("#v-callback")).to_have_text(f"{learner.space}/callback")
    # The buttons answer once join.js ran (a click before it, on a loaded machine, is lost).
    expect(page.locator("#copied")).to_have_attribute("data-ready", "yes")
    page.get_by_role("button", name="Copy client_id").click()
    expect(page.get_by_role("status")).to_have_text("Copied client_id.")
    if screenshot is not None:
        page.screenshot(path=str(screenshot), full_page=True)
    page.get_by_role("button", name="Open my dashboard").click()
    # A learner starts at their exercises; the projects are a tab away.
    expect(page.get_by_role("heading", name="Exercises")).to_be_visible()
    page.get_by_role("link", name="Projects").click()
    expect(page.get_by_role("heading", name="Projects")).to_be_visible()


def _explorer_token(page: Any, learner: Learner) -> None:
    """The explorer loads under the prefix and gets a project token (exercise 1)."""
    page.goto(f"{learner.space}/sandbox/graphql")
    expect(page.locator(".graphiql-container")).to_be_visible(timeout=20_000)
    page.get_by_label("client_id").fill(learner.client_id)
    page.get_by_label("client_secret").fill(learner.client_secret)
    page.get_by_role("button", name="Get a project token").click()
    expect(page.locator("#token-status")).to_contain_text("Project token for")


def _dashboard(page: Any, learner: Learner, screenshot: Path | None) -> tuple[str, str]:
    """In through the join page; a project, a redirect URL (the space's callback page) and
    a webhook: returns the new project's `client_id` and secret (shown once)."""
    _join(page, learner, screenshot)
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


def learner_path(
    offline: OfflineContext,
    learner: Learner,
    *,
    verify: bool = True,
    screenshot: Path | None = None,
) -> None:
    """A learner's whole path, in their own browser context: the explorer, the join page
    and their dashboard, the OAuth pages and a consent; the code exchanged as their program
    would. `screenshot`: where to write the join page's, credentials shown."""
    page = offline.context.new_page()
    _explorer_token(page, learner)
    client_id, secret = _dashboard(page, learner, screenshot)
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
    return page.locator("tbody tr").filter(has=page.locator("th", has_text=re.compile(f"^{name}$")))


def _requests_cell(page: Any, name: str) -> Any:
    # After the exercises' cells and the "Done" count.
    return instructor_row(page, name).locator("td").nth(len(_exercise_cells(page)) + 1)


def instructor_resets_the_room(
    offline: OfflineContext,
    sign_in_link: str,
    shown: list[str],
    nudge: Any,
    screenshot: Path | None = None,
) -> None:
    """The instructor's view (own context): each learner of `shown` has exercise 1 (a
    project token) done and requests counted, and a page of their own; the table refreshes
    itself (`nudge()` makes a
    request of `shown[0]`'s, whose count grows on the page without a reload); then every
    learner is reset, after the confirmation step, and the rows say so."""
    page = offline.context.new_page()
    page.goto(sign_in_link)
    expect(page.get_by_role("heading", name=re.compile("^Workshop:"))).to_be_visible()
    for name in shown:
        expect(instructor_row(page, name).locator("td").first).to_have_class("done")
        assert int(_requests_cell(page, name).inner_text()) > 0
    if screenshot is not None:
        page.screenshot(path=str(screenshot), full_page=True)
    # A learner's page: their last requests from the journal, and back.
    page.get_by_role("link", name=shown[0], exact=True).click()
    expect(page.get_by_role("heading", name=f"Learner {shown[0]}")).to_be_visible()
    expect(page.locator("table tbody tr").first).to_be_visible()
    page.get_by_role("link", name="← The room").click()
    before = int(_requests_cell(page, shown[0]).inner_text())
    nudge()
    expect(_requests_cell(page, shown[0])).not_to_have_text(str(before), timeout=15_000)
    expect(page.locator("#refreshed")).to_contain_text("Refreshed at")
    assert page.url.endswith("/workshop")  # no reload, no navigation
    page.get_by_role("button", name="Reset every learner…").click()
    expect(page.get_by_role("heading", name="Reset every learner?")).to_be_visible()
    page.get_by_role("button", name="Yes, reset every learner").click()
    page.wait_for_url(re.compile(r"/workshop$"))
    expect(page.get_by_role("status")).to_contain_text(
        f"Every learner's space ({len(shown)}) reset"
    )
    for name in shown:
        expect(instructor_row(page, name).locator("td").first).to_have_class("todo")
    page.close()


def _exercise_cells(page: Any) -> list[str]:
    """The titles of the exercise columns (the table's header, after "Learner")."""
    headers = page.locator("thead tr").first.locator("th").all_inner_texts()
    # Then: Done, Requests, Errors, Last activity, Last error, Checkpoints, Clock.
    return [str(text) for text in headers[1:-7]]


#: Where the workshop's screenshots go (docs/workshop.md shows them).
JOIN_SHOT = SCREENSHOTS / "workshop-join.png"
INSTRUCTOR_SHOT = SCREENSHOTS / "workshop-instructor.png"
#: The view of a room of 30 on a 1366x768 laptop, and one learner's page.
ROOM_SHOT = SCREENSHOTS / "workshop-instructor-room.png"
LEARNER_SHOT = SCREENSHOTS / "workshop-instructor-learner.png"
#: The learner's Exercises tab on a laptop, and the join page and that tab on a phone (360 px).
EXERCISES_SHOT = SCREENSHOTS / "workshop-exercises.png"
PHONE_SHOTS = (
    SCREENSHOTS / "workshop-join-phone.png",
    SCREENSHOTS / "workshop-exercises-phone.png",
)
