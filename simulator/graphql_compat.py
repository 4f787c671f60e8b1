"""What differs between the graphql-core and Ariadne releases the simulator supports.

The bounds in `pyproject.toml` admit graphql-core 3.2 (from 3.2.3) and 3.3, and every
Ariadne 1.x; the few places where those releases disagree are bridged here, and only here
(docs/installing.md, "When an upstream release breaks the install"):

- **The execution context.** graphql-core 3.2 builds an execution from an `ExecutionContext`
  class (`execution_context_class=`); 3.3 renamed it `Executor` (`executor_class=`) and gave
  `execute_field` a fifth argument. `ExecutionContext` below is whichever the installed
  release has; subclasses pass the arguments of `execute_field` and `execute_operation` on
  as they came. Ariadne translates the keyword (`execution_context_class=` works with both).
  An error that stops the whole operation reaches the answer differently (3.2's `execute`
  catches it around `execute_operation`, 3.3's `execute_operation` catches it inside):
  `operation_stopped_by(context, error)` gives `data: null` with that error on both.
- **Enum values given as variables.** From 3.2.14 graphql-core calls an enum type's
  `parse_value(value, hide_suggestions)` with two arguments, while Ariadne (1.1.1 and
  earlier) replaces every enum's `parse_value` with a one-argument function when it makes an
  executable schema: every enum passed as a variable was refused with a `TypeError`.
  `accept_enum_parse_value_arguments(schema)` wraps those replacements so that they take
  (and ignore) what graphql-core passes beyond the value.

```python
>>> from ariadne import make_executable_schema
>>> from graphql import graphql_sync
>>> schema = make_executable_schema('''
...     enum Direction { Asc Desc }
...     type Query { echo(direction: Direction!): String! }
... ''')
>>> schema.query_type.fields["echo"].resolve = lambda _, info, direction: direction
>>> accept_enum_parse_value_arguments(schema)
>>> graphql_sync(schema, "query ($d: Direction!) { echo(direction: $d) }",
...              variable_values={"d": "Desc"}).data
{'echo': 'Desc'}

```
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import graphql
from graphql import GraphQLEnumType, GraphQLSchema

__all__ = [
    "GRAPHQL_CORE_3_3",
    "ExecutionContext",
    "accept_enum_parse_value_arguments",
    "operation_stopped_by",
]

#: True with graphql-core 3.3 or later (`Executor` instead of `ExecutionContext`).
GRAPHQL_CORE_3_3: bool = graphql.version_info >= (3, 3)

if GRAPHQL_CORE_3_3:  # pragma: no cover - one branch runs per installed release
    ExecutionContext: type[Any] = graphql.Executor  # type: ignore[attr-defined]
else:  # pragma: no cover
    ExecutionContext = graphql.ExecutionContext


def operation_stopped_by(context: Any, error: graphql.GraphQLError) -> Any:
    """What `context.execute_operation` gives for an operation stopped by `error`:
    an answer with `data: null` and `error`, on graphql-core 3.2 and 3.3 alike."""
    if GRAPHQL_CORE_3_3:
        context.collected_errors.add(error, None)
        return context.finish(context.build_response(None))
    raise error  # 3.2's `execute` answers it with `data: null`


def accept_enum_parse_value_arguments(schema: GraphQLSchema) -> None:
    """Let every enum's replaced `parse_value` take the arguments graphql-core passes.

    Ariadne sets `parse_value` on each enum *instance* (graphql-core's own is a method of the
    class, which already takes them all); only those instance attributes are wrapped, once.
    """
    for graphql_type in schema.type_map.values():
        if not isinstance(graphql_type, GraphQLEnumType):
            continue
        replaced = vars(graphql_type).get("parse_value")
        if replaced is None or getattr(replaced, "accepts_extra_arguments", False):
            continue
        graphql_type.parse_value = _value_only(replaced)  # type: ignore[method-assign]


def _value_only(parse_value: Callable[[Any], Any]) -> Callable[..., Any]:
    """`parse_value` called with the value alone, whatever else comes with it."""

    def parse_value_of_value(value: Any, *_ignored: Any, **_ignored_by_name: Any) -> Any:
        return parse_value(value)

    parse_value_of_value.accepts_extra_arguments = True  # type: ignore[attr-defined]
    return parse_value_of_value
