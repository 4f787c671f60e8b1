"""The instructor's view for a room of any size (issue 33, point 4), over real uvicorn: sign-in
links from the command line and a session per device (`instructor_sessions.py`), a
checkpoint checked before any confirmation, room-wide actions in the background with their
progress (`room_jobs.py`), a revoked code that also rotates the client secret (Authlib at
the learner's token endpoint), and the learner's page naming what is missing and each
request's operation and outcome."""

from __future__ import annotations

import re
import shutil
import time
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import authlib.deprecate  # noqa: F401  (installs its own "always" filter: import it first)
import httpx
import pytest

from simulator.workshop import Workshop
from simulator.workshop.instructor_sessions import (
    LINK_LIFETIME,
    LINK_REUSE,
    SESSION_LIFETIME,
    InstructorSessions,
)
from simulator.workshop.room_jobs import RoomJob

from .test_server import run_cli
from .test_workshop_http import ACCOUNTS, WorkshopServer, graphql

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Authlib suggests httpx2; the project uses httpx
    from authlib.integrations.httpx_client import OAuth2Client, OAuthError

HTML = {"Accept": "text/html"}


class FakeNow:
    def __init__(self) -> None:
        self.moment = datetime(2026, 12, 7, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def pass_(self, delta: timedelta) -> None:
        self.moment += delta


def test_links_and_sessions_expire_as_documented(tmp_path: Path) -> None:
    now = FakeNow()
    sessions = InstructorSessions(tmp_path, now=now)
    link = sessions.new_link("http://room")
    token = link.split("token=", 1)[1]
    assert link.startswith("http://room/workshop/sign-in?token=")
    laptop = sessions.open(token)
    now.pass_(LINK_REUSE - timedelta(seconds=1))
    projector = sessions.open(token)  # a second device, within the link's few minutes
    assert laptop and projector and laptop != projector
    assert sessions.csrf(laptop) and sessions.csrf(laptop) != sessions.csrf(projector)
    now.pass_(timedelta(seconds=2))
    assert sessions.open(token) is None  # replayed later: nothing
    # A new link ends no session; an unused link lasts a day.
    later = sessions.new_link("http://room").split("token=", 1)[1]
    assert sessions.csrf(laptop) and sessions.csrf(projector)
    # Each request renews a session for 12 hours; one left alone ends.
    for _ in range(3):
        now.pass_(SESSION_LIFETIME - timedelta(hours=1))
        assert sessions.csrf(laptop) is not None
    assert sessions.csrf(projector) is None
    assert sessions.open(later) is None  # past its day (3 x 11 h)
    fresh = sessions.new_link("http://room").split("token=", 1)[1]
    now.pass_(LINK_LIFETIME - timedelta(minutes=1))
    assert sessions.csrf(laptop) is None  # 23 h 59 min without a request
    desk = sessions.open(fresh)
    assert desk is not None
    # Only hashes are stored; the file is the owner's only.
    text = (tmp_path / "instructor.json").read_text()
    assert laptop not in text and token not in text and fresh not in text
    assert (tmp_path / "instructor.json").stat().st_mode & 0o777 == 0o600
    assert sessions.count() == {"links": 1, "sessions": 1}
    assert sessions.end_all() == 1
    assert sessions.csrf(desk) is None and sessions.count() == {"links": 0, "sessions": 0}
    assert sessions.csrf("") is None and sessions.open("") is None


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(["ada", "grace", "linus"], dataset="default")
    return path


@pytest.fixture
def served(pristine: Path, tmp_path: Path) -> Iterator[WorkshopServer]:
    shutil.copytree(pristine, tmp_path / "room")
    with WorkshopServer(tmp_path / "room") as server:
        yield server


def _csrf(text: str) -> str:
    found = re.search(r"name='csrf' value='([^']+)'", text)
    assert found
    return found.group(1)


def _signed_in(served: WorkshopServer, http: httpx.Client, link: str | None = None) -> str:
    answer = http.get((link or served.sign_in()).removeprefix(served.base_url))
    assert answer.status_code == 303, answer.text
    return _csrf(http.get("/workshop").text)


def test_a_link_from_the_command_line_signs_in_while_the_server_runs(
    served: WorkshopServer,
) -> None:
    with served.client() as laptop, served.client() as phone:
        _signed_in(served, laptop)  # the link serve printed
        made = run_cli("workshop", "instructor-link", "--data-dir", str(served.room.data_dir))
        assert made.returncode == 0, made.stderr
        link = made.stdout.strip()
        assert link.startswith(f"{served.base_url}/workshop/sign-in?token=")
        _signed_in(served, phone, link)  # no restart
        assert laptop.get("/workshop").status_code == 200  # the first device kept its session
        assert phone.get("/workshop/progress.json").status_code == 200
        ended = run_cli(
            "workshop", "instructor-link", "--sign-out-all", "--data-dir", str(served.room.data_dir)
        )
        assert ended.returncode == 0 and '"signed_out": 2' in ended.stdout
        for device in (laptop, phone):
            assert device.get("/workshop").status_code == 401
            assert "instructor-link" in device.get("/workshop", headers=HTML).text


def test_an_unknown_checkpoint_is_refused_before_any_confirmation(
    served: WorkshopServer,
) -> None:
    with served.client() as http:
        csrf = _signed_in(served, http)
        for path in ("/workshop/room/restore", "/workshop/learners/ada/restore"):
            asked = http.post(path, data={"csrf": csrf, "checkpoint": "nope"}, headers=HTML)
            assert asked.status_code == 303  # not the confirmation page
            back = http.get(asked.headers["location"], headers=HTML).text
            assert "Restore" not in back.split("<h1>")[0]
            assert "No checkpoint &#x27;nope&#x27; for ada" in back
            assert "Yes, restore" not in back
            program = http.post(path, data={"csrf": csrf, "checkpoint": "nope"})
            assert program.status_code == 400 and "nope" in program.text
        bad = http.post("/workshop/room/clock", data={"csrf": csrf, "duration": "soon"})
        assert bad.status_code == 400
        # A checkpoint every learner has: then the question.
        saved = http.post("/workshop/room/checkpoint", data={"csrf": csrf, "checkpoint": "c1"})
        assert saved.status_code == 303
        asked = http.post("/workshop/room/restore", data={"csrf": csrf, "checkpoint": "c1"})
        assert asked.status_code == 200 and "Restore every learner" in asked.text


def _wait_for_job(http: httpx.Client) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        job = http.get("/workshop/job.json").json()["job"]
        if job and job["finished"]:
            return dict(job)
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def test_a_room_wide_action_runs_in_the_background_with_its_progress(
    served: WorkshopServer,
) -> None:
    token = served.token("ada").json()["access_token"]
    assert graphql(served, "ada", token, "{ nothingHere }").status_code == 400
    with served.client() as http:
        csrf = _signed_in(served, http)
        assert http.get("/workshop/job.json").json() == {"job": None}
        sure = {"csrf": csrf, "confirm": "yes"}
        started = http.post("/workshop/room/reset", data=sure, headers=HTML)
        assert started.status_code == 303 and started.headers["location"] == "/workshop"
        job = _wait_for_job(http)
        assert (job["done"], job["total"], job["problem"]) == (3, 3, None)
        assert job["message"] == "Every learner's space (3) reset."
        assert served.app.activity.of("ada").last_error is None  # cleared once done
        # Seen through job.json: not shown again on the next page.
        assert "(3) reset" not in http.get("/workshop", headers=HTML).text
        # While one runs, every other action waits (409 for a program, a message for a page).
        jobs = served.app.instructor.state.jobs  # type: ignore[union-attr]
        jobs.last = RoomJob("reset", total=30, owner="someone", done=12, current="x")
        busy = http.post("/workshop/learners/ada/clock", data={"csrf": csrf, "duration": "1h"})
        assert busy.status_code == 409 and "Resetting: 12 of 30" in busy.text
        page = http.get("/workshop", headers=HTML).text
        assert "id='job'" in page and "<progress max='30' value='12'>" in page
        jobs.last.finished = True
        moved = http.post("/workshop/room/clock", data={"csrf": csrf, "duration": "1h"})
        assert moved.status_code == 303  # a program's post: done when answered
        assert served.room.learner("linus").clock.timestamp() == "2026-01-05T10:00:00.000Z"


@pytest.fixture
def loopback_http(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")  # Authlib: http on loopback


@pytest.mark.usefixtures("loopback_http")
def test_a_revoke_can_rotate_the_client_secret(served: WorkshopServer) -> None:
    old = served.room.record("grace")

    def fetch_as(client_id: str, secret: str, name: str) -> dict[str, Any]:
        url = f"{served.base_url}/w/{name}/oauth2/token"
        with OAuth2Client(client_id, secret) as client:  # client_secret_basic
            return dict(client.fetch_token(url, grant_type="client_credentials"))

    def fetch(secret: str) -> dict[str, Any]:
        return fetch_as(old.client_id, secret, "grace")

    assert fetch(old.client_secret)["access_token"]
    with served.client() as http:
        csrf = _signed_in(served, http)
        plain = http.post("/workshop/learners/ada/revoke", data={"csrf": csrf})
        assert plain.status_code == 303
        assert served.token("ada").status_code == 200  # a plain revoke keeps the secret
        revoked = http.post(
            "/workshop/learners/grace/revoke", data={"csrf": csrf, "rotate_secret": "yes"}
        )
        assert revoked.status_code == 303
        page = http.get("/workshop/learners/grace").text
        assert "client secret replaced" in page and ">revoked<" in page
    with pytest.raises(OAuthError) as refused:
        fetch(old.client_secret)
    assert refused.value.error == "invalid_client"
    new = served.room.record("grace")
    assert new.client_secret != old.client_secret
    assert fetch(new.client_secret)["access_token"]  # the handout's, rewritten
    assert new.client_secret in (served.room.data_dir / "roster.csv").read_text()
    # The command line does the same (beside the running server).
    before = served.room.record("linus")
    done = run_cli(
        "workshop", "codes", "--revoke", "linus", "--rotate-secret",
        "--data-dir", str(served.room.data_dir),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    with pytest.raises(OAuthError):
        fetch_as(before.client_id, before.client_secret, "linus")
    after = served.room.record("linus")
    assert fetch_as(after.client_id, after.client_secret, "linus")["access_token"]
    alone = run_cli("workshop", "codes", "--rotate-secret", "--data-dir", str(served.room.data_dir))
    assert alone.returncode == 2 and "--revoke" in alone.stderr


def test_a_learners_page_names_what_is_missing_and_each_operation(
    served: WorkshopServer,
) -> None:
    token = served.token("ada").json()["access_token"]
    named = graphql(served, "ada", token, "query MyAccounts " + ACCOUNTS)
    assert named.status_code == 200
    two = "query First { __typename } query Second { __typename }"
    with served.client("ada") as space:
        chosen = space.post(
            "/sandbox/graphql",
            json={"query": two, "operationName": "Second"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert chosen.status_code == 200
    with served.client() as http:
        _signed_in(served, http)
        page = http.get("/workshop/learners/ada").text
        assert re.search(r"1 of \d+\. Missing:<ul class='missing' id='missing'><li>2\. ", page)
        assert "<li>1. " not in page  # the project token is done
        assert "<td>MyAccounts</td><td>200</td><td class='ok'>ok</td>" in page
        assert "<td>Second</td>" in page
        assert "<td>POST /oauth2/token</td><td></td><td>200</td><td class='ok'>ok</td>" in page
        rows = {row["learner"]: row for row in http.get("/workshop/progress.json").json()}
        assert rows["ada"]["errors"] == 0 and rows["ada"]["stuck"] is False
        assert rows["grace"]["requests"] == 0 and rows["grace"]["stuck"] is False
        assert rows["grace"]["exercises"]["project-token"] == "todo"
        # The statuses kept between refreshes follow what the learner does next.
        assert served.token("grace").status_code == 200
        refreshed = http.get("/workshop/rows")
        assert refreshed.headers["content-encoding"] == "gzip"  # what the page fetches
        grace = re.search(r"<tr data-learner='grace'.*?</tr>", refreshed.text)
        assert grace and "<td class='done'>" in grace.group(0)
        rows = {row["learner"]: row for row in http.get("/workshop/progress.json").json()}
        assert rows["grace"]["exercises"]["project-token"] == "done"
