"""Two writers on one environment's file (the server's request loop and its scheduler thread,
or the CLI): a transaction takes the write lock when it begins, so a writer that committed
meanwhile makes the other wait, never fail with "database is locked"."""

from __future__ import annotations

import threading
from pathlib import Path

from simulator.environments import EnvironmentName
from simulator.storage import Store


def test_a_transaction_that_read_first_can_still_write_after_another_commit(
    tmp_path: Path,
) -> None:
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    store.db.execute("CREATE TABLE notes (text TEXT)")
    errors: list[BaseException] = []

    def other_writer() -> None:  # its own thread, so its own connection
        try:
            with store.atomic() as db:
                db.execute("INSERT INTO notes VALUES ('other')")
        except BaseException as error:  # reported below
            errors.append(error)

    thread = threading.Thread(target=other_writer)
    with store.atomic() as db:
        assert db.execute("SELECT COUNT(*) FROM notes").fetchone()[0] == 0  # a read first
        thread.start()
        # With a deferred BEGIN the other writer committed here, and the write below then
        # failed at once (a stale snapshot cannot become a writer: SQLITE_BUSY_SNAPSHOT).
        thread.join(timeout=0.5)
        assert thread.is_alive()  # it waits for this transaction instead
        db.execute("INSERT INTO notes VALUES ('mine')")
    thread.join(timeout=10)
    assert errors == []
    assert [row[0] for row in store.db.execute("SELECT text FROM notes ORDER BY rowid")] == [
        "mine",
        "other",
    ]
    store.close()


def test_savepoints_nest_inside_a_transaction(tmp_path: Path) -> None:
    store = Store.open(tmp_path, EnvironmentName.SANDBOX)
    store.db.execute("CREATE TABLE notes (text TEXT)")
    with store.atomic() as db:
        db.execute("INSERT INTO notes VALUES ('kept')")
        try:
            with store.atomic() as inner:
                inner.execute("INSERT INTO notes VALUES ('dropped')")
                raise RuntimeError("roll the savepoint back")
        except RuntimeError:
            pass
    assert [row[0] for row in store.db.execute("SELECT text FROM notes")] == ["kept"]
    store.close()
