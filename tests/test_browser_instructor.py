"""The instructor's view of a room of 30 on a 1366x768 laptop, in a real browser (Debian's
Chromium, Playwright) against a served room (real uvicorn): per-exercise totals, sorting and
filtering without a reload (and kept through the table's refreshes), a header that stays in
view, compact rows, a learner's page naming what is missing and each request's operation and
outcome, and a room-wide reset showing its progress. Writes the screenshots of
docs/workshop.md's instructor section."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from simulator.workshop import Workshop, default_names
from simulator.workshop.background import BackgroundWorkshop

from .browser_workshop_support import LEARNER_SHOT, ROOM_SHOT
from .conftest import CHROMIUM
from .test_browser_explorer import OfflineContext

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def room_of_30(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(default_names(30), dataset="default")
    return path


def _traffic(served: BackgroundWorkshop) -> None:
    """learner-07 gets three project tokens, learner-12 one, learner-03 one and then sends a
    document the schema refuses (their last request failed: stuck)."""
    for name, tokens in (("learner-07", 3), ("learner-12", 1), ("learner-03", 1)):
        record = served.room.record(name)
        space = f"{served.base_url}/w/{name}"
        for _ in range(tokens):
            answer = httpx.post(
                f"{space}/oauth2/token",
                data={"grant_type": "client_credentials"},
                auth=(record.client_id, record.client_secret),
                timeout=20,
            )
            assert answer.status_code == 200, answer.text
    token = answer.json()["access_token"]
    refused = httpx.post(
        f"{served.base_url}/w/learner-03/sandbox/graphql",
        json={"query": "query Broken { nothingHere }"},
        headers={"Authorization": f"Bearer {token}"},
        timeout=20,
    )
    assert refused.status_code == 400


def _first(page: Any) -> Any:
    return page.locator("#learners tr:not([hidden])").first


def _rows_in_view(page: Any) -> int:
    return int(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('#learners tr')).filter((row) => {
                 const box = row.getBoundingClientRect();
                 return box.top >= 0 && box.bottom <= window.innerHeight;
               }).length"""
        )
    )


def _sorting_and_filtering(page: Any) -> None:
    shown = page.locator("#shown")
    expect(shown).to_have_text("Showing 30 of 30.")
    page.get_by_label("Filter learners by name").fill("learner-1")
    expect(shown).to_have_text("Showing 10 of 30.")  # learner-10 ... learner-19
    page.get_by_label("Filter learners by name").fill("")
    page.get_by_label("Show").select_option("stuck")
    expect(shown).to_have_text("Showing 1 of 30.")
    expect(_first(page)).to_have_attribute("data-learner", "learner-03")
    page.get_by_label("Show").select_option("not-started")
    expect(shown).to_have_text("Showing 27 of 30.")
    page.get_by_label("Show").select_option("all")
    page.get_by_role("button", name="Requests", exact=True).click()  # the most first
    expect(_first(page)).to_have_attribute("data-learner", "learner-07")
    page.get_by_role("button", name="Errors", exact=True).click()
    expect(_first(page)).to_have_attribute("data-learner", "learner-03")
    page.get_by_role("button", name="Last activity", exact=True).click()  # most recent first
    expect(page.locator("#learners tr").last).to_have_attribute("data-learner", "learner-30")
    page.get_by_role("button", name="Learner", exact=True).click()
    expect(_first(page)).to_have_attribute("data-learner", "learner-01")
    page.get_by_role("button", name="Learner", exact=True).click()  # again: the other way
    expect(_first(page)).to_have_attribute("data-learner", "learner-30")
    # Sorted by requests, the order survives the table's refresh (no reload either).
    page.get_by_role("button", name="Requests", exact=True).click()
    refreshes = page.locator("#refreshed").get_attribute("data-refreshes") or "0"
    expect(page.locator("#refreshed")).not_to_have_attribute(
        "data-refreshes", refreshes, timeout=15_000
    )
    expect(_first(page)).to_have_attribute("data-learner", "learner-07")
    assert page.url.endswith("/workshop")


def test_a_room_of_30_on_a_laptop(room_of_30: Path, tmp_path: Path, browser: Any) -> None:
    shutil.copytree(room_of_30, tmp_path / "room")
    with BackgroundWorkshop(tmp_path / "room") as served:
        _traffic(served)
        offline = OfflineContext(browser, viewport=LAPTOP)
        try:
            page = offline.context.new_page()
            page.goto(served.sign_in_link())
            expect(page.get_by_role("heading", name="Workshop: 30 learners")).to_be_visible()
            # Per-exercise totals, and the learners who need a look.
            expect(page.locator("[data-total='project-token']")).to_have_text("3/30")
            expect(page.locator("#counts")).to_have_text("1 stuck, 27 not started")
            # Compact rows: most of the room in one screen (8 rows before).
            assert _rows_in_view(page) >= 24, _rows_in_view(page)
            page.screenshot(path=str(ROOM_SHOT))
            _sorting_and_filtering(page)
            # The header stays in view at the bottom of the table (a shorter window: at
            # 1366x768 the room of 30 nearly fits).
            page.set_viewport_size({"width": 1366, "height": 420})
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            assert page.evaluate("window.scrollY") > 0
            top = page.evaluate("document.querySelector('#room thead').getBoundingClientRect().top")
            assert abs(top) < 1
            expect(page.get_by_role("button", name="Requests", exact=True)).to_be_in_viewport()
            page.set_viewport_size(LAPTOP)
            _learner_page(page)
            _room_reset(page)
            assert offline.aborted == []
        finally:
            offline.context.close()


def _learner_page(page: Any) -> None:
    """learner-03's page: what is missing, and each request's operation and outcome."""
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("link", name="learner-03", exact=True).click()
    expect(page.get_by_role("heading", name="Learner learner-03")).to_be_visible()
    missing = page.locator("#missing li")
    expect(missing.first).to_contain_text("2. ")
    assert "1. " not in missing.all_inner_texts()[0][:3]  # the project token is done
    broken = page.locator("tbody tr").filter(has_text="Broken")
    expect(broken.locator("td.error")).to_contain_text("error: Cannot query field")
    token = page.locator("tbody tr").filter(has_text="/oauth2/token")
    expect(token.locator("td.ok")).to_have_text("ok")
    page.screenshot(path=str(LEARNER_SHOT), full_page=True)
    page.get_by_role("link", name="← The room").click()


def _room_reset(page: Any) -> None:
    """A room-wide reset after its question: the page comes back at once and shows how far
    the reset is, then what it did."""
    page.get_by_role("button", name="Reset every learner…").click()
    page.get_by_role("button", name="Yes, reset every learner").click()
    page.wait_for_url(re.compile(r"/workshop$"))
    expect(page.get_by_role("status")).to_contain_text(
        "Every learner's space (30) reset.", timeout=60_000
    )
    expect(page.locator("[data-total='project-token']")).to_have_text("0/30", timeout=15_000)
