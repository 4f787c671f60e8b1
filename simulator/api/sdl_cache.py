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
from collections.abc import Iterator, Sequence
from typing import Any

import graphql
from graphql import DocumentNode, Node, parse

from ..user_cache import cache_path, read_cached, write_cached

__all__ = ["CachedSDL", "LazyFields", "cached_document", "store_document"]

#: Bumped when what is stored changes meaning (a new file for every schema).
_FORMAT = "sdl-3"

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


class LazyFields(Sequence[Node]):
    """A type definition's fields (`node.fields`), kept pickled until they are first read:
    a schema built lazily (`lazy_schema`) reads the fields of the few types a request uses,
    and unpickling all 3,000 of them was a quarter of the first answer's schema build
    (docs/performance.md, "First answer"). graphql-core only iterates `node.fields`."""

    __slots__ = ("_data", "_fields")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._fields: tuple[Node, ...] | None = None

    def _loaded(self) -> tuple[Node, ...]:
        fields = self._fields
        if fields is None:  # two threads may both unpickle: equal trees, either one kept
            fields = self._fields = pickle.loads(self._data)
        return fields

    def __getitem__(self, index: Any) -> Any:
        return self._loaded()[index]

    def __len__(self) -> int:
        return len(self._loaded())

    def __iter__(self) -> Iterator[Node]:
        return iter(self._loaded())

    def __reduce__(self) -> tuple[type[LazyFields], tuple[bytes]]:
        return LazyFields, (self._data,)


def _fields_pickled_apart(document: DocumentNode) -> DocumentNode:
    """`document` (a tree of its own), each definition's fields pickled on their own."""
    for node in document.definitions:
        fields = getattr(node, "fields", None)
        if fields:  # the nodes are frozen (graphql-core 3.3): set as their own methods do
            data = pickle.dumps(tuple(fields), protocol=pickle.HIGHEST_PROTOCOL)
            object.__setattr__(node, "fields", LazyFields(data))
    return document


def store_document(type_defs: str, type_names: Sequence[str]) -> None:
    """Keep the parsed tree of `type_defs` (SDL that has just built a valid schema) and the
    names of that schema's type map, in order, for the next process."""
    path = cache_path("sdl", _FORMAT, graphql.__version__, type_defs)
    if path is None:
        return
    try:
        document = _fields_pickled_apart(parse(type_defs, no_location=True))
        stored = (document, tuple(type_names))
        data = pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a tree this graphql-core cannot pickle: parse it each time
        logger.debug("Could not pickle the SDL's tree", exc_info=True)
        return
    write_cached(path, data)
