"""The request journal (docs/bug-reports.md): every call, in order, without its secrets.

```python
sim.journal.last(3)                              # JournalEntry values, oldest first
sim.journal.filter(env="sandbox", project=pid)   # one project's calls
```
"""

from .reading import Journal, JournalEntry, read_entries
from .record import DEFAULT_RETENTION, JournalSettings, record, record_attempts, record_call

__all__ = [
    "DEFAULT_RETENTION",
    "Journal",
    "JournalEntry",
    "JournalSettings",
    "read_entries",
    "record",
    "record_attempts",
    "record_call",
]
