"""Parsing and validation leave no reference cycles: a document's garbage is freed by
reference counting, not by the collector's full passes (simulator/limits/short_lived.py)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest
from graphql import FieldsOnCorrectTypeRule, build_schema, parse, validate

from simulator.limits import short_lived
from simulator.limits.parsing import parse_document
from simulator.limits.query_cost import safe_validate
from simulator.limits.short_lived import validate_releasing

SCHEMA = build_schema("type Query { account: Account } type Account { id: ID name: String }")
#: 1,000 unknown fields: graphql-core stops at its 100th error, its abort raised through the
#: visitors; and a valid document of 1,000 aliased fields.
INVALID = "{ account { %s } }" % " ".join(f"u{n}: nope{n}" for n in range(1000))
VALID = "{ account { %s } }" % " ".join(f"a{n}: name" for n in range(1000))


#: Runs a function with the collector off; gives what only the collector could free.
Counter = Callable[[Callable[[], object]], int]


@pytest.fixture
def cyclic_garbage() -> Iterator[Counter]:
    """Run a function with the collector off; count what only the collector could free."""

    def count(work: Callable[[], object]) -> int:
        gc.collect()
        gc.disable()
        try:
            work()
            return gc.collect()
        finally:
            gc.enable()

    yield count


def test_graphql_core_alone_leaves_the_whole_tree_in_cycles(cyclic_garbage: Counter) -> None:
    # What this module is for: without it, thousands of objects per heavy document.
    assert cyclic_garbage(lambda: validate(SCHEMA, parse(INVALID))) > 5000
    assert cyclic_garbage(lambda: validate(SCHEMA, parse(VALID))) > 5000


@pytest.mark.parametrize("text", [INVALID, VALID], ids=["invalid", "valid"])
def test_parsing_and_validating_leave_almost_nothing_to_the_collector(
    cyclic_garbage: Counter, text: str
) -> None:
    # What remains is the visitors' own caches of their bound methods (some 30 visitors),
    # holding no part of the document: a few hundred objects, not a tree of thousands.
    assert cyclic_garbage(lambda: validate_releasing(SCHEMA, parse_document(text))) < 1000
    assert cyclic_garbage(lambda: parse_document(text)) == 0


def test_the_errors_are_graphql_cores_own_without_their_traceback() -> None:
    document = parse_document(INVALID)
    errors = validate_releasing(SCHEMA, document)
    expected = validate(SCHEMA, parse(INVALID))
    assert [e.formatted for e in errors] == [e.formatted for e in expected]
    assert len(errors) == 101 and errors[-1].message.startswith("Too many validation errors")
    assert all(error.__traceback__ is None for error in errors)
    # The endpoint's validator (the bounds, the memo) goes through it too.
    text = INVALID.replace("u0:", "v0:")
    assert cyclic_garbage_of_safe_validate(text) < 1000


def cyclic_garbage_of_safe_validate(text: str) -> int:
    gc.collect()
    gc.disable()
    try:
        safe_validate(SCHEMA, parse_document(text))
        return gc.collect()
    finally:
        gc.enable()


def test_a_rules_instances_work_as_the_rule_and_are_emptied_after() -> None:
    errors = validate_releasing(SCHEMA, parse_document("{ nope }"), [FieldsOnCorrectTypeRule])
    assert [e.message for e in errors] == ["Cannot query field 'nope' on type 'Query'."]
    assert short_lived._made.rules == []
    assert short_lived._releasable(FieldsOnCorrectTypeRule).__name__ == "FieldsOnCorrectTypeRule"
