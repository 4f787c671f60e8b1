"""Storage: one SQLite file per environment, its schema and its migrations.

```python
store = Store.open(data_dir, EnvironmentName.SANDBOX)
with store.atomic() as db:          # one transaction: all or nothing
    insert_row(db, "projects", {...})
store.schema_version                 # how many migrations have been applied
```
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._database import Database, NotFoundError
    from ._ids import IdSecret, new_id, new_token, next_number, read_id_secret, set_id_secret
    from ._rows import (
        PrimaryKey,
        Row,
        insert_all_columns,
        insert_columns,
        integer,
        optional_text,
        text,
        update_columns,
        upsert_columns,
        value_of,
        with_changes,
    )
    from ._store import Store, now_text
    from .rows import (
        TableName,
        find_row,
        get_row,
        insert_row,
        insert_rows,
        rows_where,
        update_row,
        upsert_row,
    )

__all__ = [
    "Database",
    "IdSecret",
    "NotFoundError",
    "PrimaryKey",
    "Row",
    "Store",
    "TableName",
    "find_row",
    "get_row",
    "insert_all_columns",
    "insert_columns",
    "insert_row",
    "insert_rows",
    "integer",
    "new_id",
    "new_token",
    "next_number",
    "now_text",
    "optional_text",
    "read_id_secret",
    "rows_where",
    "set_id_secret",
    "text",
    "update_columns",
    "update_row",
    "upsert_columns",
    "upsert_row",
    "value_of",
    "with_changes",
]

#: Every name here is imported on first use, so that `storage.current` and `storage.private`
#: start light (docs/architecture.md). None brings sqlite-utils: only the migrations do.
_MODULES = {
    **dict.fromkeys(["Database", "NotFoundError"], "._database"),
    **dict.fromkeys(
        ["IdSecret", "new_id", "new_token", "next_number", "read_id_secret", "set_id_secret"],
        "._ids",
    ),
    **dict.fromkeys(["Store", "now_text"], "._store"),
    **dict.fromkeys(
        [
            "TableName",
            "find_row",
            "get_row",
            "insert_row",
            "insert_rows",
            "rows_where",
            "update_row",
            "upsert_row",
        ],
        ".rows",
    ),
}


def __getattr__(name: str) -> Any:
    """PEP 562: the name's module, imported when the name is first asked for."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_MODULES.get(name, "._rows"), __name__), name)
