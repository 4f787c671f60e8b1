"""Storage: one SQLite file per environment, its schema and its migrations.

```python
store = Store.open(data_dir, EnvironmentName.SANDBOX)
with store.atomic() as db:          # one transaction: all or nothing
    db["projects"].insert({...})
store.schema_version                 # how many migrations have been applied
```
"""

from ._ids import new_id, next_number
from ._store import Store, now_text

__all__ = ["Store", "new_id", "next_number", "now_text"]
