"""Typed access to rows through sqlite-utils.

`db[name]` is typed `Table | View` by sqlite-utils (a name may be a view), so a write or a
`.get` on it does not type-check; and its rows are bare `dict`s. These helpers go through
`db.table(name)` (the schema has no views; the lookup is the one `db[name]` makes) and hand
rows back as `Row`, so callers keep their types without a cast at every call.

```python
card = get_row(db, "cards", card_id)          # raises NotFoundError when absent
update_row(db, "cards", card_id, {"status": "Enabled"})
text(card, "status")                          # a str column, checked
```
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias

import sqlite_utils

__all__ = [
    "PrimaryKey",
    "Row",
    "get_row",
    "insert_row",
    "insert_rows",
    "integer",
    "optional_text",
    "text",
    "update_row",
    "upsert_row",
]

#: One row as sqlite-utils returns it: column name to SQLite value (str, int, float, bytes, None).
Row: TypeAlias = dict[str, Any]
#: A primary key value: the schema's keys are text ids or integer rowids.
PrimaryKey: TypeAlias = str | int


def get_row(db: sqlite_utils.Database, name: str, key: PrimaryKey) -> Row:
    """The row of `name` with primary key `key`; `sqlite_utils.db.NotFoundError` if none."""
    row: Row = db.table(name).get(key)
    return row


def insert_row(db: sqlite_utils.Database, name: str, row: Row, *, replace: bool = False) -> None:
    """Insert one row into `name`; `replace` first deletes a row with the same unique key."""
    db.table(name).insert(row, replace=replace)


def insert_rows(db: sqlite_utils.Database, name: str, rows: Iterable[Row]) -> None:
    """Insert several rows into `name` in one statement batch."""
    db.table(name).insert_all(rows)


def update_row(db: sqlite_utils.Database, name: str, key: PrimaryKey, changes: Row) -> None:
    """Change some columns of one row of `name`."""
    db.table(name).update(key, changes)


def upsert_row(db: sqlite_utils.Database, name: str, row: Row, *, pk: str) -> None:
    """Insert `row` into `name`, or update the row whose primary key column `pk` matches."""
    db.table(name).upsert(row, pk=pk)


def text(row: Row, column: str) -> str:
    """A column that holds text; `TypeError` if it holds anything else (a schema bug)."""
    value = row[column]
    if not isinstance(value, str):
        raise TypeError(f"column {column!r} holds {type(value).__name__}, not text")
    return value


def optional_text(row: Row, column: str) -> str | None:
    """A nullable text column."""
    return None if row[column] is None else text(row, column)


def integer(row: Row, column: str) -> int:
    """A column that holds an integer; `TypeError` if it holds anything else (a schema bug)."""
    value = row[column]
    if not isinstance(value, int):
        raise TypeError(f"column {column!r} holds {type(value).__name__}, not an integer")
    return value
