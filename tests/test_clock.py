import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from simulator.clock import DEFAULT_START, LATEST, Clock, format_timestamp, parse_duration
from simulator.exceptions import InvalidDuration, InvalidTimestamp


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("90s", 90),
        ("5m", 300),
        ("2h", 7200),
        ("3d", 259200),
        ("1h30m", 5400),
        ("15", 15),
        ("1w", 604800),
    ],
)
def test_parse_duration(text: str, seconds: int) -> None:
    assert parse_duration(text) == timedelta(seconds=seconds)


@pytest.mark.parametrize("text", ["", "5 minutes", "-5m", "m5", "5x", "1h-2m"])
def test_parse_duration_refuses_nonsense(text: str) -> None:
    with pytest.raises(InvalidDuration):
        parse_duration(text)


@pytest.mark.parametrize("value", ["99999999999w", "9" * 400, 10**400, float("inf"), 1e300])
def test_durations_too_long_for_any_clock_are_refused(value: object) -> None:
    with pytest.raises(InvalidDuration):
        parse_duration(value)  # type: ignore[arg-type]


def test_the_clock_stays_within_its_range(tmp_path) -> None:
    """Near `datetime.max`, adding a lifetime to the clock's time would overflow (a 500 at the
    token endpoint): the clock refuses to go past `LATEST` instead, and changes nothing."""
    clock = Clock.open(tmp_path)
    for moment in ["9999-12-31T23:59:59Z", "9999-12-31T23:00:00-05:00"]:
        with pytest.raises(InvalidTimestamp):
            clock.set(moment)
    with pytest.raises(InvalidDuration):
        clock.advance("100000000d")
    assert clock.now() == DEFAULT_START
    assert clock.set(LATEST) == LATEST
    with pytest.raises(InvalidDuration):
        clock.advance("1s")
    clock.resume()
    with pytest.raises(InvalidDuration):
        clock.advance("1d")
    with pytest.raises(InvalidTimestamp):
        Clock.open(tmp_path / "other", start="1066-10-14T09:00:00Z")


def test_a_hand_edited_clock_out_of_range_keeps_the_last_good_state(tmp_path) -> None:
    clock = Clock.open(tmp_path)
    clock.advance("1h")
    for state in [
        {"mode": "frozen", "frozen_at": "9999-12-31T00:00:00+00:00", "offset_seconds": 0},
        {"mode": "running", "frozen_at": "2026-01-05T09:00:00+00:00", "offset_seconds": 1e300},
    ]:
        (tmp_path / "clock.json").write_text(json.dumps(state))
        assert clock.now() == DEFAULT_START + timedelta(hours=1)


def test_new_clock_is_frozen_at_the_default_start(tmp_path) -> None:
    clock = Clock.open(tmp_path)
    assert clock.frozen
    assert clock.now() == DEFAULT_START
    assert clock.timestamp() == "2026-01-05T09:00:00.000Z"


def test_advance_set_freeze_resume(tmp_path) -> None:
    clock = Clock.open(tmp_path)
    assert clock.advance("90s") == DEFAULT_START + timedelta(seconds=90)
    target = datetime(2026, 2, 1, tzinfo=UTC)
    assert clock.set("2026-02-01T00:00:00Z") == target
    clock.resume()
    assert not clock.frozen
    assert clock.now() >= target
    frozen_at = clock.freeze()
    assert clock.frozen and clock.now() == frozen_at


def test_the_clock_never_moves_backwards(tmp_path) -> None:
    clock = Clock.open(tmp_path)
    with pytest.raises(InvalidTimestamp):
        clock.set(DEFAULT_START - timedelta(seconds=1))
    with pytest.raises(InvalidTimestamp):
        clock.set("yesterday")


def test_running_clock_follows_the_wall_clock_with_an_offset(tmp_path) -> None:
    clock = Clock.open(tmp_path, frozen=False, start=datetime(2030, 1, 1, tzinfo=UTC))
    first = clock.now()
    assert first >= datetime(2030, 1, 1, tzinfo=UTC)
    clock.advance("1d")
    assert clock.now() - first >= timedelta(days=1)


def test_the_state_is_shared_through_the_data_dir(tmp_path) -> None:
    """A second process (here: a second Clock on the same file) sees every change at once."""
    server_side = Clock.open(tmp_path)
    cli_side = Clock.open(tmp_path)
    for _ in range(3):  # several writes within one mtime tick must all be seen
        cli_side.advance("5m")
        assert server_side.now() == cli_side.now()
    assert server_side.now() == DEFAULT_START + timedelta(minutes=15)


def test_format_timestamp_is_utc_with_milliseconds() -> None:
    moment = datetime(2026, 1, 5, 10, 0, 0, 123456, tzinfo=UTC)
    assert format_timestamp(moment) == "2026-01-05T10:00:00.123Z"


_ADVANCER = """
import sys
from simulator.clock import Clock
clock = Clock.open(sys.argv[1])
for _ in range(int(sys.argv[2])):
    clock.advance("1s")
"""


def test_processes_on_one_data_dir_never_lose_an_advance(tmp_path: Path) -> None:
    """4 processes x 50 advances of 1 s on one data dir: exactly +200 s (a lock around each
    read-modify-write of clock.json)."""
    start = Clock.open(tmp_path).now()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    workers = [
        subprocess.Popen([sys.executable, "-c", _ADVANCER, str(tmp_path), "50"], env=env)
        for _ in range(4)
    ]
    assert [worker.wait(timeout=120) for worker in workers] == [0, 0, 0, 0]
    assert Clock.open(tmp_path).now() - start == timedelta(seconds=200)


def test_a_reader_never_sees_time_go_back(tmp_path: Path) -> None:
    clock = Clock.open(tmp_path)
    reader = Clock.open(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    worker = subprocess.Popen([sys.executable, "-c", _ADVANCER, str(tmp_path), "100"], env=env)
    seen = [reader.now()]
    while worker.poll() is None:
        seen.append(reader.now())
    assert worker.wait() == 0
    assert seen == sorted(seen)
    assert reader.now() == clock.now() == seen[0] + timedelta(seconds=100)


_SIM_ADVANCER = """
import sys
from simulator import Simulator
sim = Simulator(data_dir=sys.argv[1])
try:
    for _ in range(int(sys.argv[2])):
        sim.advance("1s")
finally:
    sim.close()
"""


def test_simulators_on_one_data_dir_never_lose_an_advance(tmp_path: Path) -> None:
    """`Simulator.advance` is one atomic step across processes too: the target is computed
    under the clock's lock, from the time then, and held until the due work has run (it read
    the time, ran due work, then set a target computed from that stale read: 63-71 s of 200,
    and `InvalidTimestamp` in the processes that had fallen behind)."""
    from simulator import Simulator

    with Simulator(data_dir=tmp_path) as sim:
        start = sim.now()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _SIM_ADVANCER, str(tmp_path), "50"],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    errors = [worker.communicate(timeout=240)[1] for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0, 0, 0], errors
    assert Clock.open(tmp_path).now() - start == timedelta(seconds=200)
