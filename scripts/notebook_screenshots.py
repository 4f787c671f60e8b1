"""Take again the screenshot of each notebook's main widget (docs/screenshots/notebooks/).

    python scripts/notebook_screenshots.py                 # every notebook
    python scripts/notebook_screenshots.py 02-oauth 07     # those whose name holds one of these

It runs tests/test_browser_notebooks.py (a real JupyterLab on loopback, Debian's Chromium
through Playwright: Run All, then the widget's picture), which also writes the fingerprint of
what each picture was taken from into docs/screenshots/notebooks/manifest.json.
tests/test_notebook_screenshots.py fails when a notebook or its widget changed since.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(names: list[str]) -> int:
    command = [sys.executable, "-m", "pytest", "tests/test_browser_notebooks.py", "-q", "-s"]
    if names:
        command += ["-k", " or ".join(names)]
    # `jupyter-lab` beside this Python (a virtualenv's, even when not activated).
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    done = subprocess.run(
        command, cwd=ROOT, env=os.environ | {"PATH": path, "NOTEBOOK_SCREENSHOTS": "1"}, check=False
    )
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
