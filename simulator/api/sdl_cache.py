"""The parsed SDL of each schema, kept between processes (`simulator/user_cache.py`): a
process's first request reads it instead of parsing 400 kB of SDL again
(docs/performance.md, "First answer").

The key is the schema's SDL files, read and joined (`executable.load_type_defs`), with
graphql-core's version and this format's: an edited `.graphql` file, another graphql-core
or another format is another file, never a stale hit. A file is written only once the SDL
has built a valid executable schema; a hit is therefore SDL already checked, and the schema
is built from it without checking the SDL's own rules again.

The tree is parsed without locations: the schema's nodes need none once the SDL is known
valid (a location only ever says where an invalid SDL is wrong).
"""

from __future__ import annotations

import logging
import pickle

import graphql
from graphql import DocumentNode, parse

from ..user_cache import cache_path, read_cached, write_cached

__all__ = ["cached_document", "store_document"]

#: Bumped when what is stored changes meaning (a new file for every schema).
_FORMAT = "sdl-1"

logger = logging.getLogger(__name__)


def cached_document(type_defs: str) -> DocumentNode | None:
    """The parsed tree of `type_defs` stored by an earlier build, or `None` (none stored,
    caching off, or a file that cannot be trusted or read)."""
    data = read_cached(cache_path("sdl", _FORMAT, graphql.__version__, type_defs))
    if data is None:
        return None
    try:
        document = pickle.loads(data)
    except Exception:  # a truncated or foreign file: parse the SDL instead
        logger.debug("Ignoring an unreadable SDL cache file", exc_info=True)
        return None
    return document if isinstance(document, DocumentNode) else None


def store_document(type_defs: str) -> None:
    """Keep the parsed tree of `type_defs` (SDL that has just built a valid schema) for the
    next process."""
    path = cache_path("sdl", _FORMAT, graphql.__version__, type_defs)
    if path is None:
        return
    try:
        data = pickle.dumps(parse(type_defs, no_location=True), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a tree this graphql-core cannot pickle: parse it each time
        logger.debug("Could not pickle the SDL's tree", exc_info=True)
        return
    write_cached(path, data)
