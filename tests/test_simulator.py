"""The composition root: what a `Simulator` owns, and its life cycle (build, use, close)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from simulator import InvalidTimestamp, Simulator, SimulatorClosed
from simulator.domain.sandbox.datasets import load_dataset
from simulator.limits import LimitSettings

from .conftest import LiveServer

REDIRECT = ["http://localhost:3000/callback"]
ACCOUNTS = "{ accounts { totalCount } }"


def _project_token(sim: Simulator) -> tuple[str, str]:
    creds = sim.create_project("sandbox", "App", REDIRECT)
    answer = sim.client().post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": creds.client_id,
            "client_secret": creds.client_secret,
        },
    )
    return creds.project_id, answer.json()["access_token"]


def test_two_simulators_in_one_process_never_affect_each_other() -> None:
    """Different clocks, retry policies, limits, datasets; same-named inboxes."""
    with (
        Simulator(start="2026-01-05T09:00:00Z") as a,
        Simulator(start="2030-06-01T12:00:00Z", limits=LimitSettings(rate_limit=None)) as b,
    ):
        a_project, _ = _project_token(a)
        b_project, _ = _project_token(b)
        load_dataset(a.sandbox, a_project, "default")
        load_dataset(b.sandbox, b_project, "workshop")
        a.webhooks.set_policy("every-30s")
        inbox_a, inbox_b = a.webhooks.inbox("shared"), b.webhooks.inbox("shared")
        for sim, project in ((a, a_project), (b, b_project)):
            sim.webhooks.subscribe(project, "inbox://shared", ["Account.Updated"], secret="s" * 16)

        a.advance("1d")

        assert a.clock.timestamp().startswith("2026-01-06T09:00")
        assert b.clock.timestamp().startswith("2030-06-01T12:00")
        assert a.webhooks.policy.name == "every-30s"
        assert b.webhooks.policy.name == "specification"
        assert a.limits.settings.rate_limit is not None
        assert b.limits.settings.rate_limit is None
        assert inbox_a is not inbox_b
        accounts = [sim.sandbox.store.db["accounts"].count for sim in (a, b)]
        assert accounts[0] != accounts[1]
        # The plugs are the same kind, never the same objects.
        assert a.wiring is not b.wiring
        assert a.wiring.consent_handlers == b.wiring.consent_handlers
        assert a.wiring.scheduled_work is not b.wiring.scheduled_work
        assert a.scheduler.callouts is not b.scheduler.callouts


def test_close_is_idempotent_and_a_closed_simulator_says_so(tmp_path: Path) -> None:
    sim = Simulator()
    data_dir = sim.data_dir
    client = sim.client()
    sim.close()
    sim.close()
    assert sim.closed and not data_dir.exists()  # its temporary data dir is removed
    for use in (
        lambda: sim.advance("1s"),
        lambda: sim.run_due(),
        lambda: sim.create_project("sandbox", "Late", REDIRECT),
        lambda: sim.client(),
        lambda: sim.reset("sandbox"),
    ):
        with pytest.raises(SimulatorClosed):
            use()
    with pytest.raises(SimulatorClosed):
        sim.sandbox.store.db  # noqa: B018  (the store refuses too)
    answer = client.post("/sandbox/graphql", json={"query": ACCOUNTS})
    assert answer.status_code == 503
    assert answer.json()["errors"][0]["extensions"]["code"] == "SIMULATOR_CLOSED"
    assert "closed" in repr(sim)

    with Simulator(tmp_path) as kept:
        kept.create_project("sandbox", "Kept", REDIRECT)
    assert (tmp_path / "sandbox.sqlite").exists()  # a data dir the caller chose stays


def test_close_waits_for_an_operation_under_way() -> None:
    sim = Simulator()
    entered, release = threading.Event(), threading.Event()

    def long_request() -> None:
        with sim._lifecycle.operation():
            entered.set()
            release.wait()
            sim.sandbox.store.db.execute("SELECT count(*) FROM projects").fetchone()

    worker = threading.Thread(target=long_request)
    worker.start()
    entered.wait()
    closer = threading.Thread(target=sim.close)
    closer.start()
    while not sim.closed:  # closing has begun (no timed wait: see scripts/check_faketime.sh)
        time.sleep(0.001)
    assert closer.is_alive()  # held back while the operation runs: the store is still in use
    release.set()
    worker.join()
    closer.join()
    assert sim.closed and not sim.sandbox.store._databases


def test_the_ticker_thread_runs_with_the_app_and_is_joined() -> None:
    before = threading.active_count()
    with Simulator() as sim:
        with sim.client() as client:  # runs the app's lifespan, like `serve`
            assert sim.ticker.running
            assert any(t.name == "simulator-ticker" for t in threading.enumerate())
            client.post("/sandbox/graphql", json={"query": ACCOUNTS})
        assert not sim.ticker.running
        sim.ticker.start()  # started by hand: close() still joins it
    assert not sim.ticker.running
    assert threading.active_count() == before


LOOP = """
import os, sys, threading, time
from simulator import Simulator

def fds():
    return len(os.listdir("/proc/self/fd"))

Simulator().close()  # warm up: schemas parsed once per process
threads, files = threading.active_count(), fds()
start = time.perf_counter()
for _ in range(int(sys.argv[1])):
    sim = Simulator()
    with sim.client() as client:
        answer = client.post("/sandbox/graphql", json={"query": "{ __typename }"})
        assert answer.status_code == 401, answer.text  # no token: refused, but answered
    sim.close()
print(threading.active_count() - threads, fds() - files, time.perf_counter() - start)
"""


def test_hundreds_of_simulators_built_used_and_closed_in_one_process() -> None:
    """The loop that crashed (a worker thread still reading SQLite after close). 300 rounds
    keep its checks (no thread, no file descriptor left behind) at under a third of the
    time a thousand took, the suite's longest test; `benchmarks/bench_lifecycle.py` runs the
    loop a thousand times (`--loops`)."""
    run = subprocess.run(
        [sys.executable, "-c", LOOP, "300"], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-2000:]
    extra_threads, extra_fds, _seconds = run.stdout.split()
    assert (extra_threads, extra_fds) == ("0", "0")


def test_serve_starts_and_stops_fifty_times_on_one_data_dir(tmp_path: Path) -> None:
    from simulator.cli.core import ensure_demo_project

    threads = threading.active_count()
    for round_number in range(50):
        sim = Simulator(tmp_path, frozen=False)
        created = ensure_demo_project(sim)
        assert (created is not None) == (round_number == 0)  # kept from the first start
        with LiveServer(sim) as server:
            import httpx

            answer = httpx.get(server.base_url + "/", timeout=10)
            assert answer.status_code == 200
        sim.close()
    assert threading.active_count() == threads


def test_a_simulator_that_cannot_be_built_leaves_nothing_behind(tmp_path: Path) -> None:
    before = set(Path(tempfile.gettempdir()).glob("banking-sandbox-*"))
    threads = threading.active_count()
    with pytest.raises(InvalidTimestamp):
        Simulator(start="not a date")
    assert set(Path(tempfile.gettempdir()).glob("banking-sandbox-*")) == before
    assert threading.active_count() == threads


def test_a_temporary_data_dir_left_open_goes_when_the_process_ends() -> None:
    """A notebook leaves its simulator open (its widgets keep working after Run All): the
    temporary data dir still goes with the kernel's process."""
    script = "from simulator import Simulator; s = Simulator(); s.advance('1m'); print(s.data_dir)"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    data_dir = Path(done.stdout.strip())
    assert data_dir.name.startswith("banking-sandbox-") and not data_dir.exists()
