"""Typed access to rows through the store's `Database` (`storage/_database.py`).

A table's rows are bare `dict`s. These helpers go through `db.table(name)` and hand rows
back as `Row`, so callers keep their types without a cast at every call. The storage
package exports them typed by table name (the generated `rows.py`: `get_row(db, "cards", ...)`
is a `CardRow`); the `*_columns` writes stay untyped, for columns chosen at run time.

```python
card = get_row(db, "cards", card_id)          # raises NotFoundError when absent
update_row(db, "cards", card_id, {"status": "Enabled"})
text(card, "status")                          # a str column, checked
```
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping, Sequence
from functools import cache
from typing import Any, NotRequired, TypeAlias, TypedDict, TypeVar, cast

from ._database import Database, NotFoundError

__all__ = [
    "PrimaryKey",
    "Row",
    "find_row",
    "get_row",
    "insert_all_columns",
    "insert_columns",
    "insert_row",
    "insert_rows",
    "integer",
    "optional_text",
    "row_type",
    "rows_where",
    "text",
    "update_columns",
    "update_row",
    "upsert_columns",
    "upsert_row",
    "value_of",
    "with_changes",
]

#: One row as `Database` returns it: column name to SQLite value (str, int, float, bytes, None).
Row: TypeAlias = dict[str, Any]
#: A row of any table, typed or not.
RowT = TypeVar("RowT", bound=Mapping[str, Any])
#: A primary key value: the schema's keys are text ids or integer rowids.
PrimaryKey: TypeAlias = str | int


def get_row(db: Database, name: str, key: PrimaryKey | None) -> Row:
    """The row of `name` with primary key `key`; `NotFoundError` if none (a
    NULL reference, `key` None, finds none either)."""
    row: Row = db.table(name).get([key])  # a one-column key, as `get` wraps a bare one
    return row


def find_row(db: Database, name: str, key: PrimaryKey | None) -> Row | None:
    """The row of `name` with primary key `key`, or None (also for a NULL reference)."""
    if key is None:
        return None
    try:
        return get_row(db, name, key)
    except NotFoundError:
        return None


def rows_where(
    db: Database,
    name: str,
    where: str | None = None,
    where_args: Sequence[Any] | None = None,
    *,
    order_by: str | None = None,
    limit: int | None = None,
) -> Iterator[Row]:
    """The rows of `name` matching `where` (SQL, `?` for each of `where_args`), in `order_by`."""
    rows: Iterator[Row] = db.table(name).rows_where(
        where, where_args, order_by=order_by, limit=limit
    )
    return rows


def insert_row(db: Database, name: str, row: Mapping[str, Any], *, replace: bool = False) -> None:
    """Insert one row into `name`; `replace` first deletes a row with the same unique key."""
    db.table(name).insert(dict(row), replace=replace)


def insert_rows(db: Database, name: str, rows: Iterable[Mapping[str, Any]]) -> None:
    """Insert several rows into `name` in one statement batch."""
    db.table(name).insert_all(dict(row) for row in rows)


def update_columns(
    db: Database, name: str, key: PrimaryKey | None, changes: Mapping[str, Any]
) -> None:
    """`update_row` with columns chosen at run time (`**extra`, a caller's mapping): unchecked,
    where `update_row` checks each column against the table's `Changes` type."""
    update_row(db, name, key, changes)


def insert_columns(db: Database, name: str, row: Mapping[str, Any]) -> None:
    """`insert_row` with columns chosen at run time: unchecked (see `update_columns`)."""
    insert_row(db, name, row)


def insert_all_columns(db: Database, name: str, rows: Iterable[Mapping[str, Any]]) -> None:
    """`insert_rows` with columns chosen at run time: unchecked (see `update_columns`)."""
    insert_rows(db, name, rows)


def upsert_columns(db: Database, name: str, row: Mapping[str, Any], *, pk: str) -> None:
    """`upsert_row` with columns chosen at run time: unchecked (see `update_columns`)."""
    upsert_row(db, name, row, pk=pk)


def update_row(db: Database, name: str, key: PrimaryKey | None, changes: Mapping[str, Any]) -> None:
    """Change some columns of one row of `name` (`NotFoundError` if none, as `get_row`)."""
    db.table(name).update([key], dict(changes))


def upsert_row(db: Database, name: str, row: Mapping[str, Any], *, pk: str) -> None:
    """Insert `row` into `name`, or update the row whose primary key column `pk` matches."""
    db.table(name).upsert(dict(row), pk=pk)


def value_of(row: Mapping[str, Any], name: str) -> Any:
    """The column `name` chooses at run time (a typed row takes literal keys only)."""
    return row[name]


def text(row: Mapping[str, Any], column: str) -> str:
    """A column that holds text; `TypeError` if it holds anything else (a schema bug)."""
    value = row[column]
    if not isinstance(value, str):
        raise TypeError(f"column {column!r} holds {type(value).__name__}, not text")
    return value


def optional_text(row: Mapping[str, Any], column: str) -> str | None:
    """A nullable text column."""
    return None if row[column] is None else text(row, column)


def integer(row: Mapping[str, Any], column: str) -> int:
    """A column that holds an integer; `TypeError` if it holds anything else (a schema bug)."""
    value = row[column]
    if not isinstance(value, int):
        raise TypeError(f"column {column!r} holds {type(value).__name__}, not an integer")
    return value


def with_changes(row: RowT, changes: Mapping[str, Any]) -> RowT:
    """`row` as it reads after `update_row(..., changes)`, as a new dict (`row` is left as it
    is); `changes` are columns of its table."""
    return cast(RowT, {**row, **changes})


def row_type(
    name: str,
    shapes: Mapping[str, tuple[str, bool, tuple[tuple[str, str], ...]]],
    namespace: MutableMapping[str, Any],
) -> Any:
    """The `TypedDict` `name` of `rows.py`, made from its shape (docstring, total, columns
    and their annotations) and kept in `namespace` (the module's globals): the class the
    module declares for the type checker, made at the first use of its name."""
    shape = shapes.get(name)
    if shape is None:
        raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
    doc, total, columns = shape
    fields = {column: _annotation(text) for column, text in columns}
    made: Any = TypedDict(name, fields, total=total)  # type: ignore[misc]
    made.__module__ = namespace["__name__"]
    made.__doc__ = doc
    return namespace.setdefault(name, made)  # two threads at once: one class kept


@cache
def _annotation(text: str) -> Any:
    """An annotation of `rows.py` (`str | None`, `NotRequired[int]`), evaluated once."""
    return eval(text, {"NotRequired": NotRequired, "__builtins__": __builtins__})
