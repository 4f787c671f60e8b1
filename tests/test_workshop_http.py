"""Workshop mode over real uvicorn: spaces under /w/<learner>/, isolation, the instructor."""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import httpx
import pytest
import uvicorn

from simulator.domain.kernel.rejections import Rejected
from simulator.limits.settings import LimitSettings, LimitSettingsFile, RateLimit
from simulator.oauth import sms
from simulator.server.serving import uvicorn_config
from simulator.workshop import Workshop, serving
from simulator.workshop.feedback import check
from simulator.workshop.instructor import _idle, instructor_app
from simulator.workshop.serving import WorkshopApp, prefix_html

from .conftest import free_port
from .test_server import ServeProcess, run_cli
from .workshop_support import TRANSFER

ACCOUNTS = "{ accounts(first: 2) { edges { node { id } } } }"
REDIRECT_URI = "http://localhost:3000/callback"


class WorkshopServer:
    """`serve` on a workshop data dir, in a thread: uvicorn, the workshop app, its room."""

    def __init__(
        self,
        path: Path,
        learners: list[str] | None = None,
        *,
        port: int | None = None,
        public_url: str | None = None,
    ) -> None:
        self.port = port or free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        public_url = public_url or self.base_url
        self.room = Workshop(path, learners=learners, public_url=public_url)
        instructor, self.sign_in = instructor_app(self.room, public_url)
        self.app = WorkshopApp(self.room, instructor=instructor)
        instructor.state.workshop = self.app
        self.server = uvicorn.Server(uvicorn_config(self.app, "127.0.0.1", self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> WorkshopServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        # The room opens every space on the event loop after start-up ("ready" at `/`): a test
        # timing an answer against that warming timed out now and then on a busy machine.
        deadline = time.monotonic() + 60
        while not self.app.ready:
            assert time.monotonic() < deadline, "the room did not get ready"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.room.close()

    def client(self, learner: str | None = None) -> httpx.Client:
        base = f"{self.base_url}/w/{learner}" if learner else self.base_url
        return httpx.Client(base_url=base, timeout=20)

    def token(self, learner: str, space: str | None = None) -> httpx.Response:
        record = self.room.record(learner)
        with self.client(space or learner) as http:
            return http.post(
                "/oauth2/token",
                data={
                    "grant_type": "client_credentials",
                    "client_id": record.client_id,
                    "client_secret": record.client_secret,
                },
            )


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The room of `workshop_support`, with a small rate budget in linus's space."""
    path = tmp_path_factory.mktemp("room") / "room"
    with Workshop(path) as room:
        room.create(["ada", "grace", "linus"], dataset="default")
    # A small rate budget in linus's space only.
    small = LimitSettings().replace(rate_limit=RateLimit(requests=3, window_seconds=300))
    LimitSettingsFile(path / "learners" / "linus").write(small)
    return path


@pytest.fixture
def served(pristine: Path, tmp_path: Path) -> Iterator[WorkshopServer]:
    shutil.copytree(pristine, tmp_path / "room")
    with WorkshopServer(tmp_path / "room") as server:
        yield server


def graphql(
    server: WorkshopServer, space: str, token: str, query: str, path: str = "sandbox"
) -> Any:
    with server.client(space) as http:
        return http.post(
            f"/{path}/graphql", json={"query": query}, headers={"Authorization": f"Bearer {token}"}
        )


def test_tokens_work_only_in_their_own_space(served: WorkshopServer) -> None:
    answer = served.token("ada")
    assert answer.status_code == 200
    token = answer.json()["access_token"]
    assert graphql(served, "ada", token, ACCOUNTS).status_code == 200
    assert graphql(served, "grace", token, ACCOUNTS).status_code == 401
    assert graphql(served, "grace", token, "{ __typename }", "sandbox-testing").status_code == 401
    assert served.token("ada", space="grace").status_code == 401


def test_unknown_learners_get_a_404(served: WorkshopServer) -> None:
    with served.client() as http:
        answer = http.post("/w/nobody/oauth2/token", data={"grant_type": "client_credentials"})
        assert answer.status_code == 404
        assert answer.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"
        page = http.get("/w/nobody/sandbox/graphql", headers={"Accept": "text/html"})
        assert page.status_code == 404 and "text/html" in page.headers["content-type"]
        assert http.get("/sandbox/graphql").status_code == 404  # no space at the root
        assert http.get("/").json()["learners"] == 3
        for _ in range(200):  # every space opens in the background, then the room is ready
            index = http.get("/").json()
            if index["ready"]:
                break
            time.sleep(0.05)
        assert index["ready"] and index["open"] == 3


def test_a_ready_room_keeps_the_collectors_full_passes_rare(served: WorkshopServer) -> None:
    # A full pass walks every long-lived object holding the GIL: 40-180 ms in which no
    # learner was answered, every 2-4 s under a hostile learner's load (docs/workshop.md).
    assert served.app.ready and gc.get_freeze_count() > 0
    assert gc.get_threshold() == serving._GC_THRESHOLDS
    assert serving._GC_THRESHOLDS[0] >= 10 * 700  # young passes ten times rarer at least


def test_a_slice_serves_only_its_learners(pristine: Path, tmp_path: Path) -> None:
    shutil.copytree(pristine, tmp_path / "room")
    with WorkshopServer(tmp_path / "room", learners=["grace"]) as server:
        assert server.token("grace").status_code == 200
        with server.client() as http:
            assert http.post("/w/ada/oauth2/token").status_code == 404


def test_clock_moves_are_per_space(served: WorkshopServer) -> None:
    token = served.token("ada").json()["access_token"]
    moved = graphql(
        served,
        "ada",
        token,
        'mutation { advanceClock(input: { duration: "2h" }) { __typename } }',
        "sandbox-testing",
    )
    assert moved.status_code == 200, moved.text
    assert served.room.learner("ada").clock.timestamp() == "2026-01-05T11:00:00.000Z"
    assert served.room.learner("grace").clock.timestamp() == "2026-01-05T09:00:00.000Z"
    # ada's token outlived its hour on ada's clock only.
    grace = served.token("grace").json()["access_token"]
    assert graphql(served, "ada", token, ACCOUNTS).status_code == 401
    assert graphql(served, "grace", grace, ACCOUNTS).status_code == 200


def test_a_reset_touches_one_space(served: WorkshopServer) -> None:
    ada = served.token("ada").json()["access_token"]
    grace = served.token("grace").json()["access_token"]
    served.room.reset("ada")
    assert graphql(served, "ada", ada, ACCOUNTS).status_code == 401  # tokens went with it
    assert graphql(served, "grace", grace, ACCOUNTS).status_code == 200
    assert served.token("ada").status_code == 200  # the handout's credentials still work


def test_rate_budgets_are_per_space(served: WorkshopServer) -> None:
    statuses = [served.token("linus").status_code for _ in range(5)]
    assert statuses[:3] == [200, 200, 200] and statuses[3:] == [429, 429]
    assert [served.token("grace").status_code for _ in range(5)] == [200] * 5


def test_webhooks_are_strict_and_per_space(served: WorkshopServer) -> None:
    ada = served.room.learner("ada")
    assert ada.outbound_policy.strict
    project = served.room.record("ada").project_id
    with pytest.raises(Rejected):  # loopback: refused in a workshop, allowed at home
        ada.webhooks.subscribe(project, "http://127.0.0.1:9/hook", secret="s" * 32)
    ada.webhooks.subscribe(project, ada.webhooks.inbox("ada"), secret="s" * 32)
    grace = served.room.learner("grace")
    assert ada.webhooks.subscriptions(project) and not grace.webhooks.subscriptions(project)


def test_consents_open_in_their_own_space_only(served: WorkshopServer) -> None:
    token = served.token("ada").json()["access_token"]
    with served.client("ada") as http:
        auth = {"Authorization": f"Bearer {token}"}
        accounts = http.post("/sandbox/graphql", json={"query": ACCOUNTS}, headers=auth).json()
        account = accounts["data"]["accounts"]["edges"][0]["node"]["id"]
        initiated = http.post(
            "/sandbox/graphql",
            json={"query": TRANSFER, "variables": {"account": account}},
            headers=auth,
        ).json()["data"]["initiateCreditTransfers"]
    consent_url = initiated["payment"]["statusInfo"]["consent"]["consentUrl"]
    path = urlsplit(consent_url).path
    assert consent_url.startswith(f"{served.base_url}/w/ada/"), consent_url
    html = {"Accept": "text/html"}
    with httpx.Client(base_url=served.base_url, timeout=20) as browser:
        assert browser.get(path, headers=html).status_code in (200, 302, 303)
        elsewhere = browser.get(path.replace("/w/ada/", "/w/grace/", 1), headers=html)
    assert elsewhere.status_code == 404  # grace's space has no such consent


def _form(page: str) -> tuple[str, dict[str, str]]:
    """The page's first form: its action and its hidden fields."""
    action = re.search(r'<form[^>]*action="([^"]+)"', page)
    assert action, page
    fields = dict(
        re.findall(r'<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"', page)
    )
    return action.group(1), fields


def test_the_authorization_code_flow_under_the_prefix(served: WorkshopServer) -> None:
    record = served.room.record("ada")
    env = served.room.learner("ada").sandbox
    query = urlencode(
        {"response_type": "code", "client_id": record.client_id, "redirect_uri": REDIRECT_URI,
         "scope": "openid offline", "state": "s-1"}
    )  # fmt: skip
    with httpx.Client(base_url=served.base_url, timeout=20) as browser:
        response = browser.get(f"/w/ada/oauth2/auth?{query}")
        for _ in range(10):
            if response.status_code in (302, 303):
                location = response.headers["location"]
                if location.startswith(REDIRECT_URI):
                    break
                assert location.startswith("/w/ada/"), location
                response = browser.get(location)
                continue
            assert response.status_code == 200, response.text
            action, fields = _form(response.text)
            assert action.startswith("/w/ada/oauth2/"), action
            if 'name="phone_number"' in response.text:
                fields["phone_number"] = record.phone_number
            elif 'name="code"' in response.text:
                code = sms.latest_code(env, record.phone_number)
                assert code is not None
                fields["code"] = code
            else:
                fields["decision"] = "authorize"
            response = browser.post(action, data=fields)
        code = dict(p.split("=", 1) for p in urlsplit(location).query.split("&"))["code"]
        tokens = browser.post(
            "/w/ada/oauth2/token",
            data={"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI,
                  "client_id": record.client_id, "client_secret": record.client_secret},
        )  # fmt: skip
    assert tokens.status_code == 200, tokens.text
    user_token = tokens.json()["access_token"]
    assert graphql(served, "ada", user_token, ACCOUNTS).status_code == 200
    assert graphql(served, "grace", user_token, ACCOUNTS).status_code == 401
    issuer = f"{served.base_url}/w/ada/oauth2"
    with served.client("ada") as http:
        discovery = http.get("/oauth2/.well-known/openid-configuration").json()
    assert discovery["issuer"] == issuer and discovery["token_endpoint"].startswith(issuer)


def test_pages_links_carry_the_prefix(served: WorkshopServer) -> None:
    with served.client("ada") as http:
        page = http.get("/sandbox/graphql", headers={"Accept": "text/html"}).text
        dashboard = http.get("/dashboard")
    paths = re.findall(r'(?:href|src|data-endpoint|data-token-url)="(/[^"]*)"', page)
    assert paths and all(path.startswith("/w/ada/") for path in paths)
    assert dashboard.status_code in (302, 303)
    assert dashboard.headers["location"].startswith("/w/ada/dashboard")
    assert (
        prefix_html(b'<a href="/x"><a href="//h/y">', "/w/a")
        == b'<a href="/w/a/x"><a href="//h/y">'
    )


def test_the_instructor_view(served: WorkshopServer) -> None:
    assert served.token("ada").status_code == 200
    assert graphql(served, "ada", "wrong", ACCOUNTS).status_code == 401
    with served.client() as http:
        assert http.get("/workshop").status_code == 401
        link = served.sign_in()
        signed_in = http.get(link.removeprefix(served.base_url))
        assert signed_in.status_code == 303
        # A second device within minutes of the first use: a session of its own
        # (tests/test_workshop_instructor.py: the link's window, expiry, the command line).
        with served.client() as other:
            assert other.get(link.removeprefix(served.base_url)).status_code == 303
            assert other.cookies["workshop_session"] != http.cookies["workshop_session"]
        page = http.get("/workshop")
        assert page.status_code == 200 and "ada" in page.text
        rows = {row["learner"]: row for row in http.get("/workshop/progress.json").json()}
        assert rows["ada"]["exercises"]["project-token"] == "done"
        assert rows["grace"]["exercises"]["project-token"] == "todo"
        assert rows["ada"]["last_error"]["status"] == 401
        # Real seconds since ada's last request (her virtual clock stands still in a room);
        # none for grace, whom this server has not answered yet.
        assert 0 <= rows["ada"]["idle_seconds"] < 60 and rows["grace"]["idle_seconds"] is None
        assert re.search(r">\d+ s ago</td>", page.text)
        csrf = re.search(r"name='csrf' value='([^']+)'", page.text)
        assert csrf
        token = {"csrf": csrf.group(1)}
        saved = http.post("/workshop/learners/grace/checkpoint", data=token)
        assert saved.status_code == 303
        moved = http.post("/workshop/learners/grace/clock", data={**token, "duration": "3h"})
        assert moved.status_code == 303
        assert served.room.learner("grace").clock.timestamp() == "2026-01-05T12:00:00.000Z"
        # A restore asks first: the same form again, with confirm=yes.
        asked = http.post("/workshop/learners/grace/restore", data=token)
        assert asked.status_code == 200 and "name='confirm' value='yes'" in asked.text
        assert served.room.learner("grace").clock.timestamp() == "2026-01-05T12:00:00.000Z"
        # Back to the checkpoint: the clock too; an unknown checkpoint is a clear 400.
        sure = {**token, "confirm": "yes"}
        assert http.post("/workshop/learners/grace/restore", data=sure).status_code == 303
        assert served.room.learner("grace").clock.timestamp() == "2026-01-05T09:00:00.000Z"
        unknown = http.post("/workshop/learners/grace/restore", data={**sure, "checkpoint": "x"})
        assert unknown.status_code == 400 and unknown.json()["errors"]
        assert "/" not in unknown.json()["errors"][0]["message"]  # no server path
        refused = http.post("/workshop/learners/grace/reset", data={"csrf": "forged"})
        assert refused.status_code == 401
        assert http.post("/workshop/learners/grace/reset", data=sure).status_code == 303


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(None, ""), (0, "0 s"), (59, "59 s"), (60, "1 min"), (3599, "59 min"), (3720, "1 h 2 min")],
)
def test_idle_times_read_as_a_trainer_would_say_them(seconds: int | None, shown: str) -> None:
    assert _idle(seconds) == (f"{shown} ago" if shown else "")


def test_a_learner_checks_their_own_exercises(served: WorkshopServer) -> None:
    record = served.room.record("ada")
    base = f"{served.base_url}/w/ada"
    before = check(base, record.client_id, record.client_secret, show=False)
    assert {r["id"]: r["status"] for r in before}["project-token"] == "todo"
    token = served.token("ada")
    assert token.status_code == 200
    after = {r["id"]: r for r in check(base, record.client_id, record.client_secret, show=False)}
    assert after["project-token"]["status"] == "done"
    assert after["list-accounts"]["status"] == "todo"  # read from the space's request journal
    page = httpx.post(
        f"{base}/sandbox/graphql",
        json={"query": "{ accounts(first: 1, after: null) { totalCount } }"},
        headers={"Authorization": f"Bearer {token.json()['access_token']}"},
    )
    assert page.status_code == 200, page.text
    later = {r["id"]: r for r in check(base, record.client_id, record.client_secret, show=False)}
    assert later["list-accounts"]["status"] == "done"
    with served.client("grace") as http:
        assert http.get("/workshop/check").status_code == 401
        other = http.get("/workshop/check", auth=(record.client_id, record.client_secret))
        assert other.status_code == 401  # ada's credentials, grace's space


def test_serve_and_progress_on_a_workshop_data_dir(pristine: Path, tmp_path: Path) -> None:
    shutil.copytree(pristine, tmp_path / "room")
    server = ServeProcess(tmp_path / "room", "--learners", "2-3")
    try:
        with httpx.Client(base_url=server.base_url) as http:
            assert http.post("/w/ada/oauth2/token").status_code == 404
            assert http.get("/w/grace/").status_code == 200
    finally:
        code, out = server.stop()
    assert code == 0
    assert "learners            2 (grace ... linus)" in out
    assert "/workshop/sign-in?token=" in out and "strict" in out
    progress = run_cli("workshop", "progress", "--data-dir", str(tmp_path / "room"))
    assert progress.returncode == 0, progress.stderr
    assert progress.stdout.splitlines()[1].startswith("ada ")
    # The slice outside the roster is named even when the port is taken too (it is what the
    # trainer typed wrong), so the test holds whatever listens on the default port.
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = str(taken.getsockname()[1])
        bad = run_cli(
            "serve", "--data-dir", str(tmp_path / "room"), "--learners", "2-9", "--port", port
        )
    assert bad.returncode == 2 and "outside the roster's 1-3" in bad.stderr


def raw_exchange(server: WorkshopServer, head: bytes, chunks: int = 0) -> bytes:
    """`head` sent on a socket, then up to `chunks` chunks of 64 KiB of a chunked body until
    the server stops it; what the server answered before it closed."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(head)
        try:
            for _ in range(chunks):
                sock.sendall(b"10000\r\n" + b"a" * 65536 + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered and closed: the answer is in the socket
        data = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                data += chunk
        return data


def json_of(response: bytes) -> Any:
    return json.loads(response.partition(b"\r\n\r\n")[2])


def test_every_route_of_the_room_is_bounded_before_auth(served: WorkshopServer) -> None:
    """Before: the instructor's routes read a body of any size before their 401 (a 200 MB
    multipart post in full), a 30 MB form got a plain-text 400, and their headers had no
    bound at all."""
    reset = b"POST /workshop/learners/ada/reset HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    declared = raw_exchange(  # answered at once: the 200 MB are never sent
        served,
        reset + b"Content-Type: multipart/form-data; boundary=x\r\n"
        b"Content-Length: 200000000\r\n\r\n",
    )
    assert declared.startswith(b"HTTP/1.1 413 "), declared[:200]
    assert b"connection: close" in declared.lower()
    assert json_of(declared)["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"
    chunked = raw_exchange(
        served,
        reset + b"Content-Type: application/x-www-form-urlencoded\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n",
        chunks=64,
    )
    assert chunked.startswith(b"HTTP/1.1 413 "), chunked[:200]
    assert json_of(chunked)["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"
    big_head = b"GET /workshop HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: %s\r\n\r\n"
    for size in (20_000, 40_000):  # over the header bound; over the head bound too
        headers = raw_exchange(served, big_head % (b"a" * size))
        assert headers.startswith(b"HTTP/1.1 431 "), headers[:200]
        assert b"connection: close" in headers.lower()  # not kept until the keep-alive ends
        assert json_of(headers)["errors"][0]["extensions"]["code"] == "HEADERS_TOO_LARGE"
    # A learner's space and an unknown one: the same bound. The 2 MiB are declared, not sent:
    # a client still writing when the server answers and closes may lose the answer to a reset.
    for path in (b"/w/ada/oauth2/token", b"/w/nobody/oauth2/token"):
        big = raw_exchange(
            served,
            b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\n\r\n"
            % (path, 2 * 1024 * 1024),
        )
        assert big.startswith(b"HTTP/1.1 413 "), (path, big[:200])
        request_id = json_of(big)["extensions"]["requestId"]
        assert b"x-request-id: %s" % request_id.encode() in big.lower(), big[:400]


def test_the_instructor_view_cannot_be_framed(served: WorkshopServer) -> None:
    with served.client() as http:
        refused = http.get("/workshop")
        http.get(served.sign_in().removeprefix(served.base_url))
        for answer in (refused, http.get("/workshop"), http.get("/workshop/progress.json")):
            assert answer.headers["x-frame-options"] == "DENY"
            assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
            assert answer.headers["x-content-type-options"] == "nosniff"
        missing = http.get("/workshop/nothing")
        assert missing.status_code == 404 and missing.json()["errors"]  # JSON, not text


def test_one_id_sequence_and_a_line_for_every_request_of_the_room(
    served: WorkshopServer, caplog: pytest.LogCaptureFixture
) -> None:
    """Before: each space counted its ids from 1 (ada's first request and grace's shared an
    id in one log), and the instructor's requests and unknown learners were not logged."""
    caplog.set_level(logging.INFO, logger="simulator")
    token = served.token("ada").json()["access_token"]
    with served.client() as http:
        answers = [
            graphql(served, "ada", token, "query Accounts " + ACCOUNTS),
            http.get("/w/grace/"),
            http.get("/w/nobody/sandbox/graphql"),
            http.get(served.sign_in().removeprefix(served.base_url)),
        ]
        csrf = re.search(r"name='csrf' value='([^']+)'", http.get("/workshop").text)
        assert csrf
        form = {"csrf": csrf.group(1), "duration": "1h"}
        answers.append(http.post("/workshop/learners/grace/clock", data=form))
    ids = [answer.headers["x-request-id"] for answer in answers]
    assert len(set(ids)) == len(ids)
    deadline = time.monotonic() + 5
    while True:  # a line is written once its answer is sent: the last may still be on its way
        lines = [r.getMessage() for r in caplog.records if r.name == "simulator.access"]
        if all(any(f"request_id={i} " in x for x in lines) for i in ids):
            break
        assert time.monotonic() < deadline, lines
        time.sleep(0.02)
    for answer in answers:
        [line] = [x for x in lines if f"request_id={answer.headers['x-request-id']} " in x]
        assert f"status={answer.status_code}" in line
    assert any("path=/w/nobody/sandbox/graphql status=404" in line for line in lines)
    # What the space's endpoint noted reaches the room's line.
    [ada] = [x for x in lines if f"request_id={ids[0]} " in x]
    assert "operation=Accounts project=" in ada
    actions = [r.getMessage() for r in caplog.records if r.name == "simulator.workshop"]
    assert actions == ["Instructor action: action=clock learner=grace"]
    log = "\n".join(r.getMessage() for r in caplog.records)
    assert csrf.group(1) not in log and "token=" not in log  # no secret, no sign-in token
