"""`limits.document_memo`: parsed trees, validation passes and figures kept per process."""

from __future__ import annotations

from graphql import build_schema, parse

from simulator.limits.document_memo import (
    DocumentFigures,
    ParsedDocuments,
    ValidationMemo,
    validation_memo,
)
from simulator.limits.query_cost import safe_validate

SCHEMA = build_schema("type Query { a: Int b: Int }")


def test_only_valid_documents_are_remembered_and_each_schema_has_its_memo() -> None:
    other = build_schema("type Query { a: Int }")
    assert validation_memo(SCHEMA) is validation_memo(SCHEMA)
    assert validation_memo(SCHEMA) is not validation_memo(other)
    assert safe_validate(SCHEMA, parse("{ a }")) == []
    assert validation_memo(SCHEMA).is_known_valid("{ a }", (None, None))
    errors = safe_validate(SCHEMA, parse("{ nope }"))
    assert errors and not validation_memo(SCHEMA).is_known_valid("{ nope }", (None, None))
    # An invalid document is validated each time: its errors point into the tree sent.
    again = parse("{ nope }")
    assert (
        safe_validate(SCHEMA, again)[0].nodes[0] is again.definitions[0].selection_set.selections[0]
    )  # type: ignore[attr-defined]


def test_the_memos_are_bounded_and_drop_the_least_recent() -> None:
    memo = ValidationMemo(size=2)
    for text in ("{ a }", "{ b }", "{ a b }"):
        memo.remember_valid(text, None)
    assert len(memo) == 2 and not memo.is_known_valid("{ a }", None)
    trees = ParsedDocuments(size=1)
    first, second = parse("{ a }"), parse("{ b }")
    trees.put("{ a }", first)
    assert trees.get("{ a }") is first
    trees.put("{ b }", second)
    assert trees.get("{ a }") is None and trees.get("{ b }") is second


def test_figures_are_kept_per_tree_and_per_question() -> None:
    figures = DocumentFigures()
    tree, twin = parse("{ a }"), parse("{ a }")
    calls: list[str] = []

    def compute(label: str) -> str:
        calls.append(label)
        return label

    assert figures.get_or_compute(tree, "cost", lambda: compute("cost")) == "cost"
    assert figures.get_or_compute(tree, "cost", lambda: compute("again")) == "cost"
    assert figures.get_or_compute(tree, "rows", lambda: compute("rows")) == "rows"
    assert figures.get_or_compute(twin, "cost", lambda: compute("twin")) == "twin"
    assert calls == ["cost", "rows", "twin"]
