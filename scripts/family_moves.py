"""Rewrite the imports that still name a module where it was before the family folders.

Issue 24 moved the resolvers, the Testing API and the tables of each family of the domain into
a folder named after it (docs/architecture.md, "One family, one place"). A branch made before
the moves merges with git's rename detection: its edits follow the moved files; but where its
import lines conflict with the moves' (take its side of the file), and in the files it adds,
the imports name the old places. This rewrites every such import, and leaves a right one alone
(running it twice changes nothing):

    python scripts/family_moves.py                    # rewrite; print the files changed
    python scripts/family_moves.py --check            # exit 1 if an import needs rewriting
    python scripts/family_moves.py --move OLD NEW ... # `git mv` more files first (paths)
    python scripts/family_moves.py --place            # and move each new flat file of a
                                                      # family layer beside its domain module

A moved file whose relative imports do not resolve from its new folder is read from its old
one; any import of a module that moved is pointed at its new place. Then `ruff check --fix`
sorts the imports again.

Merging such a branch: where `api/partner/__init__.py` or `testing_api/__init__.py` conflict,
keep ours (the resolver list is the folders' files, nothing to add); where a moved file
conflicts on its import lines only, take theirs (`git checkout --theirs`); then run this with
`--place`, `--move` what it could not place, `ruff check --fix .`, and the gates.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Layer -> family -> the modules that moved from the layer's folder into the family's.
FAMILY_FOLDERS: dict[str, dict[str, tuple[str, ...]]] = {
    "simulator/api/partner": {
        "accounts": (
            "accounts",
            "holders",
            "invoices",
            "memberships",
            "statements",
            "transactions",
        ),
        "cards": ("card_mutations", "cards"),
        "consents": ("consents",),
        "funding": ("funding",),
        "merchants": ("merchant_payment_methods", "merchant_payments", "merchant_profiles"),
        "onboarding": ("onboarding", "onboarding_legacy", "onboarding_public"),
        "payments": ("beneficiaries", "direct_debits", "payments", "standing_orders"),
        "users": ("user",),
    },
    "simulator/testing_api": {
        "accounts": ("accounts", "billing"),
        "cards": ("cards",),
        "funding": ("funding",),
        "merchants": ("merchants",),
        "onboarding": ("onboarding",),
        "payments": ("direct_debits", "international", "payments"),
        "sandbox": ("banking", "checks", "users"),
    },
    "simulator/storage/tables": {
        "accounts": ("accounts", "billing", "memberships"),
        "cards": ("cards",),
        "funding": ("funding",),
        "merchants": ("merchant_payments", "merchants"),
        "onboarding": ("onboarding",),
        "payments": ("direct_debits", "payments"),
    },
}

#: What may stay flat in each family layer (tests/test_architecture.py, LAYERS, says the same).
FLAT = {
    "simulator/api/partner": {"webhooks"},
    "simulator/api/schema/partner": {"query", "statuses", "webhooks"},
    "simulator/api/schema/common": {"banking_inputs", "banking_rejections", "banking_statuses"}
    | {"rejections", "scalars"},
    "simulator/testing_api": {"journal", "limits", "resolvers", "webhooks"},
    "simulator/testing_api/schema": {"journal", "limits", "testing", "timeline", "webhooks"},
    "simulator/storage/tables": {"banking", "core", "dashboard", "events", "journal", "limits"}
    | {"oauth", "webhooks"},
}

_FROM = re.compile(r"^(\s*from\s+)(\.*[\w.]*)(\s+import\b)")


def _dotted(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def moved_modules(extra: list[tuple[str, str]]) -> dict[str, str]:
    """Old dotted module name -> new one."""
    moves = {
        f"{_dotted(layer)}.{module}": f"{_dotted(layer)}.{family}.{module}"
        for layer, families in FAMILY_FOLDERS.items()
        for family, modules in families.items()
        for module in modules
    }
    moves.update({_dotted(old): _dotted(new) for old, new in extra if old.endswith(".py")})
    return moves


def _exists(module: str) -> bool:
    path = ROOT.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _resolve(node: ast.ImportFrom, package: list[str]) -> str:
    if node.level == 0:
        return node.module or ""
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _relative(target: str, package: list[str]) -> str:
    parts = target.split(".")
    common = 0
    while common < min(len(parts), len(package)) and parts[common] == package[common]:
        common += 1
    return "." * (len(package) - common + 1) + ".".join(parts[common:])


def _new_target(target: str, names: list[str], moves: dict[str, str]) -> str:
    """Where `from target import names` must now import from."""
    if target in moves and not all(_exists(f"{target}.{name}") for name in names):
        return moves[target]
    moved = [moves.get(f"{target}.{name}") for name in names]
    if names and all(moved):
        packages = {str(module).rpartition(".")[0] for module in moved}
        if len(packages) == 1:
            return packages.pop()
    return target


def rewrite(path: Path, moves: dict[str, str]) -> str:
    """The file's text with its imports pointed at the modules' places."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    module = _dotted(path.relative_to(ROOT).as_posix())
    package = module.split(".")[:-1]  # a package's __init__ imports from the package too
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    old = {new: old for old, new in moves.items()}.get(module)
    # A moved file whose relative imports do not resolve here still reads from its old folder.
    stale = old is not None and any(
        node.level
        and not _exists(_resolve(node, package))
        and not all(_exists(f"{_resolve(node, package)}.{a.name}") for a in node.names)
        for node in imports
    )
    origin = old.split(".")[:-1] if stale and old else package
    lines = text.splitlines(keepends=True)
    for node in imports:
        target = _resolve(node, origin)
        if node.level == 0 and not target.startswith("simulator."):
            continue
        names = [alias.name for alias in node.names]
        new = _new_target(target, names, moves)
        if new == target and not stale:
            continue
        spelled = _relative(new, package) if node.level else new
        line = lines[node.lineno - 1]
        head = _FROM.match(line)
        assert head is not None, (path, node.lineno)
        lines[node.lineno - 1] = head.group(1) + spelled + head.group(3) + line[head.end() :]
    return "".join(lines)


def placements() -> tuple[list[tuple[str, str]], list[str]]:
    """The flat files of the family layers that should not be flat: (old, new) for those
    whose name is a module of one family of the domain, and the others, to place by hand."""
    moves, unplaced = [], []
    for layer, flat in FLAT.items():
        for path in sorted((ROOT / layer).glob("[!_]*.*")):
            if path.suffix not in (".py", ".graphql") or path.stem in flat | {"__init__"}:
                continue
            families = {p.parent.name for p in ROOT.glob(f"simulator/domain/*/{path.stem}.py")}
            old = path.relative_to(ROOT).as_posix()
            if len(families) == 1:
                moves.append((old, f"{layer}/{families.pop()}/{path.name}"))
            else:
                unplaced.append(old)
    return moves, unplaced


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if an import is stale")
    parser.add_argument("--move", nargs=2, action="append", default=[], metavar=("OLD", "NEW"))
    parser.add_argument("--place", action="store_true", help="move new flat files too")
    args = parser.parse_args(argv)
    if args.place:
        placed, unplaced = placements()
        args.move += [list(pair) for pair in placed]
        for old in unplaced:
            print(f"{old}: no domain module of that name; place it with --move", file=sys.stderr)
    for old, new in args.move:
        (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", old, new], cwd=ROOT, check=True)
        print(f"moved {old} -> {new}")
    moves = moved_modules([(old, new) for old, new in args.move])
    changed = []
    for folder in ("simulator", "tests", "scripts", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = rewrite(path, moves)
            if text != path.read_text(encoding="utf-8"):
                changed.append(path.relative_to(ROOT).as_posix())
                if not args.check:
                    path.write_text(text, encoding="utf-8")
    print("\n".join(changed))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
