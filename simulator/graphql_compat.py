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
- **Validation.** 3.3's `validate` no longer takes a `type_info`; `validate` here passes it
  only when one is given.
- **Types.** In 3.3 a resolver's `GraphQLResolveInfo` is generic in its context: resolvers
  annotate `info` with `ResolveInfo`, which names it for the type checker on either line.
- **Enum values given as variables.** From 3.2.14 graphql-core calls an enum type's
  `parse_value(value, hide_suggestions)` with two arguments, while Ariadne (1.1.1 and
  earlier) replaces every enum's `parse_value` with a one-argument function when it makes an
  executable schema: every enum passed as a variable was refused with a `TypeError`.
  `accept_enum_parse_value_arguments(schema)` wraps those replacements so that they take
  (and ignore) what graphql-core passes beyond the value.
- **SDL defaults.** 3.3 keeps an argument's or input field's SDL default (`first: Int! = 50`)
  in a `default` attribute, which 3.2 has not (nor takes): `sdl_default(source)` gives the
  keyword a copy passes on, empty on 3.2.

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

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, TypeAlias

import graphql
from graphql import (
    ASTValidationRule,
    DocumentNode,
    GraphQLEnumType,
    GraphQLError,
    GraphQLSchema,
    TypeInfo,
)

__all__ = [
    "GRAPHQL_CORE_3_3",
    "ExecutionContext",
    "ResolveInfo",
    "accept_enum_parse_value_arguments",
    "operation_stopped_by",
    "sdl_default",
    "validate",
]

#: True with graphql-core 3.3 or later (`Executor` instead of `ExecutionContext`).
GRAPHQL_CORE_3_3: bool = graphql.version_info >= (3, 3)

# The type gate (mypy in .ci/run) reads the newest release the bounds allow, 3.3: there the
# resolver's `info` is generic in its context, and the execution context is an `Executor`.
if TYPE_CHECKING:
    from graphql import Executor, GraphQLResolveInfo

    #: The class an execution is built from (`execution_context_class=` in Ariadne).
    ExecutionContext: TypeAlias = Executor[Any]

    #: The `info` argument of a resolver (the simulator's context is a `RequestContext`, read
    #: through `api.context`, so the parameter stays `Any` here).
    ResolveInfo: TypeAlias = GraphQLResolveInfo[Any]
else:
    from graphql import GraphQLResolveInfo as ResolveInfo

    if GRAPHQL_CORE_3_3:  # pragma: no cover - one branch runs per installed release
        from graphql import Executor as ExecutionContext
    else:  # pragma: no cover
        from graphql import ExecutionContext


def sdl_default(source: graphql.GraphQLArgument | graphql.GraphQLInputField) -> dict[str, Any]:
    """`{"default": ...}` for a copy of `source` on graphql-core 3.3; nothing on 3.2."""
    return {"default": source.default} if GRAPHQL_CORE_3_3 else {}


def operation_stopped_by(context: Any, error: graphql.GraphQLError) -> Any:
    """What `context.execute_operation` gives for an operation stopped by `error`:
    an answer with `data: null` and `error`, on graphql-core 3.2 and 3.3 alike."""
    if GRAPHQL_CORE_3_3:
        context.collected_errors.add(error, None)
        return context.finish(context.build_response(None))
    raise error  # 3.2's `execute` answers it with `data: null`


def validate(
    schema: GraphQLSchema,
    document: DocumentNode,
    rules: Collection[type[ASTValidationRule]] | None = None,
    max_errors: int | None = None,
    type_info: TypeInfo | None = None,
) -> list[GraphQLError]:
    """graphql-core's `validate`; `type_info` (which 3.3 no longer takes) passed only when
    given, as Ariadne's `validate_query` does."""
    if type_info is None:
        return graphql.validate(schema, document, rules, max_errors)
    return graphql.validate(schema, document, rules, max_errors, type_info=type_info)  # type: ignore[call-arg]


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
