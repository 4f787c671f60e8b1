"""Snapshots and bug reports (issue 13): save, restore, diff; reports that replay exactly,
and say clearly where a replay diverges."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import nbformat
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.cli import main
from simulator.domain.accounts import accounts
from simulator.domain.kernel.projects import list_projects
from simulator.report import Replay, ReportFormatError
from simulator.snapshots import SnapshotError

from .conftest import REDIRECT_URI, project_token

ACCOUNTS = "{ accounts(first: 5) { edges { node { id } } } }"


def _query(http: httpx.Client, token: str, query: str = ACCOUNTS) -> httpx.Response:
    return http.post(
        "/sandbox/graphql", json={"query": query}, headers={"Authorization": f"Bearer {token}"}
    )


# -- snapshots --------------------------------------------------------------------------


def test_restore_puts_back_the_rows_the_clock_and_the_id_counters(
    sim: Simulator, project: ProjectCredentials
) -> None:
    sim.snapshot("start")
    sim.create_project("sandbox", "Second", [REDIRECT_URI])
    sim.advance("2h")
    sim.restore("start")
    assert [p["name"] for p in list_projects(sim.sandbox)] == ["Test project"]
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"
    again = sim.create_project("sandbox", "Second", [REDIRECT_URI])
    sim.restore("start")
    assert sim.create_project("sandbox", "Second", [REDIRECT_URI]).project_id == again.project_id


def test_snapshots_are_listed_and_compared(sim: Simulator, project: ProjectCredentials) -> None:
    sim.snapshot("a")
    second = sim.create_project("sandbox", "Second", [REDIRECT_URI])
    sim.snapshot("b")
    assert [info.name for info in sim.snapshots()] == ["a", "b"]
    projects = sim.diff("a", "b")["sandbox"]["projects"]
    assert [row["id"] for row in projects["added"]] == [second.project_id]
    assert projects["removed"] == [] and projects["changed"] == []
    assert sim.diff("a", "b")["live"] == {}


def test_a_snapshot_of_another_format_or_a_newer_simulator_is_refused_whole(
    sim: Simulator, project: ProjectCredentials
) -> None:
    path = sim.snapshot("old")
    manifest = json.loads((path / "manifest.json").read_text())
    (path / "manifest.json").write_text(json.dumps({**manifest, "format": 99}))
    sim.create_project("sandbox", "Kept", [REDIRECT_URI])
    with pytest.raises(SnapshotError, match="format 99"):
        sim.restore("old")
    manifest["migrations"]["sandbox.sqlite"].append("future:m001_unknown")
    (path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(SnapshotError, match="newer simulator"):
        sim.restore("old")
    assert len(list_projects(sim.sandbox)) == 2  # nothing was restored
    with pytest.raises(SnapshotError, match="Not a snapshot name"):
        sim.snapshot("../escape")


def test_a_restore_is_seen_by_a_reader_in_another_connection(
    sim: Simulator, project: ProjectCredentials
) -> None:
    reader = sqlite3.connect(sim.data_dir / "sandbox.sqlite")
    sim.snapshot("one")
    sim.create_project("sandbox", "Two", [REDIRECT_URI])
    assert reader.execute("SELECT count(*) FROM projects").fetchone()[0] == 2
    sim.restore("one")
    assert reader.execute("SELECT count(*) FROM projects").fetchone()[0] == 1
    reader.close()


def test_the_snapshot_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "d")
    assert main(["project", "create", "--name", "P", "--redirect-uri", REDIRECT_URI, "--data-dir", data]) == 0  # fmt: skip
    assert main(["snapshot", "save", "s1", "--data-dir", data]) == 0
    assert main(["project", "create", "--name", "Q", "--redirect-uri", REDIRECT_URI, "--data-dir", data]) == 0  # fmt: skip
    assert main(["snapshot", "save", "s2", "--data-dir", data]) == 0
    capsys.readouterr()
    assert main(["snapshot", "diff", "s1", "s2", "--data-dir", data]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert [row["name"] for row in diff["sandbox"]["projects"]["added"]] == ["Q"]
    assert main(["snapshot", "restore", "s1", "--data-dir", data]) == 0
    assert main(["snapshot", "list", "--data-dir", data]) == 0
    assert "s2" in capsys.readouterr().out
    assert main(["snapshot", "restore", "nope", "--data-dir", data]) == 2


# -- reports ----------------------------------------------------------------------------


def _scenario(sim: Simulator, http: httpx.Client, project: ProjectCredentials) -> str:
    """A project token, a query, a failing webhook receiver and its retry, an expired token."""
    inbox = sim.webhooks.inbox("app")
    inbox.fail(times=1)
    sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="webhook-secret-1")
    # Made from Python, so not journaled: before the starting snapshot (its delivery is due).
    accounts.create_account_holder(sim.sandbox, project.project_id, first_name="A", last_name="B")
    sim.snapshot("before")
    token = project_token(http, project)
    _query(http, token)
    sim.advance("1h")
    _query(http, token, "{ __typename }")
    return token


def test_a_notebook_report_replays_as_recorded_and_holds_no_secret(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials, tmp_path: Path
) -> None:
    token = _scenario(sim, http, project)
    path = sim.report(tmp_path / "bug.ipynb", since="before", expected="No 500 from my receiver.")
    text = Path(path).read_text()
    assert token not in text and project.client_secret not in text
    assert "webhook-secret-1" not in text
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    namespace: dict[str, Any] = {}
    for cell in code:
        exec(cell.source, namespace)  # the cells, in order, as a kernel would run them
    assert "No 500 from my receiver." in notebook.cells[-2].source


def test_a_pytest_report_passes_and_a_tampered_one_names_the_step(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials, tmp_path: Path
) -> None:
    _scenario(sim, http, project)
    path = Path(sim.report(tmp_path / "test_bug.py", since="before", format="pytest"))
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(path)]
    passed = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert passed.returncode == 0, passed.stdout[-3000:]
    text = path.read_text()
    tampered = re.sub(r"'status': 401", "'status': 402", text, count=1)
    path.write_text(tampered)
    failed = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert failed.returncode == 1
    assert "diverged from the recording" in failed.stdout
    assert "-  'status': 402" in failed.stdout and "+  'status': 401" in failed.stdout


def test_a_report_of_another_format_says_so_before_replaying() -> None:
    with pytest.raises(ReportFormatError, match="format 99"):
        Replay({"report_format": 99, "simulator_version": "9.9"}, None)


def test_a_report_of_the_last_steps_replays_the_earlier_ones_quietly(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    _scenario(sim, http, project)
    notebook = sim.report(None, since="before", last=1)
    assert isinstance(notebook, dict)
    sources = [cell["source"] for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert sources[1].startswith("replay.check_all(")
    namespace: dict[str, Any] = {}
    for source in sources:
        exec(source, namespace)
    by_time = sim.report(None, since="2026-01-05T09:30:00Z")  # the latest snapshot before it
    assert isinstance(by_time, dict)
    cells = [cell["source"] for cell in by_time["cells"] if cell["cell_type"] == "code"]
    # setup, the two steps at 09:00, the advance (stamped 10:00, where it took the clock), a query
    assert cells[1].startswith("replay.check_all(") and len(cells) == 5


def test_without_a_snapshot_the_report_starts_empty(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials, tmp_path: Path
) -> None:
    token = project_token(http, project)
    _query(http, token)
    sim.advance("30m")
    text = sim.report(None, format="pytest")
    assert isinstance(text, dict)
    path = tmp_path / "test_empty.py"
    path.write_text(text["text"])
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(path)]
    passed = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert passed.returncode == 0, passed.stdout[-3000:]


def test_the_report_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "d")
    assert main(["snapshot", "save", "s", "--data-dir", data]) == 0
    assert main(["project", "create", "--name", "P", "--redirect-uri", REDIRECT_URI, "--data-dir", data]) == 0  # fmt: skip
    assert main(["clock", "advance", "5m", "--data-dir", data]) == 0
    out = tmp_path / "bug.ipynb"
    assert main(["report", "--out", str(out), "--since", "s", "--data-dir", data]) == 0
    notebook = nbformat.read(out, as_version=4)
    namespace: dict[str, Any] = {}
    for cell in notebook.cells:
        if cell.cell_type == "code":
            exec(cell.source, namespace)


def test_direct_clock_moves_are_journaled_and_replayed(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    sim.snapshot("before")
    sim.clock.set("2026-01-06T08:00:00Z")
    sim.clock.advance("90s")
    sim.clock.freeze()
    _query(http, project_token(http, project))
    moves = [e.endpoint for e in sim.journal if e.kind == "clock"]
    assert moves == ["python:clock.set", "python:clock.advance", "python:clock.freeze"]
    notebook = sim.report(None, since="before")
    assert isinstance(notebook, dict)
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(cell["source"], namespace)


PROBE = """mutation($input: ProbeWebhookEndpointInput!) { probeWebhookEndpoint(input: $input) {
  __typename } }"""


def test_a_probe_is_journaled_and_played_back(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    inbox = sim.webhooks.inbox("probed")
    inbox.fail(times=1)
    sim.snapshot("before")
    token = project_token(http, project)
    answer = http.post(
        "/sandbox/graphql",
        json={"query": PROBE, "variables": {"input": {"endpoint": "inbox://probed"}}},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    probes = [e for e in sim.journal if e.operation_type == "Probe"]
    assert len(probes) == 1 and probes[0].endpoint == "inbox://probed"
    notebook = sim.report(None, since="before")
    assert isinstance(notebook, dict)
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(cell["source"], namespace)


def test_a_token_issued_before_the_snapshot_is_recreated_with_its_expiry(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    token = project_token(http, project)
    sim.advance("50m")
    sim.snapshot("before")
    assert _query(http, token).status_code == 200
    sim.advance("20m")  # past the hour the token lives: the same token now fails
    assert _query(http, token).status_code == 401
    notebook = sim.report(None, since="before")
    assert isinstance(notebook, dict)
    text = json.dumps(notebook)
    assert token not in text
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(cell["source"], namespace)
