"""Copies of GraphQL types with some of their fields, their references to other types
rewritten: how a schema is cut out of another (`unauthenticated.restricted`) or given fields
of another (`grafted`). Each field keeps its resolver, each abstract type its type resolver.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from graphql import (
    GraphQLArgument,
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLType,
    GraphQLUnionType,
)

from ..graphql_compat import sdl_default

__all__ = ["Interfaces", "copy_field", "copy_type"]


def copy_field(field: GraphQLField, wrapped: Callable[[GraphQLType], Any]) -> GraphQLField:
    """`field` again (its resolver, arguments, description), its types through `wrapped`."""
    args = {
        name: GraphQLArgument(
            wrapped(arg.type),
            default_value=arg.default_value,
            **sdl_default(arg),
            description=arg.description,
            deprecation_reason=arg.deprecation_reason,
            out_name=arg.out_name,
        )
        for name, arg in field.args.items()
    }
    return GraphQLField(
        wrapped(field.type),
        args=args,
        resolve=field.resolve,
        description=field.description,
        deprecation_reason=field.deprecation_reason,
    )


Interfaces = Callable[[GraphQLObjectType | GraphQLInterfaceType], list[Any]]


def copy_type(
    graphql_type: GraphQLNamedType,
    fields: list[str],
    hidden: Collection[str],
    wrapped: Callable[[GraphQLType], Any],
    interfaces: Interfaces,
    added: Mapping[str, GraphQLField] | None = None,
) -> GraphQLNamedType:
    """`graphql_type` again, with only `fields` (and an object's `added` fields, another
    type's), its references going through `wrapped`; an enum without its `hidden` values."""
    if isinstance(graphql_type, GraphQLEnumType) and hidden:
        enum = graphql_type
        values = {name: value for name, value in enum.values.items() if name not in hidden}
        return GraphQLEnumType(enum.name, values, description=enum.description)
    if isinstance(graphql_type, GraphQLEnumType | GraphQLScalarType):
        return graphql_type  # refers to no other type: shared as it is
    if isinstance(graphql_type, GraphQLInputObjectType):
        source = graphql_type
        return GraphQLInputObjectType(
            source.name,
            lambda: {
                name: GraphQLInputField(
                    wrapped(source.fields[name].type),
                    default_value=source.fields[name].default_value,
                    **sdl_default(source.fields[name]),
                    description=source.fields[name].description,
                    deprecation_reason=source.fields[name].deprecation_reason,
                    out_name=source.fields[name].out_name,
                )
                for name in fields
            },
            description=source.description,
            out_type=source.out_type,
        )
    if isinstance(graphql_type, GraphQLUnionType):
        union = graphql_type
        return GraphQLUnionType(
            union.name,
            lambda: [wrapped(member) for member in union.types],
            resolve_type=union.resolve_type,
            description=union.description,
        )
    return _copy_object(graphql_type, fields, wrapped, interfaces, added or {})


def _copy_object(
    graphql_type: GraphQLNamedType,
    fields: list[str],
    wrapped: Callable[[GraphQLType], Any],
    interfaces: Interfaces,
    added: Mapping[str, GraphQLField],
) -> GraphQLNamedType:
    if isinstance(graphql_type, GraphQLInterfaceType):
        interface = graphql_type
        return GraphQLInterfaceType(
            interface.name,
            lambda: {
                **{name: copy_field(interface.fields[name], wrapped) for name in fields},
                **{name: copy_field(field, wrapped) for name, field in added.items()},
            },
            interfaces=lambda: interfaces(interface),
            resolve_type=interface.resolve_type,
            description=interface.description,
        )
    assert isinstance(graphql_type, GraphQLObjectType)
    source = graphql_type
    return GraphQLObjectType(
        source.name,
        lambda: {
            **{name: copy_field(source.fields[name], wrapped) for name in fields},
            **{name: copy_field(field, wrapped) for name, field in added.items()},
        },
        interfaces=lambda: interfaces(source),
        is_type_of=source.is_type_of,
        description=source.description,
    )
