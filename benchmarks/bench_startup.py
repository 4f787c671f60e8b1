"""Cold start of the package, of the command line and of a first answer; prints figures
measured in this run.

    python benchmarks/bench_startup.py [--runs 10] [--quick]

Each command is started `--runs` times as a new process (`--quick`: 3); the median wall time
of each is printed with its ratios to `python -c pass` and to `python -c "import ariadne,
starlette"` measured in the same run, so a loaded machine shows in the baselines too.
Targets (issue 22: notebooks and shell loops call the command line often): `import
simulator` under 0.25 s, `clock advance 1s` under 0.3 s; (issue 35) the README's first
Python example, from a new interpreter to its first GraphQL answer, under 2x the
`import ariadne, starlette` baseline. Figures are printed, never asserted; a command that
fails stops the benchmark with a non-zero status. "The example's libraries alone" is the
floor under that target: what the example imports of others (Ariadne, Starlette's test
client, httpx), without a line of the simulator; sqlite-utils is imported only where the
migrations run (the "empty cache" row).

`clock advance` runs on a data dir made by the first run (a new data dir's first command
creates its database); every later run moves that clock and journals the command, as a
notebook or a shell loop calling the command line does. The README example runs as written
(a temporary data dir each time), timed to its answer (not to its exit), with the machine's
cache (`simulator/user_cache.py`: the parsed SDL, the migrated image) made by the first run;
"with an empty cache" runs it as the first process after an SDL change or on a new machine
does. `serve` is started on a data dir with a project and timed to its first
GraphQL answer over HTTP (what every subprocess test of a server waits for); then on a
workshop of 30 learners, to the first learner's first answer under `/w/learner-01/` (the
room warms every space in the background meanwhile; its CPU column counts that warming, to
the server's stop).
`PYTHONDONTWRITEBYTECODE` is dropped from the commands' environment: a start-up that
compiles every module again is not the one users have.
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]

#: README.md, "A first call from Python, in-process", as written (but its last line).
README_EXAMPLE = """
from simulator import Simulator

sim = Simulator()
creds = sim.create_project("sandbox", "My app", ["http://localhost:3000/callback"])
http = sim.client()

token = http.post(
    "/oauth2/token",
    data={
        "grant_type": "client_credentials",
        "client_id": creds.client_id,
        "client_secret": creds.client_secret,
    },
).json()["access_token"]

answer = http.post(
    "/sandbox/graphql",
    json={"query": "{ accounts { totalCount } }"},
    headers={"Authorization": f"Bearer {token}"},
)
assert answer.json()["data"] == {"accounts": {"totalCount": 0}}, answer.text
"""

#: Said by the example at its answer: the process's CPU seconds so far (its exit, which
#: closes the simulator and tears the interpreter down, is not part of a first answer).
_ANSWERED = """
import resource, sys
usage = resource.getrusage(resource.RUSAGE_SELF)
print("answered", usage.ru_utime + usage.ru_stime, flush=True)
"""

_QUERY = {"query": "{ accounts { totalCount } }"}

_CLOCK_ADVANCE = "python -m simulator clock advance 1s"

_ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def commands(data_dir: str) -> list[tuple[str, list[str]]]:
    python = sys.executable
    return [
        ("python -c pass", [python, "-c", "pass"]),
        ("python -c 'import ariadne, starlette'", [python, "-c", "import ariadne, starlette"]),
        # The floor under the README example: the libraries it cannot answer without
        # (sqlite-utils no more: the store's `Database` is its own; it migrates only).
        (
            "the example's libraries alone",
            [python, "-c", "import ariadne, starlette.testclient, httpx"],
        ),
        ("python -c 'import simulator'", [python, "-c", "import simulator"]),
        ("python -m simulator --help", [python, "-m", "simulator", "--help"]),
        (
            _CLOCK_ADVANCE,
            [python, "-m", "simulator", "clock", "advance", "1s", "--data-dir", data_dir],
        ),
        (
            "python -m simulator clock now",
            [python, "-m", "simulator", "clock", "now", "--data-dir", data_dir],
        ),
    ]


#: A run's wall seconds and its processes' CPU seconds (user + system).
Timing = tuple[float, float]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def start_seconds(argv: list[str], environment: dict[str, str] | None = None) -> Timing:
    """One process start to its exit: wall and CPU seconds; `SystemExit` if it failed."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        argv, cwd=ROOT, env=environment or _ENVIRONMENT, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - start, _children_cpu() - cpu
    if done.returncode != 0:
        print(f"failed ({done.returncode}): {' '.join(argv)}\n{done.stderr}", file=sys.stderr)
        raise SystemExit(1)
    return elapsed


def first_answer(environment: dict[str, str] | None = None) -> Timing:
    """The README example in a new process, to its answer: wall and CPU seconds."""
    start = time.perf_counter()
    example = subprocess.Popen(
        [sys.executable, "-c", README_EXAMPLE + _ANSWERED],
        cwd=ROOT,
        env=environment or _ENVIRONMENT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert example.stdout is not None
    said = example.stdout.readline().split()
    elapsed = time.perf_counter() - start
    _, errors = example.communicate()
    if example.returncode != 0 or said[:1] != ["answered"]:
        print(f"the README example failed ({example.returncode}):\n{errors}", file=sys.stderr)
        raise SystemExit(1)
    return elapsed, float(said[1])


def with_new_sdl_cache() -> Timing:
    """The README example with an empty cache (as after an SDL change, or on a new machine)."""
    with tempfile.TemporaryDirectory() as cache:
        return first_answer({**_ENVIRONMENT, "SIMULATOR_CACHE_DIR": cache})


def project_data_dir(data_dir: str) -> tuple[str, str]:
    """A data dir with a Sandbox project (frozen clock); its client id and secret."""
    from simulator import Simulator

    with Simulator(data_dir) as sim:
        creds = sim.create_project("sandbox", "Bench", ["http://localhost:3000/callback"])
    return creds.client_id, creds.client_secret


def workshop_data_dir(data_dir: str, learners: int = 30) -> tuple[str, str]:
    """A workshop of `learners` (the workshop dataset in each space); the first learner's
    client id and secret."""
    from simulator.workshop import Workshop, default_names

    with Workshop(data_dir) as room:
        room.create(default_names(learners), dataset="workshop")
        record = room.record(room.names[0])
    return record.client_id, record.client_secret


def serve_seconds(data_dir: str, credentials: tuple[str, str], prefix: str = "") -> Timing:
    """`python -m simulator serve` started to its first GraphQL answer over HTTP (a token,
    then the README's query), in wall seconds, and the server's CPU seconds (to its stop);
    `SystemExit` if it never answers. `prefix`: a workshop learner's (`/w/learner-01`); the
    room is then served at one public URL, as a trainer's is all day (a room served at a new
    address registers each learner's callback page there at its first request: once)."""
    cpu = _children_cpu()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = [sys.executable, "-m", "simulator", "serve", "--port", str(port)]
    if prefix:
        argv += ["--public-url", "http://127.0.0.1:8000"]
    start = time.perf_counter()
    server = subprocess.Popen(
        [*argv, "--data-dir", data_dir, "--no-demo"],
        cwd=ROOT,
        env=_ENVIRONMENT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base_url = f"http://127.0.0.1:{port}{prefix}"
        with httpx.Client(base_url=base_url, timeout=30) as http:
            token = _first_token(http, credentials, server)
            answer = http.post(
                "/sandbox/graphql", json=_QUERY, headers={"Authorization": f"Bearer {token}"}
            )
            elapsed = time.perf_counter() - start
            count = (answer.json().get("data") or {}).get("accounts", {}).get("totalCount")
            if not isinstance(count, int):
                print(f"serve answered {answer.text}", file=sys.stderr)
                raise SystemExit(1)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return elapsed, _children_cpu() - cpu


def _first_token(http: httpx.Client, credentials: tuple[str, str], server: Any) -> str:
    client_id, client_secret = credentials
    data = {
        "grant_type": "client_credentials",
        "client_id": client_id,
        "client_secret": client_secret,
    }
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline and server.poll() is None:
        try:
            return str(http.post("/oauth2/token", data=data).json()["access_token"])
        except httpx.TransportError:
            time.sleep(0.01)  # not listening yet
    print("serve did not answer", file=sys.stderr)
    raise SystemExit(1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="process starts per command")
    parser.add_argument("--quick", action="store_true", help="3 process starts per command")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    with tempfile.TemporaryDirectory() as data_dir:
        measured: list[tuple[str, Callable[[], Timing]]] = [
            (label, lambda argv=argv: start_seconds(argv))
            for label, argv in commands(os.path.join(data_dir, "data"))
        ]
        # The data dir's database, made by its first command.
        start_seconds(dict(commands(os.path.join(data_dir, "data")))[_CLOCK_ADVANCE])
        first_answer()  # the machine's cache, made once (see above)
        served = os.path.join(data_dir, "served")
        credentials = project_data_dir(served)
        room = os.path.join(data_dir, "room")
        learner = workshop_data_dir(room)
        measured += [
            ("README example to its first answer", first_answer),
            ("  the same, with an empty cache", with_new_sdl_cache),
            ("serve to its first GraphQL answer", lambda: serve_seconds(served, credentials)),
            (
                "  a workshop of 30, a learner's",
                lambda: serve_seconds(room, learner, prefix="/w/learner-01"),
            ),
        ]
        # Interleaved rounds: a burst of load on the machine slows every command alike.
        timings: dict[str, list[Timing]] = {label: [] for label, _ in measured}
        for _ in range(runs):
            for label, run in measured:
                timings[label].append(run())
    report(timings, runs)
    return 0


def report(timings: dict[str, list[Timing]], runs: int) -> None:
    """Median wall and CPU time of each command, and their ratios to the two baselines."""
    medians = {
        label: (statistics.median(t[0] for t in values), statistics.median(t[1] for t in values))
        for label, values in timings.items()
    }
    baseline, libraries = list(medians.values())[:2]
    version = sys.version.split()[0]
    print(f"median of {runs} process starts each ({sys.executable}, Python {version})")
    print(f"  {'':<38} {'wall':>8} {'x pass':>7} {'x a+s':>6}   {'CPU':>7} {'x a+s':>6}")
    for label, (wall, cpu) in medians.items():
        walls = [t[0] for t in timings[label]]
        print(
            f"  {label:<38} {wall * 1000:5.0f} ms {wall / baseline[0]:6.1f}x"
            f" {wall / libraries[0]:5.2f}x   {cpu * 1000:4.0f} ms {cpu / libraries[1]:5.2f}x"
            f"  (wall min {min(walls) * 1000:.0f}, max {max(walls) * 1000:.0f} ms)"
        )
    print("  (x a+s: the ratio to python -c 'import ariadne, starlette' in this run)")


if __name__ == "__main__":
    raise SystemExit(main())
