"""A room served as two slices (`workshop slices`, two real uvicorn servers on loopback):
one instructor's view over every learner, room-wide actions reaching both slices, an
action on a learner of the other slice, the slices' own API closed to anyone without the
room's key, and a slice that stops answering. The same behind nginx and TLS, in Chromium:
tests/test_browser_workshop.py."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from simulator.exceptions import ConfigurationError
from simulator.workshop import Workshop
from simulator.workshop.command import _instructor_line
from simulator.workshop.federation import Federation
from simulator.workshop.slices import NGINX_FILE, PLAN_FILE, read_plan, write_plan

from .conftest import free_port
from .test_server import run_cli
from .test_workshop_http import WorkshopServer

NAMES = ["ada", "grace-h", "mary-k"]  # not learner-NN: the proxy's map names them


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(NAMES, dataset="default")
    return path


def test_the_plan_and_the_proxys_map_of_learners(pristine: Path, tmp_path: Path) -> None:
    shutil.copytree(pristine, tmp_path / "room")
    with Workshop(tmp_path / "room") as room:
        write_plan(room, ["1-2=127.0.0.1:8001", "3=10.0.0.2:8001"])
        nginx = (room.data_dir / NGINX_FILE).read_text()
        assert "upstream workshop_slice_1 { server 127.0.0.1:8001; }" in nginx
        assert "upstream workshop_slice_2 { server 10.0.0.2:8001; }" in nginx
        assert "    default workshop_slice_1;" in nginx
        for name, number in (("ada", 1), ("grace-h", 1), ("mary-k", 2)):
            assert f"    {name} workshop_slice_{number};" in nginx
        [first, second] = read_plan(room)
        assert first.names == ("ada", "grace-h") and second.url == "http://10.0.0.2:8001"
        for plan, why in (
            (["1-3=127.0.0.1:8001", "3=127.0.0.1:8002"], "mary-k is in two slices"),
            (["1-2=127.0.0.1:8001"], "No slice serves mary-k"),
            (["1-2=127.0.0.1:8001", "3=127.0.0.1:8001"], "the same address"),
            (["1-2=localhost", "3=127.0.0.1:8002"], "not a slice's address"),
            (["1-2", "3=127.0.0.1:8002"], "POSITIONS=HOST:PORT"),
            (["1-4=127.0.0.1:8001"], "outside the roster"),
        ):
            with pytest.raises(ConfigurationError, match=why):
                write_plan(room, plan)
        assert read_plan(room) == [first, second]  # a refused plan changed nothing
        room.create(["linus"])  # the roster grew: the plan no longer covers it
        with pytest.raises(ConfigurationError, match="workshop slices` again"):
            read_plan(room)
    done = run_cli("workshop", "slices", "--data-dir", str(tmp_path / "room"),
                   "1-3=127.0.0.1:8001", "4=127.0.0.1:8002")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "--port 8002 --learners 4 --trust-proxy" in done.stdout
    assert (tmp_path / "room" / PLAN_FILE).exists()
    # A server of learners that are no slice of the plan: refused before it listens.
    port = str(free_port())
    refused = run_cli("serve", "--data-dir", str(tmp_path / "room"), "--learners", "1-2",
                      "--port", port)  # fmt: skip
    assert refused.returncode != 0 and "no slice of the room's plan" in refused.stderr


class TwoSlices:
    """`ada` and `grace-h` on the first server, `mary-k` on the second, as the plan says."""

    def __init__(self, path: Path) -> None:
        ports = free_port(), free_port()
        with Workshop(path) as room:
            write_plan(room, [f"1-2=127.0.0.1:{ports[0]}", f"3=127.0.0.1:{ports[1]}"])
        self.first = WorkshopServer(path, ["ada", "grace-h"], port=ports[0])
        self.second = WorkshopServer(path, ["mary-k"], port=ports[1])

    def clock(self, name: str) -> str:
        server = self.second if name == "mary-k" else self.first
        return server.room.learner(name).clock.timestamp()


@pytest.fixture
def slices(pristine: Path, tmp_path: Path) -> Iterator[TwoSlices]:
    shutil.copytree(pristine, tmp_path / "room")
    both = TwoSlices(tmp_path / "room")
    with both.first, both.second:
        yield both


def _signed_in(server: WorkshopServer) -> tuple[httpx.Client, str]:
    http = httpx.Client(base_url=server.base_url, timeout=30, headers={"Accept": "text/html"})
    assert http.get(server.sign_in().removeprefix(server.base_url)).status_code == 303
    page = http.get("/workshop")
    csrf = re.search(r"name='csrf' value='([^']+)'", page.text)
    assert page.status_code == 200 and csrf
    return http, csrf.group(1)


def _said(http: httpx.Client, answer: httpx.Response) -> str:
    """The message the view shows after an action (its flash, on the next page)."""
    assert answer.status_code == 303, answer.text
    page = http.get(answer.headers["location"]).text
    found = re.search(r"<p class='(?:notice|problem)' role='\w+'>([^<]*)</p>", page)
    assert found, page
    return found.group(1).replace("&#x27;", "'")


def test_one_view_over_every_slice(slices: TwoSlices) -> None:
    http, csrf = _signed_in(slices.first)
    try:
        rows = http.get("/workshop/progress.json").json()
        assert [row["learner"] for row in rows] == NAMES  # the roster's order, both slices
        page = http.get("/workshop").text
        assert "Workshop: 3 learners" in page and "data-learner='mary-k'" in page
        # mary-k's page, from the second slice: her join code and her checkpoints.
        hers = http.get("/workshop/learners/mary-k").text
        assert "Learner mary-k" in hers and "mary-k-" in hers
        before = {name: slices.clock(name) for name in NAMES}
        moved = http.post("/workshop/room/clock", data={"csrf": csrf, "duration": "2h"})
        assert _said(http, moved).startswith("Every learner's space (3) moved forward by 2h")
        for name in NAMES:
            assert slices.clock(name) > before[name]
        saved = http.post("/workshop/room/checkpoint", data={"csrf": csrf, "checkpoint": "lunch"})
        assert "(3) saved as checkpoint 'lunch'" in _said(http, saved)
        rows_html = http.get("/workshop/rows").text
        assert rows_html.count("lunch") == 3
        # A checkpoint only the first slice's learners have: the restore is refused
        # everywhere, before any slice restores (their clocks stay).
        one = http.post("/workshop/learners/ada/checkpoint", data={"csrf": csrf, "checkpoint": "x"})
        assert "ada's space saved" in _said(http, one)
        also = http.post(
            "/workshop/learners/grace-h/checkpoint", data={"csrf": csrf, "checkpoint": "x"}
        )
        assert "grace-h's space saved" in _said(http, also)
        sure = {"csrf": csrf, "confirm": "yes", "checkpoint": "x"}
        after = {name: slices.clock(name) for name in NAMES}
        refused = _said(http, http.post("/workshop/room/restore", data=sure))
        assert refused == "No checkpoint 'x' for mary-k: nothing was restored."
        nowhere = _said(http, http.post("/workshop/room/restore", data={**sure, "checkpoint": "y"}))
        assert nowhere == (
            "No checkpoint 'y' for ada, grace-h: nothing was restored. "
            "No checkpoint 'y' for mary-k: nothing was restored."
        )
        assert {name: slices.clock(name) for name in NAMES} == after
        # An action on the other slice's learner goes there.
        hers = http.post("/workshop/learners/mary-k/clock", data={"csrf": csrf, "duration": "1h"})
        assert _said(http, hers).startswith("mary-k's space moved forward by 1h, now ")
        assert slices.clock("mary-k") > after["mary-k"]
        revoked = http.post("/workshop/learners/mary-k/revoke", data={"csrf": csrf})
        assert _said(http, revoked).startswith("mary-k's join code is revoked")
        assert "<dd id='join-code'>revoked</dd>" in http.get("/workshop/learners/mary-k").text
        reissued = http.post("/workshop/learners/mary-k/reissue", data={"csrf": csrf})
        assert _said(http, reissued).startswith("mary-k's new join code: mary-k-")
        back = {"csrf": csrf, "confirm": "yes", "checkpoint": "lunch"}
        assert "(3) restored" in _said(http, http.post("/workshop/room/restore", data=back))
        assert slices.clock("mary-k") == after["mary-k"]
        assert http.get("/workshop/learners/nobody").status_code == 404
    finally:
        http.close()


def test_the_slices_own_api_is_the_rooms_servers_only(slices: TwoSlices) -> None:
    key = slices.second.app.room.codes.slice_key()
    with httpx.Client(base_url=slices.second.base_url, timeout=30) as http:
        assert http.get("/workshop/slice/rows").status_code == 401
        wrong = {"Authorization": "Bearer " + "0" * 64}
        assert http.get("/workshop/slice/rows", headers=wrong).status_code == 401
        told = {"json": {"form": {"duration": "1h"}}}
        assert http.post("/workshop/slice/room/clock", **told).status_code == 401  # type: ignore[arg-type]
        mine = {"Authorization": f"Bearer {key}"}
        rows = http.get("/workshop/slice/rows", headers=mine).json()["rows"]
        assert [row["learner"] for row in rows] == ["mary-k"]  # its own learners only
        assert http.get("/workshop/slice/learners/ada", headers=mine).status_code == 404
        bad = http.post("/workshop/slice/room/clock", headers=mine, json={"form": {"duration": 3}})
        assert bad.status_code == 400


def test_a_slice_that_does_not_answer(slices: TwoSlices) -> None:
    http, csrf = _signed_in(slices.first)
    try:
        slices.second.__exit__()
        rows = {row["learner"]: row for row in http.get("/workshop/progress.json").json()}
        assert rows["ada"]["clock"] != "-"
        assert rows["mary-k"]["last_error"]["status"] == 503
        assert "did not answer" in rows["mary-k"]["last_error"]["message"]
        assert set(rows["mary-k"]["exercises"].values()) == {"unknown"}
        before = slices.first.room.learner("ada").clock.timestamp()
        moved = http.post("/workshop/room/clock", data={"csrf": csrf, "duration": "2h"})
        said = _said(http, moved)
        assert "did not answer" in said and said.endswith("Nothing was done.")
        assert slices.first.room.learner("ada").clock.timestamp() == before  # nothing done
        page = http.get("/workshop/learners/mary-k")
        assert page.status_code == 503 and "did not answer" in page.text
    finally:
        http.close()


def test_the_views_forms_behind_a_tls_proxy(pristine: Path, tmp_path: Path) -> None:
    """With an https public URL (a TLS proxy in front, `X-Forwarded-Proto` or not), the
    view's own forms are accepted, as the browser posts them through the proxy (`Origin`
    the public URL's); a post from another site, from the same host in plain http, or
    from the server's own port is refused, the session's CSRF token notwithstanding."""
    shutil.copytree(pristine, tmp_path / "room")
    public = "https://bank.example"
    with (
        WorkshopServer(tmp_path / "room", public_url=public) as server,
        httpx.Client(base_url=server.base_url, timeout=30) as http,
    ):
        signed = http.get(server.sign_in().removeprefix(public))
        assert signed.status_code == 303 and "Secure" in signed.headers["set-cookie"]
        session = signed.cookies["workshop_session"]  # Secure: sent by hand over http
        cookie = {"Cookie": f"workshop_session={session}", "Accept": "text/html"}
        page = http.get("/workshop", headers=cookie).text
        csrf = re.search(r"name='csrf' value='([^']+)'", page)
        assert csrf
        form = {"csrf": csrf.group(1), "checkpoint": "tls"}
        for origin, forwarded, status in (
            (public, {"X-Forwarded-Proto": "https"}, 303),
            (public, {}, 303),
            ("https://evil.example", {"X-Forwarded-Proto": "https"}, 403),
            ("http://bank.example", {}, 403),
            (server.base_url, {}, 403),
        ):
            headers = {**cookie, "Origin": origin, **forwarded}
            answer = http.post("/workshop/room/checkpoint", data=form, headers=headers)
            assert answer.status_code == status, (origin, answer.text)
            if status == 403:
                assert "not sent by the instructor" in answer.text


def test_the_banner_says_which_slice_serves_the_view(pristine: Path, tmp_path: Path) -> None:
    shutil.copytree(pristine, tmp_path / "room")
    with Workshop(tmp_path / "room") as room:
        write_plan(room, ["1-2=127.0.0.1:8001", "3=127.0.0.1:8002"])
    for served, line in (
        (["ada", "grace-h"], "LINK (the whole room: 2 slices)"),
        (["mary-k"], "the first slice's view (slice 2 of the plan here)"),
        (None, "LINK"),  # the whole roster on one server: no other slice
    ):
        with Workshop(tmp_path / "room", learners=served) as room:
            assert _instructor_line(Federation(room), lambda: "LINK") == line
