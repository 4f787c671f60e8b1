"""Storage: one SQLite file per environment, its schema and its migrations.

```python
store = Store.open(data_dir, EnvironmentName.SANDBOX)
with store.atomic() as db:          # one transaction: all or nothing
    insert_row(db, "projects", {...})
store.schema_version                 # how many migrations have been applied
```
"""

from ._ids import new_id, next_number
from ._rows import (
    PrimaryKey,
    Row,
    get_row,
    insert_row,
    insert_rows,
    integer,
    optional_text,
    text,
    update_row,
    upsert_row,
)
from ._store import Store, now_text

__all__ = [
    "PrimaryKey",
    "Row",
    "Store",
    "get_row",
    "insert_row",
    "insert_rows",
    "integer",
    "new_id",
    "next_number",
    "now_text",
    "optional_text",
    "text",
    "update_row",
    "upsert_row",
]
