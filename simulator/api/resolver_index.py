"""Resolver modules imported when a schema first needs what they bind.

The partner API has 70 resolver modules; the README example's first answer reads one root
field (`accounts`) and a type or two. Importing them all, and the domain modules they
import, was 30 ms of its 0.4 s (docs/performance.md, "First answer"). An index, generated from
the modules themselves (`scripts/generate_resolver_index.py`, checked by
tests/test_resolver_index.py), says what each binds: root fields (`Query.accounts`), object
types (`Account`), interfaces and unions. `lazy_schema` reads it: a root field gets a
resolver that imports its module at the field's first call, and a type's fields, when
built, import the modules that bind the type, the interfaces it implements and the abstract
types its fields return.

A module the index does not know (a new file not yet indexed) or that binds something else
(a scalar, an enum) is imported with the schema, as every module was: a stale index costs
time, never a binding (tests/test_resolver_index.py compares both builds, every field
forced).

```python
resolvers = ResolverIndex("simulator.api.partner", partner.__path__, BINDS)
resolvers.eager_modules()           # the modules imported with the schema
resolvers.modules_of("Account")     # the modules binding the type, imported when it is built
```
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import import_module
from pkgutil import walk_packages
from types import ModuleType

from ariadne import InterfaceType, ObjectType, UnionType
from ariadne.types import SchemaBindable

__all__ = ["ROOT_TYPES", "ResolverIndex", "binds_of", "resolver_module_names"]

#: The root types, whose fields are bound one by one (every other type's all at once).
ROOT_TYPES = ("Query", "Mutation", "Subscription")

#: How an index names a module binding something but fields and abstract types.
_EAGER = "*"


def resolver_module_names(package: str, path: Iterable[str]) -> list[str]:
    """The resolver modules of a package (`__name__`, `__path__`), found on disk: its own
    modules and those of its family folders, in name order, but the private ones."""
    return sorted(
        info.name
        for info in walk_packages(path, package + ".", onerror=_unwalkable)
        if not info.ispkg and not info.name.rpartition(".")[2].startswith("_")
    )


def _unwalkable(name: str) -> None:
    # walk_packages would skip a family folder that fails to import, and its resolvers with it.
    raise ImportError(f"The resolver package {name} does not import.")


def binds_of(module: ModuleType) -> tuple[str, ...]:
    """What a module's bindables bind, as the index says it: `Query.accounts` for a root
    field, a type's name for an object, interface or union type, `*` for anything else."""
    binds: list[str] = []
    for bindable in module.bindables:
        if isinstance(bindable, ObjectType) and bindable.name in ROOT_TYPES:
            if isinstance(bindable, InterfaceType):
                binds.append(_EAGER)
            else:
                binds.extend(f"{bindable.name}.{field}" for field in bindable._resolvers)
        elif isinstance(bindable, ObjectType | UnionType):  # InterfaceType is an ObjectType
            binds.append(bindable.name)
        else:
            binds.append(_EAGER)
    return tuple(dict.fromkeys(binds))


class ResolverIndex:
    """A package's resolver modules and what each binds (see the module docstring)."""

    def __init__(self, package: str, path: Iterable[str], binds: Mapping[str, Sequence[str]]):
        self.package = package
        #: Every resolver module on disk, in name order.
        self.names = resolver_module_names(package, path)
        self._eager: list[str] = []
        self._by_type: dict[str, list[str]] = {}
        self._by_root_field: dict[tuple[str, str], str] = {}
        for name in self.names:
            known = binds.get(name.removeprefix(package + "."))
            if known is None or _EAGER in known:
                self._eager.append(name)
                continue
            for bound in known:
                root, dot, field = bound.partition(".")
                if dot:
                    self._by_root_field[root, field] = name
                else:
                    self._by_type.setdefault(bound, []).append(name)

    def eager_modules(self) -> list[ModuleType]:
        """The modules imported with the schema: unknown to the index, or binding scalars."""
        return [import_module(name) for name in self._eager]

    def all_modules(self) -> tuple[ModuleType, ...]:
        """Every resolver module, imported, in name order."""
        return tuple(import_module(name) for name in self.names)

    def all_bindables(self) -> list[SchemaBindable]:
        """Every module's bindables, in the modules' order (what an eager build binds)."""
        return [bindable for module in self.all_modules() for bindable in module.bindables]

    def modules_of(self, type_name: str) -> Sequence[str]:
        """The deferred modules binding the object or abstract type `type_name`."""
        return self._by_type.get(type_name, ())

    def module_of_field(self, type_name: str, field_name: str) -> str | None:
        """The deferred module binding the root field `type_name.field_name`, if any."""
        return self._by_root_field.get((type_name, field_name))

    def deferred_names(self) -> list[str]:
        """The modules not imported with the schema."""
        eager = set(self._eager)
        return [name for name in self.names if name not in eager]
