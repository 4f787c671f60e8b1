"""`serve`'s start-up imports what its first answer needs, and not the rest (issue 35).

A `serve` process on a plain data dir (its second start: the first made the demo project
from its dataset) is asked for a token and a first GraphQL answer, then tells which modules
it had imported by then: the dashboard's pages, a workshop's spaces and
h11 (uvicorn's pure-Python protocol, where httptools serves) come only when something asks
for them (docs/performance.md, "First answer").
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from .conftest import free_port

#: Modules `serve`'s first answer must not have imported.
_LATER = [
    "h11",
    "simulator.server.slow_clients_h11",
    "simulator.browser.dashboard.routes",
    "simulator.browser.dashboard.views",
    "simulator.workshop.spaces",
    "simulator.domain.sandbox.datasets",
    "jinja2",
    "httpx",
]

#: What both scripts share: `first_answer` asks for a token (again while the server does not
#: listen yet) and the README's query with the standard library's client (httpx would be
#: one of the modules checked), and writes what was imported by then; `in_background` runs
#: it on a thread, then stops the server with the Ctrl-C it handles.
_COMMON = """
import json, os, signal, sys, threading, time, urllib.error, urllib.parse, urllib.request
from simulator.cli import main

def post(url, body, headers):
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())

def first_answer(token_url, graphql_url, client_id, client_secret, out, later):
    form = urllib.parse.urlencode({"grant_type": "client_credentials",
        "client_id": client_id, "client_secret": client_secret}).encode()
    for _ in range(3000):
        try:
            token = post(token_url, form,
                {"Content-Type": "application/x-www-form-urlencoded"})["access_token"]
            break
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.01)
    answer = post(graphql_url, b'{"query": "{ accounts { totalCount } }"}',
                  {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    imported = sorted(name for name in later if name in sys.modules)
    json.dump({"data": answer["data"], "imported": imported}, open(out, "w"))

def in_background(ask):
    def client():
        try:
            ask()
        finally:
            os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=client, daemon=True).start()
"""

#: `serve` in its main thread as `python -m simulator serve` runs it; its ready file says
#: where to ask, and the demo project's credentials.
_SCRIPT = (
    _COMMON
    + """
data_dir, ready, out, later = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])

def ask():
    while not os.path.exists(ready):
        time.sleep(0.01)
    record = json.load(open(ready))
    first_answer(record["token_url"], record["sandbox_url"], record["client_id"],
                 record["client_secret"], out, later)

in_background(ask)
sys.exit(main(["serve", "--data-dir", data_dir, "--port", "0", "--ready-file", ready]))
"""
)

#: A room's `serve` (no `--port 0` or `--ready-file` there: a free port, asked until it
#: answers), for its first learner's token and first answer.
_ROOM_SCRIPT = (
    _COMMON
    + """
room, port, out, later = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
record = json.load(open(os.path.join(room, "learners", "ada", "learner.json")))
base = f"http://127.0.0.1:{port}/w/ada"

in_background(lambda: first_answer(base + "/oauth2/token", base + "/sandbox/graphql",
    record["client_id"], record["client_secret"], out, later))
sys.exit(main(["serve", "--data-dir", room, "--port", port]))
"""
)

#: What a room's first answer must not have imported either: the exercises' checks come
#: with the instructor's view's first refresh or a learner's first check.
_ROOM_LATER = [
    *(name for name in _LATER if name != "simulator.workshop.spaces"),
    "simulator.workshop.progress",
    "simulator.workshop.checks",
    "tomllib",
]


def _first_answer(data_dir: Path, tmp_path: Path) -> dict[str, Any]:
    out, ready = tmp_path / "imported.json", tmp_path / "ready.json"
    args = [str(data_dir), str(ready), str(out), json.dumps(_LATER)]
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(out.read_text())
    out.unlink()
    return result


def test_serve_answers_first_without_the_pages_the_workshop_or_h11(tmp_path: Path) -> None:
    first = _first_answer(tmp_path / "data", tmp_path)
    assert first["imported"] == ["simulator.domain.sandbox.datasets"]  # the demo's dataset
    again = _first_answer(tmp_path / "data", tmp_path)
    assert again["data"] == {"accounts": {"totalCount": 3}}  # the demo project's
    assert again["imported"] == []


def test_a_rooms_serve_answers_first_without_the_checks_or_the_pages(
    pristine: Path, tmp_path: Path
) -> None:
    room = tmp_path / "room"
    shutil.copytree(pristine, room)
    out = tmp_path / "imported.json"
    args = [str(room), str(free_port()), str(out), json.dumps(_ROOM_LATER)]
    done = subprocess.run(
        [sys.executable, "-c", _ROOM_SCRIPT, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(out.read_text())
    assert result["data"] == {"accounts": {"totalCount": 4}}  # the dataset's, and the learner's own
    assert result["imported"] == []
