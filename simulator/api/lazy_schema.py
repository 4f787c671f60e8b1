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

import threading
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
    GraphQLUnionType,
    default_field_resolver,
    introspection_types,
    specified_directives,
    specified_scalar_types,
)

from .resolver_index import ROOT_TYPES, ResolverIndex
from .unions import resolve_typename

#: graphql-core 3.3's builder of a schema's arguments from SDL (3.2 has none of this name:
#: the full build serves it).
_EXTEND: Any = getattr(import_module("graphql.utilities.extend_schema"), "ExtendSchemaImpl", None)
#: The half of Ariadne's enum repair that is not a walk of every field.
_PATCH_ENUM_PARSE_VALUE: Any = getattr(enums_default_values, "_patch_enum_parse_value", None)

__all__ = ["force", "make_schema", "supported"]

#: A field's resolvers to set, in order: the resolvers by field name, and whether one
#: replaces a resolver already set (an `ObjectType`'s do; an interface's on its
#: implementations do not).
Binding = tuple[Mapping[str, Callable[..., Any]], bool]

_FieldsType = GraphQLObjectType | GraphQLInterfaceType | GraphQLInputObjectType
_AbstractType = GraphQLInterfaceType | GraphQLUnionType


def supported() -> bool:
    """Whether the installed graphql-core and Ariadne have what a lazy build needs (else
    every schema is built whole, as `make_executable_schema` builds it)."""
    return _EXTEND is not None and _PATCH_ENUM_PARSE_VALUE is not None


def make_schema(
    document: DocumentNode,
    type_names: Sequence[str],
    bindables: Sequence[SchemaBindable],
    deferred: ResolverIndex | None = None,
) -> GraphQLSchema | None:
    """The executable schema of `document` (checked SDL) with `bindables` bound, every
    type's fields built at its first use, and the modules of `deferred` imported and bound
    when it needs what they bind (`resolver_index`); `None` where only the full build can do
    it (an `EnumType` among the bindables, another graphql-core)."""
    if not supported():
        return None
    if any(isinstance(bindable, EnumType) for bindable in bindables):
        return None
    built = _schema_of(document, type_names)
    if built is None:
        return None
    schema, sdl_types = built
    binder = _Binder(schema, deferred)
    for bindable in bindables:
        binder.bind(bindable)
    if deferred is not None:
        for graphql_type in schema.type_map.values():
            if isinstance(graphql_type, _AbstractType) and deferred.modules_of(graphql_type.name):
                graphql_type.resolve_type = _DeferredTypeResolver(binder, graphql_type.name)
    for graphql_type in sdl_types:
        _finish_fields_when_built(graphql_type, binder)
    _PATCH_ENUM_PARSE_VALUE(schema)
    return schema


def force(schema: GraphQLSchema) -> None:
    """Build every type's fields and import every module they were waiting for: the schema
    as a full build leaves it (to compare it, say). A type's fields import, when built, the
    modules binding it or an interface it implements; the root fields and the abstract
    types' type resolvers import theirs here."""
    for graphql_type in schema.type_map.values():
        if isinstance(graphql_type, _AbstractType) and isinstance(
            graphql_type.resolve_type, _DeferredTypeResolver
        ):
            graphql_type.resolve_type.load()
        if isinstance(graphql_type, _FieldsType):
            for field in graphql_type.fields.values():  # built: bound and named
                resolve = getattr(field, "resolve", None)  # an input field has none
                if isinstance(resolve, _DeferredRoot):
                    resolve.load()


class _Binder:
    """The bindings of one schema being built: those of the bindables given, noted by type,
    and those of the deferred modules, imported when a type's fields need them."""

    def __init__(self, schema: GraphQLSchema, deferred: ResolverIndex | None) -> None:
        self.schema = schema
        self.deferred = deferred
        self.bindings: dict[str, list[Binding]] = {}
        #: The root fields' resolvers of the deferred modules imported so far.
        self.roots: dict[tuple[str, str], Callable[..., Any]] = {}
        self._loaded: set[str] = set()
        # A type's fields may be built in two worker threads at once.
        self._lock = threading.RLock()

    def bind(self, bindable: SchemaBindable) -> None:
        if isinstance(bindable, ObjectType):  # InterfaceType is one too
            _note_bindings(self.schema, bindable, self.bindings)
        else:  # scalars and unions: no field of theirs
            bindable.bind_to_schema(self.schema)

    def load_for(self, type_name: str) -> None:
        """Import and bind the deferred modules that bind `type_name`."""
        if self.deferred is not None:
            for name in self.deferred.modules_of(type_name):
                self.load(name)

    def load(self, name: str) -> None:
        with self._lock:
            if name in self._loaded:
                return
            self._loaded.add(name)
            for bindable in import_module(name).bindables:
                if isinstance(bindable, ObjectType) and bindable.name in ROOT_TYPES:
                    for field, resolver in bindable._resolvers.items():
                        self.roots[bindable.name, field] = resolver
                    continue
                self.bind(bindable)
                # Bound after `bind_abstract_types`, which gave it `__typename`'s resolver
                # where the bindable gives none: as the full build leaves it.
                abstract = self.schema.get_type(getattr(bindable, "name", ""))
                if isinstance(abstract, _AbstractType) and abstract.resolve_type is None:
                    abstract.resolve_type = resolve_typename

    def bindings_of(self, graphql_type: _FieldsType) -> list[Binding]:
        """The type's bindings, its deferred modules imported first: its own, and those of
        the interfaces it implements (which give it their resolvers)."""
        if not isinstance(graphql_type, GraphQLInputObjectType):
            for interface in graphql_type.interfaces:
                self.load_for(interface.name)
            self.load_for(graphql_type.name)
        with self._lock:
            return list(self.bindings.get(graphql_type.name, ()))

    def root_field(self, type_name: str, name: str) -> _DeferredRoot | None:
        module = self.deferred.module_of_field(type_name, name) if self.deferred else None
        return None if module is None else _DeferredRoot(self, type_name, name, module)


class _DeferredRoot:
    """A root field's resolver until its first call: then its module is imported, and the
    field gets the module's resolver (and the abstract type it returns its type resolver)."""

    def __init__(self, binder: _Binder, type_name: str, name: str, module: str) -> None:
        self.binder = binder
        self.type_name = type_name
        self.name = name
        self.module = module
        self._resolver: Callable[..., Any] | None = None

    def load(self) -> Callable[..., Any]:
        binder = self.binder
        root = binder.schema.get_type(self.type_name)
        assert isinstance(root, GraphQLObjectType)
        field = root.fields[self.name]
        binder.load(self.module)
        resolver = binder.roots.get((self.type_name, self.name))
        if resolver is None:  # a stale index: the field moved to another module
            assert binder.deferred is not None
            for name in binder.deferred.deferred_names():
                binder.load(name)
            resolver = binder.roots.get((self.type_name, self.name))
        if resolver is None:
            converted = convert_camel_case_to_snake(self.name)
            resolver = resolve_to(converted) if converted != self.name else default_field_resolver
        field.resolve = self._resolver = resolver
        return resolver

    def __call__(self, parent: Any, info: Any, **kwargs: Any) -> Any:
        # A copy of the field (the Testing API's grafted fields) keeps calling this one.
        return (self._resolver or self.load())(parent, info, **kwargs)


class _DeferredTypeResolver:
    """An interface's or a union's type resolver until its first call: then the modules
    binding it are imported, and the type gets theirs (`__typename`'s where they give none)."""

    def __init__(self, binder: _Binder, type_name: str) -> None:
        self.binder = binder
        self.type_name = type_name
        self._resolver: Callable[..., Any] | None = None

    def load(self) -> Callable[..., Any]:
        self.binder.load_for(self.type_name)
        abstract = self.binder.schema.get_type(self.type_name)
        assert isinstance(abstract, _AbstractType)
        resolver = abstract.resolve_type
        if resolver is None or resolver is self:  # bound nowhere after all (a stale index)
            resolver = abstract.resolve_type = resolve_typename
        self._resolver = resolver
        return resolver

    def __call__(self, value: Any, info: Any, abstract: Any) -> Any:
        return (self._resolver or self.load())(value, info, abstract)


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


def _finish_fields_when_built(graphql_type: _FieldsType, binder: _Binder) -> None:
    """Wrap the type's fields thunk: its fields, once built, bound and named as Ariadne's
    `bind_to_schema` and `convert_schema_names` would have left them; a deferred root field
    gets a resolver importing its module at its first call, and the abstract types the
    fields return their type resolvers (their modules imported)."""
    build = graphql_type._fields

    def built_and_finished() -> Any:
        fields: Any = build() if callable(build) else build
        if isinstance(graphql_type, GraphQLInputObjectType):
            _convert_input_names(fields)
            return fields
        for resolvers, replace in binder.bindings_of(graphql_type):
            for name, resolver in resolvers.items():
                if replace or fields[name].resolve is None:
                    fields[name].resolve = resolver
        if graphql_type.name in ROOT_TYPES:
            for name, field in fields.items():
                if field.resolve is None:
                    field.resolve = binder.root_field(graphql_type.name, name)
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
