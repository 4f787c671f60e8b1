"""The journal's commits leave the WAL's checkpoints to the workers (docs/performance.md,
"The journal"): the event loop never copies the WAL into the file nor waits for its `fsync`,
and the WAL stays bounded all the same, a long read-only load included."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from pathlib import Path

import pytest

from simulator import Simulator
from simulator.environments import EnvironmentName
from simulator.storage import _store

from .conftest import REDIRECT_URI, project_token

QUERY = "{ accounts(first: 50) { edges { node { id } } } }"


def _wal_size(sim: Simulator) -> int:
    return Path(str(sim.sandbox.store.path) + "-wal").stat().st_size


def test_a_long_read_only_load_keeps_the_wal_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A checkpoint every 256 KiB instead of 4 MiB: 300 entries (about 15 KiB each) would
    # make a 4 MiB WAL without checkpoints, well under it with them.
    monkeypatch.setattr(_store, "_CHECKPOINT_BYTES", 256 * 1024)
    checkpointed: list[str] = []
    checkpoint = _store.Store._checkpoint

    def noted(store: _store.Store) -> None:
        checkpointed.append(threading.current_thread().name)
        checkpoint(store)

    monkeypatch.setattr(_store.Store, "_checkpoint", noted)
    with Simulator(tmp_path / "data") as sim:
        credentials = sim.create_project("sandbox", "Load", [REDIRECT_URI])
        with sim.client() as client:
            token = project_token(client, credentials)
            headers = {"Authorization": f"Bearer {token}"}
            connection = sim.sandbox.store._watching().conn
            assert connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
            for _ in range(300):
                answer = client.post("/sandbox/graphql", json={"query": QUERY}, headers=headers)
                assert answer.status_code == 200
            # Without checkpoints the WAL would pass 4 MiB. A checkpoint that finds the journal
            # committing gives up until the next one, and on a loaded machine a worker may start
            # late: half that bound, and a few checkpoints, tell the two apart without timing.
            assert _wal_size(sim) < 2 * 1024 * 1024
        # Every checkpoint ran in a worker, none on the event loop's thread.
        assert len(checkpointed) >= 3
        assert all(name.startswith("simulator-worker") for name in checkpointed)
        journal = sim.sandbox.store.db.execute("SELECT count(*) FROM journal_entries")
        assert journal.fetchone()[0] >= 300


def test_close_cancels_a_checkpoint_not_started(tmp_path: Path) -> None:
    store = _store.Store.open(tmp_path, EnvironmentName.SANDBOX)
    queued: list[Future[None]] = []

    def submit(call: object) -> Future[None]:  # a pool too busy to start it
        future: Future[None] = Future()
        queued.append(future)
        return future

    store.checkpoint_with(submit)
    store.bookkeeping_written(_store._CHECKPOINT_BYTES)
    assert len(queued) == 1
    store.bookkeeping_written(_store._CHECKPOINT_BYTES)  # one under way at a time
    assert len(queued) == 1
    store.close()
    assert queued[0].cancelled()


def test_workers_shut_down_the_commit_checkpoints_as_before(tmp_path: Path) -> None:
    store = _store.Store.open(tmp_path, EnvironmentName.SANDBOX)

    def refused(call: object) -> Future[None]:
        raise RuntimeError("cannot schedule new futures after shutdown")

    store.checkpoint_with(refused)
    with store.bookkeeping_autocommit() as connection:
        connection.execute("CREATE TABLE t (x)")
        store.bookkeeping_written(_store._CHECKPOINT_BYTES)  # checkpoints here, no error
    store.close()
