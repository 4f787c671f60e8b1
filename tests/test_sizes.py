"""Rooms of a readable size: no module under simulator/ over 600 lines, no function over 80
(a generated module excepted).

A function's length runs from its `def` line to its last line (docstring included,
decorators not); nested functions and methods are measured on their own as well as
inside their enclosing function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "simulator"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80

#: Written by a script and never read as a room: simulator/storage/rows.py, one TypedDict per
#: table (tests/test_rows.py keeps it equal to what scripts/generate_rows.py writes).
GENERATED = {PACKAGE / "storage" / "rows.py"}
MODULES = sorted(set(PACKAGE.rglob("*.py")) - GENERATED)


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def test_the_package_is_found() -> None:
    assert len(MODULES) > 20


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_module_is_at_most_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{_name(path)} has {lines} lines"


def _too_long(path: Path) -> list[tuple[str, str]]:
    """`(function name, description)` of every function of the module over the limit."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.name, f"{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines")
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_functions_are_at_most_80_lines(path: Path) -> None:
    too_long = [description for name, description in _too_long(path)]
    assert not too_long, f"{_name(path)}: " + "; ".join(too_long)
