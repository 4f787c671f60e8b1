"""The one-way dependencies of docs/architecture.md, checked on the source."""

from __future__ import annotations

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
    [*(PACKAGE / "domain").glob("*.py"), *(PACKAGE / "storage").rglob("*.py"), PACKAGE / "clock.py"]
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
