"""The validation bound (`limits/overlap.py`): a document that would make graphql-core's
`OverlappingFieldsCanBeMergedRule` compare too many pairs of same-named fields is refused
before the rule runs, with a limit error; legitimate documents never are."""

from __future__ import annotations

import time

import pytest
from graphql import get_introspection_query, parse, specified_rules

from simulator.limits import SANDBOX_LIMITS, operation_limit_validator
from simulator.limits.overlap import MAX_OVERLAP_PAIRS, overlap_pairs
from simulator.server.app import partner_schema
from simulator.widgets import queries

from .conftest import GraphQL


def same_name(count: int) -> str:
    """`count` fields under one response name, alternating `name` and `IBAN`: a 7 KB
    document inside every operation limit (count + 3 fields, depth 4) for 900."""
    fields = " ".join(f"a: {'name' if n % 2 == 0 else 'IBAN'}" for n in range(count))
    return "{ accounts { edges { node { %s } } } }" % fields


def validate(text: str) -> list:
    validator = operation_limit_validator(SANDBOX_LIMITS)
    return validator(partner_schema(), parse(text), specified_rules)


def test_a_quadratic_document_is_refused_at_once_with_a_limit_error() -> None:
    # It took 1.3-6 s of validation (some 400,000 comparisons, each a conflict), every time.
    partner_schema()  # built once per process: not part of the figure
    started = time.perf_counter()
    (error,) = validate(same_name(900))
    assert time.perf_counter() - started < 0.5
    assert error.extensions == {
        "code": "OPERATION_LIMIT_EXCEEDED",
        "limit": "fieldOverlap",
        "measured": 900 * 899 // 2,
        "maximum": MAX_OVERLAP_PAIRS,
    }
    assert error.message == (
        "Anonymous query exceeds the field overlap limit: 404550 pairs of same-named fields "
        "to compare, at most 2000 allowed."
    )


def test_the_bound_counts_fragments_and_nested_fields_where_they_merge() -> None:
    # 40 spreads of a fragment of `a` beside 40 inline `a`s: 80 fields under one name.
    spread = "fragment F on Account { a: name }"
    text = "{ accounts { edges { node { %s %s } } } } %s" % (
        "...F " * 40,
        "... on Account { a: IBAN } " * 40,
        spread,
    )
    assert overlap_pairs(parse(text))[0] == 80 * 79 // 2
    # Two same-named parents merge their children: 2 x 40 `x` under `n.x`.
    inner = " ".join("x: name" for _ in range(40))
    nested = "{ accounts { edges { n: node { %s } n: node { %s } } } }" % (inner, inner)
    assert overlap_pairs(parse(nested))[0] == 1 + 80 * 79 // 2
    # Distinct aliases compare nothing: 900 of them are a valid document.
    distinct = " ".join(f"a{n}: {'name' if n % 2 else 'IBAN'}" for n in range(900))
    assert overlap_pairs(parse("{ accounts { edges { node { %s } } } }" % distinct))[0] == 0


def test_an_unused_fragment_is_bounded_too() -> None:
    # graphql's rule visits every fragment definition on its own, used or not.
    fields = " ".join(f"a: {'name' if n % 2 == 0 else 'IBAN'}" for n in range(300))
    (error,) = validate("{ accounts { totalCount } } fragment Big on Account { %s }" % fields)
    assert error.message.startswith("Fragment 'Big' exceeds the field overlap limit")


@pytest.mark.parametrize(
    "options",
    [{}, {"descriptions": False}, {"specified_by_url": True, "input_value_deprecation": True}],
)
def test_the_standard_introspection_query_is_never_refused(options: dict) -> None:
    document = parse(get_introspection_query(**options))
    assert overlap_pairs(document)[0] == 0
    assert validate(get_introspection_query(**options)) == []


def test_the_simulators_own_documents_are_far_below_the_bound() -> None:
    documents = [value for value in vars(queries).values() if isinstance(value, str)]
    documents = [text for text in documents if text.lstrip().startswith(("query", "mutation"))]
    assert documents
    for text in documents:
        assert overlap_pairs(parse(text))[0] <= 10, text


def test_a_union_read_as_a_front_end_does_passes() -> None:
    # The front-end's heaviest document (157 pairs) selects `__typename`, `id` and a few
    # fields in each member's inline fragment; 30 members of 3 shared fields is 1,305.
    members = " ".join(f"... on T{n} {{ __typename id message }}" for n in range(30))
    assert overlap_pairs(parse("{ node { %s } }" % members))[0] == 3 * 30 * 29 // 2
    assert MAX_OVERLAP_PAIRS >= 3 * 30 * 29 // 2


def test_over_http_the_refusal_is_a_400_and_changes_nothing(sandbox: GraphQL) -> None:
    for _ in range(2):  # the second time from the memo of invalid documents
        started = time.perf_counter()
        response = sandbox.post(same_name(900))
        assert time.perf_counter() - started < 1.0
        assert response.status_code == 400, response.text
        (error,) = response.json()["errors"]
        assert error["extensions"]["limit"] == "fieldOverlap"
    assert sandbox.post("{ accounts { totalCount } }").status_code == 200
