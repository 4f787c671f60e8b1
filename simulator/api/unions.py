"""Abstract types resolved by the `__typename` the domain puts in its results.

Rejections, payload unions and status interfaces are all plain dicts carrying
`__typename`, so one resolver serves every union and interface of a schema.
"""

from __future__ import annotations

from typing import Any

from ariadne import InterfaceType, UnionType
from graphql import GraphQLInterfaceType, GraphQLSchema, GraphQLUnionType

__all__ = ["abstract_types", "resolve_typename"]


def resolve_typename(obj: Any, *_: Any) -> str | None:
    return obj.get("__typename") if isinstance(obj, dict) else None


def abstract_types(schema: GraphQLSchema) -> list[UnionType | InterfaceType]:
    """A bindable for every union and interface in an (unbound) schema."""
    bindables: list[UnionType | InterfaceType] = []
    for name, graphql_type in schema.type_map.items():
        if name.startswith("__"):
            continue
        if isinstance(graphql_type, GraphQLUnionType):
            bindables.append(UnionType(name, resolve_typename))
        elif isinstance(graphql_type, GraphQLInterfaceType):
            bindables.append(InterfaceType(name, resolve_typename))
    return bindables
