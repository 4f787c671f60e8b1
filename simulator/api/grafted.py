"""A schema given fields of another: the Testing API reads accounts, users, consents and
mandates as the partner API resolves them.

The real Testing API's types lead, through a few fields (`AccountHolder.accounts`, a merchant
payment's `paymentMandate`...), to its own copies of the partner API's `Account`, `User`,
`Consent` and `PaymentMandate` and the types those reach. Rather than define them twice, the
Testing API's schema (the *host*) takes those fields from the partner API's (the *donor*),
with their resolvers, and with them every donor type they reach that the host lacks, cut to
the fields the real Testing types have. A type the host has already is the host's own
wherever a donor type refers to it.

`grafted.toml` beside the Testing API's SDL says which fields are taken (`[fields]`), which
donor types join an interface of the host (`[implementations]`), and the donor fields not
kept (`[withheld]`, written by `scripts/testing_grafted.py`).

```python
schema = grafted(testing, partner, Graft({"AccountHolder": ["accounts"]}))
```
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLType,
    GraphQLUnionType,
    get_named_type,
)

from .type_copies import copy_type

__all__ = ["Graft", "donor_field", "grafted", "reached"]


@dataclass(frozen=True)
class Graft:
    """What the host takes of the donor: `fields`, host type -> donor fields added to it;
    `implementations`, donor types that join the host's interfaces they implement;
    `withheld`, donor type -> fields (or enum values) not kept; `left_out`, donor types never
    taken (as an interface's implementation)."""

    fields: Mapping[str, Collection[str]]
    implementations: Collection[str] = ()
    withheld: Mapping[str, Collection[str]] = dataclasses.field(default_factory=dict)
    left_out: Collection[str] = ()


def grafted(host: GraphQLSchema, donor: GraphQLSchema, graft: Graft) -> GraphQLSchema:
    """`host` with the donor's fields `graft` names, and every donor type they reach that the
    host has no type of that name for (see `Graft`)."""
    taken = reached(host, donor, graft)
    built: dict[str, GraphQLNamedType] = {}

    def wrapped(graphql_type: GraphQLType) -> Any:
        if isinstance(graphql_type, GraphQLNonNull):
            return GraphQLNonNull(wrapped(graphql_type.of_type))
        if isinstance(graphql_type, GraphQLList):
            return GraphQLList(wrapped(graphql_type.of_type))
        assert isinstance(graphql_type, GraphQLNamedType)
        return built[graphql_type.name]

    def interfaces(graphql_type: GraphQLObjectType | GraphQLInterfaceType) -> list[Any]:
        return [wrapped(i) for i in graphql_type.interfaces if i.name in built]

    for name, graphql_type in host.type_map.items():
        if name.startswith("__"):
            continue
        added = {field: donor_field(donor, name, field) for field in graft.fields.get(name, ())}
        own = list(getattr(graphql_type, "fields", {}))
        built[name] = copy_type(graphql_type, own, (), wrapped, interfaces, added)
    for name, fields in taken.items():
        hidden = graft.withheld.get(name, ())
        built[name] = copy_type(donor.type_map[name], fields, hidden, wrapped, interfaces)
    query = built[host.query_type.name] if host.query_type else None
    mutation = built[host.mutation_type.name] if host.mutation_type else None
    assert isinstance(query, GraphQLObjectType)
    assert mutation is None or isinstance(mutation, GraphQLObjectType)
    return GraphQLSchema(query=query, mutation=mutation, types=list(built.values()))


def donor_field(donor: GraphQLSchema, type_name: str, field_name: str) -> GraphQLField:
    """The donor's field `type_name.field_name` (`KeyError` naming it if there is none)."""
    graphql_type = donor.type_map.get(type_name)
    fields = getattr(graphql_type, "fields", {})
    if field_name not in fields:
        raise KeyError(f"The donor schema has no field {type_name}.{field_name}.")
    field: GraphQLField = fields[field_name]
    return field


def reached(host: GraphQLSchema, donor: GraphQLSchema, graft: Graft) -> dict[str, list[str]]:
    """The donor types to take, with the fields kept of each: those the taken fields reach,
    and the implementations of a taken interface, but the host's own and those left out."""
    implementations: dict[str, list[GraphQLNamedType]] = {}
    for graphql_type in donor.type_map.values():
        for interface in getattr(graphql_type, "interfaces", ()):
            implementations.setdefault(interface.name, []).append(graphql_type)
    waiting: list[GraphQLNamedType] = [donor.type_map[name] for name in graft.implementations]
    for type_name, field_names in graft.fields.items():
        for field_name in field_names:
            field = donor_field(donor, type_name, field_name)
            waiting.append(get_named_type(field.type))
            waiting += [get_named_type(arg.type) for arg in field.args.values()]
    found: dict[str, list[str]] = {}
    while waiting:
        graphql_type = waiting.pop()
        name = graphql_type.name
        if name in found or name in host.type_map or name in graft.left_out:
            continue
        hidden = graft.withheld.get(name, ())
        own = graphql_type.values if isinstance(graphql_type, GraphQLEnumType) else None
        fields = [f for f in own or getattr(graphql_type, "fields", {}) if f not in hidden]
        found[name] = fields
        waiting += _referenced(graphql_type, fields)
        if isinstance(graphql_type, GraphQLInterfaceType):
            waiting += implementations.get(name, [])
    return found


def _referenced(graphql_type: GraphQLNamedType, fields: list[str]) -> list[GraphQLNamedType]:
    named: list[GraphQLNamedType] = []
    if isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType):
        for name in fields:
            field = graphql_type.fields[name]
            named.append(get_named_type(field.type))
            named += [get_named_type(arg.type) for arg in field.args.values()]
        named += list(graphql_type.interfaces)
    elif isinstance(graphql_type, GraphQLInputObjectType):
        named += [get_named_type(graphql_type.fields[name].type) for name in fields]
    elif isinstance(graphql_type, GraphQLUnionType):
        named += list(graphql_type.types)
    return named
