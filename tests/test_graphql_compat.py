"""simulator/graphql_compat.py: the bridges between the supported graphql-core releases."""

from __future__ import annotations

from typing import Any

import graphql
from ariadne import make_executable_schema
from graphql import GraphQLEnumType, graphql_sync

from simulator.graphql_compat import (
    GRAPHQL_CORE_3_3,
    ExecutionContext,
    accept_enum_parse_value_arguments,
)
from simulator.limits.deadline import deadline_execution_context

SDL = """
enum Direction { Asc Desc }
type Query { echo(direction: Direction!): String! }
"""
DOCUMENT = "query ($d: Direction!) { echo(direction: $d) }"


def _schema() -> Any:
    schema = make_executable_schema(SDL)
    schema.query_type.fields["echo"].resolve = lambda _, info, direction: direction
    return schema


def test_execution_context_is_the_installed_releases_class() -> None:
    expected = "Executor" if GRAPHQL_CORE_3_3 else "ExecutionContext"
    assert ExecutionContext is getattr(graphql, expected)
    assert (graphql.version_info >= (3, 3)) == GRAPHQL_CORE_3_3


def test_a_replaced_parse_value_takes_the_value_alone_or_with_more() -> None:
    """The old calling convention (value alone, graphql-core <= 3.2.13) and the new one
    (value and `hide_suggestions`, 3.2.14 and 3.3) both reach a one-argument replacement."""
    schema = make_executable_schema(SDL)
    direction = schema.type_map["Direction"]
    assert isinstance(direction, GraphQLEnumType)
    seen: list[Any] = []
    direction.parse_value = lambda value: seen.append(value) or value  # type: ignore[method-assign]
    accept_enum_parse_value_arguments(schema)
    assert direction.parse_value("Asc") == "Asc"
    assert direction.parse_value("Desc", True) == "Desc"
    assert direction.parse_value("Asc", hide_suggestions=False) == "Asc"
    assert seen == ["Asc", "Desc", "Asc"]


def test_wrapping_twice_wraps_once() -> None:
    schema = make_executable_schema(SDL)
    accept_enum_parse_value_arguments(schema)
    once = schema.type_map["Direction"].parse_value
    accept_enum_parse_value_arguments(schema)
    assert schema.type_map["Direction"].parse_value is once


def test_an_enum_of_graphql_core_alone_is_left_as_it_is() -> None:
    schema = graphql.build_schema(SDL)
    accept_enum_parse_value_arguments(schema)
    assert "parse_value" not in vars(schema.type_map["Direction"])


def test_an_enum_variable_reaches_the_resolver_with_the_installed_releases() -> None:
    schema = _schema()
    accept_enum_parse_value_arguments(schema)
    result = graphql_sync(schema, DOCUMENT, variable_values={"d": "Desc"})
    assert result.errors is None
    assert result.data == {"echo": "Desc"}
    refused = graphql_sync(schema, DOCUMENT, variable_values={"d": "Sideways"})
    assert refused.errors and "Sideways" in refused.errors[0].message


def test_the_deadline_context_runs_on_the_installed_release() -> None:
    schema = _schema()
    keyword = "executor_class" if GRAPHQL_CORE_3_3 else "execution_context_class"
    in_time = graphql.execute(
        schema,
        graphql.parse("{ echo(direction: Asc) }"),
        **{keyword: deadline_execution_context(60.0)},
    )
    assert in_time.data == {"echo": "Asc"}  # type: ignore[union-attr]
    late = graphql.execute(
        schema,
        graphql.parse("{ echo(direction: Asc) }"),
        **{keyword: deadline_execution_context(0.0)},
    )
    assert late.data is None  # type: ignore[union-attr]
    assert late.errors[0].extensions["code"] == "DEADLINE_EXCEEDED"  # type: ignore[union-attr,index]


def test_the_deadline_context_class_is_made_once_and_counts_from_each_call() -> None:
    """One class per deadline value (a class made per request cost some 20 us and left a
    reference cycle behind); the deadline still counts from the call that asked for it, in
    its own context (each request's copy, in its worker)."""
    import contextvars
    import time

    assert deadline_execution_context(5.0) is deadline_execution_context(5.0)
    assert deadline_execution_context(5.0) is not deadline_execution_context(6.0)
    schema = _schema()
    keyword = "executor_class" if GRAPHQL_CORE_3_3 else "execution_context_class"
    document = graphql.parse("{ echo(direction: Asc) }")

    def run(seconds: float, wait: float) -> Any:
        context_class = deadline_execution_context(seconds)
        time.sleep(wait)  # parsing and validation, say: counted
        return graphql.execute(schema, document, **{keyword: context_class})

    late = contextvars.copy_context().run(run, 0.05, 0.1)
    assert late.errors[0].extensions["code"] == "DEADLINE_EXCEEDED"
    in_time = contextvars.copy_context().run(run, 0.05, 0.0)  # the same class, a new start
    assert in_time.data == {"echo": "Asc"}


def test_a_copied_argument_keeps_its_sdl_default_on_the_installed_release() -> None:
    from graphql import GraphQLSchema

    from simulator.api.type_copies import copy_type

    schema = make_executable_schema("type Query { page(first: Int! = 50): Int! }")
    query = schema.query_type
    assert query is not None
    copied = copy_type(query, ["page"], (), lambda t: t, lambda _: [])
    answer = graphql_sync(GraphQLSchema(query=copied), "{ page }", root_value={"page": 1})
    assert answer.errors is None  # `first` is required but defaulted: the default was kept


def _contexts_left_after_an_answer(seconds: float) -> list[Any]:
    """The execution contexts of one answer still alive once it is dropped, collection off."""
    import gc
    import weakref

    made: list[weakref.ref[Any]] = []

    class Counted(deadline_execution_context(seconds)):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    keyword = "executor_class" if GRAPHQL_CORE_3_3 else "execution_context_class"
    gc.collect()
    gc.disable()
    try:
        result = graphql.execute(_schema(), graphql.parse("{ echo(direction: Asc) }"),
                                 **{keyword: Counted})  # fmt: skip
        assert (result.data is None) == (seconds == 0.0)  # type: ignore[union-attr]
        del result
        assert made
        return [ref() for ref in made if ref() is not None]
    finally:
        gc.enable()


def test_an_answered_execution_context_is_freed_without_the_cyclic_collector() -> None:
    """graphql-core 3.3's context holds helpers holding its own bound methods: a cycle that
    kept each request's context, and the ~70 objects it reaches, for the collector's young
    passes (docs/performance.md, "Saturation"). Answered (in time or stopped at the
    deadline), nothing of it is left for the collector. On graphql-core 3.2 (CI's lowest
    releases) a context stopped at its deadline stays in a cycle through the stopping
    exception's traceback: rare (a request over its deadline), left to the collector there."""
    assert _contexts_left_after_an_answer(60.0) == []
    if GRAPHQL_CORE_3_3:
        assert _contexts_left_after_an_answer(0.0) == []
