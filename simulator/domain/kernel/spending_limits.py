"""Spending limits (`SpendingLimitInput`) of cards and members, and how their period runs
(`SpendingLimitInput.mode`).

Without a mode (the simulator's default) a period is a calendar one from 00:00 UTC: each
day, each week from Monday, each month from the 1st; an `Always` limit never resets. A mode
states it otherwise:

- `rolling { rollingValue }`: the last `rollingValue` days (Daily) or weeks (Weekly), or the
  last month (Monthly, where only 1 is valid), up to now;
- `calendar { daily | weekly | monthly }`: a calendar period starting at `startHour` (UTC),
  on `startDay` (a weekday for a week, 1 to 28 for a month); the key must match the period.

The mode is stored as JSON (`{"kind": "Rolling", "rolling_value": n}` or
`{"kind": "Calendar", "start_hour": h, "start_week_day": d, "start_month_day": m}`).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, TypedDict

from .money import CURRENCY, amount_text
from .validation import Checks

__all__ = [
    "DEFAULT_SPENDING_LIMIT",
    "SPENDING_LIMIT_PERIODS",
    "WEEK_DAYS",
    "SpendingLimit",
    "checked_mode",
    "checked_spending_limit",
    "mode_of",
    "period_bounds",
]

WEEK_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_CALENDAR_KEYS = {"Daily": "daily", "Weekly": "weekly", "Monthly": "monthly"}
#: The longest rolling window, in periods (a year of days, a year of weeks).
_MAX_ROLLING = {"Daily": 365, "Weekly": 52, "Monthly": 1}


def _number(checks: Checks, value: object, low: int, high: int, path: list[str | int]) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        checks.fail("InvalidRange", f"Give a whole number from {low} to {high}.", path)
        return low
    return value


def _calendar(
    checks: Checks, calendar: dict[str, Any], period: str, path: list[str | int]
) -> dict[str, Any]:
    key = _CALENDAR_KEYS[period]
    given = [name for name, value in calendar.items() if value is not None]
    if given != [key]:
        checks.fail("InvalidFormat", f"A {period} limit's calendar mode is `{key}`.", path)
        return {}
    one = calendar[key]
    mode: dict[str, Any] = {
        "kind": "Calendar",
        "start_hour": _number(checks, one.get("start_hour", 0), 0, 23, [*path, key, "startHour"]),
    }
    if key == "weekly":
        mode["start_week_day"] = checks.choice(
            one.get("start_day", "Monday"), WEEK_DAYS, [*path, key, "startDay"]
        )
    if key == "monthly":
        day = one.get("start_day", 1)
        mode["start_month_day"] = _number(checks, day, 1, 28, [*path, key, "startDay"])
    return mode


def checked_mode(
    checks: Checks, mode: dict[str, Any] | None, period: str | None, path: list[str | int]
) -> str | None:
    """A `SpendingLimitModeInput`, checked against its period, as stored JSON (None: the
    default calendar mode)."""
    if mode is None or period is None:
        return None
    path = [*path, "mode"]
    rolling, calendar = mode.get("rolling"), mode.get("calendar")
    if (rolling is None) == (calendar is None):
        checks.fail("InvalidFormat", "Give one of `rolling` and `calendar`.", path)
        return None
    if period == "Always":
        checks.fail("InvalidFormat", "An Always limit never resets: it takes no mode.", path)
        return None
    if rolling is not None:
        top = _MAX_ROLLING[period]
        value = _number(checks, rolling.get("rolling_value"), 1, top, [*path, "rolling"])
        return json.dumps({"kind": "Rolling", "rolling_value": value}, sort_keys=True)
    stored = _calendar(checks, calendar or {}, period, [*path, "calendar"])
    return json.dumps(stored, sort_keys=True) if stored else None


def mode_of(stored: str | None, period: str) -> dict[str, Any] | None:
    """The mode a limit runs by (its stored one, or the default calendar one); None for an
    Always limit."""
    if period not in _CALENDAR_KEYS:
        return None
    if stored:
        mode: dict[str, Any] = json.loads(stored)
        return mode
    return {"kind": "Calendar", "start_hour": 0, "start_week_day": "Monday", "start_month_day": 1}


def _month_back(moment: datetime) -> datetime:
    year, month = (moment.year, moment.month - 1) if moment.month > 1 else (moment.year - 1, 12)
    return moment.replace(year=year, month=month, day=min(moment.day, 28))


def _calendar_start(now: datetime, period: str, mode: dict[str, Any]) -> datetime:
    hour = int(mode.get("start_hour", 0))
    start = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    if period == "Daily":
        return start if start <= now else start - timedelta(days=1)
    if period == "Weekly":
        weekday = WEEK_DAYS.index(str(mode.get("start_week_day", "Monday")))
        start -= timedelta(days=(start.weekday() - weekday) % 7)
        return start if start <= now else start - timedelta(days=7)
    start = start.replace(day=int(mode.get("start_month_day", 1)))
    return start if start <= now else _month_back(start)


def _calendar_end(start: datetime, period: str) -> datetime:
    if period == "Daily":
        return start + timedelta(days=1)
    if period == "Weekly":
        return start + timedelta(days=7)
    year, month = (start.year, start.month + 1) if start.month < 12 else (start.year + 1, 1)
    return start.replace(year=year, month=month)


def period_bounds(
    now: datetime, period: str, stored_mode: str | None
) -> tuple[datetime, datetime] | None:
    """The current period of a limit: its start and its end (a rolling one ends now); None
    for an Always limit."""
    mode = mode_of(stored_mode, period)
    if mode is None:
        return None
    now = now.astimezone(UTC)
    if mode["kind"] == "Rolling":
        count = int(mode["rolling_value"])
        if period == "Monthly":
            return _month_back(now), now
        return now - timedelta(days=count * (1 if period == "Daily" else 7)), now
    start = _calendar_start(now, period, mode)
    return start, _calendar_end(start, period)


class SpendingLimit(TypedDict):
    """A card's spending limit: at most `value` (EUR) per `period`."""

    value: Decimal
    period: str


SPENDING_LIMIT_PERIODS = ("Daily", "Weekly", "Monthly", "Always")
DEFAULT_SPENDING_LIMIT = SpendingLimit(value=Decimal("1000.00"), period="Monthly")


def checked_spending_limit(
    checks: Checks, limit: dict[str, Any] | None, path: list[str | int], *, prefix: str = ""
) -> dict[str, Any]:
    """A `SpendingLimitInput` as columns `<prefix>spending_limit_*` (the default one when
    None)."""
    if limit is None:
        return {
            f"{prefix}spending_limit_value": amount_text(DEFAULT_SPENDING_LIMIT["value"]),
            f"{prefix}spending_limit_currency": CURRENCY,
            f"{prefix}spending_limit_period": DEFAULT_SPENDING_LIMIT["period"],
        }
    amount = limit.get("amount") or {}
    path = [*path, "spendingLimit"]
    value = checks.amount(
        amount.get("value"), [*path, "amount", "value"], currency=amount.get("currency")
    )
    period = checks.choice(limit.get("period"), SPENDING_LIMIT_PERIODS, [*path, "period"])
    return {
        f"{prefix}spending_limit_value": amount_text(value) if value is not None else None,
        f"{prefix}spending_limit_currency": CURRENCY,
        f"{prefix}spending_limit_period": period,
        f"{prefix}spending_limit_mode": checked_mode(checks, limit.get("mode"), period, path),
    }
