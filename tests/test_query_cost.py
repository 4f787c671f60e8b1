"""Operation limits (specification section 8.2) as graphql-core validation rules."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest
from graphql import (
    DocumentNode,
    FieldNode,
    GraphQLError,
    NameNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    Source,
    TokenKind,
    build_schema,
    get_introspection_query,
    parse,
    specified_rules,
    validate,
)
from graphql.language import Lexer

from simulator.limits import (
    LIMIT_CODE,
    LIVE_LIMITS,
    SANDBOX_LIMITS,
    OperationCost,
    OperationLimitExceeded,
    OperationLimits,
    bracket_nesting,
    limit_errors,
    measure_document,
    measure_query,
    operation_limit_rules,
    operation_limit_validator,
    parse_document,
    query_cost,
)

SCHEMA = build_schema(
    """
    type Query {
      accounts(first: Int, after: String): AccountConnection!
      account(id: ID!): Account
      chain: Chain
      ping: Boolean
    }
    type Mutation {
      cancelConsent(input: CancelConsentInput!): CancelConsentPayload!
    }
    input CancelConsentInput { consentId: String! }
    type Consent { id: String! }
    type CancelConsentSuccessPayload { consent: Consent! }
    interface Rejection { message: String! }
    type ConsentNotFoundRejection implements Rejection { message: String! consentId: String! }
    union CancelConsentPayload = CancelConsentSuccessPayload | ConsentNotFoundRejection
    type AccountConnection { totalCount: Int! edges: [AccountEdge!]! pageInfo: PageInfo! }
    type AccountEdge { cursor: String! node: Account! }
    type PageInfo { hasNextPage: Boolean! endCursor: String }
    type Account { id: ID! IBAN: String name: String holder: AccountHolder! }
    type AccountHolder { id: ID! accounts(first: Int): AccountConnection! }
    "Recursive, so that documents of any depth validate."
    type Chain { next: Chain value: Int }
    """
)

ALL_RULES = [*specified_rules, *operation_limit_rules(SANDBOX_LIMITS)]


def check(source: str, limits: OperationLimits = SANDBOX_LIMITS) -> list[GraphQLError]:
    """All validation errors: graphql's specified rules plus the limit rules."""
    return validate(SCHEMA, parse(source), [*specified_rules, *operation_limit_rules(limits)])


def limits_of(errors: Sequence[GraphQLError]) -> list[tuple[str, int, int]]:
    """(limit, measured, maximum) of the limit errors, ignoring graphql's own errors."""
    return [
        (e.extensions["limit"], e.extensions["measured"], e.extensions["maximum"])
        for e in errors
        if e.extensions and e.extensions.get("code") == LIMIT_CODE
    ]


def cost(source: str, operation_name: str | None = None) -> OperationCost:
    (single,) = measure_query(source, operation_name)
    return single


def nested(depth: int) -> str:
    """`{ next { next { ... { value } } } }`: a Chain selection set `depth` fields deep."""
    return "{ " + "next { " * (depth - 1) + "value" + " }" * depth


def chain(depth: int) -> str:
    """`{ chain { next { ... { value } } } }` with exactly `depth` nested fields (and braces)."""
    return "{ chain " + nested(depth - 1) + " }"


def wide(fields: int) -> str:
    """`{ account(id: "1") { f1: id f2: id ... } }` counting exactly `fields` fields."""
    aliases = " ".join(f"f{i}: id" for i in range(fields - 1))
    return '{ account(id: "1") { ' + aliases + " } }"


# --- the three specified limits, at their boundaries ------------------------------------------


def test_complexity_1000_passes_and_1001_fails() -> None:
    assert cost(wide(1000)).complexity == 1000
    assert check(wide(1000)) == []

    errors = check(wide(1001))
    assert limits_of(errors) == [("complexity", 1001, 1000)]
    assert len(errors) == 1
    assert errors[0].message == (
        "Anonymous query exceeds the complexity limit: 1001 fields counted, at most 1000 allowed."
    )
    assert errors[0].extensions == {
        "code": "OPERATION_LIMIT_EXCEEDED",
        "limit": "complexity",
        "measured": 1001,
        "maximum": 1000,
    }


def test_depth_15_passes_and_16_fails() -> None:
    assert cost(chain(15)).depth == 15
    assert check(chain(15)) == []
    errors = check("query Deep " + chain(16))
    assert limits_of(errors) == [("depth", 16, 15)]
    assert errors[0].message == (
        "Operation 'Deep' exceeds the depth limit: 16 nested fields, at most 15 allowed."
    )


def test_five_top_level_fields_pass_and_six_fail() -> None:
    five = "{ " + " ".join(f"a{i}: accounts {{ totalCount }}" for i in range(5)) + " }"
    six = "{ " + " ".join(f"a{i}: accounts {{ totalCount }}" for i in range(6)) + " }"
    assert cost(five).top_level_fields == 5
    assert check(five) == []
    errors = check(six)
    assert limits_of(errors) == [("topLevelFields", 6, 5)]
    assert errors[0].message == (
        "Anonymous query exceeds the top-level field limit: 6 top-level fields, at most 5 allowed."
    )


def test_mutation_top_level_fields_are_counted() -> None:
    calls = " ".join(
        f'c{i}: cancelConsent(input: {{consentId: "{i}"}}) {{ __typename }}' for i in range(6)
    )
    errors = check(f"mutation Cancel {{ {calls} }}")
    assert limits_of(errors) == [("topLevelFields", 6, 5)]
    assert errors[0].message.startswith("Operation 'Cancel' exceeds the top-level field limit")


def test_each_exceeded_limit_is_its_own_error() -> None:
    deep = chain(16).removeprefix("{ ").removesuffix(" }")
    source = "{ " + deep + " " + " ".join(f"p{i}: ping" for i in range(1000)) + " }"
    assert limits_of(check(source)) == [
        ("complexity", 1016, 1000),
        ("depth", 16, 15),
        ("topLevelFields", 1001, 5),
    ]


def test_error_points_at_the_operation() -> None:
    (error,) = check("\n\n  query Deep " + chain(16))
    assert error.locations is not None
    assert (error.locations[0].line, error.locations[0].column) == (3, 3)
    assert isinstance(error, OperationLimitExceeded)
    assert (error.limit, error.measured, error.maximum) == ("depth", 16, 15)
    assert error.operation_name == "Deep"


# --- counting rules ----------------------------------------------------------------------------


def test_worked_example_from_the_docs() -> None:
    measured = cost("{ accounts(first: 2) { totalCount edges { node { id IBAN } } } }")
    assert (measured.complexity, measured.depth, measured.top_level_fields) == (6, 4, 1)


def test_aliases_duplicates_and_typename_each_count() -> None:
    measured = cost(
        "{ a: accounts { totalCount } b: accounts { totalCount totalCount __typename } }"
    )
    assert measured.complexity == 6
    assert measured.top_level_fields == 2
    assert cost("{ __typename }").as_dict()["topLevelFields"] == 1


def test_inline_fragments_add_fields_but_no_depth() -> None:
    source = """
    mutation {
      cancelConsent(input: {consentId: "x"}) {
        ... on CancelConsentSuccessPayload { consent { id } }
        ... on Rejection { message ... on ConsentNotFoundRejection { __typename consentId } }
      }
    }
    """
    assert check(source) == []
    measured = cost(source)
    assert (measured.complexity, measured.depth, measured.top_level_fields) == (6, 3, 1)


def test_named_fragment_counts_like_its_fields() -> None:
    inline = "{ accounts { edges { node { id IBAN holder { id } } } } }"
    with_fragment = """
    { accounts { edges { node { ...AccountFields } } } }
    fragment AccountFields on Account { id IBAN holder { id } }
    """
    assert check(with_fragment) == []
    assert dataclasses.replace(cost(with_fragment), fragment_nesting=0) == cost(inline)
    assert cost(with_fragment).fragment_nesting == 1


def test_fragment_spread_three_times_counts_three_times() -> None:
    source = """
    { a: account(id: "1") { ...F } b: account(id: "2") { ...F } c: account(id: "3") { ...F } }
    fragment F on Account { id IBAN name }
    """
    assert cost(source).complexity == 3 + 3 * 3


def test_nested_fragments_add_their_depth_where_spread() -> None:
    source = """
    { chain { ...A } }
    fragment A on Chain { value next { ...B } }
    fragment B on Chain { next { ...C } }
    fragment C on Chain { next { value } }
    """
    assert check(source) == []
    measured = cost(source)
    # chain > next (A) > next (B) > next (C) > value, plus A's value
    assert (measured.complexity, measured.depth, measured.fragment_nesting) == (6, 5, 3)


def test_fragments_at_the_root_count_as_top_level_fields() -> None:
    source = """
    query Q { ...Roots ... on Query { ping } }
    fragment Roots on Query { a: ping b: ping c: ping d: ping e: ping }
    """
    errors = check(source)
    assert limits_of(errors) == [("topLevelFields", 6, 5)]


def test_fragment_depth_boundary() -> None:
    def spread_under_chain(fragment_depth: int) -> str:
        return "{ chain { ...F } } fragment F on Chain " + nested(fragment_depth)

    assert cost(spread_under_chain(14)).depth == 15
    assert check(spread_under_chain(14)) == []
    assert limits_of(check(spread_under_chain(15))) == [("depth", 16, 15)]


def test_exponential_fragments_are_measured_exactly_and_quickly() -> None:
    # Each fragment spreads the next twice: 2**60 leaf fields, measured in linear time.
    levels = 60
    fragments = "\n".join(
        f"fragment F{i} on Chain {{ ...F{i + 1} ...F{i + 1} }}" for i in range(levels)
    )
    source = f"{{ chain {{ ...F0 }} }}\n{fragments}\nfragment F{levels} on Chain {{ value }}"
    measured = cost(source)
    assert measured.complexity == 1 + 2**levels
    assert measured.depth == 2
    assert measured.fragment_nesting == levels + 1


def test_fragment_cycle_terminates_and_graphql_reports_it() -> None:
    source = """
    { chain { ...A } }
    fragment A on Chain { value next { ...B } }
    fragment B on Chain { value ...A }
    """
    errors = check(source)
    assert any("Cannot spread fragment 'A' within itself" in e.message for e in errors)
    assert limits_of(errors) == []
    measured = cost(source)
    assert measured.complexity == 4  # chain, value, next, value: the cycle is cut
    assert measured.depth == 3


def test_fragment_cycle_at_the_root_terminates() -> None:
    source = "{ ...A } fragment A on Query { ping ...B } fragment B on Query { ...A ping }"
    measured = cost(source)
    assert (measured.complexity, measured.top_level_fields) == (2, 2)
    assert any("within itself" in e.message for e in check(source))


def test_unknown_fragment_counts_nothing() -> None:
    source = "{ chain { value ...Missing } }"
    errors = check(source)
    assert [e.message for e in errors] == ["Unknown fragment 'Missing'."]
    assert (cost(source).complexity, cost(source).depth) == (2, 2)


def test_fragment_nesting_cap() -> None:
    def nested_spreads(count: int) -> str:
        fragments = "\n".join(f"fragment F{i} on Chain {{ ...F{i + 1} }}" for i in range(count - 1))
        return f"{{ chain {{ ...F0 }} }}\n{fragments}\nfragment F{count - 1} on Chain {{ value }}"

    assert check(nested_spreads(50)) == []
    assert limits_of(check(nested_spreads(51))) == [("fragmentNesting", 51, 50)]
    unlimited = dataclasses.replace(SANDBOX_LIMITS, max_fragment_nesting=None)
    assert check(nested_spreads(51), unlimited) == []


# --- introspection -----------------------------------------------------------------------------


@pytest.mark.parametrize("all_options", [False, True])
def test_standard_introspection_query_passes_sandbox_limits(all_options: bool) -> None:
    options = dict.fromkeys(
        [
            "descriptions",
            "specified_by_url",
            "directive_is_repeatable",
            "schema_description",
            "input_value_deprecation",
        ],
        all_options,
    )
    source = get_introspection_query(**options)
    assert check(source) == []
    measured = cost(source)
    assert (measured.complexity, measured.depth, measured.top_level_fields) == (0, 0, 1)
    assert 0 < measured.introspection_complexity <= SANDBOX_LIMITS.max_introspection_complexity
    # graphql-core >= 3.2.4 asks for more ofType levels (depth 15, exactly the Sandbox maximum)
    # than 3.2.3 (13): what matters is that the library's own query fits.
    assert 13 <= measured.introspection_depth <= SANDBOX_LIMITS.max_depth


def test_root_introspection_fields_count_as_top_level_fields() -> None:
    source = "{ " + " ".join(f't{i}: __type(name: "Account") {{ name }}' for i in range(5))
    assert check(source + " }") == []
    assert limits_of(check(source + " ping }")) == [("topLevelFields", 6, 5)]


def test_fragment_named_schema_gets_no_exemption() -> None:
    fields = " ".join(f"p{i}: ping" for i in range(1001))
    source = f"{{ ...__schema }} fragment __schema on Query {{ {fields} }}"
    assert limits_of(check(source)) == [("complexity", 1001, 1000), ("topLevelFields", 1001, 5)]
    deep = "{ chain { ...__schema } } fragment __schema on Chain " + nested(15)
    assert cost(deep).depth == 16
    assert limits_of(check(deep)) == [("depth", 16, 15)]


def test_alias_named_schema_gets_no_exemption() -> None:
    source = "{ __schema: " + chain(16).removeprefix("{ ")
    assert check(source.replace("__schema: ", "")) != []
    errors = check(source)
    assert limits_of(errors) == [("depth", 16, 15)]
    assert [e for e in errors if not limits_of([e])] == []  # a valid document otherwise


def test_aliased_introspection_field_keeps_its_exemption() -> None:
    # The name decides, not the alias: this really is introspection.
    measured = cost("{ accounts: __schema { queryType { name } } }")
    assert (measured.complexity, measured.introspection_complexity) == (0, 3)


def test_schema_below_the_root_gets_no_exemption() -> None:
    source = "{ chain { __schema { queryType { name } } } }"
    measured = cost(source)
    assert (measured.complexity, measured.depth, measured.introspection_complexity) == (4, 4, 0)
    assert any("Cannot query field '__schema'" in e.message for e in check(source))


def test_mixed_operation_counts_only_the_ordinary_fields() -> None:
    measured = cost("{ __schema { types { name } } accounts { totalCount } __typename }")
    assert (measured.complexity, measured.depth, measured.top_level_fields) == (3, 2, 3)
    assert (measured.introspection_complexity, measured.introspection_depth) == (3, 3)


def test_introspection_caps() -> None:
    many = "{ __schema { " + " ".join(f"t{i}: types {{ name }}" for i in range(1000)) + " } }"
    assert cost(many).introspection_complexity == 2001
    assert limits_of(check(many)) == [("introspectionComplexity", 2001, 2000)]

    # __type(1) > fields(2) > type(3) > ofType x 28 (4..31) > name(32)
    of_type = "ofType { " * 28 + "name" + " }" * 28
    deep = '{ __type(name: "Account") { fields { type { ' + of_type + " } } } }"
    assert cost(deep).introspection_depth == 32
    assert limits_of(check(deep)) == [("introspectionDepth", 32, 30)]

    uncapped = dataclasses.replace(
        SANDBOX_LIMITS, max_introspection_complexity=None, max_introspection_depth=None
    )
    assert check(many, uncapped) == []
    assert check(deep, uncapped) == []


def test_validator_checks_limits_before_graphql_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    # Doubling fragments inside __schema make graphql-core's MaxIntrospectionDepthRule
    # exponential; the validator must answer from the limits without running graphql's rules.
    levels = 40
    fragments = "\n".join(
        f"fragment F{i} on __Schema {{ ...F{i + 1} ...F{i + 1} }}" for i in range(levels)
    )
    source = (
        f"{{ __schema {{ ...F0 }} }}\n{fragments}\nfragment F{levels} on __Schema {{ __typename }}"
    )

    def must_not_run(*_args: object, **_kwargs: object) -> list[GraphQLError]:
        raise AssertionError("graphql.validate should not run")

    monkeypatch.setattr(query_cost, "validate", must_not_run)
    errors = operation_limit_validator(SANDBOX_LIMITS)(SCHEMA, parse(source), specified_rules)
    assert limits_of(errors) == [("introspectionComplexity", 1 + 2**levels, 2000)]


def test_validator_runs_graphql_rules_when_within_limits() -> None:
    validator = operation_limit_validator(SANDBOX_LIMITS)
    assert validator(SCHEMA, parse(chain(15)), specified_rules) == []
    errors = validator(SCHEMA, parse("{ nope }"), specified_rules)
    assert [e.message for e in errors] == ["Cannot query field 'nope' on type 'Query'."]


# --- deep documents ----------------------------------------------------------------------------


def test_5000_deep_query_gives_a_clean_limit_error() -> None:
    source = chain(5000)
    with pytest.raises(OperationLimitExceeded) as raised:
        parse_document(source)
    assert raised.value.extensions == {
        "code": LIMIT_CODE,
        "limit": "nesting",
        "measured": 5000,
        "maximum": 100,
    }
    with pytest.raises(OperationLimitExceeded):
        measure_query(source)


def test_parse_document_nesting_boundary() -> None:
    assert bracket_nesting(chain(100)) == 100
    assert measure_query(chain(100))[0].depth == 100
    with pytest.raises(OperationLimitExceeded):
        parse_document(chain(101))
    with pytest.raises(GraphQLError, match="Syntax Error"):
        parse_document("{ chain { value }")


def test_bracket_nesting_ignores_strings_and_comments() -> None:
    assert bracket_nesting('{ a(x: "{{{\\"{{") }') == 2
    assert bracket_nesting('{ a(x: """ {{{ \\""" {{ """) } # {{{{{{') == 2
    assert bracket_nesting("{ a(x: [[[1]]], y: {z: {w: 1}}) }") == 5
    assert bracket_nesting("") == 0


def test_parse_document_turns_lexer_crashes_into_syntax_errors() -> None:
    # graphql-core 3.2's lexer raises IndexError on a string ending in a lone backslash.
    with pytest.raises(GraphQLError, match="Syntax Error"):
        parse_document('{ a(x: "\\')


def test_bracket_nesting_agrees_with_the_graphql_lexer() -> None:
    """Exact on documents the lexer reads; never lower on the ones it gives up on."""
    openers = {TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L}
    closers = {TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R}
    pieces = ["{", "}", "[", "]", "(", ")", " a ", '"x{"', '"\\""', '"""b{\\"""{"""', "# c{\n"]
    pieces += ["\n", "\r", '"\\\\"', '""', '""""""', '"""a""""', '"""', '"', "\\", "#", '\\"""']
    rng = random.Random(2)
    for _ in range(3000):
        source = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        lexer, depth, deepest, lexed = Lexer(Source(source)), 0, 0, True
        try:
            while (token := lexer.advance()).kind != TokenKind.EOF:
                if token.kind in openers:
                    depth += 1
                    deepest = max(deepest, depth)
                elif token.kind in closers:
                    depth -= 1
        except Exception:  # GraphQLError, or IndexError from graphql-core 3.2's lexer
            lexed = False
        if lexed:
            assert bracket_nesting(source) == deepest, source
        else:
            assert bracket_nesting(source) >= deepest, source


def test_5000_deep_ast_is_measured_without_recursion() -> None:
    # Built directly, since graphql-core's parser cannot produce it.
    node = FieldNode(name=NameNode(value="value"))
    for _ in range(4999):
        node = FieldNode(
            name=NameNode(value="next"), selection_set=SelectionSetNode(selections=(node,))
        )
    operation = OperationDefinitionNode(
        operation=OperationType.QUERY, selection_set=SelectionSetNode(selections=(node,))
    )
    document = DocumentNode(definitions=(operation,))
    (measured,) = measure_document(document)
    assert (measured.complexity, measured.depth, measured.top_level_fields) == (5000, 5000, 1)
    assert [e.limit for e in limit_errors(document, SANDBOX_LIMITS)] == ["complexity", "depth"]


def test_5000_fragment_chain_is_measured_without_recursion() -> None:
    count = 5000
    fragments = "\n".join(
        f"fragment F{i} on Chain {{ next {{ ...F{i + 1} }} }}" for i in range(count)
    )
    source = f"{{ chain {{ ...F0 }} }}\n{fragments}\nfragment F{count} on Chain {{ value }}"
    measured = cost(source)
    assert (measured.complexity, measured.depth) == (count + 2, count + 2)
    assert measured.fragment_nesting == count + 1


# --- several operations --------------------------------------------------------------------------


MULTI = f"""
query Small {{ ping }}
query Deep {chain(16)}
{{ a: ping b: ping c: ping d: ping e: ping f: ping }}
"""


def test_measure_document_selects_by_operation_name() -> None:
    document = parse(MULTI)
    assert [c.operation_name for c in measure_document(document)] == ["Small", "Deep", None]
    assert [c.depth for c in measure_document(document, "Deep")] == [16]
    assert measure_document(document, "Nope") == []
    assert cost(MULTI, "Small").complexity == 1


def test_validation_reports_every_operation() -> None:
    # Validation covers the whole document, whatever operationName later selects.
    errors = check(MULTI)
    limit_messages = [e.message for e in errors if limits_of([e])]
    assert limit_messages == [
        "Operation 'Deep' exceeds the depth limit: 16 nested fields, at most 15 allowed.",
        "Anonymous query exceeds the top-level field limit: 6 top-level fields, at most 5 allowed.",
    ]
    only_deep = limit_errors(parse(MULTI), SANDBOX_LIMITS, "Deep")
    assert [e.operation_name for e in only_deep] == ["Deep"]


# --- configuration and integration --------------------------------------------------------------


def test_limit_values() -> None:
    assert (
        SANDBOX_LIMITS.max_complexity,
        SANDBOX_LIMITS.max_depth,
        SANDBOX_LIMITS.max_top_level_fields,
    ) == (1000, 15, 5)
    assert (LIVE_LIMITS.max_complexity, LIVE_LIMITS.max_depth) == (10_000, 25)
    assert LIVE_LIMITS.max_top_level_fields == 20
    # Live never refuses what Sandbox accepts.
    for name, value in SANDBOX_LIMITS.as_dict().items():
        live = LIVE_LIMITS.as_dict()[name]
        assert live is None or (value is not None and live >= value)
    assert check(wide(1001), LIVE_LIMITS) == []
    assert limits_of(check(wide(10_001), LIVE_LIMITS)) == [("complexity", 10_001, 10_000)]


def test_limits_are_validated_and_configurable() -> None:
    with pytest.raises(ValueError, match="max_depth"):
        OperationLimits(max_complexity=10, max_depth=0, max_top_level_fields=1)
    with pytest.raises(ValueError, match="max_complexity"):
        OperationLimits(max_complexity=None, max_depth=1, max_top_level_fields=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_top_level_fields"):
        OperationLimits(max_complexity=1, max_depth=1, max_top_level_fields=True)
    custom = OperationLimits.from_mapping({"max_depth": 3, "max_introspection_depth": None})
    assert custom == dataclasses.replace(SANDBOX_LIMITS, max_depth=3, max_introspection_depth=None)
    assert OperationLimits.from_mapping({}, base=LIVE_LIMITS) == LIVE_LIMITS
    with pytest.raises(ValueError, match="unknown operation limit"):
        OperationLimits.from_mapping({"max_dpeth": 3})
    assert limits_of(check(chain(4), custom)) == [("depth", 4, 3)]


def test_rules_are_cached_per_limits() -> None:
    assert operation_limit_rules(SANDBOX_LIMITS) == operation_limit_rules(SANDBOX_LIMITS)
    assert operation_limit_rules(SANDBOX_LIMITS) != operation_limit_rules(LIVE_LIMITS)


def test_validator_spares_ariadne_a_recursion_error() -> None:
    ariadne = pytest.importorskip("ariadne")
    count = 1000  # graphql-core's OverlappingFieldsCanBeMergedRule overflows on this chain
    fragments = "\n".join(f"fragment F{i} on Chain {{ ...F{i + 1} }}" for i in range(count))
    source = f"{{ chain {{ ...F0 }} }}\n{fragments}\nfragment F{count} on Chain {{ value }}"
    success, result = ariadne.graphql_sync(
        SCHEMA, {"query": source}, query_validator=operation_limit_validator(SANDBOX_LIMITS)
    )
    assert not success
    assert [e["extensions"]["limit"] for e in result["errors"]] == ["fragmentNesting"]


def test_rules_work_with_ariadne() -> None:
    ariadne = pytest.importorskip("ariadne")
    success, result = ariadne.graphql_sync(
        SCHEMA,
        {"query": "query Deep " + chain(16)},
        validation_rules=operation_limit_rules(SANDBOX_LIMITS),
    )
    assert not success
    assert result == {
        "errors": [
            {
                "message": (
                    "Operation 'Deep' exceeds the depth limit: 16 nested fields, "
                    "at most 15 allowed."
                ),
                "locations": [{"line": 1, "column": 1}],
                "extensions": {
                    "code": "OPERATION_LIMIT_EXCEEDED",
                    "limit": "depth",
                    "measured": 16,
                    "maximum": 15,
                },
            }
        ]
    }
    success, result = ariadne.graphql_sync(
        SCHEMA,
        {"query": get_introspection_query()},
        validation_rules=operation_limit_rules(SANDBOX_LIMITS),
    )
    assert success
    # Only the name matters: graphql-core 3.3 asks for more fields (`kind`) in the same query.
    assert result["data"]["__schema"]["queryType"]["name"] == "Query"


@pytest.mark.parametrize(
    ("document", "cycle"),
    [
        ("{ a }", False),
        ("{ ...A } fragment A on Query { a }", False),
        ("{ ...A ...B } fragment A on Query { ...B } fragment B on Query { a }", False),
        ("{ ...A } fragment A on Query { ...A }", True),
        ("{ ...A } fragment A on Query { b { ...B } } fragment B on T { c { ...A } }", True),
        ("{ ...A } fragment A on Query { ...Missing }", False),
    ],
)
def test_has_fragment_cycle(document: str, cycle: bool) -> None:
    from simulator.limits.query_cost import has_fragment_cycle

    assert has_fragment_cycle(parse(document)) is cycle


def test_a_long_fragment_chain_has_no_cycle_and_no_recursion() -> None:
    from simulator.limits.query_cost import has_fragment_cycle

    chain = " ".join(f"fragment F{i} on Query {{ ...F{i + 1} }}" for i in range(5000))
    document = parse("{ ...F0 } " + chain + " fragment F5000 on Query { a }")
    assert has_fragment_cycle(document) is False


@pytest.mark.parametrize(
    "module", ["query_cost", "operation_limits", "measure", "parsing", "fragments"]
)
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    imported = importlib.import_module(f"simulator.limits.{module}")
    result = doctest.testmod(imported, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
