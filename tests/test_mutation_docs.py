"""docs/mutations.md is generated from the schemas; it must equal the generated page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from simulator.api.docs import mutations_markdown
from simulator.server.app import partner_schema
from simulator.server.app import testing_schema as build_testing_schema

ROOT = Path(__file__).resolve().parents[1]


def test_committed_page_equals_the_generated_one() -> None:
    committed = (ROOT / "docs" / "mutations.md").read_text(encoding="utf-8")
    generated = mutations_markdown(partner_schema(), build_testing_schema())
    assert committed == generated, (
        "docs/mutations.md is out of date: "
        "run `python -m simulator docs mutations > docs/mutations.md`"
    )


def test_the_page_lists_every_mutation_with_its_rejections() -> None:
    page = mutations_markdown(partner_schema(), build_testing_schema())
    for schema in (partner_schema(), build_testing_schema()):
        assert schema.mutation_type is not None
        for name in schema.mutation_type.fields:
            assert f"### `{name}`" in page
    assert "| `IdempotencyConflictRejection` | none |" in page


def test_cli_prints_the_page() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "simulator", "docs", "mutations"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == (ROOT / "docs" / "mutations.md").read_text(encoding="utf-8")
