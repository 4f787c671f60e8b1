"""Life-cycle benchmark: how long a `Simulator` takes to build, to answer and to close.

Prints, from one run: `Simulator()` start and `close()` times (median of many), the first
in-process answer, the 1,000-loop of the life-cycle test (`Simulator(); one GraphQL query;
close()`), and the ratio of a new store copied from the migrated schema image to one that
runs every migration. Asserts nothing about time, but fails when the query gets no answer.

    python benchmarks/bench_lifecycle.py [--loops 1000] [--rounds 100] [--store-rounds 30]
        [--quick]
"""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _bench import BenchmarkError, benchmark_parser, expect_status, parse_args

from simulator import EnvironmentName, Simulator
from simulator.storage import _store

QUERY = {"query": "{ __typename }"}


def check_refused(answer: Any) -> None:
    """The query is sent without a token, as in the life-cycle test: refused, but answered."""
    expect_status(answer, 401, "{ __typename } without a token")
    if "token" not in answer.text.lower():
        raise BenchmarkError(f"{{ __typename }} without a token answered {answer.text[:200]}")


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def start_and_close(rounds: int) -> tuple[list[float], list[float], list[float]]:
    starts, answers, closes = [], [], []
    for _ in range(rounds):
        began = time.perf_counter()
        sim = Simulator()
        built = time.perf_counter()
        answer = sim.client().post("/sandbox/graphql", json=QUERY)
        answered = time.perf_counter()
        sim.close()
        closed = time.perf_counter()
        check_refused(answer)
        starts.append(built - began)
        answers.append(answered - built)
        closes.append(closed - answered)
    return starts, answers, closes


def new_store_seconds(rounds: int, *, image: bool) -> float:
    """Median time to create one environment file, with or without the schema image."""
    samples = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as directory:
            began = time.perf_counter()
            if image:
                store = _store.Store.open(directory, EnvironmentName.SANDBOX, durable=False)
            else:
                store = _store.Store(Path(directory) / "x.sqlite", EnvironmentName.SANDBOX)
                store.durable = False
                _store._apply_migrations(store.db)
            samples.append(time.perf_counter() - began)
            store.close()
    return statistics.median(samples)


def loop_seconds(loops: int) -> tuple[float, int, int]:
    """The life-cycle test's loop: its wall time, and the threads and descriptors it left."""
    threads, descriptors = threading.active_count(), open_descriptors()
    began = time.perf_counter()
    for _ in range(loops):
        sim = Simulator()
        with sim.client() as client:
            answer = client.post("/sandbox/graphql", json=QUERY)
        sim.close()
    check_refused(answer)
    seconds = time.perf_counter() - began
    return seconds, threading.active_count() - threads, open_descriptors() - descriptors


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--loops", type=int, default=1000, help="the life-cycle test's loop")
    parser.add_argument("--rounds", type=int, default=100, help="timed starts and closes")
    parser.add_argument("--store-rounds", type=int, default=30, help="new stores of each kind")
    args = parse_args(parser, {"loops": 20, "rounds": 10, "store_rounds": 5}, argv)
    first = time.perf_counter()
    Simulator().close()  # the process's first: schemas parsed, migrated image built
    print(f"first Simulator() in a process + close: {(time.perf_counter() - first) * 1000:.0f} ms")
    starts, answers, closes = start_and_close(args.rounds)
    print(f"Simulator() start            median {median_ms(starts):6.1f} ms")
    print(f"first in-process answer      median {median_ms(answers):6.1f} ms")
    print(f"close()                      median {median_ms(closes):6.1f} ms")
    copied, migrated = (
        new_store_seconds(args.store_rounds, image=True),
        new_store_seconds(args.store_rounds, image=False),
    )
    print(
        f"new store: migrations {migrated * 1000:.1f} ms, image copy {copied * 1000:.1f} ms "
        f"({migrated / copied:.1f}x faster)"
    )
    seconds, threads, descriptors = loop_seconds(args.loops)
    print(
        f"{args.loops} x (Simulator(); one query in a `with` client; close()): {seconds:.1f} s "
        f"({seconds / args.loops * 1000:.1f} ms each); left {threads} threads, "
        f"{descriptors} descriptors"
    )


if __name__ == "__main__":
    main()
