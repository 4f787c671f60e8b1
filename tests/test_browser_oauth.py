"""A real browser (Debian's headless Chromium, driven by Playwright) on the authorization
pages served by a real uvicorn: the whole click-through, and framing refused."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from playwright.sync_api import expect

from simulator import Simulator
from simulator.domain.users.users import find_user_by_phone

from .conftest import CHROMIUM, LiveServer
from .oauth_pages import PHONE, query_of

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)


class PartnerSite:
    """Another origin on loopback: the partner's web app (callback page, a framing page)."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = site.pages.get(self.path.split("?")[0], "<h1>Partner callback</h1>")
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, *args: Any) -> None:
                pass  # the callback's query carries a code: keep it out of the test log

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        # "localhost" and "127.0.0.1" are different origins for the browser.
        self.origin = f"http://localhost:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> PartnerSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def partner() -> Iterator[PartnerSite]:
    with PartnerSite() as site:
        yield site


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    # JavaScript off: the pages must work without it.
    context = browser.new_context(java_script_enabled=False)
    yield context
    context.close()


def authorization_url(server: LiveServer, client_id: str, redirect_uri: str) -> str:
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect_uri,
        "scope": "openid offline",
        "state": "browser-state",
        "phoneNumber": PHONE,
        "firstName": "Ada",
    }
    return f"{server.base_url}/oauth2/auth?{urlencode(params)}"


def test_click_through_phone_code_registration_consent_and_redirect(
    sim: Simulator, live_server: LiveServer, partner: PartnerSite, context: Any
) -> None:
    callback = f"{partner.origin}/callback"
    creds = sim.create_project("sandbox", "Browser app", [callback])
    page = context.new_page()
    page.goto(authorization_url(live_server, creds.client_id, callback))

    # Phone step, pre-filled from phoneNumber.
    assert page.get_by_role("heading", name="Sign in").is_visible()
    phone = page.get_by_label("Phone number")
    assert phone.input_value() == PHONE
    page.get_by_role("button", name="Send me a code").click()

    # Code step: a wrong code says so, the code from the outbox works.
    page.get_by_label("Verification code").fill(
        "000000" if sim.oauth.latest_code(PHONE) != "000000" else "111111"
    )
    page.get_by_role("button", name="Verify code").click()
    assert page.get_by_role("alert").inner_text() == "Wrong code. 4 attempts left."
    page.get_by_label("Verification code").fill(sim.oauth.latest_code(PHONE))
    page.get_by_role("button", name="Verify code").click()

    # Registration of a phone number never seen, pre-filled from firstName.
    assert page.get_by_label("First name").input_value() == "Ada"
    page.get_by_label("Last name").fill("Lovelace")
    page.get_by_label("Birth date").fill("1990-04-21")
    page.get_by_role("button", name="Create my account").click()

    # Consent, naming the project and the scopes.
    # After a click that navigates, wait for the page (is_visible() would not).
    expect(page.get_by_role("heading", name="Authorize Browser app")).to_be_visible()
    assert "(offline)" in page.content()
    page.get_by_role("button", name="Authorize").click()

    # Back at the partner, with the code and the same state.
    page.wait_for_url(f"{callback}?*")
    assert page.get_by_role("heading", name="Partner callback").is_visible()
    query = query_of(page.url)
    assert query["state"] == "browser-state"
    user = find_user_by_phone(sim.sandbox, PHONE)
    assert user is not None and user["last_name"] == "Lovelace"

    tokens = httpx.post(
        f"{live_server.base_url}/oauth2/token",
        data={
            "grant_type": "authorization_code",
            "code": query["code"],
            "redirect_uri": callback,
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    )
    assert tokens.status_code == 200
    assert tokens.json()["scope"] == "openid offline"


def test_deny_in_the_browser(
    sim: Simulator, live_server: LiveServer, partner: PartnerSite, context: Any
) -> None:
    callback = f"{partner.origin}/callback"
    creds = sim.create_project("sandbox", "Browser app", [callback])
    sim.oauth.create_sandbox_user(PHONE, first_name="Ada")
    page = context.new_page()
    page.goto(authorization_url(live_server, creds.client_id, callback))
    page.get_by_role("button", name="Send me a code").click()
    page.get_by_label("Verification code").fill(sim.oauth.latest_code(PHONE))
    page.get_by_role("button", name="Verify code").click()
    page.get_by_role("button", name="Deny").click()
    page.wait_for_url(f"{callback}?*")
    query = query_of(page.url)
    assert query["error"] == "access_denied" and query["state"] == "browser-state"


def test_a_redirect_host_csp_cannot_spell_still_gets_the_code(
    sim: Simulator, live_server: LiveServer, partner: PartnerSite, context: Any
) -> None:
    # A Docker service name has an "_", which a CSP host cannot carry: the form-action
    # once left it out, and Chromium blocked the redirect after Authorize.
    port = partner.server.server_address[1]
    callback = f"http://partner_app.localhost:{port}/callback"  # Chromium: *.localhost is loopback
    creds = sim.create_project("sandbox", "Docker app", [callback])
    sim.oauth.create_sandbox_user(PHONE, first_name="Ada")
    page = context.new_page()
    page.goto(authorization_url(live_server, creds.client_id, callback))
    page.get_by_role("button", name="Send me a code").click()
    page.get_by_label("Verification code").fill(sim.oauth.latest_code(PHONE))
    page.get_by_role("button", name="Verify code").click()
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(f"{callback}?*")
    assert page.get_by_role("heading", name="Partner callback").is_visible()
    assert query_of(page.url)["state"] == "browser-state"


def test_another_origin_cannot_frame_the_authorization_page(
    sim: Simulator, live_server: LiveServer, partner: PartnerSite, browser: Any
) -> None:
    callback = f"{partner.origin}/callback"
    creds = sim.create_project("sandbox", "Browser app", [callback])
    url = authorization_url(live_server, creds.client_id, callback)
    partner.pages["/embed"] = (
        "<h1>Partner page</h1>"
        f'<iframe id="auth" src="{url}"></iframe>'
        f'<iframe id="control" src="{live_server.base_url}/"></iframe>'
    )
    context = browser.new_context()
    try:
        page = context.new_page()
        answers: list[Any] = []
        page.on("response", lambda r: answers.append(r) if "/oauth2/auth" in r.url else None)
        page.goto(f"{partner.origin}/embed")
        page.wait_for_load_state("load")
        # The control frame (the JSON index, which may be framed) shows its content...
        assert (
            "Partner banking API simulator"
            in page.frame_locator("#control").locator("body").inner_text()
        )
        # ...the authorization page was served, but the browser refused to display it.
        [answer] = answers
        assert answer.status == 200
        assert answer.headers["x-frame-options"] == "DENY"
        frame = page.locator("#auth").element_handle().content_frame()
        assert frame is not None
        assert "/oauth2/auth" not in frame.url  # Chromium shows its own error document
        assert "Phone number" not in frame.content()
        assert page.frame_locator("#auth").get_by_label("Phone number").count() == 0
        # The same page opened full screen works.
        page.goto(url)
        assert page.get_by_label("Phone number").is_visible()
    finally:
        context.close()
