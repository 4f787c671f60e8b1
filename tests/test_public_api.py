"""`simulator.__all__` is the public API: what it names exists, is documented, and is all
there is at the top level (submodules aside)."""

from __future__ import annotations

import inspect
import types

import simulator

#: The public face. A change here is a change of the API: say so in the README.
PUBLIC_API = {
    "DEFAULT_BASE_URL",
    "AuthenticationError",
    "Clock",
    "ConfigurationError",
    "EnvironmentName",
    "InvalidClient",
    "InvalidDuration",
    "InvalidTimestamp",
    "InvalidToken",
    "NotFound",
    "ProjectCredentials",
    "Simulator",
    "SimulatorClosed",
    "SimulatorError",
    "parse_duration",
}


def test_all_is_the_public_api() -> None:
    assert set(simulator.__all__) == PUBLIC_API
    assert len(simulator.__all__) == len(set(simulator.__all__))
    assert simulator.__all__ == sorted(simulator.__all__, key=lambda n: (not n.isupper(), n))


def test_every_public_name_exists_and_is_documented() -> None:
    for name in simulator.__all__:
        value = getattr(simulator, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"{name} has no docstring"


def test_nothing_else_public_at_the_top_level() -> None:
    extra = {
        name
        for name, value in vars(simulator).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    } - set(simulator.__all__)
    assert extra == set()


def test_exceptions_share_one_root() -> None:
    for name in simulator.__all__:
        value = getattr(simulator, name)
        if inspect.isclass(value) and issubclass(value, BaseException):
            assert issubclass(value, simulator.SimulatorError), name
