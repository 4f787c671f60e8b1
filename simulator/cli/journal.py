"""Bug-report commands: `journal`, `snapshot save|restore|list|diff`, `report`
(docs/bug-reports.md); and the journaling of every state-changing command.

A command journaled on a file that is already current (`storage.current`) writes its entry
with `sqlite3` alone: `clock advance` in a shell loop then starts without the store, the
domain or the simulator (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..clock import Clock
from ..environments import EnvironmentName
from ..journal import JournalSettings, read_entries
from ..journal.record import call_entry, insert_entry, record, redact_call
from ..storage.current import open_current
from .common import add_data_dir, add_environment, open_simulator, print_json

__all__ = ["record_command", "register"]

#: Commands (and actions) that change state: each is journaled once it succeeds.
STATE_CHANGING = {
    "clock": {"advance", "set", "freeze", "resume"},
    "project": {"create", "pkce"},
    "reset": None,
    "webhooks": {"add", "update", "remove", "replay", "probe", "policy", "run-due"},
    "user": {"create"},
    "seed": None,
    "limits": {"set", "rate-limit", "work", "project", "reset", "clear-counters"},
    "snapshot": {"restore"},
}
#: Options whose value is a secret: journaled as a reference-like placeholder.
_SECRET_OPTIONS = {"--secret", "--client-secret", "--password"}


def register(subparsers: Any) -> None:
    journal = subparsers.add_parser("journal", help="print the request journal")
    add_environment(journal)
    journal.add_argument("--last", type=int, metavar="N", help="only the last N entries")
    journal.add_argument("--project", metavar="ID", help="only this project's entries")
    journal.add_argument("--json", action="store_true", help="every field, as JSON")
    add_data_dir(journal)
    journal.set_defaults(handler=run_journal)

    snapshot = subparsers.add_parser("snapshot", help="save, restore, list or compare snapshots")
    actions = snapshot.add_subparsers(dest="action", required=True, metavar="ACTION")
    for name, help_text in [
        ("save", "save the data dir's state as NAME"),
        ("restore", "put the data dir back in the state of NAME"),
    ]:
        action = actions.add_parser(name, help=help_text)
        action.add_argument("name")
        add_data_dir(action)
        action.set_defaults(handler=run_snapshot)
    listing = actions.add_parser("list", help="list the snapshots")
    add_data_dir(listing)
    listing.set_defaults(handler=run_snapshot)
    diff = actions.add_parser("diff", help="rows added, removed and changed from A to B")
    diff.add_argument("a")
    diff.add_argument("b")
    add_data_dir(diff)
    diff.set_defaults(handler=run_snapshot)

    report = subparsers.add_parser("report", help="write a bug report that replays the journal")
    report.add_argument("--out", required=True, type=Path, metavar="PATH")
    report.add_argument("--since", metavar="SNAPSHOT_OR_TIME")
    report.add_argument("--last", type=int, metavar="N")
    report.add_argument("--format", choices=["notebook", "pytest"], default="notebook")
    report.add_argument("--expected", default="", help="what you expected instead")
    report.add_argument("--title", default="Bug report")
    add_environment(report)
    add_data_dir(report)
    report.set_defaults(handler=run_report)


def run_journal(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        entries = read_entries(sim.environment(args.env), project=args.project, last=args.last)
        if args.json:
            print_json([entry.as_dict() for entry in entries])
        else:
            for entry in entries:
                print(entry.summary())
    return 0


def run_snapshot(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        if args.action == "save":
            print_json({"saved": args.name, "path": str(sim.snapshot(args.name))})
        elif args.action == "restore":
            sim.restore(args.name)
            print_json({"restored": args.name, "clock": sim.clock.timestamp()})
        elif args.action == "list":
            print_json([info.as_dict() for info in sim.snapshots()])
        else:
            print_json(sim.diff(args.a, args.b))
    return 0


def run_report(args: argparse.Namespace) -> int:
    with open_simulator(args.data_dir) as sim:
        path = sim.report(
            args.out,
            since=args.since,
            last=args.last,
            env=args.env,
            format=args.format,
            expected=args.expected,
            title=args.title,
        )
    print_json({"report": str(path)})
    return 0


def _redacted(argv: Sequence[str]) -> list[str]:
    kept: list[str] = []
    hide = False
    for argument in argv:
        name = argument.split("=", 1)[0]
        if hide:
            kept.append("<secret given on the command line>")
        elif name in _SECRET_OPTIONS and "=" in argument:
            kept.append(f"{name}=<secret given on the command line>")
        else:
            kept.append(argument)
        hide = argument in _SECRET_OPTIONS
    return kept


def _without_data_dir(argv: Sequence[str]) -> list[str]:
    kept: list[str] = []
    skip = False
    for argument in argv:
        if skip:
            skip = False
        elif argument == "--data-dir":
            skip = True
        elif not argument.startswith("--data-dir="):
            kept.append(argument)
    return kept


def record_command(args: argparse.Namespace, argv: Sequence[str]) -> None:
    """Journal a command that changed state (`STATE_CHANGING`), in its environment's file."""
    actions = STATE_CHANGING.get(str(getattr(args, "command", "")), set())
    action = getattr(args, "action", None)
    if actions is not None and action not in actions:
        return
    data_dir = getattr(args, "data_dir", None)
    if data_dir is None or not Path(data_dir).exists():
        return
    name = EnvironmentName.parse(getattr(args, "env", None) or "sandbox")
    entry = call_entry(
        "command",
        " ".join(part for part in (args.command, action) if part),
        {"argv": _redacted(_without_data_dir(argv))},
        origin="cli",
        project_id=getattr(args, "project_id", None),
    )
    if getattr(args, "moved_to", None):  # a clock move: the instant it took the clock to
        entry["virtual_time"] = args.moved_to
    clock = Clock.open(data_dir, frozen=False)
    try:
        connection = open_current(data_dir, name)
        if connection is None:  # a new file, or one to migrate: the store does both
            _record_in_store(data_dir, name, clock, entry)
        else:
            _record_in_file(connection, clock, entry)
    finally:
        clock.close()


def _record_in_store(
    data_dir: str, name: EnvironmentName, clock: Clock, entry: dict[str, Any]
) -> None:
    # Lazy: the store and the domain, its rules (see the module's docstring).
    from ..domain.kernel.context import Environment
    from ..storage import Store

    store = Store.open(data_dir, name)
    try:
        record(Environment(name, store, clock), entry, redact=redact_call)
    finally:
        store.close()


def _record_in_file(connection: sqlite3.Connection, clock: Clock, entry: dict[str, Any]) -> None:
    """`record` on a current file: one transaction, the default settings (those `record`
    finds in an environment outside a simulator), the entry redacted the same way."""
    settings = JournalSettings()
    try:
        if not settings.enabled:
            return
        connection.execute("BEGIN IMMEDIATE")  # as `Store.bookkeeping()` does
        try:
            insert_entry(
                connection, entry, redact_call, retention=settings.retention, now=clock.timestamp
            )
            connection.execute("COMMIT")
        except BaseException:
            connection.rollback()
            raise
    finally:
        connection.close()
