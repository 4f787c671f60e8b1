"""Files the simulator keeps between processes, so that a new process's first answer does
not redo work whose result depends only on the installed code: the parsed SDL of each
GraphQL schema (`api/sdl_cache.py`), the migrated database image new SQLite files are
copied from (`storage/_store.py`), and a workshop room's template with its dataset loaded
(`workshop/template_cache.py`, a zip of a few megabytes, the last 4 kept; it holds no
secret). docs/performance.md, "First answer" and "Rooms", says what each saves.

A file is named by a hash of everything its content depends on (`cache_path`), so changed
code is a new name, never a stale file; a file is written whole or not at all (a new file
renamed into place), and one that is missing, unreadable or not the user's own is ignored:
the work is then done again, as without a cache.

Where: `$SIMULATOR_CACHE_DIR`, else `$XDG_CACHE_HOME/banking-sandbox-simulator`, else
`~/.cache/banking-sandbox-simulator`; `SIMULATOR_CACHE_DIR=` (empty) keeps nothing. The
folder is private to the user (0700), its files too (0600): a cached SDL tree is a pickle,
trusted as the package's own files are (docs/security.md). Files of old names are left for
the user to remove (a few hundred kB each).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import tempfile
from pathlib import Path

__all__ = ["CACHE_DIR_VARIABLE", "cache_dir", "cache_path", "read_cached", "write_cached"]

#: The environment variable naming the cache folder (empty: no cache).
CACHE_DIR_VARIABLE = "SIMULATOR_CACHE_DIR"

logger = logging.getLogger(__name__)


def cache_dir() -> Path | None:
    """The cache folder (see the module docstring); `None` when caching is off."""
    chosen = os.environ.get(CACHE_DIR_VARIABLE)
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home == "~":  # no home to be found: no cache (never a folder named "~" here)
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "banking-sandbox-simulator"


def cache_path(kind: str, *depends_on: str | bytes) -> Path | None:
    """The file for `kind` whose content is decided by `depends_on` (texts and bytes, each
    hashed with its length, so two lists never run together); `None` when caching is off."""
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256()
    for part in depends_on:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return folder / f"{kind}-{digest.hexdigest()[:40]}"


def read_cached(path: Path | None) -> bytes | None:
    """The file's bytes; `None` when there is none, or it cannot be read, or another user
    owns it."""
    if path is None:
        return None
    try:
        with path.open("rb") as file:
            if hasattr(os, "getuid") and os.fstat(file.fileno()).st_uid != os.getuid():
                logger.warning("Ignoring %s: another user owns it", path)
                return None
            return file.read()
    except OSError:  # none yet (the usual miss), or unreadable
        return None


def write_cached(path: Path | None, data: bytes) -> None:
    """Keep `data` in `path` for the next process, whole or not at all; a failure (a
    read-only home, a full disk) is only logged: the next process does the work again."""
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".new-", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError:
        logger.debug("Could not write the cache file %s", path, exc_info=True)
