"""The parsed SDL of each schema, kept between processes (`simulator/user_cache.py`): a
process's first request reads it instead of parsing 400 kB of SDL again
(docs/performance.md, "First answer").

The key is the schema's SDL files, read and joined (`executable.load_type_defs`), with
graphql-core's version and this format's: an edited `.graphql` file, another graphql-core
or another format is another file, never a stale hit. A file is written only once the SDL
has built a valid executable schema; a hit is therefore SDL already checked, and the schema
is built from it without checking the SDL's own rules again.

The tree is parsed without locations: the schema's nodes need none once the SDL is known
valid (a location only ever says where an invalid SDL is wrong). Stored with it: the names of
the schema's type map, in its order, as the full build made it (`lazy_schema` builds the
same map without reading any type's fields).
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Sequence

import graphql
from graphql import DocumentNode, parse

from ..user_cache import cache_path, read_cached, write_cached

__all__ = ["CachedSDL", "cached_document", "store_document"]

#: Bumped when what is stored changes meaning (a new file for every schema).
_FORMAT = "sdl-2"

#: The parsed tree of the SDL and the names of its schema's type map, in order.
CachedSDL = tuple[DocumentNode, tuple[str, ...]]

logger = logging.getLogger(__name__)


def cached_document(type_defs: str) -> CachedSDL | None:
    """The parsed tree of `type_defs` and its type map's names, stored by an earlier build,
    or `None` (none stored, caching off, or a file that cannot be trusted or read)."""
    data = read_cached(cache_path("sdl", _FORMAT, graphql.__version__, type_defs))
    if data is None:
        return None
    try:
        document, type_names = pickle.loads(data)
    except Exception:  # a truncated or foreign file: parse the SDL instead
        logger.debug("Ignoring an unreadable SDL cache file", exc_info=True)
        return None
    if not isinstance(document, DocumentNode) or not isinstance(type_names, tuple):
        return None
    return document, type_names


def store_document(type_defs: str, type_names: Sequence[str]) -> None:
    """Keep the parsed tree of `type_defs` (SDL that has just built a valid schema) and the
    names of that schema's type map, in order, for the next process."""
    path = cache_path("sdl", _FORMAT, graphql.__version__, type_defs)
    if path is None:
        return
    try:
        stored = (parse(type_defs, no_location=True), tuple(type_names))
        data = pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a tree this graphql-core cannot pickle: parse it each time
        logger.debug("Could not pickle the SDL's tree", exc_info=True)
        return
    write_cached(path, data)
