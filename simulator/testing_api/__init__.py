"""The Sandbox Testing API (`/sandbox-testing/graphql`): simulate the outside world.

As in the partner API (`api/partner/__init__.py`), each module declares its own bindables
and lists them in its `bindables`; `RESOLVER_MODULES` is the one list of them: the modules
found in this folder and its family folders (`accounts/`, `cards/`, ... named after the
domain's families, `domain/<family>/`), so a new module is a new file, listed nowhere else.
The flat modules are the Testing API's own roots (`resolvers`: the clock, sandbox holders
and consents) and the capabilities named after their package (`journal`, `limits`,
`webhooks`).
"""

import tomllib
from pathlib import Path

from ariadne.types import SchemaBindable

from ..api.executable import resolver_modules
from ..api.grafted import Graft

#: The modules whose bindables make up the Testing API schema: every module of this package
#: and of its family folders (but the private `_*.py`), found on disk, in name order.
RESOLVER_MODULES = resolver_modules(__name__, __path__)

bindables: list[SchemaBindable] = [
    bindable for module in RESOLVER_MODULES for bindable in module.bindables
]

__all__ = ["GRAFTED_FILE", "RESOLVER_MODULES", "SCHEMA_DIR", "bindables", "graft"]

SCHEMA_DIR = Path(__file__).parent / "schema"
#: The partner API's fields this API serves as its own (`api/grafted.py`).
GRAFTED_FILE = SCHEMA_DIR / "grafted.toml"


def graft() -> Graft:
    """What the Testing API takes of the partner API's schema (`grafted.toml`)."""
    table = tomllib.loads(GRAFTED_FILE.read_text(encoding="utf-8"))
    return Graft(
        fields=table["fields"],
        implementations=table["implementations"]["types"],
        withheld=table["withheld"],
        left_out=table["left_out"]["types"],
    )
