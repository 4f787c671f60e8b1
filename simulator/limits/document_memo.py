"""Documents already parsed and validated, so a repeated operation does neither again.

A client sends the same few documents over and over (a notebook's `accounts(first: 5)`, a
workshop room's hundred learners running the same exercise), and graphql-core's validation
walks the whole document with some thirty rules each time, after the parser built its
tree token by token: together half of a small query's cost.

- **Validation.** Whether a document is valid depends only on its text, the schema and the
  rules, and the schemas are built once per process and never change, so a text that
  passed once passes again, and one that failed fails again with the same errors. Both
  are remembered: an invalid document sent in a loop (a learner's typo, or a client
  hunting for the slowest document) costs its validation once, not at every request. The
  errors of a text point into the tree `parse_remembered` hands out for it, the same tree
  each time; fewer texts are kept with their errors (`INVALID_SIZE`) than valid ones.
- **Parsing.** A text parses to the same tree every time, and nothing downstream changes a
  tree (graphql-core's validation and execution only read it), so the tree of a text
  parsed before is handed out again. Only successes are remembered.
- **Figures.** What the limits compute from a tree alone (its cost, its row estimate when
  the request has no variables) is kept beside the tree it came from, for the next request
  that sends the same text (`figures_of_documents`).

```python
memo = validation_memo(schema)
memo.recall("{ __typename }", rules)  # None the first time: validate, then
memo.remember("{ __typename }", rules, errors)  # [] when valid; recall() gives it back
parsed = parsed_documents()
parsed.get("{ __typename }")  # None the first time; then parsed.put(text, document)
parse_remembered("{ __typename }")  # parse_document's tree, parsed once per process
```
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, TypeVar

from graphql import DocumentNode, GraphQLError, GraphQLSchema

from .parsing import parse_document

__all__ = [
    "DocumentFigures",
    "ParsedDocuments",
    "ValidationMemo",
    "figures_of_documents",
    "parse_remembered",
    "parsed_documents",
    "validation_memo",
]

#: Distinct documents remembered per schema: far more than any room sends, bounded so a
#: client sending ever-new documents cannot grow the process.
DEFAULT_SIZE = 2048
#: Longer documents are not remembered (their validation is not the cost that matters:
#: the parser's token cap and the limits bound it, and a 16 KiB text holds at most about
#: 2,000 fields).
MAX_REMEMBERED_LENGTH = 16_384
#: Distinct invalid documents remembered per schema, with their errors (graphql-core stops
#: at 100 errors and the limits at one per limit), kept without the document's tree.
INVALID_SIZE = 128
#: The characters of the document texts whose *trees* are kept, all entries together, and
#: of one such text. A tree is one to two Python objects per character of its text, and
#: every object kept long enough joins what the garbage collector's full passes walk: with
#: 2,048 trees of hostile 7 KB documents kept, those passes took up to 0.5 s, holding every
#: request of the process (docs/workshop.md); 256 KiB of them, still 0.35 s. 64 KiB is some
#: 150 ordinary documents; a larger one is parsed again when sent again.
MAX_TREE_CHARS = 64 * 1024
MAX_TREE_LENGTH = 4096


class ValidationMemo:
    """A bounded, thread-safe memo of (document text, rules): found valid, or found invalid
    with these errors (least recent dropped first, each kind bounded on its own, so a
    client sending ever-new invalid documents never pushes the valid ones out)."""

    def __init__(self, size: int = DEFAULT_SIZE, invalid_size: int = INVALID_SIZE) -> None:
        self.size = size
        self.invalid_size = invalid_size
        self._valid: OrderedDict[tuple[str, Hashable], None] = OrderedDict()
        self._invalid: OrderedDict[tuple[str, Hashable], tuple[GraphQLError, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def recall(self, text: str, rules: Hashable) -> list[GraphQLError] | None:
        """The errors of a text validated before (`[]`: valid), or None if it was not."""
        if self.is_known_valid(text, rules):
            return []
        key = (text, rules)
        with self._lock:
            errors = self._invalid.get(key)
            if errors is None:
                return None
            self._invalid.move_to_end(key)
            return list(errors)

    def remember(self, text: str, rules: Hashable, errors: list[GraphQLError]) -> None:
        """Keep what validating `text` found (nothing for texts over the length bound)."""
        if not errors:
            self.remember_valid(text, rules)
            return
        if len(text) > MAX_REMEMBERED_LENGTH:
            return
        kept = tuple(_detached(error) for error in errors)
        with self._lock:
            self._invalid[(text, rules)] = kept
            if len(self._invalid) > self.invalid_size:
                self._invalid.popitem(last=False)

    def is_known_valid(self, text: str, rules: Hashable) -> bool:
        key = (text, rules)
        with self._lock:
            if key not in self._valid:
                return False
            self._valid.move_to_end(key)
            return True

    def remember_valid(self, text: str, rules: Hashable) -> None:
        if len(text) > MAX_REMEMBERED_LENGTH:
            return
        with self._lock:
            self._valid[(text, rules)] = None
            if len(self._valid) > self.size:
                self._valid.popitem(last=False)

    def __len__(self) -> int:
        """The number of texts remembered valid."""
        return len(self._valid)

    @property
    def invalid_count(self) -> int:
        return len(self._invalid)


def _detached(error: GraphQLError) -> GraphQLError:
    """`error` without the tree it points into: the same message, locations (from the text
    and positions), path and extensions, so a remembered error keeps no parsed document."""
    return GraphQLError(
        error.message,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions=error.extensions,
    )


@cache
def validation_memo(schema: GraphQLSchema) -> ValidationMemo:
    """The memo of `schema` (one per schema, like the schemas themselves: per process)."""
    return ValidationMemo()


class ParsedDocuments:
    """A bounded, thread-safe map of document text to its parsed tree (least recent
    dropped first)."""

    def __init__(self, size: int = DEFAULT_SIZE, max_chars: int = MAX_TREE_CHARS) -> None:
        self.size = size
        self.max_chars = max_chars
        self._chars = 0
        self._trees: OrderedDict[str, DocumentNode] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, text: str) -> DocumentNode | None:
        with self._lock:
            tree = self._trees.get(text)
            if tree is not None:
                self._trees.move_to_end(text)
            return tree

    def put(self, text: str, tree: DocumentNode) -> None:
        if len(text) > MAX_TREE_LENGTH:
            return
        with self._lock:
            if text not in self._trees:
                self._chars += len(text)
            self._trees[text] = tree
            while len(self._trees) > self.size or self._chars > self.max_chars:
                dropped, _ = self._trees.popitem(last=False)
                self._chars -= len(dropped)


@cache
def parsed_documents() -> ParsedDocuments:
    """The process's parsed documents (the parser's limits are the same for every caller
    that uses it: `parse_query`)."""
    return ParsedDocuments()


def parse_remembered(text: str) -> DocumentNode:
    """`parse_document(text)` (its nesting and token guards, its errors), the tree of a text
    parsed before in this process handed out again. Whatever reads documents by their text
    (the GraphQL endpoints, the workshop's exercise checks) shares the same trees."""
    memo = parsed_documents()
    document = memo.get(text)
    if document is None:
        document = parse_document(text)
        memo.put(text, document)
    return document


_Figure = TypeVar("_Figure")


class DocumentFigures:
    """Figures computed from a parsed tree, by (tree, what): bounded, thread-safe.

    Keyed by the tree's identity (hashing a tree walks all of it); each entry holds the tree
    too, so an identity is never reused while its entry lives; so the trees' texts are
    bounded in characters as well (`MAX_TREE_CHARS`, each tree counted once an entry)."""

    def __init__(self, size: int = DEFAULT_SIZE, max_chars: int = MAX_TREE_CHARS) -> None:
        self.size = size
        self.max_chars = max_chars
        self._chars = 0
        self._figures: OrderedDict[tuple[int, Hashable], tuple[DocumentNode, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_compute(
        self, document: DocumentNode, what: Hashable, compute: Callable[[], _Figure]
    ) -> _Figure:
        key = (id(document), what)
        with self._lock:
            found = self._figures.get(key)
            if found is not None and found[0] is document:
                self._figures.move_to_end(key)
                figure: _Figure = found[1]
                return figure
        figure = compute()  # outside the lock: two threads may compute it once each
        chars = _length(document)
        if chars > MAX_TREE_LENGTH:
            return figure
        with self._lock:
            if key not in self._figures:
                self._chars += chars
            self._figures[key] = (document, figure)
            while len(self._figures) > self.size or self._chars > self.max_chars:
                _, (dropped, _figure) = self._figures.popitem(last=False)
                self._chars -= _length(dropped)
        return figure


def _length(document: DocumentNode) -> int:
    return len(document.loc.source.body) if document.loc is not None else 0


@cache
def figures_of_documents() -> DocumentFigures:
    """The process's figures of parsed trees (see `DocumentFigures`)."""
    return DocumentFigures()
