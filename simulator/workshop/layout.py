"""A workshop's data dir, by name: the files `spaces.py` and its neighbours read and write,
and `is_workshop(data_dir)`, which `serve` asks before it knows what it serves.

A module of its own so that asking costs nothing: `serve` on a plain data dir never
imports the workshop's spaces (and the Simulator's datasets they bring).

```python
from simulator.workshop import is_workshop

assert not is_workshop("no-such-dir")
```
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["RECORD_FILE", "ROSTER_FILE", "TEMPLATE_DIR", "is_workshop"]

#: The roster: learner names in order, the room's settings (no secrets).
ROSTER_FILE = "workshop.json"
#: In each learner's space: their project, credentials and user (0600).
RECORD_FILE = "learner.json"
#: The prepared space every learner's is copied from.
TEMPLATE_DIR = ".template"


def is_workshop(data_dir: str | Path) -> bool:
    """Whether `data_dir` holds a workshop (`workshop create`), not a single simulator."""
    return (Path(data_dir) / ROSTER_FILE).is_file()
