"""The SQL-level helpers of `storage._database` (sqlite-utils' own, for the subset the simulator
uses): how a value is stored, how a statement's first keyword is read, the errors raised.

```python
stored({"a": 1})                  # '{"a": 1}': dicts, lists and tuples as JSON text
first_keyword("  -- x\nSELECT 1")  # 'SELECT'
```
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias

from ..exceptions import SimulatorError

__all__ = [
    "Column",
    "InvalidColumns",
    "NotFoundError",
    "Params",
    "PrimaryKeyRequired",
    "TransactionError",
    "affinity",
    "chunk_columns",
    "chunks",
    "dedupe_keys",
    "dicts",
    "first_keyword",
    "quote_identifier",
    "single_pk",
    "stored",
]

#: SQL parameters: `?` values in order, or `:name` values by name.
Params: TypeAlias = Sequence[Any] | Mapping[str, Any]

#: Statements that open or close a transaction themselves (sqlite-utils' list).
TRANSACTION_CONTROL = frozenset({"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"})
#: Statements `query()` refuses: they return no rows and would break its savepoint.
QUERY_REJECTED = TRANSACTION_CONTROL | {"VACUUM", "ATTACH", "DETACH"}
#: The most `?` one statement may hold (sqlite-utils' `SQLITE_MAX_VARS`): sizes insert batches.
MAX_VARIABLES = 999
QUERY_ONLY = (
    "query() can only be used with SQL that returns rows - use execute() for other statements"
)


class StoreError(SimulatorError):
    """A call the store's `Database` cannot run: its subclasses carry sqlite-utils' own names,
    so code and tests written against sqlite-utils read the same."""


class NotFoundError(StoreError):
    """No row has the primary key asked for (`Table.get`, `update`, `delete`)."""


class PrimaryKeyRequired(StoreError):
    """An upsert without a primary key value, as sqlite-utils raises it."""


class InvalidColumns(StoreError):
    """`pk=` names a column the table does not have."""


class TransactionError(StoreError):
    """A connection this wrapper cannot drive (Python 3.12's `autocommit=`), or a journal
    mode change asked for inside a transaction."""


class Column(NamedTuple):
    """One column as `PRAGMA table_info` describes it (sqlite-utils' `Column`)."""

    cid: int
    name: str
    type: str
    notnull: int
    default_value: Any
    is_pk: int


def quote_identifier(identifier: str) -> str:
    """`identifier` in double quotes, its own double quotes doubled."""
    return '"{}"'.format(identifier.replace('"', '""'))


def stored(value: Any) -> Any:
    """`value` as sqlite-utils stores it (its `jsonify_if_needed`)."""
    if value is None or isinstance(value, str | int | float | bytes):
        return value  # the common case first: no conversion
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, default=repr, ensure_ascii=False)
    return _stored_object(value)


def _stored_object(value: object) -> object:
    # Rare types: their modules are imported when such a value is first stored.
    import datetime  # start-up: decimal and uuid, for values the simulator rarely stores
    import decimal
    import uuid

    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, datetime.time | datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, datetime.timedelta | uuid.UUID):
        return str(value)
    return value


def dedupe_keys(keys: Iterable[str]) -> list[str]:
    """Column names made unique (`id`, `id_2`...), as sqlite-utils names a join's columns."""
    names = list(keys)
    taken = set(names)
    if len(taken) == len(names):
        return names  # no duplicate: the common case
    seen: set[str] = set()
    result = []
    for name in names:
        unique, suffix = name, 2
        if name in seen:
            while unique in seen or unique in taken:
                unique, suffix = f"{name}_{suffix}", suffix + 1
        seen.add(unique)
        result.append(unique)
    return result


def dicts(cursor: sqlite3.Cursor) -> Iterator[dict[str, Any]]:
    columns = dedupe_keys(column[0] for column in cursor.description)
    return (dict(zip(columns, row, strict=True)) for row in cursor)


def first_keyword(sql: str) -> str:
    """The statement's first keyword, uppercased, after blanks, comments and bare `;`."""
    i, n = 0, len(sql)
    while i < n:
        if sql[i].isspace() or sql[i] in (";", "\ufeff"):
            i += 1
        elif sql.startswith("--", i):
            newline = sql.find("\n", i)
            if newline == -1:
                return ""
            i = newline + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            if end == -1:
                return ""
            i = end + 2
        else:
            break
    j = i
    while j < n and (sql[j].isalpha() or sql[j] == "_"):
        j += 1
    return sql[i:j].upper()


def single_pk(columns: list[Column]) -> str | None:
    keys = [column.name for column in columns if column.is_pk]
    return keys[0] if len(keys) == 1 else None


def chunks(records: Iterator[Mapping[str, Any]], size: int) -> Iterator[list[Mapping[str, Any]]]:
    while chunk := list(itertools.islice(records, size)):
        yield chunk


def chunk_columns(chunk: list[Mapping[str, Any]], before: list[str]) -> list[str]:
    """The columns of a batch: the first batch's keys sorted, then each later batch's new
    keys in their order (sqlite-utils' order, so the statements are the same)."""
    if not before:
        return sorted({key for record in chunk for key in record})
    columns = list(before)
    for record in chunk:
        columns += [key for key in record if key not in columns]
    return columns


def affinity(declared: str) -> type:
    """SQLite's type affinity of a declared column type, as sqlite-utils maps it to Python
    (`object` for `ANY`, where sqlite-utils has a marker of its own)."""
    name = declared.upper().strip()
    if name == "":
        return str
    if "INT" in name:
        return int
    if "CHAR" in name or "CLOB" in name or "TEXT" in name:
        return str
    if "BLOB" in name:
        return bytes
    return object if name == "ANY" else float
