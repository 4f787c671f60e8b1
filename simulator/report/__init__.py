"""Bug reports that replay: a notebook (or a pytest file) built from the request journal and
a snapshot, whose cells replay each step and check the answers (docs/bug-reports.md)."""

from .replay import REPORT_FORMAT, Replay, ReplayError, ReportFormatError, render_step
from .writing import build_steps, write_report

__all__ = [
    "REPORT_FORMAT",
    "Replay",
    "ReplayError",
    "ReportFormatError",
    "build_steps",
    "render_step",
    "write_report",
]
