"""The journal's queue and writer thread (journal/queue.py, writer.py): entries are written
off the request's path, yet every reader in the process sees them in the order they came."""

from __future__ import annotations

import importlib
import logging
import threading
from pathlib import Path

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.environments import EnvironmentName
from simulator.journal import queue as journal_queue
from simulator.journal.queue import JournalQueue

from .conftest import project_token

#: The module (the package's `record` is the function of that name).
journal_record = importlib.import_module("simulator.journal.record")
TYPENAME = "{ __typename }"


def test_a_reader_sees_every_entry_made_before_it_reads(
    sim: Simulator, http: httpx.Client, project: ProjectCredentials
) -> None:
    token = project_token(http, project)
    headers = {"Authorization": f"Bearer {token}"}
    for count in range(1, 41):
        http.post("/sandbox/graphql", json={"query": TYPENAME}, headers=headers)
        # entries 1 and 2: the project's creation and the token request
        assert sim.journal.position() == count + 2


def test_entries_from_many_threads_keep_each_threads_order(sim: Simulator) -> None:
    """Four threads journal clock moves while the writer thread writes: each thread's
    entries are in the file in the order that thread made them, with nothing lost."""

    def journal_calls(name: str) -> None:
        for number in range(50):
            journal_record.record_call(sim.sandbox, "clock", f"{name}-{number}", {})

    threads = [threading.Thread(target=journal_calls, args=(f"t{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    names = [entry.operation_name or "" for entry in sim.journal.filter("sandbox")]
    for n in range(4):
        mine = [name for name in names if name.startswith(f"t{n}-")]
        assert mine == [f"t{n}-{number}" for number in range(50)]


def test_close_writes_what_waits_and_joins_the_writer(tmp_path: Path) -> None:
    with Simulator(tmp_path) as sim:
        queue = sim.wiring.get(JournalQueue)
        writer = sim._journal_writer
        journal_record.record_call(sim.sandbox, "clock", "last", {})
    assert not writer._thread.is_alive()
    assert not queue.waiting(EnvironmentName.SANDBOX)
    with Simulator(tmp_path) as again:
        assert [e.operation_name for e in again.journal.last(1)] == ["last"]


def test_a_backlog_is_written_by_the_caller(
    sim: Simulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `MAX_PENDING` waiting entries, the caller writes them itself: a writer thread
    that falls behind slows the callers down instead of filling the memory."""
    monkeypatch.setattr(journal_queue, "MAX_PENDING", 0)
    callers: list[str] = []
    real_drain = journal_record.drain

    def drain(env: object) -> None:
        callers.append(threading.current_thread().name)
        real_drain(env)  # type: ignore[arg-type]

    monkeypatch.setattr(journal_record, "drain", drain)
    journal_record.record_call(sim.sandbox, "clock", "backlog", {})
    assert threading.current_thread().name in callers
    assert [e.operation_name for e in sim.journal.last(1)] == ["backlog"]


def test_a_failed_write_is_logged_and_the_simulator_goes_on(
    sim: Simulator, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    failing = threading.Event()
    real_insert = journal_record.insert_entry

    def insert(*args: object, **kwargs: object) -> int:
        if failing.is_set() and threading.current_thread().name == "journal-writer":
            failing.clear()
            raise RuntimeError("disk full")
        return real_insert(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(journal_record, "insert_entry", insert)
    failing.set()
    with caplog.at_level(logging.ERROR, logger="simulator.journal"):
        journal_record.record_call(sim.sandbox, "clock", "lost", {})
        for _ in range(200):  # the writer thread meets the failure
            if not failing.is_set():
                break
            threading.Event().wait(0.01)
        journal_record.record_call(sim.sandbox, "clock", "kept", {})
        names = [e.operation_name for e in sim.journal.filter("sandbox")]
    assert "kept" in names
    if "lost" not in names:  # the writer thread failed it (else a reader wrote it first)
        assert "could not write" in caplog.text
