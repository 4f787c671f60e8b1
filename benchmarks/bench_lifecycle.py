"""Life-cycle benchmark: how long a `Simulator` takes to build, to answer and to close.

Prints, from one run: `Simulator()` start and `close()` times (median of many), the first
in-process answer, the 1,000-loop of the life-cycle test (`Simulator(); one GraphQL query;
close()`), and the ratio of a new store copied from the migrated schema image to one that
runs every migration. Asserts nothing about time.

    python benchmarks/bench_lifecycle.py [--loops 1000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from simulator import EnvironmentName, Simulator
from simulator.storage import _store

QUERY = {"query": "{ __typename }"}


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def start_and_close(rounds: int) -> tuple[list[float], list[float], list[float]]:
    starts, answers, closes = [], [], []
    for _ in range(rounds):
        began = time.perf_counter()
        sim = Simulator()
        built = time.perf_counter()
        sim.client().post("/sandbox/graphql", json=QUERY)
        answered = time.perf_counter()
        sim.close()
        closed = time.perf_counter()
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


def loop_seconds(loops: int) -> float:
    began = time.perf_counter()
    for _ in range(loops):
        sim = Simulator()
        with sim.client() as client:
            client.post("/sandbox/graphql", json=QUERY)
        sim.close()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loops", type=int, default=1000)
    args = parser.parse_args()
    first = time.perf_counter()
    Simulator().close()  # the process's first: schemas parsed, migrated image built
    print(f"first Simulator() in a process + close: {(time.perf_counter() - first) * 1000:.0f} ms")
    starts, answers, closes = start_and_close(100)
    print(f"Simulator() start            median {median_ms(starts):6.1f} ms")
    print(f"first in-process answer      median {median_ms(answers):6.1f} ms")
    print(f"close()                      median {median_ms(closes):6.1f} ms")
    copied, migrated = new_store_seconds(30, image=True), new_store_seconds(30, image=False)
    print(
        f"new store: migrations {migrated * 1000:.1f} ms, image copy {copied * 1000:.1f} ms "
        f"({migrated / copied:.1f}x faster)"
    )
    seconds = loop_seconds(args.loops)
    print(
        f"{args.loops} x (Simulator(); one query in a `with` client; close()): {seconds:.1f} s "
        f"({seconds / args.loops * 1000:.1f} ms each)"
    )


if __name__ == "__main__":
    main()
