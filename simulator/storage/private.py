"""Owner-only files: the data dir holds secrets at rest (the signing keys, the text-message
outbox, the demo project's credentials), so it is `0700` and every file in it `0600`.

Modes are set explicitly (`os.open` with a mode, then `chmod`), never left to the umask: a
umask of `000` must not make a file world-readable, and a data dir made by an older version
(`0755`, `0644`) is tightened when it is opened again.

```python
directory = private_dir(data_dir)              # mkdir -p, then chmod 0700
path = private_file(directory / "x.sqlite")    # created empty when missing, chmod 0600
write_private_text(directory / "x.json", "{}")  # written through a 0600 descriptor
```
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["PRIVATE_DIR_MODE", "PRIVATE_FILE_MODE", "private_dir", "private_file",
           "write_private_text"]  # fmt: skip

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


def private_dir(path: Path | str) -> Path:
    """`path` as an existing directory only its owner may read."""
    directory = Path(path)
    directory.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)
    os.chmod(directory, PRIVATE_DIR_MODE)
    return directory


def private_file(path: Path | str) -> Path:
    """`path` as an existing file (created empty when missing) only its owner may read.

    SQLite gives a database's `-wal` and `-shm` files the database file's own mode, so a
    database created this way before `sqlite3.connect` keeps its companions private too.
    """
    file = Path(path)
    descriptor = os.open(file, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE_MODE)
    try:
        os.fchmod(descriptor, PRIVATE_FILE_MODE)
    finally:
        os.close(descriptor)
    return file


def write_private_text(path: Path | str, text: str) -> Path:
    """Write `text` (UTF-8) to `path`, a file only its owner may read, from its first byte."""
    file = Path(path)
    descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE_MODE)
    os.fchmod(descriptor, PRIVATE_FILE_MODE)  # an existing file keeps its mode through O_CREAT
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    return file
