"""The documentation and the code agree: examples run, tables name what exists."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from simulator.cli import build_parser
from simulator.server.app import ADDRESSES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_python_example_runs() -> None:
    (example,) = [block for block in python_blocks(README) if "Simulator()" in block]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(example, "README.md", "exec"), {})
    assert "{'accounts': {'totalCount': 0}}" in output.getvalue()


def test_the_readme_addresses_are_the_servers() -> None:
    for path in ADDRESSES.values():
        assert f"http://127.0.0.1:8000{path}" in README


def cli_commands(text: str) -> set[tuple[str, ...]]:
    commands = set()
    for line in re.findall(r"`python -m simulator ([a-z][^`]*)`", text):
        words = [w for w in line.split() if re.fullmatch(r"[a-z][a-z-]*", w)]
        commands.add(tuple(words[:2]))
    return commands


@pytest.mark.parametrize("command", sorted(cli_commands(README)))
def test_every_command_in_the_readme_exists(command: tuple[str, ...]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit) as exit_info, contextlib.redirect_stdout(io.StringIO()):
        parser.parse_args([*command, "--help"])
    assert exit_info.value.code == 0


def test_every_command_is_in_the_readme() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    documented = {command[0] for command in cli_commands(README)}
    assert set(subparsers.choices) <= documented
