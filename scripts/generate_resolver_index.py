"""Write simulator/api/partner/_index.py: what each partner resolver module binds.

`api/resolver_index.py` reads it to import a module when the schema first needs what it
binds (a root field at its first call, a type when its fields are built). Every module is
imported here and its bindables read (`resolver_index.binds_of`).

Run `python scripts/generate_resolver_index.py` after adding a resolver module or a root
field (`--check` only compares); tests/test_resolver_index.py fails when the index drifts.
A stale index never loses a binding (a module it does not know is imported with the
schema), but a module it knows that binds something more would lose that.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.api import partner  # noqa: E402
from simulator.api.resolver_index import binds_of  # noqa: E402

TARGET = ROOT / "simulator" / "api" / "partner" / "_index.py"

_HEADER = '''"""What each partner resolver module binds. GENERATED: do not edit.

Written by `python scripts/generate_resolver_index.py` from the modules' `bindables`;
tests/test_resolver_index.py fails when it drifts from them. Read by
`api/resolver_index.py` (`Query.accounts`: a root field; `Account`: a type; `*`: something
imported with the schema).
"""

BINDS: dict[str, tuple[str, ...]] = {
'''


def render() -> str:
    """The index module's text, from the modules as they are."""
    lines = [_HEADER]
    for module in partner.RESOLVER_MODULES:
        name = module.__name__.removeprefix(partner.__name__ + ".")
        binds = "".join(f"        {json.dumps(bound)},\n" for bound in binds_of(module))
        lines.append(f"    {json.dumps(name)}: (\n{binds}    ),\n")
    lines.append("}\n")
    # As `ruff format` leaves it (CI checks the format of every file).
    formatted = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--stdin-filename", str(TARGET), "-"],
        input="".join(lines),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return formatted.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 on drift")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} drifted: run python {Path(__file__).name}")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
