"""One exception hierarchy: every exception class of the package derives from `SimulatorError`
and is drawn in the tree of `simulator.exceptions`' docstring."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import simulator
import simulator.exceptions
from simulator import SimulatorClosed, SimulatorError

# A tree line: `├── Name   description`, `└── Name ...`, or the root on its own line.
_TREE_NAME = re.compile(r"^(?:[│ ]*[├└]── )?([A-Za-z_]\w*)\b")


def _tree() -> dict[str, str | None]:
    """Each class named in the docstring tree, mapped to its parent's name (None at the root)."""
    docstring = simulator.exceptions.__doc__ or ""
    block = docstring.split("```")[1]
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []  # (indent of the name, name)
    for line in block.strip("\n").splitlines():
        match = _TREE_NAME.match(line)
        assert match, f"not a tree line: {line!r}"
        indent = match.start(1)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parents[match.group(1)] = stack[-1][1] if stack else None
        stack.append((indent, match.group(1)))
    return parents


def _defined_classes() -> dict[str, type[BaseException]]:
    """Every `BaseException` subclass defined in a module of the `simulator` package, by its
    full name."""
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(simulator.__path__, "simulator."):
        if info.name.endswith("__main__"):
            continue  # runs the command line when imported
        for value in vars(importlib.import_module(info.name)).values():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == info.name
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


def _exception_classes() -> list[type[BaseException]]:
    """The errors: a `BaseException` that is no `Exception` is a control-flow signal, left
    out (a private one, `limits.deadline._Abandon`, never leaves its module; the public ones
    are `SIGNALS`)."""
    return [cls for cls in _defined_classes().values() if issubclass(cls, Exception)]


#: The public control-flow signals (`BaseException`, no `Exception`): none other may appear.
#: `WriteDeferred`: a write asked for by a query run on the event loop, caught by the executor,
#: which runs the query again in a worker.
SIGNALS = {"simulator.storage.read_only.WriteDeferred"}


def test_every_signal_is_known() -> None:
    signals = {
        name
        for name, cls in _defined_classes().items()
        if not issubclass(cls, Exception) and not cls.__name__.startswith("_")
    }
    assert signals == SIGNALS


def test_the_walk_finds_the_exceptions_outside_simulator_exceptions() -> None:
    names = {cls.__name__ for cls in _exception_classes()}
    assert {"Rejected", "AmountError", "OperationLimitExceeded", "SimulatorError"} <= names


def test_every_exception_derives_from_simulator_error_and_is_in_the_tree() -> None:
    tree = _tree()
    assert tree["SimulatorError"] is None
    for cls in _exception_classes():
        assert issubclass(cls, SimulatorError), f"{cls.__module__}.{cls.__name__}"
        assert cls.__name__ in tree, f"{cls.__name__} is missing from the docstring tree"
        parent = tree[cls.__name__]
        if parent is not None:
            # The tree draws the real inheritance: the drawn parent is a base of the class.
            bases = [base.__name__ for base in cls.__mro__[1:]]
            assert parent in bases, f"{cls.__name__} is drawn under {parent}"


def test_every_name_in_the_tree_is_a_class() -> None:
    defined = {cls.__name__ for cls in _exception_classes()}
    assert set(_tree()) <= defined


def test_simulator_closed_is_exported() -> None:
    assert "SimulatorClosed" in simulator.__all__
    assert issubclass(SimulatorClosed, SimulatorError)
