"""A schema cut out of a bigger one: some root fields, and the types they reach with some
fields withheld, each field keeping its resolver.

The unauthenticated API is built so: the partner API's types and resolvers (with the few
root fields of its own), then cut down to what a caller without a token may see
(`served.toml` beside its SDL says which root fields, and which fields are withheld).

```python
cut = Cut({"Query": {"projectInfoById"}}, withheld={"ProjectInfo": {"logoUri"}})
small = restricted(schema, cut)
```
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLType,
    GraphQLUnionType,
    get_named_type,
)

from ..type_copies import copy_type

__all__ = ["Cut", "reachable", "restricted"]

Kept = Mapping[str, Collection[str]]


@dataclass(frozen=True)
class Cut:
    """What a restricted schema keeps of a bigger one.

    `roots`: root type -> the root fields kept; `withheld`: type -> its fields (or an enum's
    values) not kept; `renamed`: type -> the name it is served under; `left_out`: types
    never served, neither as an implementation nor as an interface; `replaced`: type ->
    the type served wherever it is referred to (an interface there, an object here)."""

    roots: Kept
    withheld: Kept = dataclasses.field(default_factory=dict)
    renamed: Mapping[str, str] = dataclasses.field(default_factory=dict)
    left_out: Collection[str] = ()
    replaced: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def dropped(self, name: str) -> bool:
        """Whether an interface of this name is never implemented here."""
        return name in self.left_out or name in self.replaced


def _fields_of(graphql_type: GraphQLNamedType, cut: Cut) -> list[str]:
    """The fields of `graphql_type` kept: a root's listed ones, another's not withheld."""
    fields = getattr(graphql_type, "fields", {})
    if graphql_type.name in cut.roots:
        return [name for name in fields if name in cut.roots[graphql_type.name]]
    hidden = cut.withheld.get(graphql_type.name, ())
    return [name for name in fields if name not in hidden]


def _implementations(schema: GraphQLSchema) -> dict[str, list[GraphQLNamedType]]:
    found: dict[str, list[GraphQLNamedType]] = {}
    for graphql_type in schema.type_map.values():
        if isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType):
            for interface in graphql_type.interfaces:
                found.setdefault(interface.name, []).append(graphql_type)
    return found


def _referenced(graphql_type: GraphQLNamedType, kept_fields: list[str]) -> list[GraphQLNamedType]:
    """The named types one type refers to through its kept fields (and their arguments),
    its interfaces and its union members."""
    named: list[GraphQLNamedType] = []
    if isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType):
        for name in kept_fields:
            graphql_field = graphql_type.fields[name]
            named.append(get_named_type(graphql_field.type))
            named += [get_named_type(arg.type) for arg in graphql_field.args.values()]
        named += list(graphql_type.interfaces)
    elif isinstance(graphql_type, GraphQLInputObjectType):
        named += [get_named_type(graphql_type.fields[name].type) for name in kept_fields]
    elif isinstance(graphql_type, GraphQLUnionType):
        named += list(graphql_type.types)
    return named


def reachable(schema: GraphQLSchema, cut: Cut) -> dict[str, list[str]]:
    """Every type the kept root fields reach, with the fields kept of each (empty for enums,
    scalars and unions). An interface that a kept field of an object returns brings its
    implementations, but those left out; one only implemented (`Rejection`) brings none;
    a replaced type brings its replacement instead."""
    implementations = _implementations(schema)
    found: dict[str, list[str]] = {}
    waiting = [schema.type_map[name] for name in cut.roots if name in schema.type_map]
    while waiting:
        graphql_type = waiting.pop()
        if graphql_type.name in cut.replaced:
            graphql_type = schema.type_map[cut.replaced[graphql_type.name]]
        if graphql_type.name in found or graphql_type.name in cut.left_out:
            continue
        kept = _fields_of(graphql_type, cut)
        found[graphql_type.name] = kept
        # An interface's own fields bring no implementations (`Connection.edges: [Edge!]!`):
        # each implementation reached redeclares them with its concrete types.
        on_interface = isinstance(graphql_type, GraphQLInterfaceType)
        for referenced in _referenced(graphql_type, kept):
            waiting.append(referenced)
            returned = referenced not in getattr(graphql_type, "interfaces", ())
            if returned and not on_interface and isinstance(referenced, GraphQLInterfaceType):
                waiting += implementations.get(referenced.name, [])
    return found


def restricted(schema: GraphQLSchema, cut: Cut) -> GraphQLSchema:
    """A new schema of the types `cut` keeps of `schema` (see `Cut`); resolvers, type
    resolvers, argument and input-field names (`out_name`) are those of `schema`. Two types
    of one name are an error (`TypeError`), a rename's too."""
    kept = reachable(schema, cut)
    built: dict[str, GraphQLNamedType] = {}

    def named(name: str) -> GraphQLNamedType:
        return built[cut.replaced.get(name, name)]

    def wrapped(graphql_type: GraphQLType) -> Any:
        if isinstance(graphql_type, GraphQLNonNull):
            return GraphQLNonNull(wrapped(graphql_type.of_type))
        if isinstance(graphql_type, GraphQLList):
            return GraphQLList(wrapped(graphql_type.of_type))
        assert isinstance(graphql_type, GraphQLNamedType)
        return named(graphql_type.name)

    def interfaces(graphql_type: GraphQLObjectType | GraphQLInterfaceType) -> list[Any]:
        return [wrapped(i) for i in graphql_type.interfaces if not cut.dropped(i.name)]

    for name, fields in kept.items():
        hidden = cut.withheld.get(name, ())
        built[name] = copy_type(schema.type_map[name], fields, hidden, wrapped, interfaces)
    for old, new in cut.renamed.items():
        if old in built:
            # Only copies are renamed: enums and scalars are shared with `schema` as they are.
            assert not isinstance(built[old], GraphQLEnumType | GraphQLScalarType), old
            built[old].name = new
    query = built.get(schema.query_type.name) if schema.query_type else None
    mutation = built.get(schema.mutation_type.name) if schema.mutation_type else None
    assert isinstance(query, GraphQLObjectType)
    assert mutation is None or isinstance(mutation, GraphQLObjectType)
    return GraphQLSchema(query=query, mutation=mutation, types=list(built.values()))
