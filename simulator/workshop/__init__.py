"""Workshop mode: a room of learners on one server, each in a space of their own.

See docs/workshop.md. `Workshop(data_dir).learner("ada")` is ada's `Simulator`.
"""

from __future__ import annotations

from .roster import LearnerRecord, default_names, parse_names, read_names
from .spaces import UnknownLearner, Workshop, is_workshop, parse_slice

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
