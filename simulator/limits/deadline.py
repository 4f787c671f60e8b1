"""The execution deadline: no operation runs longer than a bound of real time.

The operation limits and the row budget bound what a document *asks*; the deadline bounds
what answering it *costs*, whatever the data (a huge dataset, a slow disk, a busy machine).
`deadline_execution_context(seconds)` gives a graphql-core `ExecutionContext` that looks at
the time before resolving each field (graphql-core 3.3 calls it an `Executor`;
`simulator/graphql_compat.py`) and, once the deadline has passed, abandons the whole
execution: the result has `data: null` and one `DeadlineExceeded` error (`extensions.code`
`DEADLINE_EXCEEDED`), and no further field is resolved, so the worker thread is free again.

The check sits between fields, never inside a resolver: a mutation's transaction is never
cut in half, and a mutation field that started completes (later mutation fields of the
same document do not run). The time is real (monotonic) time, not the virtual clock: this
bounds the simulator's own work.

```python
>>> from ariadne import graphql_sync, make_executable_schema
>>> schema = make_executable_schema("type Query { a: Int }")
>>> _, result = graphql_sync(schema, {"query": "{ a }"}, root_value={"a": 1},
...                          execution_context_class=deadline_execution_context(0.0))
>>> result["data"], result["errors"][0]["extensions"]["code"]
(None, 'DEADLINE_EXCEEDED')

```
"""

from __future__ import annotations

import functools
from contextvars import ContextVar
from typing import Any, Final

from graphql import GraphQLError

from ..clock import monotonic
from ..exceptions import SimulatorError
from ..graphql_compat import ExecutionContext, operation_stopped_by

__all__ = [
    "DEADLINE_CODE",
    "DEFAULT_EXECUTION_DEADLINE_SECONDS",
    "DeadlineExceeded",
    "deadline_execution_context",
]

#: `extensions.code` of the error of an operation stopped at its deadline.
DEADLINE_CODE: Final = "DEADLINE_EXCEEDED"

#: Real seconds an operation may run (parse, validation and execution, in a worker thread).
DEFAULT_EXECUTION_DEADLINE_SECONDS: Final = 10.0

#: When the operation of this context was taken up (`monotonic()`): set by
#: `deadline_execution_context`, read when graphql-core builds the execution context.
_STARTED: ContextVar[float] = ContextVar("simulator.deadline-started")


class DeadlineExceeded(GraphQLError, SimulatorError):
    """The error of an operation stopped at its deadline (no `path`: the whole operation)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"The operation was stopped after its execution deadline of {seconds:g} seconds. "
            "Ask for less per request (smaller pages, fewer nested connections) and page "
            "through the rest.",
            extensions={"code": DEADLINE_CODE, "deadlineSeconds": seconds},
        )
        self.seconds = seconds


class _Abandon(BaseException):
    """Unwinds the execution from the field where the deadline was found passed.

    A `BaseException`, because graphql-core turns every `Exception` raised while resolving
    a field into a field error and goes on with the sibling fields; this must pass through
    all of them up to `execute_operation`.
    """


class DeadlineExecutionContext(ExecutionContext):
    """Checks the deadline (`monotonic()` seconds) before resolving each field."""

    #: Set on the subclass `deadline_execution_context` gives (one per value).
    seconds: float = DEFAULT_EXECUTION_DEADLINE_SECONDS
    deadline: float = 0.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline = _STARTED.get(monotonic()) + self.seconds

    def execute_operation(self, *args: Any, **kwargs: Any) -> Any:
        try:
            result = super().execute_operation(*args, **kwargs)
        except _Abandon:
            result = operation_stopped_by(self, DeadlineExceeded(self.seconds))
        if not self.is_awaitable(result):
            _unlink(self)
        return result

    def execute_field(self, *args: Any, **kwargs: Any) -> Any:
        # The arguments differ between graphql-core 3.2 and 3.3 (simulator/graphql_compat.py).
        if monotonic() > self.deadline:
            raise _Abandon
        return super().execute_field(*args, **kwargs)


def _unlink(context: ExecutionContext) -> None:
    """Break the reference cycle graphql-core 3.3 leaves in each execution context, once its
    answer is complete: the context holds its resolvers' helpers, which hold two of its bound
    methods. Left to the cyclic collector, every request's context and all it reaches (its
    collected fields, the request's context and principal, some 70 objects) waited there for
    a young pass (one every 130 requests of a busy room, each some 6 ms walking 10,000
    objects: docs/performance.md, "Saturation"); without the cycle, reference counting frees
    them as the answer is sent. Nothing reads the helpers after the answer: graphql-core
    passes them to resolvers only while it executes (an awaitable result keeps them)."""
    vars(context).pop("async_helpers", None)


def deadline_execution_context(seconds: float) -> type[ExecutionContext]:
    """An `ExecutionContext` class whose executions stop `seconds` from now (real time), for
    Ariadne's or graphql-core's `execution_context_class=`.

    "Now" is kept in this context (a request's copy, in its worker), and each execution
    context graphql-core builds in it reads it: the class itself is made once per value of
    `seconds`, not once per request (a new class a request cost some 20 us, and left a
    reference cycle for the collector each time).
    """
    _STARTED.set(monotonic())
    return _context_class(seconds)


@functools.lru_cache(maxsize=16)
def _context_class(seconds: float) -> type[DeadlineExecutionContext]:
    return type("DeadlineExecutionContext", (DeadlineExecutionContext,), {"seconds": seconds})
