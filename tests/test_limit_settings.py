"""The limits as data (`LimitSettings`, `limits.json`), the rate counters, and the docs' examples."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import simulator.limits.cost
import simulator.limits.rate_limit
import simulator.limits.settings
from simulator import ConfigurationError, Simulator
from simulator.clock import Clock
from simulator.limits import (
    LIMITS_OFF,
    LIVE_LIMITS,
    SANDBOX_LIMITS,
    LimitSettings,
    LimitSettingsFile,
    RateLimit,
    RateLimiter,
)

DOCS = Path(__file__).parent.parent / "docs" / "limits.md"


@pytest.mark.parametrize(
    "module", [simulator.limits.cost, simulator.limits.rate_limit, simulator.limits.settings]
)
def test_docstring_examples(module: object) -> None:
    assert doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


def test_the_examples_of_docs_limits_md() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False)
    assert result.failed == 0 and result.attempted >= 2


def test_settings_round_trip_through_json() -> None:
    assert LimitSettings().to_json() == {}
    settings = LimitSettings(
        sandbox=SANDBOX_LIMITS.__class__.from_mapping({"max_depth": 20}),
        live=None,
        rate_limit=RateLimit(requests=5000),
    )
    data = settings.to_json()
    assert data == {
        "rate_limit": {"requests": 5000, "window_seconds": 300},
        "operation_limits": {"sandbox": {"max_depth": 20}, "live": None},
    }
    assert LimitSettings.from_json(json.loads(json.dumps(data))) == settings
    assert LimitSettings.from_json(LIMITS_OFF.to_json()) == LIMITS_OFF
    assert LIMITS_OFF.operation_limits("live") is None
    assert LimitSettings().operation_limits("live") == LIVE_LIMITS


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"nope": 1},
        {"rate_limit": 5},
        {"rate_limit": {"requests": 0}},
        {"rate_limit": {"requests": 10, "extra": 1}},
        {"rate_limit": {"requests": True}},
        {"operation_limits": {"staging": {}}},
        {"operation_limits": {"sandbox": {"max_depth": -1}}},
        {"operation_limits": {"sandbox": {"depth": 3}}},
        {"operation_limits": {"sandbox": 3}},
        {"operation_limits": []},
    ],
)
def test_bad_settings_are_refused_with_a_reason(data: object) -> None:
    with pytest.raises(ConfigurationError):
        LimitSettings.from_json(data)  # type: ignore[arg-type]


def test_the_settings_file_is_reread_when_it_changes(tmp_path: Path) -> None:
    file = LimitSettingsFile(tmp_path)
    assert file.read() == LimitSettings()
    file.write(LimitSettings(rate_limit=RateLimit(requests=7)))
    assert LimitSettingsFile(tmp_path).read().rate_limit == RateLimit(requests=7)
    assert file.read().rate_limit == RateLimit(requests=7)
    # A broken file: the command line says so; a running server keeps the last good settings.
    file.path.write_text("{not json", encoding="utf-8")
    assert file.read().rate_limit == RateLimit(requests=7)
    with pytest.raises(ConfigurationError):
        file.read(strict=True)
    file.write(LimitSettings())
    assert not file.path.exists()
    assert file.read() == LimitSettings()


def test_a_simulator_option_wins_over_the_file(tmp_path: Path) -> None:
    LimitSettingsFile(tmp_path).write(LimitSettings(rate_limit=RateLimit(requests=7)))
    with Simulator(tmp_path) as sim:
        assert sim.limits.settings.rate_limit == RateLimit(requests=7)
    with Simulator(tmp_path, limits=LIMITS_OFF) as sim:
        assert sim.limits.settings.rate_limit is None


def test_fixed_windows_on_the_virtual_clock(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    limiter = RateLimiter(tmp_path, clock)
    rate = RateLimit(requests=2, window_seconds=60)
    first = limiter.hit("a", "/x", rate)
    assert (first.count, first.remaining, first.reset_seconds) == (1, 1, 60)
    clock.advance("45s")
    assert limiter.hit("a", "/x", rate).reset_seconds == 15  # the window opened with request 1
    refused = limiter.hit("a", "/x", rate)
    assert not refused.allowed and refused.headers()["Retry-After"] == "15"
    clock.advance("14.5s")
    assert limiter.hit("a", "/x", rate).reset_seconds == 1  # rounded up
    clock.advance("0.5s")
    again = limiter.hit("a", "/x", rate)
    assert (again.allowed, again.count, again.reset_seconds) == (True, 1, 60)
    # A project's own limit has its own counter.
    own = limiter.hit("a", "/x", rate, requests=5, project="sandbox:p")
    assert (own.limit, own.remaining, own.project) == (5, 4, "sandbox:p")
    assert [c["count"] for c in limiter.counters()] == [1, 1]
    clock.advance("2m")
    assert limiter.counters() == []
    assert limiter.clear() == 2
    limiter.close()


def test_expired_counters_are_pruned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulator.limits.rate_limit, "PRUNE_EVERY", 3)
    clock = Clock.open(tmp_path)
    limiter = RateLimiter(tmp_path, clock)
    limiter.hit("a", "/x", RateLimit())
    clock.advance("10m")
    limiter.hit("b", "/x", RateLimit())
    limiter.hit("c", "/x", RateLimit())  # the third request prunes a's expired counter
    rows = limiter._execute("SELECT client FROM rate_counters ORDER BY client").fetchall()
    assert rows == [("b",), ("c",)]
    limiter.close()
