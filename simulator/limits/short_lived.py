"""Parsing and validation that leave no reference cycles behind, so their garbage dies young.

CPython frees an object the moment its last reference goes, unless it sits in a reference
cycle: then only the garbage collector frees it, and an object that outlives two young
collections joins the oldest generation, which only the collector's *full* passes walk. A
full pass holds the GIL all along: every request of the process waits. graphql-core's
parsing and validation leave cycles behind on every document:

- the parser links the tokens both ways (`prev` and `next`): a document's tokens, and its
  locations with them, are one big cycle;
- every visitor (each validation rule, and the visitors that run them side by side) keeps
  its own bound methods in a cache (`enter_leave_map`): a cycle through the rule, which holds
  the validation context, which holds the document, so the whole tree waits for the
  collector too;
- the error that stops a validation at 100 errors keeps its traceback, whose frames hold the
  list of errors that holds it, and the visitors with the nodes they were skipping.

A heavy document (1,000 fields) left 12,000 to 60,000 such objects per request; in a
workshop room where one learner sent them in a loop, full passes ran every second or two and
took 35-75 ms each, which became every other learner's tail latency (docs/workshop.md). Here
the cycles are cut as soon as parsing or validation is done, so that reference counting frees
everything at once: the full passes become rare and walk only what lives long.

```python
>>> from graphql import build_schema, parse
>>> document = parse("{ a b }")
>>> unlink_tokens(document)
>>> document.loc.start_token.next.prev is None
True
>>> validate_releasing(build_schema("type Query { a: Int }"), document)[0].message
"Cannot query field 'b' on type 'Query'."

```
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Collection
from functools import cache
from types import FrameType

from graphql import (
    ASTValidationRule,
    DocumentNode,
    GraphQLError,
    GraphQLSchema,
    TypeInfo,
    Visitor,
)
from graphql import specified_rules as _specified_rules
from graphql.validation import ASTValidationContext

from ..graphql_compat import validate

__all__ = ["unlink_tokens", "validate_releasing"]


def unlink_tokens(document: DocumentNode) -> None:
    """Drop the backward links of `document`'s tokens: the chain is then a plain list, freed
    by reference counting (nothing reads `prev` once the parser is done)."""
    token = document.loc.start_token if document.loc is not None else None
    while token is not None:
        token.prev = None
        token = token.next


class _Made(threading.local):
    """The visitors the current thread's validation made (thread-local: the workers validate
    side by side): the rules' instances, and the ones found running when it was aborted."""

    def __init__(self) -> None:
        self.rules: list[Visitor] = []
        #: The frame of `validate_releasing`: the look for running visitors stops there.
        self.outer: FrameType | None = None


_made = _Made()


@cache
def _releasable(rule: type[ASTValidationRule]) -> type[ASTValidationRule]:
    """A subclass of `rule` whose instances note themselves, so that their state can be
    dropped once the validation is over (one class per rule, made once)."""

    def __init__(self: ASTValidationRule, context: ASTValidationContext) -> None:
        rule.__init__(self, context)
        if not _made.rules:  # the first rule of this validation: watch for its abort
            _note_visitors_on_abort(context)
        _made.rules.append(self)

    return type(rule.__name__, (rule,), {"__init__": __init__, "__module__": rule.__module__})


def _note_visitors_on_abort(context: ASTValidationContext) -> None:
    """Wrap `context.on_error` so that when it aborts the validation (graphql-core's error
    cap), the visitors the traversal is running are noted for emptying: the side-by-side
    visitor keeps the nodes it was skipping, in a cycle, and only they can reach it."""
    report = context.on_error

    def on_error(error: GraphQLError) -> None:
        try:
            report(error)
        except Exception:  # the cap's abort (3.2: not a GraphQLError), raised through the traversal
            frame: FrameType | None = sys._getframe(1)
            while frame is not None and frame is not _made.outer:
                _made.rules.extend(v for v in frame.f_locals.values() if isinstance(v, Visitor))
                frame = frame.f_back
            raise

    context.on_error = on_error  # type: ignore[method-assign]


def validate_releasing(
    schema: GraphQLSchema,
    document: DocumentNode,
    rules: Collection[type[ASTValidationRule]] | None = None,
    max_errors: int | None = None,
    type_info: TypeInfo | None = None,
) -> list[GraphQLError]:
    """`graphql.validate`, then the rules' state dropped and the errors' tracebacks cut
    (module docstring): the same errors, no cycle left behind."""
    chosen = _specified_rules if rules is None else rules
    made = _made.rules = []
    _made.outer = sys._getframe()
    try:
        releasable = [_releasable(rule) for rule in chosen]  # type: ignore[arg-type]
        errors = validate(schema, document, releasable, max_errors, type_info)
    finally:
        for instance in made:
            instance.__dict__.clear()
        made.clear()
        _made.outer = None
    for error in errors:
        error.__traceback__ = None
    return errors
