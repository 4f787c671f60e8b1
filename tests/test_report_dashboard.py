"""Dashboard sessions in a report, in-process (no browser): a session signed in before the
starting snapshot is re-created at replay; a restore of a snapshot the report does not carry
is named by a `ReplayError` instead of diverging."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link
from simulator.report.replay import ReplayError

from .replay_support import replay_report

_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def test_a_dashboard_signed_in_before_the_snapshot_replays(tmp_path: Path) -> None:
    with Simulator(tmp_path / "data") as sim, sim.client(follow_redirects=False) as http:
        link = new_sign_in_link(sim.sandbox, "")
        assert http.get(link).status_code == 303  # journaled: the snapshot knows its cookie
        csrf = _CSRF.search(http.get("/dashboard").text)
        assert csrf
        sim.snapshot("early")  # a restore of it cannot be replayed (the report lacks it)
        sim.snapshot("before")
        form = {"csrf_token": csrf.group(1), "name": "Late app",
                "redirect_uri": "http://localhost:3000/callback"}  # fmt: skip
        created = http.post("/dashboard/projects", data=form)
        assert created.status_code == 303, created.text
        replay_report(sim)
        restore = {"csrf_token": csrf.group(1), "action": "restore", "name": "early",
                   "confirm": "yes"}  # fmt: skip
        assert http.post("/dashboard/snapshots", data=restore).status_code == 303
        with pytest.raises(ReplayError, match="'early' restored from the dashboard"):
            replay_report(sim)
