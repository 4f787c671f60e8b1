"""One clock rule (issue 31, point 2): moving the clock by D from any surface runs the same
due work in the same order, each item at its own instant. One journey (a real HTTP receiver
that always answers 500, an event, then two hours) through each surface, the instructor's
room-wide advance on a workshop learner's space included; the delivery logs
and the deliveries' state must be equal."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from simulator import Simulator
from simulator.cli import main
from simulator.domain.accounts import accounts
from simulator.journal.clock import dashboard_move
from simulator.webhooks.outbound import OutboundPolicy
from simulator.widgets.clock_panel import ClockPanel
from simulator.workshop import Workshop
from simulator.workshop.room_actions import room_action

from .conftest import REDIRECT_URI, LiveServer, project_token
from .replay_support import Receivers, receivers

ATTEMPTS = (
    "SELECT attempted_at, attempt_number, response_status, error_code, next_attempt_at, "
    "delivery_status, endpoint_url FROM webhook_attempts ORDER BY position"
)
DELIVERIES = (
    "SELECT status, attempt_count, next_attempt_at, last_attempt_at FROM webhook_deliveries "
    "ORDER BY position"
)
#: The specification's schedule within two hours: 0, 5 s, 22 s, 1m22, 4m22, 19m22, 59m22.
EXPECTED_TIMES = [
    "2026-01-05T09:00:00.000Z",
    "2026-01-05T09:00:05.000Z",
    "2026-01-05T09:00:22.000Z",
    "2026-01-05T09:01:22.000Z",
    "2026-01-05T09:04:22.000Z",
    "2026-01-05T09:19:22.000Z",
    "2026-01-05T09:59:22.000Z",
]


def _python(sim: Simulator, data_dir: Path) -> Simulator:
    sim.advance("2h")
    return sim


def _testing_api(sim: Simulator, data_dir: Path) -> Simulator:
    credentials = sim.create_project("sandbox", "Mover", [REDIRECT_URI])
    with sim.client() as http:
        token = project_token(http, credentials)
        answer = http.post(
            "/sandbox-testing/graphql",
            json={"query": 'mutation { advanceClock(input: {duration: "2h"}) { __typename } }'},
            headers={"Authorization": f"Bearer {token}"},
        )
    assert answer.json()["data"]["advanceClock"]["__typename"] == "ClockSuccessPayload"
    return sim


def _dashboard(sim: Simulator, data_dir: Path) -> Simulator:
    dashboard_move(sim.sandbox, sim.scheduler, "advance", "2h")
    return sim


def _widget(sim: Simulator, data_dir: Path) -> Simulator:
    ClockPanel(sim, follow=False).advance("2h")
    return sim


def _cli_stopped(sim: Simulator, data_dir: Path) -> Simulator:
    sim.close()
    assert main(["clock", "advance", "2h", "--data-dir", str(data_dir)]) == 0
    reopened = Simulator(data_dir)
    reopened.run_due()  # what a server started on the data dir does within a tick
    return reopened


def _cli_served(sim: Simulator, data_dir: Path) -> Simulator:
    with LiveServer(sim) as server:
        assert main(["clock", "advance", "2h", "--data-dir", str(data_dir)]) == 0
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # the server's ticker catches up
            if len(sim.sandbox.store.db.execute(ATTEMPTS).fetchall()) >= len(EXPECTED_TIMES):
                break
            time.sleep(0.1)
        time.sleep(0.5)  # and nothing more falls due
        httpx.get(server.base_url + "/", timeout=5)
    return sim


def _room(sim: Simulator, data_dir: Path) -> Simulator:
    """The instructor's room-wide advance (`POST /workshop/room/clock`), on a learner's space
    of a room whose `learners/ada` is `data_dir` (`journey` made it so)."""
    # Strict, as a room is, but the test's receivers are on loopback.
    room = Workshop(
        data_dir.parent.parent, outbound_policy=OutboundPolicy.strict_mode(["127.0.0.0/8"])
    )
    try:
        room_action(room, "clock", {"duration": "2h"})
    finally:
        room.close()
    return Simulator(data_dir)


SURFACES: dict[str, Callable[[Simulator, Path], Simulator]] = {
    "python": _python,
    "testing-api": _testing_api,
    "dashboard": _dashboard,
    "widget": _widget,
    "cli-stopped": _cli_stopped,
    "cli-served": _cli_served,
    "room": _room,
}


def journey(
    folder: Path, endpoints: Receivers, move: Callable[[Simulator, Path], Simulator]
) -> Any:
    data_dir = folder / "data"
    if move is _room:  # a learner's space of a workshop room
        with Workshop(folder / "room") as room:
            room.create(["ada"], dataset="workshop")
        data_dir = folder / "room" / "learners" / "ada"
    sim = Simulator(data_dir)
    project = sim.create_project("sandbox", "Journey", [REDIRECT_URI])
    sim.webhooks.subscribe(project, endpoints.fail, ["Account.Created"], secret="s3cret")
    accounts.create_account_holder(sim.sandbox, project.project_id, first_name="A", last_name="B")
    sim.run_due()  # the first attempt, at 09:00
    sim = move(sim, data_dir)
    try:
        db = sim.sandbox.store.db
        return (
            [tuple(row) for row in db.execute(ATTEMPTS).fetchall()],
            [tuple(row) for row in db.execute(DELIVERIES).fetchall()],
            sim.clock.timestamp(),
        )
    finally:
        sim.close()


@pytest.fixture(scope="module")
def endpoints() -> Any:
    with receivers() as found:
        yield found


def test_every_surface_runs_the_same_due_work(tmp_path: Path, endpoints: Receivers) -> None:
    results = {name: journey(tmp_path / name, endpoints, move) for name, move in SURFACES.items()}
    attempts, deliveries, now = results["python"]
    assert [row[0] for row in attempts] == EXPECTED_TIMES
    assert now == "2026-01-05T11:00:00.000Z"
    for name, found in results.items():
        assert found == results["python"], name
    del deliveries
