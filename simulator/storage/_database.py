"""The store's connection wrapper: the part of sqlite-utils the simulator uses at run time.

**Why it exists: start-up.** Importing sqlite-utils costs about 60 ms of a process's first
answer (its `db` module, its plugin system with pluggy and click, its recipes with dateutil,
its `CREATE TABLE` parser), a third of what Starlette and Ariadne cost together. The running
simulator calls a dozen of its methods, all thin layers over `sqlite3`; they are here, with
sqlite-utils' observable behaviour for the arguments the simulator passes (the same SQL
clauses, rows as dicts, `NotFoundError`, values stored as sqlite-utils stores them: a dict,
list or tuple as JSON text, a date as ISO 8601, a `Decimal` as a float, a `UUID` as text).
tests/test_storage_database.py runs each of them beside sqlite-utils and compares.

The migrations (`storage/tables/`) keep using sqlite-utils (`create`, `transform`,
`create_index`...): they run only when the user's cache has no migrated image, on the same
`sqlite3` connection wrapped in a `sqlite_utils.Database` (`storage/_store.py`).

```python
db = Database(sqlite3.connect(":memory:"))
db.execute("CREATE TABLE cards (id TEXT PRIMARY KEY, status TEXT, tags TEXT)")
db["cards"].insert({"id": "c1", "status": "Enabled", "tags": ["a"]})  # tags: '["a"]'
db["cards"].update("c1", {"status": "Canceled"})
db["cards"].get("c1")["status"]              # 'Canceled'; NotFoundError when absent
list(db["cards"].rows_where("status = ?", ["Canceled"], order_by="id", limit=10))
```

What it leaves out, on purpose: creating a table on first insert, altering one on an
unknown column (`alter=`), views (`db[name]` is always a table: the schema has none),
`last_pk`/`last_rowid`, tracers, plugins, and sqlite-utils' check that SQLite supports
`ON CONFLICT` (3.24, 2018; Python 3.11 ships a newer one).
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ._sql import (
    MAX_VARIABLES,
    QUERY_ONLY,
    QUERY_REJECTED,
    TRANSACTION_CONTROL,
    Column,
    InvalidColumns,
    NotFoundError,
    Params,
    PrimaryKeyRequired,
    TransactionError,
    affinity,
    chunk_columns,
    chunks,
    dedupe_keys,
    dicts,
    first_keyword,
    quote_identifier,
    single_pk,
    stored,
)

__all__ = [
    "Column",
    "Database",
    "InvalidColumns",
    "NotFoundError",
    "PrimaryKeyRequired",
    "Table",
    "TransactionError",
]


class Database:
    """One `sqlite3` connection, as `sqlite_utils.Database(connection)` wraps it."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        autocommit = getattr(conn, "autocommit", None)  # Python 3.12+
        if autocommit is not None and autocommit != getattr(
            sqlite3, "LEGACY_TRANSACTION_CONTROL", -1
        ):
            raise TransactionError(
                "connections created with autocommit=True or autocommit=False are not supported"
            )
        self.conn = conn
        # Each table's columns, read once per connection: the schema changes only in the
        # migrations, after which `forget_schema()` is called.
        self._columns: dict[str, list[Column]] = {}
        self._savepoints = itertools.count()
        self.execute("PRAGMA recursive_triggers=on;")

    def __repr__(self) -> str:
        return f"<Database {self.conn}>"

    def __getitem__(self, table_name: str) -> Table:
        return Table(self, table_name)

    def table(self, table_name: str) -> Table:
        """The table named `table_name` (it need not exist: see `Table.exists`)."""
        return Table(self, table_name)

    def close(self) -> None:
        self.conn.close()

    def forget_schema(self) -> None:
        """Read the tables' columns again on next use (after a migration changed them)."""
        self._columns.clear()

    def table_columns(self, name: str) -> list[Column]:
        """`name`'s columns, cached for a table that exists (`[]` for one that does not)."""
        found = self._columns.get(name)
        if found is None:
            found = self.uncached_columns(name)
            if found:
                self._columns[name] = found
        return found

    def uncached_columns(self, name: str) -> list[Column]:
        rows = self.execute(f"PRAGMA table_info({quote_identifier(name)})").fetchall()
        return [Column(*row) for row in rows]

    def execute(self, sql: str, parameters: Params | None = None) -> sqlite3.Cursor:
        """Run one statement. A write outside a transaction commits at once (the driver's
        implicit transaction is closed), and a failed one leaves no transaction open."""
        conn = self.conn
        was_in_transaction = conn.in_transaction
        try:
            cursor = conn.execute(sql) if parameters is None else conn.execute(sql, parameters)
        except Exception:
            if not was_in_transaction and conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        if (
            not was_in_transaction
            and conn.in_transaction
            and cursor.description is None
            and first_keyword(sql) not in TRANSACTION_CONTROL
        ):
            conn.execute("COMMIT")
        return cursor

    def query(self, sql: str, params: Params | None = None) -> Iterator[dict[str, Any]]:
        """The rows of `sql` as dicts; `ValueError` for a statement that returns none (which
        is then undone, but for a `PRAGMA`, as sqlite-utils does)."""
        keyword = first_keyword(sql)
        if keyword in QUERY_REJECTED:
            raise ValueError(QUERY_ONLY)
        args: tuple[Params, ...] = () if params is None else (params,)
        if keyword == "SELECT":  # cannot write: no savepoint needed to undo one
            return dicts(self.conn.execute(sql, *args))
        if keyword == "PRAGMA":
            if self.conn.in_transaction:
                cursor = self.conn.execute(sql, *args)
            else:
                with self.ensure_autocommit_on():
                    cursor = self.conn.execute(sql, *args)
            if cursor.description is None:
                raise ValueError(QUERY_ONLY)
            return dicts(cursor)
        return self._guarded_query(sql, args)

    def _guarded_query(self, sql: str, args: tuple[Params, ...]) -> Iterator[dict[str, Any]]:
        # sqlite-utils' guard: a statement that turns out to return no rows is rolled back.
        conn = self.conn
        conn.execute('SAVEPOINT "sqlite_utils_query"')
        released = False
        try:
            cursor = conn.execute(sql, *args)
            if cursor.description is None:
                raise ValueError(QUERY_ONLY)
            try:
                conn.execute('RELEASE "sqlite_utils_query"')
                released = True
            except sqlite3.OperationalError:  # a write still returning rows (`RETURNING`)
                fetched = cursor.fetchall()
                conn.execute('RELEASE "sqlite_utils_query"')
                released = True
                columns = dedupe_keys(column[0] for column in cursor.description)
                return (dict(zip(columns, row, strict=True)) for row in fetched)
            return dicts(cursor)
        finally:
            if not released and conn.in_transaction:
                conn.execute('ROLLBACK TO "sqlite_utils_query"')
                conn.execute('RELEASE "sqlite_utils_query"')

    def table_names(self) -> list[str]:
        """Every table's name (SQLite's own included), in the schema's order."""
        sql = "select name from sqlite_master where type = 'table'"
        return [row[0] for row in self.execute(sql).fetchall()]

    @property
    def journal_mode(self) -> str:
        return str(self.execute("PRAGMA journal_mode;").fetchone()[0])

    def enable_wal(self) -> None:
        """Write-ahead logging (outside a transaction only)."""
        if self.journal_mode != "wal":
            if self.conn.in_transaction:
                raise TransactionError("enable_wal() cannot be used while a transaction is open")
            with self.ensure_autocommit_on():
                self.execute("PRAGMA journal_mode=wal;")

    @contextlib.contextmanager
    def ensure_autocommit_on(self) -> Iterator[None]:
        """The driver opens no implicit transaction in the block (outside a transaction only:
        switching would commit it)."""
        if self.conn.in_transaction:
            raise TransactionError(
                "ensure_autocommit_on() cannot be used inside a transaction - "
                "changing isolation_level would commit the open transaction"
            )
        previous = self.conn.isolation_level
        try:
            self.conn.isolation_level = None
            yield
        finally:
            self.conn.isolation_level = previous

    @contextlib.contextmanager
    def atomic(self) -> Iterator[Database]:
        """A transaction, or a savepoint inside one: everything in the block lands, or nothing."""
        conn = self.conn
        if not conn.in_transaction:
            conn.execute("BEGIN")
            try:
                yield self
            except BaseException:
                self.rollback()
                raise
            try:
                conn.execute("COMMIT")
            except BaseException:
                self.rollback()
                raise
            return
        savepoint = f"sqlite_utils_{next(self._savepoints)}"
        conn.execute(f"SAVEPOINT {savepoint};")
        try:
            yield self
        except BaseException:
            if conn.in_transaction:  # a RAISE(ROLLBACK) may have ended it already
                conn.execute(f"ROLLBACK TO SAVEPOINT {savepoint};")
                conn.execute(f"RELEASE SAVEPOINT {savepoint};")
            raise
        conn.execute(f"RELEASE SAVEPOINT {savepoint};")

    def commit(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("COMMIT")

    def rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


class Table:
    """One table of a `Database`: its rows read and written as dicts."""

    def __init__(self, db: Database, name: str) -> None:
        self.db = db
        self.name = name

    def __repr__(self) -> str:
        return f"<Table {self.name}>"

    def exists(self) -> bool:
        return self.name in self.db.table_names()

    @property
    def columns(self) -> list[Column]:
        """The table's columns, read now (`[]` if the table does not exist)."""
        return self.db.uncached_columns(self.name)

    @property
    def columns_dict(self) -> dict[str, type]:
        """`{column name: Python type}` by SQLite's affinity rules (sqlite-utils' own)."""
        return {column.name: affinity(column.type) for column in self.columns}

    @property
    def pks(self) -> list[str]:
        """The primary key's columns in declaration order; `["rowid"]` for a table without."""
        columns = sorted(
            (column for column in self.db.table_columns(self.name) if column.is_pk),
            key=lambda column: column.is_pk,
        )
        return [column.name for column in columns] or ["rowid"]

    @property
    def count(self) -> int:
        return self.count_where()

    @property
    def rows(self) -> Iterator[dict[str, Any]]:
        return self.rows_where()

    def count_where(self, where: str | None = None, where_args: Params | None = None) -> int:
        sql = f"select count(*) from {quote_identifier(self.name)}"
        if where is not None:
            sql += " where " + where
        return int(self.db.execute(sql, where_args or []).fetchone()[0])

    def rows_where(
        self,
        where: str | None = None,
        where_args: Params | None = None,
        order_by: str | None = None,
        select: str = "*",
        limit: int | None = None,
        offset: int | None = None,
    ) -> Iterator[dict[str, Any]]:
        """The rows matching `where` (none if the table does not exist), as dicts."""
        sql = f"select {select} from {quote_identifier(self.name)}"
        if where is not None:
            sql += " where " + where
        if order_by is not None:
            sql += " order by " + order_by
        if limit is not None:
            sql += f" limit {limit}"
        if offset is not None:
            sql += f"{' limit -1' if limit is None else ''} offset {offset}"
        return self._rows(sql, where_args or [])

    def _rows(self, sql: str, args: Params) -> Iterator[dict[str, Any]]:
        # A generator, as sqlite-utils': the statement runs at the first row asked for.
        try:
            cursor = self.db.execute(sql, args)
        except sqlite3.OperationalError:
            if not self.exists():  # sqlite-utils asks first; asking after costs nothing
                return
            raise
        yield from dicts(cursor)

    def _key_where(self, pk_values: Any) -> tuple[str, list[Any]]:
        values = list(pk_values) if isinstance(pk_values, list | tuple) else [pk_values]
        pks = self.pks
        if len(pks) != len(values):
            raise NotFoundError(f"Need {len(pks)} primary key value{'' if len(pks) == 1 else 's'}")
        return " and ".join(f"{quote_identifier(pk)} = ?" for pk in pks), values

    def get(self, pk_values: Any) -> dict[str, Any]:
        """The row with this primary key (a value, or a list or tuple of the key's values);
        `NotFoundError` if none."""
        where, values = self._key_where(pk_values)
        row = next(self.rows_where(where, values), None)
        if row is None:
            raise NotFoundError
        return row

    def update(self, pk_values: Any, updates: Mapping[str, Any] | None = None) -> Table:
        """Set `updates`' columns of the row with this primary key; `NotFoundError` if none.
        One statement (sqlite-utils reads the row first, then updates it in a savepoint:
        the same outcome)."""
        where, values = self._key_where(pk_values)
        if not updates:
            self.get(pk_values)
            return self
        sets = ", ".join(f"{quote_identifier(column)} = ?" for column in updates)
        args = [*(stored(value) for value in updates.values()), *values]
        cursor = self.db.execute(
            f"update {quote_identifier(self.name)} set {sets} where {where}", args
        )
        if cursor.rowcount == 0:
            raise NotFoundError
        return self

    def delete(self, pk_values: Any) -> Table:
        """Delete the row with this primary key; `NotFoundError` if none."""
        where, values = self._key_where(pk_values)
        cursor = self.db.execute(f"delete from {quote_identifier(self.name)} where {where}", values)
        if cursor.rowcount == 0:
            raise NotFoundError
        return self

    def drop(self, ignore: bool = False) -> None:
        try:
            self.db.execute(f"DROP TABLE {quote_identifier(self.name)}")
        except sqlite3.OperationalError:
            if not ignore:
                raise
        self.db.forget_schema()

    def insert(
        self,
        record: Mapping[str, Any],
        *,
        pk: str | None = None,
        ignore: bool = False,
        replace: bool = False,
    ) -> Table:
        """Insert one row (`INSERT OR IGNORE` / `OR REPLACE` with `ignore` / `replace`)."""
        return self.insert_all([record], pk=pk, ignore=ignore, replace=replace)

    def insert_all(
        self,
        records: Iterable[Mapping[str, Any]],
        *,
        pk: str | None = None,
        batch_size: int = 100,
        ignore: bool = False,
        replace: bool = False,
        upsert: bool = False,
    ) -> Table:
        """Insert rows, one statement per `batch_size` of them (each lands by itself, as
        sqlite-utils' batches do, unless the caller holds a transaction). A batch's columns
        are all its records' keys: a record without one of them stores NULL there, not the
        column's default."""
        if upsert and not pk:
            pk = single_pk(self.db.table_columns(self.name))
            if not pk:
                raise PrimaryKeyRequired("upsert() requires a pk")
        if pk:
            self._check_pk(pk)
        if ignore and replace:
            raise ValueError("Use either ignore=True or replace=True, not both")
        iterator = iter(records)
        first = next(iterator, None)
        if first is None:
            return self
        if len(first) > MAX_VARIABLES:
            raise ValueError(f"Rows can have a maximum of {MAX_VARIABLES} columns")
        size = 1 if not first else max(1, min(batch_size, MAX_VARIABLES // len(first)))
        verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE" if ignore else "INSERT"
        columns: list[str] = []
        for chunk in chunks(itertools.chain([first], iterator), size):
            columns = chunk_columns(chunk, columns)
            if upsert:
                self._upsert_chunk(chunk, columns, str(pk))
            else:
                self._insert_chunk(chunk, columns, verb)
        return self

    def _insert_chunk(self, chunk: list[Mapping[str, Any]], columns: list[str], verb: str) -> None:
        table = quote_identifier(self.name)
        if not columns:
            with self.db.atomic():
                for _ in chunk:
                    self.db.execute(f"{verb} INTO {table} DEFAULT VALUES")
            return
        sql, values = self._values_sql(chunk, columns)
        self.db.execute(f"{verb} INTO {table} {sql}", values)

    def _upsert_chunk(self, chunk: list[Mapping[str, Any]], columns: list[str], pk: str) -> None:
        missing = PrimaryKeyRequired(f"upsert() requires a value for the primary key column: {pk}")
        if pk not in columns:
            if not columns:
                raise PrimaryKeyRequired(
                    "upsert() requires a value for the primary key - "
                    "an empty record cannot be upserted"
                )
            raise missing
        if any(record.get(pk) is None for record in chunk):
            raise missing
        sql, values = self._values_sql(chunk, columns)
        others = [quote_identifier(column) for column in columns if column != pk]
        action = (
            "DO UPDATE SET " + ", ".join(f"{column} = excluded.{column}" for column in others)
            if others
            else "DO NOTHING"
        )
        self.db.execute(
            f"INSERT INTO {quote_identifier(self.name)} {sql} "
            f"ON CONFLICT({quote_identifier(pk)}) {action}",
            values,
        )

    @staticmethod
    def _values_sql(chunk: list[Mapping[str, Any]], columns: list[str]) -> tuple[str, list[Any]]:
        """`(columns) VALUES (?, ...), ...` for the chunk, and its values as stored."""
        row = "({})".format(", ".join("?" for _ in columns))
        sql = "({}) VALUES {}".format(
            ", ".join(quote_identifier(column) for column in columns),
            ", ".join(row for _ in chunk),
        )
        values = [stored(record.get(column)) for record in chunk for column in columns]
        return sql, values

    def _check_pk(self, pk: str) -> None:
        columns = self.db.table_columns(self.name)
        if not columns:
            return  # no such table: the insert says so
        names = [column.name for column in columns]
        rowid = not any(column.is_pk for column in columns)
        if pk not in names and not (rowid and pk.lower() in ("rowid", "_rowid_", "oid")):
            raise InvalidColumns(
                f"Invalid primary key column {[pk]} for table {self.name} with columns {names}"
            )

    def upsert(self, record: Mapping[str, Any], *, pk: str | None = None) -> Table:
        """Insert `record`, or update the row whose primary key `pk` it has (`ON CONFLICT`)."""
        return self.insert_all([record], pk=pk, upsert=True)

    def upsert_all(self, records: Iterable[Mapping[str, Any]], *, pk: str | None = None) -> Table:
        return self.insert_all(records, pk=pk, upsert=True)
