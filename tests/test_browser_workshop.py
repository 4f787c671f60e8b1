"""The workshop as a room uses it, in a real browser (Debian's Chromium, Playwright): two
learners, each in their own browser context, join with the code of their handout and go
through explorer, their dashboard, sign-in pages and consent under `/w/<learner>/`, while
the instructor's view, in a third, refreshes itself with their progress and resets the room
after a confirmation. Once on a served room on loopback (writing the screenshots of
docs/workshop.md), once behind a real TLS-terminating nginx in front of two
`serve --learners` slices (docs/workshop.md)."""

from __future__ import annotations

import csv
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


def test_the_same_behind_a_tls_proxy_in_front_of_two_slices(tmp_path: Path, browser: Any) -> None:
    """As docs/workshop.md serves a large room: `workshop create --names`, two
    `serve --learners` slices with the proxy's `--public-url https://...`, nginx in front
    routing `learner-01` to `learner-50` to the first and the rest to the second (the page's
    own configuration: `documented_nginx_conf`); every cookie `Secure`."""
    require_tools()
    work = tmp_path / "proxy"
    work.mkdir()
    port = free_port()
    public = f"https://localhost:{port}"
    room = tmp_path / "room"
    first, second = "learner-01", "learner-51"  # the page's map sends them apart
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
            # The join page is the second slice's (nginx: every path but the first 50
            # learners'), learner-01's dashboard entry the first's: the code opens both.
            learner = Learner(name, space, row["client_id"], row["client_secret"],
                              row["join_code"], phones[name])  # fmt: skip
            context.context.grant_permissions(["clipboard-read", "clipboard-write"])
            learner_path(context, learner, verify=False)
            cookies = _secure_cookies(context)
            assert cookies["dashboard_session"] == (True, f"/w/{name}/dashboard")
            assert cookies["oauth2_session"] == (True, f"/w/{name}/oauth2")

        def nudge() -> None:
            httpx.get(f"{public}/w/{first}/sandbox/graphql", verify=False, timeout=20)

        # The proxy's /workshop is the first slice's view; its room is learner-01 alone.
        instructor_resets_the_room(contexts[2], slices[0].sign_in_link, [first], nudge)
        assert _secure_cookies(contexts[2])["workshop_session"] == (True, "/workshop")
        reset = contexts[0].context.new_page()
        reset.goto(f"{public}/w/{first}/dashboard")
        expect(reset.get_by_role("heading", name="Sign in to the dashboard")).to_be_visible()
        # The learner on the other slice kept their project.
        kept = contexts[1].context.new_page()
        kept.goto(f"{public}/w/{second}/dashboard")
        expect(kept.get_by_role("link", name=f"{second} app")).to_be_visible()
        assert all(context.aborted == [] for context in contexts)
    finally:
        for context in contexts:
            context.context.close()
        if proxy is not None:
            proxy.stop()
        for served in slices:
            served.stop()
