"""Compare the simulator's executable schemas with the real service's published ones.

The real service publishes its Partner API schema and its Testing API's counterpart; their
shapes (no descriptions) are kept as JSON outside this repository (`../shared/reference/`).
`compare()` lists every difference between one of our schemas and one of theirs that is not
in the simulator-only list (`simulator_only.toml` beside this module); `coverage()` counts
how many of their root fields we implement; `lacking()` lists, per type we expose, what the
real type has and ours lacks (fields, input fields, enum values, union members, interfaces),
and `field_coverage()` counts the object types' fields present of the real ones.

What "the same" means, name by name:

- a root field or object field exists there with the same argument names and type strings
  (`ID!`, `[Card!]!`) and the same return type;
- a type exists there with the same kind; an enum's values are a subset of theirs; a union's
  members are a subset of theirs; an object's interfaces are a subset of theirs;
- an input type's fields exist there with the same type, and every field theirs requires
  (non-null) exists here too, so an input a partner writes for the real service is accepted;
- a rejection (an object implementing `Rejection`) has exactly their fields.

Example:

>>> from simulator.fidelity import difference_lines
>>> difference_lines({"A": {"kind": "object", "fields": {"x": {"args": {}, "type": "Int"}}}},
...                  {"A": {"kind": "object", "fields": {"x": {"args": {}, "type": "Int!"}}}})
['A.x: type Int, real Int!']
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
)

__all__ = [
    "SIMULATOR_ONLY_FILE",
    "Coverage",
    "FieldCoverage",
    "SimulatorOnly",
    "compare",
    "coverage",
    "difference_lines",
    "field_coverage",
    "known_names",
    "lacking",
    "load_reference",
    "schema_shapes",
]

SIMULATOR_ONLY_FILE = Path(__file__).with_name("simulator_only.toml")
#: What the real types have and ours still lack, by API: a list that may only shrink.

Shapes = Mapping[str, Mapping[str, Any]]

_BUILT_IN_SCALARS = frozenset({"String", "Int", "Float", "Boolean", "ID"})


def load_reference(path: Path) -> dict[str, dict[str, Any]]:
    """The `types` of one reference file (`partner-api.json` or `partner-admin-api.json`)."""
    types: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["types"]
    return types


def schema_shapes(schema: GraphQLSchema) -> dict[str, dict[str, Any]]:
    """Our schema in the reference files' format: kind, fields as type strings, members."""
    shapes: dict[str, dict[str, Any]] = {}
    for name, graphql_type in schema.type_map.items():
        if name.startswith("__") or name in _BUILT_IN_SCALARS:
            continue
        shapes[name] = _shape(graphql_type)
    return shapes


def _shape(graphql_type: Any) -> dict[str, Any]:
    if isinstance(graphql_type, GraphQLObjectType | GraphQLInterfaceType):
        kind = "object" if isinstance(graphql_type, GraphQLObjectType) else "interface"
        return {
            "kind": kind,
            "fields": {
                name: {
                    "args": {arg: str(a.type) for arg, a in field.args.items()},
                    "type": str(field.type),
                    # The reference marks deprecated fields so (and only those).
                    **({"deprecated": True} if field.deprecation_reason is not None else {}),
                }
                for name, field in graphql_type.fields.items()
            },
            "interfaces": [i.name for i in graphql_type.interfaces],
        }
    if isinstance(graphql_type, GraphQLInputObjectType):
        fields = {name: str(f.type) for name, f in graphql_type.fields.items()}
        return {"kind": "input", "fields": fields}
    if isinstance(graphql_type, GraphQLEnumType):
        return {"kind": "enum", "values": list(graphql_type.values)}
    if isinstance(graphql_type, GraphQLUnionType):
        return {"kind": "union", "members": [t.name for t in graphql_type.types]}
    assert isinstance(graphql_type, GraphQLScalarType)
    return {"kind": "scalar"}


@dataclass(frozen=True)
class SimulatorOnly:
    """The names that exist only here, each with its reason (`simulator_only.toml`).

    A key is a type (`Clock`), a field or enum value (`Mutation.advanceClock`,
    `WebhookEventType.Simulator`), or an argument (`Query.accounts(first)`).
    """

    reasons: Mapping[str, str]

    @classmethod
    def load(cls, api: str, path: Path = SIMULATOR_ONLY_FILE) -> SimulatorOnly:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get(api, {})
        return cls({name: str(reason) for name, reason in table.items()})

    def __contains__(self, name: object) -> bool:
        return name in self.reasons


def known_names(shapes: Shapes) -> set[str]:
    """Every key the simulator-only list could name in `shapes`."""
    names: set[str] = set()
    for name, shape in shapes.items():
        names.add(name)
        names.update(f"{name}.{member}" for member in shape.get("values", ()))
        names.update(f"{name}.{member}" for member in shape.get("members", ()))
        for field, spec in shape.get("fields", {}).items():
            names.add(f"{name}.{field}")
            if isinstance(spec, Mapping):
                names.update(f"{name}.{field}({arg})" for arg in spec["args"])
    return names


def compare(ours: Shapes, theirs: Shapes, only: SimulatorOnly | None = None) -> list[str]:
    """Every difference not excused by the simulator-only list, one readable line each."""
    excused = only or SimulatorOnly({})
    return [line for key, line in _differences(ours, theirs) if key not in excused]


def difference_lines(ours: Shapes, theirs: Shapes) -> list[str]:
    """Every difference, excused or not (see `compare`)."""
    return [line for _, line in _differences(ours, theirs)]


def _differences(ours: Shapes, theirs: Shapes) -> Iterator[tuple[str, str]]:
    for name, shape in sorted(ours.items()):
        real = theirs.get(name)
        if real is None:
            yield name, f"{name}: no such type in the real schema"
        elif real["kind"] != shape["kind"]:
            yield name, f"{name}: a {shape['kind']} here, a {real['kind']} there"
        else:
            yield from ((key, line) for key, line in _type_differences(name, shape, real))


def _type_differences(
    name: str, shape: Mapping[str, Any], real: Mapping[str, Any]
) -> Iterator[tuple[str, str]]:
    kind = shape["kind"]
    if kind in ("object", "interface"):
        yield from _field_differences(name, shape["fields"], real["fields"])
        for interface in shape["interfaces"]:
            if interface not in real.get("interfaces", []):
                yield name, f"{name}: implements {interface}, the real type does not"
        if "Rejection" in shape["interfaces"]:
            for field in sorted(set(real["fields"]) - set(shape["fields"])):
                yield (
                    f"{name}.{field}",
                    f"{name}.{field}: missing here (a rejection has all its fields)",
                )
    elif kind == "input":
        for field, type_string in shape["fields"].items():
            real_type = real["fields"].get(field)
            if real_type != type_string:
                yield f"{name}.{field}", _mismatch(f"{name}.{field}", type_string, real_type)
        for field, real_type in real["fields"].items():
            if real_type.endswith("!") and field not in shape["fields"]:
                yield (
                    f"{name}.{field}",
                    f"{name}.{field}: required there ({real_type}), missing here",
                )
    elif kind == "enum":
        for value in shape["values"]:
            if value not in real["values"]:
                yield f"{name}.{value}", f"{name}.{value}: no such enum value in the real schema"
    elif kind == "union":
        for member in shape["members"]:
            if member not in real["members"]:
                yield f"{name}.{member}", f"{name}: member {member} is not a member there"


def _field_differences(
    owner: str, fields: Mapping[str, Any], real_fields: Mapping[str, Any]
) -> Iterator[tuple[str, str]]:
    for field, spec in fields.items():
        key = f"{owner}.{field}"
        real = real_fields.get(field)
        if real is None:
            yield key, f"{key}: no such field in the real schema"
            continue
        if spec["type"] != real["type"]:
            yield key, _mismatch(key, spec["type"], real["type"])
        for arg, arg_type in spec["args"].items():
            if real["args"].get(arg) != arg_type:
                yield f"{key}({arg})", _mismatch(f"{key}({arg})", arg_type, real["args"].get(arg))
        for arg, real_type in real["args"].items():
            if real_type.endswith("!") and arg not in spec["args"]:
                yield f"{key}({arg})", f"{key}({arg}): required there ({real_type}), missing here"


def _mismatch(key: str, ours: str, theirs: str | None) -> str:
    if theirs is None:
        return f"{key}: no such field or argument in the real schema"
    return f"{key}: type {ours}, real {theirs}"


@dataclass(frozen=True)
class Coverage:
    """How many of the real schema's root fields exist here with the same signature."""

    implemented: tuple[str, ...]
    total: int

    def __str__(self) -> str:
        return f"{len(self.implemented)} of {self.total} root fields"


def coverage(ours: Shapes, theirs: Shapes) -> Coverage:
    implemented: list[str] = []
    total = 0
    for root in ("Query", "Mutation"):
        real_fields = theirs.get(root, {}).get("fields", {})
        our_fields = ours.get(root, {}).get("fields", {})
        total += len(real_fields)
        for name, real in real_fields.items():
            if our_fields.get(name) == real:
                implemented.append(f"{root}.{name}")
    return Coverage(tuple(sorted(implemented)), total)


#: The root types: their fields are counted by `coverage`, not by `lacking`.
_ROOTS = frozenset({"Query", "Mutation", "Subscription"})
#: Interfaces every family implements: their implementations come with the root fields that
#: return them (`coverage`), not with the interface.
_GENERIC_INTERFACES = frozenset({"Connection", "Edge", "Rejection"})


def lacking(ours: Shapes, theirs: Shapes) -> dict[str, list[str]]:
    """Per type of ours that the real schema has too: what the real type has and ours lacks.

    A client written for the real service may select any field of a type it gets, pass any
    input field, expect any enum value or union member: each one missing here is a validation
    error (or an unknown value) for that client. Root types are left to `coverage`.

    >>> lacking({"E": {"kind": "enum", "values": ["A"]}},
    ...         {"E": {"kind": "enum", "values": ["A", "B"]}})
    {'E': ['B']}
    """
    found: dict[str, list[str]] = {}
    for name, shape in sorted(ours.items()):
        real = theirs.get(name)
        if name in _ROOTS or real is None or real["kind"] != shape["kind"]:
            continue
        missing = _lacking_members(name, shape, real, ours, theirs)
        if missing:
            found[name] = missing
    return found


def _lacking_members(
    name: str, shape: Mapping[str, Any], real: Mapping[str, Any], ours: Shapes, theirs: Shapes
) -> list[str]:
    kind = shape["kind"]
    if kind == "enum":
        return sorted(v for v in real["values"] if v not in shape["values"])
    if kind == "union":
        return sorted(m for m in real["members"] if m not in shape["members"])
    if kind == "scalar":
        return []
    missing = [f for f in real["fields"] if f not in shape["fields"]]
    if kind == "input":
        return sorted(missing)
    # An optional argument of a field both have (a required one is a difference).
    missing += [
        f"{field}({arg})"
        for field, spec in real["fields"].items()
        if field in shape["fields"]
        for arg in spec["args"]
        if arg not in shape["fields"][field]["args"]
    ]
    # An interface the real type implements is lacking only once ours exposes it.
    missing += [
        f"implements {i}"
        for i in real.get("interfaces", [])
        if i not in shape["interfaces"] and i in ours
    ]
    if kind == "interface" and name not in _GENERIC_INTERFACES:
        # The real interface's implementations: a client's fragment on one needs the type.
        missing += [
            f"implemented by {other}"
            for other, spec in theirs.items()
            if name in spec.get("interfaces", []) and other not in ours
        ]
    return sorted(missing)


@dataclass(frozen=True)
class FieldCoverage:
    """Of the real object and interface types we expose (roots aside): their fields, and how
    many of those exist here."""

    present: int
    total: int

    def __str__(self) -> str:
        percent = 100 * self.present / self.total if self.total else 100.0
        return f"{self.present} of {self.total} object-type fields ({percent:.1f} %)"


def field_coverage(ours: Shapes, theirs: Shapes) -> FieldCoverage:
    present = total = 0
    for name, shape in ours.items():
        real = theirs.get(name)
        if name in _ROOTS or real is None or shape["kind"] not in ("object", "interface"):
            continue
        if real["kind"] != shape["kind"]:
            continue
        total += len(real["fields"])
        present += sum(1 for f in real["fields"] if f in shape["fields"])
    return FieldCoverage(present, total)
