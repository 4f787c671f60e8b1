"""Cold start of the package and of the command line; prints figures measured in this run.

    python benchmarks/bench_startup.py [--runs 10] [--quick]

Each command is started `--runs` times as a new process (`--quick`: 3); the median wall time
of each is printed with its ratio to `python -c pass` measured in the same run, so a loaded
machine shows in the baseline too. Targets (issue: notebooks and shell loops call the command
line often): `import simulator` under 0.25 s, `clock advance 1s` under 0.3 s. Figures are
printed, never asserted; a command that fails stops the benchmark with a non-zero status.

`clock advance` runs on a data dir made by the first run (a new data dir's first command
creates its database); every later run moves that clock and journals the command, as a
notebook or a shell loop calling the command line does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands(data_dir: str) -> list[tuple[str, list[str]]]:
    python = sys.executable
    return [
        ("python -c pass", [python, "-c", "pass"]),
        ("python -c 'import simulator'", [python, "-c", "import simulator"]),
        ("python -m simulator --help", [python, "-m", "simulator", "--help"]),
        (
            "python -m simulator clock advance 1s",
            [python, "-m", "simulator", "clock", "advance", "1s", "--data-dir", data_dir],
        ),
        (
            "python -m simulator clock now",
            [python, "-m", "simulator", "clock", "now", "--data-dir", data_dir],
        ),
    ]


def start_seconds(argv: list[str]) -> float:
    """One process start to its exit, in wall seconds; `SystemExit` if it failed."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        print(f"failed ({done.returncode}): {' '.join(argv)}\n{done.stderr}", file=sys.stderr)
        raise SystemExit(1)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="process starts per command")
    parser.add_argument("--quick", action="store_true", help="3 process starts per command")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    with tempfile.TemporaryDirectory() as data_dir:
        measured = commands(os.path.join(data_dir, "data"))
        start_seconds(measured[3][1])  # the data dir's database, made once (see above)
        # Interleaved rounds: a burst of load on the machine slows every command alike.
        timings: dict[str, list[float]] = {label: [] for label, _ in measured}
        for _ in range(runs):
            for label, argv in measured:
                timings[label].append(start_seconds(argv))
    baseline = statistics.median(timings[measured[0][0]])
    version = sys.version.split()[0]
    print(f"median of {runs} process starts each ({sys.executable}, Python {version})")
    for label, values in timings.items():
        median = statistics.median(values)
        print(
            f"  {label:<40} {median * 1000:7.0f} ms  {median / baseline:5.1f}x python -c pass"
            f"  (min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f} ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
