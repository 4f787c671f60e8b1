"""Tables as data: what a migration creates or adds, applied by one small function.

A migration states its tables as `Table` values (columns, key, constraints, indexes) and
its changes to existing tables as `Alter` values, then calls `apply`. Everything is created
in the order given (each table, then its indexes), so a file's schema text is the same as
when the migrations were written as calls.

```python
>>> import sqlite_utils
>>> db = sqlite_utils.Database(memory=True)
>>> apply(db, Table("notes", {"id": str, "text": str}, pk="id", indexes=[("text",)]))
>>> apply(db, Alter("notes", {"author": str}, indexes=[Unique(("author", "id"))]))
>>> print(db.table("notes").schema)
CREATE TABLE "notes" (
   "id" TEXT PRIMARY KEY,
   "text" TEXT
, "author" TEXT)
>>> sorted((index.name, index.unique) for index in db.table("notes").indexes if index.origin == "c")
[('idx_notes_author_id', 1), ('idx_notes_text', 0)]

```
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

import sqlite_utils

__all__ = ["Alter", "Index", "Partial", "Table", "Unique", "apply"]

#: A column's Python type as sqlite-utils maps it (`str` is TEXT, `int` INTEGER, ...).
ColumnType = type


@dataclass(frozen=True)
class Unique:
    """A unique index on `columns` (named by sqlite-utils: `idx_<table>_<columns>`)."""

    columns: tuple[str, ...]


@dataclass(frozen=True)
class Partial:
    """A partial index: only the rows matching `where` (SQL) are indexed."""

    name: str
    columns: tuple[str, ...]
    where: str


#: An index: a plain tuple of columns, a unique index, or a partial one.
Index = tuple[str, ...] | Unique | Partial


@dataclass(frozen=True)
class Table:
    """A table to create: `pk` is a column or a tuple of them; `foreign_keys` are
    `(column, other table, other column)`."""

    name: str
    columns: Mapping[str, ColumnType]
    pk: str | tuple[str, ...]
    not_null: Collection[str] = ()
    defaults: Mapping[str, object] = field(default_factory=dict)
    foreign_keys: Sequence[tuple[str, str, str]] = ()
    indexes: Sequence[Index] = ()


@dataclass(frozen=True)
class Alter:
    """Columns (added unless already there) and indexes gained by an existing table."""

    table: str
    columns: Mapping[str, ColumnType] = field(default_factory=dict)
    indexes: Sequence[Index] = ()


def _create_index(db: sqlite_utils.Database, table: str, index: Index) -> None:
    if isinstance(index, Partial):
        # sqlite-utils' create_index has no WHERE clause.
        db.execute(
            f"CREATE INDEX IF NOT EXISTS {index.name} ON {table} "
            f"({', '.join(index.columns)}) WHERE {index.where}"
        )
    elif isinstance(index, Unique):
        db.table(table).create_index(list(index.columns), unique=True)
    else:
        db.table(table).create_index(list(index))


def _create(db: sqlite_utils.Database, table: Table) -> None:
    db.table(table.name).create(
        dict(table.columns),
        pk=table.pk,
        not_null=set(table.not_null) or None,
        defaults=dict(table.defaults) or None,
        foreign_keys=list(table.foreign_keys) or None,
    )


def _alter(db: sqlite_utils.Database, alter: Alter) -> None:
    existing = set(db.table(alter.table).columns_dict)
    for name, kind in alter.columns.items():
        if name not in existing:
            db.table(alter.table).add_column(name, kind)


def apply(db: sqlite_utils.Database, *changes: Table | Alter) -> None:
    """Create each `Table` / alter each `Alter` table, then create its indexes, in order."""
    for change in changes:
        if isinstance(change, Table):
            _create(db, change)
            name = change.name
        else:
            _alter(db, change)
            name = change.table
        for index in change.indexes:
            _create_index(db, name, index)
