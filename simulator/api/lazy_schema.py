"""A schema whose types get their fields when a request first needs them.

The partner schema has 1,600 types and 3,260 fields; a request reads a handful. graphql-core
builds a type's fields from its SDL on the first read of `GraphQLObjectType.fields` (a
thunk), but `GraphQLSchema` reads every type's fields to collect the types they name, and
Ariadne's binding, name conversion and enum repair walk every field again: 50 ms of the
README example's first answer for fields it never reads (docs/performance.md, "First
answer").

Built here from SDL already checked (`sdl_cache`), with the order of the type map that the
full build gave when the tree was stored: every type is made, none of its fields. The
schema's constructor is given every type in that order, each with no fields for the time
being (so that it collects nothing more and keeps the order), then each object and input
type's fields thunk is wrapped to finish its fields as Ariadne would have, when they are
built: the bound resolvers, in the bindables' order (an `InterfaceType`'s on its
implementations too, where they have none), the snake_case names (`convert_schema_names`),
and nothing of the enum defaults (Ariadne's repair maps an enum's name to its value: the same
string unless an `EnumType` binds values, and then the full build is used).

Only for graphql-core's `ExtendSchemaImpl` (3.3); otherwise `make_schema` returns `None` and
the caller builds every field at once. tests/test_first_answer.py compares the two schemas,
every field forced, for each SDL the simulator serves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any

from ariadne import EnumType, InterfaceType, ObjectType, enums_default_values
from ariadne.resolvers import resolve_to
from ariadne.types import SchemaBindable
from ariadne.utils import convert_camel_case_to_snake, type_implements_interface
from graphql import (
    DocumentNode,
    GraphQLField,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    introspection_types,
    specified_directives,
    specified_scalar_types,
)

#: graphql-core 3.3's builder of a schema's arguments from SDL (3.2 has none of this name:
#: the full build serves it).
_EXTEND: Any = getattr(import_module("graphql.utilities.extend_schema"), "ExtendSchemaImpl", None)
#: The half of Ariadne's enum repair that is not a walk of every field.
_PATCH_ENUM_PARSE_VALUE: Any = getattr(enums_default_values, "_patch_enum_parse_value", None)

__all__ = ["make_schema", "supported"]

#: A field's resolvers to set, in order: the resolvers by field name, and whether one
#: replaces a resolver already set (an `ObjectType`'s do; an interface's on its
#: implementations do not).
Binding = tuple[Mapping[str, Callable[..., Any]], bool]

_FieldsType = GraphQLObjectType | GraphQLInterfaceType | GraphQLInputObjectType


def supported() -> bool:
    """Whether the installed graphql-core and Ariadne have what a lazy build needs (else
    every schema is built whole, as `make_executable_schema` builds it)."""
    return _EXTEND is not None and _PATCH_ENUM_PARSE_VALUE is not None


def make_schema(
    document: DocumentNode, type_names: Sequence[str], bindables: Sequence[SchemaBindable]
) -> GraphQLSchema | None:
    """The executable schema of `document` (checked SDL) with `bindables` bound, every
    type's fields built at its first use; `None` where only the full build can do it (an
    `EnumType` among the bindables, another graphql-core)."""
    if not supported():
        return None
    if any(isinstance(bindable, EnumType) for bindable in bindables):
        return None
    built = _schema_of(document, type_names)
    if built is None:
        return None
    schema, sdl_types = built
    bindings: dict[str, list[Binding]] = {}
    for bindable in bindables:
        if isinstance(bindable, ObjectType):  # InterfaceType is one too
            _note_bindings(schema, bindable, bindings)
        else:  # scalars and unions: no field of theirs
            bindable.bind_to_schema(schema)
    for graphql_type in sdl_types:
        _finish_fields_when_built(graphql_type, bindings.get(graphql_type.name, []))
    _PATCH_ENUM_PARSE_VALUE(schema)
    return schema


def _schema_of(
    document: DocumentNode, type_names: Sequence[str]
) -> tuple[GraphQLSchema, list[_FieldsType]] | None:
    """`build_ast_schema(document, assume_valid=True, assume_valid_sdl=True)`, but that
    no field is built, and the SDL's types that have fields; `None` if the type map would
    not be `type_names` (an order stored for other SDL)."""
    kwargs: dict[str, Any] = _EXTEND.extend_schema_args(
        {
            "query": None,
            "mutation": None,
            "subscription": None,
            "description": None,
            "types": (),
            "directives": (),
            "extensions": {},
            "ast_node": None,
            "extension_ast_nodes": (),
            "assume_valid": False,
        },
        document,
        True,
    )
    types = {graphql_type.name: graphql_type for graphql_type in kwargs["types"]}
    if not kwargs["ast_node"]:
        for root in ("query", "mutation", "subscription"):
            kwargs[root] = types.get(root.capitalize())
    declared = {directive.name for directive in kwargs["directives"]}
    kwargs["directives"] = tuple(kwargs["directives"]) + tuple(
        directive for directive in specified_directives if directive.name not in declared
    )
    known: dict[str, GraphQLNamedType] = {
        **specified_scalar_types,
        **introspection_types,
        **types,
    }
    if any(name not in known for name in type_names) or not set(types) <= set(type_names):
        return None
    fielded = [t for t in types.values() if isinstance(t, _FieldsType)]
    for graphql_type in fielded:  # none read while the constructor collects the types
        vars(graphql_type)["fields"] = {}
    try:
        kwargs["types"] = tuple(known[name] for name in type_names)
        kwargs["assume_valid"] = True
        schema = GraphQLSchema(**kwargs)
    finally:
        for graphql_type in fielded:
            del vars(graphql_type)["fields"]
    return (schema, fielded) if list(schema.type_map) == list(type_names) else None


def _note_bindings(
    schema: GraphQLSchema, bindable: ObjectType, bindings: dict[str, list[Binding]]
) -> None:
    """What `bindable.bind_to_schema(schema)` would set, noted by type, to be set when the
    type's fields are built; its type checked now, and the fields it names (from the SDL),
    as Ariadne does."""
    graphql_type = schema.type_map.get(bindable.name)
    bindable.validate_graphql_type(graphql_type)
    assert graphql_type is not None
    resolvers: Mapping[str, Callable[..., Any]] = bindable._resolvers
    declared = _declared_fields(graphql_type)
    for field in resolvers:
        if field not in declared:
            raise ValueError(f"Field {field} is not defined on type {bindable.name}")
    bindings.setdefault(bindable.name, []).append((resolvers, True))
    if isinstance(bindable, InterfaceType):
        assert isinstance(graphql_type, GraphQLInterfaceType)
        graphql_type.resolve_type = bindable._resolve_type
        if resolvers:
            for other in schema.type_map.values():
                if type_implements_interface(bindable.name, other):
                    bindings.setdefault(other.name, []).append((resolvers, False))


def _declared_fields(graphql_type: GraphQLNamedType) -> set[str]:
    nodes = [graphql_type.ast_node, *graphql_type.extension_ast_nodes]
    return {field.name.value for node in nodes if node for field in getattr(node, "fields", ())}


def _finish_fields_when_built(graphql_type: _FieldsType, bindings: list[Binding]) -> None:
    """Wrap the type's fields thunk: its fields, once built, bound and named as Ariadne's
    `bind_to_schema` and `convert_schema_names` would have left them."""
    build = graphql_type._fields

    def built_and_finished() -> Any:
        fields: Any = build() if callable(build) else build
        if isinstance(graphql_type, GraphQLInputObjectType):
            _convert_input_names(fields)
            return fields
        for resolvers, replace in bindings:
            for name, resolver in resolvers.items():
                if replace or fields[name].resolve is None:
                    fields[name].resolve = resolver
        if isinstance(graphql_type, GraphQLObjectType):
            _convert_names(fields)
        return fields

    graphql_type._fields = built_and_finished


def _convert_names(fields: Mapping[str, GraphQLField]) -> None:
    """Ariadne's `convert_names_in_schema_object`, on fields being built."""
    for name, field in fields.items():
        for arg_name, arg in field.args.items():
            if not arg.out_name:
                converted = convert_camel_case_to_snake(arg_name)
                if converted != arg_name:
                    arg.out_name = converted
        if field.resolve:
            continue
        converted = convert_camel_case_to_snake(name)
        if converted != name:
            field.resolve = resolve_to(converted)


def _convert_input_names(fields: Mapping[str, GraphQLInputField]) -> None:
    """Ariadne's `convert_names_in_schema_input`, on fields being built."""
    for name, field in fields.items():
        if not field.out_name:
            converted = convert_camel_case_to_snake(name)
            if converted != name:
                field.out_name = converted
