"""Workshop benchmark: many learner spaces on one server, over a real uvicorn on loopback.

Creates a workshop of N spaces (`workshop` dataset), then prints, from one run:

1. the time `workshop create` takes (the dataset is loaded once, into a template space,
   then copied);
2. `serve` start time: from launching `python -m simulator serve` on the workshop data dir
   to its first answer, and to every space open and ticking (they open in the background
   once the server answers; target: under 5 s for 100);
3. memory per space: the server's resident memory with N spaces minus with 1, over N - 1,
   right after start and again after the load (target: under 5 MB);
4. N concurrent learners, each sending a realistic mix at an even pace (together `--rate`
   requests a second) for `--seconds`: p50, p95 and p99 of the answer time, and the answers
   by status (target: p99 under 100 ms, no error);
5. the instructor's view during that load: `/workshop` (every learner's exercises checked,
   the table drawn) loaded every `--instructor-every` seconds, as a trainer's open tab
   refreshing, each server's own; its answer times, and what it costs the learners (their
   answers are timed with it running);
6. the workshop layer's own cost: `accounts(first: 5)` in-process through the workshop app
   and straight to the space's app, interleaved (a ratio the machine's load does not skew).

The mix, for each learner in their own space: GraphQL `accounts(first: 5)` (55%), a
`__typename` on the Testing API (10%), a project token (10%), `advanceClock` by 1 minute
(5%), the OAuth discovery document (10%), the explorer page (HTML, rewritten under the
prefix: 10%). Each learner has one keep-alive connection. The load generator runs in this
process (one event loop, the lean client of `_load_client.py`), on the same 2 cores as the
server; the CPU each side spends a request is printed, so a reader sees what the generator
takes from the server. Asserts nothing about time.

With `--busy-cores N`, N processes spinning on the CPU run beside the server during the load
(other jobs on a shared machine), so a reader can see what a busy machine does to the tail.

With `--hostile N`, the last N learners of the roster do not send the mix: each runs two
loops, back to back, of the heaviest documents the limits allow (`hostile_documents`: 990
fields under one response name, refused by the validation bound; a valid 1,000-field
document at that bound; three nested connections inside the row budget; 1,000 unknown
fields), each made new by a comment so no memo helps, advancing their clock when the rate
limit answers 429. The others keep the mix at `--rate`; the load runs twice, without the
hostile learners and with them, and prints the others' figures for each.

With `--servers K`, the load runs against K `serve` processes, each serving a slice of the
roster (`--learners 1-50`, `51-100`), as a large room would behind a reverse proxy; the
generator sends each learner to their slice's server (what the proxy's routing does).

Before the load, each kind of request of the mix is sent once, in the first learner's space,
and its answer checked: the benchmark fails (rather than timing error answers) when one of
them no longer answers what it should.

    python benchmarks/bench_workshop.py [--learners 100] [--rate 200] [--seconds 60] [--servers 1]
        [--instructor-every 10] [--busy-cores 0] [--layer-samples 300] [--hostile 0] [--quick]

`--quick` is 3 learners of the `default` dataset, 15 requests a second for 3 s, the
instructor's view every second: the same path in about 20 s.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from _bench import BenchmarkError, benchmark_parser, expect_status, graphql_data, parse_args
from _load_client import Connection, ConnectionLost

from simulator.workshop import Workshop, default_names

ACCOUNTS = "{ accounts(first: 5) { edges { node { id } } } }"
ADVANCE = 'mutation { advanceClock(input: { duration: "1m" }) { __typename } }'


def hostile_documents() -> list[tuple[str, str]]:
    """(kind, document) of what a hostile learner sends, in turn: each at a limit."""
    one_name = " ".join(f"a: {'name' if n % 2 == 0 else 'IBAN'}" for n in range(990))
    # 63 fields under one name (1,953 pairs: just under the bound) and distinct aliases
    # up to 1,000 fields: valid, the most validation the limits let through.
    at_bound = " ".join(["a: name"] * 63 + [f"b{n}: IBAN" for n in range(934)])
    unknown = " ".join(f"u{n}: nope{n}" for n in range(996))
    return [
        ("aliases", "{ accounts { edges { node { %s } } } }" % one_name),
        ("at-bound", "{ accounts(first: 1) { edges { node { %s } } } }" % at_bound),
        ("nested", NESTED),
        ("invalid", "{ accounts { edges { node { %s } } } }" % unknown),
    ]


#: Three nested connections inside the row budget (20 + 400 + 400 x 55 = 22,420 rows).
NESTED = """query Fitting {
  accountHolders(first: 20) { edges { node { id
    accounts(first: 20) { edges { node { id IBAN
      transactions(first: 50) { edges { node { id label } } }
      memberships(first: 5) { edges { node { id } } }
    } } }
  } } }
}"""


async def hostile(
    connection: Connection,
    row: dict[str, str],
    until: float,
    seed: int,
    counts: Counter[str],
) -> None:
    """One loop of a hostile learner: the documents of `hostile_documents`, back to back."""
    prefix = f"/w/{row['name']}"
    credentials = {"grant_type": "client_credentials", "client_id": row["client_id"],
                   "client_secret": row["client_secret"]}  # fmt: skip
    _, body = await connection.request("POST", f"{prefix}/oauth2/token", form=credentials)
    auth = {"Authorization": f"Bearer {json.loads(body)['access_token']}"}
    documents = hostile_documents()
    turn = 0
    while time.perf_counter() < until:
        kind, document = documents[turn % len(documents)]
        turn += 1
        query = f"# {seed} {turn}\n{document}"  # a new text each time: no memo helps
        try:
            status, _ = await connection.request(
                "POST", f"{prefix}/sandbox/graphql", json_body={"query": query}, headers=auth
            )
            if status == 429:  # the budget spent: move the clock on to the next window
                await connection.request(
                    "POST",
                    f"{prefix}/sandbox-testing/graphql",
                    json_body={"query": ADVANCE.replace('"1m"', '"5m"')},
                    headers=auth,
                )
        except ConnectionLost:
            status = 0
        counts[f"{kind} {status}"] += 1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def busy_processes(count: int) -> list[subprocess.Popen[bytes]]:
    """`count` processes spinning on the CPU until terminated (a shared machine's other jobs)."""
    spin = [sys.executable, "-c", "while True: pass"]
    return [subprocess.Popen(spin) for _ in range(count)]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Serve:
    """`python -m simulator serve` on the workshop data dir, timed to its first answer."""

    def __init__(self, data_dir: Path, learners: int, *extra: str) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "simulator", "serve", "--port", str(self.port),
             "--data-dir", str(data_dir), "--log-file", str(data_dir / "serve.log"), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        while True:
            try:
                httpx.get(self.base_url + "/", timeout=1)
                break
            except httpx.TransportError:
                if self.process.poll() is not None:
                    output = self.process.stderr.read() if self.process.stderr else ""
                    raise RuntimeError(output) from None
                time.sleep(0.02)
        self.start_seconds = time.perf_counter() - started
        self.sign_in_link = ""
        assert self.process.stdout is not None
        for line in self.process.stdout:  # what serve printed, up to its last line
            if line.strip().startswith("instructor"):
                self.sign_in_link = line.split()[-1]
            if line.startswith("Press Ctrl-C"):
                break
        # Spaces open in the background once the server answers: wait for every one.
        while not httpx.get(self.base_url + "/").json()["ready"]:
            time.sleep(0.05)
        self.ready_seconds = time.perf_counter() - started

    def instructor_cookie(self) -> str:
        """The instructor's session (a `Cookie` header), signed in with the printed link."""
        answer = httpx.get(self.sign_in_link, follow_redirects=False)
        return f"workshop_session={answer.cookies['workshop_session']}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)


async def learner(
    connection: Connection,
    row: dict[str, str],
    start: float,
    period: float,
    until: float,
    results: list[tuple[float, int]],
    rng: random.Random,
    failures: list[str],
) -> None:
    prefix = f"/w/{row['name']}"
    credentials = {
        "grant_type": "client_credentials",
        "client_id": row["client_id"],
        "client_secret": row["client_secret"],
    }
    _, body = await connection.request("POST", f"{prefix}/oauth2/token", form=credentials)
    auth = {"Authorization": f"Bearer {json.loads(body)['access_token']}"}
    slot = start
    while slot < until:
        await asyncio.sleep(max(0.0, slot - time.perf_counter()))
        pick = rng.random()
        sent = time.perf_counter()
        try:
            if pick < 0.55:
                status, _ = await connection.request(
                    "POST", f"{prefix}/sandbox/graphql", json_body={"query": ACCOUNTS}, headers=auth
                )
            elif pick < 0.65:
                status, _ = await connection.request(
                    "POST",
                    f"{prefix}/sandbox-testing/graphql",
                    json_body={"query": "{ __typename }"},
                    headers=auth,
                )
            elif pick < 0.75:
                status, body = await connection.request(
                    "POST", f"{prefix}/oauth2/token", form=credentials
                )
                if status == 200:
                    auth = {"Authorization": f"Bearer {json.loads(body)['access_token']}"}
            elif pick < 0.80:
                status, _ = await connection.request(
                    "POST",
                    f"{prefix}/sandbox-testing/graphql",
                    json_body={"query": ADVANCE},
                    headers=auth,
                )
            elif pick < 0.90:
                status, _ = await connection.request(
                    "GET", f"{prefix}/oauth2/.well-known/openid-configuration"
                )
            else:
                status, _ = await connection.request(
                    "GET", f"{prefix}/sandbox/graphql", headers={"Accept": "text/html"}
                )
        except ConnectionLost as error:  # no answer: counted as status 0, by kind
            status = 0
            failures.append(str(error).partition(":")[0])
        results.append((time.perf_counter() - sent, status))
        slot += period


async def instructor(
    host: str, port: int, cookie: str, every: float, start: float, until: float,
    times: list[tuple[float, int]],
) -> None:  # fmt: skip
    """A trainer's tab on `/workshop`, loaded again every `every` seconds (each time on a new
    connection, as a browser after the server's keep-alive timeout)."""
    slot = start + every / 2
    while slot < until:
        await asyncio.sleep(max(0.0, slot - time.perf_counter()))
        connection = Connection(host, port)
        sent = time.perf_counter()
        status, _ = await connection.request("GET", "/workshop", headers={"Cookie": cookie})
        times.append((time.perf_counter() - sent, status))
        await connection.close()
        slot += every


async def load(
    bases: list[str],
    rows: list[dict[str, str]],
    rate: float,
    seconds: float,
    cookies: list[str],
    every: float,
    hostile_rows: list[dict[str, str]] | None = None,
) -> Any:
    """Each learner on the server of their slice (`bases`: one URL a server, slices in
    roster order), over a keep-alive connection of their own (as a notebook's client);
    with `every`, an instructor on each server (`cookies`: their sessions); each of
    `hostile_rows` on the first server, two loops of `hostile` on two connections."""
    results: list[tuple[float, int]] = []
    views: list[tuple[float, int]] = []
    failures: list[str] = []
    per_server = -(-len(rows) // len(bases))
    period = len(rows) / rate  # each learner's pace; together `rate` requests a second
    addresses = [urlsplit(base) for base in bases]
    connections = [
        Connection(addresses[i // per_server].hostname or "", addresses[i // per_server].port or 80)
        for i in range(len(rows))
    ]
    start = time.perf_counter() + 1.0
    until = start + seconds
    tasks = [
        learner(connections[i], row, start + i * period / len(rows), period, until, results,
                random.Random(i), failures)
        for i, row in enumerate(rows)
    ]  # fmt: skip
    tasks += [
        instructor(address.hostname or "", address.port or 80, cookie, every, start, until, views)
        for address, cookie in zip(addresses, cookies, strict=False)  # none without cookies
    ]
    hostile_counts: Counter[str] = Counter()
    for index, row in enumerate(hostile_rows or []):
        for loop in range(2):
            connection = Connection(addresses[0].hostname or "", addresses[0].port or 80)
            connections.append(connection)
            tasks.append(hostile(connection, row, until, index * 2 + loop, hostile_counts))
    began = time.perf_counter()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - began
    for connection in connections:
        await connection.close()
    return results, views, elapsed, Counter(failures), hostile_counts


async def layer_cost(
    data_dir: Path, row: dict[str, str], samples: int = 300
) -> tuple[float, float]:
    """Medians (ms) of `accounts(first: 5)` in-process through the workshop app and through
    the space's own app, interleaved, so the machine's load weighs on both alike."""
    from simulator.workshop.serving import WorkshopApp

    room = Workshop(data_dir, learners=[row["name"]])
    app = WorkshopApp(room)
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    outbox: asyncio.Queue[Any] = asyncio.Queue()
    await inbox.put({"type": "lifespan.startup"})
    life = asyncio.create_task(app({"type": "lifespan"}, inbox.get, outbox.put))
    await outbox.get()
    through = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url=f"http://t/w/{row['name']}"
    )
    await through.get("/")
    direct = httpx.AsyncClient(transport=httpx.ASGITransport(app=app.apps[row["name"]]),
                               base_url="http://t")  # fmt: skip
    credentials = {"grant_type": "client_credentials", "client_id": row["client_id"],
                   "client_secret": row["client_secret"]}  # fmt: skip
    token = (await direct.post("/oauth2/token", data=credentials)).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    for client in (through, direct):
        answer = await client.post("/sandbox/graphql", json={"query": ACCOUNTS}, headers=headers)
        graphql_data(answer, f"in-process {ACCOUNTS}")
    times: dict[str, list[float]] = {"through": [], "direct": []}
    for _ in range(samples):
        for key, client in (("through", through), ("direct", direct)):
            sent = time.perf_counter()
            await client.post("/sandbox/graphql", json={"query": ACCOUNTS}, headers=headers)
            times[key].append((time.perf_counter() - sent) * 1000)
    await inbox.put({"type": "lifespan.shutdown"})
    await life
    room.close()
    return statistics.median(times["through"]), statistics.median(times["direct"])


def quantile(values: list[float], q: float) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]
        if len(values) > 1
        else values[0]
    )


def check_mix(base_url: str, row: dict[str, str]) -> None:
    """Each kind of request of the load's mix, once, in `row`'s space: answered as it should."""
    with httpx.Client(base_url=f"{base_url}/w/{row['name']}", timeout=30) as http:
        credentials = {"grant_type": "client_credentials", "client_id": row["client_id"],
                       "client_secret": row["client_secret"]}  # fmt: skip
        token = expect_status(http.post("/oauth2/token", data=credentials), 200, "project token")
        auth = {"Authorization": f"Bearer {token.json()['access_token']}"}
        for path, query in (
            ("/sandbox/graphql", ACCOUNTS),
            ("/sandbox-testing/graphql", "{ __typename }"),
            ("/sandbox-testing/graphql", ADVANCE),
        ):
            graphql_data(http.post(path, json={"query": query}, headers=auth), f"{path} {query}")
        discovery = "/oauth2/.well-known/openid-configuration"
        expect_status(http.get(discovery), 200, discovery)
        page = http.get("/sandbox/graphql", headers={"Accept": "text/html"})
        if "html" not in expect_status(page, 200, "explorer page").headers.get("content-type", ""):
            raise BenchmarkError(f"explorer page: not HTML: {page.text[:200]!r}")


def parsed_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--learners", type=int, default=100)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--dataset", default="workshop")
    parser.add_argument(
        "--servers", type=int, default=1, help="serve the roster as that many --learners slices"
    )
    parser.add_argument(
        "--instructor-every", type=float, default=10.0, help="seconds between loads of /workshop"
    )
    parser.add_argument(
        "--busy-cores", type=int, default=0, help="CPU-bound processes beside it during the load"
    )
    parser.add_argument(
        "--layer-samples", type=int, default=300, help="requests timed for the layer's cost"
    )
    parser.add_argument(
        "--hostile", type=int, default=0, help="learners sending the heaviest documents allowed"
    )
    quick = {"learners": 3, "rate": 15.0, "seconds": 3.0, "dataset": "default",
             "instructor_every": 1.0, "layer_samples": 30}  # fmt: skip
    return parse_args(parser, quick, argv)


def started_servers(
    args: argparse.Namespace, data_dir: Path, rows: list[dict[str, str]]
) -> tuple[list[Serve], float]:
    """The server(s) of the load, after timing one space alone and then all of them; and the
    resident memory (MB) of the server of one space."""
    one = Serve(data_dir, 1, "--learners", "1")
    one_rss = rss_mb(one.process.pid)
    one.stop()
    server = Serve(data_dir, args.learners)
    all_rss = rss_mb(server.process.pid)
    servers = [server]
    if args.servers > 1:  # the slices, each on its own server (docs/workshop.md)
        server.stop()
        size = -(-args.learners // args.servers)
        slices = [f"{k * size + 1}-{min(args.learners, (k + 1) * size)}"
                  for k in range(args.servers)]  # fmt: skip
        servers = [Serve(data_dir, size, "--learners", part) for part in slices]
    print(f"serve start, {args.learners} spaces: first answer {server.start_seconds:.2f} s, "
          f"every space open {server.ready_seconds:.2f} s "
          f"(1 space: {one.start_seconds:.2f} s, {one.ready_seconds:.2f} s)")  # fmt: skip
    per_space = (all_rss - one_rss) / max(1, args.learners - 1)
    print(f"memory: {one_rss:.0f} MB with 1 space, {all_rss:.0f} MB with {args.learners}: "
          f"{per_space:.2f} MB per space after start")  # fmt: skip
    try:
        check_mix(servers[0].base_url, rows[0])
    except BaseException:
        for each in servers:
            each.stop()
        raise
    return servers, one_rss


def run_load(
    args: argparse.Namespace, servers: list[Serve], one_rss: float, rows: list[dict[str, str]]
) -> None:
    """The learners' load (and the instructors' views) against `servers`, then the figures."""
    try:
        bases = [each.base_url for each in servers]
        server_cpu = [cpu_seconds(each.process.pid) for each in servers]
        generator_cpu = time.process_time()
        cookies = [each.instructor_cookie() for each in servers] if args.instructor_every else []
        busy = busy_processes(args.busy_cores)
        try:
            results, views, elapsed, failures, _ = asyncio.run(
                load(bases, rows, args.rate, args.seconds, cookies, args.instructor_every)
            )
        finally:
            for each_busy in busy:
                each_busy.kill()
                each_busy.wait()
        generator_cpu = time.process_time() - generator_cpu
        server_cpu = [
            cpu_seconds(e.process.pid) - c for e, c in zip(servers, server_cpu, strict=True)
        ]
        after_rss = sum(rss_mb(each.process.pid) for each in servers)
    finally:
        for each in servers:
            each.stop()
    times = sorted(seconds * 1000 for seconds, _ in results)
    statuses = Counter(status for _, status in results)
    print(f"load: {len(results)} requests in {elapsed:.1f} s ({len(results) / elapsed:.0f}/s), "
          f"{args.learners} learners, {len(servers)} server(s), "
          f"{args.busy_cores} busy process(es) beside them")  # fmt: skip
    print(f"  p50 {quantile(times, 50):.1f} ms, p95 {quantile(times, 95):.1f} ms, "
          f"p99 {quantile(times, 99):.1f} ms, max {times[-1]:.1f} ms")  # fmt: skip
    print(f"  answers by status: {dict(sorted(statuses.items()))}")
    print(f"  CPU a request: server {sum(server_cpu) / len(results) * 1000:.2f} ms, "
          f"load generator {generator_cpu / len(results) * 1000:.2f} ms")  # fmt: skip
    errors = {status: n for status, n in statuses.items() if status == 0 or status >= 400}
    print(f"  errors: {errors or 'none'}" + (f" (no answer: {dict(failures)})" if failures else ""))
    if views:
        shown = sorted(seconds * 1000 for seconds, _ in views)
        print(f"instructor view /workshop, loaded {len(views)} times during the load: median "
              f"{statistics.median(shown):.0f} ms, max {shown[-1]:.0f} ms, "
              f"statuses {dict(Counter(status for _, status in views))}")  # fmt: skip
    if len(servers) == 1:
        per_space = (after_rss - one_rss) / max(1, args.learners - 1)
        print(f"memory after the load: {after_rss:.0f} MB ({per_space:.2f} MB per space)")
    else:
        print(f"memory after the load: {after_rss:.0f} MB in {len(servers)} servers")


def main(argv: list[str] | None = None) -> None:
    args = parsed_arguments(argv)
    if args.hostile:
        hostile_run(args)
        return
    data_dir = Path(tempfile.mkdtemp(prefix="bench-workshop-"))
    try:
        started = time.perf_counter()
        with Workshop(data_dir) as room:
            room.create(default_names(args.learners), dataset=args.dataset)
        print(f"workshop create, {args.learners} spaces ({args.dataset}): "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        rows = list(csv.DictReader((data_dir / "roster.csv").open()))
        servers, one_rss = started_servers(args, data_dir, rows)
        run_load(args, servers, one_rss, rows)
        through, direct = asyncio.run(layer_cost(data_dir, rows[0], args.layer_samples))
        print(f"the workshop layer, in-process: accounts(first: 5) {through:.2f} ms through it, "
              f"{direct:.2f} ms to the space's app ({through / direct:.2f}x)")  # fmt: skip
    finally:
        if os.environ.get("KEEP_BENCH_DIR") is None:
            shutil.rmtree(data_dir, ignore_errors=True)


def summary(results: list[tuple[float, int]]) -> str:
    times = sorted(seconds * 1000 for seconds, _ in results)
    statuses = Counter(status for _, status in results)
    return (
        f"{len(results)} requests, p50 {quantile(times, 50):.1f} ms, "
        f"p95 {quantile(times, 95):.1f} ms, p99 {quantile(times, 99):.1f} ms, "
        f"max {times[-1]:.1f} ms, by status {dict(sorted(statuses.items()))}"
    )


def hostile_run(args: argparse.Namespace) -> None:
    """`--hostile N`: the others' mix alone, then with N hostile learners (module docstring)."""
    data_dir = Path(tempfile.mkdtemp(prefix="bench-workshop-"))
    with Workshop(data_dir) as room:
        room.create(default_names(args.learners), dataset=args.dataset)
    rows = list(csv.DictReader((data_dir / "roster.csv").open()))
    others, hostile_rows = rows[: len(rows) - args.hostile], rows[len(rows) - args.hostile :]
    server = Serve(data_dir, args.learners)
    try:
        for label, attackers in (("without", []), (f"with {args.hostile}", hostile_rows)):
            cpu = cpu_seconds(server.process.pid)
            results, _views, elapsed, _failures, counts = asyncio.run(
                load([server.base_url], others, args.rate, args.seconds, [], 0, attackers)
            )
            cpu = cpu_seconds(server.process.pid) - cpu
            print(f"{len(others)} learners at {args.rate:.0f}/s for {elapsed:.0f} s, "
                  f"{label} hostile learner(s): {summary(results)}; "
                  f"server CPU {cpu / elapsed * 100:.0f}%")  # fmt: skip
            if counts:
                print(f"  hostile requests by document and status: {dict(sorted(counts.items()))}")
    finally:
        server.stop()
        if os.environ.get("KEEP_BENCH_DIR") is None:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
