"""The partner dashboard and the callback page in a real browser (Debian's Chromium driven by
Playwright, every non-loopback request aborted) on a real uvicorn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link

from .conftest import CHROMIUM, LiveServer
from .test_browser_explorer import SCREENSHOTS, OfflineContext, offline  # noqa: F401

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)


def test_dashboard_sign_in_project_redirect_delivery_replay_and_expiry(
    sim: Simulator,
    live_server: LiveServer,
    offline: OfflineContext,  # noqa: F811
) -> None:
    page = offline.context.new_page()
    link = new_sign_in_link(sim.sandbox, live_server.base_url)
    page.goto(link)
    expect(page.get_by_role("heading", name="Projects")).to_be_visible()
    assert "token=" not in page.url
    cookie = next(c for c in offline.context.cookies() if c["name"] == "dashboard_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"

    # Create a project: its secret is shown once.
    page.get_by_label("Project name").fill("Dashboard app")
    page.get_by_label("Redirect URL").fill("http://localhost:3000/callback")
    page.get_by_role("button", name="Create project").click()
    expect(page.get_by_role("heading", name="Dashboard app")).to_be_visible()
    secret = page.locator("#new-secret").inner_text()
    client_id = page.locator("#client-id").inner_text()
    assert sim.sandbox.store.db["projects"].count == 1 and len(secret) > 30

    # A redirect URL: a bad one is refused with a message, a good one registered.
    page.get_by_label("New redirect URL").fill("ftp://nope")
    page.get_by_role("button", name="Add redirect URL").click()
    expect(page.get_by_role("alert")).to_contain_text("absolute http(s) URL")
    page.get_by_label("New redirect URL").fill("http://127.0.0.1:9000/cb")
    page.get_by_role("button", name="Add redirect URL").click()
    expect(page.locator("main")).to_contain_text("http://127.0.0.1:9000/cb")

    # A webhook subscription, tested from its page; then an event, its delivery, a replay.
    page.get_by_label("Label").fill("inbox")
    page.get_by_label("Endpoint URL").fill("inbox://dashboard-test")
    page.get_by_label("User.Joined").check()
    page.get_by_role("button", name="Add subscription").click()
    expect(page.get_by_role("status")).to_contain_text("Webhook subscription added")
    page.get_by_role("button", name="Send a test event").click()
    expect(page.locator("#probe-status")).to_have_text("200 (ok)")
    # A probe belongs to no subscription's event log (as `probeWebhookEndpoint`).
    expect(page.locator("#attempts tbody tr").first).to_contain_text("Nothing sent yet.")
    page.screenshot(path=str(SCREENSHOTS / "dashboard-webhook.png"), full_page=True)
    page.reload()  # the answer is shown once
    expect(page.locator("#probe-status")).to_have_count(0)
    (project,) = sim.sandbox.store.db["projects"].rows
    # A Sandbox user of the project, made on the users page, sends User.Joined.
    page.get_by_role("link", name="Sandbox users").click()
    page.get_by_label("Phone number").fill("+33600000001")
    page.get_by_label("First name").fill("Ada")
    page.get_by_label("Project id (optional: the user belongs to it)").fill(project["id"])
    page.get_by_role("button", name="Create user").click()
    expect(page.get_by_role("status")).to_contain_text("User created")
    page.goto(f"{live_server.base_url}/dashboard/projects/{project['id']}")
    deliveries = page.locator("#deliveries tbody tr")
    expect(deliveries).to_have_count(1)
    expect(deliveries.first).to_contain_text("User.Joined")
    page.get_by_role("button", name="Replay").first.click()
    expect(page.get_by_role("status")).to_contain_text("Event replayed")
    page.goto(f"{live_server.base_url}/dashboard/projects/{project['id']}")
    expect(deliveries).to_have_count(2)
    expect(deliveries.first).to_contain_text("Replay")
    page.screenshot(path=str(SCREENSHOTS / "dashboard-project.png"), full_page=True)
    assert client_id == project["client_id"]

    # 73 hours later, the session is over: the next page is the sign-in page.
    sim.advance("73h")
    page.goto(f"{live_server.base_url}/dashboard")
    expect(page.get_by_role("heading", name="Sign in to the dashboard")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "dashboard-sign-in.png"))
    # The link worked once.
    page.goto(link)
    expect(page.locator("#sign-in-message")).to_contain_text("already used")
    assert offline.aborted == []


def test_dashboard_refuses_a_form_without_its_csrf_token(
    sim: Simulator,
    live_server: LiveServer,
    offline: OfflineContext,  # noqa: F811
) -> None:
    page = offline.context.new_page()
    page.goto(new_sign_in_link(sim.sandbox, live_server.base_url))
    answer = page.request.post(
        f"{live_server.base_url}/dashboard/projects",
        form={"name": "X", "redirect_uri": "http://localhost/cb", "csrf_token": "wrong"},
    )
    assert answer.status == 403
    assert answer.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert sim.sandbox.store.db["projects"].count == 0


def test_callback_page_shows_code_state_and_the_token_request(
    live_server: LiveServer,
    offline: OfflineContext,  # noqa: F811
) -> None:
    page = offline.context.new_page()
    page.goto(f"{live_server.base_url}/callback?code=abc123&state=xyz")
    expect(page.locator("#code")).to_have_text("abc123")
    expect(page.locator("#state")).to_have_text("xyz")
    assert re.search(r"grant_type=authorization_code", page.locator("#curl").inner_text())
    assert '"code": "abc123"' in page.locator("#python").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "callback.png"), full_page=True)
