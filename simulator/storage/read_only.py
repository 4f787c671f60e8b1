"""Reads that must not write: a write asked for inside `reads_only()` is deferred, not made.

A cheap, remembered GraphQL query may run on the server's event loop instead of a worker
thread (docs/limits.md, "Operations run off the event loop"). That is only safe for a
read: a write there could wait on SQLite's write lock (another process committing) with the
whole server held. Whether an operation writes is not known before it runs (a query's
resolver is expected to read, nothing proves it), so `Store.atomic()`, where every write
begins (each write is one transaction; a write made without one would not be caught), asks
`refuse_writes_here()` first: inside `reads_only()` it raises `WriteDeferred`
before `BEGIN`, nothing written, and the caller runs the operation again where writes are
allowed (a worker thread).

`WriteDeferred` is a `BaseException`, as `GeneratorExit` is: graphql-core turns a resolver's
`Exception` into a field error and goes on; this one must stop the whole execution.

```python
with reads_only() as scope:
    ...  # store.atomic() here raises WriteDeferred
scope.deferred  # True when a write was asked for
```
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

__all__ = ["ReadScope", "WriteDeferred", "reads_only", "refuse_writes_here"]


class WriteDeferred(BaseException):
    """A write was asked for inside `reads_only()`: the work must run again elsewhere."""


@dataclass
class ReadScope:
    #: Whether a write was asked for (and refused) in the scope.
    deferred: bool = False


_SCOPE: ContextVar[ReadScope | None] = ContextVar("simulator_read_scope", default=None)


@contextmanager
def reads_only() -> Iterator[ReadScope]:
    """A scope in which `refuse_writes_here()` raises (this context only: a copy of it made
    inside, for a worker thread, carries the scope too)."""
    scope = ReadScope()
    token = _SCOPE.set(scope)
    try:
        yield scope
    finally:
        _SCOPE.reset(token)


def refuse_writes_here() -> None:
    """Raise `WriteDeferred` inside `reads_only()`; nothing otherwise (one context-variable
    read: every transaction's start pays it)."""
    scope = _SCOPE.get()
    if scope is not None:
        scope.deferred = True
        raise WriteDeferred("A write inside a read-only scope.")
