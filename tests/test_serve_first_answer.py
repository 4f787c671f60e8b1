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

#: Runs `serve` in its main thread as `python -m simulator serve` does; a second thread waits
#: for the ready file, asks for a token and an answer with the standard library's client
#: (httpx would be one of the modules checked), writes what was imported, and stops the
#: server with the Ctrl-C it handles.
_SCRIPT = """
import json, os, signal, sys, threading, time, urllib.parse, urllib.request
from simulator.cli import main

data_dir, ready, out, later = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])

def post(url, body, headers):
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())

def client():
    try:
        while not os.path.exists(ready):
            time.sleep(0.01)
        record = json.load(open(ready))
        form = {"grant_type": "client_credentials", "client_id": record["client_id"],
                "client_secret": record["client_secret"]}
        token = post(record["token_url"], urllib.parse.urlencode(form).encode(),
                     {"Content-Type": "application/x-www-form-urlencoded"})["access_token"]
        answer = post(record["sandbox_url"], b'{"query": "{ accounts { totalCount } }"}',
                      {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
        imported = sorted(name for name in later if name in sys.modules)
        json.dump({"data": answer["data"], "imported": imported}, open(out, "w"))
    finally:
        os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=client, daemon=True).start()
sys.exit(main(["serve", "--data-dir", data_dir, "--port", "0", "--ready-file", ready]))
"""


#: A room's `serve` (no `--port 0` or `--ready-file` there: a free port, polled), asked for
#: the first learner's token and first answer as above.
_ROOM_SCRIPT = """
import json, os, signal, sys, threading, time, urllib.error, urllib.parse, urllib.request
from simulator.cli import main

room, port, out, later = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
record = json.load(open(os.path.join(room, "learners", "ada", "learner.json")))
base = f"http://127.0.0.1:{port}/w/ada"

def post(url, body, headers):
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())

def client():
    try:
        form = urllib.parse.urlencode({"grant_type": "client_credentials",
            "client_id": record["client_id"], "client_secret": record["client_secret"]})
        for _ in range(3000):
            try:
                token = post(base + "/oauth2/token", form.encode(),
                    {"Content-Type": "application/x-www-form-urlencoded"})["access_token"]
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.01)
        answer = post(base + "/sandbox/graphql", b'{"query": "{ accounts { totalCount } }"}',
                      {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
        imported = sorted(name for name in later if name in sys.modules)
        json.dump({"data": answer["data"], "imported": imported}, open(out, "w"))
    finally:
        os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=client, daemon=True).start()
sys.exit(main(["serve", "--data-dir", room, "--port", port]))
"""

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
