"""The instructor's view of a large room: page weight and refresh time, over a real `serve`.

Creates a room of N learners (`--learners`, default 300; real spaces of the `workshop`
dataset, made by `Workshop.create`, which copies one prepared template space: every row of
the view runs that learner's exercise checks on their own space and journal, so the spaces
must be real), gives `--active` of them some traffic (a project token, a GraphQL list, a
refused document: rows with requests, errors and one exercise done), starts
`python -m simulator serve` on it and signs in as the instructor. Then prints:

1. **page weight**: the bytes of `/workshop` (the page, every row in it), of its script, of
   `/workshop/rows` (what the page fetches every 5 s), of `/workshop/progress.json` and of
   one learner's page; with the gzip size of each (what a proxy compressing them would send);
2. **refresh time**: `--rounds` loads of `/workshop/rows` (the table's refresh), of
   `/workshop/progress.json` and of `/workshop`, one after the other on a quiet server: the
   median, p95 and max in ms (each a round trip: the checks of every learner, the table drawn).

Asserts nothing about time; fails when an answer is not a 200 or the rows are not the room's.

    python benchmarks/bench_instructor_view.py [--learners 300] [--active 60] [--rounds 20]
        [--dataset workshop] [--room DIR] [--quick]

`--room DIR`: the room is made in DIR the first time and reused by the next runs (making 300
spaces takes minutes on a busy machine; the view's figures do not depend on it).

`--quick`: 20 learners (5 active), 3 rounds: the same path in seconds.
"""

from __future__ import annotations

import csv
import gzip
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from _bench import BenchmarkError, benchmark_parser, expect_status, parse_args
from bench_workshop import Serve

from simulator.workshop import Workshop, default_names

ACCOUNTS = "query Accounts { accounts(first: 5) { edges { node { id } } } }"


def traffic(base_url: str, rows: list[dict[str, str]]) -> None:
    """Each of `rows`: a project token (exercise 1), a list of accounts, a refused document."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        for row in rows:
            space = f"/w/{row['name']}"
            answer = http.post(
                f"{space}/oauth2/token",
                data={"grant_type": "client_credentials"},
                auth=(row["client_id"], row["client_secret"]),
            )
            expect_status(answer, 200, f"{row['name']}'s project token")
            auth = {"Authorization": f"Bearer {answer.json()['access_token']}"}
            listed = http.post(f"{space}/sandbox/graphql", json={"query": ACCOUNTS}, headers=auth)
            expect_status(listed, 200, "accounts")
            refused = http.post(
                f"{space}/sandbox/graphql", json={"query": "{ nothingHere }"}, headers=auth
            )
            expect_status(refused, 400, "a refused document")


def timed(http: httpx.Client, path: str, rounds: int) -> tuple[list[float], bytes, int]:
    """`rounds` loads of `path`: each one's ms, the last body, and the bytes it took on the
    wire (httpx asks for gzip, as a browser does)."""
    times, body, wire = [], b"", 0
    for _ in range(rounds):
        sent = time.perf_counter()
        answer = http.get(path, headers={"Accept": "text/html"})
        times.append((time.perf_counter() - sent) * 1000)
        expect_status(answer, 200, path)
        body, wire = answer.content, answer.num_bytes_downloaded
    return times, body, wire


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms, max {ordered[-1]:.0f} ms"


def weight(name: str, body: bytes) -> str:
    return f"  {name:<28} {len(body):>9,} bytes ({len(gzip.compress(body)):>7,} gzipped)"


def measure(server: Serve, learners: int, rounds: int) -> None:
    with httpx.Client(base_url=server.base_url, timeout=120) as http:
        signed_in = http.get(server.sign_in_link.removeprefix(server.base_url))
        expect_status(signed_in, 303, "the instructor's sign-in")
        # The first load runs every learner's checks (the view keeps their statuses until
        # the learner does something: progress.py's CheckCache); the others, a quiet room's.
        cold_ms, _, _ = timed(http, "/workshop/rows", 1)
        rows_ms, rows, rows_wire = timed(http, "/workshop/rows", rounds)
        if rows.count(b"<tr ") != learners:
            raise BenchmarkError(f"/workshop/rows has {rows.count(b'<tr ')} rows, not {learners}")
        json_ms, progress, _ = timed(http, "/workshop/progress.json", rounds)
        page_ms, page, _ = timed(http, "/workshop", rounds)
        script = http.get("/workshop/view.js").content
        first = default_names(learners)[0]
        learner = http.get(f"/workshop/learners/{first}")
        expect_status(learner, 200, "a learner's page")
    print("page weight:")
    for name, body in (("/workshop (the page)", page), ("/workshop/view.js", script),
                       ("/workshop/rows (a refresh)", rows),
                       ("/workshop/progress.json", progress),
                       ("/workshop/learners/<name>", learner.content)):  # fmt: skip
        print(weight(name, body))
    print(f"  a row of the table: {len(rows) / learners:,.0f} bytes; a refresh on the wire "
          f"(gzip, as the server sends it): {rows_wire:,} bytes")  # fmt: skip
    print(f"the first /workshop/rows (every learner's checks run): {cold_ms[0]:.0f} ms")
    print(f"refresh time ({rounds} loads each, one after the other, nobody active):")
    print(f"  /workshop/rows            {figures(rows_ms)}")
    print(f"  /workshop/progress.json   {figures(json_ms)}")
    print(f"  /workshop                 {figures(page_ms)}")
    print(
        f"  a row: {statistics.median(rows_ms) / learners:.2f} ms (the median refresh / {learners})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--learners", type=int, default=300)
    parser.add_argument("--active", type=int, default=60, help="learners given some traffic")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--dataset", default="workshop")
    parser.add_argument(
        "--room", type=Path, help="a room to keep: made there the first time, reused after"
    )
    args = parse_args(parser, quick={"learners": 20, "active": 5, "rounds": 3})
    data_dir = args.room or Path(tempfile.mkdtemp(prefix="bench-instructor-"))
    server: Serve | None = None
    try:
        started = time.perf_counter()
        with Workshop(data_dir) as room:
            added = room.create(default_names(args.learners), dataset=args.dataset)
        if len(room.names) != args.learners:
            raise BenchmarkError(f"{data_dir} holds {len(room.names)} learners")
        print(f"workshop create, {len(added)} spaces ({args.dataset}): "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        rows = list(csv.DictReader((data_dir / "roster.csv").open()))
        server = Serve(data_dir, args.learners)
        print(f"serve: every space open in {server.ready_seconds:.1f} s")
        began = time.perf_counter()
        traffic(server.base_url, rows[: args.active])
        print(f"traffic: {args.active} learners, 3 requests each, in "
              f"{time.perf_counter() - began:.1f} s")  # fmt: skip
        measure(server, args.learners, args.rounds)
    finally:
        if server is not None:
            server.stop()
        if args.room is None and os.environ.get("KEEP_BENCH_DIR") is None:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
