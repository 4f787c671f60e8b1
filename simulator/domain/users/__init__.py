"""Users: the bank's users (the people who log in) and their settings.

Above the kernel only.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import user_settings, users

__all__ = [
    "user_settings",
    "users",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
