"""Resolvers of the partner API (Sandbox and Live).

Each module declares its own bindables (a `QueryType` and a `MutationType` for its root
fields, an `ObjectType` per type whose fields it resolves) and lists them in its
`bindables`; importing one attaches nothing anywhere. The modules are in folders named
after the domain's families (`accounts/`, `cards/`, ...: `domain/<family>/`), beside their
SDL in `api/schema/partner/<family>/`; `webhooks` (a capability) and `_helpers` stay flat.
`RESOLVER_MODULES` is the one list of them: the modules found here, so a new module is a new
file, listed nowhere else. The server builds the partner schema from `bindables`, which it
assembles. No two modules resolve the same field (tests/test_architecture.py checks it), so
their order is no matter.
"""

from ariadne.types import SchemaBindable

from ..executable import resolver_modules

#: The modules whose bindables make up the partner schema: every module of this package and of its
#: family folders (but the private `_*.py`), found on disk, in name order.
RESOLVER_MODULES = resolver_modules(__name__, __path__)

bindables: list[SchemaBindable] = [
    bindable for module in RESOLVER_MODULES for bindable in module.bindables
]

__all__ = ["RESOLVER_MODULES", "bindables"]
