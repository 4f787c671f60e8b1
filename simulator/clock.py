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

**One clock across processes.** Every change (advance, set, freeze, resume) is a
read-modify-write of `clock.json` under an exclusive `flock` on `clock.lock` beside it, and
re-reads the file inside the lock: a server, a CLI and notebooks on one data dir never lose
each other's advances, and since the file is replaced by a rename, a reader sees the old
state or the new one, never half of one. `held()` keeps that lock over several changes (the
scheduler's advance: the target, then each due instant in turn, then the target); the lock
is re-entrant for the thread holding it, and shared by every `Clock` object of one file in
the process (a `flock` taken twice by one process on two descriptors would wait for itself).

```python
clock = Clock.open(data_dir, start=datetime(2026, 1, 5, 9, tzinfo=UTC))
clock.now()            # 2026-01-05 09:00:00+00:00 (a new clock starts frozen)
clock.advance("90m")
clock.now()            # 2026-01-05 10:30:00+00:00
clock.resume()         # from now on, time flows with the wall clock
```
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Final, Literal
from weakref import WeakValueDictionary

from .exceptions import InvalidDuration, InvalidTimestamp

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process per data dir there
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "DEFAULT_START",
    "EARLIEST",
    "LATEST",
    "Clock",
    "ClockState",
    "check_instant",
    "format_timestamp",
    "later",
    "parse_duration",
]

ClockMode = Literal["frozen", "running"]

#: The instant a new frozen clock starts at: a Monday morning, so examples read naturally.
DEFAULT_START = datetime(2026, 1, 5, 9, 0, 0, tzinfo=UTC)

#: The clock's range. Time rules add lifetimes (minutes to years) to the clock's time, so the
#: clock stops a millennium before `datetime.max` (year 9999), where such a sum would
#: overflow; four-digit years keep stored times sortable as text.
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)

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
        try:
            seconds = float(value)
        except OverflowError:  # an int beyond any float
            raise InvalidDuration(f"Too long a duration: {value!r}") from None
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
    try:
        if not math.isfinite(seconds):
            raise OverflowError
        return timedelta(seconds=seconds)
    except OverflowError:
        raise InvalidDuration(f"Too long a duration: {value!r}") from None


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
    try:
        return parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:00:00-05:00 has no UTC form
        raise InvalidTimestamp(f"Out of range: {value!r}") from None


def check_instant(moment: datetime) -> datetime:
    """`moment`, if the clock can show it (`EARLIEST` to `LATEST`); `InvalidTimestamp` if not."""
    if not EARLIEST <= moment <= LATEST:
        raise InvalidTimestamp(
            f"{moment.isoformat()} is outside the clock's range "
            f"({format_timestamp(EARLIEST)} to {format_timestamp(LATEST)})."
        )
    return moment


def later(moment: datetime, duration: str | float | int | timedelta) -> datetime:
    """`moment` plus a duration (see `parse_duration`), within the clock's range.

    ```python
    later(DEFAULT_START, "1h")   # 2026-01-05 10:00:00+00:00
    later(DEFAULT_START, "99999999w")  # InvalidDuration: past the clock's range
    ```
    """
    delta = parse_duration(duration)
    try:
        target = moment + delta
    except OverflowError:
        target = None
    if target is None or target > LATEST:
        raise InvalidDuration(
            f"Advancing by {duration!r} would take the clock past {format_timestamp(LATEST)}."
        )
    return target


def format_timestamp(moment: datetime) -> str:
    """The one text form of an instant, in storage and in the API: sortable, UTC, milliseconds.

    ```python
    format_timestamp(datetime(2026, 1, 5, 9, tzinfo=UTC))  # '2026-01-05T09:00:00.000Z'
    ```
    """
    # isoformat is several times faster than strftime, and this runs for every row read.
    utc = moment.astimezone(UTC)
    if utc.year < 1000:  # isoformat pads such years to four digits; strftime does not
        return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"
    return utc.replace(tzinfo=None).isoformat(timespec="milliseconds") + "Z"


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
        frozen_at = check_instant(parse_timestamp(str(data["frozen_at"])))
        try:
            offset = timedelta(seconds=float(data["offset_seconds"]))  # type: ignore[arg-type]
            if mode == "running":
                check_instant(_wall_now() + offset)
        except OverflowError:
            raise ValueError("clock offset out of range") from None
        return cls(mode=mode, frozen_at=frozen_at, offset=offset)


def _wall_now() -> datetime:
    return datetime.now(UTC)


#: The real time in nanoseconds since the epoch (`wall_timestamp`'s; tests replace it).
_wall_ns = time.time_ns


class Clock:
    """A virtual clock persisted in a JSON file, shared by every process on one data dir."""

    FILE_NAME = "clock.json"
    #: The lock file every change holds (`flock`), beside `clock.json`.
    LOCK_NAME = "clock.lock"

    def __init__(self, path: Path, state: ClockState) -> None:
        self.path = path
        self._state = state
        self._stamp: tuple[int, int, int] | None = None
        self._held: IO[str] | None = None
        self._file_lock = _FileLock.of(path.with_name(self.LOCK_NAME))
        self._held_lock = threading.Lock()  # the swap of the held file, between threads

    @classmethod
    def open(
        cls, data_dir: Path | str, *, start: datetime | None = None, frozen: bool = True
    ) -> Clock:
        """Open the clock of a data dir, creating it when the data dir has none.

        A new clock starts frozen at `start` (default `DEFAULT_START`), or running from
        the wall clock when `frozen=False` and no `start` is given.
        """
        path = Path(data_dir) / cls.FILE_NAME
        clock = cls(path, ClockState("frozen", DEFAULT_START, timedelta()))
        if path.exists():
            clock._reload(force=True)
            return clock
        begin = parse_timestamp(start) if start is not None else None
        if begin is not None:
            check_instant(begin)
        # Under the lock: of two processes opening a new data dir at once, one creates the
        # clock and the other reads it.
        with clock._changing():
            if not path.exists():
                wall = _wall_now()
                begin = begin or (DEFAULT_START if frozen else wall)
                if frozen:
                    clock._write(ClockState("frozen", begin, timedelta()))
                else:
                    clock._write(ClockState("running", begin, begin - wall))
        return clock

    # -- reading -----------------------------------------------------------------------

    def now(self) -> datetime:
        """The current virtual time (timezone-aware, UTC): the pinned instant inside
        `pinned()`, else the clock's."""
        pin = self._file_lock.pin.get()
        if pin is not None:
            return pin.moment
        state = self.state
        if state.mode == "frozen":
            return state.frozen_at
        return _wall_now() + state.offset

    def timestamp(self) -> str:
        """`now()` in the simulator's text form (see `format_timestamp`)."""
        pin = self._file_lock.pin.get()
        if pin is None:
            return format_timestamp(self.now())
        cached = pin.text
        if cached is None or cached[0] is not pin.moment:
            cached = pin.text = (pin.moment, format_timestamp(pin.moment))
        return cached[1]

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
        with self._changing():
            state = self.state
            now = self.now()
            target = later(now, duration)
            if state.mode == "frozen":
                new = ClockState("frozen", target, state.offset)
            else:
                new = ClockState("running", state.frozen_at, state.offset + (target - now))
            self._write(new)
            self._repin(target)
        return self.now()

    def set(self, moment: str | datetime) -> datetime:
        """Set the clock to an instant. Moving backwards is refused: expiry rules assume
        time only moves forward, as it does for the real service."""
        target = check_instant(parse_timestamp(moment))
        with self._changing():
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
            self._repin(target)
        return self.now()

    def freeze(self) -> datetime:
        """Stop time at the current instant."""
        with self._changing():
            now = self.now()
            self._write(ClockState("frozen", now, self.state.offset))
        return now

    def resume(self) -> datetime:
        """Let time flow with the wall clock again, from the current instant."""
        with self._changing():
            state = self.state
            if state.mode == "frozen":
                self._write(ClockState("running", state.frozen_at, state.frozen_at - _wall_now()))
        return self.now()

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the clock: no move from another process or thread until the block ends (a
        snapshot copies its files meanwhile; the scheduler fires due work on the way to its
        target). The holding thread may move it meanwhile, through any `Clock` of the file."""
        with self._changing():
            yield

    def restore(self, state: ClockState) -> None:
        """Put back a saved state, backwards too: a snapshot being restored (hold the clock
        with `held()` around it). Nothing else moves the clock back."""
        self._write(state)
        self._repin(state.frozen_at if state.mode == "frozen" else _wall_now() + state.offset)

    @contextmanager
    def pinned(self, moment: datetime) -> Iterator[datetime]:
        """Read `moment` as the time in this context (this thread, or this request's task
        and the worker threads it hands work to) until the block ends, whatever the clock
        does meanwhile; a move made inside, through any `Clock` of the file, moves the pin
        with it. The other threads and processes keep reading the clock.

        Why: a rule must never see the wall clock move under it. A request reads one
        instant from start to end (the one its journal entry records), and due work runs at
        the instant it fell due even when the clock has gone past it (the server catching up
        after another process moved the clock); so a running clock replays exactly.
        """
        token = self._file_lock.pin.set(_Pin(check_instant(moment), self._file_lock.pin.get()))
        try:
            yield moment
        finally:
            self._file_lock.pin.reset(token)

    def _repin(self, moment: datetime) -> None:
        # The enclosing pins too: the clock really moved (a move inside a request's advance).
        pin = self._file_lock.pin.get()
        while pin is not None:
            pin.moment = moment
            pin = pin.outer

    # -- persistence -------------------------------------------------------------------

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.LOCK_NAME)

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """Hold the clock for a read-modify-write: this process's other threads and every
        other process on the data dir (`_FileLock`), then read the file afresh, so the change
        applies to the latest state, never to a stale copy. Re-entrant: a change inside
        `held()` (or inside another `Clock` object's hold, in the same thread) just reads the
        file again, since a nested change may follow one made through the other object."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._file_lock.hold():
            self._reload(force=True)
            yield

    def _reload(self, force: bool = False) -> None:
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return
        if not force and self._file_stamp(info) == self._stamp:
            return
        try:
            handle = open(self.path, encoding="utf-8")  # noqa: SIM115 (kept open: see _hold)
        except OSError:
            return
        try:
            state = ClockState.from_json(json.loads(handle.read()))
        except (OSError, ValueError, KeyError, TypeError, OverflowError):
            # A half-written or hand-edited file: keep the last good state.
            handle.close()
            return
        self._hold(handle, state)

    def _hold(self, handle: IO[str], state: ClockState) -> None:
        # The file the state was read from stays open, so its inode cannot be reused by a
        # later write: a stamp equal to ours is then really our file, never a new one that
        # landed on a recycled inode within one mtime tick (an advance would look unseen).
        # The stamp is taken before the handle is published: once published, another
        # thread's read may replace and close it (threads read without the file lock).
        stamp = self._file_stamp(os.fstat(handle.fileno()))
        with self._held_lock:
            previous, self._held = self._held, handle
            self._state = state
            self._stamp = stamp
        if previous is not None:
            previous.close()

    def _write(self, state: ClockState) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a reader in another process never sees half a file.
        fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".clock-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(state.to_json(), handle)
        os.replace(temp, self.path)
        self._hold(open(self.path, encoding="utf-8"), state)  # noqa: SIM115

    def close(self) -> None:
        """Let go of the state file held open (the clock reopens it when read again)."""
        with self._held_lock:
            held, self._held, self._stamp = self._held, None, None
        if held is not None:
            held.close()

    def __del__(self) -> None:
        held = getattr(self, "_held", None)
        if held is not None:
            held.close()

    @staticmethod
    def _file_stamp(info: os.stat_result) -> tuple[int, int, int]:
        # Each write renames a new file into place, so the inode tells two writes apart
        # even when they land within one mtime tick.
        return (info.st_ino, info.st_mtime_ns, info.st_size)


@dataclass
class _Pin:
    """An instant `Clock.pinned` reads, and the pin it was set inside of, if any."""

    moment: datetime
    outer: _Pin | None
    #: `moment` in text form and the moment it is of (a repin replaces the moment): a
    #: request reads its instant's text several times (its rows, due work, the room's note).
    text: tuple[datetime, str] | None = None


class _FileLock:
    """The lock of one `clock.lock` in this process: a re-entrant thread lock, with the
    `flock` taken by the outermost hold only.

    One per file and process (`of`), because `flock` belongs to an open file description:
    two `Clock` objects of one data dir (the simulator's and `sim.clock`) each opening the
    file would make a thread holding one wait forever on the other.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0  # holds of the owning thread; read and written under _lock only
        #: The instant `Clock.pinned` reads in the current context (an object: a move made in
        #: a worker thread, in a copy of the context, moves the request's pin too).
        self.pin: ContextVar[_Pin | None] = ContextVar(f"pin:{path}", default=None)

    @classmethod
    def of(cls, path: Path) -> _FileLock:
        key = os.path.abspath(path)
        with _FILE_LOCKS_LOCK:
            found = _FILE_LOCKS.get(key)
            if found is None:
                found = _FILE_LOCKS[key] = cls(path)
            return found

    @contextmanager
    def hold(self) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            with open(self.path, "a+b", opener=_owner_only) as handle:
                if fcntl is not None:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
                self._depth = 1
                try:
                    yield
                finally:
                    self._depth = 0
                    if fcntl is not None:
                        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


#: The `_FileLock` of each clock file in use in this process (dropped with its last `Clock`).
_FILE_LOCKS: WeakValueDictionary[str, _FileLock] = WeakValueDictionary()
_FILE_LOCKS_LOCK = threading.Lock()


#: Real elapsed time, for measuring durations of real I/O (webhook HTTP calls) and the
#: execution deadline. `time.perf_counter` itself, not a function around it: the deadline
#: reads it before every field a query resolves (60 times for a page of ten accounts).
monotonic: Final[Callable[[], float]] = time.perf_counter


def wall_seconds() -> float:
    """The real time, seconds since the epoch: for the time stamps of log lines people read
    (as `logging` stamps its records), never for a rule the simulator applies."""
    return time.time()


def wall_timestamp() -> str:
    """The real time, in the simulator's text form: for records people read (the request
    journal's `wall_time`), never for a rule the simulator applies."""
    # Written for every journal entry, where a `datetime` and its `isoformat` cost some
    # 13 µs (cold, inside a request) against 5: the text of the second is made once a
    # second, its milliseconds appended (truncated, as `isoformat` truncates).
    seconds, nanoseconds = divmod(_wall_ns(), 1_000_000_000)
    return f"{_utc_second(seconds)}.{nanoseconds // 1_000_000:03d}Z"


@functools.lru_cache(maxsize=1)
def _utc_second(seconds: int) -> str:
    """`wall_timestamp`'s text up to its second (a pure function: cached, not state)."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))


def _owner_only(path: str, flags: int) -> int:
    """Open `path` as a file only its owner may read (`0600`, whatever the umask), like every
    file of the data dir (see `storage.private`)."""
    descriptor = os.open(path, flags, 0o600)
    os.fchmod(descriptor, 0o600)
    return descriptor
