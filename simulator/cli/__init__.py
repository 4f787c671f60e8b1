"""The command line: `python -m simulator COMMAND` (also installed as `banking-sandbox`).

Every command takes `--data-dir` (default `./sandbox-data`, or `$SIMULATOR_DATA_DIR`) and
prints JSON where a program may read the output.

| Command | What it does |
|---|---|
| `serve` | run the HTTP server (uvicorn) |
| `clock now/advance/set/freeze/resume` | read or move the virtual clock |
| `project create` | create a project, print its credentials once |
| `reset --env sandbox` | empty an environment |
| `webhooks list/add/update/remove/log/deliveries/replay/probe/policy/run-due` | webhooks |
| `sms`, `user create`, `project pkce` | the OAuth user flows (docs/oauth.md) |
| `seed --dataset workshop` | load a dataset into a project |
| `docs mutations` | print the mutations page (Markdown) |
| `limits show/set/rate-limit/project/reset/clear-counters` | the limits as data (docs/limits.md) |
| `cost QUERY_FILE [--env sandbox]` | measure a document against the limits, without running it |
| `dashboard link [--env sandbox]` | print a one-time sign-in link to the partner dashboard |
| `journal`, `snapshot save/restore/list/diff`, `report` | bug reports (docs/bug-reports.md) |
| `workshop create/progress/reset/clock/codes` | learner spaces for a workshop (docs/workshop.md) |
| `notebooks DIR [--force]` | copy the tutorial notebooks out of the installed package |

Exit status: 0 done; 2 an error the simulator explains on stderr (`error: ...`); 141 the
output's reader left early (`... | head`), the command's work done and journaled as usual,
with no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from ..exceptions import SimulatorError
from . import journal

#: Each module adds its subcommands with `register(subparsers)`, in this order (`oauth` adds
#: `project pkce` to `core`'s `project`).
COMMAND_MODULES = [
    "core",
    "oauth",
    "webhooks",
    "seed",
    "limits",
    "docs",
    "dashboard",
    "journal",
    "workshop",
    "notebooks",
]

#: The modules registering each command, for a parser of that command alone (what `main`
#: parses with: a run imports and builds its own command's parser, not every one;
#: tests/test_cli_parser.py checks each against the whole parser).
REGISTERED_BY: dict[str, tuple[str, ...]] = {
    "serve": ("core",),
    "clock": ("core",),
    "project": ("core", "oauth"),
    "reset": ("core",),
    "sms": ("core", "oauth"),
    "user": ("core", "oauth"),
    "webhooks": ("webhooks",),
    "seed": ("seed",),
    "limits": ("limits",),
    "cost": ("limits",),
    "docs": ("docs",),
    "dashboard": ("dashboard",),
    "journal": ("journal",),
    "snapshot": ("journal",),
    "report": ("journal",),
    "workshop": ("workshop",),
    "notebooks": ("notebooks",),
}

__all__ = ["build_parser", "main"]


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `command` (a key of `REGISTERED_BY`), one that knows
    that command and the others its modules register, each parsed exactly as by the whole
    one (`--help` at the top lists them only)."""
    parser = argparse.ArgumentParser(
        prog="python -m simulator",
        description="A local simulator of a partner banking GraphQL API and its OAuth 2.0 server.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    names = COMMAND_MODULES if command is None else REGISTERED_BY[command]
    for name in names:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    # A known command: its own parser (start-up); anything else (`--help`, a typo) the
    # whole one, which lists every command.
    command = given[0] if given and given[0] in REGISTERED_BY else None
    args = build_parser(command).parse_args(given)
    args.argv = given
    args.journal = lambda done: journal.record_command(done, done.argv)
    try:
        status = _run(args)
        # A state change is journaled once it succeeded (docs/bug-reports.md), unless the
        # command journaled itself (a clock move: before the work it makes due fires).
        if status in (0, _CLOSED_PIPE) and not getattr(args, "journaled", False):
            journal.record_command(args, args.argv)
        return status
    except SimulatorError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    """The command's handler; its exit status."""
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:
        # The reader left (`... | head`): the command's work is done, only its output was cut
        # short. No traceback; the shell's convention for a closed pipe (128 + SIGPIPE).
        _silence_stdout()
        return _CLOSED_PIPE


#: The exit status of a command whose reader closed the pipe: 128 + SIGPIPE, as a shell's.
_CLOSED_PIPE = 141


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's flush at exit does not fail
    on the closed pipe again (and print its own message)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
