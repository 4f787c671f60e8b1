"""The parsed SDL of each schema, kept between processes: a process's first request reads it
instead of parsing 400 kB of SDL again (docs/performance.md, "First answer").

A schema's SDL files, read and joined (`executable.load_type_defs`), are the key: the cache
file is named by a hash of that text, of graphql-core's version and of this format's, so an
edited `.graphql` file, another graphql-core or another format is a new key, never a stale
hit. The file is written only once the SDL has built a valid executable schema; a hit is
therefore SDL already checked, and the schema is built from it without checking it again.

Where: `$SIMULATOR_CACHE_DIR`, else `$XDG_CACHE_HOME/banking-sandbox-simulator`, else
`~/.cache/banking-sandbox-simulator`; `SIMULATOR_CACHE_DIR=` (empty) keeps nothing. The
folder is made private to the user (0700), the files too (0600), and a file is read only if
the user owns it: it is a pickle, trusted as the package's own files are (docs/security.md).
A file that cannot be read or written is ignored (the SDL is parsed, as without a cache);
files of old keys are left for the user to remove (a few hundred kB each).

The tree is parsed without locations: the schema's own nodes need none once the SDL is
known valid (a location only ever names where an invalid SDL is wrong).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import tempfile
from pathlib import Path

import graphql
from graphql import DocumentNode, parse

__all__ = ["CACHE_DIR_VARIABLE", "cache_dir", "cached_document", "store_document"]

#: The environment variable naming the cache folder (empty: no cache).
CACHE_DIR_VARIABLE = "SIMULATOR_CACHE_DIR"

#: Bumped when what is stored changes meaning (a new key for every schema).
_FORMAT = 1

logger = logging.getLogger(__name__)


def cache_dir() -> Path | None:
    """The cache folder (see the module docstring); `None` when caching is off."""
    chosen = os.environ.get(CACHE_DIR_VARIABLE)
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "banking-sandbox-simulator"


def _path(type_defs: str) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    key = hashlib.sha256(
        f"{_FORMAT}\0{graphql.__version__}\0{type_defs}".encode("utf-8", "surrogatepass")
    ).hexdigest()
    return folder / f"sdl-{key[:40]}.pickle"


def cached_document(type_defs: str) -> DocumentNode | None:
    """The parsed tree of `type_defs` stored by an earlier build, or `None` (no such file,
    caching off, or a file that cannot be trusted or read)."""
    path = _path(type_defs)
    if path is None:
        return None
    try:
        with path.open("rb") as file:
            if hasattr(os, "getuid") and os.fstat(file.fileno()).st_uid != os.getuid():
                logger.warning("Ignoring %s: another user owns it", path)
                return None
            document = pickle.load(file)
    except FileNotFoundError:
        return None
    except Exception:  # a truncated or foreign file: parse the SDL instead
        logger.debug("Ignoring the unreadable SDL cache %s", path, exc_info=True)
        return None
    return document if isinstance(document, DocumentNode) else None


def store_document(type_defs: str) -> None:
    """Keep the parsed tree of `type_defs` (SDL that has just built a valid schema) for the
    next process; written whole or not at all (a new file renamed into place)."""
    path = _path(type_defs)
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        data = pickle.dumps(parse(type_defs, no_location=True), protocol=pickle.HIGHEST_PROTOCOL)
        handle, temporary = tempfile.mkstemp(prefix=".sdl-", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except Exception:  # a read-only home, a full disk: the next process parses again
        logger.debug("Could not store the SDL cache %s", path, exc_info=True)
