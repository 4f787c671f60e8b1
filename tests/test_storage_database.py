"""`storage._database` beside sqlite-utils: every method and argument the simulator uses gives
the same rows, the same errors and the same stored values (JSON text included).

Each test runs one operation on two copies of a database, one through `sqlite_utils.Database`,
one through the simulator's `Database`, then compares what each returned or raised and every
row of every table as SQLite holds it (values and their `typeof`).
"""

from __future__ import annotations

import datetime
import decimal
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils

from simulator import user_cache
from simulator.storage import Database, NotFoundError
from simulator.storage._database import Table

SCHEMA = """
CREATE TABLE items (id TEXT PRIMARY KEY, name TEXT, n INTEGER DEFAULT 7, data TEXT, amount REAL);
CREATE TABLE pairs (a TEXT, b INTEGER, v TEXT, PRIMARY KEY (b, a));
CREATE TABLE logs (message TEXT DEFAULT 'none', level INTEGER);
INSERT INTO items (id, name, n) VALUES ('i1', 'one', 1), ('i2', 'two', 2), ('i3', 'three', 3);
INSERT INTO pairs VALUES ('x', 1, 'x1'), ('y', 1, 'y1'), ('x', 2, 'x2');
INSERT INTO logs VALUES ('started', 1), ('ran', 2);
"""

AnyDb = Any  # sqlite_utils.Database or the simulator's Database: the same calls on both


class Pair:
    """The two databases, each on its own connection with the same schema and rows."""

    def __init__(self, make: Callable[[str], sqlite3.Connection]) -> None:
        self.theirs = sqlite_utils.Database(make("theirs"), execute_plugins=False)
        self.ours = Database(make("ours"))
        for db in (self.theirs, self.ours):
            db.conn.executescript(SCHEMA)

    def run(self, operation: Callable[[AnyDb], Any]) -> Any:
        """`operation` on both; what it gave (a result, or an error's class name and text)
        must be equal, and so must the databases after it. Returns our result."""
        outcomes = [_outcome(operation, db) for db in (self.theirs, self.ours)]
        assert outcomes[1] == outcomes[0]
        assert dump(self.ours.conn) == dump(self.theirs.conn)
        return outcomes[1]


def _outcome(operation: Callable[[AnyDb], Any], db: AnyDb) -> Any:
    try:
        result = operation(db)
        if isinstance(result, Iterator):  # rows: their statement runs at the first one
            return list(result)
    except Exception as error:  # compared by name: each library has its own classes
        return ("raised", type(error).__name__, str(error))
    return "table" if isinstance(result, sqlite_utils.db.Table | Table) else result


def dump(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, with each value's SQLite type: what a reader would find."""
    names = [row[0] for row in conn.execute("select name from sqlite_master where type='table'")]
    tables = {}
    for name in names:
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info([{name}])")]
        typed = ", ".join(f"[{c}], typeof([{c}])" for c in columns)
        tables[name] = conn.execute(
            f"SELECT rowid, {typed} FROM [{name}] ORDER BY rowid"
        ).fetchall()
    return tables


@pytest.fixture
def pair() -> Pair:
    return Pair(lambda _name: sqlite3.connect(":memory:"))


VALUES = [
    {"a": 1, "b": [1, "é", None], "c": {"d": True}},
    [1, 2.5, "x"],
    ("t", 1),
    [],
    {},
    datetime.datetime(2026, 1, 2, 3, 4, 5, 6),
    datetime.date(2026, 1, 2),
    datetime.time(3, 4, 5),
    datetime.timedelta(days=1, seconds=2),
    decimal.Decimal("12.50"),
    uuid.UUID("12345678-1234-5678-1234-567812345678"),
    True,
    b"\x00bytes",
    None,
    "text",
    3,
    2.25,
    {"object": object.__name__, "nested": {"deep": [{"x": "ü"}]}},
]


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_values_are_stored_as_sqlite_utils_stores_them(pair: Pair, value: Any) -> None:
    pair.run(lambda db: db["items"].insert({"id": "v", "data": value}))
    pair.run(lambda db: db["items"].update("i1", {"data": value, "amount": value}))
    pair.run(lambda db: db["items"].upsert({"id": "i2", "data": value}, pk="id"))
    pair.run(lambda db: db["items"].get("v"))


def test_insert_and_its_options(pair: Pair) -> None:
    pair.run(lambda db: db["items"].insert({"id": "i4", "name": "four"}))  # n: its default
    pair.run(lambda db: db["items"].insert({"id": "i1", "name": "again"}))  # IntegrityError
    pair.run(lambda db: db["items"].insert({"id": "i1", "name": "ignored"}, ignore=True))
    pair.run(lambda db: db["items"].insert({"id": "i2", "name": "replaced"}, replace=True))
    pair.run(lambda db: db["items"].insert({"id": "i5"}, ignore=True, replace=True))
    pair.run(lambda db: db["items"].insert({"id": "i6", "name": "six"}, pk="id"))
    pair.run(lambda db: db["items"].insert({"id": "i7"}, pk="nope"))  # InvalidColumns
    pair.run(lambda db: db["items"].insert({"id": "i8", "nope": 1}))  # no such column
    pair.run(lambda db: db["logs"].insert({}))  # DEFAULT VALUES
    pair.run(lambda db: db["logs"].insert({"level": 3}, pk="rowid"))
    # The one difference, on purpose: sqlite-utils would create the table (the schema is the
    # migrations' alone).
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        pair.ours["missing"].insert({"id": "x"}, pk="id")


def test_insert_all_batches_and_missing_keys(pair: Pair) -> None:
    pair.run(lambda db: db["items"].insert_all([]))
    # A key missing from a record of a batch is NULL, not the column's default; a key that
    # first appears in a later batch joins that batch's columns.
    rows = [{"id": f"r{i:03}", "name": str(i)} for i in range(250)]
    rows[3]["n"] = 5  # type: ignore[assignment]
    rows[120]["data"] = ["late"]  # type: ignore[assignment]
    pair.run(lambda db: db["items"].insert_all(iter(rows)))
    pair.run(lambda db: db["logs"].insert_all([{}, {}, {}]))
    pair.run(lambda db: db["items"].insert_all([{"id": "r000"}, {"id": "z"}]))  # rolled back


def test_upsert(pair: Pair) -> None:
    pair.run(lambda db: db["items"].upsert({"id": "i1", "name": "new name"}, pk="id"))  # n kept
    pair.run(lambda db: db["items"].upsert({"id": "u1", "name": "new row"}, pk="id"))
    pair.run(lambda db: db["items"].upsert({"id": "i2"}, pk="id"))  # the key only: no change
    pair.run(lambda db: db["items"].upsert({"id": "u2", "name": "no pk given"}))
    pair.run(lambda db: db["items"].upsert({"name": "no key"}, pk="id"))
    pair.run(lambda db: db["items"].upsert({"id": None, "name": "null key"}, pk="id"))
    pair.run(lambda db: db["items"].upsert({}, pk="id"))
    pair.run(lambda db: db["items"].upsert({"id": "u3"}, pk="nope"))
    pair.run(lambda db: db["logs"].upsert({"message": "m"}))  # no primary key to use
    pair.run(lambda db: db["items"].upsert({"id": "u4", "data": {"k": 1}}, pk="id"))


def test_get(pair: Pair) -> None:
    for key in ("i1", ["i2"], ("i3",), "absent", None, ["i1", "i2"], 1):
        pair.run(lambda db, key=key: db["items"].get(key))
    for key in ((1, "x"), [2, "x"], (2, "y"), ("x", 1), "x"):
        pair.run(lambda db, key=key: db["pairs"].get(key))
    for key in (1, 2, 3, [1]):
        pair.run(lambda db, key=key: db["logs"].get(key))
    pair.run(lambda db: db["missing"].get("x"))


def test_update(pair: Pair) -> None:
    pair.run(lambda db: db["items"].update("i1", {"name": "uno", "data": {"a": [1]}}))
    pair.run(lambda db: db["items"].update(["i2"], {"n": None}))
    pair.run(lambda db: db["items"].update("absent", {"name": "x"}))
    pair.run(lambda db: db["items"].update(None, {"name": "x"}))
    pair.run(lambda db: db["items"].update("i3", {}))
    pair.run(lambda db: db["items"].update("absent", {}))
    pair.run(lambda db: db["items"].update("i3", {"nope": 1}))
    pair.run(lambda db: db["items"].update(["i1", "i2"], {"name": "x"}))
    pair.run(lambda db: db["pairs"].update((1, "x"), {"v": "changed"}))
    pair.run(lambda db: db["logs"].update(2, {"level": 20}))


def test_delete_and_drop(pair: Pair) -> None:
    pair.run(lambda db: db["items"].delete("i1"))
    pair.run(lambda db: db["items"].delete("absent"))
    pair.run(lambda db: db["pairs"].delete((2, "x")))
    pair.run(lambda db: db["logs"].drop())
    pair.run(lambda db: db["logs"].drop())
    pair.run(lambda db: db["logs"].drop(ignore=True))


def test_rows_where_and_counts(pair: Pair) -> None:
    calls: list[Callable[[AnyDb], Any]] = [
        lambda db: db["items"].rows_where(),
        lambda db: db["items"].rows_where("n > ?", [1]),
        lambda db: db["items"].rows_where("n > :n", {"n": 1}, order_by="n desc"),
        lambda db: db["items"].rows_where(order_by="id", limit=2),
        lambda db: db["items"].rows_where(order_by="id", limit=2, offset=1),
        lambda db: db["items"].rows_where(order_by="id", offset=1),
        lambda db: db["items"].rows_where("id = ?", ["i1"], select="name, n"),
        lambda db: db["items"].rows_where(select="id, id, name as id"),
        lambda db: db["items"].rows_where("nope = 1"),
        lambda db: db["missing"].rows_where("id = ?", ["x"]),
        lambda db: db["items"].rows,
        lambda db: db["items"].count,
        lambda db: db["items"].count_where(),
        lambda db: db["items"].count_where("n >= ?", [2]),
        lambda db: db["items"].count_where("n >= :n", {"n": 3}),
        lambda db: db["missing"].count_where(),
        lambda db: db["items"].exists(),
        lambda db: db["missing"].exists(),
        lambda db: db["items"].columns,
        lambda db: db["items"].columns_dict,
        lambda db: db["missing"].columns,
        lambda db: db["items"].pks,
        lambda db: db["pairs"].pks,
        lambda db: db["logs"].pks,
        lambda db: db.table_names(),
    ]
    for call in calls:
        pair.run(call)
    assert [column.name for column in pair.ours["items"].columns][:2] == ["id", "name"]


def test_execute_and_query(pair: Pair) -> None:
    pair.run(lambda db: db.execute("INSERT INTO logs VALUES ('e', 9)").rowcount)
    pair.run(lambda db: db.conn.in_transaction)  # the write committed itself
    pair.run(lambda db: db.execute("INSERT INTO items (id) VALUES ('i1')"))  # IntegrityError
    pair.run(lambda db: db.conn.in_transaction)  # and left no transaction open
    pair.run(lambda db: db.execute("SELECT id FROM items WHERE n > ?", [1]).fetchall())
    pair.run(lambda db: db.query("SELECT id, n FROM items WHERE n > :n", {"n": 1}))
    pair.run(lambda db: db.query("select a.id, b.id from items a join items b using (n)"))
    pair.run(lambda db: db.query("PRAGMA user_version"))
    pair.run(lambda db: db.query("INSERT INTO logs VALUES ('q', 1)"))  # refused, undone
    pair.run(lambda db: db.query("INSERT INTO logs VALUES ('r', 1) RETURNING message"))
    pair.run(lambda db: db.query("BEGIN"))
    pair.run(lambda db: db.query("SELECT nope FROM items"))


def _nested(db: AnyDb, fail_inner: bool, fail_outer: bool) -> None:
    with db.atomic():
        db["logs"].insert({"message": "outer"})
        try:
            with db.atomic():
                db["logs"].insert({"message": "inner"})
                if fail_inner:
                    raise KeyError("inner")
        except KeyError:
            pass
        if fail_outer:
            raise KeyError("outer")


@pytest.mark.parametrize(
    ("fail_inner", "fail_outer"), [(False, False), (True, False), (True, True)]
)
def test_atomic_nests_savepoints(pair: Pair, fail_inner: bool, fail_outer: bool) -> None:
    pair.run(lambda db: _nested(db, fail_inner, fail_outer))
    pair.run(lambda db: db.conn.in_transaction)


def test_transactions_and_the_journal_mode(tmp_path: Path) -> None:
    pair = Pair(lambda name: sqlite3.connect(tmp_path / f"{name}.db"))
    pair.run(lambda db: db.journal_mode)
    pair.run(lambda db: db.enable_wal())
    pair.run(lambda db: db.journal_mode)

    def inside_a_transaction(db: AnyDb) -> Any:
        db.conn.execute("BEGIN")
        try:
            with db.ensure_autocommit_on():
                pass
        finally:
            db.rollback()

    pair.run(inside_a_transaction)
    pair.run(lambda db: db.rollback())
    pair.run(lambda db: db.commit())


def test_not_found_is_the_storage_error(pair: Pair) -> None:
    with pytest.raises(NotFoundError):
        pair.ours["items"].get("absent")
    from simulator.storage import find_row, get_row

    assert find_row(pair.ours, "items", "absent") is None
    assert get_row(pair.ours, "items", "i1")["name"] == "one"


def test_the_primary_key_is_read_once_per_connection(pair: Pair) -> None:
    """Cached after its first use; a schema change made by the migrations is seen once they
    say so (`Store` calls `forget_schema()` after migrating)."""
    seen: list[str] = []
    pair.ours.conn.set_trace_callback(seen.append)
    pair.ours["items"].get("i1")
    pair.ours["items"].update("i1", {"name": "x"})
    assert sum("table_info" in sql for sql in seen) == 1
    pair.ours.conn.set_trace_callback(None)
    pair.ours.execute("CREATE TABLE k (x TEXT, y TEXT PRIMARY KEY)")
    assert pair.ours["k"].pks == ["y"]
    pair.ours.execute("DROP TABLE k")
    pair.ours.execute("CREATE TABLE k (x TEXT PRIMARY KEY, y TEXT)")
    pair.ours.forget_schema()
    assert pair.ours["k"].pks == ["x"]


#: The README example to its first answer (benchmarks/bench_startup.py), then the modules
#: sqlite-utils would have brought.
_FIRST_ANSWER = """
import sys
from simulator import Simulator

sim = Simulator()
creds = sim.create_project("sandbox", "My app", ["http://localhost:3000/callback"])
http = sim.client()
token = http.post("/oauth2/token", data={
    "grant_type": "client_credentials",
    "client_id": creds.client_id,
    "client_secret": creds.client_secret,
}).json()["access_token"]
answer = http.post(
    "/sandbox/graphql",
    json={"query": "{ accounts { totalCount } }"},
    headers={"Authorization": f"Bearer {token}"},
)
assert answer.json()["data"] == {"accounts": {"totalCount": 0}}, answer.text
sim.close()
print(sorted({name.split(".")[0] for name in sys.modules} & {"sqlite_utils", "pluggy", "dateutil"}))
"""


def test_a_first_answer_imports_sqlite_utils_only_to_migrate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the migrated image in the user's cache (every process but a machine's first), the
    README example's first answer imports neither sqlite-utils nor what it brings."""
    monkeypatch.setenv(user_cache.CACHE_DIR_VARIABLE, str(tmp_path))
    seen = []
    for _ in range(2):  # the first run migrates and keeps the image; the second reads it
        done = subprocess.run(
            [sys.executable, "-c", _FIRST_ANSWER], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        seen.append(done.stdout.strip().splitlines()[-1])
    assert seen == ["['dateutil', 'pluggy', 'sqlite_utils']", "[]"]
