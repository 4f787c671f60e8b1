"""The dashboard's journal and snapshots pages without a browser (fast): entries newest
first, filtered and paged, no secret on the page; snapshots saved and restored through
CSRF-protected forms, a restore only once confirmed; the Live dashboard changes nothing."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from simulator import Simulator
from simulator.browser.dashboard import new_sign_in_link
from simulator.domain.kernel.projects import ProjectCredentials

from .conftest import project_token

ACCOUNTS = "{ accounts(first: 5) { edges { node { id } } } }"


def _csrf(page: httpx.Response) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found, page.text
    return found.group(1)


@pytest.fixture
def dashboard(sim: Simulator, http: httpx.Client) -> httpx.Client:
    answer = http.get(new_sign_in_link(sim.sandbox, str(http.base_url).rstrip("/")))
    assert answer.status_code == 200 and answer.url.path == "/dashboard"
    return http


def _post(client: httpx.Client, path: str, **form: Any) -> httpx.Response:
    token = _csrf(client.get(path))
    return client.post(path, data={"csrf_token": token, **form}, follow_redirects=False)


def test_the_journal_page_shows_entries_newest_first_filtered_and_paged(
    sim: Simulator, dashboard: httpx.Client, project: ProjectCredentials
) -> None:
    token = project_token(dashboard, project)
    for _ in range(3):
        dashboard.post(
            "/sandbox/graphql",
            json={"query": ACCOUNTS},
            headers={"Authorization": f"Bearer {token}"},
        )
    sim.clock.advance("1m")
    page = dashboard.get("/dashboard/journal")
    assert page.status_code == 200
    seqs = [int(s) for s in re.findall(r'<tr id="entry-(\d+)"', page.text)]
    assert seqs == sorted(seqs, reverse=True) and len(seqs) >= 5
    assert token not in page.text and "&lt;project token #1 of project" in page.text
    graphql = dashboard.get(f"/dashboard/journal?kind=graphql&project={project.project_id}")
    assert graphql.text.count('<tr id="entry-') == 3
    assert "python:clock.advance" not in graphql.text
    clock = dashboard.get("/dashboard/journal?kind=clock")
    assert "python:clock.advance" in clock.text
    bad = dashboard.get("/dashboard/journal?kind=nope&before=x")
    assert bad.status_code == 400 and "No entry kind" in bad.text


def test_the_journal_page_pages_by_position(sim: Simulator, dashboard: httpx.Client) -> None:
    for _ in range(55):
        sim.clock.advance("1s")
    first = dashboard.get("/dashboard/journal?kind=clock")
    assert first.text.count('<tr id="entry-') == 50
    older = re.search(r'id="older" href="([^"]+)"', first.text)
    assert older
    second = dashboard.get(older.group(1).replace("&amp;", "&"))
    assert second.text.count('<tr id="entry-') == 5 and 'id="older"' not in second.text


def test_snapshots_are_saved_and_restored_once_confirmed(
    sim: Simulator, dashboard: httpx.Client
) -> None:
    saved = _post(dashboard, "/dashboard/snapshots", action="save", name="before")
    assert saved.status_code == 303 and saved.headers["location"] == "/dashboard/snapshots"
    page = dashboard.get("/dashboard/snapshots")
    assert "Snapshot before saved." in page.text and "<td>before</td>" in page.text
    sim.clock.advance("1h")
    refused = _post(dashboard, "/dashboard/snapshots", action="restore", name="before")
    assert refused.status_code == 400 and "Tick the box" in refused.text
    assert sim.clock.timestamp() == "2026-01-05T10:00:00.000Z"
    restored = _post(
        dashboard, "/dashboard/snapshots", action="restore", name="before", confirm="yes"
    )
    assert restored.status_code == 303
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"
    bad = _post(dashboard, "/dashboard/snapshots", action="save", name="../x")
    assert bad.status_code == 400 and "Not a snapshot name" in bad.text
    missing = _post(
        dashboard, "/dashboard/snapshots", action="restore", name="nothing", confirm="yes"
    )
    assert missing.status_code == 400


def test_a_snapshot_form_without_its_csrf_token_is_refused(dashboard: httpx.Client) -> None:
    dashboard.get("/dashboard/snapshots")
    answer = dashboard.post("/dashboard/snapshots", data={"action": "save", "name": "x"})
    assert answer.status_code == 403
    assert "<td>x</td>" not in dashboard.get("/dashboard/snapshots").text


def test_the_live_dashboard_offers_no_snapshot(sim: Simulator, http: httpx.Client) -> None:
    http.get(new_sign_in_link(sim.live, str(http.base_url).rstrip("/")))
    page = http.get("/dashboard/snapshots")
    assert "Sandbox dashboard only" in page.text and 'name="action"' not in page.text
    token = _csrf(http.get("/dashboard"))
    refused = http.post(
        "/dashboard/snapshots", data={"csrf_token": token, "action": "save", "name": "x"}
    )
    assert refused.status_code == 400 and "from the Sandbox dashboard" in refused.text
    assert sim.snapshots() == []


def test_a_clock_move_from_the_dashboard_is_journaled_and_replays(
    sim: Simulator, dashboard: httpx.Client
) -> None:
    sim.snapshot("before")
    moved = _post(dashboard, "/dashboard/clock", action="advance", duration="2h")
    assert moved.status_code == 303
    _post(dashboard, "/dashboard/clock", action="set", instant="2026-01-06T00:00:00Z")
    _post(dashboard, "/dashboard/clock", action="freeze")
    moves = [(e.endpoint, e.virtual_time) for e in sim.journal if e.kind == "clock"]
    assert moves == [
        ("dashboard:dashboard.advance", "2026-01-05T11:00:00.000Z"),
        ("dashboard:dashboard.set", "2026-01-06T00:00:00.000Z"),
        ("dashboard:dashboard.freeze", "2026-01-06T00:00:00.000Z"),
    ]
    back = _post(dashboard, "/dashboard/clock", action="set", instant="2026-01-05T00:00:00Z")
    assert back.status_code == 400 and "only moves forward" in back.text
    notebook = sim.report(None, since="before")
    assert isinstance(notebook, dict)
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(cell["source"], namespace)
