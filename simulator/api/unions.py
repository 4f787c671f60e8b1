"""Abstract types resolved by the `__typename` the domain puts in its results.

Rejections, payload unions and status interfaces are all plain dicts carrying
`__typename`, so one resolver serves every union and interface of a schema.
"""

from __future__ import annotations

from typing import Any

from graphql import GraphQLInterfaceType, GraphQLSchema, GraphQLUnionType

__all__ = ["bind_abstract_types", "resolve_typename"]


def resolve_typename(obj: Any, *_: Any) -> str | None:
    return obj.get("__typename") if isinstance(obj, dict) else None


def bind_abstract_types(schema: GraphQLSchema) -> None:
    """Every union and interface of the schema that has no type resolver yet resolves by
    `resolve_typename`.

    Set directly, as Ariadne's `UnionType(name, resolve_typename).bind_to_schema` would: its
    `InterfaceType` also walks every type of the schema for each interface, to give its
    implementations the interface's field resolvers; these have none, and the walk was a
    quarter of the partner schema's build (docs/performance.md, "First answer").
    """
    for name, graphql_type in schema.type_map.items():
        if name.startswith("__"):
            continue
        if (
            isinstance(graphql_type, GraphQLUnionType | GraphQLInterfaceType)
            and graphql_type.resolve_type is None
        ):
            graphql_type.resolve_type = resolve_typename
