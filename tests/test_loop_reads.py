"""A journaled request's reads on the event loop run on the connection its entry commits on
(`storage/loop_reads.py`): a commit leaves its own connection's page cache alone. Writes, and
reads inside a write's transaction, stay on the thread's own connection."""

from __future__ import annotations

import contextvars
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.environments import EnvironmentName
from simulator.server import graphql_endpoint
from simulator.storage import Store
from simulator.storage.loop_reads import reads_beside_bookkeeping, reads_here

from .conftest import project_token

QUERY = "{ accounts(first: 5) { edges { node { id } } } }"


@pytest.fixture
def store(tmp_path: Path) -> Any:
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    store.data_version()  # the bookkeeping connection, opened as a server's first look does
    yield store
    store.close()


def _own(store: Store) -> Any:
    return store._leased()


def test_reads_in_the_scope_use_the_bookkeeping_connection(store: Store) -> None:
    own = _own(store)
    assert store.db is own
    with reads_beside_bookkeeping():
        assert reads_here()
        assert store.db is not own
        with store.bookkeeping() as bookkeeping:  # its transaction is not this read's
            assert store.db is not bookkeeping
        assert store.db is bookkeeping
    assert not reads_here()
    assert store.db is own


def test_writes_and_reads_inside_them_stay_on_the_threads_connection(store: Store) -> None:
    own = _own(store)
    first = store.data_version()
    with reads_beside_bookkeeping(), store.atomic() as db:
        assert db is own
        db.execute("INSERT INTO id_sequences (kind, value) VALUES ('state', 1)")
        # A read inside the transaction sees its own write: on the same connection.
        assert store.db is own
        assert store.db.execute("SELECT value FROM id_sequences WHERE kind = 'state'").fetchone()
    # A state write is no bookkeeping: the scheduler's data version still sees it.
    assert store.data_version() != first


def test_a_copy_of_the_scope_in_another_thread_reads_on_its_own(store: Store) -> None:
    found: list[bool] = []
    with reads_beside_bookkeeping():
        context = contextvars.copy_context()
    thread = threading.Thread(target=lambda: found.append(context.run(reads_here)))
    thread.start()
    thread.join()
    assert found == [False]


def test_a_journaled_request_reads_beside_its_entry_and_answers_the_same(
    sim: Simulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    credentials = sim.create_project("sandbox", "P", ["http://localhost/cb"])
    load_dataset(sim.sandbox, credentials.project_id, "default")
    used: list[sqlite3.Connection] = []
    schema_of = graphql_endpoint.inline_schema

    def noted(*args: Any) -> Any:
        used.append(sim.sandbox.store.db.conn)
        return schema_of(*args)

    monkeypatch.setattr(graphql_endpoint, "inline_schema", noted)
    with sim.client() as client:
        token = project_token(client, credentials)
        headers = {"Authorization": f"Bearer {token}"}
        answers = [
            client.post("/sandbox/graphql", json={"query": QUERY}, headers=headers).json()["data"]
            for _ in range(3)
        ]
    assert answers[0] == answers[1] == answers[2] and answers[0]["accounts"]["edges"]
    with sim.sandbox.store.bookkeeping_autocommit() as bookkeeping:
        assert used[-1] is bookkeeping  # the entry's connection
        entries = bookkeeping.execute("SELECT count(*) FROM journal_entries").fetchone()[0]
    assert entries >= 4  # the token and the three queries, each committed


def test_an_entry_is_written_even_when_a_read_is_left_open_on_its_connection(
    sim: Simulator,
) -> None:
    # A cursor not read to its end keeps its snapshot: once another connection commits, the
    # bookkeeping connection cannot write; the entry goes on the thread's own connection.
    credentials = sim.create_project("sandbox", "P", ["http://localhost/cb"])
    store = sim.sandbox.store
    with sim.client() as client:
        token = project_token(client, credentials)
        with store.bookkeeping_autocommit() as bookkeeping:
            left_open = bookkeeping.execute("SELECT name FROM sqlite_master")
            assert left_open.fetchone() is not None
        other = sqlite3.connect(store.path)
        other.execute("INSERT INTO id_sequences (kind, value) VALUES ('elsewhere', 1)")
        other.commit()
        before = other.execute("SELECT count(*) FROM journal_entries").fetchone()[0]
        answer = client.post(
            "/sandbox/graphql",
            json={"query": "{ accounts(first: 1) { edges { node { id } } } }"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200
        after = other.execute("SELECT count(*) FROM journal_entries").fetchone()[0]
        other.close()
        del left_open
    assert after == before + 1
