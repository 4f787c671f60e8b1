"""Sessions made in a real browser (Debian's Chromium, driven by Playwright) against a
served simulator, reported and replayed (issue 31, point 1): the authorization-code flow
through the phone and text-message pages, a consent approved on its page, the token
exchange and a GraphQL call with the user token; and the dashboard's forms."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from playwright.sync_api import expect

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link
from simulator.domain.accounts.accounts import create_account_holder

from .conftest import CHROMIUM, LiveServer
from .test_browser_oauth import PartnerSite
from .test_consents_pages import query_of
from .workshop_support import TRANSFER

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"needs {CHROMIUM}")

PHONE = "+33612345678"
ACCOUNTS = "{ accounts { edges { node { id IBAN } } } }"


def replay_notebook(report: Path) -> None:
    """Every code cell of the report, in-process, as nbval runs them."""
    notebook = json.loads(report.read_text())
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), namespace)


def run_nbval(report: Path) -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "-q",
         "-p", "no:cacheprovider", str(report)],
        capture_output=True, text=True, timeout=300, check=False, cwd=report.parent,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-4000:]


def sign_in(sim: Simulator, page: Any, *, typo: bool = False) -> None:
    """The phone page, then the code the text message brought (read from the outbox); with
    `typo`, a wrong code first."""
    page.get_by_role("button", name="Send me a code").click()
    if typo:
        code = sim.oauth.latest_code(PHONE) or ""
        page.get_by_label("Verification code").fill(f"{(int(code) + 7) % 10**6:06d}")
        page.get_by_role("button", name="Verify code").click()
        expect(page.get_by_role("alert")).to_contain_text("Wrong code")
    page.get_by_label("Verification code").fill(sim.oauth.latest_code(PHONE) or "")
    page.get_by_role("button", name="Verify code").click()


def test_an_oauth_and_consent_session_in_chromium_replays(
    sim: Simulator, live_server: LiveServer, browser: Any, tmp_path: Path
) -> None:
    with PartnerSite() as partner:
        callback = f"{partner.origin}/callback"
        creds = sim.create_project("sandbox", "Browser app", [callback])
        create_account_holder(
            sim.sandbox, creds.project_id, first_name="Ada", last_name="Lovelace",
            legal_representative_phone=PHONE,
        )  # fmt: skip
        account = sim.sandbox.store.db.execute("SELECT id FROM accounts").fetchone()[0]
        sim.snapshot("before")
        context = browser.new_context(java_script_enabled=False)
        try:
            page = context.new_page()
            params = {
                "response_type": "code", "client_id": creds.client_id, "redirect_uri": callback,
                "scope": "openid offline", "state": "browser-state", "phoneNumber": PHONE,
            }  # fmt: skip
            page.goto(f"{live_server.base_url}/oauth2/auth?{urlencode(params)}")
            sign_in(sim, page, typo=True)
            expect(page.get_by_role("heading", name="Authorize Browser app")).to_be_visible()
            page.get_by_role("button", name="Authorize").click()
            page.wait_for_url(f"{callback}?*")
            code = query_of(page.url)["code"]
            with httpx.Client(base_url=live_server.base_url) as api:
                tokens = api.post(
                    "/oauth2/token",
                    data={
                        "grant_type": "authorization_code", "code": code,
                        "redirect_uri": callback, "client_id": creds.client_id,
                        "client_secret": creds.client_secret,
                    },
                )  # fmt: skip
                assert tokens.status_code == 200, tokens.text
                bearer = {"Authorization": f"Bearer {tokens.json()['access_token']}"}
                transfer = TRANSFER.replace("http://localhost:3000/callback", callback)
                sent = api.post(
                    "/sandbox/graphql", headers=bearer,
                    json={"query": transfer, "variables": {"account": account}},
                ).json()  # fmt: skip
                payment = sent["data"]["initiateCreditTransfers"]["payment"]
                page.goto(payment["statusInfo"]["consent"]["consentUrl"])
                sign_in(sim, page, typo=True)
                expect(page.get_by_role("heading", name="Approve a transfer")).to_be_visible()
                page.get_by_role("button", name="Approve").click()
                page.wait_for_url(f"{callback}?*")
                assert query_of(page.url)["status"] == "Accepted"
                read = api.post("/sandbox/graphql", headers=bearer, json={"query": ACCOUNTS})
                assert read.status_code == 200, read.text
        finally:
            context.close()
    report = tmp_path / "bug.ipynb"
    sim.report(report, since="before")
    replay_notebook(report)
    run_nbval(report)


def test_a_dashboard_session_in_chromium_replays(
    sim: Simulator, live_server: LiveServer, browser: Any, tmp_path: Path
) -> None:
    sim.snapshot("before")
    link = new_sign_in_link(sim.sandbox, live_server.base_url)  # as `serve` prints one
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(link)
        page.get_by_label("Project name").fill("Dashboard app")
        page.get_by_label("Redirect URL").fill("http://localhost:3000/callback")
        page.get_by_role("button", name="Create project").click()
        expect(page.get_by_role("heading", name="Dashboard app")).to_be_visible()
        client_id = page.locator("#client-id").inner_text()
        secret = page.locator("#new-secret").inner_text()
        page.get_by_label("Name", exact=True).fill("Renamed app")
        page.get_by_role("button", name="Rename").click()
        expect(page.get_by_role("heading", name="Renamed app")).to_be_visible()
        page.get_by_label("New redirect URL").fill("ftp://nope")  # refused, with a message
        page.get_by_role("button", name="Add redirect URL").click()
        expect(page.get_by_role("alert")).to_contain_text("absolute http(s) URL")
        page.get_by_label("Label").fill("inbox")
        page.get_by_label("Endpoint URL").fill("inbox://dashboard-report")
        page.get_by_label("User.Joined").check()
        page.get_by_role("button", name="Add subscription").click()
        expect(page.get_by_role("status")).to_contain_text("Webhook subscription added")
        with httpx.Client(base_url=live_server.base_url) as api:
            token = api.post(
                "/oauth2/token",
                data={"grant_type": "client_credentials", "client_id": client_id,
                      "client_secret": secret},
            )  # fmt: skip
            assert token.status_code == 200, token.text
        page.goto(f"{live_server.base_url}/dashboard/clock")
        page.get_by_label("Advance by").fill("90m")
        page.get_by_role("button", name="Advance").click()
        expect(page.get_by_role("status")).to_be_visible()
        page.get_by_role("link", name="Sandbox users").click()
        page.get_by_label("Phone number").fill("+33600000001")
        page.get_by_label("First name").fill("Ada")
        page.get_by_label("Project id (optional: the user belongs to it)").fill(
            sim.sandbox.store.db.execute("SELECT id FROM projects").fetchone()[0]
        )
        page.get_by_role("button", name="Create user").click()
        expect(page.get_by_role("status")).to_contain_text("User created")
    finally:
        context.close()
    report = tmp_path / "bug.ipynb"
    sim.report(report, since="before")
    steps = [e for e in sim.journal.filter("sandbox") if e.endpoint.startswith("/dashboard")]
    assert len(steps) >= 6, steps  # the sign-in and every form posted
    replay_notebook(report)
