"""The workshop's exercises done exactly as the learner's page says (issue 33): a learner
joins with their card's code, reads each exercise's steps on their dashboard's Exercises
tab, and does what they say with their handout's values only: the `curl` commands run as
written (with `CLIENT_SECRET` and `TOKEN` set as the steps say), each GraphQL document with
the `curl` command shown under its step, the browser steps in Chromium (the login code read in the
dashboard's Text messages, newest first). One test an exercise, each starting from the card
and a new project token, each ending on "done" on the learner's page; each twice: on a room
served in-process on loopback over plain http, and as `grace-h`, served by the second of two
`serve --learners` slices behind docs/workshop.md's nginx terminating TLS, joined at the
`https://` public URL. There every address a step names or a command sends to, and every
request of the browser (redirects included), is under that URL, and every cookie `Secure`;
curl trusts the self-signed certificate through `CURL_CA_BUNDLE` (the learner's environment,
not a step), Chromium ignores it. A phone-sized viewport (360 px) of the join page and the
Exercises tab is screenshot for docs/workshop.md (on loopback), and neither page is wider
than the screen."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from simulator.workshop import Workshop
from simulator.workshop.background import BackgroundWorkshop

from .browser_workshop_support import EXERCISES_SHOT, PHONE_SHOTS
from .conftest import CHROMIUM, free_port
from .test_browser_explorer import OfflineContext
from .tls_proxy_support import Slice, TlsProxy, require_tools

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists() or shutil.which("curl") is None,
    reason=f"needs Debian's Chromium at {CHROMIUM} and curl",
)

_CODE = re.compile(r"\b(\d{6})\b")
_GRAPHQL_URL = re.compile(r"https?://\S+?/graphql\b")
#: An address in a step's text, a command or a link (up to a quote, a bracket or a space).
_ADDRESS = re.compile(r"https?://[^\s'\"<>)\\]+")


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
        """The exercise's steps on the Exercises tab, every address they name (in words, in
        a command, in a link) under the learner's public prefix: behind the proxy, a hint
        naming a server's own `http://127.0.0.1:PORT` would go around it."""
        self.page.goto(f"{self.space}/dashboard/exercises")
        section = self.page.locator(f"#exercise-{exercise}")
        links = section.locator("a[href^='http']").evaluate_all(
            "links => links.map(link => link.getAttribute('href'))"
        )
        for address in [*_ADDRESS.findall(section.inner_text()), *links]:
            assert address.startswith(f"{self.space}/"), address
        return list(section.locator("ol.steps > li").all())

    def run(self, command: str) -> Any:
        """A shell command of a step, run as written (a learner's terminal): to the learner's
        own public addresses only."""
        for address in _ADDRESS.findall(command):
            assert address.startswith(f"{self.space}/"), command
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
    # Once the page has loaded, its stylesheets in (the Exercises tab also reloads itself
    # every 10 s): measured mid-load on a busy machine, it was once wider than the phone.
    page.wait_for_load_state("load")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@dataclass(frozen=True)
class Card:
    """A served room and what one learner's card holds: the join page, their name, join
    code, client secret and phone; with how a learner's tools trust the room's certificate
    (the environment's, not the hints': `CURL_CA_BUNDLE` for curl, the browser's own)."""

    public: str  # the public URL the servers were given
    name: str
    code: str
    secret: str
    phone: str
    env: dict[str, str] = field(default_factory=dict)
    browser: dict[str, Any] = field(default_factory=dict)


def _loopback(room_of_one: Path, path: Path) -> Iterator[Card]:
    """The room of one in-process, on a loopback port, over plain http."""
    shutil.copytree(room_of_one, path)
    with BackgroundWorkshop(path) as served:
        record = served.room.record("ada")
        code = served.room.codes.code("ada")
        yield Card(served.base_url, "ada", code, record.client_secret, record.phone_number)


def _behind_the_proxy(work: Path) -> Iterator[Card]:
    """A room of two served as two slices (`serve --learners 1`, `--learners 2`, `--public-url
    https://localhost:PORT`) behind docs/workshop.md's nginx terminating TLS with a
    self-signed certificate: the card is grace-h's, served by the second slice (a name no
    `learner-NN` pattern routes), read out of the roster's handout."""
    require_tools()
    port = free_port()
    public = f"https://localhost:{port}"
    with Workshop(work / "room", public_url=public) as room:
        room.create(["ada", "grace-h"], dataset="default")
    with (work / "room" / "roster.csv").open(newline="") as handout:
        row = {row["name"]: row for row in csv.DictReader(handout)}["grace-h"]
    slices: list[Slice] = []
    proxy: TlsProxy | None = None
    try:
        for position in ("1", "2"):  # appended as started: each is stopped below
            slices.append(Slice(work / "room", position, public, work))
        proxy = TlsProxy(work, port, (slices[0].wait(), slices[1].wait()))
        yield Card(public, "grace-h", row["join_code"], row["client_secret"],
                   row["phone_number"], env={"CURL_CA_BUNDLE": str(work / "cert.pem")},
                   browser={"ignore_https_errors": True})  # fmt: skip
    finally:
        if proxy is not None:
            proxy.stop()
        for served in slices:
            served.stop()


@pytest.fixture(scope="module", params=["loopback", "tls-proxy"])
def served(
    request: pytest.FixtureRequest, room_of_one: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Card]:
    """One served room for the exercises' tests (each exercise is independent of the others:
    each test starts from the card and a new project token): the room of one in-process over
    plain http, then a room of two as slices behind the real TLS proxy."""
    work = tmp_path_factory.mktemp(request.param)
    if request.param == "loopback":
        yield from _loopback(room_of_one, work / "room")
    else:
        yield from _behind_the_proxy(work)


@pytest.fixture
def learner(served: Card, browser: Any) -> Iterator[Learner]:
    """The card's learner (ada on loopback, grace-h behind the proxy), joined with her card's
    code through the room's public URL, in a browser context of her own, with a project token
    from exercise 1's first step."""
    offline = OfflineContext(browser, **served.browser)
    # Every request of the browser, to see that none goes around the public URL.
    requested: list[str] = []
    offline.context.on("request", lambda request: requested.append(request.url))
    try:
        page = offline.context.new_page()
        _join(page, f"{served.public}/w/join", served.code)
        learner = Learner(page, f"{served.public}/w/{served.name}", served.secret)
        learner.env.update(served.env)
        learner.phone = served.phone
        learner.new_token()
        yield learner
        assert offline.aborted == []
        assert [url for url in requested if not url.startswith(f"{served.public}/w/")] == []
        if served.public.startswith("https:"):  # behind TLS, no cookie goes out in clear
            assert [c["name"] for c in offline.context.cookies() if not c["secure"]] == []
    finally:
        offline.context.close()


def test_1_project_token(learner: Learner) -> None:
    """The curl command of step 1, as written (the fixture ran it); then step 2's other way,
    the explorer opened from the Exercises tab with a token of the learner's project, whose
    query answers (behind the proxy too: the explorer's own requests name the public URL)."""
    learner.done("project-token")
    learner.steps("project-token")
    page = learner.page
    page.get_by_role("link", name="the explorer, with your project's token").click()
    expect(page.locator(".graphiql-container")).to_be_visible(timeout=20_000)
    expect(page.locator("#token-status")).to_contain_text("from your dashboard session")
    page.locator(".graphiql-execute-button").click()
    expect(page.locator(".graphiql-response")).to_contain_text("totalCount", timeout=20_000)


def test_2_list_accounts(learner: Learner) -> None:
    """The query, then again with `after:` the last endCursor until the end."""
    command = learner.steps("list-accounts")[0].locator("code").inner_text()
    answer = learner.run(command)["data"]["accounts"]
    while answer["pageInfo"]["hasNextPage"]:
        cursor = answer["pageInfo"]["endCursor"]
        answer = learner.run(command.replace("first: 2", f'first: 2, after: \\"{cursor}\\"'))
        answer = answer["data"]["accounts"]
    learner.done("list-accounts")


def test_3_rejection_fragments(learner: Learner) -> None:
    """The refused transfer, its rejection selected with a fragment."""
    refused = learner.send(learner.steps("rejection-fragments")[0])
    assert refused["data"]["initiateCreditTransfers"]["__typename"].endswith("Rejection")
    learner.done("rejection-fragments")


def test_5_webhook_retries(learner: Learner) -> None:
    """The inbox made to fail 3 times, a subscription, an event, the clock moved: every
    document of the steps after the first (which says why the inbox), as written."""
    for step in learner.steps("webhook-retries")[1:]:
        answer = learner.send(step)
        assert "errors" not in answer, answer
        assert "Rejection" not in json.dumps(answer), answer
    learner.done("webhook-retries")


def test_7_limits(learner: Learner) -> None:
    """Over the top-level field limit, then fixed as the second step says (field f removed)."""
    steps = learner.steps("limits")
    refused = learner.send(steps[0])
    assert refused["errors"][0]["extensions"]["code"] == "OPERATION_LIMIT_EXCEEDED"
    command = steps[0].locator(".curl-command").inner_text()
    fixed = command.replace(" f: accounts(first: 1) { totalCount }", "")
    assert fixed != command and "remove the field f" in steps[1].inner_text()
    assert "errors" not in learner.run(fixed)
    learner.done("limits")


def test_4_authorization_code(learner: Learner) -> None:
    """The address of step 1 in the browser, the sign-in, Authorize; the curl command
    the callback page shows, run with CLIENT_ID and CLIENT_SECRET set."""
    steps = learner.steps("authorization-code")
    address = steps[0].locator("a").first.get_attribute("href")
    client_id = re.search(r"CLIENT_ID=(\S+?) ", steps[2].inner_text())
    assert address and client_id
    learner.page.goto(address)
    learner.sign_in()
    learner.page.get_by_role("button", name="Authorize").click()
    learner.page.wait_for_url(f"{learner.space}/callback?*")
    learner.env["CLIENT_ID"] = client_id.group(1)
    tokens = learner.run(learner.page.locator("#curl").inner_text())
    assert "access_token" in tokens
    learner.done("authorization-code")


def test_6_transfer_consent(learner: Learner) -> None:
    """The transfer of step 1 with the project token, its consentUrl in the browser, the
    handout's phone, Approve; back on the callback page, which says it was accepted."""
    steps = learner.steps("transfer-consent")
    answer = learner.send(steps[0])
    assert "data" in answer, answer
    payment = answer["data"]["initiateCreditTransfers"]["payment"]
    consent_url = payment["statusInfo"]["consent"]["consentUrl"]
    assert consent_url.startswith(f"{learner.space}/"), consent_url
    learner.page.goto(consent_url)
    learner.sign_in()
    learner.page.get_by_role("button", name="Approve").click()
    learner.page.wait_for_url(f"{learner.space}/callback?*")
    expect(learner.page.locator("#consent-outcome")).to_contain_text("The consent was approved")
    learner.done("transfer-consent")


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
