"""Write simulator/storage/rows.py: one `TypedDict` per table, and typed row helpers.

The row types are derived from the tables as the migrations leave them: every migration set
of `simulator/storage/tables` is applied to an empty in-memory database, and each table's
columns are read back (`PRAGMA table_info`), so a column added by a later `Alter` (or by a
bare `add_column`) is there, with its current type and nullability. The Python type a `Table`
or `Alter` states is kept where SQLite would lose it (`bool`, stored as INTEGER).

Per table `<name>` (singular, CamelCase), the module gets:
- `<Name>Row`: a whole row, as read (`get_row`, `rows_where`); a nullable column is `X | None`;
- `<Name>New`: a row to insert; the NOT NULL columns without a default are required;
- `<Name>Changes`: `total=False`, the columns an `update_row` / `upsert_row` may set;
and `get_row`, `find_row`, `rows_where`, `insert_row`, `insert_rows`, `update_row` and
`upsert_row` get one `@overload` per table keyed by its `Literal` name. A read of a table name
that is not a literal falls back to the untyped `Row`; a write has no such fallback.

Run `python scripts/generate_rows.py` after adding a table or a column (`--check` only
compares); tests/test_rows.py fails when the module drifts from the migrations.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import sqlite_utils

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "simulator" / "storage" / "rows.py"
sys.path.insert(0, str(ROOT))

from simulator.storage.tables import MIGRATION_SETS, _schema  # noqa: E402

#: SQLite's declared column types, as sqlite-utils writes them, to Python.
SQLITE_TYPES = {"TEXT": "str", "INTEGER": "int", "REAL": "float", "FLOAT": "float", "BLOB": "bytes"}
#: Python types a table definition may state that SQLite stores under another name.
DECLARED_TYPES = {bool: "bool"}
#: Singular names English plural rules get wrong.
SINGULAR = {"sms_outbox": "sms_outbox", "project_billing": "project_billing"}

HEADER = '''# A literal table name picks its overload before the `str` fallback (`Row`), on purpose.
# mypy: disable-error-code="overload-overlap"
"""Row types of every table, and typed row helpers. GENERATED: do not edit.

Written by `python scripts/generate_rows.py` from the migrations in
`simulator/storage/tables/` (each table's current shape); tests/test_rows.py fails when
this file drifts from them. Per table: `<Name>Row` (a whole row as read), `<Name>New` (a row
to insert) and `<Name>Changes` (`total=False`: the columns an update may set).

```python
card = get_row(db, "cards", card_id)      # a CardRow: card["status"] is a str
update_row(db, "cards", card_id, {"status": "Enabled"})   # checked against CardChanges
```
"""
'''


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    nullable: bool
    required_on_insert: bool


@dataclass(frozen=True)
class TableShape:
    name: str
    type_name: str
    columns: tuple[Column, ...]


def _singular(table: str) -> str:
    if table in SINGULAR:
        return SINGULAR[table]
    head, _, last = table.rpartition("_")
    if last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return f"{head}_{last}" if head else last


def _camel(snake: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_"))


@contextmanager
def _declared_types(into: dict[tuple[str, str], type]) -> Iterator[None]:
    """Record the Python type each `Table` / `Alter` states for its columns."""
    create, alter = _schema._create, _schema._alter

    def recording_create(db: sqlite_utils.Database, table: _schema.Table) -> None:
        into.update(((table.name, name), kind) for name, kind in table.columns.items())
        create(db, table)

    def recording_alter(db: sqlite_utils.Database, change: _schema.Alter) -> None:
        into.update(((change.table, name), kind) for name, kind in change.columns.items())
        alter(db, change)

    with (
        mock.patch.object(_schema, "_create", recording_create),
        mock.patch.object(_schema, "_alter", recording_alter),
    ):
        yield


def table_shapes() -> list[TableShape]:
    """Every table of an environment file, in creation order, as the migrations leave it."""
    db = sqlite_utils.Database(memory=True)
    declared: dict[tuple[str, str], type] = {}
    with _declared_types(declared):
        for migrations in MIGRATION_SETS:
            migrations.apply(db)
    shapes = []
    for name in db.table_names():
        if name.startswith(("_", "sqlite_")):
            continue
        table = db.table(name)
        pks = table.pks
        rowid = len(pks) == 1 and table.columns_dict.get(pks[0]) is int
        columns = []
        for info in db.execute(f'PRAGMA table_info("{name}")').fetchall():
            _, column, sql_type, notnull, default, pk = info
            declared_type = declared.get((name, column))
            python = DECLARED_TYPES.get(declared_type) if declared_type else None
            python = python or SQLITE_TYPES.get(str(sql_type).upper(), "Any")
            is_pk = bool(pk)
            columns.append(
                Column(
                    column,
                    python,
                    nullable=not notnull and not is_pk,
                    required_on_insert=(bool(notnull) or is_pk)
                    and default is None
                    and not (is_pk and rowid),
                )
            )
        shapes.append(TableShape(name, _camel(_singular(name)), tuple(columns)))
    return shapes


def _annotation(column: Column) -> str:
    return f"{column.type} | None" if column.nullable else column.type


def _classes(shape: TableShape) -> Iterator[str]:
    base = shape.type_name
    yield f"class {base}Row(TypedDict):"
    yield f'    """A row of `{shape.name}`."""\n'
    yield from (f"    {c.name}: {_annotation(c)}" for c in shape.columns)
    yield "\n"
    yield f"class {base}New(TypedDict):"
    yield f'    """A row to insert into `{shape.name}`."""\n'
    for c in shape.columns:
        kind = _annotation(c)
        yield f"    {c.name}: {kind if c.required_on_insert else f'NotRequired[{kind}]'}"
    yield "\n"
    yield f"class {base}Changes(TypedDict, total=False):"
    yield f'    """Columns of `{shape.name}` an update may set."""\n'
    yield from (f"    {c.name}: {_annotation(c)}" for c in shape.columns)
    yield "\n"


#: Per helper: its overload signature (`{name}` the table literal, `{t}` the type prefix)
#: and its untyped fallback.
HELPERS: dict[str, tuple[str, str, str]] = {
    "get_row": (
        "db: Database, name: {name}, key: PrimaryKey | None",
        "{t}Row",
        "return _rows.get_row(db, name, key)",
    ),
    "find_row": (
        "db: Database, name: {name}, key: PrimaryKey | None",
        "{t}Row | None",
        "return _rows.find_row(db, name, key)",
    ),
    "rows_where": (
        "db: Database, name: {name}, where: str | None = None, "
        "where_args: Sequence[Any] | None = None, *, order_by: str | None = None, "
        "limit: int | None = None",
        "Iterator[{t}Row]",
        "return _rows.rows_where(db, name, where, where_args, order_by=order_by, limit=limit)",
    ),
    "insert_row": (
        "db: Database, name: {name}, row: {t}New, *, replace: bool = False",
        "None",
        "_rows.insert_row(db, name, row, replace=replace)",
    ),
    "insert_rows": (
        "db: Database, name: {name}, rows: Iterable[{t}New]",
        "None",
        "_rows.insert_rows(db, name, rows)",
    ),
    "update_row": (
        "db: Database, name: {name}, key: PrimaryKey | None, changes: {t}Changes",
        "None",
        "_rows.update_row(db, name, key, changes)",
    ),
    "upsert_row": (
        "db: Database, name: {name}, row: {t}Changes, *, pk: str",
        "None",
        "_rows.upsert_row(db, name, row, pk=pk)",
    ),
}
#: The writes: no fallback, so what a literal table name is given is always checked (a
#: write to a table named at run time goes through `storage._rows`).
STRICT = {"insert_row", "insert_rows", "update_row", "upsert_row"}
#: The fallback's row types, for a table name that is not a literal.
FALLBACK = {"Row": "Row", "New": "Mapping[str, Any]", "Changes": "Mapping[str, Any]"}


def _helpers(shapes: list[TableShape]) -> Iterator[str]:
    """Each helper's overloads, for the type checker only (`TYPE_CHECKING`: building a few
    hundred overloads took two thirds of this module's import, on every start), and the
    function that runs."""
    for helper, (parameters, returns, body) in HELPERS.items():
        yield "if TYPE_CHECKING:"
        for shape in shapes:
            literal = f'Literal["{shape.name}"]'
            yield "    @overload"
            yield (
                f"    def {helper}({parameters.format(name=literal, t=shape.type_name)})"
                f" -> {returns.format(t=shape.type_name)}: ..."
            )
        fallback_parameters = parameters.format(name="str", t="{t}")
        fallback_returns = returns.format(t="{t}")
        for suffix, replacement in FALLBACK.items():
            fallback_parameters = fallback_parameters.replace("{t}" + suffix, replacement)
            fallback_returns = fallback_returns.replace("{t}" + suffix, replacement)
        if helper not in STRICT:
            yield "    @overload"
            yield f"    def {helper}({fallback_parameters}) -> {fallback_returns}: ..."
        implementation = fallback_parameters.replace(
            "rows: Iterable[Mapping[str, Any]]", "rows: Iterable[Any]"
        )
        for untyped in ("row: Mapping[str, Any]", "changes: Mapping[str, Any]"):
            implementation = implementation.replace(untyped, untyped.split(":")[0] + ": Any")
        implementation_returns = fallback_returns.replace("Row", "Any")
        yield f"    def {helper}({implementation}) -> {implementation_returns}: ..."
        yield "else:"
        yield f"    def {helper}({implementation}) -> {implementation_returns}:"
        yield f'        """`{helper}` of `storage._rows`, typed by the table name."""'
        yield f"        {body}\n\n"


def _shapes_at_runtime(shapes: list[TableShape]) -> Iterator[str]:
    """The row types as data, each made into its `TypedDict` at the first use of its name
    (`_rows.row_type`): the classes above are for the type checker only."""
    yield "else:"
    yield "    #: Row type -> (docstring, total, (column, annotation) pairs): see `_rows.row_type`."
    yield "    _ROW_TYPES: dict[str, tuple[str, bool, tuple[tuple[str, str], ...]]] = {"
    for shape in shapes:
        base, name = shape.type_name, shape.name
        rows = tuple((c.name, _annotation(c)) for c in shape.columns)
        new = tuple(
            (c.name, _annotation(c) if c.required_on_insert else f"NotRequired[{_annotation(c)}]")
            for c in shape.columns
        )
        yield f'        "{base}Row": ("A row of `{name}`.", True, {rows!r}),'
        yield f'        "{base}New": ("A row to insert into `{name}`.", True, {new!r}),'
        changes = f"Columns of `{name}` an update may set."
        yield f'        "{base}Changes": ("{changes}", False, {rows!r}),'
    yield "    }\n"
    yield "    def __getattr__(name: str) -> Any:"
    yield '        """PEP 562: a row type, made at the first use of its name."""'
    yield "        return _rows.row_type(name, _ROW_TYPES, globals())\n\n"


def render() -> str:
    """The module's text, formatted as `ruff format` leaves it."""
    shapes = table_shapes()
    exported = [
        f"{shape.type_name}{kind}" for shape in shapes for kind in ("Row", "New", "Changes")
    ]
    exported += [*HELPERS, "TableName"]
    quoted = ", ".join(f'"{name}"' for name in sorted(exported))
    tables = ", ".join(f'"{shape.name}"' for shape in shapes)
    lines = [
        HEADER,
        "# The classes are the type checker's: at run time each row type is made from\n"
        "# `_ROW_TYPES` at the first use of its name (a start-up makes the few it uses, not all\n"
        '# 270 of them: 10 ms; docs/performance.md, "First answer").\n',
        "from collections.abc import Iterable, Iterator, Mapping, Sequence",
        "from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, overload\n",
        "from . import _rows",
        "from ._database import Database",
        "from ._rows import PrimaryKey, Row\n",
        f"__all__ = [{quoted}]\n",
        "#: Every table's name.",
        f"TableName = Literal[{tables}]\n\n",
    ]
    lines.append("if TYPE_CHECKING:")
    for shape in shapes:
        lines.extend(f"    {line}" if line.strip() else line for line in _classes(shape))
    lines.extend(_shapes_at_runtime(shapes))
    lines.extend(_helpers(shapes))
    source = "\n".join(lines).rstrip() + "\n"
    return _format(source)


def _format(source: str) -> str:
    """`ruff check --fix` (import order) then `ruff format`, with the project's settings."""
    for command in (
        [
            "check",
            "--fix-only",
            "--quiet",
            "--select",
            "I,F401,UP,RUF022",
            "--stdin-filename",
            str(TARGET),
            "-",
        ],
        ["format", "--quiet", "--stdin-filename", str(TARGET), "-"],
    ):
        source = subprocess.run(
            [sys.executable, "-m", "ruff", *command],
            input=source,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
    return source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 on drift")
    args = parser.parse_args(argv)
    text = render()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        if text != current:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run python scripts/generate_rows.py")
            return 1
        return 0
    if text != current:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
