"""The explorer in a real browser (Debian's Chromium, Playwright) on a real uvicorn: every
request to anything but loopback is aborted, so a page that needed the internet would
fail here."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from simulator import Simulator

from .conftest import CHROMIUM, LiveServer

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

SCREENSHOTS = Path(__file__).parent.parent / "docs" / "screenshots"
LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


class OfflineContext:
    """A browser context whose requests to anything but loopback are aborted and recorded."""

    def __init__(self, browser: Any, **options: Any) -> None:
        # `options`: more of `new_context`'s (`ignore_https_errors` behind a test's proxy).
        # `viewport`: a phone's in the workshop's phone test; a laptop's by default.
        options = {"viewport": {"width": 1280, "height": 800}, **options}
        self.context = browser.new_context(**options)
        self.aborted: list[str] = []
        self.context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = route.request.url
        if urlsplit(url).hostname in LOOPBACK or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.aborted.append(url)
            route.abort()


@pytest.fixture
def offline(browser: Any) -> Iterator[OfflineContext]:
    context = OfflineContext(browser)
    yield context
    context.context.close()


def editor_text(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.inner_text())


def test_the_explorer_runs_a_query_with_a_project_token(
    sim: Simulator, live_server: LiveServer, offline: OfflineContext
) -> None:
    creds = sim.create_project("sandbox", "Explorer app", ["http://127.0.0.1:8000/callback"])
    page = offline.context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live_server.base_url}/sandbox/graphql")
    expect(page.locator(".graphiql-container")).to_be_visible(timeout=20_000)

    page.get_by_label("client_id").fill(creds.client_id)
    page.get_by_label("client_secret").fill(creds.client_secret)
    page.get_by_role("button", name="Get a project token").click()
    expect(page.locator("#token-status")).to_contain_text("Project token for")

    # Type a query in the editor (CodeMirror): select all, then type over it.
    page.locator(".graphiql-query-editor .CodeMirror").first.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type("{ accounts { totalCount")
    page.keyboard.press("Escape")
    page.locator(".graphiql-execute-button").click()
    result = page.locator(".graphiql-response .CodeMirror-code")
    expect(result).to_contain_text('"totalCount": 0', timeout=10_000)
    expect(page.locator("#cost")).to_contain_text("complexity")
    expect(page.locator("#cost")).to_contain_text("rate")
    page.screenshot(path=str(SCREENSHOTS / "explorer.png"))

    assert offline.aborted == []
    assert [p for p in problems if "sourceMappingURL" not in p] == []


@pytest.mark.parametrize("prefix", ["sandbox-testing", "live"])
def test_the_explorer_serves_every_endpoint(
    live_server: LiveServer, offline: OfflineContext, prefix: str
) -> None:
    page = offline.context.new_page()
    page.goto(f"{live_server.base_url}/{prefix}/graphql")
    expect(page.locator(".graphiql-container")).to_be_visible(timeout=20_000)
    assert offline.aborted == []
