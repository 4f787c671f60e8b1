"""The command line under a reader that leaves early (`python -m simulator ... | head`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: A command whose output meets a closed pipe: whether a real `| head` closes it before the
#: last write depends on the pipe's buffer and the scheduler, so the write fails here for sure.
CLOSED_PIPE_COMMAND = """
import sys
import simulator.cli.docs as docs

def cut_short(args):
    sys.stdout.write("# the first line\\n")
    sys.stdout.flush()
    raise BrokenPipeError(32, "Broken pipe")

docs.run_mutations = cut_short
from simulator.cli import main
raise SystemExit(main(["docs", "mutations"]))
"""


def test_a_closed_pipe_ends_the_command_without_a_traceback(tmp_path: Path) -> None:
    answer = subprocess.run(
        [sys.executable, "-c", CLOSED_PIPE_COMMAND],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=tmp_path,
        timeout=120,
    )
    assert "Traceback" not in answer.stderr and "BrokenPipe" not in answer.stderr, answer.stderr
    assert answer.returncode == 141  # 128 + SIGPIPE, as a shell reports a closed pipe
    assert answer.stdout == "# the first line\n"
