"""The room's shared worker threads (`workshop/fair_pool.py`): a space looping on heavy work
shares what is left after one thread kept free for the others."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from simulator.workshop.fair_pool import HEAVY_SWITCH_SECONDS, FairPool


def test_a_light_space_is_not_queued_behind_a_heavy_one() -> None:
    pool = FairPool(2, heavy_seconds=0.05)
    running: list[int] = []
    peak = [0]
    lock = threading.Lock()

    def heavy() -> None:
        with lock:
            running.append(1)
            peak[0] = max(peak[0], len(running))
        time.sleep(0.1)
        with lock:
            running.pop()

    try:
        first = [pool.executor("loop").submit(heavy) for _ in range(2)]
        for future in first:
            future.result()  # now heavy: 0.2 s of thread time
        peak[0] = 0
        queued = [pool.executor("loop").submit(heavy) for _ in range(4)]
        time.sleep(0.05)
        sent = time.perf_counter()
        assert pool.executor("ada").submit(lambda: "done").result(timeout=5) == "done"
        # A thread is kept free for ada: she waits for no heavy operation (a first-come
        # queue would have made her wait for four of them, 0.2 s on two threads).
        assert time.perf_counter() - sent < 0.08
        for future in queued:
            future.result(timeout=5)
        assert peak[0] == 1  # heavy spaces together run on one thread of two
    finally:
        pool.shutdown()


def test_results_errors_and_shutdown() -> None:
    pool = FairPool(2)
    executor = pool.executor("ada")
    assert executor.submit(lambda x: x * 2, 21).result() == 42
    with pytest.raises(ZeroDivisionError):
        executor.submit(lambda: 1 / 0).result()
    slow = [executor.submit(time.sleep, 0.02) for _ in range(4)]
    executor.shutdown()  # a space's view does not stop the room's threads
    assert executor.submit(lambda: "still").result() == "still"
    pool.shutdown(wait=True)  # runs what was submitted, then joins
    assert all(future.done() for future in slow)
    assert not any(thread.is_alive() for thread in pool._threads)
    with pytest.raises(RuntimeError, match="shut down"):
        executor.submit(lambda: None)


def test_the_switch_interval_is_cut_while_a_heavy_operation_runs() -> None:
    """While a heavy operation runs, a thread waiting for the GIL (the event loop) waits
    0.2 ms at most; a light one runs at the usual interval, which is back afterwards."""
    usual = sys.getswitchinterval()
    pool = FairPool(2, heavy_seconds=0.01, heavy_share=0.9)
    loop = pool.executor("loop")
    try:
        assert loop.submit(sys.getswitchinterval).result() == usual  # not heavy yet
        loop.submit(time.sleep, 0.05).result()  # 0.05 s of thread time: heavy now
        assert loop.submit(sys.getswitchinterval).result() == pytest.approx(HEAVY_SWITCH_SECONDS)
        assert pool.executor("ada").submit(sys.getswitchinterval).result() in (
            usual,
            HEAVY_SWITCH_SECONDS,
        )
        time.sleep(0.1)  # the heavy thread's rest ends
        assert sys.getswitchinterval() == usual
    finally:
        pool.shutdown()
        sys.setswitchinterval(usual)
