"""The SQLite file of one environment."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path

from ..clock import Clock
from ..environments import EnvironmentName
from ..exceptions import SimulatorClosed
from ..user_cache import cache_path, read_cached, write_cached
from ._database import Database
from ._ids import ID_SECRET_TABLE, ensure_id_secret
from .current import MIGRATIONS_TABLE, connect, protect_database
from .loop_reads import reads_here
from .private import private_dir, private_file
from .read_only import refuse_writes_here

__all__ = ["Store", "now_text"]

_MIGRATIONS_TABLE = MIGRATIONS_TABLE
# The request journal outlives a reset: the reset is one of its entries (docs/bug-reports.md).
_JOURNAL_TABLES = {"journal_entries", "journal_secrets"}
_KEPT_ON_RESET = {
    _MIGRATIONS_TABLE,
    "sqlite_sequence",
    "signing_keys",
    "hash_keys",
    ID_SECRET_TABLE,  # ids stay stable across a reset, as the data dir's own
} | _JOURNAL_TABLES


def now_text(clock: Clock) -> str:
    """The clock's current time as stored in every `*_at` column."""
    return clock.timestamp()


def _database(connection: sqlite3.Connection) -> Database:
    """One of the store's connections, wrapped (`storage/_database.py`: sqlite-utils' run-time
    subset, without its 60 ms of imports)."""
    return Database(connection)


def _apply_migrations(database: Database) -> None:
    # A process that finds the migrated image in the user's cache (most) never migrates:
    # sqlite-utils (60 ms) and the 36 modules of the migrations are imported only here.
    import sqlite_utils  # start-up: see above

    from .tables import MIGRATION_SETS

    # Without sqlite-utils' plugins: an installed plugin must not change the simulator's
    # databases (and finding them reads every installed package's entry points, 17 ms).
    migrating = sqlite_utils.Database(database.conn, execute_plugins=False)
    for migrations in MIGRATION_SETS:
        migrations.apply(migrating)
    database.forget_schema()  # the migrations may have changed a table's columns
    with database.ensure_autocommit_on():
        applied = database[_MIGRATIONS_TABLE].count
        database.execute(f"PRAGMA user_version = {applied}")


@functools.cache
def _migrated_image() -> bytes:
    """Every migration applied to an empty in-memory database, serialized (schema only: no
    migration inserts rows but its own bookkeeping). Built once per process, or read from
    the user's cache (`simulator/user_cache.py`), named by the storage code it comes from
    and the SQLite and sqlite-utils that ran it; immutable."""
    path = cache_path(
        "migrated", sqlite3.sqlite_version, *_sqlite_utils_code(), *_storage_sources()
    )
    cached = read_cached(path)
    if cached is not None and _usable_image(cached):
        return cached
    connection = sqlite3.connect(":memory:")
    try:
        _apply_migrations(_database(connection))
        image = connection.serialize()
    finally:
        connection.close()
    write_cached(path, image)
    return image


def _sqlite_utils_code() -> list[bytes]:
    """The sqlite-utils code that runs the migrations (its modules' bytes), rather than its
    version: reading an installed package's version imports `importlib.metadata` and scans
    the path's distributions, 10 ms of every process's start-up. Found, not imported (60 ms,
    which a process that reads the image from the cache never pays)."""
    spec = importlib.util.find_spec("sqlite_utils")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("sqlite-utils is needed to migrate the simulator's schema")
    package = Path(spec.origin).parent
    return [(package / name).read_bytes() for name in ("db.py", "migrations.py")]


def _storage_sources() -> list[bytes]:
    """The code the migrated image depends on: every module of this package (the
    migrations, the tables they create, the helpers they call), by path and content."""
    package = Path(__file__).parent
    return [
        part
        for source in sorted(package.rglob("*.py"))
        for part in (source.relative_to(package).as_posix().encode(), source.read_bytes())
    ]


def _usable_image(image: bytes) -> bool:
    """True when `image` is a whole database with its migrations recorded (not a damaged or
    truncated file), read from its header as SQLite's file format defines it: the magic
    string, as many bytes as its page size times its page count, a `user_version` (the
    migrations recorded) above zero. Opening the image to ask took 2-3 ms of every start."""
    if len(image) < 100 or not image.startswith(b"SQLite format 3\x00"):
        return False
    page_size = int.from_bytes(image[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size  # how the format writes 64 KiB
    pages = int.from_bytes(image[28:32], "big")
    return len(image) == page_size * pages and _user_version(image) > 0


def _user_version(image: bytes) -> int:
    """`PRAGMA user_version` of a serialized database: the header's 4 bytes at offset 60."""
    return int.from_bytes(image[60:64], "big")


@functools.cache
def _migration_count() -> int:
    """How many migrations this version of the simulator knows (`PRAGMA user_version` of a
    file that has them all)."""
    return _user_version(_migrated_image())


#: What the bookkeeping connection commits (bytes, about) between two checkpoints asked of the
#: workers: SQLite's own cadence (1,000 pages of 4 KiB), so the WAL stays as bounded as before.
_CHECKPOINT_BYTES = 4 * 1024 * 1024
#: The connections' busy timeout (`current.connect`'s ten seconds), restored after a checkpoint.
_BUSY_TIMEOUT_MS = 10_000
#: How long `close()` waits for a checkpoint under way (real seconds; one takes milliseconds).
_CHECKPOINT_WAIT_SECONDS = 30.0
#: Runs a call in another thread (`Executor.submit`): the simulator's workers.
Submit = Callable[[Callable[[], None]], "Future[None]"]


class _Lease:
    """A thread's hold on a pooled connection; freed with the thread's locals."""

    __slots__ = ("__weakref__", "database")

    def __init__(self, database: Database) -> None:
        self.database = database


class Store:
    """One environment's SQLite file, with one connection per thread at a time.

    The simulator runs in several threads (a notebook's, Starlette's test portal, uvicorn's
    loop, the scheduler's worker). Each thread leases its own connection, so transactions
    never mix; SQLite's locking serialises writes. When a thread ends, its connection goes
    back to a pool for the next thread: a client that runs every request in a new thread
    (Starlette's `TestClient` used without `with`) neither leaks connections nor pays for
    opening one per request.
    """

    def __init__(
        self,
        path: Path,
        environment: EnvironmentName,
        *,
        durable: bool = True,
        reproducible_ids: bool = False,
    ) -> None:
        self.path = path
        self.environment = environment
        #: A new file gets the reproducible id scheme instead of a random id secret
        #: (storage/_ids.py): only for teaching material nobody else reaches.
        self.reproducible_ids = reproducible_ids
        #: False for a throwaway data dir: SQLite then never waits for the disk (no fsync), a
        #: crash may lose the file, and nobody would have kept it anyway.
        self.durable = durable
        self._local = threading.local()
        self._idle: list[Database] = []  # connections of threads that ended
        self._databases: list[Database] = []  # every connection, to close
        self._databases_lock = threading.Lock()
        self._closed = False
        self._watch: Database | None = None  # see data_version()
        self._watch_lock = threading.Lock()
        # Checkpoints made off the event loop (`checkpoint_with`), under `_watch_lock`.
        self._submit: Submit | None = None
        self._unchecked = 0  # bytes committed by bookkeeping since the last checkpoint asked
        self._checkpointing: Future[None] | None = None

    @classmethod
    def open(
        cls,
        data_dir: Path | str,
        environment: EnvironmentName,
        *,
        durable: bool = True,
        reproducible_ids: bool = False,
    ) -> Store:
        """Open (creating and migrating when needed) the environment's file in `data_dir`.
        A file without an id secret gets one: random, or the reproducible scheme when
        `reproducible_ids` (storage/_ids.py); a file that has one keeps it."""
        directory = private_dir(data_dir)  # 0700: the file holds signing keys and the outbox
        path = private_file(directory / environment.file_name)
        store = cls(path, environment, durable=durable, reproducible_ids=reproducible_ids)
        store.migrate()
        store.protect_files()
        return store

    def protect_files(self) -> None:
        """Make the database and its `-wal`/`-shm` files owner-only (`0600`).

        A file created by `Store.open` is `0600` from the start and SQLite gives the WAL
        files the database's mode; this also tightens files an older version left readable.
        """
        protect_database(self.path)

    @property
    def db(self) -> Database:
        """This thread's connection (`SimulatorClosed` once the store is closed); inside
        `loop_reads.reads_beside_bookkeeping()`, the bookkeeping one for a read made outside
        this thread's transaction (its page cache outlives the journal's commits)."""
        return self._connection(reads_here())

    def _leased(self) -> Database:
        """This thread's own connection, wherever its reads go (`db`): writes begin there."""
        return self._connection(False)

    def _connection(self, beside_bookkeeping: bool) -> Database:
        if self._closed:
            raise SimulatorClosed(f"The {self.environment.value} store is closed.")
        lease: _Lease | None = getattr(self._local, "lease", None)
        if beside_bookkeeping:
            watch = self._watch
            if (
                watch is not None
                and not watch.conn.in_transaction  # another thread's bookkeeping under way
                and (lease is None or not lease.database.conn.in_transaction)
            ):
                return watch
        if lease is None:
            lease = _Lease(self._take())
            self._local.lease = lease
            weakref.finalize(lease, self._give_back, lease.database)
        return lease.database

    def _take(self) -> Database:
        with self._databases_lock:
            if self._idle:
                return self._idle.pop()
        # Used by one thread at a time (its lease), though not always the one that made it.
        database = _database(self._connect())
        with self._databases_lock:
            self._databases.append(database)
        return database

    def _connect(self) -> sqlite3.Connection:
        return connect(self.path, durable=self.durable)

    def _give_back(self, database: Database) -> None:
        with contextlib.suppress(sqlite3.ProgrammingError):  # closed by close() meanwhile
            if database.conn.in_transaction:
                database.conn.rollback()
            with self._databases_lock:
                if database in self._databases:
                    self._idle.append(database)

    @contextmanager
    def atomic(self) -> Iterator[Database]:
        """One transaction (or a savepoint inside one): everything in it lands, or nothing.

        The outermost block starts with `BEGIN IMMEDIATE`, taking the write lock up front
        (waiting for it up to the busy timeout). sqlite-utils' plain `BEGIN` is deferred: a
        transaction that reads first and writes later would fail at once with "database is
        locked" whenever another connection (the CLI, a second process) committed in between,
        since in WAL mode a stale read snapshot cannot become a write.
        A write asked for inside `read_only.reads_only()` (a query run on the event loop)
        is refused before it begins (`WriteDeferred`): the operation runs again in a worker.
        """
        refuse_writes_here()
        database = self._leased()
        if database.conn.in_transaction:
            with database.atomic():  # a savepoint
                yield database
            return
        database.conn.execute("BEGIN IMMEDIATE")
        try:
            yield database
        except BaseException:
            database.rollback()
            raise
        else:
            try:
                database.conn.execute("COMMIT")
            except BaseException:
                database.rollback()
                raise

    def migrate(self) -> None:
        """Create the schema on first open and apply any migration added since.

        A new, empty file gets a copy of a freshly migrated schema (SQLite's backup of an
        in-memory image built once per process) instead of running every migration again:
        the same result, several times faster, which is most of a new `Simulator()`.
        A file without an id secret (a new one: the image has none) is then given one.
        """
        database = self.db
        new = not database.table_names()
        if new:
            with contextlib.closing(sqlite3.connect(":memory:")) as image:
                image.deserialize(_migrated_image())
                image.backup(database.conn)
        if database.journal_mode != "wal":
            database.enable_wal()
        # Migrations are only ever appended, so a file recording as many as this version
        # knows has them all: checking each set (a dozen queries a set) is skipped, which
        # is most of opening a workshop room's hundred files.
        if not new and self._recorded_migrations(database) != _migration_count():
            _apply_migrations(database)
        # Made here, for this file, never in the image it was copied from (every file would
        # then share it); kept when the file has one already (no write then).
        if database.execute(f"SELECT 1 FROM [{ID_SECRET_TABLE}]").fetchone() is None:
            with self.atomic() as writing:
                ensure_id_secret(writing, reproducible=self.reproducible_ids)

    def data_version(self) -> int:
        """A number that changes whenever the state in the file changes: a commit by any
        thread of this process or by another process (SQLite's `PRAGMA data_version`), but
        not a `bookkeeping()` one. Equal twice, nothing changed in between: a reader may keep
        what it computed from the file (the scheduler's next due instant does)."""
        with self._watch_lock:
            return int(self._watching().execute("PRAGMA data_version").fetchone()[0])

    @contextmanager
    def bookkeeping(self) -> Iterator[Database]:
        """A transaction for records *about* the simulator's use (the request journal), which
        no reader of the state needs to notice.

        It runs on the connection `data_version()` asks, and SQLite's data version counts
        only the commits of *other* connections: so journaling a request, which happens for
        every request, does not make the scheduler look for due work again."""
        with self._watch_lock:
            database = self._watching()
            connection = database.conn
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield database
            except BaseException:
                connection.rollback()
                raise
            else:
                try:
                    connection.execute("COMMIT")
                except BaseException:
                    connection.rollback()
                    raise

    @contextmanager
    def bookkeeping_autocommit(self) -> Iterator[sqlite3.Connection]:
        """`bookkeeping()`'s connection outside any transaction: each statement commits by
        itself (`BEGIN IMMEDIATE` starts one when a caller needs several to land together).
        A single `INSERT` is then one statement instead of three (the request journal's
        common case). Held by the caller alone until the block ends; a transaction left
        open is rolled back."""
        with self._watch_lock:
            connection = self._watching().conn
            try:
                yield connection
            finally:
                if connection.in_transaction:
                    connection.rollback()

    def checkpoint_with(self, submit: Submit) -> None:
        """Have the WAL's checkpoints made in `submit`'s threads (the simulator's workers)
        instead of in the bookkeeping connection's commits.

        The request journal commits on the event loop, once a request; SQLite checkpoints
        in the commit that takes the WAL past 1,000 pages: every few hundred requests one
        of them copied the pages into the file and waited for its `fsync`, on the loop.
        Its commits now never checkpoint; once they have written about as much
        (`bookkeeping_written`), a checkpoint is asked of a worker (`_checkpoint`), so the
        WAL stays bounded as before, a long read-only load included. The other connections
        (the workers' writes) checkpoint in their own commits as ever."""
        with self._watch_lock:
            self._submit = submit
            if self._watch is not None:
                self._watch.conn.execute("PRAGMA wal_autocheckpoint = 0")

    def bookkeeping_written(self, size: int) -> None:
        """Count `size` bytes (about) just committed on the bookkeeping connection (called
        inside `bookkeeping_autocommit()`); past `_CHECKPOINT_BYTES`, ask a worker for a
        checkpoint, unless one is under way."""
        if self._submit is None:
            return
        self._unchecked += size
        pending = self._checkpointing
        if self._unchecked < _CHECKPOINT_BYTES or (pending is not None and not pending.done()):
            return
        self._unchecked = 0
        try:
            self._checkpointing = self._submit(self._checkpoint)
        except RuntimeError:  # the workers are shut down (closing): checkpoint here, as before
            with contextlib.suppress(sqlite3.Error):
                self._watching().execute("PRAGMA wal_checkpoint(PASSIVE)")

    def _checkpoint(self) -> None:
        """A checkpoint on this thread's connection (a worker's, off the event loop): a
        passive one copies the pages without blocking anyone; then, if no one writes at that
        instant, a `RESTART` copies the few pages committed meanwhile and has the next
        commit write the WAL from its start (SQLite restarts it only when a commit finds
        every page copied, which a checkpoint running beside the commits never leaves).
        Busy, it gives up at once (the journal's commits are not kept waiting): the next
        checkpoint tries again."""
        with contextlib.suppress(SimulatorClosed, sqlite3.Error):  # closing; or busy: next time
            database = self.db
            database.execute("PRAGMA wal_checkpoint(PASSIVE)")
            database.execute("PRAGMA busy_timeout = 0")
            try:
                database.execute("PRAGMA wal_checkpoint(RESTART)")
            finally:
                database.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")

    def _watching(self) -> Database:
        """The connection of `data_version()` and `bookkeeping()` (under `_watch_lock`), in
        autocommit mode: transactions are begun explicitly, never implicitly by a write."""
        if self._watch is None:
            if self._closed:
                raise SimulatorClosed(f"The {self.environment.value} store is closed.")
            connection = self._connect()
            connection.isolation_level = None
            if self._submit is not None:  # its commits checkpoint no more (`checkpoint_with`)
                connection.execute("PRAGMA wal_autocheckpoint = 0")
            self._watch = _database(connection)
        return self._watch

    @staticmethod
    def _recorded_migrations(database: Database) -> int | None:
        try:
            found = database.execute(f"SELECT count(*) FROM [{_MIGRATIONS_TABLE}]").fetchone()
        except sqlite3.OperationalError:  # no bookkeeping table: let the migrations say
            return None
        return int(found[0])

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
        """Close every connection. The owner calls it once no thread uses the store any more
        (`Simulator.close()` waits for requests under way and joins its threads first). A
        checkpoint asked of a shared pool is cancelled, or waited for when under way."""
        with self._watch_lock:
            self._submit = None
            pending, self._checkpointing = self._checkpointing, None
        if pending is not None and not pending.cancel():
            with contextlib.suppress(Exception):
                pending.result(timeout=_CHECKPOINT_WAIT_SECONDS)
        with self._databases_lock:
            self._closed = True
            databases, self._databases, self._idle = self._databases, [], []
        for database in databases:
            with contextlib.suppress(sqlite3.ProgrammingError):
                database.conn.close()
        with self._watch_lock:
            watch, self._watch = self._watch, None
        if watch is not None:
            watch.conn.close()
        self._local = threading.local()

    def __repr__(self) -> str:
        return f"<Store {self.environment.value} {self.path}>"
