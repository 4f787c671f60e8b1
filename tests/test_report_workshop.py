"""A session in a learner's space of a served workshop room (`/w/<learner>/...`), reported
from the space's data dir and replayed with no workshop present (issue 31, points 1 and 5):
a token, a transfer waiting for its consent (its link under `/w/ada`), the room-wide clock
advance from the instructor's view, a read after it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .test_report_browser import replay_notebook
from .test_server import run_cli
from .test_workshop_http import ACCOUNTS, WorkshopServer, graphql
from .workshop_support import TRANSFER


def test_a_workshop_space_session_replays_without_the_workshop(
    pristine: Path, tmp_path: Path
) -> None:
    path = tmp_path / "room"
    shutil.copytree(pristine, path)
    with WorkshopServer(path) as served:
        served.room.learner("ada").snapshot("before")
        token = served.token("ada").json()["access_token"]
        accounts = graphql(served, "ada", token, ACCOUNTS).json()
        account = accounts["data"]["accounts"]["edges"][0]["node"]["id"]
        with served.client("ada") as http:
            sent = http.post(
                "/sandbox/graphql",
                json={"query": TRANSFER, "variables": {"account": account}},
                headers={"Authorization": f"Bearer {token}"},
            ).json()
        payment = sent["data"]["initiateCreditTransfers"]["payment"]
        consent_url = payment["statusInfo"]["consent"]["consentUrl"]
        assert consent_url.startswith(f"{served.base_url}/w/ada/oauth2/consents/")
        with served.client() as http:  # the instructor moves every learner's clock
            http.get(served.sign_in().removeprefix(served.base_url))
            csrf = re.search(r"name='csrf' value='([^']+)'", http.get("/workshop").text)
            assert csrf
            moved = http.post(
                "/workshop/room/clock", data={"csrf": csrf.group(1), "duration": "2h"}
            )
            assert moved.status_code == 303, moved.text
        assert graphql(served, "ada", token, ACCOUNTS).status_code == 401  # expired by then
    report = tmp_path / "ada.ipynb"
    space = path / "learners" / "ada"
    written = run_cli("report", "--out", str(report), "--since", "before", "--data-dir", str(space))
    assert written.returncode == 0, written.stderr
    notebook = report.read_text()
    assert "/w/ada/oauth2/consents/" in notebook and "python:advance" in notebook
    replay_notebook(report)
