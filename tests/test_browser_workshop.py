"""The workshop as a room uses it, in a real browser (Debian's Chromium, Playwright): two
learners, each in their own browser context, join with the code of their handout and go
through explorer, their dashboard, sign-in pages and consent under `/w/<learner>/`, while
the instructor's view, in a third, refreshes itself with their progress and resets the room
after a confirmation. Once on a served room on loopback (writing the screenshots of
docs/workshop.md), once behind a real TLS-terminating nginx in front of two
`serve --learners` slices (docs/workshop.md)."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from simulator.workshop import Workshop
from simulator.workshop.background import BackgroundWorkshop

from .browser_workshop_support import (
    INSTRUCTOR_SHOT,
    JOIN_SHOT,
    Learner,
    instructor_resets_the_room,
    instructor_row,
    learner_path,
)
from .conftest import CHROMIUM, free_port
from .test_browser_explorer import OfflineContext
from .test_server import run_cli
from .tls_proxy_support import Slice, TlsProxy, require_tools

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

PHONES = {"ada": "+33600000101", "bob": "+33600000102"}


@pytest.fixture(scope="module")
def room_of_two(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(["ada", "bob"], dataset="default")
    return path


def test_two_learners_and_the_instructor_in_a_browser(
    room_of_two: Path, tmp_path: Path, browser: Any
) -> None:
    shutil.copytree(room_of_two, tmp_path / "room")
    with BackgroundWorkshop(tmp_path / "room") as served:
        learners = []
        for name in ("ada", "bob"):
            record = served.room.record(name)
            space = f"{served.base_url}/w/{name}"
            code = served.room.codes.code(name)
            learners.append(
                Learner(name, space, record.client_id, record.client_secret, code, PHONES[name])
            )
        contexts = [OfflineContext(browser) for _ in range(3)]
        try:
            for learner, context in zip(learners, contexts, strict=False):
                context.context.grant_permissions(["clipboard-read", "clipboard-write"])
                shot = JOIN_SHOT if learner.name == "ada" else None
                learner_path(context, learner, screenshot=shot)

            def nudge() -> None:
                httpx.get(f"{learners[0].space}/sandbox/graphql", timeout=20)

            instructor_resets_the_room(
                contexts[2], served.sign_in_link(), ["ada", "bob"], nudge, INSTRUCTOR_SHOT
            )
            # The reset took: bob's space is the template's again (his project and his
            # dashboard session gone), and ada's.
            bob = contexts[1].context.new_page()
            bob.goto(f"{learners[1].space}/dashboard")
            expect(bob.get_by_role("heading", name="Sign in to the dashboard")).to_be_visible()
            # Its sign-in page sends him to the join page, not to a command.
            expect(bob.get_by_role("link", name="Open the join page")).to_be_visible()
            for name in ("ada", "bob"):
                assert served.room.learner(name).sandbox.store.db["projects"].count == 1
            assert all(context.aborted == [] for context in contexts)
        finally:
            for context in contexts:
                context.context.close()


def _cli(*args: str) -> str:
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _secure_cookies(offline: OfflineContext) -> dict[str, tuple[bool, str]]:
    return {c["name"]: (c["secure"], c["path"]) for c in offline.context.cookies()}


def _room_wide(page: Any, button: str, field: str, value: str) -> None:
    """Fill the "Every learner" form of `button` and send it."""
    form = page.locator("form").filter(has=page.get_by_role("button", name=button))
    form.get_by_label(field).fill(value)
    form.get_by_role("button", name=button).click()
    page.wait_for_url(re.compile(r"/workshop$"))


def _cells(page: Any, names: list[str], nth: int) -> list[str]:
    """The `nth` cell from the row's end (-1: the clock, -2: checkpoints) of each learner."""
    return [str(instructor_row(page, name).locator("td").nth(nth).inner_text()) for name in names]


def instructor_runs_the_sliced_room(offline: OfflineContext, link: str, names: list[str]) -> None:
    """Through the proxy, the first slice's view: every learner of both slices, and a
    clock advance and a checkpoint of the whole room reaching both."""
    page = offline.context.new_page()
    page.goto(link)
    expect(page.get_by_role("heading", name=f"Workshop: {len(names)} learners")).to_be_visible()
    for name in names:
        expect(instructor_row(page, name).locator("td").first).to_have_class("done")
    before = _cells(page, names, -1)
    _room_wide(page, "Advance every clock", "duration", "2h")
    expect(page.get_by_role("status")).to_have_text(
        f"Every learner's space ({len(names)}) moved forward by 2h."
    )
    after = _cells(page, names, -1)
    assert all(new > old for new, old in zip(after, before, strict=True)), (before, after)
    _room_wide(page, "Checkpoint the room", "room checkpoint", "lunch")
    expect(page.get_by_role("status")).to_contain_text("saved as checkpoint 'lunch'")
    assert _cells(page, names, -2) == ["lunch"] * len(names)
    # The second slice's learner has a page of her own, from her slice.
    page.get_by_role("link", name=names[-1], exact=True).click()
    expect(page.get_by_role("heading", name=f"Learner {names[-1]}")).to_be_visible()
    expect(page.locator("#join-code")).to_contain_text(f"{names[-1]}-")
    expect(page.locator("table tbody tr").first).to_be_visible()
    page.close()


def test_the_same_behind_a_tls_proxy_in_front_of_two_slices(tmp_path: Path, browser: Any) -> None:
    """As docs/workshop.md serves a large room: `workshop create --names` (names of any
    shape), two `serve --learners` slices with the proxy's `--public-url https://...`,
    `workshop slices` writing the plan and the proxy's map, nginx in front with the page's
    own configuration (`documented_nginx_conf`); every cookie `Secure`. One instructor's
    view, through the proxy, over both slices, whose room-wide actions reach both."""
    require_tools()
    work = tmp_path / "proxy"
    work.mkdir()
    port = free_port()
    public = f"https://localhost:{port}"
    room = tmp_path / "room"
    first, second = "ada", "grace-h"  # one a slice: the map written by `workshop slices`
    phones = {first: PHONES["ada"], second: PHONES["bob"]}  # new to their spaces
    (tmp_path / "names.txt").write_text(f"{first}\n{second}\n")
    _cli("workshop", "create", "--names", str(tmp_path / "names.txt"), "--dataset", "default",
         "--data-dir", str(room), "--public-url", public)  # fmt: skip
    with (room / "roster.csv").open(newline="") as handout:
        roster = {row["name"]: row for row in csv.DictReader(handout)}
    slices: list[Slice] = []
    proxy: TlsProxy | None = None
    contexts = [OfflineContext(browser, ignore_https_errors=True) for _ in range(3)]
    try:
        for position in ("1", "2"):  # appended as started: each is stopped below
            slices.append(Slice(room, position, public, work))
        proxy = TlsProxy(work, port, (slices[0].wait(), slices[1].wait()))
        for name, context in zip((first, second), contexts, strict=False):
            row = roster[name]
            space = f"{public}/w/{name}"
            assert row["base_url"] == space and row["join_url"] == f"{public}/w/join"
            # The join page is the first slice's (the map's default), grace-h's dashboard
            # entry the second's: the code opens both.
            learner = Learner(name, space, row["client_id"], row["client_secret"],
                              row["join_code"], phones[name])  # fmt: skip
            context.context.grant_permissions(["clipboard-read", "clipboard-write"])
            learner_path(context, learner, verify=False)
            cookies = _secure_cookies(context)
            assert cookies["dashboard_session"] == (True, f"/w/{name}/dashboard")
            assert cookies["oauth2_session"] == (True, f"/w/{name}/oauth2")
        # The slices' own questions are not answered from outside.
        answer = httpx.get(f"{public}/workshop/slice/rows", verify=False, timeout=20)
        assert answer.status_code == 404

        def nudge() -> None:
            httpx.get(f"{public}/w/{first}/sandbox/graphql", verify=False, timeout=20)

        instructor_runs_the_sliced_room(contexts[2], slices[0].sign_in_link, [first, second])
        # Signed in already (the link is one-time): the view's own address.
        instructor_resets_the_room(contexts[2], f"{public}/workshop", [first, second], nudge)
        assert _secure_cookies(contexts[2])["workshop_session"] == (True, "/workshop")
        for name, context in zip((first, second), contexts, strict=False):
            reset = context.context.new_page()  # the reset reached both slices
            reset.goto(f"{public}/w/{name}/dashboard")
            expect(reset.get_by_role("heading", name="Sign in to the dashboard")).to_be_visible()
        assert all(context.aborted == [] for context in contexts)
    finally:
        for context in contexts:
            context.context.close()
        if proxy is not None:
            proxy.stop()
        for served in slices:
            served.stop()
