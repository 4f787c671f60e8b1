"""The one-way dependencies of docs/architecture.md, checked on the source."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "simulator"

#: What the inner layers must never import: HTTP, GraphQL, widgets, or the outer layers.
FORBIDDEN = re.compile(
    r"^\s*(from|import)\s+(starlette|ariadne|graphql|ipywidgets|httpx|uvicorn)\b"
    r"|^\s*from\s+\.\.(api|server|oauth|webhooks|cli|testing_api|widgets)\b",
    re.M,
)
INNER = sorted(
    [
        *(PACKAGE / "domain").rglob("*.py"),
        *(PACKAGE / "storage").rglob("*.py"),
        PACKAGE / "clock.py",
    ]
)


@pytest.mark.parametrize("path", INNER, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_domain_knows_nothing_of_http_graphql_or_widgets(path: Path) -> None:
    assert not FORBIDDEN.search(path.read_text(encoding="utf-8"))


REAL_TIME = re.compile(
    r"time\.time\(|datetime\.now\(|datetime\.utcnow\(|time\.sleep\(|date\.today\("
)


def test_only_the_clock_reads_real_time() -> None:
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "clock.py" and REAL_TIME.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


#: Calls that declare rather than register: Ariadne's `set_field` binds a resolver (pure code,
#: the same for every simulator) to the schema, like its `@query.field` decorator; a library
#: gives its logger a NullHandler.
DECLARATIONS = {"set_field", "addHandler"}


def _mutates_at_import(statement: ast.stmt) -> bool:
    """A top-level statement that fills a registry: `X.append(...)`, `X.update(...)`,
    `X[key] = ...`, `X += ...`, or an `if` guarding one."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        function = statement.value.func
        return isinstance(function, ast.Attribute) and function.attr not in DECLARATIONS
    if isinstance(statement, ast.Assign):
        return any(
            isinstance(target, ast.Subscript | ast.Attribute) for target in statement.targets
        )
    if isinstance(statement, ast.AugAssign):
        return True
    if isinstance(statement, ast.If):
        return any(_mutates_at_import(inner) for inner in statement.body + statement.orelse)
    return False


def test_no_module_fills_shared_state_at_import() -> None:
    """The `Simulator` builds and wires its parts; importing a module registers nothing
    (docs/architecture.md, "The composition root")."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [
            f"{path.relative_to(PACKAGE)}:{statement.lineno}"
            for statement in tree.body
            if _mutates_at_import(statement)
        ]
    assert offenders == []
