"""Print how the packages installed here differ from a committed lock (`constraints.txt`).

CI's newest job runs it after installing, so that its log says whether the lock still names
what a new user gets (docs/installing.md, "The lock"). It only reports: a lock behind the
newest releases is expected between refreshes (`scripts/refresh_lock.sh`).

    python scripts/lock_drift.py constraints.txt
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

PROJECT = "banking-sandbox-simulator"


def canonicalize_name(name: str) -> str:
    """A distribution's name as PEP 503 compares them (`Jinja2` is `jinja2`, `a_b` is `a-b`)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(path: Path) -> dict[str, str]:
    """`name==version` lines of a constraints file, by canonical name (comments skipped)."""
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[canonicalize_name(name)] = version.strip()
    return pins


def installed() -> dict[str, str]:
    found = {
        canonicalize_name(dist.metadata["Name"]): dist.version for dist in metadata.distributions()
    }
    found.pop(PROJECT, None)
    return found


def main(argv: list[str]) -> int:
    lock_path = Path(argv[1] if len(argv) > 1 else "constraints.txt")
    if not lock_path.exists():
        print(f"lock drift: no {lock_path}")
        return 0
    lock, here = read_lock(lock_path), installed()
    changed = sorted(
        f"{name} {lock.get(name, '-')} -> {here.get(name, '-')}"
        for name in lock.keys() | here.keys()
        if lock.get(name) != here.get(name) and name not in {"pip", "setuptools", "uv"}
    )
    if not changed:
        print(f"lock drift: none; this environment is exactly {lock_path}")
        return 0
    print(f"lock drift: {len(changed)} packages differ from {lock_path} (lock -> here):")
    for line in changed:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
