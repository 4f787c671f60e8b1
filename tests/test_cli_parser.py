"""`main` parses a command with a parser of that command alone (`build_parser(command)`):
each must parse exactly as the whole one does, and a run of one command must not import the
others' modules (the command line's start-up, docs/performance.md)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from simulator.cli import REGISTERED_BY, build_parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _tree(parser: argparse.ArgumentParser, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (sub)command under `parser` with its help text, which names every option,
    argument, choice and default."""
    yield path, parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _tree(child, f"{path} {name}")


def test_every_command_has_its_modules_listed() -> None:
    assert set(_commands(build_parser())) == set(REGISTERED_BY)


@pytest.mark.parametrize("command", sorted(REGISTERED_BY))
def test_a_command_alone_parses_as_in_the_whole_parser(command: str) -> None:
    whole = _commands(build_parser())[command]
    alone = _commands(build_parser(command))[command]
    assert dict(_tree(alone)) == dict(_tree(whole))


def test_a_run_of_one_command_imports_no_other_command_module(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from simulator.cli import main\n"
        "status = main(['clock', 'now', '--data-dir', sys.argv[1]])\n"
        "print(sorted(m for m in sys.modules if m.startswith('simulator.cli.')))\n"
        "raise SystemExit(status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    imported = done.stdout.strip().splitlines()[-1]
    # `core` (the clock's command) and `journal` (every command is journaled), and `common`
    # that both use.
    assert imported == "['simulator.cli.common', 'simulator.cli.core', 'simulator.cli.journal']"


def test_an_unknown_command_is_refused_with_the_whole_list() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "simulator", "sevre"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "invalid choice: 'sevre'" in done.stderr and "'serve'" in done.stderr
