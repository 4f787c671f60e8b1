"""`serve`'s start-up imports what its first answer needs, and not the rest (issue 35).

A `serve` process on a plain data dir (its second start: the first made the demo project
from its dataset) is asked for a token and a first GraphQL answer, then tells which modules
it had imported by then: the dashboard's pages, a workshop's spaces and
h11 (uvicorn's pure-Python protocol, where httptools serves) come only when something asks
for them (docs/performance.md, "First answer").
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

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
