"""Room benchmark: how long a trainer waits for `workshop create`, a room-wide reset and restore.

Prints, from one run, wall and CPU seconds (the CPU figure is this process's own, which other
jobs on a shared machine barely change) for:

1. `create` of a room of `--small` learners with the template built (an empty cache: the
   first room a machine makes), then of a new room of `--small` and one of `--large` learners
   with the template from the user's cache (`workshop/template_cache.py`; every later room);
   the cost per learner beyond the template (the large room's time less the small one's,
   over the learners added);
2. the same copy made the way every space was before (the template's ids renamed with SQL
   in every text column), for `--sql` learners: the per-learner ratio, measured in this run;
3. on the small room, every space open (as `serve` has them), before the large room is
   made: a room-wide checkpoint, reset (`Workshop.reset_many`) and restore of the checkpoint
   (`room_action`), each per learner.

Before timing, it checks what it times: a learner's credentials get a token in their space
after the create and after the reset, and the restore brings back a clock moved after the
checkpoint. The user's cache is left alone: the run uses a temporary one.

    python benchmarks/bench_room.py [--small 30] [--large 300] [--sql 10] [--dataset workshop]
        [--quick]

`--quick` is 3 and 10 learners (2 by SQL) of the `default` dataset: the same path in seconds.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from _bench import BenchmarkError, benchmark_parser, expect_status, parse_args

from simulator.workshop import Workshop, default_names
from simulator.workshop.room_actions import room_action

#: label: (wall seconds, CPU seconds of this process, its threads included)
Figures = dict[str, tuple[float, float]]


@contextmanager
def timed(label: str, learners: int, figures: Figures) -> Iterator[None]:
    """Time the block: `figures[label]` is (wall, CPU) seconds; printed with each per learner."""
    wall, cpu = time.perf_counter(), time.process_time()
    yield
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    figures[label] = (wall, cpu)
    each = f"{wall / learners * 1000:7.1f} ms {cpu / learners * 1000:6.1f} ms CPU a learner"
    print(f"  {label:44} {wall:7.2f} s {cpu:6.2f} s CPU {each}", flush=True)


def check_token(room: Workshop, name: str, when: str) -> None:
    record = room.record(name)
    with room.learner(name).client() as http:
        answer = http.post(
            "/oauth2/token",
            data={
                "grant_type": "client_credentials",
                "client_id": record.client_id,
                "client_secret": record.client_secret,
            },
        )
    expect_status(answer, 200, f"{name}'s client-credentials token {when}")


def create(path: Path, count: int, dataset: str, *, sql: bool = False) -> Workshop:
    room = Workshop(path)
    if sql:  # no copy plan: every space copied as before it (spaces.py's SQL fallback)
        room._template(dataset)
        room._images[dataset] = None
    room.create(default_names(count), dataset=dataset)
    return room


def room_figures(root: Path, args: argparse.Namespace, figures: Figures) -> None:
    small, large, sql, dataset = args.small, args.large, args.sql, args.dataset
    print(f"workshop create ({dataset} dataset)")
    with timed(f"{small} learners, template built (empty cache)", small, figures):
        create(root / "cold", small, dataset).close()
    with timed(f"{small} learners, template from the cache", small, figures):
        room = create(root / "small", small, dataset)
    check_token(room, room.names[-1], "after create")
    try:  # before the large room: its gigabytes being written out would slow the copies
        actions(room, figures)
    finally:
        room.close()
    print(f"workshop create ({dataset} dataset), continued")
    with timed(f"{large} learners, template from the cache", large, figures):
        create(root / "large", large, dataset).close()
    shutil.rmtree(root / "large")
    cached_small = figures[f"{small} learners, template from the cache"]
    cached_large = figures[f"{large} learners, template from the cache"]
    if large > small:
        wall, cpu = (
            (y - x) / (large - small) * 1000
            for x, y in zip(cached_small, cached_large, strict=True)
        )
        print(f"  per learner beyond the template: {wall:.1f} ms ({cpu:.1f} ms CPU)")
    label = f"{sql} learners, ids renamed with SQL (before)"
    with timed(label, sql, figures):
        create(root / "sql", sql, dataset, sql=True).close()
    wall, cpu = ((x / sql) / (y / small) for x, y in zip(figures[label], cached_small, strict=True))
    print(f"  a space by SQL renames / by the copy plan: {wall:.1f}x ({cpu:.1f}x in CPU)")


def actions(room: Workshop, figures: Figures) -> None:
    names = room.names
    for name in names:
        room.learner(name)
    print(f"room-wide actions ({len(names)} learners, every space open)")
    with timed("checkpoint", len(names), figures):
        room_action(room, "checkpoint", {"checkpoint": "bench"})
    before = room.learner(names[0]).clock.timestamp()
    room.learner(names[0]).advance("1h")
    with timed("reset", len(names), figures):
        room.reset_many(names)
    check_token(room, names[0], "after the reset")
    with timed("restore", len(names), figures):
        room_action(room, "restore", {"checkpoint": "bench"})
    if room.learner(names[0]).clock.timestamp() != before:
        raise BenchmarkError("The restore did not bring back the checkpoint's clock.")


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--small", type=int, default=30, help="learners of the small room")
    parser.add_argument("--large", type=int, default=300, help="learners of the large room")
    parser.add_argument("--sql", type=int, default=10, help="learners copied the old way")
    parser.add_argument("--dataset", default="workshop")
    args = parse_args(parser, quick={"small": 3, "large": 10, "sql": 2, "dataset": "default"})
    with tempfile.TemporaryDirectory(prefix="bench-room-") as scratch:
        root = Path(scratch)
        # A cache of the run's own: the first room builds the template, the others reuse it.
        os.environ["SIMULATOR_CACHE_DIR"] = str(root / "cache")
        figures: Figures = {}
        room_figures(root, args, figures)


if __name__ == "__main__":
    main()
