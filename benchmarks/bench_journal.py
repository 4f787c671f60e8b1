"""Benchmarks of the request journal and bug reports; prints figures measured in this run.

    python benchmarks/bench_journal.py [--rounds 40] [--batch 20] [--steps 1000] [--quick]

1. Journaling overhead on `accounts(first: 50)`: the same request with the journal on and
   off (`journal_retention=0`), in-process, over HTTP with uvicorn in a thread of this
   process, and over HTTP with uvicorn in a process of its own (as `serve` runs it),
   interleaved in many rounds; the median of the rounds' ratios. Target: under 10%.
2. Writing a report of N steps (a notebook, from a snapshot). Target: under 2 s.
3. Replaying it (every cell, in-process). Target: under 10 s.
4. The report's size.

`--anatomy` measures instead where the journal's cost goes (in-process, same alternation):
each variant replaces the writing of an entry by a part of it (docs/performance.md, "The
journal"). `--checkpoints`: an entry's write with the WAL's checkpoints in the journal's
commits (as before) or in the workers (as now), rounds of `5 x batch` requests.

Fails when the timed query is answered with errors, or the report has no steps to replay.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from _bench import (
    BenchmarkError,
    benchmark_parser,
    client_credentials_token,
    graphql_data,
    parse_args,
)

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.environments import EnvironmentName
from simulator.journal import middleware as journal_middleware
from simulator.journal.record import _row  # a part measured alone
from simulator.journal.redact import Redactor
from simulator.limits.settings import MAX_REQUESTS, LimitSettings, RateLimit
from simulator.server.serving import uvicorn_config

REDIRECT = "http://localhost:3000/callback"
QUERY = "{ accounts(first: 50) { edges { node { id } } } }"


def timed(action: Callable[[], Any], count: int) -> tuple[float, float]:
    """Wall and CPU (this process, every thread) milliseconds per call over `count` calls;
    the last call's answer must be a 200 (a refusal, cheaper, would be timed instead)."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        answer = action()
    if getattr(answer, "status_code", 200) != 200:
        raise BenchmarkError(f"{QUERY}: HTTP {answer.status_code}: {answer.text[:200]}")
    return (
        (time.perf_counter() - wall) * 1000 / count,
        (time.process_time() - cpu) * 1000 / count,
    )


#: The rate limit stays on (each request counts, as a user's does) but admits every request
#: of a long run: with the default (2,000 in five frozen minutes, per client and endpoint) a
#: run of more than ~100 rounds timed 429 refusals in its later rounds, not the query.
BENCH_LIMITS = LimitSettings(rate_limit=RateLimit(requests=MAX_REQUESTS))


def prepared(
    directory: Path, retention: int, limits: LimitSettings | None = BENCH_LIMITS
) -> tuple[Simulator, str]:
    """A simulator with a project, its dataset, and a project token. `limits=None`: the
    default ones (a report's replay runs with them)."""
    sim = Simulator(directory, journal_retention=retention, limits=limits)
    credentials = sim.create_project("sandbox", "Bench", [REDIRECT])
    load_dataset(sim.sandbox, credentials.project_id, "default")
    client = sim.client()
    token = client_credentials_token(client, credentials.client_id, credentials.client_secret)
    return sim, token


def check_answer(answer: Any) -> None:
    """The timed query's answer has accounts and no error.

    Checked on a request that is timed or recorded anyway: one sent before `report`'s
    snapshot would be counted by the rate limiter, which the snapshot does not hold, and
    the replay would see one more request remaining than the recording.
    """
    if not graphql_data(answer, QUERY)["accounts"]["edges"]:
        raise BenchmarkError(f"{QUERY}: no accounts in the dataset")


@contextmanager
def served(sim: Simulator) -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(sim.app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join()


@contextmanager
def served_apart(directory: Path, retention: int) -> Iterator[tuple[str, str]]:
    """A simulator served by uvicorn in a process of its own, as `serve` runs it (this file
    run with `--serve-apart`): its URL and a project token. Its client then shares no GIL
    with it. The process stops when its standard input closes."""
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve-apart", str(directory), str(retention)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        line = process.stdout.readline()
        if not line:
            raise BenchmarkError("the server process stopped before it served")
        found = json.loads(line)
        yield found["url"], found["token"]
    finally:
        process.stdin.close()
        process.wait(timeout=60)


def serve_apart(directory: str, retention: int) -> None:
    """`served_apart`'s process: prepare, serve, print the URL and token, wait for stdin."""
    sim, token = prepared(Path(directory), retention)
    try:
        with served(sim) as url:
            print(json.dumps({"url": url, "token": token}), flush=True)
            sys.stdin.read()
    finally:
        sim.close()


#: Where the overhead is measured: Starlette's test client, uvicorn in a thread of this
#: process (the figure measured since the journal's first benchmark), and uvicorn in a
#: process of its own (as users run `serve`: the client shares no GIL with the server).
_WHERE = ("in-process", "http", "http, server apart")


def overhead(rounds: int, batch: int) -> None:
    """The journal's cost, robust to a shared machine's moving load: the two simulators (on,
    off) answer in alternation, `batch` requests at a time, for `rounds` rounds; each round
    gives a ratio on/off measured under the same load, and the median ratio is quoted. CPU
    time (every thread of this process: client, server, workers) is quoted beside the wall
    time: other processes do not weigh on it (so not for a server apart, whose CPU is its
    process's)."""
    ratios: dict[str, list[tuple[float, float]]] = {where: [] for where in _WHERE}
    off_ms: dict[str, list[tuple[float, float]]] = {where: [] for where in _WHERE}
    on_ms: dict[str, list[tuple[float, float]]] = {where: [] for where in _WHERE}
    with tempfile.TemporaryDirectory() as directory, contextlib.ExitStack() as stack:
        posts: dict[str, dict[str, Callable[[], Any]]] = {where: {} for where in _WHERE}
        for label, retention in (("off", 0), ("on", 10_000)):
            sim, token = prepared(Path(directory) / label, retention)
            stack.callback(sim.close)
            url, apart_token = stack.enter_context(
                served_apart(Path(directory) / f"{label}-apart", retention)
            )
            clients = {
                "in-process": (stack.enter_context(sim.client()), token),
                "http": (
                    stack.enter_context(httpx.Client(base_url=stack.enter_context(served(sim)))),
                    token,
                ),
                "http, server apart": (
                    stack.enter_context(httpx.Client(base_url=url)),
                    apart_token,
                ),
            }
            for where, (client, bearer) in clients.items():
                posts[where][label] = functools.partial(
                    client.post,
                    "/sandbox/graphql",
                    json={"query": QUERY},
                    headers={"Authorization": f"Bearer {bearer}"},
                )
        for round_number in range(rounds + 1):
            for where in _WHERE:
                measured = {label: timed(post, batch) for label, post in posts[where].items()}
                if not round_number:  # the first round warms up, and checks
                    for post in posts[where].values():
                        check_answer(post())
                    continue
                on, off = measured["on"], measured["off"]
                ratios[where].append((on[0] / off[0], on[1] / off[1]))
                off_ms[where].append(off)
                on_ms[where].append(on)
    for where, found in ratios.items():
        wall = statistics.median(r[0] for r in found)
        cpu = statistics.median(r[1] for r in found)
        base = statistics.median(m[0] for m in off_ms[where])
        # The rounds' totals: what a client waits on average, the rare slow request (a WAL
        # checkpoint, another process's burst) included, which the median leaves out.
        total = sum(m[0] for m in on_ms[where]) / sum(m[0] for m in off_ms[where])
        cpu_text = "" if where.endswith("apart") else f", {100 * (cpu - 1):+.1f}% CPU"
        print(
            f"accounts(first: 50) {where}: {base:.2f} ms a request without the journal; "
            f"journal overhead {100 * (wall - 1):+.1f}% wall{cpu_text} "
            f"(median of {len(found)} interleaved rounds; target under 10%); "
            f"{100 * (total - 1):+.1f}% of the total wall time"
        )


#: `JournalMiddleware.write`'s arguments after the middleware: scope, body, start, answer,
#: arrival.
Part = Callable[..., None]


def _built(middleware: Any, *args: Any) -> None:
    entry, _ = journal_middleware.http_entry(*args[:4])
    entry["virtual_time"] = args[4]
    _row(entry, middleware.environments[EnvironmentName.SANDBOX].now)


def _redacted(middleware: Any, *args: Any) -> None:
    env = middleware.environments[EnvironmentName.SANDBOX]
    entry, _ = journal_middleware.http_entry(*args[:4])
    entry["virtual_time"] = args[4]
    with env.store.bookkeeping_autocommit() as connection:
        journal_middleware.redaction(args[0])(Redactor(connection), entry)
    _row(entry, env.now)


_SMALL_ROW = (
    "INSERT INTO journal_entries (virtual_time, wall_time, origin, kind, endpoint) "
    "VALUES ('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'http', 'page', '/')"
)


def _small_commit(middleware: Any, *_: Any) -> None:
    with middleware.environments[EnvironmentName.SANDBOX].store.bookkeeping_autocommit() as c:
        c.execute(_SMALL_ROW)


def _small_commit_elsewhere(connections: dict[str, sqlite3.Connection]) -> Part:
    def commit(middleware: Any, *_: Any) -> None:
        path = str(middleware.environments[EnvironmentName.SANDBOX].store.path) + ".other"
        if path not in connections:
            connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute(
                "CREATE TABLE journal_entries (seq INTEGER PRIMARY KEY, virtual_time, "
                "wall_time, origin, kind, endpoint)"
            )
            connections[path] = connection
        connections[path].execute(_SMALL_ROW)

    return commit


def anatomy(rounds: int, batch: int) -> None:
    """Each part of an entry's writing alone, against the journal off, in alternation (as
    `overhead`, in-process): what building it, taking its secrets out (with the bearer
    token's row the token check found) and committing a row cost a request, and what the
    same small commit costs in another file (the other connections' page caches then stay
    valid)."""
    write = journal_middleware.JournalMiddleware.write
    connections: dict[str, sqlite3.Connection] = {}
    parts: dict[str, Part | None] = {
        "off": None,
        "entry and row built, nothing written": _built,
        "and the secrets taken out": _redacted,
        "a small row committed, no entry": _small_commit,
        "the same commit in another file": _small_commit_elsewhere(connections),
        "the journal": write,
    }
    chosen: dict[str, Part] = {}

    def dispatch(middleware: Any, *args: Any) -> None:
        chosen[str(middleware.environments[EnvironmentName.SANDBOX].store.path)](middleware, *args)

    with tempfile.TemporaryDirectory() as directory, contextlib.ExitStack() as stack:
        posts: dict[str, Callable[[], Any]] = {}
        for number, (label, part) in enumerate(parts.items()):
            sim, token = prepared(Path(directory) / str(number), 0 if part is None else 10_000)
            stack.callback(sim.close)
            if part is not None:
                chosen[str(sim.sandbox.store.path)] = part
            posts[label] = functools.partial(
                stack.enter_context(sim.client()).post,
                "/sandbox/graphql",
                json={"query": QUERY},
                headers={"Authorization": f"Bearer {token}"},
            )
        check_answer(posts["the journal"]())
        journal_middleware.JournalMiddleware.write = dispatch
        try:
            measured = _alternated(posts, rounds, batch)
        finally:
            journal_middleware.JournalMiddleware.write = write
            for connection in connections.values():
                connection.close()
    for label, ratios in measured.items():
        wall = statistics.median(r[0] for r in ratios)
        cpu = statistics.median(r[1] for r in ratios)
        print(f"anatomy: {label}: {100 * (wall - 1):+.1f}% wall, {100 * (cpu - 1):+.1f}% CPU")


def _alternated(
    posts: dict[str, Callable[[], Any]], rounds: int, batch: int
) -> dict[str, list[tuple[float, float]]]:
    """Each round, `batch` requests of each; the ratios of each to the first (`off`)."""
    ratios: dict[str, list[tuple[float, float]]] = {label: [] for label in list(posts)[1:]}
    for round_number in range(rounds + 1):
        measured = {label: timed(post, batch) for label, post in posts.items()}
        if round_number:  # the first round warms up
            off = measured["off"]
            for label in ratios:
                ratios[label].append((measured[label][0] / off[0], measured[label][1] / off[1]))
    return ratios


def checkpoints(rounds: int, batch: int) -> None:
    """The entry's commit on the event loop, with the WAL's checkpoints in the commits that
    cross 1,000 pages (SQLite's default, as before) or in the workers (`Store.checkpoint_with`):
    two simulators, journal on, in alternation (in-process); each entry's `write` timed
    (wall), the rare one that checkpoints included, and the WAL's size at the end."""
    write = journal_middleware.JournalMiddleware.write
    times: dict[str, list[float]] = {}

    def timed_write(middleware: Any, *args: Any) -> None:
        start = time.perf_counter()
        write(middleware, *args)
        path = str(middleware.environments[EnvironmentName.SANDBOX].store.path)
        times[path].append((time.perf_counter() - start) * 1e6)

    with tempfile.TemporaryDirectory() as directory, contextlib.ExitStack() as stack:
        posts: dict[str, Callable[[], Any]] = {}
        paths: dict[str, str] = {}
        for label in ("in the commits", "in the workers"):
            sim, token = prepared(Path(directory) / label.replace(" ", "-"), 10_000)
            stack.callback(sim.close)
            store = sim.sandbox.store
            if label == "in the commits":  # the code before: SQLite's own checkpoints
                store._submit = None
                store._watching().execute("PRAGMA wal_autocheckpoint = 1000")
            paths[label] = str(store.path)
            times[paths[label]] = []
            posts[label] = functools.partial(
                stack.enter_context(sim.client()).post,
                "/sandbox/graphql",
                json={"query": QUERY},
                headers={"Authorization": f"Bearer {token}"},
            )
        journal_middleware.JournalMiddleware.write = timed_write
        try:
            for round_number in range(rounds + 1):
                for post in posts.values():
                    timed(post, batch)
                if not round_number:  # the first round warms up
                    for found in times.values():
                        found.clear()
        finally:
            journal_middleware.JournalMiddleware.write = write
        for label, path in paths.items():
            found = sorted(times[path])
            wal = Path(path + "-wal").stat().st_size / 1024 / 1024
            print(
                f"checkpoints {label}: an entry's write {statistics.mean(found):.0f} µs mean, "
                f"{statistics.median(found):.0f} median, {found[int(0.99 * len(found))]:.0f} "
                f"p99, {found[-1]:.0f} max ({len(found)} entries); WAL {wal:.1f} MiB"
            )


def report(steps: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        sim, token = prepared(Path(directory) / "d", 100_000, limits=None)
        sim.snapshot("start")
        headers = {"Authorization": f"Bearer {token}"}
        with sim.client() as client:
            for _ in range(steps):
                answer = client.post("/sandbox/graphql", json={"query": QUERY}, headers=headers)
            check_answer(answer)
        out = Path(directory) / "bug.ipynb"
        start = time.perf_counter()
        sim.report(out, since="start")
        written = time.perf_counter() - start
        size = out.stat().st_size
        notebook = json.loads(out.read_text())
        if sum(cell["cell_type"] == "code" for cell in notebook["cells"]) < 2:
            raise BenchmarkError(f"the report of {steps} steps has no step to replay")
        namespace: dict[str, Any] = {}
        start = time.perf_counter()
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec(cell["source"], namespace)  # as a kernel would, without printing
        replayed = time.perf_counter() - start
        sim.close()
    print(f"report of {steps} steps: written in {written:.2f} s (target under 2 s)")
    print(f"report of {steps} steps: replayed in {replayed:.2f} s (target under 10 s)")
    print(f"report of {steps} steps: {size / 1024:.0f} KiB")


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=40, help="interleaved rounds")
    parser.add_argument("--batch", type=int, default=20, help="requests a round")
    parser.add_argument("--steps", type=int, default=1000, help="steps of the report")
    parser.add_argument("--anatomy", action="store_true", help="where the cost goes, instead")
    parser.add_argument(
        "--checkpoints", action="store_true", help="the WAL's checkpoints: commits or workers"
    )
    parser.add_argument("--serve-apart", nargs=2, help=argparse.SUPPRESS)
    args = parse_args(parser, {"rounds": 3, "batch": 5, "steps": 30}, argv)
    if args.serve_apart:
        serve_apart(args.serve_apart[0], int(args.serve_apart[1]))
        return
    if args.anatomy:
        anatomy(args.rounds, args.batch)
        return
    if args.checkpoints:
        checkpoints(args.rounds, args.batch * 5)
        return
    overhead(args.rounds, args.batch)

    with contextlib.redirect_stdout(io.StringIO()) as captured:
        report(args.steps)
    print("\n".join(line for line in captured.getvalue().splitlines() if "report of" in line))


if __name__ == "__main__":
    main()
