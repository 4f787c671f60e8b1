"""The limits of one simulator as data: operation limits per environment and the rate limit.

`LimitSettings` is an immutable value. A simulator takes its settings either from the
`Simulator(limits=...)` option or from `limits.json` in its data dir, which the command
line edits (`python -m simulator limits set|rate-limit|reset`) and a running server re-reads
as soon as it changes (one `stat` per request, like `clock.json`).

`limits.json` holds only what differs from the defaults, so a new release's defaults apply
to every data dir that did not change them:

```json
{
  "rate_limit": {"requests": 5000, "window_seconds": 300},
  "operation_limits": {"sandbox": {"max_depth": 20}, "live": null},
  "row_budget": 50000,
  "execution_deadline_seconds": 5
}
```

`null` switches a part off (no rate limit, no operation limits for an environment, no row
budget, no execution deadline).

```python
>>> LimitSettings().rate_limit
RateLimit(requests=2000, window_seconds=300)
>>> LimitSettings.from_json({"operation_limits": {"sandbox": {"max_depth": 20}}}).sandbox.max_depth
20

```
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..environments import EnvironmentName
from ..exceptions import ConfigurationError
from .deadline import DEFAULT_EXECUTION_DEADLINE_SECONDS
from .query_cost import LIVE_LIMITS, SANDBOX_LIMITS, OperationLimits
from .row_budget import DEFAULT_ROW_BUDGET

__all__ = [
    "DEFAULT_RATE_LIMIT",
    "LIMITS_OFF",
    "LimitSettings",
    "LimitSettingsFile",
    "RateLimit",
]

#: Upper bound of any request budget (default or a project's), to catch typos.
MAX_REQUESTS: Final = 1_000_000


@dataclass(frozen=True)
class RateLimit:
    """At most `requests` requests per `window_seconds`, per client IP and endpoint.

    ```python
    >>> RateLimit().policy
    '2000;w=300'

    ```
    """

    requests: int = 2_000
    window_seconds: int = 300

    def __post_init__(self) -> None:
        for name, value, maximum in [
            ("requests", self.requests, MAX_REQUESTS),
            ("window_seconds", self.window_seconds, 7 * 86_400),
        ]:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= maximum:
                raise ConfigurationError(
                    f"Rate limit {name} must be an integer from 1 to {maximum}, got {value!r}."
                )

    @property
    def policy(self) -> str:
        """The `RateLimit-Policy` header value (IETF draft syntax: `limit;w=window`)."""
        return f"{self.requests};w={self.window_seconds}"

    def as_dict(self) -> dict[str, int]:
        return {"requests": self.requests, "window_seconds": self.window_seconds}


#: Section 8.1 of the specification: 2,000 requests per 5 minutes.
DEFAULT_RATE_LIMIT: Final = RateLimit()

#: Bounds of the work limits (catch typos: a budget of 0 rows, a deadline of a day).
MAX_ROW_BUDGET: Final = 10**12
MAX_DEADLINE_SECONDS: Final = 3_600.0

#: The keys of `limits.json` that hold one value each (`null`: off).
_WORK_KEYS: Final = ("row_budget", "execution_deadline_seconds")


@dataclass(frozen=True)
class LimitSettings:
    """Operation limits of each environment (`None`: none) and the rate limit (`None`: none),
    and the simulator's bounds on the work of one request (`None`: none): the row budget of
    an operation and its execution deadline in real seconds (both environments).

    The Sandbox Testing API is part of the Sandbox: it has the Sandbox's operation limits.
    """

    sandbox: OperationLimits | None = SANDBOX_LIMITS
    live: OperationLimits | None = LIVE_LIMITS
    rate_limit: RateLimit | None = DEFAULT_RATE_LIMIT
    row_budget: int | None = DEFAULT_ROW_BUDGET
    execution_deadline_seconds: float | None = DEFAULT_EXECUTION_DEADLINE_SECONDS

    def __post_init__(self) -> None:
        rows = self.row_budget
        if rows is not None and (
            not isinstance(rows, int) or isinstance(rows, bool) or not 1 <= rows <= MAX_ROW_BUDGET
        ):
            raise ConfigurationError(
                f"row_budget must be an integer from 1 to {MAX_ROW_BUDGET}, got {rows!r}."
            )
        seconds = self.execution_deadline_seconds
        if seconds is not None and (
            not isinstance(seconds, int | float)
            or isinstance(seconds, bool)
            or not 0 < seconds <= MAX_DEADLINE_SECONDS
        ):
            raise ConfigurationError(
                "execution_deadline_seconds must be a number of seconds above 0 and at most "
                f"{MAX_DEADLINE_SECONDS:g}, got {seconds!r}."
            )

    def operation_limits(self, environment: str | EnvironmentName) -> OperationLimits | None:
        """The operation limits of `sandbox` or `live`."""
        name = EnvironmentName.parse(environment)
        return self.sandbox if name is EnvironmentName.SANDBOX else self.live

    def replace(self, **changes: Any) -> LimitSettings:
        return dataclasses.replace(self, **changes)

    # -- JSON ----------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LimitSettings:
        """Settings from the `limits.json` form: only what differs from the defaults."""
        if not isinstance(data, Mapping):
            raise ConfigurationError("limits.json must hold a JSON object.")
        unknown = sorted(set(data) - {"rate_limit", "operation_limits", *_WORK_KEYS})
        if unknown:
            raise ConfigurationError(f"Unknown key(s) in limits.json: {', '.join(unknown)}.")
        settings = cls().replace(**{key: data[key] for key in _WORK_KEYS if key in data})
        if "rate_limit" in data:
            rate = data["rate_limit"]
            if rate is None:
                settings = settings.replace(rate_limit=None)
            elif isinstance(rate, Mapping):
                try:
                    settings = settings.replace(rate_limit=RateLimit(**rate))
                except TypeError as error:
                    raise ConfigurationError(f"Bad rate_limit in limits.json: {error}") from None
            else:
                raise ConfigurationError("rate_limit must be an object or null.")
        operation = data.get("operation_limits", {})
        if not isinstance(operation, Mapping):
            raise ConfigurationError("operation_limits must be an object.")
        defaults = {"sandbox": SANDBOX_LIMITS, "live": LIVE_LIMITS}
        for name, value in operation.items():
            if name not in defaults:
                raise ConfigurationError(f"Unknown environment {name!r} in operation_limits.")
            if value is None:
                settings = settings.replace(**{name: None})
                continue
            if not isinstance(value, Mapping):
                raise ConfigurationError(f"operation_limits.{name} must be an object or null.")
            try:
                limits = OperationLimits.from_mapping(value, base=defaults[name])
            except (TypeError, ValueError) as error:
                raise ConfigurationError(f"Bad operation_limits.{name}: {error}") from None
            settings = settings.replace(**{name: limits})
        return settings

    def to_json(self) -> dict[str, Any]:
        """The `limits.json` form: only what differs from the defaults."""
        data: dict[str, Any] = {}
        if self.rate_limit != DEFAULT_RATE_LIMIT:
            data["rate_limit"] = self.rate_limit.as_dict() if self.rate_limit else None
        operation: dict[str, Any] = {}
        for name, default in [("sandbox", SANDBOX_LIMITS), ("live", LIVE_LIMITS)]:
            limits: OperationLimits | None = getattr(self, name)
            if limits is None:
                operation[name] = None
            elif limits != default:
                base = default.as_dict()
                operation[name] = {k: v for k, v in limits.as_dict().items() if base[k] != v}
        if operation:
            data["operation_limits"] = operation
        defaults = LimitSettings()
        for key in _WORK_KEYS:
            if getattr(self, key) != getattr(defaults, key):
                data[key] = getattr(self, key)
        return data

    def describe(self) -> dict[str, Any]:
        """Every effective value, for `python -m simulator limits show`."""
        return {
            "rate_limit": self.rate_limit.as_dict() if self.rate_limit else None,
            "operation_limits": {
                "sandbox": self.sandbox.as_dict() if self.sandbox else None,
                "live": self.live.as_dict() if self.live else None,
            },
            "row_budget": self.row_budget,
            "execution_deadline_seconds": self.execution_deadline_seconds,
        }


#: Everything off: no rate limit, no operation limits, no row budget, no deadline (benchmarks
#: compare against it).
LIMITS_OFF: Final = LimitSettings(
    sandbox=None, live=None, rate_limit=None, row_budget=None, execution_deadline_seconds=None
)


class LimitSettingsFile:
    """`limits.json` in a data dir, re-read when it changes; defaults when it does not exist.

    A broken file (hand-edited into invalid JSON, say) is reported by `read(strict=True)`,
    which the command line uses; a running server keeps the last good settings instead.
    """

    FILE_NAME: Final = "limits.json"

    def __init__(self, data_dir: str | Path) -> None:
        self.path = Path(data_dir) / self.FILE_NAME
        self._stamp: tuple[int, int, int] | None = None
        self._settings = LimitSettings()
        self._lock = threading.Lock()

    def read(self, *, strict: bool = False) -> LimitSettings:
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            if self._stamp is not None:  # the file is gone: the defaults (made once, frozen)
                with self._lock:
                    self._stamp, self._settings = None, LimitSettings()
            return self._settings
        stamp = (info.st_ino, info.st_mtime_ns, info.st_size)
        if stamp == self._stamp and not strict:
            return self._settings
        try:
            settings = LimitSettings.from_json(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as error:
            if strict:
                raise ConfigurationError(f"Cannot read {self.path}: {error}") from None
            return self._settings
        with self._lock:
            self._stamp, self._settings = stamp, settings
        return settings

    def write(self, settings: LimitSettings) -> None:
        """Save the settings (only what differs from the defaults); no file for the defaults."""
        data = settings.to_json()
        if not data:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a server reading it never sees half a file.
        fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".limits-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2)
        os.replace(temp, self.path)
