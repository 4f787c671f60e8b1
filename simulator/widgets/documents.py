"""Minimal GraphQL documents for any root field of a schema, read from the schema itself.

The Console prefills its editor with these, so its list of operations follows the schema
(renamed fields included) without a list kept by hand. A document declares a variable for
each required argument (and `first`), selects a few scalar fields, walks connections down to
their nodes, and spreads every member of a union (a mutation's payload and its rejections).
"""

from __future__ import annotations

from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    get_named_type,
    is_leaf_type,
)
from graphql.pyutils import Undefined

__all__ = ["operations", "skeleton"]

#: Scalar fields selected on an object, at most, besides `id`.
_SCALARS = 3
#: How deep a prefilled selection goes (connections count their `edges { node }` as one).
_DEPTH = 4


def operations(schema: GraphQLSchema) -> list[tuple[str, str]]:
    """Every root field as (`query` or `mutation`, name), queries first, each sorted."""
    found: list[tuple[str, str]] = []
    for kind, root in (("query", schema.query_type), ("mutation", schema.mutation_type)):
        if root is not None:
            found += [(kind, name) for name in sorted(root.fields)]
    return found


def skeleton(schema: GraphQLSchema, kind: str, name: str) -> tuple[str, dict[str, Any]]:
    """The document and its variables for root field `name` of `kind`."""
    root = schema.query_type if kind == "query" else schema.mutation_type
    if root is None or name not in root.fields:
        raise KeyError(f"No {kind} {name!r} in the schema")
    field = root.fields[name]
    declared, passed, variables = _arguments(field)
    head = f"{kind} {name[0].upper()}{name[1:]}"
    if declared:
        head += "(" + ", ".join(declared) + ")"
    call = name + ("(" + ", ".join(passed) + ")" if passed else "")
    body = _selection(field.type, _DEPTH, "    ")
    document = f"{head} {{\n  {call}{body}\n}}"
    return document, variables


def _arguments(field: GraphQLField) -> tuple[list[str], list[str], dict[str, Any]]:
    declared: list[str] = []
    passed: list[str] = []
    variables: dict[str, Any] = {}
    for arg_name, arg in field.args.items():
        required = isinstance(arg.type, GraphQLNonNull) and arg.default_value is Undefined
        if not required and arg_name != "first":
            continue
        declared.append(f"${arg_name}: {arg.type}")
        passed.append(f"{arg_name}: ${arg_name}")
        variables[arg_name] = 10 if arg_name == "first" else _placeholder(arg.type, 0)
    return declared, passed, variables


def _placeholder(type_: Any, depth: int) -> Any:
    """An example value of an input type: required input fields filled, lists of one."""
    if isinstance(type_, GraphQLNonNull):
        return _placeholder(type_.of_type, depth)
    if isinstance(type_, GraphQLList):
        return [_placeholder(type_.of_type, depth)]
    if isinstance(type_, GraphQLEnumType):
        return next(iter(type_.values))
    if isinstance(type_, GraphQLInputObjectType):
        if depth > 4:
            return {}
        return {
            key: _placeholder(value.type, depth + 1)
            for key, value in type_.fields.items()
            if isinstance(value.type, GraphQLNonNull)
        }
    return {"Int": 1, "Float": 1.0, "Boolean": False}.get(type_.name, "")


def _selection(type_: Any, depth: int, indent: str) -> str:
    named = get_named_type(type_)
    if is_leaf_type(named):
        return ""
    inner = _inner(named, depth, indent)
    return " {\n" + "\n".join(indent + line for line in inner) + "\n" + indent[2:] + "}"


def _inner(named: Any, depth: int, indent: str, taken: dict[str, str] | None = None) -> list[str]:
    if isinstance(named, GraphQLUnionType):
        lines = ["__typename"]
        # Members are selected side by side: a name must keep one type across them.
        taken = {}
        for member in named.types:
            members = _inner(member, depth, indent + "  ", taken)
            body = "\n".join(indent + "  " + line for line in members)
            lines.append(f"... on {member.name} {{\n{body}\n{indent}}}")
        return lines
    assert isinstance(named, GraphQLObjectType | GraphQLInterfaceType)
    fields: dict[str, GraphQLField] = {
        name: field
        for name, field in named.fields.items()
        if taken is None or taken.setdefault(name, str(field.type)) == str(field.type)
    }
    if "edges" in fields and depth > 0:
        lines = ["totalCount"] if "totalCount" in fields else []
        edge: Any = get_named_type(fields["edges"].type)
        node = edge.fields["node"].type
        lines.append("pageInfo { hasNextPage endCursor }")
        lines.append("edges { node" + _selection(node, depth - 1, indent + "  ") + " }")
        return lines
    scalars = [name for name, field in fields.items() if is_leaf_type(get_named_type(field.type))]
    chosen = (["id"] if "id" in scalars else []) + [s for s in scalars if s != "id"][:_SCALARS]
    lines = chosen or ["__typename"]
    if depth > 1:
        for name, field in fields.items():
            target = get_named_type(field.type)
            if is_leaf_type(target) or _needs_arguments(field):
                continue
            lines.append(name + _selection(field.type, depth - 1, indent + "  "))
            break  # one object field is enough to show nesting; the learner adds the rest
    return lines


def _needs_arguments(field: GraphQLField) -> bool:
    return any(isinstance(arg.type, GraphQLNonNull) for arg in field.args.values())
