"""The SQLite file of one environment."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from ..clock import Clock
from ..environments import EnvironmentName
from .tables import MIGRATION_SETS

__all__ = ["Store", "now_text"]

_MIGRATIONS_TABLE = "_sqlite_migrations"
_KEPT_ON_RESET = {_MIGRATIONS_TABLE, "sqlite_sequence", "signing_keys"}


def now_text(clock: Clock) -> str:
    """The clock's current time as stored in every `*_at` column."""
    return clock.timestamp()


class Store:
    """One environment's SQLite file, opened once per thread.

    `sqlite3` connections may not be shared between threads by default, and the
    simulator runs in several (a notebook's thread, Starlette's test portal, uvicorn's
    loop). Each thread gets its own connection; SQLite's locking serialises writes.
    """

    def __init__(self, path: Path, environment: EnvironmentName) -> None:
        self.path = path
        self.environment = environment
        self._local = threading.local()
        # Weak: when a thread ends, its thread-local Database (and connection) is freed,
        # so a client that runs each request in a new thread leaks nothing.
        self._databases: weakref.WeakSet[sqlite_utils.Database] = weakref.WeakSet()
        self._databases_lock = threading.Lock()

    @classmethod
    def open(cls, data_dir: Path | str, environment: EnvironmentName) -> Store:
        """Open (creating and migrating when needed) the environment's file in `data_dir`."""
        directory = Path(data_dir)
        directory.mkdir(parents=True, exist_ok=True)
        store = cls(directory / environment.file_name, environment)
        store.migrate()
        return store

    @property
    def db(self) -> sqlite_utils.Database:
        """This thread's connection."""
        database: sqlite_utils.Database | None = getattr(self._local, "db", None)
        if database is None:
            connection = sqlite3.connect(self.path, timeout=10.0)
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA synchronous = NORMAL")
            database = sqlite_utils.Database(connection)
            self._local.db = database
            with self._databases_lock:
                self._databases.add(database)
        return database

    @contextmanager
    def atomic(self) -> Iterator[sqlite_utils.Database]:
        """One transaction (or a savepoint inside one): everything in it lands, or nothing.

        The transaction takes the write lock when it begins (`BEGIN IMMEDIATE`, waiting up to
        the connection's timeout): with sqlite-utils' deferred `BEGIN`, a transaction that
        read first could not write once another thread or process had committed meanwhile
        (SQLITE_BUSY_SNAPSHOT, "database is locked" at once, no waiting), which the server's
        scheduler thread beside its request loop made happen.
        """
        database = self.db
        if database.conn.in_transaction:
            with database.atomic():  # a savepoint
                yield database
            return
        database.conn.execute("BEGIN IMMEDIATE")
        try:
            yield database
        except BaseException:
            # rollback() is a no-op when an error already ended the transaction.
            database.conn.rollback()
            raise
        else:
            database.conn.commit()

    def migrate(self) -> None:
        """Create the schema on first open and apply any migration added since."""
        database = self.db
        if database.journal_mode != "wal":
            database.enable_wal()
        for migrations in MIGRATION_SETS:
            migrations.apply(database)
        with database.ensure_autocommit_on():
            database.execute(f"PRAGMA user_version = {self._count_applied(database)}")

    @property
    def schema_version(self) -> int:
        """The number of migrations applied to this file (also stored as `PRAGMA user_version`)."""
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def applied_migrations(self) -> list[str]:
        return [
            f"{row['migration_set']}:{row['name']}"
            for row in self.db[_MIGRATIONS_TABLE].rows_where(order_by="rowid")
        ]

    def reset(self) -> None:
        """Empty every table in one transaction, keeping the schema and the signing keys.

        Rows are deleted rather than the file removed, so a server running on the same
        data dir sees a fresh environment instead of a vanished file.
        """
        with self.atomic() as database:
            database.execute("PRAGMA defer_foreign_keys = ON")
            for name in database.table_names():
                if name not in _KEPT_ON_RESET and not name.startswith("sqlite_"):
                    database.execute(f"DELETE FROM [{name}]")

    def close(self) -> None:
        with self._databases_lock:
            for database in list(self._databases):
                connection = database.conn
                # A connection made in a thread that has ended may refuse; nothing to close.
                with contextlib.suppress(sqlite3.ProgrammingError):
                    connection.close()
            self._databases.clear()
        self._local = threading.local()

    @staticmethod
    def _count_applied(database: sqlite_utils.Database) -> int:
        return database[_MIGRATIONS_TABLE].count

    def __repr__(self) -> str:
        return f"<Store {self.environment.value} {self.path}>"
