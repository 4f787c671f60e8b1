"""Which operations may run on the event loop: remembered, read-only, cheap.

Every operation used to run in a worker thread. For the commonest request of a busy server,
a query sent before (a room's hundred learners running the same exercise, a notebook's loop),
the hop there and back cost more than the work: handing the operation to the pool, waking a
thread, the future's result, and the GIL handed from the event loop to the thread and back,
each hand-off waiting up to the interpreter's switch interval when the other holds it
(docs/performance.md, "Saturation"). Such a query runs on the event loop instead when all
of this holds, each a look-up in what the process remembers:

- **remembered**: its schema is built, its text parsed before (`parsed_documents`) and found
  valid before (`validation_memo`), so no parsing and no validation happen on the loop;
- **a query**: the operation it selects is a `query` (not a mutation, not a subscription),
  and what it runs is read-only: a write it asks for anyway is refused before it begins
  (`storage.read_only`) and the operation runs again in a worker, from the start;
- **bounded**: its measured cost (the figures `extensions.cost` reports) at most
  `INLINE_COMPLEXITY`, no introspection (`__schema`, `__type`: their cost is the schema's
  size, not the document's), and its row estimate at most `INLINE_ROWS` rows.

Everything else (a first sending, a mutation, a larger or unmeasured query) runs in the
workers as before. The execution deadline applies on the loop too, and the room's fair pool
is asked first: a learner the pool counts heavy has every operation run in the pool
(`may_run_inline`), and the time a query takes on the loop counts towards the learner's use
(`note_inline`), so a loop of cheap queries still makes a learner heavy.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from graphql import GraphQLSchema, OperationType, specified_rules

from ..limits.document_memo import figures_of_documents, parsed_documents, validation_memo
from ..limits.measure import measure_operations
from ..limits.row_budget import estimate_rows, selected_estimate

__all__ = ["INLINE_COMPLEXITY", "INLINE_ROWS", "inline_schema", "may_run_inline", "note_inline"]

#: The largest row estimate (`limits.row_budget`) of a query run on the event loop: a page of
#: 100 (a default page of 50, with a count, is 50).
INLINE_ROWS = 100
#: The largest complexity (`limits.measure`: the fields selected, fragments expanded) of a
#: query run on the event loop (a page of accounts with their balances is 10; the Sandbox
#: limit is 1,000).
INLINE_COMPLEXITY = 100
#: The rules Ariadne validates with (graphql's own), as `safe_validate` remembers them.
_VALIDATED_WITH = (tuple(specified_rules), None)


def inline_schema(
    schema: GraphQLSchema | Callable[[], GraphQLSchema], data: dict[str, Any]
) -> GraphQLSchema | None:
    """The schema to run `data` with on the event loop, or `None` when it must go to the
    workers (the module docstring says when)."""
    try:
        return _inline_schema(schema, data)
    except Exception:  # whatever this look-up trips on, the workers' run reports as it should
        return None


def _inline_schema(
    schema: GraphQLSchema | Callable[[], GraphQLSchema], data: dict[str, Any]
) -> GraphQLSchema | None:
    if not isinstance(schema, GraphQLSchema):
        if not getattr(schema, "built", False):
            return None  # the first request builds it, in a worker
        schema = schema()
    text = data["query"]
    document = parsed_documents().get(text)
    if document is None or not validation_memo(schema).is_known_valid(text, _VALIDATED_WITH):
        return None
    name = data.get("operationName")
    # The same figures, under the same key, as the operation limits' check (`check_document`).
    measured = figures_of_documents().get_or_compute(
        document, ("cost", None), lambda: tuple(measure_operations(document, None))
    )
    chosen = [
        (operation, cost)
        for operation, cost in measured
        if name is None or (operation.name is not None and operation.name.value == name)
    ]
    if len(chosen) != 1:
        return None
    operation, cost = chosen[0]
    if (
        operation.operation is not OperationType.QUERY
        or cost.complexity > INLINE_COMPLEXITY
        or cost.introspection_complexity
    ):
        return None
    variables = data.get("variables")
    if variables:
        estimates = estimate_rows(schema, document, variables)
    else:  # kept with the tree, under the row budget's own key
        estimates = list(
            figures_of_documents().get_or_compute(
                document, ("rows", id(schema)), lambda: tuple(estimate_rows(schema, document))
            )
        )
    estimate = selected_estimate(estimates, name)
    if estimate is None or estimate.rows > INLINE_ROWS:
        return None
    return schema


def may_run_inline(workers: Executor | None) -> bool:
    """Whether the pool lets this caller's operation run on the event loop: yes, unless it is
    a room's fair pool counting the learner heavy (`workshop.fair_pool`)."""
    allowed: Callable[[], bool] | None = getattr(workers, "may_run_inline", None)
    return allowed is None or allowed()


def note_inline(workers: Executor | None, seconds: float) -> None:
    """Count `seconds` of an operation run on the event loop towards the caller's use of the
    pool (a room's fair pool keeps it; a plain pool keeps nothing)."""
    note: Callable[[float], None] | None = getattr(workers, "note_inline", None)
    if note is not None:
        note(seconds)
