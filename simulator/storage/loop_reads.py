"""The event loop's reads, on the connection that commits its request's journal entry.

SQLite keeps a page cache per connection, and in WAL mode a connection drops all of it when
it begins a read after *another* connection committed. The request journal commits once a
request, on the bookkeeping connection (`Store.bookkeeping_autocommit`): so every request's
next reads on the event loop (the edge's and the token check's look-ups, a cheap remembered
query run there: `api.inline_reads`) found their connection's cache empty, and read their
pages again, some 30-40 µs a request (docs/performance.md, "The journal"). Its own commits
leave a connection's cache alone: inside `reads_beside_bookkeeping()`, this thread's reads
use the bookkeeping connection instead of the thread's own (`Store.db`).

Only reads move. `Store.atomic()`, where every write begins, keeps the thread's connection,
and so does a read made while that connection is in a transaction (it must see its own
writes). The bookkeeping connection is in autocommit mode: each read is its own snapshot,
as on the thread's connection outside a transaction. Other threads (the ticker reading the
data version under the store's lock) share it: SQLite serializes one connection's calls.

A read left open on the bookkeeping connection (a cursor not read to its end, still alive)
keeps its snapshot, and SQLite refuses to write from an old snapshot once another connection
has committed: the journal then commits the entry on the thread's own connection instead
(`journal.middleware.JournalMiddleware.write`).

The scope names the thread that set it: a copy of the context handed to a worker thread
(`run_in_threadpool`) carries it, and must not use the connection concurrently from there.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["reads_beside_bookkeeping", "reads_here"]

_THREAD: ContextVar[int | None] = ContextVar("simulator_loop_reads", default=None)


@contextmanager
def reads_beside_bookkeeping() -> Iterator[None]:
    """This thread's reads on the bookkeeping connection until the block ends (this
    context only, and in a copy of it only on this thread)."""
    token = _THREAD.set(threading.get_ident())
    try:
        yield
    finally:
        _THREAD.reset(token)


def reads_here() -> bool:
    """Whether this thread reads on the bookkeeping connection (a context-variable read and
    a thread id: `Store.db` asks at every call)."""
    return _THREAD.get() == threading.get_ident()
