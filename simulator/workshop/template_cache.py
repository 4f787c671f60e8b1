"""The room's template kept between rooms, in the user's cache (`simulator/user_cache.py`).

Building a template loads its dataset through the domain code: 3 to 6 seconds for the
`workshop` dataset, most of what a room of 300 learners took to create once each space was a
copy. What the build makes depends only on the installed code, the dataset and the learner's
own account (a frozen clock at a fixed instant, reproducible ids), so it is kept, zipped, in a
file named by a hash of all of them (every source and data file of the package, the dataset's
bytes, the versions of Python, SQLite and sqlite-utils): changed code or data is a new name,
never a stale template. The template holds no secret of any room (reproducible ids, no token,
no key; its project's client secret was never written down, and every space gets its own).

```python
cached = template_file(dataset)     # None when caching is off
if not unpack(cached, scratch):     # False: no such file yet (or unreadable)
    build(scratch)
    pack(scratch, cached)
```
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import io
import sqlite3
import sys
import zipfile
from pathlib import Path

from ..domain.sandbox.datasets import dataset_path
from ..storage.private import private_file
from ..user_cache import cache_dir, cache_path, read_cached, write_cached

__all__ = ["KEPT_FILES", "pack", "template_file", "unpack"]

#: The template's files a space needs (the clock's lock is made again when opened).
KEPT_FILES = ("sandbox.sqlite", "live.sqlite", "limits.sqlite", "clock.json", "learner.json",
              "copy-plan.json")  # fmt: skip
_KIND = "room-template"
#: How many templates the cache keeps (other datasets, other installed versions).
_KEPT_TEMPLATES = 4
_SOURCE_SUFFIXES = {".py", ".json", ".toml", ".graphql"}


def _sources() -> list[bytes]:
    """Every source and data file of the package, by path and content."""
    package = Path(__file__).resolve().parent.parent
    return [
        part
        for source in sorted(package.rglob("*"))
        if source.suffix in _SOURCE_SUFFIXES and "static" not in source.parts
        for part in (source.relative_to(package).as_posix().encode(), source.read_bytes())
    ]


def template_file(dataset: str, learner_account: bytes) -> Path | None:
    """The cache file of the template of `dataset` (a name or a path), None without a cache."""
    if cache_dir() is None:  # not even the package's files read for a name
        return None
    return cache_path(
        _KIND,
        sys.version,
        sqlite3.sqlite_version,
        importlib.metadata.version("sqlite-utils"),
        dataset_path(dataset).read_bytes(),
        learner_account,
        *_sources(),
    )


def unpack(cached: Path | None, target: Path) -> bool:
    """The cached template's files into the empty directory `target` (`0600` each); False
    when there is none or it is unreadable (then `target` may hold some files: discard it)."""
    data = read_cached(cached)
    if data is None:
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if sorted(archive.namelist()) != sorted(KEPT_FILES):
                return False
            for name in KEPT_FILES:
                private_file(target / name).write_bytes(archive.read(name))
    except (zipfile.BadZipFile, OSError, KeyError):
        return False
    return True


def pack(template: Path, cached: Path | None) -> None:
    """Keep the template's files (a closed, checkpointed template) for the next room."""
    if cached is None or not all((template / name).is_file() for name in KEPT_FILES):
        return
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name in KEPT_FILES:
            archive.writestr(name, (template / name).read_bytes())
    write_cached(cached, buffer.getvalue())
    _prune(cached)


def _prune(kept: Path) -> None:
    """Remove the oldest templates beyond the last few (each is a few megabytes)."""
    with contextlib.suppress(OSError):
        others = sorted(kept.parent.glob(f"{_KIND}-*"), key=lambda p: p.stat().st_mtime)
        for old in others[:-_KEPT_TEMPLATES]:
            if old != kept:
                old.unlink(missing_ok=True)
