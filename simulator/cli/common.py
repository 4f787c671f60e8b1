"""Options and output shared by every command."""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:  # the types only: start-up (docs/architecture.md)
    from .._simulator import Simulator

__all__ = [
    "DEFAULT_DATA_DIR",
    "Subcommands",
    "add_data_dir",
    "add_environment",
    "open_simulator",
    "print_json",
]

#: What `parser.add_subparsers()` returns: `.add_parser(name, help=...)` adds a command.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

DEFAULT_DATA_DIR = "./sandbox-data"


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        default=os.environ.get("SIMULATOR_DATA_DIR", DEFAULT_DATA_DIR),
        help="the simulator's data dir (default: ./sandbox-data or $SIMULATOR_DATA_DIR)",
    )


def add_environment(parser: argparse.ArgumentParser, default: str | None = "sandbox") -> None:
    parser.add_argument(
        "--env",
        default=default,
        choices=["sandbox", "live"],
        help=f"the environment (default: {default})",
    )


def print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


def open_simulator(data_dir: str, **options: Any) -> Simulator:
    """`Simulator(data_dir, **options)`, for the commands that need one."""
    # Lazy: the simulator brings the server, GraphQL and SQLite (about a second); `--help`
    # and `clock` run without them (docs/architecture.md, "Start-up").
    from .. import _heap

    _heap.imported("simulator._simulator")  # its modules: collection paused, then frozen
    from .._simulator import Simulator  # start-up: imported just above, in `_heap`

    return Simulator(data_dir, **options)
