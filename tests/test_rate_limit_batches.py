"""Rate counters kept in memory and written in batches (issue 35): the same decisions as a
write per request, within one process and across two on one data dir."""

from __future__ import annotations

from pathlib import Path

from simulator.clock import Clock
from simulator.limits import RateLimit, RateLimiter
from simulator.limits.rate_limit import FLUSH_EVERY

RATE = RateLimit(requests=2_000, window_seconds=300)


def in_file(limiter: RateLimiter, client: str = "a") -> int | None:
    row = limiter._execute("SELECT count FROM rate_counters WHERE client = ?", [client]).fetchone()
    return None if row is None else int(row[0])


def test_requests_are_written_in_batches_and_on_close(tmp_path: Path) -> None:
    limiter = RateLimiter(tmp_path, Clock.open(tmp_path))
    for _ in range(FLUSH_EVERY - 1):
        limiter.hit("a", "/x", RATE)
    assert in_file(limiter) is None  # not written yet: no commit a request
    assert limiter.hit("a", "/x", RATE).count == FLUSH_EVERY
    assert in_file(limiter) == FLUSH_EVERY  # the batch
    for _ in range(5):
        limiter.hit("a", "/x", RATE)
    limiter.close()
    again = RateLimiter(tmp_path, Clock.open(tmp_path))
    assert again.hit("a", "/x", RATE).count == FLUSH_EVERY + 6  # closed: all written
    again.close()


def test_a_second_of_virtual_time_writes(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    limiter = RateLimiter(tmp_path, clock)
    limiter.hit("a", "/x", RATE)
    assert in_file(limiter) is None
    clock.advance("1s")
    limiter.hit("a", "/x", RATE)
    assert in_file(limiter) == 2
    limiter.close()


def test_two_processes_share_the_budget(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    one, two = RateLimiter(tmp_path, clock), RateLimiter(tmp_path, Clock.open(tmp_path))
    for _ in range(FLUSH_EVERY):  # written at the last one
        one.hit("a", "/x", RATE)
    assert two.hit("a", "/x", RATE).count == FLUSH_EVERY + 1
    for _ in range(3):
        one.hit("a", "/x", RATE)  # in one's memory
    two.flush()
    # Far from the limit, one follows the file at its next write (it lags until then) ...
    assert one.hit("a", "/x", RATE).count == FLUSH_EVERY + 4
    one.flush()  # ... where its requests are added to two's
    assert one.hit("a", "/x", RATE).count == FLUSH_EVERY + 6
    one.close()
    two.close()


def test_near_the_limit_a_clear_elsewhere_applies_at_once(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    rate = RateLimit(requests=FLUSH_EVERY + 2, window_seconds=60)
    serving, command = RateLimiter(tmp_path, clock), RateLimiter(tmp_path, Clock.open(tmp_path))
    for _ in range(FLUSH_EVERY + 2):
        serving.hit("a", "/x", rate)
    assert not serving.hit("a", "/x", rate).allowed
    command.clear()
    assert serving.hit("a", "/x", rate).count == 1
    serving.close()
    command.close()


def test_near_the_limit_every_request_is_written(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    rate = RateLimit(requests=3, window_seconds=60)
    one, two = RateLimiter(tmp_path, clock), RateLimiter(tmp_path, Clock.open(tmp_path))
    assert [one.hit("a", "/x", rate).allowed for _ in range(2)] == [True, True]
    assert two.hit("a", "/x", rate).allowed
    assert not one.hit("a", "/x", rate).allowed  # number 4, counted by two processes
    one.close()
    two.close()


def test_a_clear_elsewhere_forgets_what_is_not_written(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    serving, command = RateLimiter(tmp_path, clock), RateLimiter(tmp_path, Clock.open(tmp_path))
    for _ in range(FLUSH_EVERY + 3):
        serving.hit("a", "/x", RATE)
    assert command.clear() == 1
    # Far from the limit the serving process sees the clear at its next write ...
    assert serving.hit("a", "/x", RATE).count == FLUSH_EVERY + 4
    serving.flush()  # ... which forgets the requests counted before it, not written
    assert serving.hit("a", "/x", RATE).count == 1  # a full budget again
    serving.flush()
    assert command.counters()[0]["count"] == 1
    serving.close()
    command.close()


def test_a_window_ends_in_memory_too(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    limiter = RateLimiter(tmp_path, clock)
    rate = RateLimit(requests=2_000, window_seconds=60)
    limiter.hit("a", "/x", rate)
    clock.advance("1m")
    fresh = limiter.hit("a", "/x", rate)
    assert (fresh.count, fresh.reset_seconds) == (1, 60)
    assert [c["count"] for c in limiter.counters()] == [1]
    limiter.close()
