"""The figures docs/architecture.md quotes, computed from the code and pyproject.toml.

    python scripts/architecture_figures.py            # print the generated blocks
    python scripts/architecture_figures.py --write    # rewrite them in docs/architecture.md
    python scripts/architecture_figures.py --check    # exit 1 if the page is out of date

Each block sits in docs/architecture.md between `<!-- figures:NAME -->` and
`<!-- /figures:NAME -->`; tests/test_architecture_doc.py fails when one is stale. The blocks:

- `layers`: packages, modules and lines of each layer of the `layers` contract;
- `chain`: the longest import chain of `simulator/`, from grimp's import graph (the graph
  `lint-imports` checks: imports inside functions and under TYPE_CHECKING count), and the
  number of contracts;
- `families`: each family of the domain, and where it lives in every layer.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "simulator"
PAGE = ROOT / "docs" / "architecture.md"

#: Where a family keeps its files in each layer, as (heading, glob under the repository).
FAMILY_PLACES = (
    ("domain", "simulator/domain/{family}/[!_]*.py"),
    ("partner resolvers", "simulator/api/partner/{family}/[!_]*.py"),
    ("partner and common SDL", "simulator/api/schema/*/{family}/*.graphql"),
    ("Testing API", "simulator/testing_api/{family}/[!_]*.py"),
    ("Testing SDL", "simulator/testing_api/schema/{family}/*.graphql"),
    ("tables", "simulator/storage/tables/{family}/[!_]*.py"),
    ("tests", "tests/test_{family}*.py"),
)


def contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return found


def _layer(contract_id: str) -> list[str]:
    (contract,) = [c for c in contracts() if c.get("id") == contract_id]
    layers: list[str] = contract["layers"]
    return layers


def _parts(layer: str) -> list[str]:
    return [part.strip() for part in re.split(r"[|:]", layer)]


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _files_of(part: str) -> list[Path]:
    """The .py files of `simulator.<part>`: a module, or a package and everything under it."""
    path = PACKAGE.joinpath(*part.split("."))
    if path.is_dir():
        return sorted(path.rglob("*.py"))
    return [path.with_suffix(".py")]


def _row(name: str, files: Iterable[Path]) -> str:
    files = list(files)
    packages = sum(1 for path in files if path.name == "__init__.py")
    lines = sum(_lines(path) for path in files)
    return f"| {name} | {packages} | {len(files)} | {lines:,} |"


def layers_block() -> str:
    """Packages (folders with an `__init__.py`), modules (.py files, `__init__`s included) and
    lines of each layer, top to bottom, and of the package's faces outside the layers."""
    rows = ["| Layer | Packages | Modules | Lines |", "|---|---|---|---|"]
    placed: set[Path] = set()
    for layer in _layer("layers"):
        files = [path for part in _parts(layer) for path in _files_of(part)]
        placed.update(files)
        # A pipe in a table cell, even in code, must be escaped (GitHub's Markdown).
        rows.append(_row("`" + layer.replace("|", "\\|") + "`", files))
    rest = sorted(set(PACKAGE.rglob("*.py")) - placed)
    names = ", ".join(f"`{path.relative_to(ROOT).as_posix()}`" for path in rest)
    rows.append(_row(f"outside the layers: {names}", rest))
    everything = sorted(PACKAGE.rglob("*.py"))
    rows.append(_row("**all of `simulator/`**", everything))
    return "\n".join(rows)


@cache
def _graph() -> Any:
    # Imported here: only this script needs grimp (import-linter's graph builder).
    import grimp

    return grimp.build_graph("simulator", cache_dir=None)


def _components(graph: Any) -> dict[str, frozenset[str]]:
    """Each module's strongly connected component (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    component: dict[str, frozenset[str]] = {}
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    imported = sorted(graph.find_modules_directly_imported_by(successor))
                    work.append((successor, iter(imported)))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == node:
                            break
                    for member in members:
                        component[member] = frozenset(members)
    return component


def longest_chain() -> list[frozenset[str]]:
    """The longest chain of imports (a imports b, which imports c, ...), a circle counted as
    one step: the longest path of the graph of its strongly connected components."""
    graph = _graph()
    component = _components(graph)
    successors: dict[frozenset[str], set[frozenset[str]]] = {}
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if component[imported] != component[module]:
                successors.setdefault(component[module], set()).add(component[imported])

    @cache
    def chain_from(node: frozenset[str]) -> tuple[frozenset[str], ...]:
        best: tuple[frozenset[str], ...] = ()
        for successor in sorted(successors.get(node, ()), key=sorted):
            candidate = chain_from(successor)
            if len(candidate) > len(best):
                best = candidate
        return (node, *best)

    starts = sorted(set(component.values()), key=sorted)
    chains: list[tuple[frozenset[str], ...]] = [chain_from(node) for node in starts]
    longest = max(chains, key=len)
    return list(longest)


def chain_block() -> str:
    graph = _graph()
    chain = longest_chain()
    imports = sum(len(graph.find_modules_directly_imported_by(m)) for m in graph.modules)
    circles = {c for c in _components(graph).values() if len(c) > 1}
    steps = " → ".join(
        "`" + " ⇄ ".join(sorted(m.removeprefix("simulator.") for m in step)) + "`" for step in chain
    )
    circled = "; ".join(
        " ⇄ ".join(f"`{m.removeprefix('simulator.')}`" for m in sorted(c))
        for c in sorted(circles, key=sorted)
    )
    return "\n".join(
        [
            f"- {len(graph.modules)} modules and {imports:,} imports between them "
            "(grimp's graph, as `lint-imports` reads it);",
            f"- the longest import chain: {len(chain)} modules, {steps};",
            f"- circles (modules importing each other, through any path): {circled or 'none'};",
            f"- import-linter contracts: {len(contracts())} (`pyproject.toml`).",
        ]
    )


def families_block() -> str:
    """Each family of the domain, with its files in every layer (how many)."""
    families = [
        layer
        for line in reversed(_layer("domain-families"))
        for layer in _parts(line)
        if (PACKAGE / "domain" / layer).is_dir()
    ]
    header = "| Family | Domain lines | " + " | ".join(h for h, _ in FAMILY_PLACES) + " |"
    rows = [header, "|---" * (len(FAMILY_PLACES) + 2) + "|"]
    for family in families:
        lines = sum(_lines(p) for p in (PACKAGE / "domain" / family).glob("*.py"))
        counts = [
            len(sorted(ROOT.glob(pattern.format(family=family)))) for _, pattern in FAMILY_PLACES
        ]
        cells = " | ".join(str(count) if count else "" for count in counts)
        rows.append(f"| `{family}` | {lines:,} | {cells} |")
    return "\n".join(rows)


BLOCKS = {"layers": layers_block, "chain": chain_block, "families": families_block}


def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- figures:{name} -->\n)(.*?)(\n<!-- /figures:{name} -->)", re.S)


def quoted(page: str, name: str) -> str | None:
    """The text of the block `name` as docs/architecture.md quotes it."""
    match = _pattern(name).search(page)
    return match.group(2) if match else None


def _replacement(text: str) -> Any:
    def replace(match: re.Match[str]) -> str:
        return match.group(1) + text + match.group(3)

    return replace


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite docs/architecture.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    generated = {name: block() for name, block in BLOCKS.items()}
    page = PAGE.read_text(encoding="utf-8")
    if args.write:
        for name, text in generated.items():
            page, count = _pattern(name).subn(_replacement(text), page)
            if count != 1:
                print(f"docs/architecture.md has no block figures:{name}", file=sys.stderr)
                return 1
        PAGE.write_text(page, encoding="utf-8")
        return 0
    if args.check:
        stale = [name for name, text in generated.items() if quoted(page, name) != text]
        for name in stale:
            print(f"docs/architecture.md: figures:{name} is stale; run {__file__} --write")
        return 1 if stale else 0
    for name, text in generated.items():
        print(f"<!-- figures:{name} -->\n{text}\n<!-- /figures:{name} -->\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
