"""The workshop's exercises done exactly as the learner's page says (issue 33): a learner
joins with their card's code, reads each exercise's steps on their dashboard's Exercises
tab, and does what they say with their handout's values only: the `curl` commands run as
written (with `CLIENT_SECRET` and `TOKEN` set as the steps say), each GraphQL document with
the `curl` command shown under its step, the browser steps in Chromium (the login code read in the
dashboard's Text messages, newest first). One test an exercise, each starting from the card
and a new project token, each ending on "done" on the learner's page. A
phone-sized viewport (360 px) of the join page and the Exercises tab is screenshot for
docs/workshop.md, and neither page is wider than the screen."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from simulator.workshop import Workshop
from simulator.workshop.background import BackgroundWorkshop

from .browser_workshop_support import EXERCISES_SHOT, PHONE_SHOTS
from .conftest import CHROMIUM
from .test_browser_explorer import OfflineContext

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists() or shutil.which("curl") is None,
    reason=f"needs Debian's Chromium at {CHROMIUM} and curl",
)

_CODE = re.compile(r"\b(\d{6})\b")
_GRAPHQL_URL = re.compile(r"https?://\S+?/graphql\b")


@pytest.fixture(scope="module")
def room_of_one(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(["ada"], dataset="default")
    return path


class Learner:
    """One learner following their page, in their browser context and their terminal."""

    def __init__(self, page: Any, space: str, secret: str) -> None:
        self.page, self.space = page, space
        self.phone = ""
        self.env = {**os.environ, "CLIENT_SECRET": secret}

    def steps(self, exercise: str) -> list[Any]:
        self.page.goto(f"{self.space}/dashboard/exercises")
        return list(self.page.locator(f"#exercise-{exercise} ol.steps > li").all())

    def run(self, command: str) -> Any:
        """A shell command of a step, run as written (a learner's terminal)."""
        done = subprocess.run(
            ["bash", "-c", command], env=self.env, capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def new_token(self) -> None:
        """A project token, with the curl command of exercise 1's first step."""
        command = self.steps("project-token")[0].locator("code").inner_text()
        self.env["TOKEN"] = self.run(command)["access_token"]

    def send(self, step: Any) -> dict[str, Any]:
        """The step's document, with the `curl` command shown under it, as written (it names
        the address the step names, and reads the project token from `$TOKEN`)."""
        text = step.inner_text()
        url = _GRAPHQL_URL.search(text)
        command = step.locator(".curl-command").inner_text()
        assert url and command.startswith(f"curl -s {url.group(0)} "), text
        return dict(self.run(command))

    def done(self, exercise: str) -> None:
        self.page.goto(f"{self.space}/dashboard/exercises")
        status = self.page.locator(f"#exercise-{exercise} .status")
        expect(status).to_have_attribute("data-status", "done")

    def sign_in(self) -> None:
        """The OAuth sign-in as the steps say: the handout's phone, the code from the
        dashboard's Text messages (newest first)."""
        page, phone = self.page, self.phone
        page.get_by_label("Phone number").fill(phone)
        page.get_by_role("button", name="Send me a code").click()
        outbox = page.context.new_page()
        outbox.goto(f"{self.space}/dashboard/sms")
        row = outbox.locator("tbody tr").first
        expect(row).to_contain_text(phone)
        code = _CODE.search(row.inner_text())
        outbox.close()
        assert code
        page.get_by_label("Verification code").fill(code.group(1))
        page.get_by_role("button", name="Verify code").click()
        if page.get_by_label("Birth date").count():  # a first sign-in completes the profile
            page.get_by_label("Last name").fill("Learner")
            page.get_by_label("Birth date").fill("1990-04-21")
            page.get_by_role("button", name="Create my account").click()


def _join(page: Any, join_page: str, code: str) -> None:
    page.goto(join_page)
    page.get_by_label("Join code").fill(code)
    page.get_by_role("button", name="Join").click()
    page.get_by_role("button", name="Open my dashboard").click()
    expect(page.get_by_role("heading", name="Exercises")).to_be_visible()


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@pytest.fixture(scope="module")
def served(room_of_one: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One served room for the exercises' tests (each exercise is independent of the others:
    each test starts from the card and a new project token)."""
    path = tmp_path_factory.mktemp("served") / "room"
    shutil.copytree(room_of_one, path)
    with BackgroundWorkshop(path) as room:
        yield room


@pytest.fixture
def ada(served: Any, browser: Any) -> Iterator[Learner]:
    """ada, joined with her card's code, in a browser context of her own, with a project token
    from exercise 1's first step."""
    record = served.room.record("ada")
    offline = OfflineContext(browser)
    try:
        page = offline.context.new_page()
        _join(page, f"{served.base_url}/w/join", served.room.codes.code("ada"))
        learner = Learner(page, f"{served.base_url}/w/ada", record.client_secret)
        learner.phone = record.phone_number
        learner.new_token()
        yield learner
        assert offline.aborted == []
    finally:
        offline.context.close()


def test_1_project_token(ada: Learner) -> None:
    """The curl command of step 1, as written (the fixture ran it)."""
    ada.done("project-token")


def test_2_list_accounts(ada: Learner) -> None:
    """The query, then again with `after:` the last endCursor until the end."""
    command = ada.steps("list-accounts")[0].locator("code").inner_text()
    answer = ada.run(command)["data"]["accounts"]
    while answer["pageInfo"]["hasNextPage"]:
        cursor = answer["pageInfo"]["endCursor"]
        answer = ada.run(command.replace("first: 2", f'first: 2, after: \\"{cursor}\\"'))
        answer = answer["data"]["accounts"]
    ada.done("list-accounts")


def test_3_rejection_fragments(ada: Learner) -> None:
    """The refused transfer, its rejection selected with a fragment."""
    refused = ada.send(ada.steps("rejection-fragments")[0])
    assert refused["data"]["initiateCreditTransfers"]["__typename"].endswith("Rejection")
    ada.done("rejection-fragments")


def test_5_webhook_retries(ada: Learner) -> None:
    """The inbox made to fail 3 times, a subscription, an event, the clock moved: every
    document of the steps after the first (which says why the inbox), as written."""
    for step in ada.steps("webhook-retries")[1:]:
        answer = ada.send(step)
        assert "errors" not in answer, answer
        assert "Rejection" not in json.dumps(answer), answer
    ada.done("webhook-retries")


def test_7_limits(ada: Learner) -> None:
    """Over the top-level field limit, then fixed as the second step says (field f removed)."""
    steps = ada.steps("limits")
    refused = ada.send(steps[0])
    assert refused["errors"][0]["extensions"]["code"] == "OPERATION_LIMIT_EXCEEDED"
    command = steps[0].locator(".curl-command").inner_text()
    fixed = command.replace(" f: accounts(first: 1) { totalCount }", "")
    assert fixed != command and "remove the field f" in steps[1].inner_text()
    assert "errors" not in ada.run(fixed)
    ada.done("limits")


def test_4_authorization_code(ada: Learner) -> None:
    """The address of step 1 in the browser, the sign-in, Authorize; the curl command
    the callback page shows, run with CLIENT_ID and CLIENT_SECRET set."""
    steps = ada.steps("authorization-code")
    address = steps[0].locator("a").first.get_attribute("href")
    client_id = re.search(r"CLIENT_ID=(\S+?) ", steps[2].inner_text())
    assert address and client_id
    ada.page.goto(address)
    ada.sign_in()
    ada.page.get_by_role("button", name="Authorize").click()
    ada.page.wait_for_url(f"{ada.space}/callback?*")
    ada.env["CLIENT_ID"] = client_id.group(1)
    tokens = ada.run(ada.page.locator("#curl").inner_text())
    assert "access_token" in tokens
    ada.done("authorization-code")


def test_6_transfer_consent(ada: Learner) -> None:
    """The transfer of step 1 with the project token, its consentUrl in the browser, the
    handout's phone, Approve; back on the callback page, which says it was accepted."""
    steps = ada.steps("transfer-consent")
    answer = ada.send(steps[0])
    assert "data" in answer, answer
    payment = answer["data"]["initiateCreditTransfers"]["payment"]
    ada.page.goto(payment["statusInfo"]["consent"]["consentUrl"])
    ada.sign_in()
    ada.page.get_by_role("button", name="Approve").click()
    ada.page.wait_for_url(f"{ada.space}/callback?*")
    expect(ada.page.locator("#consent-outcome")).to_contain_text("The consent was approved")
    ada.done("transfer-consent")


def test_the_learner_pages_on_a_phone(room_of_one: Path, tmp_path: Path, browser: Any) -> None:
    shutil.copytree(room_of_one, tmp_path / "room")
    with BackgroundWorkshop(tmp_path / "room") as served:
        # A phone: 360 CSS pixels wide, at twice the density (as phones draw them).
        offline = OfflineContext(
            browser, viewport={"width": 360, "height": 740}, device_scale_factor=2
        )
        try:
            page = offline.context.new_page()
            page.goto(f"{served.base_url}/w/join")
            page.get_by_label("Join code").fill(served.room.codes.code("ada"))
            page.get_by_role("button", name="Join").click()
            secret = page.locator("#v-client_secret")
            expect(secret).to_be_visible()
            # The credentials use the screen's width, not a column of a few characters.
            assert secret.bounding_box()["width"] > 200
            _fits(page)
            page.screenshot(path=str(PHONE_SHOTS[0]), full_page=True)
            page.get_by_role("button", name="Open my dashboard").click()
            expect(page.get_by_role("heading", name="Exercises")).to_be_visible()
            _fits(page)
            page.screenshot(path=str(PHONE_SHOTS[1]), full_page=True)
        finally:
            offline.context.close()
        laptop = OfflineContext(browser)
        try:
            page = laptop.context.new_page()
            _join(page, f"{served.base_url}/w/join", served.room.codes.code("ada"))
            _fits(page)
            page.screenshot(path=str(EXERCISES_SHOT), full_page=True)
            # The explorer from the tab holds a token of the learner's project already.
            page.get_by_role("link", name="the explorer, with your project's token").click()
            expect(page.locator(".graphiql-container")).to_be_visible(timeout=20_000)
            expect(page.locator("#token-status")).to_have_text(
                "Project token for ada's project (from your dashboard session)."
            )
            page.locator(".graphiql-execute-button").click()
            expect(page.locator(".graphiql-response")).to_contain_text("totalCount", timeout=20_000)
            assert "token" not in page.url
        finally:
            laptop.context.close()
