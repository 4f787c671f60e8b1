"""Bug reports that replay: a notebook (or a pytest file) built from the request journal and
a snapshot, whose cells replay each step and check the answers (docs/bug-reports.md).

The package spans two layers (docs/architecture.md, "Layers"): the writer (`writing.py`,
with `format.py` and `state.py`) stands below the `Simulator`, which writes reports with
it; the replayer (`replay.py`) stands above it, since a `Replay` builds a simulator and
runs the command line.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .format import REPORT_FORMAT, render_step
from .writing import build_steps, write_report

if TYPE_CHECKING:  # the replayer lazily (see `__getattr__`)
    from .replay import Replay, ReplayError, ReportFormatError

__all__ = [
    "REPORT_FORMAT",
    "Replay",
    "ReplayError",
    "ReportFormatError",
    "build_steps",
    "render_step",
    "write_report",
]

#: The replayer's names, imported when first asked for (PEP 562): the `Simulator` imports
#: this package for its writer, and importing the replayer would import the `Simulator`.
_REPLAYER = {"Replay", "ReplayError", "ReportFormatError"}


def __getattr__(name: str) -> Any:
    """PEP 562: `simulator.report.Replay` (and `from simulator.report import Replay`)."""
    if name not in _REPLAYER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(".replay", __name__), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
