"""Fuzz every route of the app: 10,000 hostile requests (by default) spread over all routes.

The generators of `tests/test_fuzz_routes.py` (`tests/fuzz_requests.py`), seeds 0..N-1, the
same every run. Prints the responses by status class and status, the number of 5xx (the
target is 0) with where each bug was raised, whether every refused request (4xx) left the
store unchanged, and the rate in requests per second.

    python benchmarks/fuzz_all.py            # 10,000 examples
    python benchmarks/fuzz_all.py 2000       # fewer
    python benchmarks/fuzz_all.py --quick    # 300: a few seconds

Exits 1 when a response is a 5xx, a refusal changed the store, or a refusal is unclear.
"""

from __future__ import annotations

import logging
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's `tests`

from _bench import benchmark_parser, parse_args

from tests.fuzz_requests import fuzz_once
from tests.fuzz_support import FuzzWorld, Tally, app_routes


class BugSites(logging.Handler):
    """Where each logged bug (a 500) was raised: the innermost frame in `simulator/`."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.sites: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        if not record.exc_info or record.exc_info[1] is None:
            return
        if not record.getMessage().startswith("Unexpected error"):
            return  # not a bug answered 500 (e.g. a GraphQL error, logged for the record)
        error = record.exc_info[1]
        frames = [
            frame
            for frame in traceback.extract_tb(error.__traceback__)
            if "/simulator/" in frame.filename
        ]
        where = (
            f"{frames[-1].filename.split('/simulator/')[-1]}:{frames[-1].lineno}" if frames else "?"
        )
        self.sites[f"{where} {type(error).__name__}: {str(error)[:80]}"] += 1


def main(examples: int) -> int:
    logging.getLogger("python_multipart").setLevel(logging.CRITICAL)
    sites = BugSites()
    logging.getLogger("simulator").addHandler(sites)
    logging.getLogger("simulator").propagate = False
    with tempfile.TemporaryDirectory() as data_dir:
        world = FuzzWorld(Path(data_dir))
        try:
            routes = app_routes(world.sim.app)
            tally = Tally()
            start = time.perf_counter()
            for seed in range(examples):
                route = routes[seed % len(routes)]
                _, response, outcome = fuzz_once(world, route, seed)
                if response is None:
                    tally.unsendable += 1
                else:
                    tally.add(f"{route.id} seed={seed}", response, outcome)
            elapsed = time.perf_counter() - start
        finally:
            world.close()
    sent = examples - tally.unsendable
    print(f"{examples} examples over {len(routes)} routes; {sent} sent "
          f"({tally.unsendable} refused by httpx itself)")  # fmt: skip
    print("by class:", dict(sorted(tally.classes.items())))
    print("by status:", dict(sorted(tally.statuses.items())))
    print(f"responses >= 500: {tally.server_errors}")
    for site, count in sites.sites.most_common():
        print(f"  {count:5d}  {site}")
    print(f"refused (4xx): {tally.refused}; of which changed the store: "
          f"{tally.refused_changing_store} (store unchanged: "
          f"{'yes' if tally.refused_changing_store == 0 else 'NO'})")  # fmt: skip
    others = [f for f in tally.failures if "status 5" not in f and "store changed" not in f]
    print(f"other problems (unclear refusal bodies): {len(others)}")
    for failure in others[:10]:
        print("  ", failure[:300])
    print(f"rate: {sent / elapsed:.0f} requests/s ({elapsed:.1f} s)")
    return 1 if tally.failures else 0


def cli(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("examples", nargs="?", type=int, default=10_000, help="requests sent")
    return main(parse_args(parser, {"examples": 300}, argv).examples)


if __name__ == "__main__":
    sys.exit(cli())
