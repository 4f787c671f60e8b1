"""An environment file that is already current, opened with the standard library alone.

`Store.open` needs sqlite-utils (and, through it, numpy when installed: about half a second
of start-up) to create or migrate a file. A file that already has every migration this
version knows, in WAL mode, needs neither: `open_current` leaves it exactly as `Store.open`
would (data dir `0700`, files `0600`) and hands back a plain `sqlite3` connection set up as
the store's own. A short command on a data dir in use (`clock advance`, journaled) then
starts in about a tenth of the time; any other file gets `None`, and `Store.open`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ..environments import EnvironmentName
from .private import PRIVATE_FILE_MODE, private_dir, private_file

__all__ = ["MIGRATIONS_TABLE", "SCHEMA_MIGRATIONS", "connect", "open_current", "protect_database"]

#: The bookkeeping table of sqlite-utils' migrations: one row per migration applied.
MIGRATIONS_TABLE = "_sqlite_migrations"
#: How many migrations this version knows (`storage/tables`). A test compares it with the
#: migrations themselves, which cannot be counted without importing sqlite-utils.
SCHEMA_MIGRATIONS = 51

_WAL_FILES = ("-wal", "-shm")


def connect(path: Path, *, durable: bool = True) -> sqlite3.Connection:
    """A connection to an environment file, with the store's settings."""
    connection = sqlite3.connect(path, timeout=10.0, check_same_thread=False)
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute(f"PRAGMA synchronous = {'NORMAL' if durable else 'OFF'}")
    return connection


def protect_database(path: Path) -> None:
    """Make the database and its `-wal`/`-shm` files owner-only (`0600`)."""
    for file in (path, *(path.with_name(path.name + suffix) for suffix in _WAL_FILES)):
        if file.exists():
            file.chmod(PRIVATE_FILE_MODE)


def open_current(data_dir: Path | str, environment: EnvironmentName) -> sqlite3.Connection | None:
    """The environment's file, when `Store.open` would find nothing to do in it: it exists,
    is in WAL mode, and records `SCHEMA_MIGRATIONS` migrations. `None` otherwise (a new
    file, a file to migrate or to put in WAL mode): `Store.open` then has work to do, and
    only the modes it tightens first have been tightened here."""
    path = Path(data_dir) / environment.file_name
    if not path.is_file():
        return None
    # What `Store.open` does first: tighten the modes an older version may have left.
    private_file(private_dir(data_dir) / environment.file_name)
    connection = connect(path)
    try:
        mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
        recorded = connection.execute(f"SELECT count(*) FROM [{MIGRATIONS_TABLE}]").fetchone()[0]
    except sqlite3.Error:  # no bookkeeping table (an empty file): the store creates it
        connection.close()
        return None
    if mode != "wal" or recorded != SCHEMA_MIGRATIONS:
        connection.close()
        return None
    protect_database(path)
    return connection
