"""Saturation benchmark: a workshop `serve` against a bare Ariadne app, flat out.

One `python -m simulator serve` on a workshop data dir of `--learners` spaces (`workshop`
dataset); each request is `POST /w/<learner>/sandbox/graphql` with

    { accounts(first: 10) { edges { node {
        id IBAN name balances { available { value currency } } } } } }

and that learner's token, the learners taken in turn. Against it, Ariadne's own ASGI app
(`ariadne.asgi.GraphQL`, no Starlette around it) on the same uvicorn (httptools' parser,
uvloop's event loop), serving the same-shaped SDL from memory: the first learner's answer,
as it is, for every request (the same request bytes are sent to it, path and token
included, which it ignores).

The load generator is a process of its own (this script, `--generate`), the same for both
sides: `--connections` keep-alive connections, each sending its next request as soon as the
answer to the last is read (closed loop, as `wrk`), for `--seconds` after a second of
warm-up; it is a lean asyncio protocol on uvloop (a fraction of a millisecond of CPU a
request, printed). Rounds alternate: simulator, bare app, simulator, bare app, ...; so a
change of the machine's load weighs on both alike. Printed for each round: requests a
second, p50 and p99 of the answer time, answers by status, and the server's CPU a request
(its process's user + system time over the round, over the requests answered, warm-up
included) and the generator's; then the ratio (simulator / bare, requests a second) of each
pair of rounds, how many are at or above 1.0x, in how many the simulator's p99 is the lower,
and the two servers' CPU a request compared, raw and each over the generator's in its round
(a gauge of how fast the shared machine ran then: `summary`).

Before the load, the simulator's answer is checked (no errors, the accounts there) and the
bare app's answer compared with it: the benchmark fails rather than time error answers.
Asserts nothing about time.

    python benchmarks/bench_saturation.py [--learners 100] [--connections 32] [--seconds 10]
        [--rounds 3] [--data-dir DIR] [--pin] [--quick]

`--data-dir` serves an existing workshop data dir (made by an earlier run with
`KEEP_BENCH_DIR=1`, or by `workshop create`) instead of creating one. Its clock is frozen,
so its rate counters carry over from run to run: a learner's 2,000th request in 5 virtual
minutes is answered 429 (put each learner's `limits.sqlite` back between runs). `--quick` is
3 learners of the `default` dataset, 8 connections, one round of 1 s: the same path in about
15 s.

`--pin` puts each server on one core and the load generator on another (the first two this
process may use; printed): every thread of the simulator's `serve` and of the bare app is
pinned once it answers (`os.sched_setaffinity` on each of `/proc/<pid>/task`; the threads
they start later inherit it), each generator from its start; the same for both servers, so
the comparison stays fair. Unpinned, the OS places the processes, and where it puts the
generator on the server's core the two wake each other for every request on one core:
both servers' rounds turn slow (docs/performance.md, "The slow mode"). Pinned, that mode is
out of the figures. Pinned or not, the server not being loaded is stopped (`SIGSTOP`) for
the other's round: an idle simulator's tickers would otherwise take CPU from the bare app's
rounds. Not the default, since users don't pin: the unpinned
figures are what a `serve` gets. It refuses, naming the count, where fewer than 2 cores are
usable.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from _bench import BenchmarkError, benchmark_parser, expect_status, graphql_data, parse_args
from bench_workshop import Serve, cpu_seconds, free_port, quantile

QUERY = (
    "{ accounts(first: 10) { edges { node { id IBAN name"
    " balances { available { value currency } } } } } }"
)
#: The partner schema's shape for that document, with plain types (the bare app answers the
#: simulator's values as they are).
BARE_SDL = """
type Query { accounts(first: Int): AccountConnection! }
type AccountConnection { edges: [AccountEdge!]! }
type AccountEdge { node: Account! }
type Account { id: ID! IBAN: String name: String! balances: AccountBalances }
type AccountBalances { available: Amount }
type Amount { value: String! currency: String! }
"""
HERE = Path(__file__).resolve().parent


# --- `--pin`: the servers on one core, the load generator on another ------------------------


def pinned_cores(pin: bool) -> tuple[int, int] | None:
    """With `pin`, (the servers' core, the load generator's); else None, the OS's placement.

    Exits with a message where fewer than 2 cores are usable (the affinity this process was
    given, `taskset` or a container's CPU set included, not the machine's count).
    """
    if not pin:
        return None
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_setaffinity") else []
    if len(cores) < 2:
        usable = f"{len(cores)} usable core(s)" if cores else "no CPU affinity on this OS"
        raise SystemExit(f"--pin needs 2 usable cores (the server on one, the load generator "
                         f"on the other); here: {usable}. Run without --pin.")  # fmt: skip
    return cores[0], cores[1]


def pin_threads(pid: int, core: int) -> int:
    """Every thread of process `pid` onto `core`; how many were pinned.

    An affinity belongs to a thread, not to its process: each of `/proc/<pid>/task` is set,
    listed again until no new one shows (a thread started meanwhile by one not pinned yet);
    the threads started later inherit their starter's.
    """
    pinned: set[int] = set()
    while fresh := {int(name) for name in os.listdir(f"/proc/{pid}/task")} - pinned:
        for tid in fresh:
            with contextlib.suppress(ProcessLookupError):  # a thread that ended meanwhile
                os.sched_setaffinity(tid, {core})
        pinned |= fresh
    return len(pinned)


# --- the bare app (`--bare-server PORT ANSWER_FILE`) ---------------------------------------


def serve_bare(port: int, answer_file: Path) -> None:
    """Ariadne's ASGI app answering `accounts` from the rows in `answer_file`, on uvicorn."""
    import uvicorn
    from ariadne import QueryType, make_executable_schema
    from ariadne.asgi import GraphQL

    connection = json.loads(answer_file.read_text())["accounts"]
    query = QueryType()

    @query.field("accounts")
    def accounts(*_: object, first: int = 10) -> dict[str, Any]:
        return {"edges": connection["edges"][:first]}

    app = GraphQL(make_executable_schema(BARE_SDL, query))
    uvicorn.run(app, host="127.0.0.1", port=port, http="httptools", loop="uvloop",
                access_log=False, log_level="warning")  # fmt: skip


class BareServer:
    """The bare app in a process of its own, waited for until it answers."""

    def __init__(self, answer_file: Path) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--bare-server",
             str(self.port), str(answer_file)]
        )  # fmt: skip
        while True:
            try:
                httpx.post(self.base_url + "/", json={"query": "{ __typename }"}, timeout=1)
                return
            except httpx.TransportError:
                if self.process.poll() is not None:
                    raise BenchmarkError("the bare app did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


# --- the load generator (`--generate`, a JSON plan on stdin, a JSON result on stdout) ------


class _Answers(asyncio.Protocol):
    """One keep-alive connection: writes a request, reads its answer (`Content-Length`)."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[int] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is no subclass

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        head_end = self.buffer.find(b"\r\n\r\n")
        if head_end < 0 or self.waiter is None:
            return
        head = bytes(self.buffer[:head_end]).lower()
        at = head.find(b"content-length:")
        if at < 0:
            self._settle(0)
            return
        end = head.find(b"\r\n", at)
        length = int(head[at + 15 : end if end >= 0 else len(head)])
        if len(self.buffer) >= head_end + 4 + length:
            status = int(head[9:12])
            del self.buffer[: head_end + 4 + length]
            self._settle(status)

    def _settle(self, status: int) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(status)

    def connection_lost(self, exc: Exception | None) -> None:
        self._settle(0)

    async def send(self, request: bytes) -> int:
        assert self.transport is not None
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(request)
        return await self.waiter


async def _generate(plan: dict[str, Any]) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    cpu = time.process_time()
    requests = [bytes.fromhex(each) for each in plan["requests"]]
    times: list[float] = []
    statuses: Counter[int] = Counter()
    counting = False
    total = 0

    async def connection(offset: int, until: float) -> None:
        nonlocal total
        _, answers = await loop.create_connection(_Answers, "127.0.0.1", plan["port"])
        turn = offset
        while time.perf_counter() < until:
            sent = time.perf_counter()
            status = await answers.send(requests[turn % len(requests)])
            turn += plan["connections"]
            total += 1
            if counting:
                times.append(time.perf_counter() - sent)
                statuses[status] += 1
            if status == 0:
                return
        assert answers.transport is not None
        answers.transport.close()

    began = time.perf_counter()
    until = began + 1.0 + plan["seconds"]
    tasks = [asyncio.create_task(connection(n, until)) for n in range(plan["connections"])]
    await asyncio.sleep(1.0)  # the warm-up, not counted
    counting, counted_from = True, time.perf_counter()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - counted_from
    return {"times": times, "statuses": dict(statuses), "elapsed": elapsed, "total": total,
            "cpu": time.process_time() - cpu}  # fmt: skip


def generate() -> None:
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    result = asyncio.run(_generate(json.load(sys.stdin)))
    json.dump(result, sys.stdout)


# --- the run ---------------------------------------------------------------------------------


def request_bytes(port: int, path: str, token: str) -> bytes:
    body = json.dumps({"query": QUERY}).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")  # fmt: skip
    return head.encode("latin-1") + body


def one_round(
    label: str,
    served: tuple[int, int],
    idle: int,
    learners: list[tuple[str, str]],
    args: argparse.Namespace,
) -> dict[str, Any]:
    """One load of `args.seconds` against the server `served` (its port, its process): its
    figures. The other server (process `idle`) is stopped meanwhile (`SIGSTOP`): an idle
    simulator still runs its spaces' tickers, which would take the core from the bare app's
    rounds (and an idle bare app from the simulator's)."""
    port, pid = served
    os.kill(idle, signal.SIGSTOP)
    try:
        return _loaded(label, port, pid, learners, args)
    finally:
        os.kill(idle, signal.SIGCONT)


def _loaded(
    label: str, port: int, pid: int, learners: list[tuple[str, str]], args: argparse.Namespace
) -> dict[str, Any]:
    requests = [request_bytes(port, path, token).hex() for path, token in learners]
    plan = {"port": port, "connections": args.connections, "seconds": args.seconds,
            "requests": requests}  # fmt: skip
    cpu = cpu_seconds(pid)
    cores = args.cores
    answer = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--generate"],
        input=json.dumps(plan), stdout=subprocess.PIPE, text=True, check=True,
        preexec_fn=None if cores is None else lambda: os.sched_setaffinity(0, {cores[1]}),
    )  # fmt: skip
    server_cpu = cpu_seconds(pid) - cpu
    result: dict[str, Any] = json.loads(answer.stdout)
    times = sorted(seconds * 1000 for seconds in result["times"])
    statuses = {int(k): v for k, v in result["statuses"].items()}
    rate = len(times) / result["elapsed"]
    errors = {k: v for k, v in statuses.items() if k != 200}
    print(f"  {label:9} {rate:6.0f} requests/s, p50 {quantile(times, 50):5.1f} ms, "
          f"p99 {quantile(times, 99):6.1f} ms, server CPU "
          f"{server_cpu / result['total'] * 1000:.2f} ms a request, generator CPU "
          f"{result['cpu'] / result['total'] * 1000:.3f} ms, errors: {errors or 'none'}",
          flush=True)  # fmt: skip
    return {"rate": rate, "p99": quantile(times, 99), "errors": sum(errors.values()),
            "cpu": server_cpu / result["total"],
            "generator_cpu": result["cpu"] / result["total"]}  # fmt: skip


def prepared(args: argparse.Namespace, data_dir: Path) -> tuple[Serve, list[tuple[str, str]]]:
    """The workshop's server, and each learner's (path, token)."""
    rows = list(csv.DictReader((data_dir / "roster.csv").open()))[: args.learners]
    server = Serve(data_dir, len(rows))
    learners = []
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        for row in rows:
            prefix = f"/w/{row['name']}"
            credentials = {"grant_type": "client_credentials", "client_id": row["client_id"],
                           "client_secret": row["client_secret"]}  # fmt: skip
            answer = expect_status(http.post(f"{prefix}/oauth2/token", data=credentials),
                                   200, "project token")  # fmt: skip
            learners.append((f"{prefix}/sandbox/graphql", answer.json()["access_token"]))
    return server, learners


def checked_answer(base_url: str, learner: tuple[str, str]) -> dict[str, Any]:
    path, token = learner
    headers = {"Authorization": f"Bearer {token}"}
    data = graphql_data(
        httpx.post(base_url + path, json={"query": QUERY}, headers=headers, timeout=30),
        f"{base_url}{path}",
    )
    if not data["accounts"]["edges"]:
        raise BenchmarkError(f"{path}: no account in the learner's space")
    return data


def run(args: argparse.Namespace, data_dir: Path) -> None:
    server, learners = prepared(args, data_dir)
    bare = None
    try:
        expected = checked_answer(server.base_url, learners[0])
        answer_file = data_dir / "bare-answer.json"
        answer_file.write_text(json.dumps(expected))
        bare = BareServer(answer_file)
        if checked_answer(bare.base_url, learners[0]) != expected:
            raise BenchmarkError("the bare app's answer differs from the simulator's")
        placement = "unpinned (the OS places the processes)"
        if args.cores is not None:
            server_core, generator_core = args.cores
            threads = [pin_threads(p.process.pid, server_core) for p in (server, bare)]
            got = [sorted(os.sched_getaffinity(p.process.pid)) for p in (server, bare)]
            placement = (f"pinned: the simulator's {threads[0]} threads on core(s) {got[0]}, "
                         f"the bare app's {threads[1]} on {got[1]}, the load generator on "
                         f"[{generator_core}]")  # fmt: skip
        print(f"{len(learners)} learners, {args.connections} connections, "
              f"{args.seconds:.0f} s a round after 1 s of warm-up; load average "
              f"{os.getloadavg()[0]:.1f}; {placement}", flush=True)  # fmt: skip
        pairs = []
        for number in range(1, args.rounds + 1):
            print(f"round {number}:")
            ours = one_round(
                "simulator", (server.port, server.process.pid), bare.process.pid, learners, args
            )
            theirs = one_round(
                "bare", (bare.port, bare.process.pid), server.process.pid, learners, args
            )
            pairs.append((ours, theirs))
    finally:
        server.stop()
        if bare is not None:
            bare.stop()
    summary(pairs)


def summary(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """The rounds' ratios, and how many of them met the target.

    "CPU a request, over the generator's" divides each server's CPU a request by the load
    generator's in the same round: the generator does the same work for every answer, so
    its own CPU a request tracks how fast the machine ran that round (it rose and fell with
    both servers', 0.07-0.18 ms, on this shared machine), and the quotient is steadier than
    either."""
    ratios = [ours["rate"] / theirs["rate"] for ours, theirs in pairs]
    p99s = [ours["p99"] / theirs["p99"] for ours, theirs in pairs]
    cpus = [ours["cpu"] / theirs["cpu"] for ours, theirs in pairs]
    scaled = [
        (ours["cpu"] / ours["generator_cpu"]) / (theirs["cpu"] / theirs["generator_cpu"])
        for ours, theirs in pairs
        if ours["generator_cpu"] and theirs["generator_cpu"]
    ]
    print(f"ratio simulator / bare, requests a second: "
          f"{', '.join(f'{r:.2f}x' for r in ratios)} (target >= 1.0x); "
          f"errors: {sum(o['errors'] + t['errors'] for o, t in pairs)}; "
          f"load average after: {os.getloadavg()[0]:.1f}")  # fmt: skip
    over = f", over the generator's: median {statistics.median(scaled):.2f}x" if scaled else ""
    print(f"rounds at or above 1.0x: {sum(r >= 1.0 for r in ratios)} of {len(ratios)}, median "
          f"{statistics.median(ratios):.2f}x; p99 lower: {sum(p < 1.0 for p in p99s)} of "
          f"{len(p99s)}; CPU a request, simulator / bare: median "
          f"{statistics.median(cpus):.2f}x{over}")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["--generate"]:
        generate()
        return
    if arguments[:1] == ["--bare-server"]:
        serve_bare(int(arguments[1]), Path(arguments[2]))
        return
    parser = benchmark_parser(__doc__)
    parser.add_argument("--learners", type=int, default=100)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dataset", default="workshop")
    parser.add_argument("--data-dir", type=Path, help="an existing workshop data dir to serve")
    parser.add_argument(
        "--pin", action="store_true",
        help="the servers on one core, the load generator on another (not the default: "
        "users don't pin)",
    )  # fmt: skip
    quick = {"learners": 3, "connections": 8, "seconds": 1.0, "rounds": 1, "dataset": "default"}
    args = parse_args(parser, quick, argv)
    args.cores = pinned_cores(args.pin)  # refused here, before a room is made
    if args.data_dir is not None:
        run(args, args.data_dir)
        return
    from simulator.workshop import Workshop, default_names

    data_dir = Path(tempfile.mkdtemp(prefix="bench-saturation-"))
    try:
        started = time.perf_counter()
        with Workshop(data_dir) as room:
            room.create(default_names(args.learners), dataset=args.dataset)
        print(f"workshop create, {args.learners} spaces ({args.dataset}): "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        run(args, data_dir)
    finally:
        if os.environ.get("KEEP_BENCH_DIR") is None:
            shutil.rmtree(data_dir, ignore_errors=True)
        else:
            print(f"kept: {data_dir}")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
