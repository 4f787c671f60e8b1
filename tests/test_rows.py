"""The row types cannot drift from the tables: simulator/storage/rows.py is regenerated from the
migrations here and must be what is committed (`python scripts/generate_rows.py` rewrites it)."""

from __future__ import annotations

import importlib.util
import sqlite3
import sys
from pathlib import Path
from types import ModuleType
from typing import get_type_hints

import pytest
import sqlite_utils

from simulator.storage import Database, insert_columns, rows, update_columns, value_of, with_changes
from simulator.storage.rows import find_row, get_row, insert_row, rows_where, update_row
from simulator.storage.tables import MIGRATION_SETS

ROOT = Path(__file__).resolve().parent.parent


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "generate_rows", ROOT / "scripts" / "generate_rows.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_row_module_is_what_the_generator_writes() -> None:
    committed = (ROOT / "simulator" / "storage" / "rows.py").read_text(encoding="utf-8")
    assert _generator().render() == committed, (
        "simulator/storage/rows.py drifted from the tables: run python scripts/generate_rows.py"
    )


@pytest.fixture(scope="module")
def db() -> Database:
    """The migrated schema (sqlite-utils runs the migrations), as the store wraps it."""
    connection = sqlite3.connect(":memory:")
    migrating = sqlite_utils.Database(connection, execute_plugins=False)
    for migrations in MIGRATION_SETS:
        migrations.apply(migrating)
    return Database(connection)


def test_every_table_has_a_row_type_with_its_columns(db: Database) -> None:
    tables = [name for name in db.table_names() if not name.startswith(("_", "sqlite_"))]
    assert sorted(rows.TableName.__args__) == sorted(tables)
    shapes = {shape.name: shape for shape in _generator().table_shapes()}
    for name in tables:
        row_type = getattr(rows, f"{shapes[name].type_name}Row")
        assert list(get_type_hints(row_type)) == list(db.table(name).columns_dict), name


def test_column_types_follow_sqlite_and_nullability() -> None:
    hints = get_type_hints(rows.CardRow)
    assert hints["id"] is str  # the primary key is never NULL
    assert hints["project_id"] is str  # NOT NULL
    assert hints["name"] == str | None  # nullable
    assert hints["withdrawal"] == int | None  # a boolean stored as INTEGER stays int
    assert rows.CardChanges.__total__ is False
    # A row to insert needs its NOT NULL columns without a default (checked by mypy; the
    # module's annotations are evaluated, so `NotRequired` shows at run time too).
    source = (ROOT / "simulator" / "storage" / "rows.py").read_text(encoding="utf-8")
    new_card = source.split("class CardNew(TypedDict):")[1].split("class ")[0]
    assert "    project_id: str\n" in new_card
    assert "    name: NotRequired[str | None]\n" in new_card
    assert "project_id" in rows.CardNew.__required_keys__
    assert "name" in rows.CardNew.__optional_keys__


def test_the_typed_helpers_read_and_write_rows(db: Database) -> None:
    insert_row(db, "id_sequences", {"kind": "demo", "value": 1})
    update_row(db, "id_sequences", "demo", {"value": 2})
    assert get_row(db, "id_sequences", "demo") == {"kind": "demo", "value": 2}
    assert list(rows_where(db, "id_sequences", "kind = ?", ["demo"])) == [
        {"kind": "demo", "value": 2}
    ]


def test_the_untyped_helpers_and_row_views(db: Database) -> None:
    insert_columns(db, "id_sequences", {"kind": "other", "value": 1})
    update_columns(db, "id_sequences", "other", {"value": 3})
    row = get_row(db, "id_sequences", "other")
    assert value_of(row, "value") == 3
    assert find_row(db, "id_sequences", "missing") is None
    assert find_row(db, "id_sequences", None) is None
    changed = with_changes(row, {"value": 4})
    assert changed == {"kind": "other", "value": 4} and row["value"] == 3
