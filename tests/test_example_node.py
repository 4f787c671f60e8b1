"""examples/node: a partner's Node tests (fetch, node:test) against `python -m simulator
serve` started by their own script (`npm test`: `node test/run.js`). Skipped, saying so,
where no Node 20 is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "node"


def node_major(node: str) -> int:
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    return int(version.stdout.strip().lstrip("v").split(".")[0])


def test_the_node_example_passes() -> None:
    node = shutil.which("node")
    if node is None or node_major(node) < 20:
        pytest.skip("examples/node needs Node 20 or later (node:test, fetch): none installed")
    result = subprocess.run(
        [node, "test/run.js"],
        cwd=EXAMPLE,
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ℹ pass 3" in result.stdout and "ℹ fail 0" in result.stdout, result.stdout
