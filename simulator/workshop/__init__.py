"""Workshop mode: a room of learners on one server, each in a space of their own.

See docs/workshop.md. `Workshop(data_dir).learner("ada")` is ada's `Simulator`.

The names below are imported from their modules at their first use (PEP 562): `serve`
asks `is_workshop` of every data dir, and a plain one never needs the rest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .layout import is_workshop
    from .roster import LearnerRecord, default_names, parse_names, read_names
    from .spaces import UnknownLearner, Workshop, parse_slice

__all__ = [
    "LearnerRecord",
    "UnknownLearner",
    "Workshop",
    "default_names",
    "is_workshop",
    "parse_names",
    "parse_slice",
    "read_names",
]

#: Each public name's module.
_HOMES = {
    "LearnerRecord": "roster",
    "default_names": "roster",
    "parse_names": "roster",
    "read_names": "roster",
    "UnknownLearner": "spaces",
    "Workshop": "spaces",
    "parse_slice": "spaces",
    "is_workshop": "layout",
}


def __getattr__(name: str) -> Any:
    """PEP 562: a public name, from its module imported at its first use (start-up)."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
