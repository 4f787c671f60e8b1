"""`limits.document_memo`: parsed trees, validation passes and figures kept per process."""

from __future__ import annotations

import pytest
from graphql import GraphQLError, build_schema, parse

from simulator.limits import short_lived
from simulator.limits.document_memo import (
    MAX_REMEMBERED_LENGTH,
    DocumentFigures,
    ParsedDocuments,
    ValidationMemo,
    validation_memo,
)
from simulator.limits.query_cost import safe_validate

SCHEMA = build_schema("type Query { a: Int b: Int }")


def test_valid_and_invalid_documents_are_remembered_and_each_schema_has_its_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    other = build_schema("type Query { a: Int }")
    assert validation_memo(SCHEMA) is validation_memo(SCHEMA)
    assert validation_memo(SCHEMA) is not validation_memo(other)
    assert safe_validate(SCHEMA, parse("{ a }")) == []
    assert validation_memo(SCHEMA).is_known_valid("{ a }", (None, None))
    errors = safe_validate(SCHEMA, parse("{ nope }"))
    assert errors and not validation_memo(SCHEMA).is_known_valid("{ nope }", (None, None))
    # An invalid text is remembered with its errors: sent again, it is not validated again
    # (it was, every time: a loop of a slow invalid document kept the workers busy).
    calls: list[object] = []
    monkeypatch.setattr(short_lived, "validate", lambda *args: calls.append(args) or [])
    again = safe_validate(SCHEMA, parse("{ nope }"))
    assert calls == [] and [e.formatted for e in again] == [e.formatted for e in errors]
    assert again[0].locations == [(1, 3)]
    assert safe_validate(SCHEMA, parse("{ nope2 }")) == [] and len(calls) == 1  # a new text


def test_the_memos_are_bounded_and_drop_the_least_recent() -> None:
    memo = ValidationMemo(size=2)
    for text in ("{ a }", "{ b }", "{ a b }"):
        memo.remember_valid(text, None)
    assert len(memo) == 2 and not memo.is_known_valid("{ a }", None)
    error = GraphQLError("no")
    invalid = ValidationMemo(size=2, invalid_size=2)
    for text in ("{ x }", "{ y }", "{ z }"):
        invalid.remember(text, None, [error])
    assert invalid.invalid_count == 2 and invalid.recall("{ x }", None) is None
    assert invalid.recall("{ z }", None) == [error] and len(invalid) == 0
    invalid.remember("{ " + "x " * MAX_REMEMBERED_LENGTH + "}", None, [error])  # too long
    assert invalid.invalid_count == 2
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
