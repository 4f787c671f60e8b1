"""The simulator's one virtual clock.

Every time-dependent rule of the simulator (token expiry, code lifetimes, settlement,
webhook retries, rate-limit windows) reads this clock. It is the only module of the
package that reads the real time.

The clock has two modes:

- **frozen**: time stands still at `frozen_at` until it is advanced or set;
- **running**: time follows the wall clock, shifted by `offset`.

Its state is persisted in `clock.json` inside the data dir, so a command such as
`python -m simulator clock advance 5m --data-dir D` changes the time that a server
running on `D` sees: every `now()` checks whether the file changed (one `stat`).

```python
clock = Clock.open(data_dir, start=datetime(2026, 1, 5, 9, tzinfo=UTC))
clock.now()            # 2026-01-05 09:00:00+00:00 (a new clock starts frozen)
clock.advance("90m")
clock.now()            # 2026-01-05 10:30:00+00:00
clock.resume()         # from now on, time flows with the wall clock
```
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

from .exceptions import InvalidDuration, InvalidTimestamp

__all__ = [
    "DEFAULT_START",
    "LATEST",
    "MAX_DURATION",
    "Clock",
    "ClockState",
    "check_reachable",
    "format_timestamp",
    "parse_duration",
]

ClockMode = Literal["frozen", "running"]

#: The instant a new frozen clock starts at: a Monday morning, so examples read naturally.
DEFAULT_START = datetime(2026, 1, 5, 9, 0, 0, tzinfo=UTC)

#: The clock never goes past this instant: every expiry and retry adds days or years to the
#: clock's time, and Python's datetimes end with the year 9999 (past it, every token request
#: failed). Far enough for any workshop.
LATEST = datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)
#: The longest duration one advance may take.
MAX_DURATION = timedelta(days=36_500)

_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)")
_UNIT_SECONDS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_duration(value: str | float | int | timedelta) -> timedelta:
    """Parse a duration such as `90s`, `5m`, `2h`, `3d`, `1h30m` or a number of seconds.

    ```python
    parse_duration("1h30m")  # timedelta(seconds=5400)
    parse_duration(15)       # timedelta(seconds=15)
    ```
    """
    if isinstance(value, timedelta):
        seconds = value.total_seconds()
    elif isinstance(value, bool):
        raise InvalidDuration(f"Not a duration: {value!r}")
    elif isinstance(value, int | float):
        seconds = float(value)
    else:
        text = value.strip().replace(" ", "")
        if re.fullmatch(r"\d+(\.\d+)?", text):
            seconds = float(text)
        elif text and _DURATION_PART.sub("", text) == "":
            seconds = sum(
                float(number) * _UNIT_SECONDS[unit] for number, unit in _DURATION_PART.findall(text)
            )
        else:
            raise InvalidDuration(
                f"Not a duration: {value!r}. "
                "Use a number with a unit, such as 90s, 5m, 2h, 3d or 1h30m."
            )
    if seconds < 0:
        raise InvalidDuration(f"A duration cannot be negative: {value!r}")
    if not seconds <= MAX_DURATION.total_seconds():  # also refuses NaN and infinity
        raise InvalidDuration(f"A duration is at most {MAX_DURATION.days:,} days: {value!r}")
    return timedelta(seconds=seconds)


def check_reachable(moment: datetime) -> datetime:
    """`moment`, if the clock may go there (not past `LATEST`), else `InvalidTimestamp`."""
    if moment > LATEST:
        raise InvalidTimestamp(
            f"The virtual clock stops at {format_timestamp(LATEST)}; "
            f"{format_timestamp(moment)} is later."
        )
    return moment


def parse_timestamp(value: str | datetime) -> datetime:
    """Parse an ISO 8601 date-time; a value without a time zone is taken as UTC."""
    if isinstance(value, datetime):
        parsed = value
    else:
        try:
            parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as error:
            raise InvalidTimestamp(
                f"Not an ISO 8601 date-time: {value!r} (example: 2026-01-05T09:00:00Z)"
            ) from error
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def format_timestamp(moment: datetime) -> str:
    """The one text form of an instant, in storage and in the API: sortable, UTC, milliseconds.

    ```python
    format_timestamp(datetime(2026, 1, 5, 9, tzinfo=UTC))  # '2026-01-05T09:00:00.000Z'
    ```
    """
    return (
        moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
    )


@dataclass(frozen=True)
class ClockState:
    """What `clock.json` holds."""

    mode: ClockMode
    frozen_at: datetime
    offset: timedelta

    def to_json(self) -> dict[str, object]:
        return {
            "mode": self.mode,
            "frozen_at": self.frozen_at.isoformat(),
            "offset_seconds": self.offset.total_seconds(),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> ClockState:
        mode = data.get("mode")
        if mode not in ("frozen", "running"):
            raise ValueError(f"unknown clock mode {mode!r}")
        return cls(
            mode=mode,  # type: ignore[arg-type]
            frozen_at=parse_timestamp(str(data["frozen_at"])),
            offset=timedelta(seconds=float(data["offset_seconds"])),  # type: ignore[arg-type]
        )


def _wall_now() -> datetime:
    return datetime.now(UTC)


class Clock:
    """A virtual clock persisted in a JSON file, shared by every process on one data dir."""

    FILE_NAME = "clock.json"

    def __init__(self, path: Path, state: ClockState) -> None:
        self.path = path
        self._state = state
        self._stamp: tuple[int, int, int] | None = None
        self._lock = threading.Lock()

    @classmethod
    def open(
        cls, data_dir: Path | str, *, start: datetime | None = None, frozen: bool = True
    ) -> Clock:
        """Open the clock of a data dir, creating it when the data dir has none.

        A new clock starts frozen at `start` (default `DEFAULT_START`), or running from
        the wall clock when `frozen=False` and no `start` is given.
        """
        path = Path(data_dir) / cls.FILE_NAME
        if path.exists():
            clock = cls(path, ClockState("frozen", DEFAULT_START, timedelta()))
            clock._reload(force=True)
            return clock
        wall = _wall_now()
        begin = parse_timestamp(start) if start is not None else (DEFAULT_START if frozen else wall)
        if frozen:
            state = ClockState("frozen", begin, timedelta())
        else:
            state = ClockState("running", begin, begin - wall)
        clock = cls(path, state)
        clock._write(state)
        return clock

    # -- reading -----------------------------------------------------------------------

    def now(self) -> datetime:
        """The current virtual time (timezone-aware, UTC)."""
        state = self.state
        if state.mode == "frozen":
            return state.frozen_at
        return _wall_now() + state.offset

    def timestamp(self) -> str:
        """`now()` in the simulator's text form (see `format_timestamp`)."""
        return format_timestamp(self.now())

    @property
    def state(self) -> ClockState:
        self._reload()
        return self._state

    @property
    def frozen(self) -> bool:
        return self.state.mode == "frozen"

    def describe(self) -> dict[str, object]:
        """A JSON-ready summary: the time, the mode and the offset from the wall clock."""
        state = self.state
        now = self.now()
        return {
            "now": format_timestamp(now),
            "mode": state.mode,
            "offsetSeconds": round((now - _wall_now()).total_seconds(), 3)
            if state.mode == "running"
            else None,
        }

    # -- changing ----------------------------------------------------------------------

    def advance(self, duration: str | float | int | timedelta) -> datetime:
        """Move the clock forward by a duration (`90s`, `5m`, `2h`, `3d`, ...)."""
        delta = parse_duration(duration)
        with self._lock:
            check_reachable(self.now() + delta)
            state = self.state
            if state.mode == "frozen":
                new = ClockState("frozen", state.frozen_at + delta, state.offset)
            else:
                new = ClockState("running", state.frozen_at, state.offset + delta)
            self._write(new)
        return self.now()

    def set(self, moment: str | datetime) -> datetime:
        """Set the clock to an instant. Moving backwards is refused: expiry rules assume
        time only moves forward, as it does for the real service."""
        target = check_reachable(parse_timestamp(moment))
        with self._lock:
            now = self.now()
            if target < now:
                raise InvalidTimestamp(
                    f"The clock only moves forward: {format_timestamp(target)} is before "
                    f"{format_timestamp(now)}."
                )
            state = self.state
            if state.mode == "frozen":
                new = ClockState("frozen", target, state.offset)
            else:
                new = ClockState("running", state.frozen_at, target - _wall_now())
            self._write(new)
        return self.now()

    def freeze(self) -> datetime:
        """Stop time at the current instant."""
        with self._lock:
            now = self.now()
            self._write(ClockState("frozen", now, self.state.offset))
        return now

    def resume(self) -> datetime:
        """Let time flow with the wall clock again, from the current instant."""
        with self._lock:
            state = self.state
            if state.mode == "frozen":
                self._write(ClockState("running", state.frozen_at, state.frozen_at - _wall_now()))
        return self.now()

    # -- persistence -------------------------------------------------------------------

    def _reload(self, force: bool = False) -> None:
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return
        stamp = self._file_stamp(info)
        if not force and stamp == self._stamp:
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self._state = ClockState.from_json(data)
            self._stamp = stamp
        except (OSError, ValueError, KeyError, TypeError):
            # A half-written or hand-edited file: keep the last good state.
            pass

    def _write(self, state: ClockState) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a reader in another process never sees half a file.
        fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".clock-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(state.to_json(), handle)
        os.replace(temp, self.path)
        self._state = state
        self._stamp = self._file_stamp(os.stat(self.path))

    @staticmethod
    def _file_stamp(info: os.stat_result) -> tuple[int, int, int]:
        # Each write renames a new file into place, so the inode tells two writes apart
        # even when they land within one mtime tick.
        return (info.st_ino, info.st_mtime_ns, info.st_size)


def monotonic() -> float:
    """Real elapsed time, for measuring durations of real I/O (webhook HTTP calls)."""
    return time.perf_counter()
