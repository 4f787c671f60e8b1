"""Run every benchmark (`bench_*.py` and `fuzz_all.py`) one after the other; fail if one fails.

    python benchmarks/run_all.py --quick            # every benchmark at small sizes (CI)
    python benchmarks/run_all.py                    # full runs: many minutes
    python benchmarks/run_all.py --quick core oauth # only bench_core.py and bench_oauth.py

CI runs `python benchmarks/run_all.py --quick`: that run is the gate that keeps the
benchmarks from rotting (no test wraps it). A benchmark prints figures and never asserts a
time, but it exits non-zero when it cannot measure what it says (a GraphQL answer with
errors where data was expected, a server that does not start); this runner then exits 1.

Each benchmark runs as its own process, from the repository root, with this interpreter,
one at a time (on a 2-core machine two benchmarks would weigh on each other's figures).
Its output is passed through as it comes; its duration is printed after it, and a summary
at the end. A benchmark still running after `--timeout` seconds is stopped with its whole
process group (some start servers of their own) and counts as failed.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent


def scripts(selected: list[str]) -> list[Path]:
    """Every benchmark script, by name; only those `selected` (`core` or `bench_core.py`)."""
    found = [*sorted(BENCHMARKS.glob("bench_*.py")), BENCHMARKS / "fuzz_all.py"]
    if not selected:
        return found
    wanted = {name.removesuffix(".py").removeprefix("bench_") for name in selected}
    chosen = [path for path in found if path.stem.removeprefix("bench_") in wanted]
    unknown = wanted - {path.stem.removeprefix("bench_") for path in chosen}
    if unknown:
        raise SystemExit(f"no such benchmark: {', '.join(sorted(unknown))}")
    return chosen


def run(script: Path, quick: bool, timeout: float) -> tuple[int | None, float]:
    """Run one benchmark, its output straight to ours: (exit status or None if timed out,
    seconds)."""
    command = [sys.executable, str(script.relative_to(ROOT)), *(["--quick"] if quick else [])]
    print(f"\n=== {' '.join(['python', *command[1:]])}", flush=True)
    # Unbuffered, so a benchmark's lines interleave with its servers' in the order written.
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    began = time.perf_counter()
    # A session of its own: on a timeout the benchmark and the servers it started are
    # stopped together.
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    try:
        status: int | None = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        status = None
    return status, time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: every one)")
    parser.add_argument("--quick", action="store_true", help="pass --quick to each benchmark")
    parser.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="seconds one benchmark may take (default: 300 with --quick, else 3600)",
    )
    args = parser.parse_args(argv)
    timeout = args.timeout or (300.0 if args.quick else 3600.0)
    began = time.perf_counter()
    outcomes: list[tuple[str, int | None, float]] = []
    for script in scripts(args.names):
        status, seconds = run(script, args.quick, timeout)
        verdict = "ok" if status == 0 else ("timed out" if status is None else f"exit {status}")
        print(f"=== {script.name}: {verdict} in {seconds:.1f} s", flush=True)
        outcomes.append((script.name, status, seconds))
    total = time.perf_counter() - began
    failed = [name for name, status, _ in outcomes if status != 0]
    print(f"\n{'benchmark':26} {'result':>10} {'seconds':>8}")
    for name, status, seconds in outcomes:
        result = "ok" if status == 0 else ("timeout" if status is None else f"exit {status}")
        print(f"{name:26} {result:>10} {seconds:8.1f}")
    print(f"{len(outcomes)} benchmarks in {total:.1f} s; failed: {', '.join(failed) or 'none'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
